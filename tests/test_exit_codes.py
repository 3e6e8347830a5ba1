"""The exit-code contract: every case of tests/exit_codes.yaml as a real subprocess, and every
row of the README's "Exit codes" table covered by at least one case with that row's code."""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from processes import child_pids

from pnp.cli import main

ROOT = Path(__file__).resolve().parent.parent
CASES = yaml.safe_load((Path(__file__).parent / "exit_codes.yaml").read_text(encoding="utf-8"))
ROW = re.compile(r"^\| `(?P<code>\d+)` \| `(?P<row>[a-z-]+)` \|")
SHIMS = {
    "cairo-missing": "raise OSError('no library called \"cairo-2\" was found\\nno library called \"cairo\" was found')\n",
    "fault": "raise RuntimeError('injected fault')\n",
}


def readme_rows() -> dict[str, int]:
    rows = {}
    for line in (ROOT / "docs" / "commands.md").read_text(encoding="utf-8").splitlines():
        if m := ROW.match(line):
            rows[m["row"]] = int(m["code"])
    return rows


def test_every_row_of_the_readme_table_has_a_case():
    rows = readme_rows()
    assert {"ok", "content", "usage", "internal", "interrupted", "terminated"} <= set(rows)
    assert {case["row"] for case in CASES} == set(rows)
    assert len({case["name"] for case in CASES}) == len(CASES)


def _mount(path: Path, step: dict) -> bool:
    path.mkdir()
    options = ",".join(filter(None, [step.get("options"), f"size={step.get('size', '64k')}"]))
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)],
                          capture_output=True).returncode == 0


def _setup(case: dict, tmp: Path, mounts: list[Path]) -> None:
    for step in case.get("setup", ()):
        if "mkdir" in step:
            (tmp / step["mkdir"]).mkdir(parents=True)
        elif "file" in step:
            (tmp / step["file"]).write_text(step["text"], encoding="utf-8")
        elif "fifo" in step:
            os.mkfifo(tmp / step["fifo"])
        elif "content" in step:
            shutil.copy(ROOT / "content" / "tverdzha.yaml", tmp / step["content"])
        elif "tmpfs" in step:
            if not _mount(tmp / step["tmpfs"], step):
                pytest.skip("mounting a tmpfs is not allowed here")
            mounts.append(tmp / step["tmpfs"])
        else:
            raise AssertionError(f"unknown setup step {step}")


def _env(case: dict, shim_root: Path) -> dict[str, str]:
    path = [str(ROOT)]
    if "shim" in case:
        package = shim_root / "cairocffi"
        package.mkdir(parents=True)
        (package / "__init__.py").write_text(SHIMS[case["shim"]])
        path.insert(0, str(shim_root))
    return {**os.environ, **case.get("env", {}), "PYTHONPATH": os.pathsep.join(path), "TMPDIR": str(shim_root)}


def _signal_when_working(proc: subprocess.Popen, name: str) -> None:
    """Like Ctrl-C (the process group) or kill (the process), once both workers run."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if len(child_pids(proc.pid)) >= 2:
            time.sleep(0.3)
            signum = getattr(signal, name)
            os.killpg(proc.pid, signum) if signum == signal.SIGINT else proc.send_signal(signum)
            return
        time.sleep(0.02)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case(case: dict, tmp_path: Path):
    code = readme_rows()[case["row"]]
    tmp, shim_root = tmp_path / "work", tmp_path / "shim"
    tmp.mkdir()
    shim_root.mkdir()
    mounts: list[Path] = []
    try:
        _setup(case, tmp, mounts)
        proc = subprocess.Popen([sys.executable, "-m", "pnp.cli", *case["args"]], cwd=tmp,
                                env=_env(case, shim_root), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
        if "signal" in case:
            _signal_when_working(proc, case["signal"])
        if case.get("stdout") == "closed":  # the reader went away before the command wrote
            proc.stdout.close()
            proc.stdout = None
        try:
            stdout, stderr = proc.communicate(timeout=300)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            raise
        stdout = stdout or ""
        assert proc.returncode == code, stdout + stderr
        assert "Traceback" not in stdout + stderr, stderr
        assert re.search(case["stderr"], stderr.rstrip("\n")), stderr
        if code not in (0, 1, 141):  # a closed pipe ends quietly
            assert len(stderr.splitlines()) == 1, stderr
        for folder, names in case.get("leaves", {}).items():
            assert sorted(os.listdir(tmp / folder)) == sorted(names)
    finally:
        for mount in mounts:
            subprocess.run(["umount", str(mount)], check=False)


def test_disk_full_inside_a_renderer_is_an_environment_error(fake_renderers, tmp_path):
    """The same as the tmpfs case, by injection, where no file system can be mounted."""
    fake_renderers["fail"] = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(tmp_path / "sub" / "two.txt"))
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"pnp: {tmp_path / 'sub' / 'two.txt'}: No space left on device (free some space and run it again)\n"
    assert sorted(os.listdir(tmp_path)) == [".pnp-build.lock"]
