"""Home-print sheets: cards butted edge to edge on A4/Letter, crop marks, backs behind fronts.

A sheet is a grid of cards (as many as fit with their full bleed and crop marks, centred;
3x3 for 63x88 on A4, 3x2 on Letter) sharing their cut lines. A card's bleed is drawn only where the card has no neighbour
(the grid's outer edge or an empty cell of the last sheet); inside the grid neighbours
meet exactly at the trim line. Crop marks continue every cut line from the grid to the
printer's no-print margin, so they survive the first cuts. The free margin between marks
carries a 50 mm scale bar with its caption and the page label (drawn by `sheetmarks`).

Backs: with duplex long, back page columns are mirrored (x' = paper width - x - card
width), with short the rows are, so after the printer flips the sheet every back lies
behind its front. `none` lays the backs out for gluing (mirrored like long) in a separate
PDF. The back offset moves everything on back pages by (x, y) mm, as seen on the back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pnp.print import pdf
from pnp.core.geometry import NO_PRINT_MARGIN, Box, Paper, check_duplex, paper as get_paper
from pnp.print.sheetmarks import Chrome, Outline, crop_marks, place_chrome, svg_page

#: Crop marks need at least this much room between the grid and the no-print margin.
MIN_MARK_LENGTH = 1.0


@dataclass(frozen=True)
class SheetText:
    """Player-facing strings (from content). Labels may use {i} (sheet) and {n} (sheets)."""

    front_label: str
    back_label: str
    scale_caption: str


def sheet_text(game, lang: str, component: str) -> SheetText:
    """A component's sheet labels: "<component> · <print_page> · <print_front/back>", and the scale caption."""
    page = game.ui("print_page", lang, page="{i}", pages="{n}")
    return SheetText(f"{component} · {page} · {game.ui('print_front', lang)}",
                     f"{component} · {page} · {game.ui('print_back', lang)}", game.ui("print_scale", lang))


@dataclass(frozen=True)
class Grid:
    paper: Paper
    card_w: float
    card_h: float
    cols: int
    rows: int

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def box(self) -> Box:
        """The trim outline of the whole grid on a front page, centred on the paper."""
        w, h = self.cols * self.card_w, self.rows * self.card_h
        return Box((self.paper.width - w) / 2, (self.paper.height - h) / 2, w, h)

    def cell(self, row: int, col: int, offset: tuple[float, float] = (0.0, 0.0)) -> Box:
        box = self.box
        return Box(box.x + col * self.card_w + offset[0], box.y + row * self.card_h + offset[1],
                   self.card_w, self.card_h)

    def behind(self, row: int, col: int, duplex: str) -> tuple[int, int]:
        """The cell on the back page that lies behind front cell (row, col) after the flip."""
        if duplex == "short":
            return self.rows - 1 - row, col
        return row, self.cols - 1 - col  # long, and none (glued like a book page)


@dataclass(frozen=True)
class Imposed:
    pdf: bytes
    pages: int
    sheets: int
    backs_pdf: bytes | None = None  # duplex none only
    backs_pages: int = 0
    notes: tuple[str, ...] = ()


def fit_grid(paper: Paper | str, trim: tuple[float, float], bleed: float = 0.0) -> Grid:
    """The largest grid of `trim`-sized cards that leaves room for `bleed` and crop marks on every side.

    Card sheets ask for their full bleed: a duplex printer drifts 1-2 mm between front
    and back, and a narrower outer bleed then shows white at the backs' cut edges
    (Letter: 3x2 cards with 3 mm all round, not 3x3 with 1.35 mm at top and bottom).
    """
    paper = get_paper(paper)
    card_w, card_h = trim
    room = 2 * (NO_PRINT_MARGIN + bleed + MIN_MARK_LENGTH)
    cols = int((paper.width - room) / card_w + 1e-9)
    rows = int((paper.height - room) / card_h + 1e-9)
    if cols < 1 or rows < 1:
        raise ValueError(f"a {card_w}x{card_h} mm card does not fit on {paper.name} paper")
    return Grid(paper, card_w, card_h, cols, rows)


