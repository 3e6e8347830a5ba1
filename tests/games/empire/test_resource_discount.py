"""The resources' discount on buildings («Наличие ресурсов в империи позволяет возводить постройки в столице со
скидками»): the content's `economy.discount`, `discount_most` and `least_cost`, as the engine charges them, as the
capital sheet and the rulebook print them (read back with pdftotext), and the worked week's build at its price."""

from __future__ import annotations

import re

import pytest
from enginekit import first_day

from pnp.games.empire.rulebook.week_tables import _action
from pnp.games.empire.rulebook.worked_week import Turn
from pnp.rulebook.renderer import make_book

from test_capital_sheet import layout, render
from test_rulebook_rulings import has, texts  # noqa: F401 (a fixture)
from sheetkit import page_words, words_in

LANGS = ("ru", "uk")


def _holdings(game, kinds: list[str]) -> list[str]:
    """A travel card of each resource in `kinds` (a resource twice: two cards of it), mines first."""
    cards = sorted((c for c in game.travel_cards if c.resource), key=lambda c: (c.type != "mine", c.id))
    out: list[str] = []
    for kind in kinds:
        out.append(next(c.id for c in cards if c.resource == kind and c.id not in out))
    return out


def test_the_price_takes_one_chest_a_kind_up_to_the_most_and_never_below_the_least(game):
    e = game.economy
    assert (e.discount, e.discount_most, e.least_cost) == (1, 2, 1)
    assert [e.price(9, kinds) for kinds in range(5)] == [9, 8, 7, 7, 7]
    assert [e.price(3, kinds) for kinds in range(4)] == [3, 2, 1, 1]
    assert [e.price(2, kinds) for kinds in range(4)] == [2, 1, 1, 1]  # never below one chest
    assert e.price(1, 3) == 1


def _first_barracks(s) -> str:
    """The level I barracks, if its player may build it now."""
    plot = s.t.races[0].barracks(1)
    return plot if ("build", plot) in s.legal_actions() else ""


@pytest.mark.parametrize("kinds, paid", [([], 3), (["wood"], 2), (["wood", "wood"], 2), (["wood", "stone"], 1),
                                         (["wood", "stone", "gems"], 1)])
def test_a_building_costs_its_price_less_a_chest_for_each_kind_of_resource_held(game, kinds, paid):
    s = first_day(game)
    p = s.players[0]
    p.chests, p.holdings = 5, _holdings(game, kinds)
    plot = _first_barracks(s)
    assert s.t.races[0].plots[plot].cost == 3
    s.apply_action(("build", plot))
    assert p.chests == 5 - paid
    assert p.points["buildings"] == 3 * game.capital.points_per_card  # the points are the printed price's
    assert s.tally["discount"] == 3 - paid


def test_the_discount_makes_a_building_affordable(game):
    s = first_day(game)
    p = s.players[0]
    p.chests = 1
    assert not [a for a in s.legal_actions() if a[0] == "build"] and not _first_barracks(s)
    p.holdings = _holdings(game, ["wood", "stone"])
    assert _first_barracks(s)


def test_an_upgrade_takes_the_discount_too(game):
    s = first_day(game)
    p = s.players[0]
    plot = s.t.races[0].barracks(1)
    p.built, p.chests, p.holdings = [plot], 5, _holdings(game, ["glass"])
    printed = s.t.races[0].plots[plot].upgrade
    s.apply_action(("upgrade", plot))
    assert p.chests == 5 - (printed - 1) and p.upgrades[plot] == 1


def test_a_holding_taken_away_takes_its_discount(game):
    s = first_day(game)
    p = s.players[0]
    p.holdings = _holdings(game, ["wood", "stone"])
    assert p.price(s.t, 9) == 7
    p.holdings.pop()
    assert p.price(s.t, 9) == 8


SHEET = {"ru": "Пиши число владений с ресурсом. Скидка: каждый вид — −1 с цены постройки и улучшения, всего до −2; "
               "не дешевле 1 сундука.",
         "uk": "Пиши кількість володінь із ресурсом. Знижка: кожен вид — −1 з ціни будівлі й покращення, загалом до −2; "
               "не дешевше за 1 скриню."}


@pytest.mark.parametrize("lang", LANGS)
def test_the_capital_sheet_prints_the_discount_under_the_stores(game, tmp_path, lang):
    pdf = render(game, tmp_path, lang)
    stores = words_in(page_words(pdf), layout(game, "a4").stores)
    assert " ".join(SHEET[lang].split()) in stores


