"""The reference boards of «Строительство империи» (render/board_*.py): the battle types, the war machines
and the week track read back from the PDF in ru and uk, cell by cell, and compared with the seed's
words and the content's numbers; pages, margins, fonts, write-in boxes measured."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.games import pack
from pnp.games.empire.render.board_battles import types_layout
from pnp.games.empire.render.board_machines import machine_layout
from pnp.games.empire.render.board_reference import BoardsRenderer
from pnp.games.empire.render.board_weeks import weeks_layout
from pnp.games.empire.render.capital_layout import SEAM, WRITE_MIN
from pnp.games.empire.render.forms import BOX_STROKE
from pnp.core.geometry import Box, pt_to_mm
from pnp.games.empire.rules.fights.aftermath import end_battle
from pnp.games.empire.rules.fights.start import attack
from pnp.games.empire.rules.player import Player
from pnp.games.empire.rules.position import Position
from pnp.games.empire.rules.tables import tables

import sheetkit
from sheetkit import changed, fonts_embedded, load, marked_margins, page_words, stroked_rectangles, words_in

PAGE = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}  # landscape, mm
TYPES, MACHINES, WEEKS = 1, 2, 3  # the boards' pages
#: the renders the module makes once (a PDF takes ~2 s): both languages on A4, and the longer Ukrainian re-flowed on Letter
BUILT = (("ru", "a4"), ("uk", "a4"), ("uk", "letter"))


@pytest.fixture(scope="module")
def game():
    return load()


def render(game, out: Path, lang: str) -> Path:
    return sheetkit.render(BoardsRenderer(), game, out, lang, pages=3)


@pytest.fixture(scope="module")
def boards(game, tmp_path_factory):
    return sheetkit.render_all(BoardsRenderer(), game, tmp_path_factory.mktemp("boards"), BUILT, 3)


# --- the pages ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, paper", BUILT)
def test_three_landscape_pages_clear_of_the_sleeves_seam(boards, lang, paper):
    width, height = PAGE[paper]
    pdf = boards[(lang, paper)]
    for page in PdfReader(pdf).pages:
        size = (pt_to_mm(float(page.mediabox.width)), pt_to_mm(float(page.mediabox.height)))
        assert size == pytest.approx(PAGE[paper], abs=0.05)
    margins = marked_margins(pdf, width, height)
    assert len(margins) == 3
    for m in margins:
        assert min(m) >= SEAM - 0.2, m  # a frame line's half width
        assert min(m) < SEAM + 1.0, m  # the frame is used, not shrunk away from the edges
    assert fonts_embedded(pdf)


def test_the_same_content_gives_the_same_bytes(game, boards, tmp_path):
    assert render(game, tmp_path, "uk").read_bytes() == boards[("uk", "a4")].read_bytes()


# --- the war machines -----------------------------------------------------------------------------

#: the seed's table, «Сила | Выбор машин (осадные/полевые)», as this board prints it (ru)
SEED_MACHINES = {"Требушет": "+7 / —", "Камнемёт": "— / +4", "Палатка первой помощи": "шанс", "Мистический камень": "−5",
                 "Заслон": "защита", "Бомба": "+2 / +2", "Повозка боеприпасов": "— / +4", "Осадные щиты": "+3 / —",
                 "Таран": "+7 / —", "Баллиста": "— / +3"}


@pytest.mark.parametrize("lang, paper", BUILT)
def test_every_machine_prints_its_values_from_the_content(game, boards, lang, paper):
    lay, pdf = machine_layout(game, paper), boards[(lang, paper)]
    words = page_words(pdf, MACHINES)
    for m in game.battle.machines:
        power, name, does = lay.rows[m.id]
        said = words_in(words, power)
        if m.siege is not None or m.field is not None:
            assert said == " / ".join(f"+{v}" if v is not None else "—" for v in (m.siege, m.field)), (m.id, said)
        elif m.spell_penalty is not None:
            assert said.startswith(f"−{m.spell_penalty} "), (m.id, said)
        else:
            assert said == m.label.get(lang), (m.id, said)
        assert words_in(words, name) == m.name.get(lang)
        if m.effect is not None:
            assert words_in(words, does) == m.effect.get(lang).replace("\u00ad", ""), (m.id, words_in(words, does))
    levels = {level: words_in(words, box) for level, box in lay.levels.items()}
    assert levels == {1: "I", 2: "II", 3: "III"}
    for m in game.battle.machines:  # each machine's row lies within its level's merged cell
        assert lay.levels[m.level].y - 0.01 <= lay.rows[m.id][0].cy <= lay.levels[m.level].bottom + 0.01


def test_the_machines_read_as_the_seeds_table(game, boards):
    lay, pdf = machine_layout(game, "a4"), boards[("ru", "a4")]
    words = page_words(pdf, MACHINES)
    printed = {words_in(words, cells[1]): words_in(words, cells[0]) for cells in lay.rows.values()}
    assert {k: v.split()[0] if k == "Мистический камень" else v for k, v in printed.items()} == SEED_MACHINES
    # where a strength machine counts is the calculator's answer, by battle type
    ram = words_in(words, lay.rows["ram"][2])
    assert "осада" in ram and "полевое" not in ram
    assert "полевое сражение, осада" in words_in(words, lay.rows["bomb"][2])


@pytest.mark.parametrize("lang, paper", BUILT)
def test_the_shared_machine_board_sends_the_forges_choice_to_the_capital_sheet(game, boards, lang, paper):
    """The board lies on the table for everyone: it has no box to mark, and its legend says to write the machine
    chosen at each level of the forge on one's own capital sheet, whose «Боевые машины» rows take it."""
    pdf = boards[(lang, paper)]
    assert stroked_rectangles(pdf, BOX_STROKE, MACHINES - 1) == []
    legend = " ".join(words_in(page_words(pdf, MACHINES), Box(0, 0, PAGE[paper][0], 30.0)).split())
    sheet = ("впиши её в свой план столицы, в «Боевые машины»" if lang == "ru"
             else "впиши її у свій план столиці, у «Бойові машини»")
    assert sheet in legend and "отметь её" not in legend and "познач її" not in legend, legend
    assert game.ui("effects_machines", lang).startswith("Боевые машины" if lang == "ru" else "Бойові машини")
    assert game.ui("capital_sheet", lang) == ("План столицы" if lang == "ru" else "План столиці")


