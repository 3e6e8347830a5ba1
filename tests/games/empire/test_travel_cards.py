"""The travel cards of «Строительство империи» (pnp/games/empire/render/travel_cards.py): the three
PDFs read back (pdftotext -bbox, pypdf, pdffonts, pdftoppm), measured in millimetres on the sheet's
card grid, their words compared with the content in ru and uk."""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from pnp.components.base import BuildOptions, RenderContext
from pnp.games.empire.render.travel_cards import TravelCardsRenderer, TravelPrintsRenderer
from pnp.core.geometry import Box
from pnp.print.imposition import fit_grid
from test_capital_sheet import page_words, words_in  # the capital sheet's readers of pdftotext -bbox

LANGS = ("ru", "uk")
STEMS = ("travel-cards", "travel-cards-colour-in", "travel-templates")
A4 = (210.0, 297.0)



def render(game, out: Path, lang: str) -> dict[str, Path]:
    ctx = RenderContext(BuildOptions(lang=lang), out)
    files = TravelCardsRenderer().render(game, ctx) + TravelPrintsRenderer().render(game, ctx)
    return {f.path: out / f.path for f in files}


class Kits:
    """The renderer's files per language, each built once per module when a test first asks."""

    def __init__(self, game, root: Path) -> None:
        self.game, self.root, self.files = game, root, {}

    def __getitem__(self, lang: str) -> dict[str, Path]:
        if lang not in self.files:
            self.files[lang] = render(self.game, self.root / lang, lang)
        return self.files[lang]


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    return Kits(game, tmp_path_factory.mktemp("travel"))


def pdf(built, lang: str, stem: str) -> Path:
    return built[lang][f"empire-{lang}-{stem}.pdf"]


def letters(text: str) -> str:
    """Text without spaces and hyphens: a line broken (and hyphenated) anywhere reads the same."""
    return re.sub(r"[\s\-\u2010\u00ad]", "", text)


def printed(game) -> list:
    """The travel cards as printed, in deck order: each card of the content as many times as it counts."""
    return [c for c in game.travel_cards for _ in range(c.count)]


def grid(game):
    spec = game.print.card
    return fit_grid("a4", (spec.width, spec.height), spec.bleed)


