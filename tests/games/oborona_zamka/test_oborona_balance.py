"""The content's `balance:` section (the simulator's finding the rulebook prints) holds the
figures of the command it names, not numbers typed by hand.

The cheap test recomputes what the figures imply of each other (the intervals are the
Wilson intervals of the rates over the games, the victory types add up to the two sides'
rates); the slow one runs the named command afresh (2,000 greedy games, about a minute on
one core) and compares every figure. After changing a rule or the field, run

    python3 -m pnp.cli sim --game oborona-zamka --games 2000 --seed 7 --json F

and copy stats.seats.<side>.rate and .ci95, stats.victories.<type>.rate and
stats.turns.mean into `balance:`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from oborona_field import GAME
from pnp.sim.stats import rate

BALANCE = getattr(GAME, "balance", None)
pytestmark = pytest.mark.skipif(BALANCE is None, reason="the content has no balance: section")

#: which victory types are the attacker's (the simulator's ids)
ATTACKER_WINS = ("castle", "defenders-destroyed")
DEFENDER_WINS = ("attackers-destroyed",)


def _figures(stats: dict) -> dict:
    """The figures `balance:` records, from a `pnp sim --json` result's stats."""
    return {"attacker": (stats["seats"]["attacker"]["rate"], tuple(stats["seats"]["attacker"]["ci95"])),
            "defender": (stats["seats"]["defender"]["rate"], tuple(stats["seats"]["defender"]["ci95"])),
            "victories": {k: stats["victories"][k]["rate"] for k in BALANCE.victories},
            "mean_turns": stats["turns"]["mean"]}


def _recorded() -> dict:
    b = BALANCE
    return {"attacker": (b.attacker.rate, b.attacker.ci95), "defender": (b.defender.rate, b.defender.ci95),
            "victories": dict(b.victories), "mean_turns": b.mean_turns}


def test_the_recorded_figures_agree_with_each_other():
    b = BALANCE
    assert b.confidence == 0.95
    for share in (b.attacker, b.defender):
        wins = round(share.rate * b.games)
        assert rate(wins, b.games)["rate"] == share.rate
        assert tuple(rate(wins, b.games)["ci95"]) == share.ci95, "the interval is not the rate's Wilson interval"
    assert round(sum(b.victories.get(v, 0) for v in ATTACKER_WINS), 4) == b.attacker.rate
    assert round(sum(b.victories.get(v, 0) for v in DEFENDER_WINS), 4) == b.defender.rate
    assert b.favoured() == ("attacker" if b.attacker.rate >= b.defender.rate else "defender")


@pytest.mark.slow
def test_the_recorded_figures_are_a_fresh_run_of_their_command(tmp_path):
    b = BALANCE
    out = tmp_path / "sim.json"
    done = subprocess.run([sys.executable, "-m", "pnp.cli", "sim", "--game", "oborona-zamka", "--games", str(b.games),
                           "--seed", str(b.seed), "--agents", ",".join(b.agents), "--json", str(out)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert _figures(json.loads(out.read_text(encoding="utf-8"))["stats"]) == _recorded()
