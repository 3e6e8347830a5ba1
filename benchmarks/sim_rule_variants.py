"""Evidence for docs/proposals/engine-api-for-sim.md: two candidate fixes for stalled games.

    python benchmarks/sim_rule_variants.py shipped|castle_grain|elimination [--games 1000] [--seed 7]

Each variant patches the engine *in this process only* (it reaches into pnp.games.tverdzha.rules.flow,
so it may need updating when the engine changes); the content file is not touched.
  shipped       the rules as the content decides them
  castle_grain  every castle yields 1 grain at the start of each round
  elimination   a player with no unit on the table and none wounded at the end of a round
                loses (counted as "castle"; both at once: the tie rule)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.commands.sim import summary_text  # noqa: E402
from pnp.content import default_content  # noqa: E402
from pnp.games.tverdzha.rules import flow, turn  # noqa: E402
from pnp.games.tverdzha.simulation import SIMULATION  # noqa: E402
from pnp.sim.hooks import parse_specs  # noqa: E402
from pnp.sim.runner import play_many, result_document  # noqa: E402
from pnp.sim.source import GameSource  # noqa: E402


def castle_grain() -> None:
    start = flow.STEPS["start"]

    def step_start(s, task):
        grain = s.R.res_idx["grain"]
        for p in (0, 1):
            s.res[p][grain] += 1
        return start(s, task)

    flow.STEPS["start"] = step_start


def elimination() -> None:
    check = flow.STEPS["check"]

    def step_check(s, task):
        gone = [p for p in (0, 1) if not s.army(p) and not s.wounded[p]]
        if len(gone) == 1:
            turn.finish(s, 1 - gone[0], "castle")
            return None
        if len(gone) == 2:
            turn.finish(s, s.R.tie_winner, "tie")
            return None
        return check(s, task)

    flow.STEPS["check"] = step_check


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant", choices=("shipped", "castle_grain", "elimination"))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    if args.variant != "shipped":
        globals()[args.variant]()
    source = GameSource.read(default_content(), SIMULATION)
    game = source.game()
    specs = parse_specs("greedy,greedy", SIMULATION, source.roles)
    records = play_many(source, specs, games=args.games, seed=args.seed, workers=args.workers,
                         start_method="fork")  # the patches live in this process: forked workers inherit them
    doc = result_document(source, specs, records, seed=args.seed)
    print(f"variant: {args.variant}")
    print(summary_text(doc, SIMULATION.headline_peaks))
    print(f"  cap reasons: {doc['stats']['cap']['reasons']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
