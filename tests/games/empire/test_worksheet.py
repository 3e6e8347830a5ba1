"""The battle worksheet of «Строительство империи» (render/worksheet.py): its steps are the calculator's,
in the calculator's order; its reminders print the content's numbers (read back from the PDF in ru
and uk); its write-in boxes are measured on the PDF's paths; page, margins, fonts, same bytes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from pnp.core import typography
from pnp.games.empire.army_file import read_army, read_opponent
from pnp.games.empire.render import worksheet_layout as wl
from pnp.games.empire.render.capital_layout import SEAM, WRITE_MIN
from pnp.games.empire.render.forms import BOX_STROKE
from pnp.games.empire.render.worksheet import BOXES, STEPS, WorksheetRenderer, worksheet_plan
from pnp.games.empire.rules.battle.march import resolve
from pnp.core.geometry import pt_to_mm

import sheetkit
from sheetkit import changed, fonts_embedded, load, marked_margins, page_words, stroked_rectangles, words_in

HERE = Path(__file__).parent
PAGE = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # portrait, mm
BUILT = (("ru", "a4"), ("uk", "a4"), ("ru", "letter"), ("uk", "letter"))


@pytest.fixture(scope="module")
def game():
    return load()


def render(game, out: Path, lang: str) -> Path:
    return sheetkit.render(WorksheetRenderer(), game, out, lang, pages=1)


@pytest.fixture(scope="module")
def sheets(game, tmp_path_factory):
    return sheetkit.render_all(WorksheetRenderer(), game, tmp_path_factory.mktemp("worksheet"), BUILT, 1)


def plan(game, lang: str, paper: str) -> wl.Plan:
    with typography.using(lang):
        return worksheet_plan(game, lang, paper)


# --- the calculator's steps, in its order ------------------------------------------------------------


def calculator_steps(game, tmp: Path) -> list[list[str]]:
    """The rules the calculator's breakdown names, in its order, for every worked case and the sample army."""
    found = []
    army, against = tmp / "army.yaml", tmp / "against.yaml"
    for case in yaml.safe_load((HERE / "battle_cases.yaml").read_text("utf-8")):
        army.write_text(yaml.safe_dump(case["army"], allow_unicode=True), "utf-8")
        against.write_text(yaml.safe_dump(case["against"], allow_unicode=True), "utf-8")
        out = resolve(game.battle, read_army(army, game)[0], read_opponent(against, game)[0], case.get("cards", ()))
        found.append([x.step for x in out.lines])
    sample = resolve(game.battle, read_army(HERE / "battle_army.yaml", game)[0],
                     read_opponent(HERE / "battle_neutral.yaml", game)[0], (0, 2, 1, 3, 0, 4, 1, 2))
    return found + [[x.step for x in sample.lines]]


def test_the_worksheets_steps_are_the_calculators_in_its_order(game, tmp_path):
    order = [rule for rule, _ in STEPS if rule]
    seen = set()
    for steps in calculator_steps(game, tmp_path):
        for step in steps:
            assert step in order, f"the calculator counts a step the worksheet lacks: {step}"
            seen.add(step)
        positions = [order.index(s) for s in steps]
        assert positions == sorted(positions), steps
    assert {"3.2.2", "3.2.3", "3.2.4", "3.2.5", "3.2.6", "3.3.2"} <= seen  # the cases reach every bonus step


def headings(game, sheets, lang: str, paper: str) -> list[tuple[str, wl.Box, str]]:
    """(ui key, section box, the words of its heading) of every section, in STEPS' order."""
    words, lay = page_words(sheets[(lang, paper)]), plan(game, lang, paper)
    boxes = [(key, lay.table.box if key == "ws_damage" else lay.steps[key].box) for _, key in STEPS]
    return [(key, box, words_in(words, wl.Box(box.x, box.y, box.w, wl.HEAD_H))) for key, box in boxes]


@pytest.mark.parametrize("lang, paper", BUILT)
def test_the_sections_are_printed_top_down_in_the_steps_order(game, sheets, lang, paper):
    tops = []
    for (rule, key), (_, box, said) in zip(STEPS, headings(game, sheets, lang, paper)):
        assert said == f"{rule} {game.ui(key, lang)}".strip(), (key, said)
        tops.append((box.y, box.x))
    # the bonuses down the page, then the damage table beside the after-battle panels, read down
    assert [t for t, _ in tops[:6]] == sorted(t for t, _ in tops[:6])
    assert [t for t, _ in tops[6:]] == sorted(t for t, _ in tops[6:]) and tops[6][0] == tops[5][0]


@pytest.mark.parametrize("lang, paper", BUILT)
def test_the_printed_section_numbers_read_in_the_rules_order(game, sheets, lang, paper):
    """Read down the page, then down the column right of the damage table: 3.2.2 … 3.3.3, 3.4.2, 3.4.3."""
    table = plan(game, lang, paper).table.box
    found = [(box.x > table.x, box.y, tuple(int(n) for n in said.split()[0].split(".")))
             for _, box, said in headings(game, sheets, lang, paper) if re.fullmatch(r"\d+(\.\d+)+", said.split()[0])]
    numbers = [n for _, _, n in sorted(found)]
    assert numbers == sorted(numbers) and (3, 4, 2) in numbers and (3, 4, 3) in numbers, numbers


