"""Play many seeded games, in seat-rotated groups, on one or more processes.

`play_many(source, specs, games, seed, workers)` returns one record per game in game-index
order; `play_until` plays block after block until the seat estimates are as precise as
asked. Every game's randomness comes from its GameSeed (pnp.sim.seeding), so the records,
and the JSON made from them, are the same for any --workers and either start method. Each
task is one fixed block of games and carries everything it needs (the content text, the
game's Simulation, the agents, the seed, the block: pnp.sim.source), so workers may be
forked or spawned. A game is played through the engine protocol (pnp.sim.engine) alone.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import math
import multiprocessing
import os
import random
import sys
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Any

from pnp.core.interrupts import worker_pool
from pnp.sim import seeding
from pnp.sim.engine import CHANCE, SIMULTANEOUS, winner
from pnp.sim.hooks import Simulation, make_agent
from pnp.sim.records import RecordStore
from pnp.sim.source import GameSource
from pnp.sim.stats import DIGITS, SeatPrecision, summarize

#: A game still running after this many decisions is stopped and counted as capped (a
#: rules problem: the engine's own round cap should end every game long before).
MAX_DECISIONS = 4000
#: Rounds after which the engine ends a game as "cap" (passed to new_game).
MAX_ROUNDS = 100
#: `--precision` decides only from this many blocks on (64 pairs): before that a sample
#: variance of the group means can be zero by chance (every pair split 1:1) and stop at once.
MIN_BLOCKS = 4


def play_game(sim: Simulation, game: Any, specs, gs: seeding.GameSeed, max_rounds: int = MAX_ROUNDS) -> dict:
    """One full game; returns its record: the runner's part (index, pair, winner, slots,
    agents, decisions) and the game's (its Observer's record)."""
    roles = sim.roles(game)
    seats = range(len(roles))
    chance = random.Random(gs.chance)
    slots = gs.slots
    agents = [make_agent(sim, specs[slots[seat]], game, random.Random(gs.agents[slots[seat]])) for seat in seats]
    state = sim.new_game(game, max_rounds)
    bind = getattr(sim, "bind_slots", None)  # optional: a game whose seats differ by a chance deal
    if bind is not None:
        bind(state, slots)
    observer = sim.observer(game, state)
    decisions = 0
    while not state.is_terminal() and decisions < MAX_DECISIONS:
        player = state.current_player
        if player == CHANCE:
            state.apply_action(state.sample_chance(chance))
        elif player == SIMULTANEOUS:
            state.apply_action(state.joint_action([agents[p].act(state, p) for p in seats]))
            decisions += 1
        else:
            state.apply_action(agents[player].act(state, player))
            decisions += 1
        observer.step(state)
    capped = not state.is_terminal()
    part = observer.record(state, capped)
    won = None if capped or part["victory"] == "cap" else winner(state.returns())
    return {"index": gs.index, "pair": gs.pair, "winner": None if won is None else roles[won],
            "decisions": decisions, "slots": {roles[seat]: slots[seat] for seat in seats},
            "agent_names": [specs[s].label for s in seats]} | part


# ---- many games ------------------------------------------------------------------

def default_workers() -> int:
    """The cores this process may run on (the affinity mask where the platform has one)."""
    if hasattr(os, "process_cpu_count"):  # Python 3.13+
        return os.process_cpu_count() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def default_start_method() -> str:
    """fork where it is safe and offered (it starts workers without re-importing pnp);
    spawn elsewhere: Windows has no fork, and macOS's system libraries break in a forked child."""
    methods = multiprocessing.get_all_start_methods()
    return "fork" if "fork" in methods and sys.platform != "darwin" else "spawn"


def play_block(task: tuple) -> list[dict]:
    """One task: the records of one block. The task is self-contained and pickles (the
    worker builds the model from the source), so any start method runs it."""
    source, specs, seed, block, games, max_rounds = task
    game = source.game()
    with cyclic_gc_paused():
        return [play_game(source.simulation, game, specs, gs, max_rounds)
                for gs in seeding.block_games(seed, block, games, len(specs))]


