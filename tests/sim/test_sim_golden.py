"""Pinned simulator results: a short greedy-vs-greedy run plays exactly the recorded games
(who won, how, after how many rounds and decisions, what each side built), so speed work on the engine, the heuristic, the lookahead or the compiled build
(benchmarks/compiled_identity.sh runs this test on it) cannot change a single game.

The golden file was made by the code from before the speed work. Regenerate it only after
an intended change of the rules, the content's numbers or the agents, with
`pytest --regen-golden`, and read the diff before accepting it.
"""

from __future__ import annotations

import json
from pathlib import Path


from simkit import specs
from pnp.sim.runner import play_many

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "sim-greedy-seed7.jsonl"
GAMES, SEED = 16, 7


#: What of each game's record is pinned: the course of the game, not the report's layout.
KEYS = ("index", "winner", "victory", "rounds", "decisions", "built", "upgraded")


def games_text(source) -> str:
    records = play_many(source, specs("greedy,greedy"), games=GAMES, seed=SEED)
    games = [{k: r[k] for k in KEYS} for r in records]
    return "\n".join(json.dumps(g, sort_keys=True, ensure_ascii=False) for g in games) + "\n"


def test_greedy_games_match_golden(source, golden):
    golden(GOLDEN, games_text(source), "line (game index + 1)")
