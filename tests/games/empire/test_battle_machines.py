"""The war machines without a strength and a hero who casts two spells, in «Строительство империи»:
between players the barrier blocks the other side's machine and the mystic stone weakens its spells;
after the battle the first-aid tent restores the weakest lost squad; each exact chance equals a full
enumeration of small decks."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.games.empire.odds_report import report
from pnp.games.empire.render.battle_words import hero_ability
from pnp.games.empire.rules.army import Army, Casting, Hero, Opponent, Squad
from pnp.games.empire.rules.battle.lines import bonus_lines
from pnp.games.empire.rules.battle.march import resolve, restoring
from pnp.games.empire.rules.battle.odds import win_probability
from pnp.games.empire.rules.battle.validation import BattleError
from pnp.games.empire.rules.duel import duel_chances, resolve_duel

ATTACKER = Army((Squad("pikemen", 1, "melee"), Squad("archers", 2, "ranged"), Squad("griffins", 3, "flying")),
                luck=2, deck=(0, 1, 2, 3), machine="ballista", heroes=(Hero("Маг", 0),), tower=1)
DEFENDER = Army((Squad("swordsmen", 4, "melee"), Squad("knights", 6, "melee"), Squad("angels", 7, "flying"),
                 Squad("monks", 5, "magic")), luck=3, deck=(0, 1, 1, 4))


def enumerated(rules, attacker: Army, defender: Army) -> tuple[Fraction, Fraction, Fraction]:
    """Win, draw and loss for the attacker over every pair of distinct deck orders."""
    mine, theirs = set(permutations(attacker.deck)), set(permutations(defender.deck))
    seen = Counter(resolve_duel(rules, attacker, defender, a, d).result for a in mine for d in theirs)
    total = len(mine) * len(theirs)
    return Fraction(seen["win"], total), Fraction(seen["draw"], total), Fraction(seen["loss"], total)


def line(rules, army: Army, opp: Opponent, what: str):
    return next(x for x in bonus_lines(rules, army, opp) if x.what == what)


def test_the_barrier_blocks_the_other_sides_machine(game):
    """«Заслон защита от боевых машин»: the ballista's +3 counts nothing against a barrier."""
    rules = game.battle
    barred = replace(DEFENDER, machine="barrier")
    exact = duel_chances(rules, ATTACKER, barred)
    assert exact == enumerated(rules, ATTACKER, barred)
    assert exact == duel_chances(rules, replace(ATTACKER, machine=None), barred) != duel_chances(rules, ATTACKER,
                                                                                                  DEFENDER)
    sees = Opponent(0, "players", barred.luck, machine="barrier")
    ballista = line(rules, ATTACKER, sees, "war machine ballista")
    assert (ballista.value, ballista.rule) == (0, "the other side's barrier blocks it")
    own = line(rules, barred, Opponent(0, "players", ATTACKER.luck, machine="ballista"), "war machine barrier")
    assert own.rule == "the other side's ballista counts nothing"


def test_against_a_neutral_army_the_barrier_and_the_stone_change_nothing(game):
    rules = game.battle
    field = Opponent(9, "field", 0)
    for machine, why in (("barrier", "it brings no war machine"), ("mystic_stone", "it casts no spell")):
        army = replace(ATTACKER, machine=machine)
        assert line(rules, army, field, f"war machine {machine}").rule == f"no effect against a neutral army: {why}"
        assert win_probability(rules, army, field) == win_probability(rules, replace(ATTACKER, machine=None), field)


@pytest.mark.parametrize("spell, tower, on, counted, moved", [
    ("stone_skin", 1, None, 0, True),  # +3 − 5, not below 0
    ("meteor_shower", 3, None, 7 - 5, None),
    ("thorny_shell", 3, 3, 3 - 3, True),  # the griffins' maximal damage, the deck's largest strike 3, loses it all
    ("earth_ritual", 1, None, 0, False),  # luck: no strength to lose, the luck stays
])
def test_the_mystic_stone_takes_five_from_each_spell_of_the_other_side(game, spell, tower, on, counted, moved):
    """«-5 | Мистический камень ослабляет заклинания противника»; the tower is no spell and keeps its level."""
    rules = game.battle
    army = replace(ATTACKER, machine=None, tower=tower, spells=(Casting(spell, on),))
    stone = replace(DEFENDER, machine="mystic_stone")
    sees = Opponent(0, "players", stone.luck, machine="mystic_stone")
    cast = line(rules, army, sees, f"spell {spell}")
    assert cast.value == counted
    assert cast.rule.endswith("the other side's mystic_stone: −5, not below 0") is (spell != "earth_ritual")
    assert line(rules, army, sees, "magic tower").value == tower * rules.magic.tower_damage
    if moved is not None:  # the luck spell is untouched: the same chances as without the stone
        exact = duel_chances(rules, army, stone)
        assert exact == enumerated(rules, army, stone)
        assert (exact != duel_chances(rules, army, DEFENDER)) is moved


