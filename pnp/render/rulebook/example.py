"""The worked battle example: one attack told step by step, with exact odds.

The scene (which units fight, what the dice show) is illustration, fixed here; every
rule applied to it comes from the model: strengths are sums of unit strengths, the
face each side needs is `game.battle.hit_on`, and a hit removes the weakest unit. The
probabilities come only from the rules engine's exact odds (`pnp.rules.odds`); when
that module is missing, the example is printed without them and the build says so.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from reportlab.platypus import Flowable, Table, TableStyle

from pnp.render.rulebook.book import Book

# The scene: A attacks a land held by B. Strengths of the units, the dice each side rolls.
ATTACKER_UNITS = (2, 1)
DEFENDER_UNITS = (2,)
ATTACKER_FACES = (4, 2)
DEFENDER_FACES = (5,)
#: the battle-card effect of the "what if" variant: the defender strengthens itself
VARIANT_EFFECT = "strength_bonus"


@dataclass(frozen=True)
class Side:
    player: str
    units: tuple[int, ...]
    faces: tuple[int, ...]
    need: int  # the face that hits

    @property
    def strength(self) -> int:
        return sum(self.units)

    @property
    def hits(self) -> int:
        # No card is played in the scene, so no modifier applies: a face hits when it reaches `need`.
        return sum(1 for face in self.faces if face >= self.need)

    def losses(self, hits: int) -> tuple[int, ...]:
        """The units removed by `hits`: always the weakest first."""
        return tuple(sorted(self.units)[:hits])

    def survivors(self, hits: int) -> tuple[int, ...]:
        return tuple(sorted(self.units)[hits:])


@dataclass(frozen=True)
class Odds:
    capture: Fraction  # attacker removes every defender and keeps a unit
    outcomes: tuple[tuple[int, int, Fraction], ...]  # (attacker losses, defender losses, p)


@dataclass(frozen=True)
class Example:
    attacker: Side
    defender: Side
    odds: Odds | None
    variant_card: Any  # the battle card of the "what if" variant
    variant_odds: Odds | None
    from_cell: str  # where the attackers stand
    to_cell: str  # the land they attack

    @property
    def attacker_survivors(self) -> tuple[int, ...]:
        return self.attacker.survivors(self.defender.hits)

    @property
    def defender_survivors(self) -> tuple[int, ...]:
        return self.defender.survivors(self.attacker.hits)

    @property
    def captured(self) -> bool:
        return not self.defender_survivors and bool(self.attacker_survivors)


def build(game) -> tuple[Example, list[str]]:
    """The example and any notes for the build log (e.g. odds unavailable)."""
    attacker_player, defender_player = game.players[0], game.players[1]
    a_strength, d_strength = sum(ATTACKER_UNITS), sum(DEFENDER_UNITS)
    attacker = Side(attacker_player, ATTACKER_UNITS, ATTACKER_FACES, game.battle.hit_on(a_strength, d_strength))
    defender = Side(defender_player, DEFENDER_UNITS, DEFENDER_FACES, game.battle.hit_on(d_strength, a_strength))
    card = next((c for c in game.battle_cards if any(e.key == VARIANT_EFFECT for e in c.effects)), None)
    where = scene_cells(game, attacker_player)
    notes: list[str] = []
    odds_fn = _odds_function()
    if odds_fn is None:
        notes.append("rulebook: pnp.rules.odds is not available, so the battle example has no probabilities")
        return Example(attacker, defender, None, card, None, *where), notes
    odds = _call(odds_fn, game, ATTACKER_UNITS, DEFENDER_UNITS, None)
    variant = _call(odds_fn, game, ATTACKER_UNITS, DEFENDER_UNITS, card.id) if card else None
    return Example(attacker, defender, odds, card, variant, *where), notes


def scene_cells(game, attacker: str) -> tuple[str, str]:
    """(from, to): a land worth points in the centre if there is one, attacked from the attacker's half."""
    from pnp.render.rulebook.diagrams import halves

    half = halves(game.board)
    worth = {land.id for land in game.lands if land.points}
    targets = [c for c in game.board.cells if c.land in worth] + [c for c in game.board.cells if c.id not in half]
    for target in targets:
        for other in target.neighbors:
            if half.get(other) == attacker:
                return other, target.id
    first = game.board.cells[0]
    return first.neighbors[0], first.id


