"""Evidence run: does the search agent beat greedy? (issue 3, "Done when").

    python benchmarks/search_vs_greedy.py [--games 200] [--budget 48] [--seed 7] [--workers 2] [--json F]

Seat-swapped pairs on common seeds, so each agent plays both seats on the same deals.
Prints the search agent's win rate with its 95 % Wilson interval and the interval that
treats each pair as one observation; succeeds (exit 0) when both lie above 50 %.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.content import default_content  # noqa: E402
from pnp.games.tverdzha.simulation import SIMULATION  # noqa: E402
from pnp.sim.hooks import parse_specs  # noqa: E402
from pnp.sim.runner import play_many, result_document  # noqa: E402
from pnp.sim.source import GameSource  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budget", type=int, default=48, help="rollouts per decision")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args()
    source = GameSource.read(default_content(), SIMULATION)
    game = source.game()
    specs = parse_specs(f"search:{args.budget},greedy", SIMULATION, source.roles)
    started = time.perf_counter()
    records = play_many(source, specs, games=args.games, seed=args.seed, workers=args.workers)
    doc = result_document(source, specs, records, seed=args.seed)
    elapsed = time.perf_counter() - started
    st = doc["stats"]
    search, greedy = st["agents"]["wins"]
    print(f"{args.games} games, search:{args.budget} vs greedy, seed {args.seed}, {elapsed:.0f} s")
    print(f"  search wins {search['n']}/{search['of']} = {search['rate']:.1%}, "
          f"95 % Wilson [{search['ci95'][0]:.1%}, {search['ci95'][1]:.1%}], "
          f"pair-clustered [{search['ci95_pairs'][0]:.1%}, {search['ci95_pairs'][1]:.1%}]")
    print(f"  greedy wins {greedy['n']}/{greedy['of']} = {greedy['rate']:.1%}; "
          f"no winner (cap) {st['cap']['n']}; same agent won both games of a pair "
          f"{st['pairs']['same_agent_won_both']}/{st['pairs']['pairs']}")
    print("  victory: " + ", ".join(f"{k} {v['n']}" for k, v in st["victory_types"].items()))
    if args.json:
        args.json.write_text(json.dumps(doc, ensure_ascii=False, sort_keys=True, indent=1) + "\n", encoding="utf-8")
    return 0 if search["ci95"][0] > 0.5 and search["ci95_pairs"][0] > 0.5 else 1


if __name__ == "__main__":
    sys.exit(main())
