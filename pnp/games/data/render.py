"""A data-only game's renderers: pnp's general ones, each made only when the content declares
what it prints (a game without `board:` gets no board file, without `tokens:` no token sheet,
without `rulebook:` no rulebook), and the tokens' sheet, drawn from the content's shapes."""

from __future__ import annotations

from pnp.art import draw, style, svg
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.components.board_sheet import BoardSheetRenderer
from pnp.components.token_sheet import Block, Piece, arrange, max_cols, token_pages
from pnp.core.geometry import pt_to_mm
from pnp.games.data.model import Game, Token, token_ui_key
from pnp.print.imposition import render_runs, sheet_text
from pnp.rulebook.renderer import RulebookRenderer
from pnp.typeset import fonts

#: a face's text at most this share of the token across, and never above this size (pt)
TEXT_SHARE, TEXT_MAX_PT = 0.62, 28.0


@register
class Board(BoardSheetRenderer):
    """pnp's board renderer, for a game whose content declares a `board:`."""

    def applies(self, game: Game) -> bool:
        return game.board is not None


@register
class Rulebook(RulebookRenderer):
    """pnp's rulebook, for a game whose content declares a `rulebook:`."""

    def applies(self, game: Game) -> bool:
        return bool(game.sections)


def fill_of(colour: str, ink_saver: bool) -> str:
    full = colour if colour.startswith("#") else style.colour(colour)
    return style.tint(full, 0.28) if ink_saver else full


def ink_on(fill: str) -> str:
    """Paper-coloured words on a dark ground, ink on a light one."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return style.colour("on-colour") if 0.299 * r + 0.587 * g + 0.114 * b < 150 else style.colour("ink")


def side(token: Token, words: str, bleed: float, ink_saver: bool, title: str) -> str:
    """One side of a token: its colour to the bleed (a round token's square too: the cut is
    the punch's circle, drawn thin), the words centred and sized to the token."""
    size, fill = token.size, fill_of(token.colour, ink_saver)
    body = svg.rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, fill=fill)
    if token.shape == "circle":
        body += svg.circle(size / 2, size / 2, size / 2 - 0.15, fill="none", stroke=style.colour("ink"),
                           stroke_width=0.3)
    if words:
        width = fonts.text_width_mm(words, "sans-bold", 10.0)
        pt = min(TEXT_MAX_PT, 10.0 * size * TEXT_SHARE / max(width, 0.1))
        pt = min(pt, size * 0.5 / pt_to_mm(1.0))
        body += draw.centred_text(size / 2, size / 2, words, "sans-bold", pt, ink_on(fill))
    full = size + 2 * bleed
    return svg.document(full, full, svg.wrap(body, transform=svg.translate(bleed, bleed)), title=title)


def token_groups(game: Game, lang: str, ink_saver: bool) -> list[tuple[Token, list[Piece]]]:
    """Each token kind's pieces: every face by its count, its back the kind's name."""
    bleed = game.print.card.bleed
    out = []
    for token in game.tokens:
        name = game.ui(token_ui_key(token.id), lang)
        back = side(token, "", bleed, ink_saver, name)
        ground = fill_of(token.colour, ink_saver)
        pieces = [(side(token, face.text.get(lang), bleed, ink_saver, f"{name}: {face.text.get(lang)}"), back, ground)
                  for face in token.faces for _ in range(face.count)]
        out.append((token, pieces))
    return out


@register
class Tokens(Renderer):
    """`<game>-<lang>-tokens.pdf`: a sheet run per token kind, fronts and backs (with --duplex
    none the backs go to `…-tokens-backs.pdf`)."""

    name = "tokens"
    shares = "tokens"
    cost = 0.3

    def applies(self, game: Game) -> bool:
        return bool(game.tokens)

    def masters(self, game: Game, ctx: RenderContext) -> list[tuple[str, list[tuple[str, str]]]]:
        return [(token_ui_key(token.id), [p[:2] for p in pieces])
                for token, pieces in token_groups(game, ctx.options.lang, ctx.options.ink_saver)]

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        options, lang = ctx.options, ctx.options.lang
        runs = []
        for token, pieces in token_groups(game, lang, options.ink_saver):
            cols = max_cols(options.paper, (token.size, token.size))
            block = Block(arrange([pieces], cols), token.size, sheet_text(game, lang, game.ui(token_ui_key(token.id), lang)))
            runs.append(token_pages(block.rows, trim=(token.size, token.size), bleed=game.print.card.bleed,
                                    text=block.text, paper=options.paper, duplex=options.duplex,
                                    back_offset=options.back_offset))
        title = f"{game.title.get(lang)}: {game.ui('comp_tokens', lang)}"
        return ctx.write_sheets(f"{game.id}-{lang}-tokens", "tokens", *render_runs(runs, title, options.duplex))
