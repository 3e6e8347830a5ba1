"""Game packs: what a game brings to pnp, and the registry that finds them by id.

A pack is one `GamePack` value. The bundled games are the packages under `pnp/games/`,
each with a `pack` module whose `PACK` is its pack; a game outside pnp (an installed
package, or a test) adds its pack through the `pnp.games` entry-point group, without
editing pnp:

    [project.entry-points."pnp.games"]
    mygame = "mygame.pack:PACK"

The registry only reads the packs' declarations: the modules a pack names (its checks,
renderers, rules engine) are imported when a command needs them, so listing the games
and loading content stay cheap.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Protocol, Sequence

from pnp.cache.reads import model_class
from pnp.core import installed
from pnp.core.errors import Mark, UserError

#: the entry-point group through which packs outside pnp register
ENTRY_POINT_GROUP = "pnp.games"


class Model(Protocol):
    """What general code reads of any game's frozen model (checks, the build, the manifest)."""

    id: str
    languages: tuple[str, ...]
    sha256: str

    def mark(self, *path: Any) -> Mark: ...


@dataclass(frozen=True)
class Lazy:
    """A pack's function named as "module:function", imported at its first call: a pack's
    declaration names what its kit is counted by without importing the renderers that count
    it, so listing the games and `pnp check` stay cheap. Frozen and picklable, like a pack."""

    target: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        module, _, name = self.target.partition(":")
        return getattr(importlib.import_module(module), name)(*args, **kwargs)


@dataclass(frozen=True)
class OddsOption:
    """An option of `pnp odds` that a game's odds read (`GamePack.odds_options`): `--NAME`, which
    the game's `report` finds as `options["NAME"]` with '-' read as '_'. A value is passed as typed
    (the game parses it: a mistake is its OddsRequestError); a flag is True or False; a file is
    the path of an existing file."""

    name: str  #: as typed after `--`: "attacker-card"
    help: str
    kind: str = "value"  #: "value", "flag" or "file"
    metavar: str | None = None

    @property
    def key(self) -> str:
        return self.name.replace("-", "_")


ODDS_OPTION_KINDS = ("value", "flag", "file")


