"""Does `pnp sim --check-kit` give the shipped kit the same verdict whatever the seed?

    python benchmarks/kit_verdicts.py [--seeds 20] [--games 1000] [--agents greedy,greedy] [--workers N]
                                      [--record tests/sim/data/greedy_peaks.json]

Plays `--games` games on each of the seeds 1..N and prints, per seed, the kit check's
verdict (pnp.sim.kit_check: an error only when the 95 % lower bound on the rate of games that
need more than a printed count is above 1 in 1,000) beside the old rule's (an error when
the sample p99.9 peak is above the printed count), with the games over each count.
`--record FILE` writes the per-seed counts of games by peak value, which
tests/sim/test_kit_verdicts.py resamples.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.content import default_content  # noqa: E402
from pnp.games.tverdzha.simulation import SIMULATION  # noqa: E402
from pnp.sim.hooks import parse_specs  # noqa: E402
from pnp.sim.kit_check import coverages  # noqa: E402
from pnp.sim.runner import default_workers, play_many  # noqa: E402
from pnp.sim.source import GameSource  # noqa: E402
from pnp.sim.stats import peak  # noqa: E402


def peak_counts(records: list[dict], keys) -> dict[str, dict[str, int]]:
    """Games by peak value, for each requirement's peak key."""
    return {key: peak([r["peaks"].get(key, 0) for r in records])["games"] for key in keys}


def verdicts(game, counts: dict[str, dict[str, int]], games: int) -> tuple[str, str, dict[str, int]]:
    """(new verdict, old verdict, games over each printed count) of one seed's peaks."""
    found, _ = coverages(SIMULATION.requirements(game), {"games": games, "peaks": {k: {"games": v} for k, v in counts.items()}})
    new = "fail" if any(c.verdict == "short" for c in found) else "pass"
    old = "fail" if any(c.over * 1000 > games for c in found) else "pass"  # p99.9 above the count
    return new, old, {c.key: c.over for c in found}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--agents", default="greedy,greedy")
    ap.add_argument("--workers", type=int, default=default_workers())
    ap.add_argument("--record", type=Path, default=None)
    args = ap.parse_args()
    source = GameSource.read(default_content(), SIMULATION)
    game = source.game()
    keys = [req.key for req in SIMULATION.requirements(game)]
    specs = parse_specs(args.agents, SIMULATION, source.roles)
    recorded = {}
    for seed in range(1, args.seeds + 1):
        records = play_many(source, specs, games=args.games, seed=seed, workers=args.workers)
        recorded[str(seed)] = peak_counts(records, keys)
        new, old, over = verdicts(game, recorded[str(seed)], args.games)
        print(f"seed {seed:2}: check {new}, old p99.9 rule {old}; games over the printed count: "
              + ", ".join(f"{k} {n}" for k, n in over.items() if n), flush=True)
    if args.record:
        args.record.write_text(json.dumps({"agents": args.agents, "games_per_seed": args.games,
                                           "content_sha256": game.sha256, "seeds": recorded},
                                          sort_keys=True, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
