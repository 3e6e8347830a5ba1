"""Two small fake renderers writing text files, for build-pipeline tests (in-process through the
`fake_renderers` fixture, or in a subprocess through `install` with plain setattr)."""

from __future__ import annotations

from pnp import build as build_mod
from pnp.components.base import OutputFile, Renderer


def install(setattr_=setattr, setitem=lambda d, k, v: d.__setitem__(k, v)) -> dict:
    """Register the fakes as the only renderers; returns their state: `fail` (True or an exception
    for fake-two to raise), `text` (what fake-one writes) and `extra` (how many more files)."""
    state = {"fail": False, "text": "one", "extra": 0}

    class One(Renderer):
        name = "fake-one"
        kinds = ("cards",)

        def render(self, game, ctx):
            ctx.path("one.txt").write_text(state["text"])
            extra = [OutputFile(f"sub/extra-{i}.txt", "cards", 0) for i in range(state["extra"])]
            for f in extra:
                ctx.path(f.path).write_text(state["text"] * 1000)
            return [OutputFile("one.txt", "cards", 0), *extra]

    class Two(Renderer):
        name = "fake-two"
        kinds = ("tokens",)

        def render(self, game, ctx):
            if state["fail"]:  # True, or the exception to raise
                raise state["fail"] if isinstance(state["fail"], BaseException) else RuntimeError("boom")
            ctx.path("sub/two.txt").write_text("two")
            return [OutputFile("sub/two.txt", "tokens", 0)]

    setattr_(build_mod, "renderers_of", lambda pack, game=None: {"fake-one": One(), "fake-two": Two()})
    return state