def test_a_barrier_keeps_its_own_spells_from_the_stone(game):
    rules = game.battle
    army = replace(ATTACKER, machine="barrier", tower=3, spells=(Casting("meteor_shower"),))
    sees = Opponent(0, "players", DEFENDER.luck, machine="mystic_stone")
    assert line(rules, army, sees, "spell meteor_shower").value == 7
    assert line(rules, replace(DEFENDER, machine="mystic_stone"), Opponent(0, "players", 2, machine="barrier"),
                "war machine mystic_stone").rule == "the other side's barrier blocks it"


TENT = Army((Squad("pikemen", 1, "melee"), Squad("griffins", 3, "flying", large=True), Squad("swordsmen", 1, "melee")),
            luck=0, deck=(0, 0, 0, 1, 2, 3), machine="first_aid_tent")


def test_the_tents_restoring_is_every_orders_share(game):
    """The tent's card comes after the large creature's saving throw: over every order of the deck the
    restored squad is the weakest still lost (level 1, the rightmost of the two), and the share of orders
    that restore one is what the cards say."""
    rules = game.battle
    opp = Opponent(7, "field", 0)
    orders = set(permutations(TENT.deck))
    restored: Counter[tuple] = Counter()
    for cards in orders:
        out = resolve(rules, TENT, opp, cards)
        assert not set(out.restored) & set(out.lost)
        if out.restored:
            lost = list(out.lost) + list(out.restored)
            level = min(TENT.fighters[i].level for i in lost)
            assert out.restored == (max(i for i in lost if TENT.fighters[i].level == level),)
        restored[out.restored] += 1
    assert set(restored) == {(), (0,), (1,), (2,)}
    # the tent changes nothing of the battle itself
    assert win_probability(rules, TENT, opp) == win_probability(rules, replace(TENT, machine=None), opp)


def test_the_other_sides_barrier_stops_the_tent(game):
    rules = game.battle
    cards = (0, 0, 0, 0, 2, 3)
    held = resolve_duel(rules, replace(DEFENDER, machine="ballista"), TENT, DEFENDER.deck, cards).defender
    assert held.restored == (2,) and held.lines[-1].what == "first_aid_tent: strike 2"
    barred = resolve_duel(rules, replace(DEFENDER, machine="barrier"), TENT, DEFENDER.deck, cards).defender
    assert barred.restored == () and 2 in barred.lost
    assert not [x for x in barred.lines if x.step == "3.3.3"]


def test_pnp_odds_names_whom_the_tent_restores_first(game, tmp_path):
    assert restoring(game.battle, TENT, Opponent(5, "dungeon", 0)) is None  # no machine in a dungeon
    army, against = tmp_path / "army.yaml", tmp_path / "against.yaml"
    army.write_text("luck: 0\nsquads:\n  - {type: pikemen, level: 1, kind: melee}\n"
                    "  - {type: knights, level: 6, kind: melee}\n  - {type: swordsmen, level: 1, kind: melee}\n"
                    "machine: first_aid_tent\ndeck: {0: 3, 2: 2}\n", "utf-8")
    against.write_text("battle: field\nstrength: 5\nluck: 0\n", "utf-8")
    args = ["odds", "--game", "empire", "--army", str(army), "--against", str(against)]
    out = CliRunner().invoke(main, args).output
    assert ("3.3.3  first_aid_tent after the battle           one more card after the saving throws; a strike "
            "restores the weakest squad still lost: 3 swordsmen (level 1), 1 pikemen (level 1), "
            "2 knights (level 6)") in out.splitlines()
    data = json.loads(report(game, {"army": str(army), "against": str(against)}, True))
    assert data["after_battle"] == {"machine": "first_aid_tent", "restores": 1, "weakest_first": [
        "3 swordsmen (level 1)", "1 pikemen (level 1)", "2 knights (level 6)"]}


@pytest.fixture(scope="module")
def two_spells(game):
    """The shipped content, whose dark elves' king casts two spells a battle
    («король тёмных эльфов может колдовать 2 заклинания за битву»)."""
    return game


