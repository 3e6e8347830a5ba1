"""The rulebook's prose: jinja2 templates filled from the game model.

Templates live in templates/rulebook/*.j2 and never hold a number, a name or a cost:
they reach the model through `game` and the helpers of `Facts`. StrictUndefined turns
any reference to something the content lacks into a build failure that names the
template line; `RulebookError` carries that message to `pnp build`.

The output is block text (see blocks.py): headings, paragraphs, lists, notes and
`@figure` lines, with reportlab inline XML and ``[icon]`` markup inside.
"""

from __future__ import annotations

import re
import traceback
from typing import Any, Iterable

import jinja2
import markupsafe

from pnp import ROOT
from pnp.build import BuildError
from pnp.content.text import fill, plural_uk

TEMPLATE_DIR = ROOT / "templates" / "rulebook"
MASTER = "rulebook.j2"
LABELS = "labels.j2"
_LABEL_LINE = re.compile(r"^([a-z][a-z0-9_.-]*):\s?(.*)$")


class RulebookError(BuildError):
    """The rulebook cannot be built from this content; the message says where and why."""


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
            raise RulebookError(str(exc).strip("'\"")) from None

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

    def names(self, items: Iterable, conj: str = "і") -> str:
        """«A», «B» і «C»."""
        quoted = [f"«{self.name(i)}»" for i in items]
        if len(quoted) < 2:
            return "".join(quoted)
        return ", ".join(quoted[:-1]) + f" {conj} " + quoted[-1]

    def span(self, ids) -> str:
        """Cell ids as printed, as a range when they run in order: A1–A8."""
        shown = [self.cell(i) for i in ids]
        if len(shown) > 2:
            return f"{shown[0]}–{shown[-1]}"
        return " і ".join(shown)

    # --- the board -------------------------------------------------------------
    def half_cells(self, player: str) -> list[str]:
        """Tile cells (no fixed land) in `player`'s half, in content order."""
        from pnp.render.rulebook.diagrams import halves

        half = halves(self.game.board)
        return [c.id for c in self.game.board.cells if half.get(c.id) == player and not c.land]

    def centre_cells(self) -> list[str]:
        from pnp.render.rulebook.diagrams import halves

        half = halves(self.game.board)
        return [c.id for c in self.game.board.cells if c.id not in half and not c.land]

    def fixed_cells(self) -> list:
        return [c for c in self.game.board.cells if c.land]

    def tiles_per_half(self) -> str:
        """'Ліс ×3, Поле ×2, …': the tile set of one half."""
        return ", ".join(f"{self.land(land).name.get(self.lang)} ×{n}" for land, n in self.game.board.tiles.pairs)

    def max_strength(self) -> int:
        """The strongest a unit can ever be: the best training cap or hiring strength."""
        best = self.game.limits.training_cap
        for key, name in (("train_cap", "cap"), ("hire_strength", "strength")):
            for item in self.holders(key):
                best = max(best, self.param(item, key, name))
        return best

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

    def effect_of(self, item, key: str) -> str:
        """The printed text of one effect of `item`."""
        for effect in item.effects:
            if effect.key == key:
                return self.game.effect_text(effect, self.lang)
        raise RulebookError(f"{item.id} has no effect {key!r}")

    def cards_with(self, key: str) -> list:
        """Battle cards with an effect `key`; error if none."""
        found = [c for c in self.game.battle_cards if any(e.key == key for e in c.effects)]
        if not found:
            raise RulebookError(f"the rulebook explains card effect {key!r}, but no battle card has it")
        return found

    def row(self, own: int, enemy: int):
        """The threshold row a side with strength `own` against `enemy` falls in."""
        from fractions import Fraction

        ratio = Fraction(own, enemy) if enemy else Fraction(10**9)
        for row in self.game.battle.thresholds:
            if row.matches(ratio):
                return row
        raise RulebookError(f"no threshold row matches strength {own} against {enemy}")

    def hit(self, face: int) -> str:
        """A threshold face as printed: 4+ (or just 6 when only the top face hits)."""
        return f"{face}" if face >= self.game.battle.always_hit else f"{face}+"


