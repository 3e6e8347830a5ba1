"""ТВЕРДЖА's side of the general rulebook (RULEBOOK): the figures its templates place with
``@name``, the cover, the worked example and kit counts, and the one-source check."""

from __future__ import annotations

import re
from typing import Callable

from reportlab.platypus import Flowable, Spacer

from pnp.core.geometry import mm_to_pt
from pnp.games.tverdzha.kit_counts import counts
from pnp.games.tverdzha.rulebook import diagrams, example, tables
from pnp.games.tverdzha.rulebook.book_facts import Facts
from pnp.rulebook.book import Book
from pnp.rulebook.game_side import RulebookSide
from pnp.rulebook.build_error import RulebookError
from pnp.core.resources import shown
from pnp.games.tverdzha.pack import PACK

TEMPLATE_DIR = PACK.templates / "rulebook"


def figures(book: Book) -> dict[str, Callable[..., list[Flowable]]]:
    """name -> maker of flowables, for the ``@name`` lines of the templates."""
    return {
        "board": lambda: diagrams.board_figure(book),
        "components": lambda: tables.components(book),
        "lands": lambda: tables.lands(book),
        "thresholds": lambda *args: tables.thresholds(book, *args),
        "buildings": lambda: tables.buildings(book),
        "cards": lambda: tables.cards(book),
        "example": lambda: example.figure(book),
    }


def context(game, lang: str) -> tuple[dict, list[str]]:
    """The worked battle example (with the engine's odds) and the kit's counts, for the templates."""
    worked, notes = example.build(game)
    return {"example": worked, "kit": counts(game)}, notes


def cover(book: Book) -> list[Flowable]:
    """The title page: the game's name, its tagline, who plays how long, the board."""
    g, lab = book.game, book.labels
    tagline = g.tagline.get(book.lang) if g.tagline is not None else ""
    board = diagrams.BoardDiagram(book, cell=15.0)
    board.hAlign = "CENTER"
    parts: list[Flowable] = [
        Spacer(1, mm_to_pt(22)),
        book.para(g.title.get(book.lang), "cover-title", last_pair=0),
        Spacer(1, mm_to_pt(3)),
        book.para(tagline, "cover-sub"),
        Spacer(1, mm_to_pt(4)),
        book.para(lab("cover.meta"), "cover-meta", last_pair=0),
        Spacer(1, mm_to_pt(14)),
        board,
        Spacer(1, mm_to_pt(12)),
        book.para(lab("cover.rulebook"), "cover-sub", last_pair=0),
    ]
    return parts


# --- one source: templates never spell a model term themselves ------------------------------


def model_terms(game, lang: str) -> dict[str, str]:
    """Printed term -> what it names, for every building, upgrade, battle card and resource."""
    terms: dict[str, str] = {}
    for b in game.buildings:
        terms[b.name.get(lang)] = f"building {b.id}"
        terms[b.upgrade.name.get(lang)] = f"upgrade {b.upgrade.id}"
    for c in game.battle_cards:
        terms[c.name.get(lang)] = f"battle card {c.id}"
    for r in game.resources:
        terms[r.name.get(lang)] = f"resource {r.id}"
    return terms


def check_templates(game, lang: str) -> None:
    """Fail if a template spells a building, card or resource name instead of asking the model.

    Names are matched as whole words, case-sensitively (so the market row, "ринок", is
    not the building "Ринок"); resource names also in lower case at a sentence start.
    """
    terms = model_terms(game, lang)
    problems = []
    for path in sorted(TEMPLATE_DIR.glob("*.j2")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for term, what in terms.items():
                pattern = rf"(?<![\w\u02bc]){re.escape(term)}(?![\w\u02bc])"
                flags = re.IGNORECASE if what.startswith("resource") else 0
                if re.search(pattern, line, flags):
                    problems.append(f"{shown(path)}:{number}: spells {what} "
                                    f"({term!r}); take it from the model instead")
    if problems:
        raise RulebookError("rulebook templates must take names from the content:\n  " + "\n  ".join(problems))


RULEBOOK = RulebookSide(facts=Facts, context=context, cover=cover, figures=figures,
                        note_colours=("grain", 0.22, "grain-dark"), check=check_templates,
                        loose_figures=frozenset({"buildings", "cards"}))
