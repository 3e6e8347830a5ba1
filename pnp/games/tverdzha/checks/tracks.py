"""The printed tracks hold what the rules put on them: the storage track reaches every
storage cap (the mat marks each one), the score track reaches the victory points, and a
marker's "+overflow" side skips no value (flipped at the track's end, it must go on at 0).

How far the tracks must reach in play is the simulator's business (`pnp sim --check-kit`,
pnp/sim/kit_check.py); these are the facts that follow from the content alone.
"""

from __future__ import annotations

from typing import Iterator

from pnp.games.tverdzha.model import Game, Track
from pnp.core.errors import Problem, error

ID = "tracks"

CODES = {
    "track-short": "A printed track ends below a value the rules put on it (a storage cap, the victory points).",
    "track-overflow-gap": "A marker's +overflow side is larger than the track can bridge: some values cannot be shown.",
}


def storage_caps(game: Game) -> list[int]:
    """The base storage cap and every cap a `storage` building or upgrade gives."""
    cards = list(game.buildings) + [b.upgrade for b in game.buildings]
    bonuses = {e.param("bonus") for card in cards for e in card.effects if e.key == "storage"}
    return sorted({game.limits.storage_cap} | {game.limits.storage_cap + b for b in bonuses})


def check(game: Game, lang: str | None = None) -> Iterator[Problem]:
    comp = game.components
    top_cap = storage_caps(game)[-1]
    for key, track, need, what in (("storage_track", comp.storage_track, top_cap, "the largest storage cap"),
                                   ("score_track", comp.score_track, game.victory.points, "the victory points")):
        if track.top < need:
            yield error("track-short", f"components.{key} ends at {track.top}, below {what} ({need})",
                        game.mark("components", key, "top"), f"set top to at least {need}")
        yield from _overflow(key, track, game.mark("components", key, "overflow"))


def _overflow(key: str, track: Track, mark) -> Iterator[Problem]:
    if track.overflow > track.top + 1:
        yield error("track-overflow-gap", f"components.{key}: a +{track.overflow} side on a 0-{track.top} track "
                    f"cannot show {track.top + 1}-{track.overflow - 1}", mark,
                    f"make overflow at most {track.top + 1}, or top at least {track.overflow - 1}")
