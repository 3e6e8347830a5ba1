"""The exact chances beyond the basics: flank, echelon, bribery, morale and a battle between
players, each equal to a full enumeration of small decks and agreeing with seeded sampling."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

from pnp.games.empire.rules.army import Army, Hero, Opponent, Squad
from pnp.games.empire.rules.battle.march import resolve
from pnp.games.empire.rules.battle.odds import win_probability
from pnp.games.empire.rules.battle_rules import HeroAbility, Morale
from pnp.games.empire.rules.duel import duel_chances, resolve_duel



# a flank squad at each end, a line of two in the middle, one second-echelon squad behind the line
RANKS = Army((Squad("pikemen", 1, "melee", flank=True), Squad("archers", 2, "ranged"), Squad("archers", 2, "ranged"),
              Squad("knights", 6, "melee", flank=True)), luck=1, deck=(0, 0, 0, 1, 1, 2, 3, 5),
             echelon=(Squad("swordsmen", 4, "melee", behind=2),))


def _orders(deck):
    return set(permutations(deck))


@pytest.mark.parametrize("opp, chests, at", [
    (Opponent(14, "field", 0), 0, 1),
    (Opponent(0, "field", 2, squads=(3, 4, 6, 9)), 1, 2),
    (Opponent(20, "field", 1, count=4, mercenaries=1), 2, 3),
    (Opponent(6, "siege", 0), 0, 1),
], ids=["flank-echelon", "bribe-card-2", "mercenaries-bribe-card-3", "siege-bans"])
def test_the_exact_chance_is_the_share_of_every_deck_order(game, opp, chests, at):
    army = Army(RANKS.squads, RANKS.luck, RANKS.deck, echelon=RANKS.echelon, chests=chests, chests_at=at)
    if opp.squads:
        opp = Opponent(sum(opp.squads), opp.battle, opp.luck, squads=opp.squads)
    orders = _orders(army.deck)
    won = sum(resolve(game.battle, army, opp, cards).won for cards in orders)
    p = win_probability(game.battle, army, opp)
    assert p == Fraction(won, len(orders))
    assert 0 < p < 1


def test_flank_and_echelon_change_the_chance(game):
    """Break either rule and the chance moves: the flank's ×2 and the echelon's second card both help."""
    opp = Opponent(14, "field", 0)
    p = win_probability(game.battle, RANKS, opp)
    plain = Army(tuple(Squad(s.type, s.level, s.kind) for s in RANKS.squads), RANKS.luck, RANKS.deck)
    assert win_probability(game.battle, Army(RANKS.squads, RANKS.luck, RANKS.deck), opp) < p
    assert win_probability(game.battle, plain, opp) != p


@pytest.mark.parametrize("pips", range(1, 19))
def test_the_domino_tiles_are_counted_as_a_listing_of_the_set_would(pips):
    tiles = [(a, b) for a in range(pips + 1) for b in range(a, pips + 1)]
    for least in range(0, 2 * pips + 3):
        assert Morale(pips, least, 1).tiles() == (sum(a + b >= least for a, b in tiles), len(tiles)), least


def test_a_set_of_any_size_is_counted_without_listing_its_tiles():
    """A listing of a 100,000-pip set took 16.7 GB; the count is arithmetic: (top + 2)² // 4 tiles reach the top pip."""
    top = 10**12
    assert Morale(top, top, 1).tiles() == ((top + 2) ** 2 // 4, (top + 1) * (top + 2) // 2)


def test_the_dungeons_morale_weighs_both_outcomes_of_the_domino(game):
    """16 of the 28 double-six tiles have 6 pips or more: P = 4/7 · P(strength + 1) + 3/7 · P(strength)."""
    assert game.battle.morale.chance() == Fraction(16, 28)
    army = Army((Squad("pikemen", 1, "melee"), Squad("swordsmen", 4, "melee")), luck=0, deck=(0, 1, 2, 2, 3, 4))
    opp = Opponent(5, "dungeon", 0)
    orders = _orders(army.deck)
    up = Fraction(sum(resolve(game.battle, army, opp, c, morale=1).won for c in orders), len(orders))
    level = Fraction(sum(resolve(game.battle, army, opp, c).won for c in orders), len(orders))
    assert up < level
    assert win_probability(game.battle, army, opp) == Fraction(4, 7) * up + Fraction(3, 7) * level


def test_a_hero_doubles_its_own_damage_but_not_its_courage(game):
    """«урон героя х2» and «этот бонус не умножается на коэффициенты»."""
    hero = Hero("Воевода", 3, courage=2, ability=HeroAbility(own_times=2))
    army = Army((Squad("pikemen", 1, "melee"),), luck=0, deck=(0,), heroes=(hero,))
    out = resolve(game.battle, army, Opponent(100, "field", 0), ())
    assert [(x.what, x.value) for x in out.lines if x.step == "3.2.5"] == [("hero Воевода (courage +2)", 8)]


ATTACKER = Army((Squad("pikemen", 1, "melee"), Squad("archers", 2, "ranged"), Squad("griffins", 3, "flying")),
                luck=2, deck=(0, 0, 1, 2, 3), echelon=(Squad("monks", 5, "magic", behind=0),))
DEFENDER = Army((Squad("swordsmen", 4, "melee"), Squad("swordsmen", 4, "melee"), Squad("knights", 6, "melee"),
                 Squad("angels", 7, "flying")), luck=3, deck=(0, 1, 1, 2, 4))


def test_a_battle_between_players_equals_every_pair_of_deck_orders(game):
    """Every order of both decks, counted: win, draw («При ничьей никто не продвигается») and loss, exactly."""
    mine, theirs = _orders(ATTACKER.deck), _orders(DEFENDER.deck)
    seen = Counter(resolve_duel(game.battle, ATTACKER, DEFENDER, a, d).result for a in mine for d in theirs)
    total = len(mine) * len(theirs)
    win, draw, loss = duel_chances(game.battle, ATTACKER, DEFENDER)
    assert (win, draw, loss) == (Fraction(seen["win"], total), Fraction(seen["draw"], total),
                                 Fraction(seen["loss"], total))
    assert win > 0 and draw > 0 and loss > 0 and win + draw + loss == 1


def test_only_the_luckier_player_opens_luck_cards(game):
    out = resolve_duel(game.battle, ATTACKER, DEFENDER, (3, 0, 0, 1, 2), (0, 4, 1, 1, 2))
    assert [x.what for x in out.defender.lines if x.step == "3.2.6"] == ["luck +1 × strike 4"]
    assert not [x for x in out.attacker.lines if x.step == "3.2.6"]
    # the defender opens a card for every squad; the attacker stops once it passes the defender's total
    assert out.defender.reserve == () and out.attacker.target == out.defender.strength


def test_chests_between_players_remove_the_lowest_level_squad(game):
    """The attacker's chest removes the defender's swordsmen (level 4, the rightmost of two): the line
    of two is gone and the attacker's chance rises."""
    before = duel_chances(game.battle, ATTACKER, DEFENDER)[0]
    paid = Army(ATTACKER.squads, ATTACKER.luck, ATTACKER.deck, echelon=ATTACKER.echelon, chests=1)
    out = resolve_duel(game.battle, paid, DEFENDER, ATTACKER.deck, DEFENDER.deck)
    assert [x.what for x in out.defender.lines if x.step == "3.3.2"] == [
        "squad 1 (swordsmen): strike 1", "squad 2 (knights): strike 2", "squad 3 (angels): strike 4"]
    assert duel_chances(game.battle, paid, DEFENDER)[0] > before


def test_the_duel_agrees_with_seeded_sampling(game):
    """Larger decks (too many order pairs to count): 2,000 seeded shuffles land within 4 σ of each exact chance."""
    a = Army(ATTACKER.squads + (Squad("knights", 6, "melee"),), 2, tuple([0] * 6 + [1] * 4 + [2] * 3 + [3] * 2 + [5]),
             echelon=ATTACKER.echelon)
    d = Army(DEFENDER.squads + (Squad("monks", 5, "magic"),), 4, tuple([0] * 5 + [1] * 4 + [2] * 3 + [4] * 2))
    exact = duel_chances(game.battle, a, d)
    rng, n = random.Random(7), 2000
    mine, theirs = list(a.deck), list(d.deck)
    seen: Counter[str] = Counter()
    for _ in range(n):
        rng.shuffle(mine)
        rng.shuffle(theirs)
        seen[resolve_duel(game.battle, a, d, mine, theirs).result] += 1
    for p, key in zip(exact, ("win", "draw", "loss")):
        p = float(p)
        assert 0.02 < p < 0.98, key
        assert abs(seen[key] / n - p) < 4 * (p * (1 - p) / n) ** 0.5, key