def test_a_hero_with_two_spells_lets_its_army_cast_both(two_spells):
    rules = two_spells.battle
    king = two_spells.hero("dark_king")
    assert king is not None and king.ability.spells == 2
    # the worksheet's and the rulebook's words for the race's heroes
    assert [hero_ability(two_spells, king, lang) for lang in ("ru", "uk")] == [
        "Король (№8): 2 заклинания за битву", "Король (№8): 2 закляття за битву"]
    hero = Hero(king.name.get("ru"), 0, ability=king.ability)
    army = Army((Squad("pikemen", 1, "melee"), Squad("swordsmen", 4, "melee"), Squad("archers", 2, "ranged", cards=2)),
                luck=0, deck=(0, 0, 1, 2, 3), heroes=(hero,), tower=3,
                spells=(Casting("stone_skin"), Casting("thorny_shell", 3)))
    field = Opponent(14, "field", 0)
    lines = bonus_lines(rules, army, field)
    assert [(x.what, x.value) for x in lines if x.what.startswith("spell ")] == [("spell stone_skin", 3),
                                                                              ("spell thorny_shell", 6)]
    assert ("hero Король: 2 spells a battle", 0) in [(x.what, x.value) for x in lines]
    orders = set(permutations(army.deck))
    for strength in (14, 17):
        opp = replace(field, strength=strength)
        p = win_probability(rules, army, opp)
        assert p == Fraction(sum(resolve(rules, army, opp, c).won for c in orders), len(orders))
    # each is cast under the one spell's rules: the same chance as the thorny shell alone against 3 less
    alone = replace(army, spells=(Casting("thorny_shell", 3),))
    assert win_probability(rules, army, field) == win_probability(rules, alone, replace(field, strength=11))
    # two maximal-damage spells on one squad count it once
    both = replace(army, tower=7, spells=(Casting("thorny_shell", 3), Casting("mass_blessing")))
    assert sum(x.value for x in bonus_lines(rules, both, field) if x.what.startswith("spell ")) == 3 + 3 + 3 * 2


@pytest.mark.parametrize("spells, heroes, where", [
    ((Casting("stone_skin"), Casting("stone_spike", where=("spell", 1))), "mage", ("spell", 1)),
    ((Casting("stone_skin"), Casting("stone_skin", where=("spell", 1))), "dark_king", ("spell", 1)),
    ((Casting("stone_skin"), Casting("stone_spike"), Casting("earth_ritual", where=("spell", 2))), "dark_king",
     ("spell", 2)),
])
def test_more_spells_than_the_heroes_allow_are_refused(two_spells, spells, heroes, where):
    known = two_spells.hero(heroes)
    army = Army((Squad("pikemen", 1, "melee"),), 0, (0, 1), heroes=(Hero("x", 0, ability=known.ability),), tower=2,
                spells=spells)
    with pytest.raises(BattleError) as refused:
        bonus_lines(two_spells.battle, army, Opponent(5, "field", 0))
    assert (refused.value.where, refused.value.code) == (where, "battle-spells")


def test_pnp_odds_reads_a_list_of_spells_at_their_lines(two_spells, tmp_path):
    army, against = tmp_path / "army.yaml", tmp_path / "against.yaml"
    against.write_text("battle: field\nstrength: 12\nluck: 0\n", "utf-8")
    body = ("luck: 0\nsquads:\n  - {type: pikemen, level: 1, kind: melee}\n  - {type: archers, level: 2, kind: ranged}\n"
            "heroes: [{id: HERO}]\ndeck: {0: 2, 1: 1, 3: 1}\ntower: 3\nspell: [stone_skin, {id: thorny_shell, on: 2}]\n")

    def run(text):
        army.write_text(text, "utf-8")
        return CliRunner().invoke(main, ["odds", "--content", two_spells.source, "--army", str(army),
                                         "--against", str(against)])
    army.write_text(body.replace("HERO", "dark_king"), "utf-8")
    done = report(two_spells, {"army": str(army), "against": str(against)}, False)
    assert [x[:40].rstrip() for x in done.splitlines() if x.startswith("3.2.4  spell")] == [
        "3.2.4  spell stone_skin", "3.2.4  spell thorny_shell"]
    refused = run(body.replace("HERO", "mage")).output.strip().splitlines()[0]
    assert refused.split(": error: ")[0].endswith("army.yaml:8:26") and refused.endswith("[battle-spells]"), refused