def _candidate_grids(grid: Grid) -> list[Grid]:
    """`grid` and every smaller grid, most cards first (used when the margin text won't fit)."""
    sizes = [(c, r) for c in range(grid.cols, 0, -1) for r in range(grid.rows, 0, -1)]
    sizes.sort(key=lambda cr: (-cr[0] * cr[1], -cr[1], -cr[0]))
    return [Grid(grid.paper, grid.card_w, grid.card_h, c, r) for c, r in sizes]


def impose(fronts: Sequence[str], backs: Sequence[str] | str, *, trim: tuple[float, float],
           bleed: float, text: SheetText, title: str, paper: Paper | str = "a4",
           duplex: str = "long", back_offset: tuple[float, float] = (0.0, 0.0)) -> Imposed:
    """Impose card masters (SVG with `bleed` mm around a `trim` card) onto home sheets."""
    sheet = impose_pages(fronts, backs, trim=trim, bleed=bleed, text=text, paper=paper,
                         duplex=duplex, back_offset=back_offset)
    (pdf_bytes, pages), backs_pdf = render_runs([sheet], title, duplex)
    if backs_pdf is None:
        return Imposed(pdf_bytes, pages, sheet.sheets, notes=sheet.notes)
    return Imposed(pdf_bytes, pages, sheet.sheets, backs_pdf[0], backs_pdf[1], sheet.notes)


def render_runs(runs: Sequence["SheetPages"], title: str,
                duplex: str) -> tuple[tuple[bytes, int], tuple[bytes, int] | None]:
    """Sheet runs (one component's, or several put in one PDF) rendered for home printing:
    (PDF bytes, pages) of the fronts and backs alternating, the order a duplex printer needs; with
    `duplex` "none", of the fronts, and the backs apart (None when there are none)."""
    info = pdf.DocInfo(title, duplex=duplex)
    if duplex != "none":
        pages = [page for run in runs for page in run.interleaved()]
        return (pdf.render(pages, info), len(pages)), None
    fronts = [page for run in runs for page in run.fronts]
    backs = [page for run in runs for page in run.backs]
    return (pdf.render(fronts, info), len(fronts)), (pdf.render(backs, info), len(backs)) if backs else None


@dataclass(frozen=True)
class SheetPages:
    """Imposed pages not yet rendered, for callers that put several components in one PDF."""

    fronts: tuple[pdf.Page, ...]
    backs: tuple[pdf.Page, ...]  # backs[k] belongs behind fronts[k]
    sheets: int
    notes: tuple[str, ...]

    def interleaved(self) -> list[pdf.Page]:
        """Front, back, front, back: the order a duplex printer needs."""
        return [page for pair in zip(self.fronts, self.backs) for page in pair]


def impose_pages(fronts: Sequence[str], backs: Sequence[str] | str, *, trim: tuple[float, float],
                 bleed: float, text: SheetText, paper: Paper | str = "a4", duplex: str = "long",
                 back_offset: tuple[float, float] = (0.0, 0.0)) -> SheetPages:
    """The front and back pages of the home sheets, not yet rendered (see `impose`)."""
    check_duplex(duplex)
    if not fronts:
        raise ValueError("nothing to impose: no card fronts")
    back_list = [backs] * len(fronts) if isinstance(backs, str) else list(backs)
    if len(back_list) != len(fronts):
        raise ValueError(f"{len(fronts)} fronts but {len(back_list)} backs")
    _check_masters(list(fronts) + back_list, trim, bleed)

    grid, sheets = _choose_grid(get_paper(paper), trim, bleed, text, len(fronts), back_offset)
    front_pages, back_pages, notes = [], [], []
    for sheet in range(sheets):
        chunk = range(sheet * grid.per_sheet, min(len(fronts), (sheet + 1) * grid.per_sheet))
        cells = {divmod(k - chunk.start, grid.cols): k for k in chunk}
        front_cells = {rc: fronts[k] for rc, k in cells.items()}
        back_cells = {grid.behind(*rc, duplex): back_list[k] for rc, k in cells.items()}
        label = fill_label(text.front_label, sheet + 1, sheets)
        front_pages.append(_sheet_page(grid, front_cells, bleed, (0.0, 0.0), label, text, notes))
        label = fill_label(text.back_label, sheet + 1, sheets)
        back_pages.append(_sheet_page(grid, back_cells, bleed, back_offset, label, text, notes))
    return SheetPages(tuple(front_pages), tuple(back_pages), sheets, tuple(dict.fromkeys(notes)))


