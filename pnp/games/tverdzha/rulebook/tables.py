"""Tables generated from the model: components, lands, thresholds, buildings, battle cards.

Every name, cost, count and effect in a cell is the model's own string (the same one the
components print); column heads and notes come from labels.j2. Rows never split (reportlab
keeps a row whole), headers repeat on a new page, and a building stays with its upgrade.
"""

from __future__ import annotations

from fractions import Fraction

from markupsafe import Markup
from reportlab.platypus import Flowable

from pnp.games.tverdzha.kit_counts import counts
from pnp.core.geometry import mm_to_pt
from pnp.rulebook.book import Book
from pnp.rulebook.ruled import ruled_table


def _lines(f, item) -> Markup:
    """An item's effects, one a line (each the content's words, escaped)."""
    return Markup("<br/>").join(f.effects(item, _APART).split(_APART))


#: what no content text holds (a control character): joins the effects to split them apart again
_APART = "\x1e"


def _head(book: Book, *keys: str):
    return [book.cell(book.labels(k), "table-head") for k in keys]


# --- components -------------------------------------------------------------------------


def components(book: Book) -> list[Flowable]:
    g, f, lab = book.game, book.facts, book.labels
    kit = counts(g)
    rows = [_head(book, "components.head.item", "components.head.count", "components.head.notes")]
    entries = [
        ("castle", f.ui("comp_board"), kit.boards, lab("components.board")),
        ("forest", f.ui("comp_tiles"), kit.land_tiles, tile_breakdown(book)),
        ("building", f.ui("comp_building_cards"), kit.building_cards, lab("components.buildings")),
        ("upgrade", f.ui("comp_upgrade_cards"), kit.upgrade_cards, lab("components.upgrades")),
        ("card", f.ui("comp_battle_cards"), kit.battle_cards, lab("components.battle")),
        ("wall", f.ui("comp_mats"), kit.castle_mats, lab("components.mats")),
        ("unit", f.ui("comp_tokens"), kit.unit_tokens, lab("components.tokens")),
        ("point", f.ui("comp_markers"), kit.score_markers + kit.storage_markers + kit.first_player_markers,
         lab("components.markers")),
        ("hand", f.ui("comp_aids"), kit.aid_cards, lab("components.aids")),
        ("die", lab("components.dice.name"), kit.dice, lab("components.dice")),
    ]
    for icon, name, count, note in entries:
        rows.append([book.cell(Markup("[{}] <b>{}</b>").format(icon, name), decorative=True), book.cell(str(count), "table-num"),
                     book.cell(note)])
    return [ruled_table(book, rows, (52, 16, 102), whole=True)]


def tile_breakdown(book: Book) -> str:
    """'Ліс ×6, Поле ×5, …' from the tile pairs and the centre tiles."""
    return ", ".join(f"{book.facts.land(land).name.get(book.lang)} ×{n}" for land, n in tile_counts(book.game))


def tile_counts(game) -> list[tuple[str, int]]:
    tiles = game.board.tiles
    totals: dict[str, int] = {}
    for land, n in tiles.pairs:
        totals[land] = totals.get(land, 0) + 2 * n
    for land, n in tiles.centre:
        totals[land] = totals.get(land, 0) + n
    order = [land.id for land in game.lands]
    return sorted(totals.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order))


# --- lands ------------------------------------------------------------------------------


def lands(book: Book) -> list[Flowable]:
    g, lab = book.game, book.labels
    tiles = dict(tile_counts(g))
    rows = [_head(book, "lands.head.land", "lands.head.yields", "lands.head.where")]
    for land in g.lands:
        yields = (f"[{land.yields}] {book.facts.resource(land.yields)}" if land.yields
                  else lab("lands.nothing"))
        if land.points:
            yields = Markup("{} {}").format(yields, lab("lands.points", points=land.points))
        where = lab("lands.fixed") if land.fixed else lab("lands.tiles", n=tiles.get(land.id, 0))
        rows.append([book.cell(Markup("<b>{}</b>").format(land.name.get(book.lang))), book.cell(yields), book.cell(where)])
    return [ruled_table(book, rows, (40, 60, 70), whole=True)]


