"""The `preview` renderer: ``index.html``, one static page showing the whole kit.

Every component the game's renderers share (`Renderer.takes`: cards, tokens, aids, boards
and table parts, sets of large sheets, two-sided pieces), grouped with its count (unique designs and copies),
the component list from the game's pack (`GamePack.kit`, or its `counts` named by the
`kit_<count>` strings), the text-fit report (the build's notes) and a link to every file
the build wrote. It runs last, so ctx.cache["files"] lists the rest.

Self-contained and serverless: the masters are inlined as SVG and the fonts embedded
(`preview_assets`), so the page opened straight from disk looks like the print. A few
lines of script check on load that every component has a visible size and that no font
failed, and say so on the console and in ``<body data-shown>`` (the Chromium test reads
both).
"""

from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping

from markupsafe import Markup
import jinja2

from pnp.components import ui_words
from pnp.components.card_family import family_title
from pnp.components.pieces import Piece, group_title
from pnp.components.sheet_set import SheetSet
from pnp.exports import preview_assets as assets
from pnp.typeset import font_subsets
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.core.geometry import DUPLEX_MODES, HOME_PAPERS
from pnp.core.resources import bundled
from pnp.games import pack_of
from pnp.print.tile_plan import Part

#: a game's model, as far as this page reads it: `ui`, `title`, `print.card` for cards and tokens
Game = Any

TEMPLATE_DIR = bundled("templates", "preview")
#: the page's own strings (keys of the content's `ui:` section), listed for the template
PAGE_UI = ("preview_kit", "preview_component", "preview_count", "preview_back", "preview_text_fit",
           "preview_all_fits", "preview_files", "preview_hint")
KIND_UI = {"board": "comp_board", "mats": "comp_mats", "aids": "comp_aids", "rulebook": "comp_rulebook",
           "alignment": "comp_alignment"}
#: how the kit was laid out for printing, in the page's words: the paper, the duplex mode (the choices
#: of pnp.core.geometry's HOME_PAPERS and DUPLEX_MODES), the ink saver
PAPER_UI = {paper: f"preview_paper_{paper}" for paper in HOME_PAPERS}
DUPLEX_UI = {mode: f"preview_duplex_{mode}" for mode in DUPLEX_MODES}
FONTS_SLOT = "/* fonts */"
#: the order of the kinds in the file list (any other kind after them, by name)
KIND_ORDER = ("cards", "tokens", "board", "mats", "models", "aids", "rulebook", "alignment", "print-shop", "tts")
#: kinds of many files, listed as their folders rather than file by file
SUMMARISED = ("svg", "png")


@dataclass
class Item:
    name: str
    count: int
    svg: Markup
    back: bool = False
    svg_source: str = field(default="", repr=False)


@dataclass
class Group:
    id: str
    title: str
    size: str  # css class: card | token | tile | large
    items: list[Item] = field(default_factory=list)

    @property
    def unique(self) -> int:
        return sum(1 for i in self.items if not i.back)

    @property
    def total(self) -> int:
        return sum(i.count for i in self.items if not i.back)


class Inliner:
    """Inline masters with a fresh id prefix each; the same master shown twice is inlined twice."""

    def __init__(self) -> None:
        self.count = 0
        self.raw: list[str] = []

    def __call__(self, svg: str, view=None, label: str = "") -> Markup:
        self.count += 1
        self.raw.append(svg)
        return assets.inline_svg(svg, f"m{self.count}-", view, label)


def _title(svg: str) -> str:
    """The SVG's <title> as text (decoded: the page template escapes it again)."""
    match = re.search(r"<title>([^<]*)</title>", svg)
    return html.unescape(match.group(1)) if match else ""


def card_groups(game: Game, ctx: RenderContext, inline: Inliner, renderer: Renderer, masters) -> list[Group]:
    lang, bleed = ctx.options.lang, game.print.card.bleed
    groups = []
    for declared in masters.families:
        family = declared.id
        counts = Counter(masters.decks[family])
        group = Group(f"cards-{family}", family_title(game, declared, lang), "card")
        for card_id, name, svg in masters.faces[family]:
            if counts[card_id]:
                group.items.append(Item(name, counts[card_id], inline(svg, assets.svg_view(svg, bleed), name)))
        back = masters.backs[family]
        label = game.ui("preview_back", lang)
        group.items.append(Item(label, len(masters.decks[family]), inline(back, assets.svg_view(back, bleed), label), True))
        groups.append(group)
    return groups


