"""The validated model as plain JSON, for other tools (`pnp export --format json`).

Every player-facing string is a map language -> text; effect and action texts are
given filled from their parameters (icons stay as ``[name]`` markup) beside the
parameters themselves. Keys come in a fixed order and lists in content order, so the
same content always gives the same bytes. `FORMAT` changes when the shape does.
"""

from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any, Mapping

from pnp.games.tverdzha.model import Action, Effect, Game, Text

FORMAT = 1


def _text(text: Text | None) -> dict[str, str] | None:
    return None if text is None else {lang: text.values[lang] for lang in sorted(text.values)}


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _filled(template: Text, fill) -> dict[str, str]:
    return {lang: fill(lang) for lang in sorted(template.values)}


def _effect(game: Game, effect: Effect) -> dict:
    return {
        "key": effect.key,
        "params": _plain(effect.params),
        "text": _filled(effect.text, lambda lang: game.effect_text(effect, lang)),
    }


def _action(game: Game, action: Action) -> dict:
    return {
        "key": action.key,
        "name": _text(action.name),
        "params": _plain(action.params),
        "free": action.free,
        "text": _filled(action.text, lambda lang: game.action_text(action, lang)),
    }


def _buildings(game: Game) -> list[dict]:
    out = []
    for b in game.buildings:
        u = b.upgrade
        out.append({
            "id": b.id, "name": _text(b.name), "cost": b.cost.as_dict(), "points": b.points, "copies": b.copies,
            "effects": [_effect(game, e) for e in b.effects],
            "upgrade": {
                "id": u.id, "name": _text(u.name), "cost": u.cost.as_dict(), "points": u.points, "copies": b.copies,
                "effects": [_effect(game, e) for e in u.effects],
            },
        })
    return out


def _board(game: Game) -> dict:
    board = game.board
    return {
        "lands": [
            {"id": c.id, "kind": c.land, "tile": None if c.land else ("centre" if c.mirror == c.id else "pair"),
             "pos": list(c.pos), "neighbors": list(c.neighbors), "mirror": c.mirror}
            for c in board.cells
        ],
        "castles": [{"player": k.player, "pos": list(k.pos), "entrances": list(k.entrances)} for k in board.castles],
        "tiles": {"pairs": dict(board.tiles.pairs), "centre": dict(board.tiles.centre)},
    }


def _limits(game: Game) -> dict:
    lim = game.limits
    return {
        "storage_cap": lim.storage_cap, "hand_size": lim.hand_size, "hand_max": lim.hand_max,
        "units_per_land": lim.units_per_land, "army_per_land": lim.army_per_land,
        "army_castle_counts": lim.army_castle_counts, "training_cap": lim.training_cap,
        "strength_floor": lim.strength_floor, "heals_per_turn": lim.heals_per_turn,
        "building_slots": lim.building_slots, "market_size": lim.market_size,
    }


def _battle(game: Game) -> dict:
    bt = game.battle
    return {
        "castle_defense": bt.castle_defense,
        "always_hit": bt.always_hit,
        "always_miss": bt.always_miss,
        "thresholds": [{"min_ratio": str(r.min_ratio), "inclusive": r.inclusive, "hit": r.hit, "label": _text(r.label)}
                       for r in bt.thresholds],
        "timing": [{"key": t.key, "name": _text(t.name), "text": _text(t.text)} for t in bt.timing],
    }


def export(game: Game) -> dict:
    """The model as plain data (dicts, lists, str, int, bool, None), in a fixed order."""
    comp, setup, sc, vic = game.components, game.setup, game.scoring, game.victory
    return {
        "format": FORMAT,
        # the file name only: the path depends on where pnp runs, the bytes must not
        "source": {"file": PurePath(game.source).name, "sha256": game.sha256},
        "game": {"id": game.id, "title": _text(game.title), "tagline": _text(game.tagline), "players": list(game.players),
                 "minutes": game.minutes, "languages": list(game.languages)},
        "resources": [{"id": r.id, "icon": r.icon, "name": _text(r.name)} for r in game.resources],
        "land_kinds": [{"id": k.id, "icon": k.icon, "name": _text(k.name), "yields": k.yields, "points": k.points, "fixed": k.fixed}
                       for k in game.lands],
        "board": _board(game),
        "setup": {"units": [{"where": w, "strength": s} for w, s in setup.units], "resources": setup.resources.as_dict(),
                  "hand": setup.hand, "market": setup.market, "first_player": setup.first_player},
        "limits": _limits(game),
        "actions": [_action(game, a) for a in game.actions],
        "round": {part: [{"key": s.key, "text": _text(s.text)} for s in getattr(game.round, part)] for part in ("start", "turn", "end")},
        "battle": _battle(game),
        "victory": {"points": vic.points, "castle_entrances": vic.castle_entrances, "tie_winner": vic.tie_winner, "check": vic.check},
        "scoring": {"lands": {"per": sc.land_per, "points": sc.land_points},
                    "prestige": {"buildings": list(sc.prestige_buildings), "points": sc.prestige_points},
                    "land_points": {k.id: k.points for k in game.lands if k.points},
                    "unscored_lands": [k.id for k in game.lands if not k.scores]},
        "buildings": _buildings(game),
        "battle_cards": [{"id": c.id, "name": _text(c.name), "count": c.count, "timing": c.timing,
                          "effects": [_effect(game, e) for e in c.effects]} for c in game.battle_cards],
        "battle_deck": {"size": game.battle_deck_size},
        "components": {"unit_tokens_per_player": comp.unit_tokens_per_player, "score_markers_per_player": comp.score_markers_per_player,
                       "storage_markers_per_player": comp.storage_markers_per_player,
                       "first_player_markers": comp.first_player_markers, "dice": comp.dice},
        "ui": {key: _text(game.ui_strings[key]) for key in sorted(game.ui_strings)},
        "clarifications": [{"topic": _text(c.topic), "text": _text(c.text)} for c in game.clarifications],
        "changes": [{"topic": _text(c.topic), "original": _text(c.original), "text": _text(c.text),
                     "reason": _text(c.reason) if c.reason else None} for c in game.changes],
        "glossary": [{"term": _text(t.term), "meaning": _text(t.meaning), "avoid": {k: list(v) for k, v in t.avoid.items()}}
                     for t in game.glossary],
    }


def dumps(game: Game) -> str:
    """The export as JSON text: UTF-8 friendly (no \\u escapes), 2-space indent, final newline."""
    return json.dumps(export(game), ensure_ascii=False, indent=2) + "\n"
