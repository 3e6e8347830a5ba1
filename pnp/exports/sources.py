"""The SVG masters of the other renderers, for the exporters (print-shop, TTS, preview).

One source, every output: the exporters never draw a component; they ask the module
that owns it for its master, and keep it in ctx.cache so a build computes each once.
A renderer that already ran may have left its masters there under the same key.

Cache keys (shared with the owners):
    card masters    cards.masters_for(game, ctx)  ("card_masters", "card_svgs")
    "board_part"    tile_plan.Part of the board    (board.board_part)
    "mat_parts"     {player: tile_plan.Part}       (mats.mat_part)
    "aid_masters"   (fronts, backs) SVG lists       (aids.aid_masters)
    "token_groups"  [(label key, [(face, back), ...]), ...]  (tokens.tile_groups / token_groups)
"""

from __future__ import annotations

from pnp.games.tverdzha.model import Game
from pnp.components.base import RenderContext


def _cached(ctx: RenderContext, key: str, make):
    if key not in ctx.cache:
        ctx.cache[key] = make()
    return ctx.cache[key]


def card_masters(game: Game, ctx: RenderContext):
    from pnp.components import cards

    return cards.masters_for(game, ctx)


def board_part(game: Game, ctx: RenderContext):
    from pnp.games.tverdzha.render import board

    return _cached(ctx, "board_part", lambda: board.board_part(game, ctx.options.lang, ctx.options.ink_saver)[0])


def mat_parts(game: Game, ctx: RenderContext) -> dict:
    from pnp.games.tverdzha.render import mats

    return _cached(ctx, "mat_parts", lambda: {
        player: mats.mat_part(game, player, ctx.options.lang, ctx.options.ink_saver)[0] for player in game.players})


def aid_masters(game: Game, ctx: RenderContext) -> tuple[list[str], list[str]]:
    from pnp.games.tverdzha.render import aids

    def make():
        fronts, backs, _ = aids.aid_masters(game, ctx.options.lang, ctx.options.ink_saver)
        return list(fronts), list(backs)

    return _cached(ctx, "aid_masters", make)


def token_groups(game: Game, ctx: RenderContext) -> list[tuple[str, list[tuple[str, str]]]]:
    """(component ui key, [(face, back) for every piece]) for tiles, unit tokens and markers."""
    from pnp.components import tokens

    def make():
        def flat(groups):
            return [piece[:2] for group in groups for piece in group]

        return [("comp_tiles", flat(tokens.tile_groups(game, ctx.options))),
                ("comp_tokens", flat(tokens.token_groups(game, ctx.options))),
                ("comp_markers", flat(tokens.marker_groups(game, ctx.options)))]

    return _cached(ctx, "token_groups", make)
