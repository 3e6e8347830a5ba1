"""The build-level corpus (tests/cases_build/): every case through `pnp build`.

What `pnp check` accepts, `pnp build` builds: each case is content that once passed the
check and then crashed the build or printed the wrong thing. A case expects exit 0 (and
words the PDFs must print, read back with pdftotext) or exit 1 with a problem at a given
line; never exit 70, never a traceback, and never more than 1 GB of memory. See
tests/cases_build/README.md.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import casekit

ROOT = Path(__file__).resolve().parent.parent  # the checkout: subprocesses import pnp from here

CASES = Path(__file__).parent / "cases_build"
#: a build's memory bound (1 GB): content that would need more must be refused at its line
MEMORY = 1 << 30


def _bounded() -> None:
    """In the build's process, before it starts: its address space capped at MEMORY."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


PROBLEM_LINE = re.compile(r"^.+?:(?P<line>\d+):(?P<col>\d+): (?P<level>error|warning|info): .+ \[(?P<code>[a-z0-9-]+)\]$")


def _read(name: str) -> tuple[int, list[str], list[tuple[str, str]], list[str], list[str]]:
    """(exit code, build arguments, expected problems (where, code), words the PDFs print, words they must not)."""
    code, args, problems, prints, omits = 1, ["--only", "cards"], [], [], []
    for raw in (CASES / f"{name}.expect").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "exit":
            code = int(rest)
        elif word == "args":
            args = rest.split()
        elif word == "prints":
            prints.append(rest)
        elif word == "omits":
            omits.append(rest)
        else:
            problems.append((word, rest.split()[0]))
    return code, args, problems, prints, omits


def _printed(out: Path) -> str:
    """Every word of every PDF built, whitespace collapsed (lines joined)."""
    pdfs = sorted(out.rglob("*.pdf"))
    assert pdfs, f"no PDF in {out}"
    text = " ".join(subprocess.run(["pdftotext", str(p), "-"], capture_output=True, text=True, check=True).stdout for p in pdfs)
    return " ".join(text.split())


@pytest.mark.parametrize("name", casekit.case_names(CASES))
def test_build_case(name: str, tmp_path: Path):
    code, args, problems, prints, omits = _read(name)
    spec = yaml.safe_load((CASES / f"{name}.patch").read_text(encoding="utf-8"))
    doc = casekit.apply(casekit.shipped(name).read_text(encoding="utf-8"), spec["edits"])
    content = tmp_path / "game.yaml"
    content.write_text(doc.text, encoding="utf-8")
    out = tmp_path / "out"
    env = dict(os.environ, PYTHONPATH=str(ROOT), TMPDIR=str(tmp_path))
    proc = subprocess.run([sys.executable, "-m", "pnp.cli", "build", "--content", str(content), "--out", str(out), *args],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300, preexec_fn=_bounded)
    output = proc.stdout + proc.stderr
    assert "Traceback" not in output and "internal error" not in output, output
    assert proc.returncode == code, output
    reported = [m.groupdict() for m in map(PROBLEM_LINE.match, proc.stderr.splitlines()) if m]
    for where, problem in problems:
        line, _ = casekit.resolve(where, doc)
        assert any(p["code"] == problem and int(p["line"]) == line for p in reported), \
            f"expected [{problem}] at line {line} ({where}); got:\n{output}"
    if prints or omits:
        printed = _printed(out)
        for words in prints:
            assert " ".join(words.split()) in printed, f"{words!r} is not printed in the built PDFs"
        for words in omits:
            assert " ".join(words.split()) not in printed, f"{words!r} is printed in the built PDFs"


def test_every_build_case_has_a_patch():
    expects = set(casekit.case_names(CASES))
    assert expects == {p.relative_to(CASES).with_suffix("").as_posix() for p in CASES.glob("**/*.patch")}
    assert len(expects) >= 10