# --- the engine's odds ------------------------------------------------------------------

_CANDIDATES = ("battle_odds", "odds", "battle_outcomes", "outcome_distribution")


def _odds_function():
    try:
        module = importlib.import_module("pnp.rules.odds")
    except ImportError:
        return None
    for name in _CANDIDATES:
        fn = getattr(module, name, None)
        if callable(fn):
            return fn
    return None


def _call(fn, game, attacker, defender, defender_card) -> Odds:
    wanted = {"game": game, "attacker": attacker, "defender": defender, "defender_card": defender_card}
    params = inspect.signature(fn).parameters
    kwargs = {k: v for k, v in wanted.items() if k in params and (v is not None or k != "defender_card")}
    return _normalise(fn(**kwargs))


def _normalise(result) -> Odds:
    """Accept the engine's result as an object or as the JSON-shaped dict of `pnp odds --json`."""
    if hasattr(result, "to_json"):
        result = result.to_json()
    get = result.get if isinstance(result, dict) else (lambda k, d=None: getattr(result, k, d))
    outcomes = []
    for o in get("outcomes", ()) or ():
        oget = o.get if isinstance(o, dict) else (lambda k, d=None, o=o: getattr(o, k, d))
        outcomes.append((int(oget("attacker_losses")), int(oget("defender_losses")), Fraction(oget("p"))))
    return Odds(Fraction(get("capture")), tuple(outcomes))


def percent(p: Fraction | None) -> str:
    """A probability as a whole percentage in Ukrainian style: '58 %' (no-break space)."""
    if p is None:
        return ""
    return f"{round(float(p) * 100)}\u00a0%"


# --- the figure --------------------------------------------------------------------------


class Dice(Flowable):
    """The faces one side rolled, as small dice; hits are filled, misses left pale."""

    SIZE = 15.0  # points

    def __init__(self, book: Book, faces: tuple[int, ...], need: int):
        super().__init__()
        self.book, self.faces, self.need = book, faces, need

    def wrap(self, aw, ah):
        return len(self.faces) * (self.SIZE + 4), self.SIZE

    def draw(self) -> None:
        c, book = self.canv, self.book
        for i, face in enumerate(self.faces):
            hit = face >= self.need
            x = i * (self.SIZE + 4)
            c.setFillColor(book.colour("battle") if hit else book.colour("paper"))
            c.setStrokeColor(book.colour("ink"))
            c.setLineWidth(0.8)
            c.roundRect(x, 0, self.SIZE, self.SIZE, 2.5, stroke=1, fill=1)
            c.setFillColor(book.colour("paper") if hit else book.colour("ink"))
            c.setFont("sans-bold", 10)
            c.drawCentredString(x + self.SIZE / 2, 4.2, str(face))


def figure(book: Book) -> list[Flowable]:
    ex, lab, f = book.example, book.labels, book.facts
    rows = [[book.cell(lab(k), "table-head") for k in
             ("example.head.side", "example.head.units", "example.head.strength", "example.head.need",
              "example.head.dice", "example.head.hits")]]
    for side, role in ((ex.attacker, "example.attacker"), (ex.defender, "example.defender")):
        rows.append([
            book.cell(f"<b>{f.player(side.player)}</b><br/>{lab(role)}"),
            book.cell(" + ".join(str(u) for u in side.units)),
            book.cell(f"<b>{side.strength}</b>", "table-num"),
            book.cell(f"[die] {f.hit(side.need)}", "table-num"),
            Dice(book, side.faces, side.need),
            book.cell(f"<b>{side.hits}</b>", "table-num"),
        ])
    widths = [w * book.width_pt / 170 for w in (40, 22, 18, 22, 44, 24)]
    table = Table(rows, colWidths=widths)
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("BACKGROUND", (0, 0), (-1, 0), book.colour("panel")),
        ("LINEBELOW", (0, 0), (-1, 0), 0.9, book.colour("ink")),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, book.colour("line")),
        ("TOPPADDING", (0, 0), (-1, -1), 4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
    ]))
    table.spaceBefore, table.spaceAfter = 4, 10
    return [table]
