"""The bad-input corpus (tests/cases/): every case through `pnp check`, one parametrised test.

Each case has a `.expect` sidecar (exit code, extra arguments, expected problems) and a
source: a `.patch` applied to the shipped content, a full `.yaml` file, or a generator
below (for files too big or too binary to commit). See tests/cases/README.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

import casekit
from pnp.cli import main
from pnp.content import default_content

CASES = Path(__file__).parent / "cases"
PROBLEM_LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<level>error|warning|info): (?P<message>.+) \[(?P<code>[a-z0-9-]+)\]$")


def _binary(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 64)


def _big(path: Path) -> None:
    """The real content followed by 50 MB of comment lines: valid YAML, far too big."""
    line = b"# " + b"x" * 97 + b"\n"
    with path.open("wb") as f:
        f.write(default_content().read_bytes())
        f.write(line * (50 * 1024 * 1024 // len(line) + 1))


def _directory(path: Path) -> None:
    path.mkdir()


GENERATED = {
    "binary": _binary,
    "huge_50mb": _big,
    "missing_file": lambda path: None,
    "directory": _directory,
}


def _source(name: str, tmp_path: Path) -> tuple[Path, casekit.Patched | None]:
    target = tmp_path / casekit.shipped(name).name
    patch, full = CASES / f"{name}.patch", CASES / f"{name}.yaml"
    if patch.exists():
        spec = yaml.safe_load(patch.read_text(encoding="utf-8"))
        doc = casekit.apply(casekit.shipped(name).read_text(encoding="utf-8"), spec["edits"])
        target.write_text(doc.text, encoding="utf-8")
        return target, doc
    if full.exists():
        target.write_bytes(full.read_bytes())
        return target, None
    assert name in GENERATED, f"case {name}: no {name}.patch, no {name}.yaml and no generator"
    GENERATED[name](target)
    return target, None


def test_every_case_has_a_source_and_the_corpus_is_big_enough():
    names = casekit.case_names(CASES)
    assert len(names) >= 30
    for name in names:
        sources = [(CASES / f"{name}.patch").exists(), (CASES / f"{name}.yaml").exists(), name in GENERATED]
        assert sum(sources) == 1, name
    sources = [p.relative_to(CASES).with_suffix("").as_posix() for p in (*CASES.glob("**/*.patch"), *CASES.glob("**/*.yaml"))]
    orphans = set(sources) | set(GENERATED)
    assert orphans <= set(names), f"case files without a .expect: {sorted(orphans - set(names))}"


@pytest.mark.parametrize("name", casekit.case_names(CASES))
def test_case(name: str, tmp_path: Path):
    expect = casekit.read_expect(CASES / f"{name}.expect")
    path, doc = _source(name, tmp_path)
    result = CliRunner().invoke(main, ["check", "--content", str(path), *expect.args])
    output = result.output
    assert "Traceback" not in output and "internal error" not in output, output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == expect.exit, output
    problems = [m.groupdict() for m in map(PROBLEM_LINE.match, result.stdout.splitlines()) if m]
    assert not any(p["code"] == "check-crashed" for p in problems), output
    for where, code, level in expect.problems:
        line, col = casekit.resolve(where, doc)
        hits = [p for p in problems if p["code"] == code and int(p["line"]) == line and (col is None or int(p["col"]) == col)]
        assert hits, f"expected [{code}] at line {line}{f':{col}' if col else ''} ({where}); got:\n{output}"
        if level:
            assert any(p["level"] == level for p in hits), output
    if expect.exit == 1:
        assert problems, output
        assert result.stdout.rstrip().splitlines()[-1].endswith(("warning", "warnings", "(--strict: warnings fail)")), output
    if expect.exit == 2:
        assert result.stderr.strip().startswith(("pnp:", "Usage:")), output


def test_shipped_content_passes():
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code == 0, result.output
    assert re.fullmatch(r"\S+tverdzha\.yaml: ok — 21 lands, 18 buildings \(36 cards\) \+ 18 upgrades \(36 cards\), "
                        r"16 battle card types \(40 cards\), 0 warnings\n", result.stdout), result.stdout


def test_shipped_content_passes_strict_in_a_subprocess():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "pnp.cli", "check", "--strict"], capture_output=True, text=True, cwd=default_content().parent.parent)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("content/tverdzha.yaml: ok — 21 lands"), proc.stdout
