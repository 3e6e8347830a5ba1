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
        games = won = 0  # counted, not collected: the records are unpacked one at a time
        for r in records:
            if r["first"] == first:
                games += 1
                won += r["victory"] in ("defenders-destroyed", "castle")
        out[f"attacker_wins_when_{first}_first"] = rate(won, games)
    out["agents_by_role"] = _agents_by_role(records, roles)
    return out


def _agents_by_role(records: list[dict], roles: tuple[str, ...]) -> dict:
    """Each agent's win rate in each role: the role-swapped games show an agent attacking
    and defending (role -> agent -> rate)."""
    played: Counter = Counter()
    won: Counter = Counter()
    for r in records:
        for role in roles:
            agent = r["agent_names"][r["slots"][role]]  # the names are in slot order, the slots by role
            played[role, agent] += 1
            won[role, agent] += r["winner"] == role
    return {role: {agent: rate(won[role, agent], played[role, agent])
                   for agent in sorted({a for ro, a in played if ro == role})} for role in roles}


def summary_lines(st: dict) -> list[str]:
    """`pnp sim`'s lines for this game: each agent in each role, the walls, the potion."""
    lines = []
    by_role = st["agents_by_role"]
    agents = sorted({a for per in by_role.values() for a in per})
    if len(agents) > 1:
        for agent in agents:
            lines.append(f"{agent}: " + "; ".join(
                f"as {role} wins {_share(by_role[role][agent])}" for role in by_role if agent in by_role[role]))
    per = st["per_game"]
    lines.append(f"walls destroyed per game: {_spread(per['walls_destroyed'])}; fallen with them "
                 f"(joined to nothing): {_spread(per['walls_fallen'])}")
    lines.append(f"potion returns per game: {_spread(per['potion_returns'])}; "
                 f"no free start hex: {_spread(per['potion_no_room'])}")
    return lines


def _share(r: dict) -> str:
    return f"{r['rate']:.1%} ({r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}, {r['n']}/{r['of']})"


def _spread(d: dict) -> str:
    return f"mean {d['mean']}, p90 {d['p90']}, max {d['max']}"


def report_sections(st: dict, game) -> list[tuple]:
    rows = [[v, ci_text(st["victories"][v])] for v in VICTORIES]
    by_role = st["agents_by_role"]
    agents = sorted({a for per_role in by_role.values() for a in per_role})
    per = st["per_game"]
    counts = [[k.replace("_", " "), per[k]["mean"], per[k]["p90"], per[k]["max"]] for k in per]
    return [("h", "How games end"), ("table", ["victory", "share of games"], rows),
            ("p", f"The attacker wins {ci_text(st['attacker_wins_when_attacker_first'])} of the games it starts and "
                  f"{ci_text(st['attacker_wins_when_defender_first'])} of those the defender starts."),
            ("h", "Each agent in each role"),
            ("table", ["agent", *by_role], [[a, *(ci_text(by_role[role][a]) if a in by_role[role] else "—"
                                                   for role in by_role)] for a in agents]),
            ("h", "Per game"), ("table", ["", "mean", "p90", "max"], counts)]


def peak_label(key: str) -> str:
    return PEAK_LABELS.get(key, key)


def peak_rank(key: str) -> tuple:
    return (0 if key in PEAK_LABELS else 1, key)