def fill_label(template: str, sheet: int, sheets: int) -> str:
    return template.replace("{i}", str(sheet)).replace("{n}", str(sheets))


def _check_masters(masters: Sequence[str], trim: tuple[float, float], bleed: float) -> None:
    want = (trim[0] + 2 * bleed, trim[1] + 2 * bleed)
    for number, svg in enumerate(dict.fromkeys(masters), start=1):
        size = pdf.svg_size_mm(svg)
        if abs(size[0] - want[0]) > 0.01 or abs(size[1] - want[1]) > 0.01:
            raise ValueError(f"card master {number} is {size[0]:g}x{size[1]:g} mm; a {trim[0]:g}x"
                             f"{trim[1]:g} mm card with {bleed:g} mm bleed must be {want[0]:g}x{want[1]:g} mm")


def _choose_grid(paper: Paper, trim, bleed: float, text: SheetText, count: int,
                 back_offset) -> tuple[Grid, int]:
    """The biggest grid whose margins hold the scale bar and the longest label, front and back."""
    labels = [fill_label(t, count, count) for t in (text.front_label, text.back_label)]
    problems = []
    for grid in _candidate_grids(fit_grid(paper, trim, bleed)):
        try:
            for offset, label in (((0.0, 0.0), labels[0]), (back_offset, labels[1])):
                place_chrome(sheet_outline(grid, bleed, offset), Chrome(label, text.scale_caption))
        except ValueError as error:
            problems.append(f"{grid.cols}x{grid.rows}: {error}")
            continue
        return grid, -(-count // grid.per_sheet)
    raise ValueError(f"no card grid on {paper.name} leaves room for the scale bar and label: "
                     + "; ".join(problems))


def sheet_outline(grid: Grid, bleed: float, offset: tuple[float, float]) -> Outline:
    """Cut lines and drawn outer bleed of `grid` on a page moved by `offset`."""
    box = grid.box.moved(*offset)
    printable = grid.paper.printable
    room = (box.x - printable.x, box.y - printable.y, printable.right - box.right,
            printable.bottom - box.bottom)
    outer = tuple(max(0.0, min(bleed, r)) for r in room)
    xs = tuple(box.x + c * grid.card_w for c in range(grid.cols + 1))
    ys = tuple(box.y + r * grid.card_h for r in range(grid.rows + 1))
    return Outline(grid.paper, box, xs, ys, outer)


def _sheet_page(grid: Grid, cells: dict[tuple[int, int], str], bleed: float,
                offset: tuple[float, float], label: str, text: SheetText, notes: list[str]) -> pdf.Page:
    outline = sheet_outline(grid, bleed, offset)
    printable = grid.paper.printable
    placements = []
    for (row, col), svg in sorted(cells.items()):
        trim = grid.cell(row, col, offset)
        clip = trim.outset(*(art_reach(grid, cells, row, col, side, bleed, outline.bleed[side])
                             for side in range(4)))
        clipped = clip.intersect(printable)
        if clipped is None or not printable.contains(trim):
            notes.append(f"card art at row {row + 1}, column {col + 1} is cut by the "
                         f"{NO_PRINT_MARGIN} mm no-print margin (back offset {offset[0]:g},{offset[1]:g} mm)")
        if clipped is not None:
            placements.append(pdf.Placement(svg, trim.x - bleed, trim.y - bleed, clipped))
    body = crop_marks(outline) + place_chrome(outline, Chrome(label, text.scale_caption))
    overlay = svg_page(grid.paper.width, grid.paper.height, body)
    return pdf.Page(grid.paper.width, grid.paper.height, tuple(placements), overlay)


_NEIGHBOURS = ((0, -1), (-1, 0), (0, 1), (1, 0))  # left, top, right, bottom


def art_reach(grid: Grid, cells, row: int, col: int, side: int, bleed: float, outer: float) -> float:
    """How far a card's art may reach past its trim on one side (0 where a neighbour butts)."""
    dr, dc = _NEIGHBOURS[side]
    r, c = row + dr, col + dc
    if not (0 <= r < grid.rows and 0 <= c < grid.cols):
        return outer
    return 0.0 if (r, c) in cells else bleed
