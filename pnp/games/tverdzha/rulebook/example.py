"""The worked battle example: one attack told step by step, with exact odds.

The scene (which units fight, what the dice show) is illustration, fixed here. Every
rule applied to it is the engine's: the battle is opened and rolled with the very
Battle object the game uses (pnp.games.tverdzha.rules.battle), so strengths, thresholds, hits and
casualties come from there, and the probabilities from its exact enumeration
(pnp.games.tverdzha.rules.odds). Nothing about battles is worked out in the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from markupsafe import Markup
from reportlab.platypus import Flowable, TableStyle

from pnp.core.geometry import mm_to_pt
from pnp.rulebook.book import Book
from pnp.games.tverdzha.rulebook.book_facts import halves
from pnp.games.tverdzha.rules.odds import battle_odds, open_battle
from pnp.rulebook.ruled import WholeTable

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
    strength: int  # as the engine computed it
    need: int  # the face that hits
    faces: tuple[int, ...]
    hit_flags: tuple[bool, ...]  # one per face: did it hit?
    lost: tuple[int, ...]  # units removed, weakest first
    left: tuple[int, ...]  # units that survived

    @property
    def hits(self) -> int:
        return sum(self.hit_flags)


@dataclass(frozen=True)
class Example:
    attacker: Side
    defender: Side
    captured: bool
    odds: Any  # pnp.games.tverdzha.rules.odds.BattleOdds of the scene
    variant_card: Any  # the battle card of the "what if" variant (or None)
    variant_odds: Any
    from_cell: str  # where the attackers stand
    to_cell: str  # the land they attack


def build(game) -> tuple[Example, list[str]]:
    """The example, and notes for the build log."""
    battle = open_battle(game, ATTACKER_UNITS, DEFENDER_UNITS)
    flags: tuple[list[bool], list[bool]] = ([], [])
    for face in ATTACKER_FACES + DEFENDER_FACES:
        side = battle.next_side()
        if side < 0:
            raise ValueError("the example rolls more dice than the battle has")
        flags[side].append(battle.is_hit(side, face))
        battle.roll(face)
    outcome = battle.outcome()
    sides = []
    for index, (player, units, faces, lost, left) in enumerate((
            (game.players[0], ATTACKER_UNITS, ATTACKER_FACES, outcome.att_lost, outcome.att_left),
            (game.players[1], DEFENDER_UNITS, DEFENDER_FACES, outcome.def_lost, outcome.def_left))):
        sides.append(Side(player, units, battle.strength[index], battle.need[index], faces,
                          tuple(flags[index]), tuple(lost), tuple(left)))
    card = next((c for c in game.battle_cards if any(e.key == VARIANT_EFFECT for e in c.effects)), None)
    variant = battle_odds(game, ATTACKER_UNITS, DEFENDER_UNITS, defender_card=card.id) if card else None
    odds = battle_odds(game, ATTACKER_UNITS, DEFENDER_UNITS)
    return Example(sides[0], sides[1], outcome.captured, odds, card, variant,
                   *scene_cells(game, game.players[0])), []


def scene_cells(game, attacker: str) -> tuple[str, str]:
    """(from, to): a land worth points in the centre if there is one, attacked from the attacker's half."""
    half = halves(game.board)
    worth = {land.id for land in game.lands if land.points}
    targets = [c for c in game.board.cells if c.land in worth] + [c for c in game.board.cells if c.id not in half]
    for target in targets:
        for other in target.neighbors:
            if half.get(other) == attacker:
                return other, target.id
    first = game.board.cells[0]
    return first.neighbors[0], first.id


# --- the figure --------------------------------------------------------------------------


class Dice(Flowable):
    """The faces one side rolled, as small dice; hits are filled, misses left pale."""

    SIZE = mm_to_pt(5.3)  # one die, square
    GAP = mm_to_pt(1.4)

    def __init__(self, book: Book, faces: tuple[int, ...], hits: tuple[bool, ...]):
        super().__init__()
        self.book, self.faces, self.hit_flags = book, faces, hits

    def wrap(self, aw, ah):
        return len(self.faces) * (self.SIZE + self.GAP), self.SIZE

    def draw(self) -> None:
        c, book = self.canv, self.book
        for i, (face, hit) in enumerate(zip(self.faces, self.hit_flags)):
            x = i * (self.SIZE + self.GAP)
            c.setFillColor(book.colour("battle") if hit else book.colour("paper"))
            c.setStrokeColor(book.colour("ink"))
            c.setLineWidth(0.8)
            c.roundRect(x, 0, self.SIZE, self.SIZE, self.SIZE / 6, stroke=1, fill=1)
            c.setFillColor(book.colour("paper") if hit else book.colour("ink"))
            c.setFont("sans-bold", 10)
            c.drawCentredString(x + self.SIZE / 2, self.SIZE * 0.28, str(face))


def figure(book: Book) -> list[Flowable]:
    ex, lab, f = book.extra["example"], book.labels, book.facts
    rows = [[book.cell(lab(k), "table-head") for k in
             ("example.head.side", "example.head.units", "example.head.strength", "example.head.need",
              "example.head.dice", "example.head.hits")]]
    for side, role in ((ex.attacker, "example.attacker"), (ex.defender, "example.defender")):
        rows.append([
            book.cell(Markup("<b>{}</b><br/>{}").format(f.player(side.player), lab(role))),
            book.cell(" + ".join(str(u) for u in side.units)),
            book.cell(Markup("<b>{}</b>").format(side.strength), "table-num"),
            book.cell(f"[die] {f.hit(side.need)}", "table-num"),
            Dice(book, side.faces, side.hit_flags),
            book.cell(Markup("<b>{}</b>").format(side.hits), "table-num"),
        ])
    widths = [w * book.width_pt / 170 for w in (40, 22, 18, 22, 44, 24)]
    table = WholeTable(rows, colWidths=widths)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), "sans", 8.8),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("BACKGROUND", (0, 0), (-1, 0), book.colour("panel")),
        ("LINEBELOW", (0, 0), (-1, 0), 0.9, book.colour("ink")),
        ("LINEBELOW", (0, 1), (-1, -1), 0.4, book.colour("line")),
        ("TOPPADDING", (0, 0), (-1, -1), 4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
    ]))
    table.spaceBefore, table.spaceAfter = 4, 2
    table.keepWithNext = 1  # with its caption
    return [table, book.cell(lab("example.caption"), "caption")]
