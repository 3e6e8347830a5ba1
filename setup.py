"""Build hook for an optional compiled build of the rules engine and the agents.

The package is pure Python and always works from source. The modules in COMPILED are
typed so that mypyc can compile them to C extensions, which Python then imports in
place of the .py files (about four times faster greedy games in the simulator; the
games are the same to the byte, which benchmarks/compiled_identity.sh checks).

    pip install .                       pure Python (the default: no compiler needed)
    PNP_COMPILE=1 pip install .         compiled: pip fetches mypy into the build
                                        environment; fails loudly without a C compiler
    PNP_COMPILE=auto pip install .      compiled where mypyc and a C compiler work,
                                        pure Python otherwise

Compiling is never the default: an in-place (editable) build would leave .so files that
shadow later edits of the .py files. Everything else is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The engine and the agents, in dependency order; all other modules stay interpreted.
_ENGINE, _AGENTS = "pnp/games/tverdzha/rules/", "pnp/games/tverdzha/sim/"
COMPILED = [
    *(_ENGINE + m + ".py" for m in ("actions", "battle", "compiled", "castle_effects", "position", "turn", "fight",
                                    "flow", "legal", "state", "turn_end", "setup", "odds", "agents_min")),
    *(_AGENTS + m + ".py" for m in ("heuristic", "lookahead", "agents", "scripted", "search", "observe")),
]
#: mypy reads the rest of pnp (and the libraries) for types only, and reports nothing there.
MYPY_OPTIONS = ["--follow-imports=silent", "--ignore-missing-imports"]

MODE = os.environ.get("PNP_COMPILE", "")  # "1" compile, "auto" compile if possible, else pure


def compiled_extensions() -> list:
    if MODE not in ("1", "auto"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        building = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}
        if MODE == "1" and building & set(sys.argv[1:]):
            raise SystemExit("PNP_COMPILE=1 needs mypyc: pip install mypy (or let pip build in isolation)")
        # Asked for the build requirements (setup_requires below), or PNP_COMPILE=auto:
        # with 1, mypyc arrives before the build itself runs this file again.
        return []
    return mypycify(MYPY_OPTIONS + COMPILED, opt_level="3", group_name="pnp_engine")


class OptionalBuildExt(build_ext):
    """With PNP_COMPILE=auto a failing C compiler leaves the pure-Python package (every
    compiled module is also shipped as its .py file); with PNP_COMPILE=1 it is an error."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler failure means: stay pure
            if MODE == "1":
                raise
            # all or nothing: a module whose shared library is missing would not import
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []
            print(f"pnp: compiled build skipped ({exc}); installing pure Python", file=sys.stderr)


setup(
    ext_modules=compiled_extensions(),
    cmdclass={"build_ext": OptionalBuildExt},
    setup_requires=["mypy>=1.10"] if MODE == "1" else [],
)