@contextlib.contextmanager
def cyclic_gc_paused() -> Iterator[None]:
    """Run the block without Python's cyclic garbage collector.

    The agents copy positions by the thousand a decision, and each copy is a handful of
    lists, so the collector's young generation fills every few hundred copies and is
    scanned again and again (about 8 % of a compiled greedy game) while finding nothing:
    a position is freed by its reference count when the agent drops it. Whatever cycles
    an engine or agent does make wait for the block's end, so their memory is
    bounded by the block: once enabled again, the collector's next young-generation pass
    finds them (a full collection here would walk the whole heap, the model and caches
    included, about 0.1 s a block). When it collects changes no result: no engine reads
    addresses or finalizers."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def block_tasks(source: GameSource, specs, *, games: int, seed: int, max_rounds: int = MAX_ROUNDS) -> list[tuple]:
    """The `play_block` tasks of the first `games` games, in block order."""
    return [(source, tuple(specs), seed, b, games, max_rounds) for b in range(len(seeding.blocks(games, len(specs))))]


def play_blocks(source: GameSource, specs, *, games: int, seed: int, workers: int = 1,
                start_method: str | None = None, max_rounds: int = MAX_ROUNDS) -> Iterator[list[dict]]:
    """The records of each block of the first `games` games, in block order.

    Whoever stops iterating early (and closes the generator) stops the play: the pool is
    terminated, and blocks played ahead are dropped. Blocks are submitted a few ahead of
    the one awaited, in index order, so the processes stay busy without running far past
    a stop.
    """
    tasks = block_tasks(source, specs, games=games, seed=seed, max_rounds=max_rounds)
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_block(task)
        return
    source.game()  # built here first, so a forked worker inherits the model
    processes = min(workers, len(tasks))
    with worker_pool(processes, start_method or default_start_method()) as pool:  # pnp.core.interrupts
        queue = iter(tasks)
        ahead = deque(pool.submit(play_block, t) for t in itertools.islice(queue, 2 * processes))
        while ahead:
            block = ahead.popleft().result()
            ahead.extend(pool.submit(play_block, t) for t in itertools.islice(queue, 1))
            yield block


def play_many(source: GameSource, specs, *, games: int, seed: int, workers: int = 1, progress=None,
              start_method: str | None = None, max_rounds: int = MAX_ROUNDS) -> RecordStore:
    """Records of `games` games in index order, packed (pnp.sim.records: memory stays flat
    in the games); `progress(n)` is called as blocks finish."""
    records = RecordStore()
    for block in play_blocks(source, specs, games=games, seed=seed, workers=workers,
                             start_method=start_method, max_rounds=max_rounds):
        records += block
        if progress:
            progress(len(block))
    return records


def play_until(source: GameSource, specs, *, precision: float, max_games: int, seed: int, workers: int = 1,
               progress=None, start_method: str | None = None,
               max_rounds: int = MAX_ROUNDS) -> tuple[RecordStore, dict]:
    """Play whole blocks, in index order, until every seat's 95 % half-width (pairs as the
    unit, pnp.sim.stats.SeatPrecision) is at most `precision` (a fraction: 0.01 is 1 pp),
    or `max_games` are played. The rule is decided after each block, never from blocks
    that came back early, so the games played, and the result, are those of
    `--games <the count it stopped at>` whatever --workers says.

    Returns the records and the stop (see `stop_rule`)."""
    players = source.roles
    tally = SeatPrecision(players)
    records = RecordStore()
    reason = "max-games"
    blocks = play_blocks(source, specs, games=max_games, seed=seed, workers=workers,
                         start_method=start_method, max_rounds=max_rounds)
    with contextlib.closing(blocks):
        for done, block in enumerate(blocks, 1):
            records += block
            tally.add(block)
            if progress:
                progress(len(block))
            if done >= MIN_BLOCKS and tally.widest()[0] <= precision:
                reason = "precision"
                break
    return records, stop_rule(records, players, reason, precision=precision, max_games=max_games)


def stop_rule(records: Sequence[dict], players, reason: str, *, precision: float | None = None,
              max_games: int | None = None) -> dict:
    """meta.stop of the result: the rule, why the run stopped, and the precision it reached."""
    half, seat = SeatPrecision(players).add(records).widest()
    return {"rule": "games" if precision is None else "precision", "reason": reason,
            "target_pp": None if precision is None else round(100 * precision, DIGITS),
            "max_games": max_games, "games": len(records),
            "half_width_pp": round(100 * half, DIGITS) if math.isfinite(half) else None, "widest": seat}


def result_document(source: GameSource, specs, records: Sequence[dict], *, seed: int,
                    max_rounds: int = MAX_ROUNDS, stop: dict | None = None) -> dict:
    """The `pnp sim --json` document: what was run (meta) and what came out (stats: the
    general ones and the game's own). `stop` is what `play_until` returned; a run of a
    fixed number of games has none."""
    game, players = source.game(), source.roles
    return {
        "meta": {"game": game.id, "content_sha256": game.sha256, "seed": seed,
                 "agents": [s.label for s in specs], "forbid": list(source.forbid),
                 "block_games": seeding.block_size(len(players)), "cap_rounds": max_rounds,
                 "cap_decisions": MAX_DECISIONS, "quantiles": "nearest rank", "pnp_sim": 2,
                 "stop": stop or stop_rule(records, players, "games")},
        "stats": summarize(records, players) | source.simulation.summarize(records, players),
    }
