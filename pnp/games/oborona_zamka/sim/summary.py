"""«Оборона Замка»'s own statistics and report sections: how games end, walls, potions."""

from __future__ import annotations

from collections import Counter

from pnp.sim.report import ci_text
from pnp.sim.stats import distribution, rate

VICTORIES = ("defenders-destroyed", "castle", "attackers-destroyed", "cap")
PEAK_LABELS = {"dice": "dice rolled at once (a defender's reroll throws two)"}
CAP_REASONS = {"armies_standing": "both armies standing when the turn cap came"}


def summarize(records: list[dict], roles: tuple[str, ...]) -> dict:
    ends = Counter(r["victory"] for r in records)
    n = len(records)
    out = {
        "victories": {v: rate(ends[v], n) for v in VICTORIES},
        "turns": distribution([r["rounds"] for r in records]),
        "per_game": {k: distribution([r[k] for r in records])
                     for k in ("walls_destroyed", "walls_fallen", "potion_returns", "potion_no_room", "fights",
                               "kills", "wall_attacks", "capture_rolls")},
    }
    # who wins when each role moves first
    for first in ("attacker", "defender"):
        games = [r for r in records if r["first"] == first]
        out[f"attacker_wins_when_{first}_first"] = rate(
            sum(1 for r in games if r["victory"] in ("defenders-destroyed", "castle")), len(games))
    return out


def report_sections(st: dict, game) -> list[tuple]:
    rows = [[v, ci_text(st["victories"][v])] for v in VICTORIES]
    per = st["per_game"]
    counts = [[k.replace("_", " "), per[k]["mean"], per[k]["p90"], per[k]["max"]] for k in per]
    return [("h", "How games end"), ("table", ["victory", "share of games"], rows),
            ("p", f"The attacker wins {ci_text(st['attacker_wins_when_attacker_first'])} of the games it starts and "
                  f"{ci_text(st['attacker_wins_when_defender_first'])} of those the defender starts."),
            ("h", "Per game"), ("table", ["", "mean", "p90", "max"], counts)]


def peak_label(key: str) -> str:
    return PEAK_LABELS.get(key, key)


def peak_rank(key: str) -> tuple:
    return (0 if key in PEAK_LABELS else 1, key)
