"""Exact battle odds: known values, totals, agreement with the engine's sampled battles, CLI."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.games.tverdzha.rules import CHANCE, Move
from pnp.games.tverdzha.rules.events import BattleFought
from pnp.games.tverdzha.rules.odds import UnknownCard, battle_odds

from rulekit import fresh, put


def test_one_against_one_is_four_even_cases(game):
    odds = battle_odds(game, (1,), (1,))
    assert odds.outcomes == {(0, 0): Fraction(1, 4), (0, 1): Fraction(1, 4),
                             (1, 0): Fraction(1, 4), (1, 1): Fraction(1, 4)}
    assert (odds.capture, odds.hold, odds.wiped) == (Fraction(1, 4), Fraction(1, 2), Fraction(1, 4))


def test_two_one_against_one_one_by_hand(game):
    # strength 3 vs 2: the attacker hits on 3+ (p 2/3), the defender on 5+ (p 1/3)
    odds = battle_odds(game, (2, 1), (1, 1))
    att_hits = [Fraction(1, 9), Fraction(4, 9), Fraction(4, 9)]
    def_hits = [Fraction(4, 9), Fraction(4, 9), Fraction(1, 9)]
    assert odds.outcomes == {(i, j): def_hits[i] * att_hits[j] for i in range(3) for j in range(3)}
    assert odds.capture == Fraction(32, 81)


def test_castle_wall_and_bastion_add_up(game):
    assert battle_odds(game, (3,), (1,), castle=True).battle.strength == (3, 2)
    assert battle_odds(game, (3,), (1,), wall=True).battle.strength == (3, 4)
    assert battle_odds(game, (3,), (1,), bastion=True).battle.strength == (3, 5)


@pytest.mark.parametrize("castle", [False, True])
def test_every_card_pair_sums_to_one(game, castle):
    cards = [None] + [c.id for c in game.battle_cards]
    for a in cards:
        for d in cards:
            odds = battle_odds(game, (2, 1), (2, 1), castle=castle, attacker_card=a, defender_card=d)
            assert sum(odds.outcomes.values()) == 1 == odds.capture + odds.hold + odds.wiped
            assert odds.capture == sum(p for (i, j), p in odds.outcomes.items() if j == 2 and i < 2)


def test_unknown_card_suggests(game):
    with pytest.raises(UnknownCard, match="did you mean 'onslaught'"):
        battle_odds(game, (1,), (1,), attacker_card="onslaugt")
    assert battle_odds(game, (1,), (1,), attacker_card="Натиск").battle.mod == (1, 0)


# ---- the engine's sampled battles agree with the enumeration --------------------------------
def _chi2_critical(df: int, z: float = 3.719) -> float:
    """Wilson-Hilferty upper quantile of chi-square (z = 3.719: one in 10,000)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _assert_agrees(exact: dict, counts: Counter, n: int) -> None:
    assert set(counts) <= set(exact)
    stat, df = 0.0, -1
    for key, p in exact.items():
        expected = float(p) * n
        assert expected >= 5, "merge rare cells before testing"
        stat += (counts[key] - expected) ** 2 / expected
        df += 1
    assert stat < _chi2_critical(df), (stat, df)


def _battle_position(game, attacker, defender, cards):
    s = fresh(game)
    s.deck = [d + a + b for d, a, b in zip(s.deck, s.hand[0], s.hand[1])]
    s.hand = [[0] * s.R.n_cards, [0] * s.R.n_cards]
    for p, cid in enumerate(cards):
        if cid:
            c = s.R.card_idx[cid]
            s.deck[c] -= 1
            s.hand[p][c] += 1
    put(s, "a5", 0, attacker)
    put(s, "c2", 1, defender)
    s.validate = False
    s.apply_action(Move("a5", "c2", tuple(sorted(attacker))))
    if s.current_player != CHANCE:
        s.apply_action(tuple(cards))
    return s


@pytest.mark.parametrize("attacker,defender,cards", [
    ((2, 1), (1, 1), (None, None)),
    ((2, 2, 1), (3, 1), ("second_try", "militia")),
])
def test_engine_sampled_battles_match_the_exact_odds(game, attacker, defender, cards):
    n = 100_000
    start = _battle_position(game, attacker, defender, cards)
    rng = random.Random(20240601)
    counts: Counter = Counter()
    for _ in range(n):
        s = start.clone()
        while s.current_player == CHANCE and s.queue[0][0] == "die":
            s.apply_action(s.sample_chance(rng))
        e = next(e for e in reversed(s.events) if isinstance(e, BattleFought))
        counts[(e.att_lost, e.def_lost)] += 1
    exact = battle_odds(game, attacker, defender, attacker_card=cards[0], defender_card=cards[1]).outcomes
    _assert_agrees(exact, counts, n)


def test_chi_square_check_can_fail(game):
    exact = battle_odds(game, (2, 1), (1, 1)).outcomes
    skewed = battle_odds(game, (2, 2), (1, 1)).outcomes  # a different battle
    n = 100_000
    counts = Counter({k: round(float(skewed.get(k, 0)) * n) for k in exact})
    with pytest.raises(AssertionError):
        _assert_agrees(exact, counts, n)


# ---- the command --------------------------------------------------------------------
def test_cli_json(game):
    result = CliRunner().invoke(main, ["odds", "--attacker", "2,1", "--defender", "1,1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert abs(sum(o["p"] for o in data["outcomes"]) - 1) < 1e-12
    assert set(data["outcomes"][0]) >= {"attacker_losses", "defender_losses", "p"}
    assert Fraction(data["capture_exact"]) == Fraction(32, 81) and abs(data["capture"] - 32 / 81) < 1e-12
    assert sum(Fraction(o["p_exact"]) for o in data["outcomes"]) == 1


def test_cli_text_and_errors(game):
    result = CliRunner().invoke(main, ["odds", "--attacker", "3,3", "--defender", "1", "--wall",
                                       "--attacker-card", "ram"])
    assert result.exit_code == 0, result.output
    assert "attacker captures" in result.output and "in its castle" in result.output
    bad = CliRunner().invoke(main, ["odds", "--attacker", "1", "--defender", "1", "--defender-card", "milita"])
    assert bad.exit_code == 2 and "did you mean 'militia'" in bad.output


def test_float_distribution_matches_the_exact_one(game):
    from pnp.games.tverdzha.rules.odds import distribution, open_battle

    b = open_battle(game, (3, 2, 1), (2, 2), castle=True, attacker_card="second_try", defender_card="bandage")
    exact = distribution(b.clone())
    approx = distribution(b.clone(), exact=False)
    assert exact.keys() == approx.keys()
    assert all(abs(float(exact[k]) - approx[k]) < 1e-12 for k in exact)
