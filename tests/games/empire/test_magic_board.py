"""The magic-school board of «Строительство империи» (pnp/games/empire/render/magic_board.py): the
PDF read back with pdftotext -bbox and compared with the content's schools, in ru and uk."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.components.base import BuildOptions, RenderContext
from pnp.games.empire.render.magic_board import DAMAGE_W, MARGIN, MagicBoardRenderer
from pnp.core.geometry import paper, pt_to_mm

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "render"))
from pdfprobe import Word, not_bundled_fonts, words  # noqa: E402

LANGS = ("ru", "uk")



@pytest.fixture(scope="module")
def boards(game, tmp_path_factory):
    """(lang, paper) -> the PDF's bytes."""
    root = tmp_path_factory.mktemp("magic")
    built = {}
    for lang in LANGS:
        for name in ("a4", "letter"):
            out = root / f"{lang}-{name}"
            files = MagicBoardRenderer().render(game, RenderContext(BuildOptions(lang=lang, paper=name), out))
            playable = sum(s.playable for s in game.battle.magic.schools)
            assert [(f.path, f.kind, f.pages) for f in files] == [(f"empire-{lang}-magic.pdf", "mats", playable)]
            built[lang, name] = (out / files[0].path).read_bytes()
    return built


def _phrase(found: list[Word], phrase: str, after: int = 0) -> int:
    """The index of the first word of `phrase` (consecutive words, a comma, semicolon or full stop after one aside) at or
    after `after`."""
    want = [w.rstrip(",.;") for w in phrase.split()]
    for i in range(after, len(found) - len(want) + 1):
        if [w.text.rstrip(",.;") for w in found[i:i + len(want)]] == want:
            return i
    raise AssertionError(f"«{phrase}» is not on the board")


def _column(word: Word, width: float) -> str:
    """Which of the table's columns a word stands in, by the layout's own widths."""
    half = (width - 2 * MARGIN - DAMAGE_W) / 2
    if word.x1 <= MARGIN + DAMAGE_W:
        return "damage"
    return "destruction" if word.x1 <= MARGIN + DAMAGE_W + half else "blessing"


def _plain(words_in: list[Word]) -> str:
    """Words read in lines, top to bottom, with the hyphenation breaks joined again."""
    lines: list[list[Word]] = []
    for w in sorted(words_in, key=lambda w: (round(w.y0, 0), w.x0)):
        if lines and abs(lines[-1][0].y0 - w.y0) < 1.0:
            lines[-1].append(w)
        else:
            lines.append([w])
    joined = " ".join(" ".join(w.text for w in sorted(line, key=lambda w: w.x0)) for line in lines)
    return re.sub(r"(\w)- (\w)", r"\1\2", joined)


@pytest.mark.parametrize("lang", LANGS)
def test_the_earth_table_read_back_equals_the_content(game, boards, lang):
    """Each level's damage in the «Урон» column, top to bottom from level 7; each spell's name in its
    circle's column inside its level's row (the second of two below the damage, the first above);
    its printed text right under its name."""
    earth = game.battle.magic.school("earth")
    found = words(boards[lang, "a4"], 1)
    width = paper("a4").width
    damage_y = {}
    for lv in earth.levels:
        hits = [w for w in found if w.text == f"+{lv.damage}" and _column(w, width) == "damage"]
        assert len(hits) == 1, (lv.level, hits)
        damage_y[lv.level] = hits[0].cy
        label = game.ui("magic_level", lang, n=lv.level)
        at = _phrase(found, label)
        assert abs(found[at].cy - hits[0].cy) < 8 and found[at].y0 > hits[0].y1  # the level under its damage
    levels = sorted(damage_y)
    assert [damage_y[n] for n in reversed(levels)] == sorted(damage_y.values())  # level 7 at the top
    top, bottom = min(damage_y.values()) - 40, max(damage_y.values()) + 40
    # where each cell's words end: the next name down in the column, or the ritual's row
    starts = {c: sorted(found[_phrase(found, s.name.get(lang))].y0 for lv in earth.levels for s in lv.circle(c))
              + [found[_phrase(found, earth.extras[0].name.get(lang))].y0] for c in ("destruction", "blessing")}
    for lv in earth.levels:
        above = damage_y.get(lv.level + 1, top)
        below = damage_y.get(lv.level - 1, bottom)
        for circle in ("destruction", "blessing"):
            for k, spell in enumerate(lv.circle(circle)):
                name = found[_phrase(found, spell.name.get(lang))]
                assert _column(name, width) == circle, (spell.id, name)
                band = (above, damage_y[lv.level]) if k == 0 else (damage_y[lv.level], below)
                assert band[0] < name.cy < band[1], (spell.id, name.cy, band)
                if spell.text is not None:
                    end = min(y for y in starts[circle] if y > name.y0)
                    cell = [w for w in found if _column(w, width) == circle and name.y1 < w.cy < end]
                    assert _plain(cell) == spell.text.get(lang), spell.id


