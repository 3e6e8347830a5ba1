"""The `tokens` renderer: land tiles, unit tokens and markers on home sheets.

Writes ``{game}-{lang}-tokens.pdf``: the land tile sheet, then the unit tokens and the
markers on one sheet, each followed by its back page (unit tokens and markers differ in
size, so each has its own grid, one above the other with a first cut between them; a
sheet of their own each when the paper does not hold both). With ``--duplex none`` the back pages go to
``{game}-{lang}-tokens-backs.pdf`` for gluing, as for the cards. Every text and icon
keeps inside the safe zone (`print.card.safe`) of its piece.

Backs, decided: tiles need theirs (the mirrored shuffle is done face down). Unit tokens
and markers get a plain back in the player's colour and shape: strength is read on the
face only, a uniform back hides a small duplex shift, and a piece that lands upside
down still says whose it is. The markers of a track with an overflow (the storage
track: components.storage_track) show "+overflow" on the back instead. The
first-player marker shows its face on both sides.
"""

from __future__ import annotations

from pnp.games.tverdzha import kit_counts as kit, ui_keys
from pnp.games.tverdzha.model import Game
from pnp.print import pdf
from pnp.games.tverdzha.render import token_art
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.print.imposition import sheet_text
from pnp.components.token_sheet import Block, Piece, arrange, max_cols, stacked_pages, token_pages

TOKEN_COLS = 5  # unit tokens per row: rows of five are quick to count when sorting
MARKER_COLS = 10


def player_keys(player: str) -> tuple[str, str]:
    """(icon name, palette key) of a player: the same name for both."""
    key = f"player-{player.lower()}"
    return key, key


def _ground(options, *keys: str) -> str:
    """The colours a piece shows (front and back); in ink saver every piece is white."""
    return "none" if options.ink_saver else "/".join(keys)


def tile_groups(game: Game, options) -> list[list[Piece]]:
    spec, lang, ink = game.print.land_tile, options.lang, options.ink_saver
    bleed, safe = game.print.card.bleed, game.print.card.safe
    backs = {kind: token_art.tile_back(kind, game.ui(f"tile_{kind}", lang), spec, bleed, safe, ink)
             for kind in ("pair", "centre")}
    faces: dict[str, str] = {}

    def face(land_id: str) -> str:
        if land_id not in faces:
            land = game.land(land_id)
            faces[land_id] = token_art.land_tile(land.icon, land.name.get(lang), land.yields, spec, bleed, safe, ink)
        return faces[land_id]

    def piece(land_id: str, kind: str) -> Piece:
        return face(land_id), backs[kind], _ground(options, game.land(land_id).icon, kind)

    pairs = [piece(land, "pair") for land, n in game.board.tiles.pairs for _ in range(2 * n)]
    centre = [piece(land, "centre") for land, n in game.board.tiles.centre for _ in range(n)]
    return [pairs, centre]


def token_groups(game: Game, options) -> list[list[Piece]]:
    """The unit tokens, one group per player."""
    size, bleed, safe, ink, lang = (game.print.unit_token, game.print.card.bleed, game.print.card.safe,
                                    options.ink_saver, options.lang)
    counts = kit.counts(game)
    units = []
    for player in game.players:
        icon, colour = player_keys(player)
        name = game.ui(f"player_{player.lower()}", lang)
        back = token_art.player_back(icon, colour, size, bleed, safe, ink, name)
        face = token_art.unit_token(icon, colour, size, bleed, safe, game.unit_strengths, ink,
                                    f"{game.ui('strength', lang)}: {name}")
        units.append([(face, back, _ground(options, colour))] * counts.unit_tokens_per_player)
    return units