RULE = {"ru": ("каждый вид ресурса на твоих складах снимает с цены постройки и улучшения 1 сундук, но всего не больше "
               "2 сундуков; дешевле 1 сундука постройка и улучшение не стоят. Два владения с одним ресурсом — это один "
               "вид. Например, казарма VII уровня стоит 9 сундуков: с одним видом ресурса — 8, с двумя — 7, с тремя — "
               "тоже 7."),
        "uk": ("кожен вид ресурсу на твоїх складах знімає з ціни будівлі й покращення 1 скриню, але загалом не більше "
               "ніж 2 скрині; дешевше за 1 скриню будівля й покращення не коштують. Два володіння з одним ресурсом — це "
               "один вид. Наприклад, казарма VII рівня коштує 9 скринь: з одним видом ресурсу — 8, із двома — 7, із "
               "трьома — теж 7.")}
#: the section «Действия»'s building, which points to the rule; the old «no discount» is gone
POINTER = {"ru": "по цене в картах сундуков минус скидка за ресурсы (см. «Ресурсы»)",
           "uk": "за ціною в картах скринь мінус знижка за ресурси (див. «Ресурси»)"}
GONE = {"ru": "скидки нет", "uk": "знижки немає"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_rulebook_prints_the_discount_with_the_contents_numbers(texts, lang):  # noqa: F811
    assert has(texts[lang], RULE[lang]) and has(texts[lang], POINTER[lang])
    assert not has(texts[lang], GONE[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_week_prints_a_discounted_build_at_what_was_paid(game, lang):
    """A turn that built for less than the printed price says both, and the points are the printed price's."""
    book, _ = make_book(game, lang)
    race = game.races[0]
    plot = next(p.id for p in game.capital.plots if race.building(p.id) is not None and race.building(p.id).cost == 9)
    said = {paid: re.sub(r"<[^>]+>", "", str(_action(book, Turn(1, 0, 0, (), ("build", plot), (), 0, 0, 0, None, paid),
                                                        race.id)))
            for paid in (7, 9)}
    words = {"ru": ("за 7 сундуков — цена 9, минус 2 за ресурсы (+9 ПО)", "за 9 сундуков (+9 ПО)"),
             "uk": ("за 7 скринь — ціна 9, мінус 2 за ресурси (+9 ПО)", "за 9 скринь (+9 ПО)")}
    assert words[lang][0] in said[7] and said[9].endswith(words[lang][1])
    short = Turn(1, 0, 0, (), ("build", plot), (), 0, 0, 0, None, 7, 2)  # two of the seven chests paid in gold
    gold = {"ru": "(+9 ПО); золотом оплачено 2 сундука — 30о", "uk": "(+9 ПО); золотом сплачено 2 скрині — 30з"}
    assert gold[lang] in re.sub(r"<[^>]+>", "", str(_action(book, short, race.id)))


def test_the_worked_week_counts_the_chests_a_build_paid_in_gold(game):
    """The book's week as the engine played it: each build's chest cards and gold add up to its price."""
    from pnp.games.empire.rulebook import worked_week

    w = worked_week.play(game)
    builds = [t for t in w.turns if t.action[0] in ("build", "upgrade")]
    assert builds and all(t.paid is not None and 0 <= t.in_gold <= t.paid for t in builds)
    assert any(t.in_gold for t in builds)  # the shipped week shows one paid partly in gold


def test_the_greedy_agent_values_a_kind_of_resource_it_lacks_while_the_discount_can_grow(game):
    """pnp.games.empire.sim.heuristic.discount_worth: a chest a building still to come for a new kind; nothing
    for a kind held or once the discount is at its most."""
    from pnp.games.empire.sim.heuristic import discount_worth

    s = first_day(game)
    p = s.players[0]
    wood, stone, gems = _holdings(game, ["wood", "stone", "gems"])
    weeks = game.weeks  # week 1: a building a week still to come, fewer than the unbuilt plots
    assert discount_worth(s, 0, wood) == weeks
    p.holdings = [wood]
    assert discount_worth(s, 0, _holdings(game, ["wood", "wood"])[1]) == 0  # the kind is held
    assert discount_worth(s, 0, stone) == weeks
    p.holdings = [wood, stone]
    assert discount_worth(s, 0, gems) == 0  # the discount is at its most
    s.week = weeks
    p.holdings = []
    assert discount_worth(s, 0, gems) == 1
