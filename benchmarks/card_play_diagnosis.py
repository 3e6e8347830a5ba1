"""Evidence run: how much can the secret card choice win against greedy at all? (issue 14, item 2)

    python benchmarks/card_play_diagnosis.py AGENT [--games 1000] [--seed 7] [--workers 1]

AGENT plays greedy's seat-swapped opponent; it is one of the simulator's agents or one of
these probes, each greedy everywhere but at the card step:

- nocard:  never plays a battle card (what the cards are worth to greedy at all);
- randcard: a card (or none) drawn uniformly from the hand;
- peek:    sees the opponent's hand, works out greedy's card from it (greedy's own code)
           and plays the best answer to it: a best response to greedy's known policy, an
           upper bound on what card play valued by the heuristic can win from greedy.

Prints the agent's wins over the decided games with the pair-clustered 95 % interval.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar, Mapping

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.content import default_content  # noqa: E402
from pnp.games.tverdzha.rules.state import SIMULTANEOUS  # noqa: E402
from pnp.games.tverdzha.sim import heuristic, lookahead  # noqa: E402
from pnp.games.tverdzha.sim.agents import GreedyAgent  # noqa: E402
from pnp.games.tverdzha.simulation import AGENTS, TverdzhaSimulation  # noqa: E402
from pnp.sim.hooks import AgentFactory, parse_specs  # noqa: E402
from pnp.sim.runner import play_many, result_document  # noqa: E402
from pnp.sim.source import GameSource  # noqa: E402


class Probe:
    """Greedy with another card step (`card_rule`)."""

    def __init__(self, rng: random.Random, card_rule: str):
        self.rng = rng
        self.rule = card_rule
        self.greedy = GreedyAgent(rng)

    def act(self, state, player: int):
        if state.current_player != SIMULTANEOUS:
            return self.greedy.act(state, player)
        options = state.legal_actions(player)
        if len(options) == 1 or self.rule == "nocard":
            return options[0]  # None comes first
        if self.rule == "randcard":
            return self.rng.choice(options)
        # peek: greedy's card for the opponent (a scratch RNG: greedy draws only on ties)
        theirs = GreedyAgent(random.Random(0)).card(state, 1 - player)
        best, top = options[0], None
        for c in options:
            pair = (c, theirs) if player == 0 else (theirs, c)
            v = lookahead.expectation(state.clone(events=False), lambda s: heuristic.value(s, player),
                                      cards=lambda _s: pair)
            if top is None or v > top + 1e-9:
                best, top = c, v
        return best


PROBES = ("nocard", "randcard", "peek")


@dataclass(frozen=True)
class DiagnosisSimulation(TverdzhaSimulation):
    agents: ClassVar[Mapping[str, AgentFactory]] = MappingProxyType(
        dict(AGENTS) | {name: (lambda rule: lambda game, rng, budget: Probe(rng, rule))(name) for name in PROBES})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("agent")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args()
    sim = DiagnosisSimulation()
    source = GameSource.read(default_content(), sim)
    specs = parse_specs(f"{args.agent},greedy", sim, source.roles)
    started = time.perf_counter()
    records = play_many(source, specs, games=args.games, seed=args.seed, workers=args.workers)
    elapsed = time.perf_counter() - started
    st = result_document(source, specs, records, seed=args.seed)["stats"]
    me = st["agents"]["wins"][0]
    lo, hi = me["ci95_pairs"]
    print(f"{args.agent} vs greedy, {args.games} games, seed {args.seed}: wins {me['n']}/{me['of']} = "
          f"{me['rate']:.1%} (pairs 95 % {lo:.1%}–{hi:.1%}); {args.games / elapsed:.1f} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
