"""ТВЕРДЖА's printed counts for the kit check (pnp.sim.kit_check): what simulated games
may need more of, and the counts that follow from the rules alone.

The land tiles are not here: the board check (`tiles-count`) already holds the kit to
the board, and `pnp check --sim` and `pnp sim` run it first.
"""

from __future__ import annotations

from pnp.core.errors import Mark, Problem, error
from pnp.games.tverdzha import kit_counts as kit
from pnp.games.tverdzha.model import Game, Track
from pnp.sim.hooks import Requirement


def requirements(game: Game) -> list[Requirement]:
    """Printed counts and track capacities (track end + the marker's overflow side) with their peaks."""
    counts = kit.counts(game)
    per_side = counts.dice // max(1, len(game.players))
    storage, score = game.components.storage_track, game.components.score_track
    return [
        Requirement("tokens", "unit tokens one player needs (units on the table + wounded)",
                    counts.unit_tokens_per_player, "unit_tokens", _mark(game, "unit_tokens")),
        Requirement("battle_dice", "dice rolled at once in one battle (both sides)", counts.dice, "dice",
                    _mark(game, "dice")),
        Requirement("side_dice", "dice one side rolls in one battle (one colour each)", per_side, "dice",
                    _mark(game, "dice")),
    ] + [
        Requirement(f"res_{res.id}", f"{res.id} one player holds at once (storage track {_span(storage)})",
                    storage.capacity, "storage_track", _mark(game, "storage_track"), track=True)
        for res in game.resources
    ] + [Requirement("score", f"points one player reaches (score track {_span(score)})", score.capacity,
                     "score_track", _mark(game, "score_track"), track=True)]


def rule_problems(game: Game) -> list[Problem]:
    """Markers: one storage marker per resource, a score marker, a first-player marker."""
    comp = game.components
    need = [("storage_markers", comp.storage_markers_per_player, len(game.resources),
             "storage markers per player (one per resource)"),
            ("score_markers", comp.score_markers_per_player, 1, "score markers per player"),
            ("first_player_marker", comp.first_player_markers, 1, "first-player markers")]
    return [error("kit-markers", f"{what}: the kit has {have}, the game needs {n}", _mark(game, key))
            for key, have, n, what in need if have < n]


def _mark(game: Game, key: str) -> Mark:
    return game.components.marks.get(key) or game.mark("components", key)


def _span(track: Track) -> str:
    return f"0-{track.top} + {track.overflow}" if track.overflow else f"0-{track.top}"
