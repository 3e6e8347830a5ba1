"""Statistics: Wilson intervals, quantiles, seeding and the summary over game records."""

from __future__ import annotations

import math

import pytest

from pnp.games.tverdzha.sim import summary
from pnp.sim import seeding
from pnp.sim.stats import PairTally, distribution, pair_interval, peak, quantile, rate, summarize, wilson, wilson_cc


@pytest.mark.parametrize("k, n, lo, hi", [
    # Values from Wilson (1927) as tabulated by Newcombe (1998), Stat. Med. 17:857, table I.
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_known_values(k, n, lo, hi):
    got = wilson(k, n)
    assert got[0] == pytest.approx(lo, abs=6e-5)
    assert got[1] == pytest.approx(hi, abs=6e-5)


@pytest.mark.parametrize("k, n, lo, hi", [
    # Newcombe (1998), Stat. Med. 17:857, table I, method 4 (score interval with continuity correction).
    (81, 263, 0.2535, 0.3682),
    (15, 148, 0.0598, 0.1644),
    (0, 20, 0.0, 0.2005),
    (1, 29, 0.0018, 0.1963),
])
def test_wilson_with_continuity_correction_known_values(k, n, lo, hi):
    got = wilson_cc(k, n)
    assert got[0] == pytest.approx(lo, abs=6e-5)
    assert got[1] == pytest.approx(hi, abs=6e-5)
    plain = wilson(k, n)
    assert got[0] <= plain[0] and got[1] >= plain[1]  # wider: conservative for rare events


def test_pair_tally_is_the_same_block_by_block_or_at_once(make_record):
    recs = [make_record(i, "AB "[(i * 7 + i // 3) % 3].strip() or None) for i in range(101)]  # an odd game last
    won = lambda r: r["winner"] == "A"  # noqa: E731
    whole = PairTally()
    whole.add(recs, won)
    blocks = PairTally()
    for start in range(0, 101, 32):
        blocks.add(recs[start:start + 32], won)
    assert (whole.pairs, whole.total, whole.squares) == (blocks.pairs, blocks.total, blocks.squares)
    assert whole.pairs == 51 and 0 < whole.total < 2 * 51
    assert whole.half_width() == blocks.half_width() and whole.interval() == pair_interval(recs, won)
    means = [(won(recs[2 * k]) + won(recs[2 * k + 1])) / 2 for k in range(50)] + [float(won(recs[100]))]
    m = sum(means) / 51
    sd = math.sqrt(sum((x - m) ** 2 for x in means) / 50)
    assert whole.half_width() == pytest.approx(1.959963984540054 * sd / math.sqrt(51), rel=1e-12)
    assert PairTally().half_width() == math.inf


def test_wilson_is_symmetric_and_contains_the_rate():
    lo, hi = wilson(30, 100)
    lo2, hi2 = wilson(70, 100)
    assert lo == pytest.approx(1 - hi2) and hi == pytest.approx(1 - lo2)
    assert lo < 0.3 < hi
    assert wilson(0, 0) == (0.0, 1.0)


def test_rate_rounds_and_reports_counts():
    r = rate(1000, 2000)
    assert r["n"] == 1000 and r["of"] == 2000 and r["rate"] == 0.5
    assert r["ci95"] == [0.4781, 0.5219]


def test_nearest_rank_quantiles():
    values = list(range(1, 1001))  # 1..1000
    assert quantile(values, 0.5) == 500
    assert quantile(values, 0.99) == 990
    assert quantile(values, 0.999) == 999
    assert quantile([7], 0.999) == 7
    d = distribution([1, 2, 3, 10])
    assert d == {"mean": 4.0, "p50": 2, "p90": 10, "max": 10}
    assert peak([5] * 999 + [9]) == {"mean": 5.004, "p50": 5, "p99": 5, "p99.9": 5, "max": 9,
                                     "games": {"5": 999, "9": 1}}


def test_blocks_pair_games_on_common_seeds():
    games = seeding.block_games(7, 0, 6)
    assert [g.index for g in games] == [0, 1, 2, 3, 4, 5]
    for a, b in zip(games[::2], games[1::2]):
        assert a.pair == b.pair and a.chance == b.chance and a.agents == b.agents
        assert a.slots == (0, 1) and b.slots == (1, 0)
    assert games[0].chance != games[2].chance


def test_block_seeds_do_not_depend_on_how_many_games_follow():
    short = seeding.block_games(7, 1, 40)  # a short last block
    full = seeding.block_games(7, 1, 64)
    assert short == full[:len(short)]
    assert [len(b) for b in seeding.blocks(70)] == [32, 32, 6]


def test_summary_counts_seats_agents_pairs_and_the_cap(make_record):
    recs = [make_record(0, "A"), make_record(1, "A"), make_record(2, "B"), make_record(3, None, "cap", rounds=100)]
    s = summarize(recs, ("A", "B"))
    assert s["seats"]["A"]["n"] == 2 and s["seats"]["B"]["n"] == 1 and s["seats"]["none"]["n"] == 1
    # game 0: slot 0 sat in A and won; game 1: slot 1 sat in A and won; game 2: slot 1 sat in B and won
    assert [w["n"] for w in s["agents"]["wins"]] == [1, 2]
    assert s["pairs"] == {"pairs": 2, "same_seat_won_both": 1, "same_agent_won_both": 0}
    assert s["cap"]["n"] == 1 and s["cap"]["problem"] is True
    assert s["victory_types"]["cap"]["n"] == 1
    assert s["peaks"]["tokens"]["max"] == 8
    assert math.isclose(s["length"]["rounds"]["mean"], 32.5)
    assert "buildings" not in s  # the game's own statistics come from its Simulation
    own = summary.summarize(recs, ("A", "B"))
    assert own["buildings"]["wall"]["built"] == 4 and own["buildings"]["wall"]["win_when_built"]["n"] == 2
    assert own["battle_cards"]["ram"] == {"played": 8, "battle_win": rate(4, 8), "by_agent": {"x": 4, "y": 4}}

    assert own["battle_cards"]["loot"]["played"] == 0
    assert own["battles"]["count"] == 8 and own["battles"]["attacker_won"]["n"] == 4


def test_battle_cards_are_counted_for_the_agent_in_the_seat_that_played_them(make_record):
    # seat A plays twice in game 0 (slot 0, agent x) and once in game 1 (seats swapped: agent y)
    recs = [make_record(0, "A") | {"cards": [("ram", True, 0), ("loot", True, 0)]},
            make_record(1, "B") | {"cards": [("ram", False, 0)]}]
    cards = summary.summarize(recs, ("A", "B"))["battle_cards"]
    assert cards["ram"]["by_agent"] == {"x": 1, "y": 1} and cards["loot"]["by_agent"] == {"x": 1, "y": 0}
    # one agent in both seats: the totals alone, as before the split was added
    same = [r | {"agent_names": ["x", "x"]} for r in recs]
    assert summary.summarize(same, ("A", "B"))["battle_cards"]["ram"] == {"played": 2, "battle_win": rate(1, 2)}


def test_pair_interval_widens_when_pairs_agree(make_record):
    agree = [make_record(i, "A" if (i // 2) % 2 == 0 else "B") for i in range(200)]  # both games alike
    alternate = [make_record(i, "AB"[i % 2]) for i in range(200)]  # A then B in every pair
    wide = summarize(agree, ("A", "B"))["seats"]["A"]
    narrow = summarize(alternate, ("A", "B"))["seats"]["A"]
    assert wide["rate"] == narrow["rate"] == 0.5
    assert wide["ci95"] == narrow["ci95"]  # Wilson sees only the counts
    assert wide["ci95_pairs"][1] - wide["ci95_pairs"][0] > wide["ci95"][1] - wide["ci95"][0]
    assert narrow["ci95_pairs"] == [0.5, 0.5]


def test_three_seats_rotate_every_agent_through_every_seat_in_groups_of_three():
    games = seeding.block_games(7, 0, 30, seats=3)
    assert seeding.block_size(3) == 30 and [len(b) for b in seeding.blocks(70, seats=3)] == [30, 30, 10]
    for group in (games[0:3], games[3:6]):
        assert len({(g.pair, g.chance, g.agents) for g in group}) == 1 and len(group[0].agents) == 3
        assert [g.slots for g in group] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    assert games[0].chance != games[3].chance


def _three_seat_record(i, winner):
    slots = seeding.GameSeed(i, i // 3, i % 3, 0, (0, 0, 0)).slots
    return {"index": i, "pair": i // 3, "winner": winner, "victory": "points", "rounds": 5, "decisions": 9,
            "slots": dict(zip(("attacker", "defender", "ally"), slots)), "agent_names": ["x", "y", "z"],
            "peaks": {}}


def test_three_seat_groups_are_one_observation_and_count_the_agent_that_won_all():
    # group 0: the attacker wins all three games (three different agents); group 1: agent
    # slot 0 wins all three, from each seat in turn (slots rotate: seat of slot 0 is 0, 2, 1)
    recs = [_three_seat_record(i, "attacker") for i in range(3)]
    recs += [_three_seat_record(3, "attacker"), _three_seat_record(4, "ally"), _three_seat_record(5, "defender")]
    s = summarize(recs, ("attacker", "defender", "ally"))
    assert s["pairs"] == {"pairs": 2, "same_seat_won_both": 1, "same_agent_won_both": 1}
    assert s["seats"]["attacker"]["n"] == 4 and s["agents"]["wins"][0]["n"] == 4
    tally = PairTally(3)
    tally.add(recs, lambda r: r["winner"] == "attacker")
    assert tally.mean() == pytest.approx(4 / 6)  # group means 1 and 1/3
    # sample variance of the group means (1, 1/3) is 2/9; its standard error over 2 groups is 1/3
    assert tally.half_width() == pytest.approx(1.959963984540054 / 3)


def test_a_grouped_rate_counts_a_group_of_copies_as_one_observation():
    """A race's win rate over seat-rotated groups: games that share their chance draws may be near copies, and
    four copies of a game tell no more than the game once; the interval must not narrow for them."""
    from pnp.sim.stats import grouped_rate
    once = grouped_rate([(1, 1)] * 25 + [(0, 1)] * 75)
    copies = grouped_rate([(4, 4)] * 25 + [(0, 4)] * 75)
    assert once["rate"] == copies["rate"] == 0.25 and copies["of"] == 400 and copies["groups"] == 100
    assert copies["ci95"] == once["ci95"]
    lo, hi = once["ci95"]
    assert 0.16 < lo < 0.17 and 0.33 < hi < 0.34  # 0.25 ± 1.96 · sqrt(0.25 · 0.75 / 99)
    # groups that agree exactly (one win in each group of four) leave no doubt about the rate
    assert grouped_rate([(1, 4)] * 50)["ci95"] == [0.25, 0.25]
    # a race absent from some groups: the rate is over the games it played
    assert grouped_rate([(1, 1), (0, 2), (1, 1)])["rate"] == 0.5