# --- battle thresholds -----------------------------------------------------------------------


def threshold_examples(game, enemy: int = 4) -> list[tuple[int, int]]:
    """For each threshold row, one own strength against `enemy` that falls in it (nearest to even)."""
    found: dict[int, int] = {}
    for own in range(1, 4 * enemy + 1):
        ratio = Fraction(own, enemy)
        for index, row in enumerate(game.battle.thresholds):
            if row.matches(ratio):
                if index not in found or abs(own - enemy) < abs(found[index] - enemy):
                    found[index] = own
                break
    return [(found.get(i, 0), enemy) for i in range(len(game.battle.thresholds))]


def thresholds(book: Book, compact: str = "") -> list[Flowable]:
    g, lab = book.game, book.labels
    small = compact == "compact"
    examples = threshold_examples(g)
    style = "summary" if small else "table"
    head = ["thresholds.head.ratio", "thresholds.head.hit"] if small else [
        "thresholds.head.ratio", "thresholds.head.example", "thresholds.head.hit"]
    rows = [[book.cell(lab(k), "table-head") for k in head]]
    for row, (own, enemy) in zip(g.battle.thresholds, examples):
        hit = book.cell(Markup("[die] <b>{}</b>").format(book.facts.hit(row.hit)), style)
        label = book.cell(row.label.get(book.lang), style)
        if small:
            rows.append([label, hit])
        else:
            example = lab("thresholds.example", own=own, enemy=enemy)
            rows.append([label, book.cell(example), hit])
    widths = (30, 18) if small else (60, 60, 40)
    column = mm_to_pt(book.geometry.column_width)
    return [ruled_table(book, rows, widths, width_pt=column if small else None, whole=True)]


# --- buildings ----------------------------------------------------------------------------


def buildings(book: Book) -> list[Flowable]:
    g, f = book.game, book.facts
    rows = [_head(book, "buildings.head.name", "buildings.head.cost", "buildings.head.effect",
                  "buildings.head.points")]
    extra = []
    for b in g.buildings:
        up = b.upgrade
        first = len(rows)
        rows.append([book.cell(Markup("<b>{}</b>").format(f.name(b)), "table"), book.cell(f.cost(b.cost), "table-cost"),
                     book.cell(_lines(f, b)), book.cell(str(b.points), "table-num")])
        rows.append([book.cell(f"[upgrade] {f.name(up)}"), book.cell(f.cost(up.cost), "table-cost"),
                     book.cell(_lines(f, up)), book.cell(str(up.points), "table-num")])
        extra += [
            ("NOSPLIT", (0, first), (-1, first + 1)),
            ("BACKGROUND", (0, first + 1), (-1, first + 1), book.tint("upgrade", 0.10)),
            ("LINEBELOW", (0, first), (-1, first), 0.25, book.tint("line", 0.6)),
            ("LINEBELOW", (0, first + 1), (-1, first + 1), 0.8, book.colour("line")),
        ]
    return [ruled_table(book, rows, (38, 27, 92, 13), extra=extra)]


# --- battle cards -----------------------------------------------------------------------------


def cards(book: Book) -> list[Flowable]:
    g, f, lab = book.game, book.facts, book.labels
    order = [t.key for t in g.battle.timing]
    names = {t.key: t.name.get(book.lang) for t in g.battle.timing}
    ordered = sorted(g.battle_cards, key=lambda c: order.index(c.timing) if c.timing in order else len(order))
    rows = [_head(book, "cards.head.name", "cards.head.when", "cards.head.effect", "cards.head.count")]
    for card in ordered:
        rows.append([book.cell(Markup("<b>{}</b>").format(f.name(card))), book.cell(names.get(card.timing, card.timing)),
                     book.cell(_lines(f, card)), book.cell(f"×{card.count}", "table-num")])
    rows.append([book.cell(Markup("<b>{}</b>").format(lab("cards.total"))), "", "",
                 book.cell(Markup("<b>{}</b>").format(sum(c.count for c in g.battle_cards)), "table-num")])
    extra = [("LINEABOVE", (0, -1), (-1, -1), 0.9, book.colour("ink"))]
    return [ruled_table(book, rows, (38, 33, 86, 13), extra=extra)]