# --- the battle types -----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_battle_type_prints_its_row_of_the_seeds_table(game, boards, lang):
    lay, pdf = types_layout(game, "a4"), boards[(lang, "a4")]
    words = page_words(pdf, TYPES)
    kinds = game.battle.kind_names
    for t in game.battle.types:
        def cell(key):
            return words_in(words, lay.cells[(t.id, key)])
        assert cell("types_type") == t.name.get(lang)
        bonus = cell("types_bonuses")
        assert bonus.startswith(f"+1 {kinds[t.bonus_kind].get(lang)} ")  # the engine's +1 a squad
        assert bonus.split()[3] == kinds["magic"].get(lang)
        assert (game.ui("word_flank", lang) in bonus) is t.flank
        assert (game.ui("word_echelon", lang) in bonus) is t.second_echelon
        assert (game.ui("word_formations", lang) in bonus) is t.formations
        bans = cell("types_bans")
        assert (game.ui("ban_large", lang) in bans) is not t.large_creatures
        assert (game.ui("ban_destruction", lang) in bans) is not t.destruction_spells
        trophy = cell("types_trophies")
        assert trophy.startswith(f"+{t.trophy_chests} ") if t.trophy_chests is not None else trophy == game.ui("trophy_card", lang)
    opponents = [(who, words_in(words, box)) for who, box in lay.opponents]
    assert opponents == [("neutral", game.ui("opponent_neutral", lang)), ("player", game.ui("opponent_player", lang))]
    neutral = lay.opponents[0][1]
    assert neutral.w == pytest.approx(sum(lay.cells[(t.id, "types_type")].w for t in game.battle.types
                                          if t.against == "neutral"))