@dataclass(frozen=True)
class GamePack:
    """A game for pnp: its content format, how to build its model, and what makes its kit."""

    id: str  #: the content's `pack:` value and `--game ID`
    name: str  #: the game's name as `pnp games` lists it
    languages: tuple[str, ...]  #: the languages its bundled content ships
    schema: Path  #: its JSON Schema (the keys beside the general ones; editors use it too)
    #: the frozen model class `build_model` returns, or its "module:Class" name (imported by
    #: nobody but `build_model`: the registry reads every pack, and a game's model module is heavy)
    model: type | str
    build_model: Callable[[Any, str], Any]  #: (validated Loaded, shown path) -> model
    content: Path  #: its bundled content file (`--game ID` reads it)
    templates: Path  #: its jinja2 templates folder (cards/, rulebook/ ...)
    checks: tuple[str, ...] = ()  #: packages whose public modules are its checks, general ones included
    renderers: tuple[str, ...] = ()  #: modules that register its renderers (pnp.components.base)
    facts: Callable[[Any], Mapping[str, Any]] | None = None  #: named facts filled into its prose
    #: the module whose SIMULATION is its side of the simulator (pnp.sim.hooks); None: not simulated
    simulation: str | None = None
    #: the module whose `report(game, options, as_json) -> str` is `pnp odds`; None: no odds.
    #: `options` holds the `odds_options` the command line was given
    odds: str | None = None
    export: Callable[[Any], str] | None = None  #: the model as JSON for other tools (`pnp export`)
    counts: Callable[[Any], Mapping[str, int]] = lambda game: {}  #: printed components, for manifest.json
    #: the preview's component list, (name, count) rows in a language; None: a row per `counts` entry,
    #: named by the model's `kit_<count>` string
    kit: Callable[[Any, str], Sequence[tuple[str, int]]] | None = None
    #: what `pnp check` says the content holds: (counts for --format json, the same in words)
    summary: Callable[[Any], tuple[Mapping[str, int], str]] = lambda game: ({}, "")
    #: the game a command reads without --game or --content (one bundled pack says so)
    default: bool = False
    # ---- hooks of general modules (fields added after the first pack: each has a default) ----
    #: the module whose ART (icon name -> (label, SVG body in a 0 0 100 100 box)) adds the
    #: game's icons to the kit's icon set (pnp.art.icons, `icon_art()`); None: no icons
    icons: str | None = None
    #: the module whose COLOURS (name -> "#rrggbb") adds the colours its art and pages fill with to
    #: the kit's palette (pnp.art.style.palette), and whose optional INK_SAVER (name -> "#rrggbb")
    #: gives a colour its own ink-saver shade instead of the usual pale tint; None: no colours
    colours: str | None = None
    #: the module whose RULEBOOK (pnp.rulebook.game_side.RulebookSide) is its side of the
    #: general rulebook: the templates' facts, cover, figures, checks; None: no rulebook
    rulebook: str | None = None
    #: (game, lang) -> pnp.typeset.iconwords.IconWords: what its inline icons say in a PDF's text
    #: layer (plural forms, genitive, names); None: each icon says its label
    icon_words: Callable[[Any, str], Any] | None = None
    #: the options its odds read (`pnp odds --NAME`), declared here so the command lists them
    #: without importing the odds; a game whose odds take none declares none
    odds_options: tuple[OddsOption, ...] = ()
    #: the options its simulation reads (`pnp sim --NAME`, e.g. the players at the table), passed to its
    #: Simulation's `configure`; declared here so the command lists them without importing the simulation
    sim_options: tuple[OddsOption, ...] = ()


def odds_options(field: str = "odds_options") -> list[tuple[OddsOption, tuple[str, ...]]]:
    """Every pack's odds options (or, `field="sim_options"`, its `pnp sim` options), each once, with the
    names of the games that read it, in the packs' order; two packs declaring one name differently is a
    PackError."""
    found: dict[str, tuple[OddsOption, list[str]]] = {}
    for candidate in packs().values():
        for option in getattr(candidate, field):
            if option.kind not in ODDS_OPTION_KINDS:
                raise PackError(f"game pack {candidate.id!r}: odds option --{option.name} is of kind "
                                f"{option.kind!r}; known: {', '.join(ODDS_OPTION_KINDS)}")
            if option.name in found and found[option.name][0].kind != option.kind:
                raise PackError(f"game packs {found[option.name][1][0]!r} and {candidate.name!r} both declare "
                                f"odds option --{option.name}, of different kinds")
            found.setdefault(option.name, (option, []))[1].append(candidate.name)
    return [(option, tuple(names)) for option, names in found.values()]


def simulation_of(pack: GamePack) -> Any:
    """The pack's Simulation (pnp.sim.hooks), imported when a command needs it."""
    if pack.simulation is None:
        raise UserError(f"{pack.name} has no rules engine: it cannot be simulated")
    return importlib.import_module(pack.simulation).SIMULATION


def icon_art() -> Mapping[str, tuple[str, str | Callable[[], str]]]:
    """The kit's one icon set, by name: every registered pack's icons (`GamePack.icons`) and, while
    a game's content is checked or drawn (`own_icons`), the icons that content brings, which take
    the place of a pack's icon of the same name. A pack's `ART` maps a name to (label, body): the
    body's SVG text, or a function that returns it, called when the icon is first drawn (reading
    the names and labels then draws nothing).

    Icon ids are global in the SVG documents that place them (``icon-<name>``), so a name
    two packs draw differently is a PackError naming both, never a silent choice.
    """
    own = _OWN_ICONS.get()
    return _packs_icon_art() if not own else _with_own(own)


