"""The empire rulebook's setup for each player count and its worked week (issue 27 item 6): both PDFs
read back with pdftotext; the setup's numbers against the model, the week's against the engine
played again here, step by step, from the content's seed."""

from __future__ import annotations

import random
import re
import subprocess
from collections import Counter

import pytest

from pnp.games.empire.render.capital_sheet import roman
from pnp.games.empire.rulebook import worked_week
from pnp.games.empire.rulebook.week_tables import player_counts
from pnp.games.empire.rules.state import CHANCE, State
from pnp.games.empire.rules.tables import tables
from pnp.games.empire.sim.agents import GreedyAgent
from pnp.rulebook.prose import render_labels

LANGS = ("ru", "uk")


@pytest.fixture(scope="module")
def pdfs(rulebook_pdfs):
    return rulebook_pdfs


def text_of(path, *args: str) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", *args, str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


@pytest.fixture(scope="module")
def layouts(pdfs):
    """lang -> the rulebook's text as laid out (a table's row on one line)."""
    return {lang: text_of(path, "-layout") for lang, path in pdfs.items()}


@pytest.fixture(scope="module")
def texts(pdfs):
    """lang -> the rulebook's text in reading order (a table cell's words together)."""
    return {lang: text_of(path) for lang, path in pdfs.items()}


def squash(text: str) -> str:
    return re.sub(r"[\s\-\u00ad\u00a0]", "", text)


def labels(game, lang: str):
    return render_labels(game, lang, {"sizes": player_counts(game), "pct": str})


def section(text: str, start: str, end: str) -> str:
    """The body's text from the heading `start` to the heading `end` (a line of its own, not the contents')."""
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip() == start)
    last = next(i for i, line in enumerate(lines) if i > first and line.strip() == end)
    return "\n".join(lines[first:last])


# --- the setup --------------------------------------------------------------------------------

def expected_setup(game) -> list[tuple[str, dict, list[int]]]:
    """The setup's lines, each number worked out here from the model (not from the book's own code)."""
    p, e, c = game.play, game.economy, game.chests
    travel = sum(card.count for card in game.travel_cards)
    sizes = list(range(p.players[0], p.players[1] + 1))
    return [
        ("setup.races", {}, sizes),
        ("setup.box", {}, [len(game.races) - n for n in sizes]),
        ("setup.creatures", {"n": p.creature_hand}, [n * p.creature_hand for n in sizes]),
        ("setup.chests", {"n": e.start_chests}, [n * e.start_chests for n in sizes]),
        ("setup.bank", {"n": c.count}, [c.count - n * e.start_chests for n in sizes]),
        ("setup.deal", {"n": p.travel_hand}, [n * p.travel_hand for n in sizes]),
        ("setup.deck", {"n": travel}, [travel - n * p.travel_hand for n in sizes]),
        ("setup.tavern", {"n": p.tavern_reveal}, [n * p.tavern_reveal for n in sizes]),
        # «соседу справа или слева»: at two, the one other player; from three on, the two beside
        ("setup.neighbours", {}, [min(n - 1, 2) for n in sizes]),
    ]


def test_the_edition_seats_two_to_four(game):
    assert game.play.players == (2, 4) and len(game.races) >= 4
    assert list(player_counts(game)) == [2, 3, 4]


@pytest.mark.parametrize("lang", LANGS)
def test_setup_table_counts_each_player_count_from_the_model(game, layouts, lang):
    text = section(layouts[lang], {"ru": "Подготовка к игре", "uk": "Підготовка до гри"}[lang],
                   {"ru": "Ход игры", "uk": "Хід гри"}[lang])
    lab = labels(game, lang)
    heads = [str(lab("setup.head.players", n=n)) for n in player_counts(game)]
    assert re.search(r"\s{2,}".join(map(re.escape, heads)), text), heads
    for key, fields, numbers in expected_setup(game):
        start = str(lab(key, **fields))[:18]
        row = next((line for line in text.splitlines() if line.strip().startswith(start)), None)
        assert row is not None, f"{lang}: no row {start!r}"
        assert re.search(r"\s{2,}".join(str(n) for n in numbers) + r"\s*$", row), (row, numbers)


@pytest.mark.parametrize("lang", LANGS)
def test_setup_steps_name_the_models_starting_numbers(game, layouts, lang):
    text = squash(section(layouts[lang], {"ru": "Подготовка к игре", "uk": "Підготовка до гри"}[lang],
                          {"ru": "Ход игры", "uk": "Хід гри"}[lang]))
    p, e = game.play, game.economy
    said = {"ru": [f"возьмивруку{p.creature_hand}карт", f"берётизнего{e.start_chests}сундук",
                   f"уровней{roman(1)}–{roman(p.start_levels)}"],
            "uk": [f"візьмивруку{p.creature_hand}карт", f"березнього{e.start_chests}скрин",
                   f"рівнів{roman(1)}–{roman(p.start_levels)}"]}[lang]
    for words in said:
        assert words in text, words
    # the kit is a game now, not a designer's format kit
    assert {"ru": "набордизайнера", "uk": "набірдизайнера"}[lang] not in squash(layouts[lang])


# --- the worked week --------------------------------------------------------------------------

