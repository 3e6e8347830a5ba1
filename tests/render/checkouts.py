"""Test helpers: copies of this checkout, and running pnp in a separate process.

A copy holds what installing or running pnp reads (the package, the bundled folders,
pyproject.toml and the README it names), not the tests, docs or any build output.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parents[2]
SOURCE = ("pyproject.toml", "README.md", "pnp", "content", "templates", "fonts")


def copy_checkout(dest: Path) -> Path:
    dest.mkdir(parents=True)
    for name in SOURCE:
        source = CHECKOUT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        else:
            shutil.copy2(source, dest / name)
    return dest


def pnp_env(tmpdir: Path, pythonpath: Path | None = None, **extra: str) -> dict[str, str]:
    """The environment for a pnp process: its own TMPDIR, and PYTHONPATH only if given."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "SOURCE_DATE_EPOCH")}
    env["TMPDIR"] = str(tmpdir)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    env.update(extra)
    return env


def pnp_command(*args: str) -> list[str]:
    return [sys.executable, "-m", "pnp.cli", *args]


def run(command: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