def marker_groups(game: Game, options) -> list[list[Piece]]:
    """Score and storage markers (per player), then the first-player marker.

    A track with an overflow (components.*_track) gives its markers a "+overflow" back;
    the others get the player's plain back."""
    size, bleed, safe, ink, lang = (game.print.marker, game.print.card.bleed, game.print.card.safe,
                                    options.ink_saver, options.lang)
    counts, comp = kit.counts(game), game.components
    markers: list[Piece] = []
    for player in game.players:
        icon, colour = player_keys(player)
        plain = token_art.player_back(icon, colour, size, bleed, safe, ink, game.ui(f"player_{player.lower()}", lang))
        ground = _ground(options, colour)

        def piece(symbol: str, word: str, track) -> Piece:
            front = token_art.marker(symbol, icon, colour, size, bleed, safe, ink, word)
            back = (token_art.overflow_side(symbol, colour, size, bleed, safe, ink, track.overflow, f"{word}: +{track.overflow}")
                    if track.overflow else plain)
            return front, back, ground

        markers += [piece("point", game.ui("marker_score", lang), comp.score_track)] * (counts.score_markers // len(game.players))
        resources = game.resource_ids
        for k in range(counts.storage_markers // len(game.players)):
            markers.append(piece(resources[k % len(resources)], game.ui("marker_storage", lang), comp.storage_track))
    first = token_art.marker("first-player", None, "point", size, bleed, safe, ink, game.ui("marker_first", lang))
    return [markers, [(first, first, _ground(options, "point"))] * counts.first_player_markers]


def sheets(game: Game, options) -> tuple[list[pdf.Page], list[pdf.Page]]:
    """(pages in print order, back pages for a separate file with --duplex none).

    The markers share the unit tokens' sheet when both fit on one (a dashed line between
    them is the first cut): eleven small markers do not waste a sheet of their own."""
    lang = options.lang
    common = dict(bleed=game.print.card.bleed, paper=options.paper, duplex=options.duplex,
                  back_offset=options.back_offset)
    blocks = []
    for groups, size, cols, component in (
            (tile_groups(game, options), game.print.land_tile, None, game.ui("comp_tiles", lang)),
            (token_groups(game, options), game.print.unit_token, TOKEN_COLS, game.ui("comp_tokens", lang)),
            (marker_groups(game, options), game.print.marker, MARKER_COLS, game.ui("comp_markers", lang))):
        fit = max_cols(options.paper, (size, size))
        blocks.append(Block(arrange(groups, min(cols or fit, fit)), size, sheet_text(game, lang, component)))
    tiles, units, markers = blocks
    shared = stacked_pages([units, markers], **common)
    parts = [token_pages(b.rows, trim=(b.size, b.size), text=b.text, **common)
             for b in ([tiles] + ([units, markers] if shared is None else []))]
    parts += [shared] if shared is not None else []
    if options.duplex == "none":
        return [p for part in parts for p in part.fronts], [p for part in parts for p in part.backs]
    return [p for part in parts for p in part.interleaved()], []


@register
class TokensRenderer(Renderer):
    name = "tokens"
    ui = ui_keys.TOKENS
    shares = "tokens"
    cost = 0.4

    def masters(self, game: Game, ctx: RenderContext) -> list[tuple[str, list[tuple[str, str]]]]:
        """(component ui key, [(face, back) for every piece]) for tiles, unit tokens and markers
        (the preview exporter shows them)."""
        def flat(groups):
            return [piece[:2] for group in groups for piece in group]

        return [("comp_tiles", flat(tile_groups(game, ctx.options))),
                ("comp_tokens", flat(token_groups(game, ctx.options))),
                ("comp_markers", flat(marker_groups(game, ctx.options)))]

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        options = ctx.options
        pages, back_pages = sheets(game, options)
        title = f"{game.title.get(options.lang)}: {game.ui('comp_tiles', options.lang)}, " \
                f"{game.ui('comp_tokens', options.lang)}, {game.ui('comp_markers', options.lang)}"
        info = pdf.DocInfo(title, duplex=options.duplex)
        backs = (pdf.render(back_pages, info), len(back_pages)) if back_pages else None
        return ctx.write_sheets(f"{game.id}-{options.lang}-tokens", "tokens", (pdf.render(pages, info), len(pages)), backs)
