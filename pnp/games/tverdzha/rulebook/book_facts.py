"""What the rulebook templates may ask of the game model, in the reader's language.

Templates reach names, numbers, costs and effect texts only through `Facts` (and the
frozen model itself); every look-up of something the content lacks raises a
RulebookError that says what is missing, so the build stops instead of printing a hole.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

from pnp.core import i18n
from pnp.core.templating import fill
from pnp.games.tverdzha.render.reminders import step_label
from pnp.rulebook.build_error import RulebookError


def halves(board) -> dict[str, str]:
    """cell id -> the player whose castle is nearer (in steps); centre cells are left out."""
    distance = {castle.player: board.graph.distances((castle.zone,)) for castle in board.castles}
    out = {}
    for cell in board.cells:
        ranked = sorted((d.get(cell.id, 10**6), player) for player, d in distance.items())
        if len(ranked) > 1 and ranked[0][0] < ranked[1][0]:
            out[cell.id] = ranked[0][1]
    return out


class Facts:
    """What templates may ask of the model, in the reader's language.

    Every look-up fails with a RulebookError naming what is missing, so a template that
    refers to a building the content lacks stops the build instead of printing a hole.
    """

    def __init__(self, game, lang: str):
        self.game = game
        self.lang = lang

    # --- names ---------------------------------------------------------------
    def name(self, obj) -> str:
        return obj.name.get(self.lang)

    def building(self, bid: str) -> str:
        return self.name(self._find("building", self.game.building, bid))

    def upgrade(self, uid: str) -> str:
        return self.name(self._find("upgrade", self.game.upgrade, uid))

    def card(self, cid: str):
        return self._find("battle card", self.game.battle_card, cid)

    def buildings(self, ids) -> list:
        return [self._find("building", self.game.building, i) for i in ids]

    def land(self, lid: str):
        return self._find("land", self.game.land, lid)

    def resource(self, rid: str) -> str:
        return self.name(self._find("resource", self.game.resource, rid))

    def action(self, key: str):
        return self._find("action", self.game.action, key)

    def player(self, player: str) -> str:
        return self.game.ui(f"player_{player.lower()}", self.lang)

    def ui(self, key: str, **values) -> str:
        try:
            return self.game.ui(key, self.lang, **values)
        except KeyError as exc:
            raise RulebookError(exc.args[0] if exc.args else str(exc)) from None

    def step(self, key: str) -> str:
        """A battle step numbered as on the cards and the aid: "2. Сила"."""
        return step_label(self.game, key, self.lang)

    def cell(self, cell_id: str) -> str:
        """A board cell as printed: its land name for fixed cells, else its id in capitals."""
        cell = self._find("board cell", self.game.board.cell, cell_id)
        return self.land(cell.land).name.get(self.lang) if cell.land else cell.id.upper()

    def _find(self, what: str, lookup, key: str):
        try:
            return lookup(key)
        except KeyError:
            raise RulebookError(f"the rulebook needs {what} {key!r}, which the content does not define") from None

    # --- effects -------------------------------------------------------------
    def holders(self, key: str, upgrades: bool = True) -> list:
        """Buildings (and upgrades) with an effect `key`, in content order; error if none."""
        found = []
        for b in self.game.buildings:
            for item in (b, b.upgrade) if upgrades else (b,):
                if any(e.key == key for e in item.effects):
                    found.append(item)
        if not found:
            raise RulebookError(f"the rulebook explains effect {key!r}, but no building has it")
        return found

    def param(self, item, key: str, name: str):
        for effect in item.effects:
            if effect.key == key and name in effect.params:
                return effect.params[name]
        raise RulebookError(f"{item.id} has no effect {key!r} with parameter {name!r}")

    def effects(self, item, sep: str = " ") -> str:
        return self.game.effects_text(item.effects, self.lang, sep)

    def action_text(self, action) -> str:
        return self.game.action_text(action, self.lang)

    # --- numbers and costs ---------------------------------------------------
    def plural(self, n: int, one: str, few: str, many: str) -> str:
        """The Ukrainian plural form for n ("{n}" inside a form is replaced by n)."""
        return fill("{n|" + "|".join((one, few, many)) + "}", {"n": n}, self.lang)

    def cost(self, cost) -> str:
        """A cost as repeated icons, e.g. [wood][wood][stone] (as on the cards)."""
        return "".join(f"[{res}]" * amount for res, amount in cost)

    def absent(self, cost) -> list:
        """Resources a cost (or a stock) does not contain, in content order."""
        return [r for r in self.game.resources if not cost.get(r.id)]

    def amounts(self, cost) -> str:
        """A cost as numbers and icons, e.g. 2 [grain]."""
        return " + ".join(f"{amount} [{res}]" for res, amount in cost)

    def names(self, items: Iterable, conj: str | None = None) -> str:
        """«A», «B» і «C»: a list as the book's language writes it (pnp.core.i18n), or
        with the conjunction a template chooses ("чи", where Babel's "or" list says "або")."""
        quoted = [f"«{self.name(i)}»" for i in items]
        if conj is None or len(quoted) < 2:
            return i18n.join(quoted, self.lang)
        return ", ".join(quoted[:-1]) + f" {conj} " + quoted[-1]

    def span(self, ids) -> str:
        """Cell ids as printed, as a range when they run in order: A1–A8."""
        shown = [self.cell(i) for i in ids]
        if len(shown) > 2:
            return f"{shown[0]}–{shown[-1]}"
        return i18n.join(shown, self.lang)

    # --- the board -------------------------------------------------------------
    def half_cells(self, player: str) -> list[str]:
        """Tile cells (no fixed land) in `player`'s half, in content order."""
        half = halves(self.game.board)
        return [c.id for c in self.game.board.cells if half.get(c.id) == player and not c.land]

    def centre_cells(self) -> list[str]:
        half = halves(self.game.board)
        return [c.id for c in self.game.board.cells if c.id not in half and not c.land]

    def fixed_cells(self) -> list:
        return [c for c in self.game.board.cells if c.land]

    def tiles_per_half(self) -> str:
        """'Ліс ×3, Поле ×2, …': the tile set of one half."""
        return ", ".join(f"{self.land(land).name.get(self.lang)} ×{n}" for land, n in self.game.board.tiles.pairs)

    def max_strength(self) -> int:
        """The strongest a unit can ever be: the best training cap or hiring strength (the
        largest number a unit token prints)."""
        for key in ("train_cap", "hire_strength"):
            self.holders(key)  # the sentence explains both: a content without one fails the build
        return self.game.unit_strengths[-1]

    def related(self, *keys: str) -> list[tuple[Any, str, bool]]:
        """(building or upgrade, text of its effects with these keys, is-upgrade) in content order.

        Every key must be held by some building: a template that explains an effect the
        content no longer has fails the build instead of printing an empty list.
        """
        out = []
        for key in keys:
            self.holders(key)
        for b in self.game.buildings:
            for item, is_upgrade in ((b, False), (b.upgrade, True)):
                chosen = [e for e in item.effects if e.key in keys]
                if chosen:
                    out.append((item, self.game.effects_text(chosen, self.lang, " "), is_upgrade))
        return out

    def cards_with(self, key: str) -> list:
        """Battle cards with an effect `key`; error if none."""
        found = [c for c in self.game.battle_cards if any(e.key == key for e in c.effects)]
        if not found:
            raise RulebookError(f"the rulebook explains card effect {key!r}, but no battle card has it")
        return found

    def row(self, own: int, enemy: int):
        """The threshold row a side with strength `own` against `enemy` falls in."""
        ratio = Fraction(own, enemy) if enemy else Fraction(10**9)
        for row in self.game.battle.thresholds:
            if row.matches(ratio):
                return row
        raise RulebookError(f"no threshold row matches strength {own} against {enemy}")

    def hit(self, face: int) -> str:
        """A threshold face as printed: 4+ (or just 6 when only the top face hits)."""
        return f"{face}" if face >= self.game.battle.always_hit else f"{face}+"