@pytest.mark.parametrize("paper", ("a4", "letter"))
def test_the_damage_table_has_as_many_rows_in_every_language(game, sheets, paper):
    """One battle takes the same rows in the ru and uk editions (the row numbers, read off the page)."""
    counted = {}
    for lang in ("ru", "uk"):
        lay = plan(game, lang, paper)
        words = page_words(sheets[(lang, paper)])
        numbers = [int(w) for w, b in words if w.isdigit() and lay.rows[0][0].x - 1 <= b.x <= lay.rows[0][0].right
                   and lay.rows[0][0].y <= b.y <= lay.rows[-1][0].bottom]
        counted[lang] = numbers
    assert counted["ru"] == counted["uk"] == list(range(1, len(counted["ru"]) + 1)) and len(counted["ru"]) >= 6


# --- the reminders print the content's numbers --------------------------------------------------------


def section_words(game, sheets, lang: str, key: str, paper: str = "a4") -> str:
    return words_in(page_words(sheets[(lang, paper)]), plan(game, lang, paper).steps[key].text)


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_reminders_print_the_contents_numbers(game, sheets, lang):
    f, b = game.battle.formations, game.battle
    formations = section_words(game, sheets, lang, "ws_formations")
    for n in (f.line_per_squad, f.mixed_bonus, f.mixed_per_extra, f.straight_bonus, f.straight_per_extra):
        assert f"+{n}" in formations
    assert f"— +{f.mixed_bonus}, " in formations and f"— +{f.straight_bonus}, " in formations
    weapons = section_words(game, sheets, lang, "ws_weapons")
    for t in b.types:
        assert f"{t.name.get(lang)}: {b.kind_names[t.bonus_kind].get(lang)} — +1 " in weapons  # the engine's +1
    assert f"+{b.magic_attack_bonus} " in weapons
    assert f"−{b.luck_zero_penalty}." in section_words(game, sheets, lang, "ws_luck")
    assert f" {b.courage_max}." in section_words(game, sheets, lang, "ws_courage")
    trophies = section_words(game, sheets, lang, "ws_trophies")
    assert "+1 " in trophies and f"{b.neutral_squads[0]}–{b.neutral_squads[1]}" in trophies
    damage = words_in(page_words(sheets[(lang, "a4")]), plan(game, lang, "a4").table.text)
    assert f" {b.miss_damage} (+{b.upgrade_miss_damage} " in damage
    # the steps the merge added: flank and echelon (3.2.2), the tower and the stone (3.2.4), the race heroes
    assert f"×{b.flank_multiplier}." in formations
    assert {"ru": f"эшелон: {b.echelon_per_squad} отряд", "uk": f"ешелон: {b.echelon_per_squad} загін"}[lang] in formations
    support = section_words(game, sheets, lang, "ws_support")
    stone = game.battle.machine("mystic_stone")
    assert f"+{b.magic.tower_damage} " in support and f"{stone.name.get(lang)} " in support
    assert f"−{stone.spell_penalty}." in support
    barrier, tent = game.battle.machine("barrier"), game.battle.machine("first_aid_tent")
    assert barrier.name.get(lang) in support and tent.name.get(lang) not in support
    losses = section_words(game, sheets, lang, "ws_losses")
    assert f"{tent.name.get(lang)}: " in losses and f" {tent.restores} " in losses
    heroes = section_words(game, sheets, lang, "ws_heroes")
    # every race's heroes are on their cards and in the rulebook: the page names the rule, not 36 heroes
    assert {"ru": "Герой №N от I до VII усиливает существ уровня N", "uk": "Герой №N від I до VII посилює істот рівня N"}[lang] in heroes
    assert "(3.2.5)" in heroes and game.hero("mentor").name.get(lang) not in heroes


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_the_siege_gives_the_victory_points_the_engine_awards(game, sheets, lang):
    """The worksheet's «ПО:» line groups the siege with the battles that give none, as the engine plays it, not
    with the field battle's «1–7: по числу отрядов нейтральной армии»."""
    from test_boards import won_siege

    assert {won_siege(game, card)[0] for card in ("town_gems", "fort")} == {0}
    trophies = " ".join(section_words(game, sheets, lang, "ws_trophies").split())
    siege = game.battle.type("siege").name.get(lang)
    line = trophies[trophies.index("ПО:"):]
    squads = game.ui("points_squads", lang, least=1, most=7)
    none = {"ru": "осада, полевое сражение с игроком — не дают", "uk": "облога, польова битва з гравцем — не дають"}[lang]
    assert none in line and f"{siege} — {squads}" not in line and f"{siege}, " not in line.split(squads)[0], line
    assert line.startswith(f"ПО: {game.battle.type('field').name.get(lang)} — {squads};"), line