def cells(game, count: int):
    """(front page, cell box) of card k of `count` in deck order: fronts on pages 1, 3, ..."""
    g = grid(game)
    return [(2 * (k // g.per_sheet) + 1, g.cell(*divmod(k % g.per_sheet, g.cols))) for k in range(count)]


def expected(game, card, lang: str) -> list[str]:
    """What the seed's figure of the card's type prints, from the content (not from the renderer's rows)."""
    kind = next(t for t in game.travel_types if t.id == card.type)
    gold = game.gold_short.get(lang)
    out = [kind.label.get(lang), card.name.get(lang)]
    resource = next((r for r in game.resources if r.id == card.resource), None)
    if card.type in ("mine", "reserve"):
        out.append(f"({card.guards})")
    if card.type in ("mine", "town"):
        out.append(f"+{card.gold}{gold}")
    if card.type == "mine":
        out.append(resource.name.get(lang).capitalize())
    if card.type == "town":
        out.append(f"+{resource.short.get(lang)}")
    if card.type in ("reserve", "dungeon"):
        out.append(f"{card.points} ПО")
    if card.type in ("town", "dungeon"):
        weeks = " ".join(str(w) for w in range(1, game.weeks + 1))
        out += [weeks, " ".join(map(str, card.strength))]
    if card.type == "garrison":
        out += [f"({card.kind.get(lang)})", str(card.bonus), game.ui("travel_siege_strength", lang),
                game.ui("travel_from_week", lang, n=card.week)]
    if card.type == "trap":
        out += [game.ui("travel_instant", lang), game.ui("travel_penalty_creature_cards", lang, n=card.penalty["creature_cards"])]
    if card.type == "dungeon":
        out.append(f"(+{card.chests})")
    if card.type == "terrain":
        out.append(f"{card.gold}{gold}")
    if card.type == "treasure":
        out += [f"{r.first}–{r.last}" for r in card.chest_ranges] + [f"— {r.chests}" for r in card.chest_ranges]
    if card.type == "other":  # what the engine does with it, not its content's words (the rulebook's)
        out.append(game.ui("travel_experience", lang, n=game.chests.experience, most=game.battle.courage_max))
    elif card.effect is not None:
        out.append(card.effect.get(lang))
    return out


# --- the files --------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_three_pdfs_of_home_sheets_with_a_back_after_each_front(game, built, lang):
    assert sorted(built[lang]) == sorted(f"empire-{lang}-{s}.pdf" for s in STEMS)
    per = grid(game).per_sheet
    for stem, count in (("travel-cards", len(printed(game))), ("travel-cards-colour-in", len(printed(game))),
                        ("travel-templates", len(game.travel_types))):
        reader = PdfReader(pdf(built, lang, stem))
        assert len(reader.pages) == 2 * -(-count // per)
        for page in reader.pages:
            assert (round(float(page.mediabox.width) * 25.4 / 72, 1), round(float(page.mediabox.height) * 25.4 / 72, 1)) == A4


def test_every_font_is_embedded(built):
    for lang in LANGS:
        for stem in STEMS:
            rows = subprocess.run(["pdffonts", str(pdf(built, lang, stem))], capture_output=True, text=True,
                                  check=True).stdout.splitlines()[2:]
            assert rows and all(row.split()[-5] == "yes" for row in rows), rows


def test_same_bytes_twice(game, built, tmp_path):
    again = render(game, tmp_path, "ru")
    for stem in STEMS:
        assert pdf(built, "ru", stem).read_bytes() == again[f"empire-ru-{stem}.pdf"].read_bytes(), stem


# --- the cards' words ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stem", STEMS[:2])
def test_every_card_prints_its_contents_words_inside_its_cell(game, built, lang, stem):
    path, pages = pdf(built, lang, stem), {}
    names = [c.name.get(lang) for c in game.travel_cards]
    for card, (page, cell) in zip(printed(game), cells(game, len(printed(game)))):
        words = pages.setdefault(page, page_words(path, page))
        text = words_in(words, cell)
        for want in expected(game, card, lang):
            assert letters(want) in letters(text), (card.id, want, text)
        others = [n for n in names if n != card.name.get(lang) and len(n) > 4 and n not in card.name.get(lang)]
        assert not [n for n in others if n in text], (card.id, text)


@pytest.mark.parametrize("lang", LANGS)
def test_the_garrison_says_from_which_week_it_is_played_and_its_strength_in_a_siege(game, built, lang):
    """Not «(5) неделя» in the tab where every other card prints «(N) охрана»: the week in words on a line of
    its own, and the strength the engine besieges it at (the card's own, nothing added: no «+»)."""
    path, pages = pdf(built, lang, "travel-cards"), {}
    garrisons = [(card, at) for card, at in zip(printed(game), cells(game, len(printed(game)))) if card.type == "garrison"]
    assert garrisons and all(card.week == 5 and card.bonus == 15 for card, _ in garrisons)
    for card, (page, cell) in garrisons:
        text = words_in(pages.setdefault(page, page_words(path, page)), cell)
        week, strength = (("Играй с 5-й недели", "15 сила при осаде") if lang == "ru"
                          else ("Грай з 5-го тижня", "15 сила в облозі"))
        assert text.endswith(week) and strength in text, text
        assert "(5)" not in text and "+15" not in text and game.ui("travel_guards", lang) not in text, text
        assert len(re.findall(r"(?<!\d)5(?!\d)", text)) == 1, text  # the week, once, in its words


@pytest.mark.parametrize("lang", LANGS)
def test_the_stone_of_experience_prints_what_the_engine_does_with_it(game, built, lang):
    """Not «Прими политику любого героя без дополнительных карт»: the engine gives every hired hero a chest's
    experience in courage, up to courage's most (pnp/games/empire/rules/moves.py), and the card says so."""
    from pnp.games.empire.rules.moves import apply
    from pnp.games.empire.rules.player import Player
    from pnp.games.empire.rules.position import Position
    from pnp.games.empire.rules.tables import tables

    state = Position(tables(game), 2)
    state.players = [Player(0), Player(1)]
    player = state.players[state.seat()]
    player.heroes = [("centurion", 0), ("paladin", game.battle.courage_max)]
    player.travel.append("stone_of_experience")
    apply(state, ("visit", "stone_of_experience"))  # type: ignore[arg-type]  # the position is all a visit reads
    gained = game.chests.experience
    assert player.heroes == [("centurion", gained), ("paladin", game.battle.courage_max)]
    path, pages = pdf(built, lang, "travel-cards"), {}
    stones = [(card, at) for card, at in zip(printed(game), cells(game, len(printed(game)))) if card.type == "other"]
    assert stones and all(card.id == "stone_of_experience" for card, _ in stones)
    want = ("Каждый твой нанятый герой получает +{} к куражу (не больше {})." if lang == "ru"
            else "Кожен твій найнятий герой отримує +{} до куражу (не більше {}).").format(gained, game.battle.courage_max)
    assert (gained, game.battle.courage_max) == (1, 6)
    for card, (page, cell) in stones:
        text = words_in(pages.setdefault(page, page_words(path, page)), cell)
        assert letters(text).endswith(letters(want)), text
        assert "политик" not in text, text


def label_line(words, cell: Box, label: str) -> Box:
    """The box of a card's type label (the first line of words of `label` inside `cell`)."""
    boxes = [b for w, b in words if w in label.split() and cell.contains(b)]
    top = min(b.y for b in boxes)
    line = [b for b in boxes if abs(b.y - top) < 0.5]
    return Box(min(b.x for b in line), top, max(b.right for b in line) - min(b.x for b in line), line[0].h)


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_trim_is_the_contents_size(game, built, lang):
    """The type's pill is centred on its card a fixed way down: from card to card on the sheet its label
    moves by exactly the trim width across and the trim height down."""
    words, spec, g = page_words(pdf(built, lang, "travel-cards"), 1), game.print.card, grid(game)
    boxes = [label_line(words, cell, game.travel_type(card.type).label.get(lang))
             for card, (_, cell) in zip(printed(game), cells(game, g.per_sheet))]
    for row in range(g.rows):
        for col in range(1, g.cols):
            assert boxes[row * g.cols + col].cx - boxes[row * g.cols + col - 1].cx == pytest.approx(spec.width, abs=0.3)
    for row in range(1, g.rows):
        assert boxes[row * g.cols].y - boxes[(row - 1) * g.cols].y == pytest.approx(spec.height, abs=0.3)


@pytest.mark.parametrize("lang", LANGS)
def test_backs_lie_behind_their_fronts_for_long_edge_duplex(game, built, lang):
    """Each back page holds a back (its name) exactly behind every front card, mirrored across the page."""
    path, g = pdf(built, lang, "travel-cards"), grid(game)
    name, pages = game.ui("travel_card", lang), {}
    fronts = cells(game, len(printed(game)))
    for page, cell in fronts:
        front_row, front_col = next((r, c) for r in range(g.rows) for c in range(g.cols) if g.cell(r, c) == cell)
        back = g.cell(*g.behind(front_row, front_col, "long"))
        assert back.cx == pytest.approx(A4[0] - cell.cx)
        words = pages.setdefault(page + 1, page_words(path, page + 1))
        assert label_line(words, back, name).cx == pytest.approx(back.cx, abs=0.3), (page, cell)
    for page, words in pages.items():  # and no back where no front is
        on_page = [cell for p, cell in fronts if p + 1 == page]
        assert words_in(words, Box(0, 0, *A4)).count(name) == len(on_page)


def test_backs_are_one_back_for_every_type(game):
    from_masters = TravelCardsRenderer().masters(game, RenderContext(BuildOptions(lang="ru"), Path(".")))
    # the shared masters hold every card family (the races' creature decks and taverns follow); the
    # travel cards are one family with one back, whatever their type
    assert [f.id for f in from_masters.families
            if not f.id.startswith(("creatures_", "heroes_")) and f.id not in ("neutrals", "chests")] == ["travel"]
    assert from_masters.families[0].id == "travel" and "travel" in from_masters.backs
    assert [card_id for card_id, _, _ in from_masters.faces["travel"]] == [c.id for c in game.travel_cards]


# --- colour and colour-in --------------------------------------------------------------------------


def raster(path: Path, page: int, dpi: int) -> Image.Image:
    png = subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", str(path)],
                         capture_output=True, check=True).stdout
    return Image.open(io.BytesIO(png)).convert("RGB")


def saturation(image: Image.Image) -> np.ndarray:
    """Per pixel, how far its channels lie apart: 0 for white, grey and black."""
    rgb = np.asarray(image, dtype=np.int16)
    return rgb.max(axis=2) - rgb.min(axis=2)


@pytest.mark.parametrize("lang", LANGS)
def test_colour_in_pages_have_no_saturated_colour(game, built, lang):
    path = pdf(built, lang, "travel-cards-colour-in")
    for page in range(1, len(PdfReader(path).pages) + 1):
        image = raster(path, page, 30)
        worst = int(saturation(image).max())
        assert worst <= 24, (page, worst)


@pytest.mark.parametrize("lang", LANGS)
def test_colour_cards_carry_their_types_colour(game, built, lang):
    """Beside the type's pill, in the frame's band at the top of each card: the type's colour."""
    path, dpi, images = pdf(built, lang, "travel-cards"), 60, {}
    for card, (page, cell) in zip(printed(game), cells(game, len(printed(game)))):
        image = images.setdefault(page, raster(path, page, dpi))
        px = lambda mm: int(round(mm * dpi / 25.4))
        patch = image.crop((px(cell.x + 1.5), px(cell.y + 1.0), px(cell.x + 7.0), px(cell.y + 8.0)))
        r, g, b = np.median(np.asarray(patch).reshape(-1, 3), axis=0)
        want = game.travel_type(card.type).colour
        target = tuple(int(want[i:i + 2], 16) for i in (1, 3, 5))
        assert max(abs(a - t) for a, t in zip((r, g, b), target)) <= 12, (card.id, (r, g, b), want)


# --- the blank templates ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_templates_have_one_card_per_type_and_no_examples_number(game, built, lang):
    path = pdf(built, lang, "travel-templates")
    weeks = " ".join(str(w) for w in range(1, game.weeks + 1))
    pages: dict[int, list] = {}
    for kind, (page, cell) in zip(game.travel_types, cells(game, len(game.travel_types))):
        text = words_in(pages.setdefault(page, page_words(path, page)), cell)
        assert kind.label.get(lang) in text, (kind.id, text)
        assert "____" in text, (kind.id, text)  # write-in lines where the names and numbers go
        scaled = kind.id in ("town", "dungeon")
        assert (weeks in text) == scaled, (kind.id, text)
        assert not re.search(r"\d", text.replace(weeks, "") if scaled else text), (kind.id, text)
        labels = {t.label.get(lang) for t in game.travel_types}
        examples = [c.name.get(lang) for c in game.travel_cards if c.name.get(lang) not in labels]
        assert not [n for n in examples if n in text], (kind.id, text)
    label = game.ui("travel_templates", lang)
    assert label in words_in(page_words(path, 1), Box(0, 0, A4[0], 15))


@pytest.mark.parametrize("lang", LANGS)
def test_the_backs_title_and_name_lie_inside_the_safe_zone(game, built, lang):
    """Measured on the PDF: every back's game title and card name within `print.card.safe` (3 mm) of its trim."""
    path, g, spec = pdf(built, lang, "travel-cards"), grid(game), game.print.card
    assert spec.safe == 3
    pages = 2 * -(-len(printed(game)) // g.per_sheet)
    measured = 0  # backs whose two lines were found and measured: every card's, or the test proves nothing
    for page in range(2, pages + 1, 2):
        words = page_words(path, page)
        for row in range(g.rows):
            for col in range(g.cols):
                cell = g.cell(row, col)
                mine = [(t, b) for t, b in words if cell.x - spec.bleed <= b.x <= cell.right and cell.y <= b.y <= cell.bottom]
                found = 0
                for line in (game.title.get(lang), game.ui("travel_card", lang)):
                    boxes = [b for t, b in mine if t in line.split()]
                    if not boxes:
                        continue
                    found += 1
                    left, right = min(b.x for b in boxes), max(b.x + b.w for b in boxes)
                    top, bottom = min(b.y for b in boxes), max(b.y + b.h for b in boxes)
                    assert left >= cell.x + spec.safe and right <= cell.right - spec.safe, (line, page, row, col)
                    assert top >= cell.y + spec.safe and bottom <= cell.bottom - spec.safe, (line, page, row, col)
                measured += found == 2
    assert measured == len(printed(game))
