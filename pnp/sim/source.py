"""The game a simulation plays, in a form any worker process can rebuild it from.

The frozen model holds read-only mapping proxies, which do not pickle, and a spawned
worker (the only start method on Windows, the default on macOS) shares no memory with
the command. So a task carries a `GameSource` instead: the content text exactly as the
command read and checked it, the path its marks name, the ablation (`--forbid`) and the
game's Simulation (pnp.sim.hooks; it pickles as a reference to the game's module).
Each process builds the model once per source and keeps it (`game()`); the command builds
it before it starts any worker, so forked workers inherit it already built.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path

from pnp.content import display_path, load_text
from pnp.games import Model
from pnp.content.readfile import read_limited
from pnp.core.errors import UserError
from pnp.sim.hooks import Simulation


@dataclass(frozen=True)
class GameSource:
    text: str  # the content file, decoded as the loader decodes it
    path: str  # the file as the marks show it
    simulation: Simulation  # the game's side of the simulator
    forbid: tuple[str, ...] = ()  # parts taken out (Simulation.ablate)

    @classmethod
    def read(cls, path: str | Path, simulation: Simulation, forbid=()) -> GameSource:
        shown = display_path(Path(path))
        raw, problem = read_limited(path, shown)
        if problem is not None:
            raise UserError(problem.format())
        return cls(raw.decode("utf-8-sig"), shown, simulation, tuple(forbid))

    @property
    def sha256(self) -> str:
        """The content hash the model and the `--json` result carry."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def game(self) -> Model:
        return _build(self)

    @property
    def roles(self) -> tuple[str, ...]:
        return self.simulation.roles(self.game())


@functools.lru_cache(maxsize=4)
def _build(source: GameSource) -> Model:
    game, problems = load_text(source.text, source.path)
    if game is None:  # the command checked this very text before it made the source
        raise ValueError(f"{source.path}: the content does not load: {problems[0].format()}")
    return source.simulation.ablate(game, source.forbid)
