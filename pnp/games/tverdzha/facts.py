"""Named facts of the game, for the prose of the content (ui strings, round steps, actions,
clarifications): "{victory_points} очок", "{wall_bonus}", "{hand_max} карт".

A number is written once in the content; any other text that needs it names it. Facts
are derived from the model, so they follow every edit. Effect texts use their own
parameters only; these facts serve the surrounding prose.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from pnp.core import templating as texts
from pnp.games.tverdzha.model import Game, Text, frozen_map


def _effect_facts(prefix: str, effects) -> dict[str, Any]:
    out: dict[str, Any] = {}
    names = Counter(name for e in effects for name in e.params)
    for e in effects:
        for name, value in e.params.items():
            out[f"{prefix}_{e.key}_{name}"] = value
            if names[name] == 1:
                out[f"{prefix}_{name}"] = value
    return out


def facts(game: Game) -> dict[str, Any]:
    """Every fact a prose template may name, by name."""
    lim, bat, vic, sc = game.limits, game.battle, game.victory, game.scoring
    rows: dict[int, int] = {}
    for cell in game.board.cells:
        rows[cell.pos[1]] = rows.get(cell.pos[1], 0) + 1
    f: dict[str, Any] = {
        "victory_points": vic.points,
        "castle_entrances": vic.castle_entrances,
        "tie_winner": vic.tie_winner,
        "storage_cap": lim.storage_cap,
        "hand_size": lim.hand_size,
        "hand_max": lim.hand_max,
        "units_per_land": lim.units_per_land,
        "army_per_land": lim.army_per_land,
        "training_cap": lim.training_cap,
        "strength_floor": lim.strength_floor,
        "heals_per_turn": lim.heals_per_turn,
        "building_slots": lim.building_slots,
        "market_size": lim.market_size,
        "storage_track_top": game.components.storage_track.top,
        "storage_overflow": game.components.storage_track.overflow,
        "score_track_top": game.components.score_track.top,
        "castle_defense": bat.castle_defense,
        "always_hit": bat.always_hit,
        "always_miss": bat.always_miss,
        "battle_deck": game.battle_deck_size,
        "land_per": sc.land_per,
        "land_points": sc.land_points,
        "prestige_points": sc.prestige_points,
        "lands": len(game.board.cells),
        "entrances": len(game.board.castles[0].entrances) if game.board.castles else 0,
        "board_rows": "–".join(str(rows[r]) for r in sorted(rows)),
        "copies": game.buildings[0].copies if game.buildings else 0,
        "first_player": game.setup.first_player,
        "start_strength": min((strength for _, strength in game.setup.units), default=0),
    }
    for land in game.lands:
        f[f"{land.id}_points"] = land.points
    for action in game.actions:
        for name, value in action.params.items():
            f[f"{action.key}_{name}"] = value
    for b in game.buildings:
        for item in (b, b.upgrade):
            f[f"{item.id}_points"] = item.points
            f[f"{item.id}_cost"] = item.cost.as_dict()
            f.update(_effect_facts(item.id, item.effects))
    for card in game.battle_cards:
        f[f"{card.id}_count"] = card.count
        f.update(_effect_facts(card.id, card.effects))
    return f


def _fill_text(t: Text | None, known: dict, resource_ids: set[str]) -> Text | None:
    if t is None:
        return None
    filled = {}
    for lang, value in t.values.items():
        try:
            filled[lang] = texts.fill(value, known, lang, resource_ids, partial=True)
        except texts.TemplateError:
            filled[lang] = value  # kept as written; the templates check reports it at its line
    return dataclasses.replace(t, values=frozen_map(filled), template=t.values)


def apply_facts(game: Game) -> Game:
    """The same game with facts filled into its prose (unknown fields are left for runtime)."""
    known = facts(game)
    rids = set(game.resource_ids)
    fill = lambda t: _fill_text(t, known, rids)  # noqa: E731
    steps = lambda seq: tuple(dataclasses.replace(s, text=fill(s.text)) for s in seq)  # noqa: E731
    return dataclasses.replace(
        game,
        ui_strings=frozen_map({k: fill(v) for k, v in game.ui_strings.items()}),
        round=dataclasses.replace(game.round, start=steps(game.round.start), turn=steps(game.round.turn), end=steps(game.round.end)),
        actions=tuple(dataclasses.replace(a, text=fill(a.text)) for a in game.actions),
        clarifications=tuple(dataclasses.replace(c, topic=fill(c.topic), text=fill(c.text)) for c in game.clarifications),
        changes=tuple(dataclasses.replace(c, topic=fill(c.topic), original=fill(c.original), text=fill(c.text),
                                          reason=fill(c.reason)) for c in game.changes),
    )
