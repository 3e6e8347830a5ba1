"""The contract every renderer follows, and the registry `pnp build` picks from.

A renderer is a small class with a ``name`` (its manifest kind and its name for
``pnp build --only``), registered in one place, that writes only its own files into
the build's temporary directory and returns what it wrote. It declares what the build
plan needs to know (pnp.build derives the plan from these alone): the kinds it writes,
its measured cost, whether a plain build makes it, and `needs`, the renderers whose
masters it reuses (`RenderContext.masters`), so that nothing is drawn twice. An exporter
that works for any game names the kinds of masters it `takes` instead (`SHARES`): the
pack's renderers that share those kinds become its needs (`renderers_of`). It declares the
ui strings it prints (`ui`), so that `pnp check` holds a game's content to its renderers.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, ClassVar, Mapping

from pnp.core.ui_contract import Words
from pnp.games import GamePack, pack_of

#: what a renderer's `masters()` may be shared as (`Renderer.shares`), for the exporters
SHARES = {
    "cards": "pnp.components.cards.Masters: every card family's faces, decks and backs",
    "tokens": "(component key, [(face SVG, back SVG) per piece]) groups: a token renderer's masters",
    "aids": "(fronts, backs): card-size SVGs; the renderer's `names(game, lang)` names the fronts",
    "board": "a tiling Part: the game's board (a print-ready PDF for the print shop, a TTS Custom_Board, "
             "the preview's picture)",
    "table": "a tiling Part, or {player: Part}: large parts the TTS table shows as images and the "
             "preview pictures (a player's part named by the model's `player_<id>` string)",
    "pieces": "a tuple of pnp.components.pieces.Piece: two-sided pieces (standees)",
    "sheets": "a pnp.components.sheet_set.SheetSet: large single-sided sheets, one per player or side (a print-shop "
              "page each with bleed, a TTS Custom_Tile each, the preview's pictures)",
}


class BuildError(Exception):
    """A build that cannot complete through pnp's own fault (a renderer that does not
    register, a written PDF that fails the preflight) or the machine's setup (a missing
    colour profile): one line, never a traceback."""


@dataclass(frozen=True)
class BuildOptions:
    lang: str = "uk"
    paper: str = "a4"
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, added to every back page
    ink_saver: bool = False
    shop: str = "generic"  # print-shop preset (pnp.exports.shop_presets.PRESETS)
    shop_order: str = "separate"  # pnp.exports.shop_presets.SHOP_ORDERS
    tts_url_base: str | None = None  # where the TTS images will be hosted; None: file:/// URLs


@dataclass(frozen=True)
class OutputFile:
    path: str  # posix path relative to the output directory
    kind: str  # one of the manifest kinds (SPEC section 6)
    pages: int = 0


@dataclass
class RenderContext:
    options: BuildOptions
    out_dir: Path  # the build's temporary directory
    #: where out_dir's files will be once the build is moved into place (None: out_dir itself);
    #: for files that name other files by absolute path (the TTS saved objects)
    final_dir: Path | None = None
    notes: list[str] = field(default_factory=list)  # human-readable remarks (e.g. shrunk text)
    cache: dict[str, Any] = field(default_factory=dict)  # shared between renderers of one build
    progress: Callable[[str], None] = lambda message: None
    #: the game's renderers by name (the build's plan, built or not), for `masters`
    renderers: Mapping[str, "Renderer"] = field(default_factory=dict)
    #: the renderer now running: it may read the masters of what it declares in `needs`
    current: "Renderer | None" = None
    #: masters made so far, by renderer name (a forked worker hands its own back)
    made: dict[str, Any] = field(default_factory=dict)

    def shared(self, game, kind: str) -> list[tuple["Renderer", Any]]:
        """(renderer, masters) of every renderer the running one needs that shares `kind`, in the pack's
        order (outside a build: of every renderer of the game's pack)."""
        renderers = self.renderers or renderers_of(pack_of(game), game)
        needs = self.current.needs if self.current is not None else tuple(renderers)
        return [(r, self.masters(game, r.name)) for r in renderers.values() if r.shares == kind and r.name in needs]

    def masters(self, game, name: str) -> Any:
        """Renderer `name`'s masters of `game` (made once per build): the running renderer's own,
        or those of a renderer it declares in `needs`."""
        if self.current is not None and name != self.current.name and name not in self.current.needs:
            raise LookupError(f"renderer {self.current.name!r} reads the masters of {name!r} "
                              f"without declaring it in `needs` ({self.current.needs})")
        if name not in self.made:
            renderers = self.renderers or renderers_of(pack_of(game), game)  # a context made outside a build
            self.made[name] = renderers[name].masters(game, self)
        return self.made[name]

    def final_path(self, relative: str) -> Path:
        """Where `relative` will be after the build, as an absolute path."""
        return (self.final_dir or self.out_dir).resolve() / relative

    def path(self, relative: str) -> Path:
        target = self.out_dir / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write_sheets(self, stem: str, kind: str, front: tuple[bytes, int],
                     backs: tuple[bytes, int] | None = None) -> list["OutputFile"]:
        """Write a home-print PDF `<stem>.pdf` and, for --duplex none, `<stem>-backs.pdf`.

        `front` and `backs` are (PDF bytes, page count).
        """
        files = []
        for name, part in ((f"{stem}.pdf", front), (f"{stem}-backs.pdf", backs)):
            if part is not None:
                self.path(name).write_bytes(part[0])
                files.append(OutputFile(name, kind, part[1]))
        return files


class Renderer:
    name: ClassVar[str] = ""
    #: built by a plain `pnp build`; False for the `--all` extras (print-shop, tts)
    default: ClassVar[bool] = True
    #: the manifest kinds it writes (empty: its name alone)
    kinds: ClassVar[tuple[str, ...]] = ()
    #: CPU seconds it took for its game (measured; only the ratios matter): the build balances
    #: its two processes by it
    cost: ClassVar[float] = 1.0
    #: renderers whose masters it reuses: it runs after the others, in the main process
    #: (`renderers_of` adds those that share what it `takes`)
    needs: tuple[str, ...] = ()
    #: the kinds of shared masters (SHARES) it reads from whichever renderers share them
    takes: ClassVar[tuple[str, ...]] = ()
    #: it lists every file the others wrote (the preview page): it runs last of all
    needs_files: ClassVar[bool] = False
    #: what its `masters()` are, for exporters that take any game's: a key of SHARES ("cards",
    #: "board" (a tiling Part), "pieces" (a tuple of pnp.components.pieces.Piece) ...); empty:
    #: nothing shared by kind
    shares: ClassVar[str] = ""
    #: the ui strings it prints and the {fields} each is given (pnp.core.ui_contract.Words): the game's
    #: ui contract is the union of its renderers' (its `ui_keys.py`), which `pnp check` holds the
    #: content to; a string printed through another renderer's masters is that renderer's
    ui: ClassVar[Words] = Words()

    def applies(self, game) -> bool:
        """Whether the game has what it draws: a pack whose content may leave a component out
        (a data-only game without a board) says so here, and the build neither plans it nor
        gives its (absent) masters to the exporters."""
        return True

    def render(self, game, ctx: RenderContext) -> list[OutputFile]:  # pragma: no cover
        raise NotImplementedError

    def masters(self, game, ctx: RenderContext) -> Any:
        """What other renderers may reuse of this one's drawing (cards' SVGs, a board part)."""
        raise LookupError(f"renderer {self.name!r} has no masters to share")

    @classmethod
    def written_kinds(cls) -> tuple[str, ...]:
        return cls.kinds or (cls.name,)


#: every renderer class, by the module that registers it, then by name: two games may each
#: have a renderer of the same name (a pack names the modules of its own, pnp.build)
RENDERERS: dict[str, dict[str, type[Renderer]]] = {}


def register(cls: type[Renderer]) -> type[Renderer]:
    """Class decorator: make a renderer available to `pnp build` under its name."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    own = RENDERERS.setdefault(cls.__module__, {})
    if cls.name in own and own[cls.name] is not cls:
        raise ValueError(f"renderer name {cls.name!r} registered twice in {cls.__module__}")
    own[cls.name] = cls
    return cls


def renderers_of(pack: GamePack, game: Any = None) -> dict[str, Renderer]:
    """The pack's renderers by name, in its order: those its renderer modules register (for
    `game`: those that apply to it)."""
    found: dict[str, Renderer] = {}
    for module in map(importlib.import_module, pack.renderers):
        for name, cls in RENDERERS.get(module.__name__, {}).items():
            if name in found:
                raise BuildError(f"game {pack.id!r} has two renderers named {name!r}")
            renderer = cls()
            if game is None or renderer.applies(game):
                found[name] = renderer
    for renderer in found.values():
        if renderer.shares and renderer.shares not in SHARES:
            raise BuildError(f"renderer {renderer.name!r} shares {renderer.shares!r}; known: {', '.join(SHARES)}")
        if renderer.takes:  # an exporter: it needs whatever the pack's renderers share of what it takes
            renderer.needs = renderer.needs + tuple(n for n, r in found.items()
                                                    if r.shares in renderer.takes and n not in renderer.needs)
        unknown = [n for n in renderer.needs if n not in found]
        if unknown:
            raise BuildError(f"renderer {renderer.name!r} needs {', '.join(unknown)}, which game {pack.id!r} lacks")
    return found