@lru_cache(maxsize=1)
def _packs_icon_art() -> Mapping[str, tuple[str, str | Callable[[], str]]]:
    art: dict[str, tuple[str, str | Callable[[], str]]] = {}
    owner: dict[str, str] = {}
    for candidate in packs().values():
        if candidate.icons is None:
            continue
        for name, drawing in importlib.import_module(candidate.icons).ART.items():
            if name in art and art[name] != drawing:
                raise PackError(f"game packs {owner[name]!r} and {candidate.id!r} both draw an icon {name!r}")
            art[name], owner[name] = drawing, candidate.id
    return dict(sorted(art.items()))


@lru_cache(maxsize=4)
def _with_own(own: tuple) -> Mapping[str, tuple[str, str | Callable[[], str]]]:
    return dict(sorted({**_packs_icon_art(), **dict(own)}.items()))


_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


@lru_cache(maxsize=1)
def pack_colours() -> tuple[Mapping[str, str], Mapping[str, str]]:
    """Every registered pack's colours (`GamePack.colours`): (name -> colour, name -> its ink-saver
    colour where a pack gives one). Packs share names (`gold`, `stone`): a name two packs colour
    differently is a PackError naming both, never a silent choice, as for icons."""
    colours: dict[str, str] = {}
    ink_saver: dict[str, str] = {}
    owner: dict[str, str] = {}
    for candidate in packs().values():
        if candidate.colours is None:
            continue
        module = importlib.import_module(candidate.colours)
        for table, given in ((colours, module.COLOURS), (ink_saver, getattr(module, "INK_SAVER", {}))):
            for name, value in given.items():
                if not (isinstance(name, str) and isinstance(value, str) and _HEX_COLOUR.fullmatch(value)):
                    raise PackError(f"game pack {candidate.id!r} colours {name!r} with {value!r}: expected a name "
                                    f"and a colour \"#rrggbb\"")
                if table.get(name, value) != value:
                    raise PackError(f"game packs {owner[name]!r} and {candidate.id!r} both colour {name!r}, "
                                    f"differently")
                table[name] = value
                owner.setdefault(name, candidate.id)
    for name in sorted(set(ink_saver) - set(colours)):
        raise PackError(f"game pack {owner[name]!r} gives {name!r} an ink-saver colour but no colour")
    return colours, ink_saver


#: the icons of the content being checked or drawn: ((name, (label, SVG body)), ...), sorted
_OWN_ICONS: ContextVar[tuple] = ContextVar("pnp_own_icons", default=())


@contextmanager
def own_icons(game: Any) -> Iterator[None]:
    """Inside this block the icon set holds the icons `game`'s content brings (a model with an
    `own_icon_art()` method: {name: (label, its drawing in a 0 0 100 100 box: SVG text, or an object that
    draws itself for the palette, `draw(ink_saver)`)}), beside the packs'.
    `pnp check` and each renderer of a build run inside it, so `[name]` in the content's text
    means the content's own drawing."""
    provider = getattr(game, "own_icon_art", None)
    art = provider() if callable(provider) else {}
    token = _OWN_ICONS.set(tuple(sorted(art.items())))
    try:
        yield
    finally:
        _OWN_ICONS.reset(token)


class OddsRequestError(ValueError):
    """`pnp odds` asked for what the game cannot compute (a missing or unknown option): a usage error."""


class OddsInputError(OddsRequestError):
    """`pnp odds` was given an input file with mistakes: each is a Problem at its line (exit 1)."""

    def __init__(self, problems):
        super().__init__("; ".join(p.format() for p in problems))
        self.problems = problems


class UnknownGame(UserError):
    """`--game` names no registered pack: a usage error."""


class PackError(UserError):
    """An installed pack that cannot be loaded or clashes with another: the environment's fault."""


def _bundled() -> list[GamePack]:
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.ispkg:
            found.append(importlib.import_module(f"{__name__}.{info.name}.pack").PACK)
    return found


