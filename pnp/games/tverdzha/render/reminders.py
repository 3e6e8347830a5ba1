"""Rules reminders as rich-text markup, shared by the mats, the player aids, the battle
cards' step strip and the rulebook.

Only assembly happens here: every sentence is the content's own text (round steps,
action texts, ui strings), every number is a model value.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.tverdzha.model import Action, Game
from pnp.art.icons import icon_names
from pnp.typeset.iconwords import SILENT

#: content action key -> icon, where the icon is not simply named after the action
ACTION_ICON = {"build": "building"}


def action_icon(action: Action) -> str | None:
    name = ACTION_ICON.get(action.key, action.key)
    return name if name in icon_names() else None


def round_sections(game: Game, lang: str) -> list[tuple[str, list[str]]]:
    """(heading, steps) for the start of the round, each turn and the end of the round."""
    first = game.setup.first_player
    second = next(p for p in game.players if p != first)
    return [
        (game.ui("round_start", lang), [s.text.get(lang) for s in game.round.start]),
        (game.ui("round_turn", lang, first=first, second=second), [s.text.get(lang) for s in game.round.turn]),
        (game.ui("round_end", lang), [s.text.get(lang) for s in game.round.end]),
    ]


def round_markup(game: Game, lang: str) -> str:
    lines = []
    for heading, steps in round_sections(game, lang):
        lines.append(f"**{heading}**")
        lines += [f"• {s}" for s in steps]
    return "\n".join(lines)


def card_effects(game: Game, key: str):
    """(card, effect) for every building and upgrade effect with `key`, base cards first."""
    cards = list(game.buildings) + [b.upgrade for b in game.buildings]
    return [(card, e) for card in cards for e in card.effects if e.key == key]


@dataclass(frozen=True)
class ActionLine:
    action: Action
    markup: str


def action_lines(game: Game, lang: str, short: bool = False) -> list[ActionLine]:
    """One paragraph per action: icon, bold name (free ones say so), then the text.

    `short` uses the kit's shorter `aid_action_<key>` string where the content has one.
    """
    out = []
    for action in game.actions:
        body = game.action_text(action, lang)
        if short and f"aid_action_{action.key}" in game.ui_strings:
            body = game.ui(f"aid_action_{action.key}", lang, **_params(game, action))
        icon = action_icon(action)
        name = action.name.get(lang)
        if action.free:
            name = f"{name} ({game.ui('action_free', lang)})"
        # the icon before the name is the action's emblem: it says nothing in the text layer
        lead = f"[{icon}~{SILENT}] " if icon else ""
        out.append(ActionLine(action, f"{lead}**{name}.** {body}"))
    return out


def _params(game: Game, action: Action) -> dict:
    """Action parameters for a ui template: costs become icon markup."""
    out = {}
    for key, value in action.params.items():
        if hasattr(value, "items") and not isinstance(value, str):
            out[key] = " + ".join(f"{n} [{game.resource(r).icon}]" for r, n in value.items())
        else:
            out[key] = value
    return out


def step_label(game: Game, key: str, lang: str) -> str:
    """A battle step as the strip, the aid and the rulebook number it: "2. Сила"."""
    for n, step in enumerate(game.battle.timing, start=1):
        if step.key == key:
            return game.ui("battle_step", lang, n=n, name=step.name.get(lang))
    return key  # an unknown timing: the references check reports it