@pytest.mark.parametrize("lang", LANGS)
def test_hero_spells_the_ritual_and_the_ether_are_printed(game, boards, lang):
    found = words(boards[lang, "a4"], 1)
    magic = game.battle.magic
    earth = magic.school("earth")
    hero_spells = [s for s in earth.spells if s.hero_spell]
    tag = game.ui("magic_hero_spell", lang).split()
    tags = [i for i in range(len(found)) if [w.text for w in found[i:i + len(tag)]] == tag]
    assert len(tags) == len(hero_spells) == 4  # level 2: two spells in each circle
    ritual = earth.extras[0]
    at = _phrase(found, ritual.name.get(lang))
    assert found[at].y0 > max(w.y1 for w in found if w.text == f"+{earth.levels[0].damage}")  # under level 1
    ether = magic.joined[0]
    for spell in ether.spells:
        word = found[_phrase(found, spell.name.get(lang), at)]  # «Портал» also begins «Портал земли»
        assert word.y0 > found[at].y1 and word.text.startswith(spell.name.get(lang))
    tower = game.ui("magic_tower", lang, n=magic.tower_damage).split()[:6]
    assert _phrase(found, " ".join(tower)) < 12
    assert found[0].text + " " + found[1].text + " " + found[2].text == earth.name.get(lang)


def test_one_page_per_playable_school_within_the_margins_in_bundled_fonts(game, boards):
    for (lang, name), pdf in boards.items():
        p = paper(name)
        reader = PdfReader(io.BytesIO(pdf))
        assert len(reader.pages) == 4  # «у каждого игрока будет своя неповторимая школа магии»
        for page, sheet in enumerate(reader.pages, 1):
            box = sheet.mediabox
            assert (round(pt_to_mm(float(box.width)), 1), round(pt_to_mm(float(box.height)), 1)) == (p.width, p.height)
            found = words(pdf, page)
            assert min(w.x0 for w in found) >= MARGIN - 0.5 and max(w.x1 for w in found) <= p.width - MARGIN + 0.5
            assert min(w.y0 for w in found) >= MARGIN - 0.5 and max(w.y1 for w in found) <= p.height - MARGIN + 0.5
        assert not_bundled_fonts(pdf) == []
    unplayable = [s.id for s in game.battle.magic.schools if not s.playable]
    assert unplayable == ["ether"]


@pytest.mark.parametrize("lang", LANGS)
def test_each_school_has_its_board_with_its_own_spells(game, boards, lang):
    """One page per elemental school in the content's order: its name on top, every spell of it
    (levels and ritual) printed on its own page and on no other school's page."""
    schools = [s for s in game.battle.magic.schools if s.playable]
    assert [s.id for s in schools] == ["earth", "water", "fire", "air"]
    for page, school in enumerate(schools, 1):
        found = words(boards[lang, "a4"], page)
        assert _phrase(found, school.name.get(lang)) == 0
        for spell in school.spells:
            _phrase(found, spell.name.get(lang))
        for spell in game.battle.magic.joined[0].spells:  # the ether's spells with their effect, on every board
            _phrase(found, " ".join(spell.text.get(lang).split()[:5]))
        for other in schools:
            if other is not school:
                with pytest.raises(AssertionError):
                    _phrase(found, other.extras[0].name.get(lang))  # the other school's ritual


def test_same_bytes_twice(game, boards, tmp_path):
    files = MagicBoardRenderer().render(game, RenderContext(BuildOptions(lang="uk", paper="a4"), tmp_path))
    assert (tmp_path / files[0].path).read_bytes() == boards["uk", "a4"]
    check = subprocess.run(["qpdf", "--check", str(tmp_path / files[0].path)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout
