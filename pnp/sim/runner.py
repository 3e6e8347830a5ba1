"""Play many seeded games, in seat-swapped pairs, on one or more processes.

`play_many(game, specs, games, seed, workers)` returns one record per game in game-index
order. Every game's randomness comes from its GameSeed (pnp.sim.seeding), so the records,
and the JSON made from them, are the same for any --workers. Workers are forked and
inherit the model (it holds read-only mapping proxies that do not pickle); each task is
one fixed block of games.
"""

from __future__ import annotations

import random

from pnp.content.model import Game
from pnp.interrupts import fork_pool
from pnp.sim import seeding
from pnp.sim.stats import summarize

#: A game still running after this many decisions is stopped and counted as capped (a
#: rules problem: the engine's own round cap should end every game long before).
MAX_DECISIONS = 4000
#: Rounds after which the engine ends a game as "cap" (passed to new_game).
MAX_ROUNDS = 100


def play_game(game: Game, specs, gs: seeding.GameSeed, max_rounds: int = MAX_ROUNDS) -> dict:
    """One full game; returns its record (see pnp.sim.observe)."""
    from pnp import rules
    from pnp.sim.agents import make_agent
    from pnp.sim.observe import Observer

    chance = random.Random(gs.chance)
    slots = gs.slots
    agents = [make_agent(specs[slots[seat]], game, random.Random(gs.agents[slots[seat]]), seat)
              for seat in range(2)]
    state = rules.new_game(game, max_rounds=max_rounds)
    observer = Observer(game, state)
    decisions = 0
    while not state.is_terminal() and decisions < MAX_DECISIONS:
        player = state.current_player
        if player == rules.CHANCE:
            state.apply_action(state.sample_chance(chance))
        elif player == rules.SIMULTANEOUS:
            state.apply_action(rules.joint_action(state, [agents[p].act(state, p) for p in range(2)]))
            decisions += 1
        else:
            state.apply_action(agents[player].act(state, player))
            decisions += 1
        observer.step(state)
    return observer.record(state, gs, [specs[s].label for s in (0, 1)], decisions,
                           capped=not state.is_terminal())


# ---- many games ------------------------------------------------------------------

_WORKER: dict = {}


def _play_block(task) -> list[dict]:
    block, seed, games = task
    game, specs, max_rounds = _WORKER["game"], _WORKER["specs"], _WORKER["max_rounds"]
    return [play_game(game, specs, gs, max_rounds) for gs in seeding.block_games(seed, block, games)]


def play_many(game: Game, specs, *, games: int, seed: int, workers: int = 1, progress=None,
              max_rounds: int = MAX_ROUNDS) -> list[dict]:
    """Records of `games` games in index order; `progress(n)` is called as blocks finish."""
    _WORKER.update(game=game, specs=tuple(specs), max_rounds=max_rounds)
    tasks = [(b, seed, games) for b in range(len(seeding.blocks(games)))]
    records: list[dict] = []
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            block = _play_block(task)
            records += block
            if progress:
                progress(len(block))
        return records
    with fork_pool(min(workers, len(tasks))) as pool:  # workers end with us (pnp.interrupts)
        for block in pool.imap(_play_block, tasks):  # imap keeps block order
            records += block
            if progress:
                progress(len(block))
    return records


def result_document(game: Game, specs, records: list[dict], *, seed: int, forbid=(),
                    max_rounds: int = MAX_ROUNDS) -> dict:
    """The `pnp sim --json` document: what was run (meta) and what came out (stats)."""
    return {
        "meta": {"game": game.id, "content_sha256": game.sha256, "seed": seed,
                 "agents": [s.label for s in specs], "forbid": list(forbid),
                 "block_games": seeding.BLOCK_GAMES, "cap_rounds": max_rounds,
                 "cap_decisions": MAX_DECISIONS, "quantiles": "nearest rank", "pnp_sim": 1},
        "stats": summarize(records, tuple(game.players)),
    }