def token_groups(game: Game, ctx: RenderContext, inline: Inliner, renderer: Renderer, masters) -> list[Group]:
    """Tiles, unit tokens and markers: each unique face with its count, then each unique back."""
    lang, bleed = ctx.options.lang, game.print.card.bleed
    groups = []
    for key, pieces in masters:
        group = Group(key.replace("comp_", "pieces-"), game.ui(key, lang), "tile" if key == "comp_tiles" else "token")
        for side, is_back in ((0, False), (1, True)):
            for svg, n in Counter(p[side] for p in pieces).items():
                if is_back and any(svg == p[0] for p in pieces):
                    continue  # a piece showing its face on both sides
                label = _title(svg) or group.title
                if is_back:
                    label = f"{game.ui('preview_back', lang)}: {label}"
                group.items.append(Item(label, n, inline(svg, assets.svg_view(svg, bleed), label), is_back))
        groups.append(group)
    return groups


def aid_groups(game: Game, ctx: RenderContext, inline: Inliner, renderer: Renderer, masters) -> list[Group]:
    """The aid cards, named by their renderer (`names`), each unique back after them."""
    lang, bleed = ctx.options.lang, game.print.card.bleed
    fronts, backs = masters
    names = renderer.names(game, lang)  # type: ignore[attr-defined]
    if len(names) != len(fronts):  # the aids module changed its set: fall back to the SVG titles
        names = [_title(svg) or game.ui("comp_aids", lang) for svg in fronts]
    group = Group("aids", game.ui("comp_aids", lang), "card")
    for svg, name in zip(fronts, names):
        if not any(item.svg_source == svg for item in group.items):
            group.items.append(Item(name, fronts.count(svg), inline(svg, assets.svg_view(svg, bleed), name),
                                    svg_source=svg))
    back_label = game.ui("preview_back", lang)
    for svg, n in Counter(backs).items():
        player = names[backs.index(svg)].split(" · ")[-1]
        label = f"{back_label} · {player}"
        group.items.append(Item(label, n, inline(svg, assets.svg_view(svg, bleed), label), True))
    return [group]


def large_groups(game: Game, ctx: RenderContext, inline: Inliner, renderer: Renderer,
                 masters: Part | Mapping[str, Part]) -> list[Group]:
    """A board or table part as one picture; a part per player, each named by the player."""
    lang = ctx.options.lang
    group = Group(renderer.name, kind_label(game, renderer.name, lang), "large")
    if isinstance(masters, Part):
        group.items.append(Item(group.title, 1, inline(masters.svg(), label=group.title)))
    else:
        for player, part in masters.items():
            name = f"{group.title}: {game.ui(f'player_{player.lower()}', lang)}"
            group.items.append(Item(name, 1, inline(part.svg(), label=name)))
    return [group]


def sheet_groups(game: Game, ctx: RenderContext, inline: Inliner, renderer: Renderer, masters: SheetSet) -> list[Group]:
    """A set of large sheets (a capital sheet per race) as one section, a picture per sheet."""
    group = Group(renderer.name, masters.title, "large")
    for sheet in masters.sheets:
        name = f"{masters.title}: {sheet.name}"
        group.items.append(Item(name, 1, inline(sheet.part.svg(), label=name)))
    return [group]


def piece_groups(game: Game, ctx: RenderContext, inline: Inliner, renderer: Renderer,
                 masters: tuple[Piece, ...]) -> list[Group]:
    """Two-sided pieces, a section per group: each piece's front with its count, then its back."""
    back = game.ui("preview_back", ctx.options.lang)
    groups: dict[str, Group] = {}
    for piece in masters:
        if piece.group not in groups:
            groups[piece.group] = Group(f"{renderer.name}-{piece.group}", group_title(masters, piece.group), "card")
        items = groups[piece.group].items
        items.append(Item(piece.name, piece.count, inline(piece.front, label=piece.name)))
        items.append(Item(f"{back}: {piece.name}", piece.count, inline(piece.back, label=f"{back}: {piece.name}"), True))
    return list(groups.values())


