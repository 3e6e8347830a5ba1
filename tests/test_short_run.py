"""`pnp check` as a short process (pnp.core.short_run, through the console script pnp.entry): the same
output and exit codes as any command, what is registered to run at exit still runs, and the collector's
threshold is raised for it alone."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.core import short_run

from fontkit import LATIN_CYRILLIC, LICENCE, make_font

ROOT = Path(__file__).resolve().parent.parent

#: the console script, as `pnp` runs it, with an exit hook that reports the collector's threshold
_SCRIPT = """
import atexit, gc, sys
atexit.register(lambda: sys.stderr.write(f"threshold {gc.get_threshold()[0]}\\n"))
from pnp.entry import main
sys.argv = ["pnp", *sys.argv[1:]]
main()
"""


def _pnp(*args: str, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    environ = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-c", _SCRIPT, *args], cwd=ROOT, env=environ, capture_output=True,
                          text=True, timeout=120, **kwargs)


def test_a_clean_check_says_ok_and_exits_0(tmp_path):
    content = tmp_path / "tverdzha.yaml"
    shutil.copyfile(ROOT / "content" / "tverdzha.yaml", content)
    done = _pnp("check", "--content", str(content))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{content}: ok — 21 lands")
    assert done.stderr == f"threshold {short_run.YOUNGEST_THRESHOLD}\n"  # the exit hook ran


def test_a_check_with_problems_prints_them_and_exits_1(tmp_path):
    content = tmp_path / "tverdzha.yaml"
    content.write_text((ROOT / "content" / "tverdzha.yaml").read_text(encoding="utf-8") + "lands: 3\n",
                       encoding="utf-8")
    done = _pnp("check", "--content", str(content), "--format", "json")
    assert done.returncode == 1
    assert '"code": "duplicate-key"' in done.stdout and done.stdout.rstrip().endswith("}")


def test_a_usage_error_is_one_line_and_exits_2(tmp_path):
    done = _pnp("check", "--content", str(tmp_path / "absent.yaml"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[0] == f"pnp: no content file at {tmp_path / 'absent.yaml'}"


def test_a_reader_that_stops_early_ends_the_check_quietly(tmp_path):
    content = tmp_path / "tverdzha.yaml"
    content.write_text((ROOT / "content" / "tverdzha.yaml").read_text(encoding="utf-8") + "lands: 3\n",
                       encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-c", _SCRIPT, "check", "--content", str(content)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # `pnp check | true`
    stderr = proc.stderr.read().decode()
    assert proc.wait(timeout=120) in (0, 1, 141) and "Traceback" not in stderr and "Exception ignored" not in stderr


def test_the_private_scratch_folder_is_removed_at_the_end(tmp_path):
    """A designer's font is copied into the process's scratch folder (pnp.core.private), which the exit
    hooks remove: the short exit runs them."""
    folder = tmp_path / "game"
    (folder / "fonts").mkdir(parents=True)
    (folder / "fonts" / "Test.ttf").write_bytes(make_font(tmp_path, LATIN_CYRILLIC))
    (folder / "fonts" / "OFL.txt").write_text(LICENCE, encoding="utf-8")
    text = (ROOT / "content" / "tverdzha.yaml").read_text(encoding="utf-8")
    (folder / "tverdzha.yaml").write_text(
        text + "fonts:\n  sans-bold: {file: fonts/Test.ttf, licence: fonts/OFL.txt}\n", encoding="utf-8")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    done = _pnp("check", "--content", str(folder / "tverdzha.yaml"), env={"TMPDIR": str(scratch), "PNP_NO_CACHE": "1"})
    # the subset font lacks the content's dashes: problems, so the font was copied and used
    assert done.returncode == 1 and "has no glyph in Pnp Test Sans" in done.stdout, done.stdout + done.stderr
    assert list(scratch.iterdir()) == []


def test_other_commands_keep_pythons_own_threshold():
    done = _pnp("games")
    assert done.returncode == 0 and done.stderr == "threshold 700\n"


@pytest.mark.parametrize(("code", "status"), [(None, 0), (0, 0), (1, 1), (2, 2), (130, 130), ("bye", 1)])
def test_the_status_is_sys_exits(code, status, capsys):
    assert short_run._status(code) == status
    assert capsys.readouterr().err == ("bye\n" if code == "bye" else "")
