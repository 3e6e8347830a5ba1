"""The `preview` renderer: ``index.html``, one static page showing the whole kit.

Every component grouped by family with its count (unique designs and copies), the
component list from `pnp.games.tverdzha.kit_counts`, the text-fit report (the build's notes) and a link to
every file the build wrote. It runs last, so ctx.cache["files"] lists the rest.

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

from markupsafe import Markup
import jinja2

from pnp.games.tverdzha import kit_counts as kit
from pnp.games.tverdzha.model import Game
from pnp.exports import preview_assets as assets
from pnp.components.card_family import deck
from pnp.components.base import OutputFile, RenderContext, Renderer, register
from pnp.core.resources import bundled

TEMPLATE_DIR = bundled("templates", "preview")
#: the page's own strings (keys of the content's `ui:` section), listed for the template
PAGE_UI = ("preview_kit", "preview_component", "preview_count", "preview_back", "preview_text_fit",
           "preview_all_fits", "preview_files", "preview_dice", "preview_hint")
KIND_UI = {"board": "comp_board", "mats": "comp_mats", "aids": "comp_aids", "rulebook": "comp_rulebook",
           "alignment": "comp_alignment"}
FONTS_SLOT = "/* fonts */"
LINK_EACH = ("cards", "tokens", "board", "mats", "aids", "rulebook", "alignment", "print-shop", "tts")


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


def card_groups(game: Game, ctx: RenderContext, inline: Inliner) -> list[Group]:
    masters = ctx.masters(game, "cards")
    lang, bleed = ctx.options.lang, game.print.card.bleed
    groups = []
    for declared in masters.families:
        family = declared.id
        counts = Counter(masters.decks[family])
        group = Group(f"cards-{family}", game.ui(declared.component, lang), "card")
        for card_id, name, svg in masters.faces[family]:
            if counts[card_id]:
                group.items.append(Item(name, counts[card_id], inline(svg, assets.svg_view(svg, bleed), name)))
        back = masters.backs[family]
        label = game.ui("preview_back", lang)
        group.items.append(Item(label, len(masters.decks[family]), inline(back, assets.svg_view(back, bleed), label), True))
        groups.append(group)
    return groups


def piece_groups(game: Game, ctx: RenderContext, inline: Inliner) -> list[Group]:
    """Tiles, unit tokens and markers: each unique face with its count, then each unique back."""
    lang, bleed = ctx.options.lang, game.print.card.bleed
    groups = []
    for key, pieces in ctx.masters(game, "tokens"):
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


def aid_names(game: Game, lang: str) -> list[str]:
    """Names of the aid cards in the aids module's order: per player, the round card, the battle card."""
    kinds = [game.ui(k, lang) for k in ("aid_round_title", "aid_battle_title")]
    return [f"{kind} · {game.ui(f'player_{p.lower()}', lang)}" for p in game.players for kind in kinds]


def aid_group(game: Game, ctx: RenderContext, inline: Inliner) -> Group:
    lang, bleed = ctx.options.lang, game.print.card.bleed
    fronts, backs = ctx.masters(game, "aids")
    names = aid_names(game, lang)
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
    return group


def large_groups(game: Game, ctx: RenderContext, inline: Inliner) -> list[Group]:
    lang = ctx.options.lang
    board = Group("board", game.ui("comp_board", lang), "large")
    board.items.append(Item(board.title, 1, inline(ctx.masters(game, "board").svg(), label=board.title)))
    mats = Group("mats", game.ui("comp_mats", lang), "large")
    for player, part in ctx.masters(game, "mats").items():
        name = f"{mats.title}: {game.ui(f'player_{player.lower()}', lang)}"
        mats.items.append(Item(name, 1, inline(part.svg(), label=name)))
    return [board, mats]


def kit_rows(game: Game, lang: str) -> list[tuple[str, int]]:
    c = kit.counts(game)
    rows = [(f.component, len(deck(f.cards(game, lang)))) for f in game.card_families]
    rows += [("comp_tiles", c.land_tiles), ("comp_tokens", c.unit_tokens),
            ("comp_markers", c.score_markers + c.storage_markers + c.first_player_markers),
            ("comp_board", c.boards), ("comp_mats", c.castle_mats), ("comp_aids", c.aid_cards)]
    return [(game.ui(k, lang), n) for k, n in rows] + [(game.ui("preview_dice", lang), c.dice)]


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
    order = {kind: k for k, kind in enumerate(LINK_EACH)}  # build order, then the folders
    for kind, items in sorted(by_kind.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        label = kind_label(game, kind, lang)
        folders = sorted({f.path.rsplit("/", 1)[0] + "/" for f in items if "/" in f.path})
        out.append({"kind": kind, "label": label, "each": kind in LINK_EACH, "folders": folders,
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


def page(game: Game, ctx: RenderContext) -> str:
    lang = ctx.options.lang
    inline = Inliner()
    sections = card_groups(game, ctx, inline) + piece_groups(game, ctx, inline) + [aid_group(game, ctx, inline)]
    sections += large_groups(game, ctx, inline)
    values = {
        "lang": lang, "title": game.ui("preview_title", lang, name=game.title.get(lang)),
        "options": ctx.options, "sections": sections, "kit": kit_rows(game, lang), "tts_hint": tts_hint(game, ctx),
        "notes": list(ctx.notes), "files": file_groups(game, list(ctx.cache.get("files", [])), lang),
        "expected": sum(len(s.items) for s in sections),
        "t": {k: game.ui(k, lang) for k in PAGE_UI},
        "designs": lambda s: game.ui("preview_designs", lang, n=s.unique, total=s.total),
        "copies": lambda n: game.ui("copies", lang, count=n),
    }
    template = environment().get_template("index.html.j2")
    body = template.render(fonts=Markup(FONTS_SLOT), **values)
    keys = sorted(set(assets.faces_used(inline.raw)) | {"sans", "sans-bold"})
    css = assets.font_face_css(keys, assets.text_chars([body]))
    return body.replace(FONTS_SLOT, str(css), 1)


@register
class PreviewRenderer(Renderer):
    name = "preview"
    needs = ("cards", "tokens", "aids", "board", "mats")
    needs_files = True
    cost = 0.1

    def render(self, game: Game, ctx: RenderContext) -> list[OutputFile]:
        ctx.path("index.html").write_text(page(game, ctx), encoding="utf-8")
        return [OutputFile("index.html", "preview", 0)]