def test_the_types_read_as_the_seeds_table(game, boards):
    """«+1 стрелки и маги; боевые построения; фланговые удары; второй эшелон» … «магия ограничена 1-м кругом», the
    last as the rulebook reads it (destruction spells above level 1; the blessings are allowed: the second play-test
    read «круг» as the circle of destruction or blessing)."""
    lay, words = types_layout(game, "a4"), page_words(boards[("ru", "a4")], TYPES)

    def cell(t, key):
        return words_in(words, lay.cells[(t, key)])
    assert cell("field", "types_bonuses") == "+1 стрелки и маги боевые построения фланговые удары второй эшелон"
    assert cell("siege", "types_bonuses") == "+1 летающие и маги"
    assert cell("dungeon", "types_bonuses") == "+1 рукопашные и маги"
    assert cell("players", "types_bonuses") == "+1 стрелки и маги боевые построения второй эшелон"
    assert cell("field", "types_bans") == "осадная техника (Таран, Осадные щиты, Требушет)"
    siege = cell("siege", "types_bans")
    assert "артиллерия (Баллиста, Повозка боеприпасов, Камнемёт)" in siege
    assert "заклинания круга разрушения (кроме названных для осады)" in siege  # «Землетрясение +7 осада»
    dungeon = cell("dungeon", "types_bans")
    for banned in ("боевые построения", "фланговые удары", "второй эшелон", "большие существа", "все боевые машины",
                   "заклинания разрушения выше 1-го уровня"):
        assert banned in dungeon
    assert [cell(t, "types_trophies") for t in ("field", "siege", "dungeon")] == ["+1 сундук", "+2 сундука",
                                                                                  "как написано на карте"]
    assert cell("field", "types_points").startswith("1–7: ")
    assert cell("players", "types_points") == "не дают"


def won_siege(game, card: str) -> tuple[int, int, bool]:
    """A siege of `card` won in the engine (pnp.games.empire.rules.fights): the victory points and chests it
    brought, and whether the card joined the holdings. An army of every creature three times over against a
    town or garrison of week 5, every damage card a 7."""
    t = tables(game)
    s = Position(t, 2)
    s.players, s.week = [Player(0), Player(1)], 5
    p, race = s.players[0], t.races[0]
    p.hand = Counter({(c.id, 7): 3 for c in race.creatures})
    p.deck = Counter({(race.creatures[0].id, 7): 40})
    attack(s, 0, card, None)
    fight = s.fight
    assert fight is not None and t.rules.card_battles[t.cards[card].type] == "siege"
    fight["drawn"], fight["morale"] = [7] * 40, fight["morale"] or 0
    end_battle(s, fight)  # type: ignore[arg-type]  # the position is all a battle's end reads
    assert fight["outcome"].won
    return sum(p.points.values()), p.chests, card in p.holdings


@pytest.mark.parametrize("lang, paper", BUILT)
def test_the_siege_prints_the_victory_points_the_engine_awards(game, boards, lang, paper):
    """Not «1–7: по числу отрядов нейтральной армии»: a town or a garrison has a strength and no squads, and the
    engine gives a won siege no victory points, two chests and the card. The board says so."""
    sieges = [c.id for c in game.travel_cards if game.battle.card_battles.get(c.type) == "siege"]
    assert sieges == ["town_gems", "fort"]
    awards = {won_siege(game, card) for card in sieges}
    assert awards == {(0, game.battle.type("siege").trophy_chests, True)} == {(0, 2, True)}
    lay, words = types_layout(game, paper), page_words(boards[(lang, paper)], TYPES)
    points = words_in(words, lay.cells[("siege", "types_points")])
    assert points == ("не дают" if lang == "ru" else "не дають") == game.ui("points_none", lang)
    assert words_in(words, lay.cells[("siege", "types_trophies")]) == game.ui("trophy_chests", lang, n=2)
    assert words_in(words, lay.cells[("field", "types_points")]).startswith("1–7")  # a neutral army's squads


