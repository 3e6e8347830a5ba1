"""Fitted texts kept (pnp.typeset.fit_memo): an answer from the table is the answer a fresh fit gives,
everything a fit depends on tells two fits apart, and the table kept between checks makes a check
after an edit set only the edited texts, with the same report as a check that keeps nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pnp.art import icons
from pnp.content import default_content
from pnp.core import typography
from pnp.typeset import fit_memo, fonts, iconwords, richtext

ROOT = Path(__file__).resolve().parent.parent
TEXT = "Перед бомбардуванням переклади 1 [die] до сховища й отримай 2 [wood] за кожну вежу."
ARGS = (42.0, 18.0, "sans", 9.0, 7.0, "left", 1.2)


@pytest.fixture
def fresh(monkeypatch):
    """An empty table; every fit set anew is counted."""
    monkeypatch.setattr(fit_memo, "_TABLE", {})
    set_anew: list[tuple] = []
    compute = richtext._fit
    monkeypatch.setattr(richtext, "_fit", lambda *args: set_anew.append(args) or compute(*args))
    return set_anew


def _fit(text: str = TEXT, lang: str = "uk", args: tuple = ARGS) -> richtext.FitResult:
    with typography.using(lang):
        return richtext.fit(text, *args)


def test_a_kept_fit_is_the_fit(fresh):
    first = _fit()
    fit_memo._TABLE.clear()
    assert _fit() == first  # set anew: the same lines, size and overflow
    again = _fit()
    assert again is fit_memo._TABLE[next(iter(fit_memo._TABLE))] and len(fresh) == 2


@pytest.mark.parametrize("other", [
    {"lang": "ru"},  # the language's hyphenation and ties
    {"text": TEXT.replace("[wood]", "[stone]")},  # an icon
    {"args": (41.0, *ARGS[1:])},  # the box
    {"args": (*ARGS[:2], "serif", *ARGS[3:])},  # the face
    {"args": (*ARGS[:4], 8.0, *ARGS[5:])},  # the smallest size
])
def test_what_a_fit_depends_on_sets_it_anew(fresh, other):
    _fit()
    _fit(**other)
    assert len(fresh) == 2


def test_what_an_icon_says_sets_it_anew(fresh):
    """The words an icon says in the text layer are in the lines a fit returns."""
    _fit()
    with iconwords.speaking(iconwords.IconWords("uk", names={"wood": "дерево"})):
        spoken = _fit()
    assert len(fresh) == 2 and "дерево" in repr(spoken.lines)


def test_a_designers_font_in_a_role_sets_it_anew(fresh, tmp_path):
    _fit()
    font = tmp_path / "narrow.ttf"
    font.write_bytes(fonts.FACES["narrow"].path.read_bytes())  # another font file in the role of "sans"
    named = [type("Named", (), {"role": "sans", "path": str(font), "sha256": _sha(font)})()]
    with fonts.designer_fonts(named):
        narrow = _fit()
    assert len(fresh) == 2
    assert narrow != _fit() and len(fresh) == 2  # the bundled face's fit found again


def test_an_icon_drawn_anew_sets_it_anew(fresh, monkeypatch):
    _fit()
    art = icons.art
    monkeypatch.setattr(icons, "art", lambda name: art("grain") if name == "wood" else art(name))
    _fit()
    assert len(fresh) == 2


def _sha(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- kept between checks ---------------------------------------------------------------------------------

EFFECT = 'text: {uk: "+{amount} до кожного твого кидка [die~gen]."}'
LONG = ("Якщо тобі завдали 2 або більше влучань, скасуй 1 з них, а потім ще раз перевір, чи не лишилося "
        "влучань, і так доти, доки суперник не погодиться, що бій закінчено. ") * 3


@pytest.fixture
def cache(monkeypatch, tmp_path):
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / fit_memo.KIND


def _check(path: Path, env: dict[str, str]) -> subprocess.CompletedProcess:
    """`pnp check` in a process of its own (its table starts empty), counting the texts it set."""
    script = ("import sys\nfrom pnp.typeset import richtext\ncompute = richtext._fit\nset_anew = []\n"
              "richtext._fit = lambda *a: set_anew.append(a) or compute(*a)\nfrom pnp.cli import main\n"
              "try:\n    main(['check', '--content', sys.argv[1]])\n"
              "except SystemExit as exit:\n    print('set anew:', len(set_anew)); sys.exit(exit.code)\n")
    return subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True, env=env,
                          cwd=ROOT)


def test_a_check_after_an_edit_sets_only_the_edited_text(cache, tmp_path):
    import os

    env = {**os.environ}
    content = tmp_path / "game" / "tverdzha.yaml"
    content.parent.mkdir()
    shipped = default_content().read_text(encoding="utf-8")
    assert EFFECT in shipped
    content.write_text(shipped, encoding="utf-8")
    first = _check(content, env)
    assert first.returncode == 0, first.stdout + first.stderr
    assert int(first.stdout.rsplit("set anew: ", 1)[1]) > 100 and len(list(cache.iterdir())) == 1

    content.write_text(shipped.replace(EFFECT, f'text: {{uk: "{LONG}"}}'), encoding="utf-8")
    edited = _check(content, env)
    plain = _check(content, {**env, "PNP_NO_CACHE": "1"})
    assert edited.returncode == plain.returncode == 1
    report = edited.stdout.rsplit("set anew: ", 1)[0]
    assert report == plain.stdout.rsplit("set anew: ", 1)[0] and "[text-overflow]" in report
    assert 0 < int(edited.stdout.rsplit("set anew: ", 1)[1]) <= 4  # the edited text, at each size it is tried in


def test_a_damaged_table_is_set_anew(cache, tmp_path, monkeypatch, fresh):
    with fit_memo.kept("test"):
        _fit()
    (table,) = cache.iterdir()
    table.write_bytes(b"\x80\x05not a pickle")
    monkeypatch.setattr(fit_memo, "_TABLE", {})
    monkeypatch.setattr(fit_memo, "_READ", set())
    with fit_memo.kept("test"):
        assert _fit() == _fit()
    assert len(fresh) == 2
    monkeypatch.setattr(fit_memo, "_TABLE", {})
    monkeypatch.setattr(fit_memo, "_READ", set())
    with fit_memo.kept("test"):
        _fit()  # read from the table written anew
    assert len(fresh) == 2


def test_no_table_without_the_cache(monkeypatch, tmp_path, fresh):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    with fit_memo.kept("test"):  # PNP_NO_CACHE, as in every test
        _fit()
    assert not (tmp_path / "cache").exists()