def _lead(text: str):
    """'Дохід: кожна …' -> '<b>Дохід:</b> кожна …' (the step's name in bold)."""
    head, sep, tail = str(text).partition(": ")
    if not sep:
        return markupsafe.escape(text)
    return markupsafe.Markup("<b>{}:</b> {}").format(head, tail)


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATE_DIR)),
        undefined=jinja2.StrictUndefined,
        autoescape=True,  # content strings become XML-safe; template markup stays as written
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["lead"] = _lead
    env.filters["decap"] = lambda text: text[:1].lower() + text[1:]
    return env


def render(game, lang: str, extra: dict[str, Any] | None = None, template: str = MASTER) -> str:
    """Fill the rulebook templates; raise RulebookError pointing at the template line."""
    facts = Facts(game, lang)
    context = {"game": game, "lang": lang, "f": facts, "plural_index": plural_uk, **(extra or {})}
    try:
        return environment().get_template(template).render(context)
    except RulebookError as exc:
        raise RulebookError(f"{_where(exc)}{exc}") from None
    except jinja2.UndefinedError as exc:
        raise RulebookError(f"{_where(exc)}template refers to something the content lacks: {exc}") from None
    except jinja2.TemplateError as exc:
        raise RulebookError(f"{_where(exc)}template error: {exc}") from None


def _where(exc: BaseException) -> str:
    """'templates/rulebook/x.j2:12: ' for the innermost template frame of `exc`, if any."""
    lineno = getattr(exc, "lineno", None)
    name = getattr(exc, "filename", None) or getattr(exc, "name", None)
    if lineno and name:
        return f"templates/rulebook/{name.rsplit('/', 1)[-1]}:{lineno}: "
    for frame, line in reversed(list(traceback.walk_tb(exc.__traceback__))):
        filename = frame.f_code.co_filename
        if filename.endswith(".j2"):
            return f"templates/rulebook/{filename.rsplit('/', 1)[-1]}:{_template_line(frame, line)}: "
    return ""


def _template_line(frame, line: int) -> int:
    """Map a compiled-template line back to the .j2 source line."""
    template = frame.f_globals.get("__jinja_template__")
    if template is not None:
        try:
            return template.get_corresponding_lineno(line)
        except Exception:  # noqa: BLE001 - a best-effort location
            return line
    return line


class Labels:
    """Short texts for tables and figures (column heads, legends), from labels.j2.

    Each line of the rendered template is ``key: text``; a lookup of a missing key is a
    build failure, like any other hole in the rulebook.
    """

    def __init__(self, entries: dict[str, str], lang: str):
        self.entries = entries
        self.lang = lang

    def __call__(self, key: str, **params) -> str:
        """The label `key`, with {name} and {name|one|few|many} filled from `params`."""
        try:
            text = self.entries[key]
        except KeyError:
            raise RulebookError(f"templates/rulebook/{LABELS} has no label {key!r}") from None
        try:
            return fill(text, params, self.lang) if params or "{" in text else text
        except ValueError as exc:
            raise RulebookError(f"{LABELS}: label {key!r}: {exc}") from None


def render_labels(game, lang: str, extra: dict[str, Any] | None = None) -> Labels:
    entries: dict[str, str] = {}
    for number, line in enumerate(render(game, lang, extra, LABELS).splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        match = _LABEL_LINE.match(line.strip())
        if not match:
            raise RulebookError(f"{LABELS} output line {number}: expected 'key: text', found {line!r}")
        key, text = match.groups()
        if key in entries:
            raise RulebookError(f"{LABELS}: label {key!r} defined twice")
        entries[key] = text
    return Labels(entries, lang)
