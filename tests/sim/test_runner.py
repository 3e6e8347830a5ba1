"""The runner: seat-swapped pairs on common seeds, worker-independent results, the records."""

from __future__ import annotations

import os
import pickle
import random

import pytest

from pnp.games.tverdzha import rules
from pnp.games.tverdzha.rules.agents_min import play
from pnp.sim import runner, seeding
from pnp.games.tverdzha.sim.observe import Observer
from pnp.content import default_content
from pnp.sim.hooks import UnknownAgent
from pnp.sim.runner import MIN_BLOCKS, default_workers, play_game, play_many, play_until, result_document
from pnp.sim.source import GameSource
from pnp.sim.stats import SeatPrecision
from simkit import SIM, agent, specs

RANDOM = specs("random,random")
GREEDY = specs("greedy,greedy")
SHORT = 20  # rounds: random games end by this cap, which keeps the many-game tests fast


def test_pairs_swap_seats_and_share_the_setup(game):
    gs = seeding.block_games(11, 0, 4)
    recs = [play_game(SIM, game, specs("random,greedy"), g) for g in gs]
    for a, b in zip(recs[::2], recs[1::2]):
        assert a["pair"] == b["pair"]
        assert a["slots"] == {"A": 0, "B": 1} and b["slots"] == {"A": 1, "B": 0}
        assert a["layout"] == b["layout"]  # common chance seed: same land tiles
    assert recs[0]["layout"] != recs[2]["layout"]
    assert recs[0]["agent_names"] == ["random", "greedy"]


def test_records_do_not_depend_on_workers(source):
    pair = specs("random,scripted")
    one = play_many(source, pair, games=36, seed=5, workers=1)  # two blocks, the second short
    two = play_many(source, pair, games=36, seed=5, workers=2)
    assert one == two
    assert [r["index"] for r in one] == list(range(36))


def test_spawned_workers_give_the_records_of_forked_ones(source):
    """A spawned worker shares nothing with the command: it builds the game from the task."""
    run = dict(games=66, seed=4, workers=2, max_rounds=SHORT)  # three blocks, the last one short and odd
    forked = play_many(source, RANDOM, start_method="fork", **run)
    spawned = play_many(source, RANDOM, start_method="spawn", **run)
    assert forked == spawned == play_many(source, RANDOM, **run | {"workers": 1})
    assert len(spawned) == 66


def test_a_block_task_pickles_and_carries_the_ablation(game):
    src = GameSource.read(default_content(), SIM, forbid=("ram",))
    copy = pickle.loads(pickle.dumps((src, RANDOM, 1, 0, 32, 100)))
    assert copy[0] == src and "ram" not in {c.id for c in copy[0].game().battle_cards}
    assert src.sha256 == game.sha256 and GameSource.read(default_content(), SIM).game() == game


def test_precision_plays_the_games_of_a_fixed_run_whatever_the_workers(source):
    records, stop = play_until(source, RANDOM, precision=0.2, max_games=640, seed=3, workers=2, max_rounds=SHORT)
    assert stop["reason"] == "precision" and len(records) == stop["games"] == MIN_BLOCKS * seeding.BLOCK_GAMES
    assert records == play_many(source, RANDOM, games=len(records), seed=3, max_rounds=SHORT)