@pytest.mark.parametrize("lang, paper", BUILT)
def test_the_hero_line_gives_the_heros_own_damage_as_the_engine_counts_it(game, sheets, lang, paper):
    """The designer notes' «собственный урон героя в битве — 2», which the engine gives every hired hero, stands on
    the worksheet's hero line, first, with a reminder that «урон героя ×2» on a card multiplies it."""
    from pnp.games.empire.rules.fights.sides import heroes
    from pnp.games.empire.rules.tables import tables

    race = game.races[0]
    hired = heroes(tables(game), 0, [(h.id, 0) for h in race.heroes])
    assert {h.bonus for h in hired} == {game.economy.hero_attack} == {2}
    heroes_section = " ".join(section_words(game, sheets, lang, "ws_heroes", paper).split())
    own = {"ru": "Герой сам наносит 2 урона (умножь, если так сказано на его карте).",
           "uk": "Герой сам завдає 2 шкоди (помнож, якщо так сказано на його карті)."}[lang]
    assert heroes_section.startswith(own), heroes_section


def test_the_seeds_worked_numbers_stand_on_the_worksheet(sheets, game):
    """«Разнородный строй – три и более отрядов разного уровня … +6 (за каждый отряд сверх трёх дополнительно +2)»."""
    formations = section_words(game, sheets, "ru", "ws_formations")
    assert "Разнородный строй: 3 уровня в армии — +6, за каждый уровень сверх того +2." in formations
    assert "Королевский строй: 3 уровня подряд по возрастанию или убыванию — +9, за каждый сверх того +3." in formations
    assert "Линия: 2 и более однотипных отряда подряд в первом ряду — +1 за отряд." in formations
    assert "Только: полевое сражение." in formations
    assert "штурм подземелий" in section_words(game, sheets, "ru", "ws_support")  # no machine counts there


def test_a_changed_content_value_prints_the_new_number(tmp_path):
    game = changed(tmp_path, ("mixed: {least: 3, bonus: 6, per_extra: 2}", "mixed: {least: 4, bonus: 7, per_extra: 2}"),
                   ("zero_penalty: 8", "zero_penalty: 9"), ("courage: {max: 6,", "courage: {max: 5,"))
    sheets = {("ru", "a4"): render(game, tmp_path / "out", "ru")}
    formations = section_words(game, sheets, "ru", "ws_formations")
    assert "Разнородный строй: 4 уровня в армии — +7, за каждый уровень сверх того +2." in formations
    assert "−9." in section_words(game, sheets, "ru", "ws_luck")
    assert "не больше 5." in section_words(game, sheets, "ru", "ws_courage")


# --- the page and its boxes ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang, paper", BUILT)
def test_one_portrait_page_clear_of_the_sleeves_seam(sheets, lang, paper):
    pdf = sheets[(lang, paper)]
    (page,) = PdfReader(pdf).pages
    size = (pt_to_mm(float(page.mediabox.width)), pt_to_mm(float(page.mediabox.height)))
    assert size == pytest.approx(PAGE[paper], abs=0.05)
    (margins,) = marked_margins(pdf, *PAGE[paper])
    assert min(margins) >= SEAM - 0.2, margins  # a box line's half width
    assert fonts_embedded(pdf)


@pytest.mark.parametrize("lang, paper", BUILT)
def test_the_damage_tables_headings_stand_clear_of_their_column_edges(game, sheets, lang, paper):
    """Each heading read back from the PDF lies inside its column; the routed one, over its tick boxes,
    keeps a margin from both edges (on A4 «разгромлен» touched the column's right edge)."""
    words = page_words(sheets[(lang, paper)])
    for (key, _), col in zip(wl.TABLE_COLUMNS, plan(game, lang, paper).head):
        if not key:
            continue
        found = [b for w, b in words if w in game.ui(key, lang).split() and col.y <= b.cy <= col.bottom
                 and col.x - 1.0 <= b.cx <= col.right + 1.0]
        assert found, key
        left, right = min(b.x for b in found), max(b.right for b in found)
        assert col.x < left and right < col.right, (key, col, left, right)
        if key == wl.TICK_COLUMN:
            assert min(left - col.x, col.right - right) >= wl.HEAD_PAD - 0.3, (left - col.x, col.right - right)


@pytest.mark.parametrize("lang, paper", BUILT)
def test_every_write_in_box_is_at_least_8_mm(game, sheets, lang, paper):
    lay = plan(game, lang, paper)
    boxes = stroked_rectangles(sheets[(lang, paper)], BOX_STROKE)
    row = len(wl.TABLE_COLUMNS) - 1  # a damage row: squad, strike, cards, damage, total, and the routed tick
    assert len(boxes) == sum(len(v) for v in BOXES.values()) + len(game.battle.types) + row * len(lay.rows)
    assert min(min(b.w, b.h) for b in boxes) >= WRITE_MIN - 0.01  # PDF points to mm
    assert len(lay.rows) >= 7  # a damage card for each of the seven creature levels at least


def test_the_same_content_gives_the_same_bytes(game, sheets, tmp_path):
    assert render(game, tmp_path, "ru").read_bytes() == sheets[("ru", "a4")].read_bytes()
