"""Readable text of a position and of an action (logs, the golden playthrough, action_string).

Reads a position (pnp.games.tverdzha.rules.position), so that State can use it (State.__str__,
State.action_string) without an import cycle.
"""

from __future__ import annotations

from typing import Any

from pnp.games.tverdzha.rules.position import Position


def describe(s: Position) -> str:
    """A compact multi-line picture of the position (for logs and debugging)."""
    R = s.R
    lines = [f"round {s.round}"]
    for p, name in enumerate(R.players):
        res = " ".join(f"{r}={n}" for r, n in zip(R.res_ids, s.res[p]))
        blds = ", ".join(v for v in s.buildings(p).values()) or "-"
        hand = ",".join(cid for cid, n in zip(R.card_ids, s.hand[p]) for _ in range(n)) or "-"
        lines.append(f"  {name}: score {s.score(p)}; {res}; wounded {s.wounded[p]}")
        lines.append(f"     buildings: {blds}")
        lines.append(f"     hand: {hand}")
    board = []
    for sp, units in enumerate(s.units):
        if units:
            who = R.players[s.owner[sp]]
            board.append(f"{R.space_ids[sp]}:{who}{''.join(map(str, units))}")
    lines.append("  board: " + " ".join(board))
    lines.append("  market: " + ", ".join(R.b_ids[b] for b in s.market))
    return "\n".join(lines)


def layout(s: Position) -> str:
    """The dealt land of every cell."""
    R = s.R
    return " ".join(f"{R.space_ids[c]}={R.land_ids[k]}" for c, k in enumerate(s.land) if k >= 0)


def format_action(action: Any) -> str:
    """An action, a chance outcome or the secret card pair (card of A / card of B)."""
    if isinstance(action, tuple) and len(action) == 2 and not hasattr(action, "kind"):
        return " / ".join("no card" if c is None else c for c in action)
    return str(action)
