"""The printed creature decks (`empire-<lang>-creature-cards.pdf`): every race's cards as the content
lists them, poker size with bleed, each sheet followed by its duplex backs, the strike mark large."""

from __future__ import annotations

import re
import subprocess
from collections import Counter

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.games.empire.render.forms import roman
from pnp.print.imposition import fit_grid
from sheetkit import page_words

LANGS = ("ru", "uk")
PT_PER_MM = 72 / 25.4


@pytest.fixture(scope="module")
def kits(tmp_path_factory):
    out = tmp_path_factory.mktemp("creatures")
    for lang in LANGS:
        done = CliRunner().invoke(main, ["build", "--game", "empire", "--lang", lang, "--only", "creature-cards",
                                         "--out", str(out)])
        assert done.exit_code == 0, done.output
    return out


def pdf(kits, lang):
    return kits / lang / f"empire-{lang}-creature-cards.pdf"


def page_texts(path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    return text.split("\f")[:-1]


@pytest.mark.parametrize("lang", LANGS)
def test_every_race_deck_is_printed_with_its_strike_marks(kits, game, lang):
    pages = page_texts(pdf(kits, lang))
    fronts = [p for p in pages if re.search(r"(лицо|лице)", p)]
    backs = [p for p in pages if re.search(r"(оборот|зворот)", p)]
    assert len(fronts) == len(backs) and len(pages) == 2 * len(fronts)  # every sheet followed by its backs
    total = sum(len(d.strikes) for d in game.creature_decks)
    assert len(fronts) == sum(-(-len(d.strikes) // 9) for d in game.creature_decks)  # 3 x 3 a sheet, a race a run
    printed = Counter()
    for page in fronts:
        for c in (c for d in game.creature_decks for c in d.creatures):
            name = c.name.get(lang)  # a title; the race's name stands before « · » on every card
            printed[name] += len(re.findall(rf"{re.escape(name)}(?! ·)", page))
    want = Counter()
    for d in game.creature_decks:
        for c in d.creatures:
            want[c.name.get(lang)] += len(c.strikes)
    assert printed == want and sum(want.values()) == total
    no_mark = game.ui("creature_no_strike", lang)
    assert sum(p.count(no_mark) for p in fronts) == sum(d.strikes.count(0) for d in game.creature_decks)
    assert all(game.title.get(lang) in p for p in backs)


def test_the_strike_mark_is_large_and_the_card_is_poker_size_with_bleed(kits, game):
    path = pdf(kits, "ru")
    # the first sheet's faces: the Люди's pikemen 1-7 and archers 1-2, each mark its own word
    html = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    marks = [(float(m.group(2)) - float(m.group(1))) / PT_PER_MM
             for m in re.finditer(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([1-7])</word>', html)]
    big = [h for h in marks if h > 10]  # the sheet label's page numbers are small
    # the marks' type box at least 25 mm (about 70 pt: the digit itself some 17 mm) reads across the table
    assert len(big) == 9 and min(big) >= 25
    # poker size: the marks stand one card apart, 63 mm across and 88 mm down
    at = sorted({(round(float(m.group(1)), 1), round(float(m.group(2)), 1)) for m in re.finditer(
        r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">[1-7]</word>', html) if float(m.group(2)) > 100})
    xs, ys = sorted({x for x, _ in at}), sorted({y for _, y in at})
    spec = game.print.card
    assert (spec.width, spec.height) == (63, 88) and spec.bleed > 0
    assert all(abs((b - a) / PT_PER_MM - spec.width) < 0.1 for a, b in zip(xs, xs[1:])) and len(xs) == 3
    assert all(abs((b - a) / PT_PER_MM - spec.height) < 0.1 for a, b in zip(ys, ys[1:])) and len(ys) == 3


@pytest.fixture(scope="module")
def taverns(tmp_path_factory):
    out = tmp_path_factory.mktemp("heroes")
    for lang in LANGS:
        done = CliRunner().invoke(main, ["build", "--game", "empire", "--lang", lang, "--only", "hero-cards",
                                         "--out", str(out)])
        assert done.exit_code == 0, done.output
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_every_race_hero_is_printed_with_its_ability_and_skill(taverns, game, lang):
    """Each race's tavern, a sheet of nine: the number, the name, what the hero adds in words (as the
    rulebook says it), the damage every hero deals itself, the mentor's and the mage's skills; each sheet
    followed by its backs."""
    from pnp.games.empire.render.battle_words import ability_words

    pages = page_texts(taverns / lang / f"empire-{lang}-hero-cards.pdf")
    assert len(pages) == 2 * len(game.races)
    for race, front, back in zip(game.races, pages[::2], pages[1::2]):
        flat = " ".join(front.split())
        for h in race.heroes:
            assert f"№{h.number}" in flat and h.name.get(lang) in flat, h.id
            assert " ".join(ability_words(game, h, lang).split()) in flat, h.id
        assert flat.count(game.ui("hero_skill_blessing", lang, n=game.economy.skill_bonus)) == 1
        assert flat.count(game.ui("hero_skill_magic_strike", lang, n=game.economy.skill_bonus)) == 1
        # every hero's own damage (3.2.5), which «урон героя ×2» multiplies: «Сам наносит 2 урона»
        own = game.ui("hero_own_attack", lang, n=game.economy.hero_attack)
        assert flat.count(own) == len(race.heroes) and str(game.economy.hero_attack) in own, own
        assert back.count(game.ui("hero_card", lang)) == len(race.heroes)


def _headers(path) -> list[str]:
    """Each page's sheet label, the line that ends with the page's side."""
    return [next(line.strip() for line in page.splitlines() if re.search(r"· (лицо|оборот|лице|зворот)\s*$", line))
            for page in page_texts(path)]


@pytest.mark.parametrize("lang", LANGS)
def test_every_creature_sheet_names_its_race_and_counts_that_races_sheets(kits, game, lang):
    """Four decks of the same backs' shape: each sheet's label says whose deck it is, and «лист 1 из 4» counts
    that race's sheets, so the printed sheets sort by race."""
    want = []
    for deck in game.creature_decks:
        race = next(r.name.get(lang) for r in game.races if r.id == deck.race)
        sheets = -(-len(deck.strikes) // 9)
        for i in range(1, sheets + 1):
            page = game.ui("print_page", lang, page=i, pages=sheets)
            want += [f"{game.ui('kit_creature_cards', lang, race=race)} · {page} · {game.ui(side, lang)}"
                     for side in ("print_front", "print_back")]
    assert _headers(pdf(kits, lang)) == want
    assert want[0].startswith("Карты существ: Люди · лист 1 из 4" if lang == "ru" else "Карти істот: Люди · аркуш 1 з 4")


@pytest.mark.parametrize("lang", LANGS)
def test_every_hero_sheet_names_its_race(taverns, game, lang):
    """Not «лист 1 из 1» four times: each tavern's sheet says whose it is."""
    headers = _headers(taverns / lang / f"empire-{lang}-hero-cards.pdf")
    page = game.ui("print_page", lang, page=1, pages=1)
    assert headers == [f"{game.ui('kit_hero_cards', lang, race=r.name.get(lang))} · {page} · {game.ui(side, lang)}"
                       for r in game.races if r.heroes for side in ("print_front", "print_back")]
    assert len(set(headers)) == len(headers)


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_hero_name_keeps_clear_of_its_number_tab_and_the_panels_edge(taverns, game, lang):
    """«Приборкувачка гідр», «Первосвященник»: a name set as wide as its box stood against the number's tab and
    the panel's edge. Its box keeps 1.5 mm from the tab (13 mm wide) and 1 mm inside the safe zone."""
    spec = game.print.card
    grid = fit_grid("a4", (spec.width, spec.height), spec.bleed)
    path = taverns / lang / f"empire-{lang}-hero-cards.pdf"
    measured = 0
    for page in range(1, 2 * len(game.races), 2):
        words = page_words(path, page)
        for row in range(grid.rows):
            for col in range(grid.cols):
                cell = grid.cell(row, col)
                band = [(w, b) for w, b in words if cell.x < b.cx < cell.right and cell.y + spec.safe < b.cy < cell.y + 15]
                title = [b for w, b in band if not w.startswith("№")]
                assert title, (page, row, col)
                assert min(b.x for b in title) >= cell.x + spec.safe + 14.0, (page, [w for w, _ in band])
                assert max(b.right for b in title) <= cell.right - spec.safe - 0.8, (page, [w for w, _ in band])
                measured += 1
    assert measured == sum(len(r.heroes) for r in game.races)
