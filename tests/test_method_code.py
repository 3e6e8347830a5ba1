"""The dataclasses' methods compiled once and kept (pnp.core.method_code): classes made with the kept code
behave exactly as classes `dataclasses` compiled itself, a second process compiles nothing, and a damaged
or foreign table is compiled again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.core import method_code

ROOT = Path(__file__).resolve().parent.parent

#: classes of every kind pnp declares, and what a program sees of them
_PROBE = """
import sys
if sys.argv[1] == "install":
    from pnp.core import method_code
    method_code.install()
import dataclasses, inspect
from dataclasses import dataclass, field, InitVar
from typing import ClassVar

@dataclass(frozen=True)
class Mark:
    file: str
    line: int = 0
    col: int = 0

@dataclass(frozen=True)
class Card:
    id: str
    tags: tuple = ()
    counts: dict = field(default_factory=dict, compare=False, repr=False)
    mark: Mark = field(default=Mark("?"), compare=False)
    KIND: ClassVar[str] = "card"

@dataclass(frozen=True, kw_only=True, slots=True)
class Slot:
    a: int
    b: str = "x"

@dataclass(order=True)
class Plain:
    x: int
    seed: InitVar[int] = 0
    def __post_init__(self, seed):
        self.x += seed

c = Card("a", ("t",), {"k": 1}, Mark("f", 2, 3))
out = [repr(c), c == Card("a", ("t",)), hash(c) == hash(Card("a", ("t",))), str(inspect.signature(Card)),
       repr(dataclasses.replace(c, id="b")), [f.name for f in dataclasses.fields(Card)], repr(Slot(a=1)),
       Slot(a=1) == Slot(a=1, b="x"), str(inspect.signature(Slot)), repr(Plain(1, 2)), Plain(1) < Plain(2)]
try:
    c.id = "z"
except dataclasses.FrozenInstanceError as exc:
    out.append(f"frozen: {exc}")
try:
    Card()
except TypeError as exc:
    out.append(str(exc))
print(out)
if sys.argv[1] == "install":
    print("compiled" if method_code._TABLE[0].added else "kept", file=sys.stderr)
"""


def _probe(mode: str, cache: Path, **env) -> subprocess.CompletedProcess:
    environ = {**os.environ, "PNP_CACHE_DIR": str(cache), **env}
    if "PNP_NO_CACHE" not in env:
        environ.pop("PNP_NO_CACHE", None)
    done = subprocess.run([sys.executable, "-c", _PROBE, mode], cwd=ROOT, env=environ, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done


def test_kept_code_makes_the_classes_dataclasses_makes(tmp_path):
    plain = _probe("plain", tmp_path / "cache").stdout
    cold = _probe("install", tmp_path / "cache")
    warm = _probe("install", tmp_path / "cache")
    assert cold.stdout == warm.stdout == plain
    assert (cold.stderr, warm.stderr) == ("compiled\n", "kept\n")
    assert "FrozenInstanceError" not in plain and "frozen: cannot assign to field 'id'" in plain


@pytest.mark.parametrize("damage", [b"", b"\x00\x01garbage", b"\xfb" * 64])
def test_a_damaged_table_is_compiled_again(tmp_path, damage):
    plain = _probe("plain", tmp_path / "cache").stdout
    _probe("install", tmp_path / "cache")
    (table,) = (tmp_path / "cache" / method_code.KIND).iterdir()
    table.write_bytes(damage)
    again = _probe("install", tmp_path / "cache")
    assert again.stdout == plain and again.stderr == "compiled\n"


def test_code_of_the_wrong_kind_in_the_table_is_not_run(tmp_path):
    import marshal

    plain = _probe("plain", tmp_path / "cache").stdout
    _probe("install", tmp_path / "cache")
    (table,) = (tmp_path / "cache" / method_code.KIND).iterdir()
    kept = marshal.loads(table.read_bytes())
    table.write_bytes(marshal.dumps({text: "not code" for text in kept}))
    again = _probe("install", tmp_path / "cache")
    assert again.stdout == plain and again.stderr == "compiled\n"


def test_the_table_is_named_by_the_interpreter_that_compiled_it(monkeypatch):
    here = method_code._name()
    monkeypatch.setattr(sys, "version", sys.version + " (another build)")
    assert method_code._name() != here
    monkeypatch.undo()
    monkeypatch.setattr(sys, "flags", type("Flags", (), {"optimize": 2})())
    assert method_code._name() != here


def test_nothing_is_installed_without_the_cache(tmp_path):
    done = subprocess.run([sys.executable, "-c", "import dataclasses; from pnp.core import method_code; "
                           "method_code.install(); print('exec' in vars(dataclasses))"],
                          cwd=ROOT, env={**os.environ, "PNP_NO_CACHE": "1", "PNP_CACHE_DIR": str(tmp_path)},
                          capture_output=True, text=True, timeout=60)
    assert done.stdout == "False\n" and not (tmp_path / method_code.KIND).exists()


def test_the_second_pnp_command_compiles_no_dataclass_method(tmp_path):
    script = ("import sys; from pnp.entry import main; from pnp.core import method_code\n"
              "sys.argv = ['pnp', 'games']\n"
              "try: main()\n"
              "finally: print('compiled' if method_code._TABLE[0].added else 'kept', file=sys.stderr)")
    env = {k: v for k, v in os.environ.items() if k != "PNP_NO_CACHE"}
    env["PNP_CACHE_DIR"] = str(tmp_path)
    runs = [subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                           timeout=60) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0] and runs[0].stdout == runs[1].stdout
    assert [r.stderr.splitlines()[-1] for r in runs] == ["compiled", "kept"]