def _installed() -> list[tuple[str, GamePack]]:
    found = []
    for name, value in installed.entry_points(ENTRY_POINT_GROUP):
        try:
            pack = _load_entry_point(name, value)
        except Exception as exc:  # noqa: BLE001 - a broken plug-in is one line, not a traceback
            raise PackError(f"game pack {name!r} ({value}) cannot be loaded: "
                            f"{type(exc).__name__}: {exc}") from None
        if not isinstance(pack, GamePack) or pack.id != name:
            raise PackError(f"entry point {name!r} ({value}) of group {ENTRY_POINT_GROUP!r} "
                            f"is not a GamePack with id {name!r}")
        found.append((value, pack))
    return found


def _load_entry_point(name: str, value: str) -> Any:
    """What the entry point `value` names, loaded as importlib.metadata loads it."""
    # imported here: only a machine with a pack installed beside pnp loads one (importlib.metadata, about 15 ms)
    from importlib import metadata

    return metadata.EntryPoint(name, value, ENTRY_POINT_GROUP).load()


@lru_cache(maxsize=1)
def _registry() -> tuple[dict[str, GamePack], dict[str, str]]:
    """(id -> pack, id -> where it comes from: "bundled" or its entry point)."""
    packs = {p.id: p for p in _bundled()}
    where = {pid: "bundled" for pid in packs}
    for value, pack in _installed():
        if pack.id in packs:
            raise PackError(f"two game packs have the id {pack.id!r}: {where[pack.id]} and {value}")
        packs[pack.id], where[pack.id] = pack, value
    return packs, where


def packs() -> dict[str, GamePack]:
    """Every registered pack by id: the bundled ones, then the installed ones."""
    return dict(_registry()[0])


def origin(pack_id: str) -> str:
    """"bundled", or the entry point an installed pack comes from."""
    return _registry()[1][pack_id]


def suggestion(name: str) -> str:
    """"did you mean 'x'?" for a misspelt pack id, or ""."""
    close = difflib.get_close_matches(name, packs(), n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""


def pack(pack_id: str) -> GamePack:
    """The pack `pack_id`; UnknownGame (with a did-you-mean and the known ids) otherwise."""
    known = packs()
    if pack_id not in known:
        hint = suggestion(pack_id)
        raise UnknownGame(f"--game {pack_id}: no such game{f' ({hint})' if hint else ''}; "
                          f"known: {', '.join(known)}")
    return known[pack_id]


def default() -> GamePack:
    """The game a command reads without --game or --content: the bundled pack that says it
    is the default (or the only bundled one)."""
    bundled = [p for p in packs().values() if origin(p.id) == "bundled"]
    chosen = [p for p in bundled if p.default] or (bundled if len(bundled) == 1 else [])
    if len(chosen) != 1:
        raise UserError(f"{len(bundled)} games are bundled ({', '.join(p.id for p in bundled)}): "
                        "name one with --game ID or --content FILE")
    return chosen[0]


def pack_of(game: Any) -> GamePack:
    """The pack whose model `game` is (each pack has its own model class)."""
    for candidate in packs().values():
        if _is_model(game, candidate.model):
            return candidate
    raise TypeError(f"{type(game).__qualname__} is the model of no registered game pack")


def templates_of(game: Any, kind: str) -> Path:
    """The folder of `game`'s templates of `kind` ("cards", "rulebook"): the game's own, when its
    model keeps some beside its content (`own_templates(kind)`: a data-only game's cards/), else
    its pack's."""
    own = getattr(game, "own_templates", None)
    folder = own(kind) if own is not None else None
    return folder if folder is not None else pack_of(game).templates / kind


def _is_model(game: Any, model: type | str) -> bool:
    """Whether `game` is an instance of exactly `model`, a class or its "module:Class" name
    (compared by name, so that asking never imports another pack's model)."""
    cls = model_class(type(game))  # a build's tracked clone is its model's
    if isinstance(model, str):
        return model == f"{cls.__module__}:{cls.__qualname__}"
    return cls is model
