"""What one game of «Строительство империи» leaves for the statistics: the races at the table and who won,
victory points by source, the battles, and the decks' peaks (travel, neutral armies, chests, diplomacy)."""

from __future__ import annotations

from pnp.games.empire.rules.state import State

PEAKS = ("travel", "neutral", "chests", "diplomacy")


class Observer:
    def __init__(self, game, state: State) -> None:
        self.peaks = dict.fromkeys(PEAKS, 0)
        self.step(state)

    def step(self, s: State) -> None:
        if not s.players:
            return
        short = s.tally["travel_short"]  # cards a deal wanted and the deck could not give
        waiting = not s.neutrals_left() and any(
            s.t.cards[c].type in ("mine", "reserve") for p in s.players for c in p.travel)
        seen = {"travel": s.travel_in_use() + short, "neutral": s.neutrals_in_use() + waiting,
                "chests": s.chests_out(), "diplomacy": s.diplomacy_in_use()}
        for k, v in seen.items():
            if v > self.peaks[k]:
                self.peaks[k] = v

    def record(self, s: State, capped: bool) -> dict:
        capped = capped or not s.is_terminal()
        returns = s.returns()
        won = [i for i, r in enumerate(returns) if r > 0]
        races = [s.t.races[p.race].id for p in s.players]
        record = {
            "victory": "cap" if capped else "points" if won else "tie",
            "rounds": (s.week - 1) * s.t.days + s.day if capped else s.t.weeks * s.t.days,
            "races": races, "winner_race": races[won[0]] if won and not capped else None,
            "points": [dict(sorted(p.points.items())) for p in s.players],
            "tally": dict(sorted(s.tally.items())),
            "peaks": dict(self.peaks),
        }
        if capped:
            record["cap_reason"] = "unfinished"
        return record