def replay(game, players: int, seed: int, week: int) -> dict:
    """The content's game played again step by step (the draws from `Random(seed)`, each player the greedy
    agent with its own seeded tie-breaks): each player's victory points when `week` ends, and the battles
    fought and the buildings built in it."""
    s = State(tables(game), players)
    s.advance()
    chance = random.Random(seed)
    agents = [GreedyAgent(random.Random(f"{seed}:{seat}")) for seat in range(players)]
    before = after = None
    built = Counter()
    while not s.is_terminal() and s.week <= week:
        if before is None and s.week == week:
            before = Counter(s.tally)
        was = s.week
        if s.current_player == CHANCE:
            s.apply_action(s.sample_chance(chance))
        else:
            seat = s.current_player
            action = agents[seat].act(s, seat)
            if s.week == week and action[0] in ("build", "upgrade"):
                built[action[0]] += 1
            s.apply_action(action)
        if was == week:  # after the step, though the week's last action may have ended the week
            after = Counter(s.tally), [sum(p.points.values()) for p in s.players]
    assert before is not None and after is not None
    fought = sum(n for k, n in (after[0] - before).items() if k.startswith("battles_"))
    return {"points": after[1], "battles": fought, "built": built}


def test_the_worked_week_is_the_engines(game):
    w = worked_week.play(game)
    spec = game.book.week
    assert (w.players, w.seed) == (spec.players, spec.seed)
    again = replay(game, spec.players, spec.seed, w.number)
    assert list(w.totals) == again["points"]
    assert sum(len(t.fought) for t in w.turns) == again["battles"] > 0
    assert Counter(t.action[0] for t in w.turns if t.action[0] in ("build", "upgrade")) == again["built"]
    assert any(t.hires for t in w.turns)
    assert len(w.turns) == spec.players * game.week_days


@pytest.mark.parametrize("lang", LANGS)
def test_the_books_week_prints_the_engines_numbers(game, layouts, texts, lang):
    w = worked_week.play(game)
    lab = labels(game, lang)
    seats = str(lab("week.seats")).split()
    text = section(layouts[lang], {"ru": "Пример недели", "uk": "Приклад тижня"}[lang],
                   {"ru": "Решения этого издания", "uk": "Рішення цього видання"}[lang])
    # a turn's row: day, player, income, … gold, chests, points (the first line of the row)
    rows = re.findall(r"^\s*(\d+)\s+(\S)\s+\+(\d+)\s+.*?\s(\d+)\s+(\d+)\s+(\d+)\s*$", text, re.M)
    assert rows == [(str(t.day), seats[t.seat], str(t.income), str(t.gold), str(t.chests), str(t.points))
                    for t in w.turns]
    flat = squash(section(texts[lang], {"ru": "Пример недели", "uk": "Приклад тижня"}[lang],
                          {"ru": "Решения этого издания", "uk": "Рішення цього видання"}[lang]))
    for t in w.turns:
        for f in t.fought:
            assert squash(str(lab("week.won" if f.won else "week.lost" if f.kind == "neutral" else "week.lost.plain",
                                  army=f.army, strength=f.strength))) in flat
    for seat, points in enumerate(w.totals):
        assert re.search(rf"{seats[seat]}\D{{0,8}}{points}ПО", flat), (seats[seat], points)
    for d in w.dealt:  # every card the week's start dealt, by its printed name
        for card in d.cards:
            assert squash(next(c for c in game.travel_cards if c.id == card).name.get(lang)) in flat


def test_the_week_shown_has_a_build_a_hire_and_a_battle(game):
    w = worked_week.play(game)
    assert any(t.action[0] in ("build", "upgrade") for t in w.turns)
    assert any(t.hires for t in w.turns) and any(t.fought for t in w.turns)


@pytest.mark.parametrize("lang", LANGS)
def test_a_chest_given_back_in_a_turn_is_told_with_its_hires(game, lang):
    """A turn of the worked week that gives chests back (for gold, for a hero's courage) tells each, before the
    action, with the content's numbers."""
    from types import SimpleNamespace

    from pnp.games.empire.rulebook.week_tables import tell
    race = game.races[0]
    hero = race.heroes[0]
    book = SimpleNamespace(game=game, labels=labels(game, lang), lang=lang,
                           extra={"wk": SimpleNamespace(dealt=[SimpleNamespace(race=race.id)])})
    turn = worked_week.Turn(1, 0, 3, (("cash", "gold"), ("cash", hero.id)), ("ritual",), (), 18, 0, 0)
    said = str(tell(book, turn))
    short = game.gold_short.get(lang)
    assert f"{game.chests.gold}{short}" in said and hero.name.get(lang) in said
    assert f"+{game.chests.experience}" in said
    assert said.index(hero.name.get(lang)) < said.index(str(labels(game, lang)("week.ritual")))


@pytest.mark.parametrize("lang", LANGS)
def test_a_capitals_siege_in_the_worked_week_names_the_capital(game, lang):
    """A worked week the content's numbers make reach a capital (an edit away: more chests at the start) tells
    the siege and the interception by the enemy's capital, which no travel card names."""
    from pnp.games.empire.rulebook.week_tables import _action
    from pnp.games.empire.rules.fights.war import CAPITAL
    from pnp.rulebook.renderer import make_book

    book, _ = make_book(game, lang)
    siege = worked_week.Fought(None, "siege_war", None, None, 65, 0, 79, True, (), 1)
    duel = worked_week.Fought(None, "duel", None, None, 20, 0, 31, True, (), 1)
    turn = worked_week.Turn(7, 0, 0, (), ("capture", 1, CAPITAL), (duel, siege), 0, 0, 0)
    said = re.sub(r"<[^>]+>", "", str(_action(book, turn, game.races[0].id)))
    words = {"ru": ("сражается с армией игрока Б, которая перехватила осаду его столицы",
                    "берёт в осаду столицу игрока Б: сила армии 79 больше 65 — победа, столица пала"),
             "uk": ("бʼється з армією гравця Б, яка перехопила облогу його столиці",
                    "бере в облогу столицю гравця Б: сила армії 79 більша за 65 — перемога, столиця впала")}
    assert all(w in said for w in words[lang]), said