# --- the week track -------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, paper", BUILT)
def test_every_week_prints_its_neutral_luck(game, boards, lang, paper):
    lay, words = weeks_layout(game, paper), page_words(boards[(lang, paper)], WEEKS)
    assert [words_in(words, row[0]) for row in lay.rows] == [str(w) for w in range(1, game.weeks + 1)]
    assert [words_in(words, row[1]) for row in lay.rows] == [str(luck) for luck in game.neutral_luck]
    assert words_in(words, lay.head[2]).split()[1:] == [str(d) for d in range(1, game.week_days + 1)]
    assert words_in(words, lay.head[-1]) == game.ui("weeks_effects", lang)


@pytest.mark.parametrize("lang, paper", BUILT)
def test_the_week_tracks_boxes_are_a_day_each_and_the_weeks_effects(game, boards, lang, paper):
    boxes = stroked_rectangles(boards[(lang, paper)], BOX_STROKE, WEEKS - 1)
    days = [b for b in boxes if b.w < 20]
    effects = [b for b in boxes if b.w >= 20]
    assert len(days) == game.weeks * game.week_days and len(effects) == game.weeks
    assert min(b.h for b in boxes) >= WRITE_MIN - 0.01
    assert min(b.h for b in effects) > 15 and min(b.w for b in effects) > 100  # room to write a week's effects


def _most_days() -> int:
    """The most days a week the content may ask for: the schema's maximum (a million once looped the build)."""
    days = json.loads(pack("empire").schema.read_text(encoding="utf-8"))["properties"]["weeks"]["properties"]["days"]
    return days["properties"]["value"]["maximum"]


@pytest.mark.parametrize("paper", sorted(PAGE))
def test_the_most_days_the_content_may_ask_for_fit_beside_the_weeks_effects(game, paper):
    most = _most_days()
    lay = weeks_layout(replace(game, week_days=most), paper)
    cell, effects = lay.rows[0][2], lay.rows[0][-1]
    boxes = lay.days(0, most)
    assert cell.x < boxes[0].x and boxes[-1].right < cell.right
    assert effects.x >= cell.right - 0.01 and effects.right <= lay.frame.right + 0.01
    assert effects.w >= 35  # a write-in box for the week's effects, still room for a few words


# --- a changed content prints the new numbers -------------------------------------------------------


def test_a_changed_content_value_prints_the_new_number(tmp_path):
    game = changed(tmp_path, ("neutral_luck: [0, 1, 2, 3, 4, 5, 6]", "neutral_luck: [0, 1, 5, 3, 4, 5, 6]"),
                   ("    value: 7\n    note: \"The seed starts", "    value: 5\n    note: \"The seed starts"),
                   ("- id: ram\n      level: 1\n      siege: 7", "- id: ram\n      level: 1\n      siege: 9"),
                   ("trophy_chests: 2\n      note: \"3.4.2", "trophy_chests: 3\n      note: \"3.4.2"),
                   ("spell_penalty: 5", "spell_penalty: 4"))
    pdf = render(game, tmp_path / "out", "ru")
    weeks = weeks_layout(game, "a4")
    words = page_words(pdf, WEEKS)
    assert words_in(words, weeks.rows[2][1]) == "5"
    assert len(weeks.days(0, game.week_days)) == 5
    assert words_in(words, weeks.head[2]).split()[1:] == ["1", "2", "3", "4", "5"]
    machines, words = machine_layout(game, "a4"), page_words(pdf, MACHINES)
    assert words_in(words, machines.rows["ram"][0]) == "+9 / —"
    assert words_in(words, machines.rows["mystic_stone"][0]).startswith("−4 ")
    types, words = types_layout(game, "a4"), page_words(pdf, TYPES)
    assert words_in(words, types.cells[("siege", "types_trophies")]) == "+3 сундука"
