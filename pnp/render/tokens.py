"""The `tokens` renderer: land tiles, unit tokens and markers on home sheets.

Writes ``{game}-{lang}-tokens.pdf``: the land tile sheet and its back page (pair and
centre backs, so a face-down shuffle is possible), then the sheet of unit tokens and
markers and its back page. With ``--duplex none`` the back pages go to
``{game}-{lang}-tokens-backs.pdf`` for gluing, as for the cards.

Backs, decided: tiles need theirs (the mirrored shuffle is done face down). Unit tokens,
score and storage markers get a plain back in the player's colour and shape: strength
is read on the face only, a uniform back hides a small duplex shift, and a piece that
lands upside down still says whose it is. The first-player marker shows its face on
both sides.
"""

from __future__ import annotations

from pnp import kit
from pnp.content.model import Game
from pnp.render import pdf, token_art
from pnp.render.base import OutputFile, RenderContext, Renderer, register
from pnp.render.imposition import sheet_text
from pnp.render.token_sheet import Piece, arrange, max_cols, token_pages

#: Strengths on a unit token: a square token has four edges (SPEC: strengths 1-4).
STRENGTHS = (1, 2, 3, 4)
TOKEN_COLS = 10  # tokens per row: groups of ten are quick to count when sorting


def player_keys(player: str) -> tuple[str, str]:
    """(icon name, palette key) of a player: the same name for both."""
    key = f"player-{player.lower()}"
    return key, key


def tile_groups(game: Game, options) -> list[list[Piece]]:
    spec, lang, ink = game.print.land_tile, options.lang, options.ink_saver
    bleed = game.print.card.bleed
    backs = {kind: token_art.tile_back(kind, game.ui(f"tile_{kind}", lang), spec, bleed, ink)
             for kind in ("pair", "centre")}
    faces: dict[str, str] = {}

    def face(land_id: str) -> str:
        if land_id not in faces:
            land = game.land(land_id)
            faces[land_id] = token_art.land_tile(land.icon, land.name.get(lang), land.yields, spec, bleed, ink)
        return faces[land_id]

    pairs = [(face(land), backs["pair"]) for land, n in game.board.tiles.pairs for _ in range(2 * n)]
    centre = [(face(land), backs["centre"]) for land, n in game.board.tiles.centre for _ in range(n)]
    return [pairs, centre]


def token_groups(game: Game, options) -> list[list[Piece]]:
    size, bleed, ink, lang = game.print.unit_token, game.print.card.bleed, options.ink_saver, options.lang
    marker_size = game.print.marker
    if abs(marker_size - size) > 1e-9:
        raise ValueError(f"markers ({marker_size:g} mm) and unit tokens ({size:g} mm) share one sheet grid; "
                         "give them the same size")
    counts = kit.counts(game)
    units, markers = [], []
    for player in game.players:
        icon, colour = player_keys(player)
        name = game.ui(f"player_{player.lower()}", lang)
        back = token_art.player_back(icon, colour, size, bleed, ink, name)
        face = token_art.unit_token(icon, colour, size, bleed, STRENGTHS, ink, f"{game.ui('strength', lang)}: {name}")
        units.append([(face, back)] * counts.unit_tokens_per_player)
        score = token_art.marker("point", icon, colour, size, bleed, ink, game.ui("marker_score", lang))
        markers += [(score, back)] * (counts.score_markers // len(game.players))
        resources = game.resource_ids
        for k in range(counts.storage_markers // len(game.players)):
            rid = resources[k % len(resources)]
            markers.append((token_art.marker(rid, icon, colour, size, bleed, ink, game.ui("marker_storage", lang)), back))
    first = token_art.marker("first-player", None, "point", size, bleed, ink, game.ui("marker_first", lang))
    return units + [markers, [(first, first)] * counts.first_player_markers]


def sheets(game: Game, options) -> tuple[list[pdf.Page], list[pdf.Page]]:
    """(pages in print order, back pages for a separate file with --duplex none)."""
    lang = options.lang
    common = dict(bleed=game.print.card.bleed, paper=options.paper, duplex=options.duplex,
                  back_offset=options.back_offset)
    tile = game.print.land_tile
    tiles = token_pages(arrange(tile_groups(game, options), max_cols(options.paper, (tile, tile))),
                        trim=(tile, tile), text=sheet_text(game, lang, game.ui("comp_tiles", lang)), **common)
    size = game.print.unit_token
    cols = min(TOKEN_COLS, max_cols(options.paper, (size, size)))
    component = f"{game.ui('comp_tokens', lang)} · {game.ui('comp_markers', lang)}"
    tokens = token_pages(arrange(token_groups(game, options), cols), trim=(size, size),
                         text=sheet_text(game, lang, component), **common)
    if options.duplex == "none":
        return list(tiles.fronts + tokens.fronts), list(tiles.backs + tokens.backs)
    return list(tiles.interleaved() + tokens.interleaved()), []


@register
class TokensRenderer(Renderer):
    name = "tokens"

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        options = ctx.options
        pages, back_pages = sheets(game, options)
        title = f"{game.title.get(options.lang)}: {game.ui('comp_tiles', options.lang)}, " \
                f"{game.ui('comp_tokens', options.lang)}, {game.ui('comp_markers', options.lang)}"
        info = pdf.DocInfo(title, duplex=options.duplex)
        backs = (pdf.render(back_pages, info), len(back_pages)) if back_pages else None
        return ctx.write_sheets(f"{game.id}-{options.lang}-tokens", "tokens", (pdf.render(pages, info), len(pages)), backs)