#: the page's sections in order, by what the game's renderers share, and how each is shown
SECTIONS: dict[str, Callable[..., list[Group]]] = {
    "cards": card_groups, "tokens": token_groups, "aids": aid_groups, "board": large_groups,
    "table": large_groups, "sheets": sheet_groups, "pieces": piece_groups}


def kit_rows(game: Game, lang: str) -> list[tuple[str, int]]:
    """The component list: the pack's own, or a row per printed count, named by its `kit_<count>` string."""
    pack = pack_of(game)
    if pack.kit is not None:
        return list(pack.kit(game, lang))
    return [(game.ui(f"kit_{key}", lang), n) for key, n in pack.counts(game).items()]


def kind_label(game: Game, kind: str, lang: str) -> str:
    if kind in KIND_UI:
        return game.ui(KIND_UI[kind], lang)
    key = f"preview_kind_{kind.replace('-', '_')}"
    return game.ui(key, lang)


def file_groups(game: Game, files: list[OutputFile], lang: str) -> list[dict]:
    """Files by kind: each PDF, JSON and TTS image linked; big folders (svg, png) summarised."""
    by_kind: dict[str, list[OutputFile]] = {}
    for f in sorted(files, key=lambda f: f.path):
        by_kind.setdefault(f.kind, []).append(f)
    out = []
    order = {kind: k for k, kind in enumerate(KIND_ORDER)}  # build order, then the folders
    for kind, items in sorted(by_kind.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        label = kind_label(game, kind, lang)
        folders = sorted({f.path.rsplit("/", 1)[0] + "/" for f in items if "/" in f.path})
        out.append({"kind": kind, "label": label, "each": kind not in SUMMARISED, "folders": folders,
                    "count": game.ui("preview_files_count", lang, n=len(items)),
                    "files": [{"path": f.path, "pages": game.ui("preview_pages", lang, n=f.pages) if f.pages else ""}
                              for f in items]})
    return out


def tts_hint(game: Game, ctx: RenderContext) -> str:
    """What to do with the TTS files: which images to upload where, or that they work only here."""
    base = ctx.options.tts_url_base
    if base is None:
        return game.ui("preview_tts_local", ctx.options.lang)
    return game.ui("preview_tts_hosted", ctx.options.lang, base=base)


@lru_cache(maxsize=1)
def environment():
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                              keep_trailing_newline=True)


def printed_for(game: Game, options) -> str:
    """What the kit was laid out for, as a player reads it: «папір A4; друк з обох боків, …»."""
    lang = options.lang
    parts = [game.ui(PAPER_UI[options.paper], lang), game.ui(DUPLEX_UI[options.duplex], lang)]
    if options.ink_saver:
        parts.append(game.ui("preview_ink_saver", lang))
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def page(game: Game, ctx: RenderContext) -> str:
    lang = ctx.options.lang
    inline = Inliner()
    sections = [group for kind, show in SECTIONS.items() for renderer, masters in ctx.shared(game, kind)
                for group in show(game, ctx, inline, renderer, masters)]
    values = {
        "lang": lang, "title": game.ui("preview_title", lang, name=game.title.get(lang)),
        "printed": printed_for(game, ctx.options), "sections": sections, "kit": kit_rows(game, lang), "tts_hint": tts_hint(game, ctx),
        "notes": list(ctx.notes), "files": file_groups(game, list(ctx.cache.get("files", [])), lang),
        "expected": sum(len(s.items) for s in sections),
        "t": {k: game.ui(k, lang) for k in PAGE_UI},
        "designs": lambda s: game.ui("preview_designs", lang, n=s.unique, total=s.total),
        "copies": lambda n: game.ui("copies", lang, count=n),
    }
    template = environment().get_template("index.html.j2")
    body = template.render(fonts=Markup(FONTS_SLOT), **values)
    keys = sorted(set(font_subsets.faces_used(inline.raw)) | {"sans", "sans-bold"})
    css = font_subsets.font_face_css(keys, font_subsets.text_chars([body]))
    return body.replace(FONTS_SLOT, str(css), 1)


@register
class PreviewRenderer(Renderer):
    name = "preview"
    ui = ui_words.PREVIEW
    takes = tuple(SECTIONS)
    needs_files = True
    cost = 0.1

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        ctx.path("index.html").write_text(page(game, ctx), encoding="utf-8")
        return [OutputFile("index.html", "preview", 0)]