@pytest.mark.parametrize("alike_blocks, stops_after", [(4, 5), (0, MIN_BLOCKS)])
def test_precision_stops_at_the_first_block_boundary_that_reaches_it(source, monkeypatch, make_record,
                                                                      alike_blocks, stops_after):
    """Fake blocks: in the first `alike_blocks` both games of a pair are won by one seat (the
    widest spread of the pair means), then every pair is split 1:1 (no spread at all). With
    4 blocks alike the half-width is 12.3 pp after block 4 and 9.9 pp after block 5; split
    from the start it is 0 at once, and the rule still waits for MIN_BLOCKS blocks. No
    block past the stop is read."""
    size = seeding.BLOCK_GAMES
    fake = [[make_record(i, "AB"[(i // 2) % 2] if b < alike_blocks else "AB"[i % 2])
             for i in range(b * size, (b + 1) * size)] for b in range(12)]
    served = []

    def blocks(*_, **__):
        for b, block in enumerate(fake):
            served.append(b)
            yield block

    monkeypatch.setattr(runner, "play_blocks", blocks)
    records, stop = play_until(source, RANDOM, precision=0.1, max_games=12 * size, seed=1)
    assert len(records) == stops_after * size and served == list(range(stops_after))
    assert stop["reason"] == "precision" and stop["half_width_pp"] <= 10
    if alike_blocks:
        before = SeatPrecision(("A", "B")).add(records[:-size]).widest()[0]
        assert before == pytest.approx(0.1235, abs=1e-4) and stop["half_width_pp"] == pytest.approx(9.86, abs=0.01)


def test_precision_out_of_reach_stops_at_the_cap(source):
    records, stop = play_until(source, RANDOM, precision=0.001, max_games=70, seed=3, max_rounds=SHORT)
    assert len(records) == 70 and stop["reason"] == "max-games" and stop["max_games"] == 70


def test_workers_default_to_the_usable_cores():
    assert default_workers() == len(os.sched_getaffinity(0))


def test_a_game_is_reproducible_from_its_seed(game):
    gs = seeding.block_games(3, 0, 2)[1]
    assert play_game(SIM, game, RANDOM, gs) == play_game(SIM, game, RANDOM, gs)


def test_observed_peaks_match_the_engine_levels(game):
    """Recompute every level with the engine's public methods at every step."""
    gs = seeding.block_games(2, 0, 2)[0]
    chance = random.Random(gs.chance)
    agents = [agent("greedy", game, random.Random(i)) for i in range(2)]
    state = rules.new_game(game)
    obs = Observer(game, state)
    tokens = hand = units = score = 0
    res = {}

    def levels(s, *_step):  # every position: the start, then after each action (checked before the next)
        nonlocal tokens, hand, units, score
        obs.step(s)
        for p in (0, 1):
            score = max(score, s.score(p))
            units = max(units, s.army(p))
            tokens = max(tokens, s.army(p) + s.wounded[p])
            hand = max(hand, s.hand_count(p))
            for rid, v in s.resources(p).items():
                res[rid] = max(res.get(rid, 0), v)

    levels(play(state, agents, chance, levels))
    rec = obs.record(state, capped=False)
    assert rec["peaks"]["units"] == units and rec["peaks"]["tokens"] == tokens and rec["peaks"]["hand"] == hand
    assert rec["peaks"]["score"] == score >= game.victory.points
    assert {k[4:]: v for k, v in rec["peaks"].items() if k.startswith("res_")} == res
    assert units > 1 and hand >= game.limits.hand_size


def test_the_score_peak_is_the_highest_score_held_not_the_final_one(game):
    """The score track must hold a score a player reached and lost again (lands taken back)."""
    state = rules.new_game(game)
    cells = range(state.R.n_cells)
    for c in cells:  # A holds every land for a moment: a high score
        state.owner[c] = 0
    obs = Observer(game, state)
    high = state.score(0)
    for c in cells:  # and loses them again
        state.owner[c] = -1
    obs.step(state)
    assert state.score(0) < high and obs.peak["score"] == high


def test_battle_dice_peaks_follow_the_battles(game, source):
    recs = play_many(source, GREEDY, games=8, seed=9)
    battles = sum(r["battles"]["count"] for r in recs)
    assert battles > 0
    for r in recs:
        p = r["peaks"]
        assert p["side_dice"] <= p["battle_dice"] <= 2 * p["side_dice"]
        assert p["side_dice"] <= max(4, game.limits.units_per_land + 1)  # one group from one space
        if not r["battles"]["count"]:
            assert p["battle_dice"] == 0


def test_result_document_has_every_statistic(game, source):
    recs = play_many(source, RANDOM, games=6, seed=1)
    doc = result_document(source, RANDOM, recs, seed=1)
    st = doc["stats"]
    assert doc["meta"]["content_sha256"] == game.sha256 and doc["meta"]["agents"] == ["random", "random"]
    for key in ("seats", "agents", "victory_types", "length", "cap", "pairs", "buildings", "battle_cards", "peaks"):
        assert key in st
    assert set(st["battle_cards"]) == {c.id for c in game.battle_cards}
    assert set(st["buildings"]) == {b.id for b in game.buildings}
    for key in ("tokens", "units", "units_s1", "units_s4", "hand", "battle_dice", "side_dice", "reshuffles",
                "market_exhausted", "res_wood", "res_gold"):
        assert set(st["peaks"][key]) == {"mean", "p50", "p99", "p99.9", "max", "games"}
        assert sum(st["peaks"][key]["games"].values()) == 6
    assert st["length"]["rounds"]["max"] <= doc["meta"]["cap_rounds"]
    stop = doc["meta"]["stop"]
    assert (stop["rule"], stop["reason"], stop["games"]) == ("games", "games", 6)
    assert stop["half_width_pp"] > 0 and stop["widest"] in game.players


@pytest.mark.parametrize("bad", ["greedy,foo", "a,b,c", "greedy:5", "search:x"])
def test_bad_agent_specs_are_refused(bad):
    with pytest.raises(UnknownAgent):
        specs(bad)


def test_a_block_plays_with_the_cyclic_collector_paused_and_restores_it(source, monkeypatch):
    import gc

    seen = []

    def fake_game(sim, game, specs_, gs, max_rounds):
        seen.append(gc.isenabled())
        if len(seen) == 2:
            raise KeyboardInterrupt  # an interrupted block leaves the collector as it found it
        return {}

    monkeypatch.setattr(runner, "play_game", fake_game)
    task = runner.block_tasks(source, RANDOM, games=4, seed=1)[0]
    assert gc.isenabled()
    with pytest.raises(KeyboardInterrupt):
        runner.play_block(task)
    assert seen == [False, False] and gc.isenabled()
    gc.disable()
    try:
        seen.clear()
        monkeypatch.setattr(runner, "play_game", lambda *a: seen.append(gc.isenabled()) or {})
        runner.play_block(task)
        assert seen and not any(seen) and not gc.isenabled()  # off before, off after
    finally:
        gc.enable()
