"""The kit's palette: pnp's neutrals, plus the colours each game pack declares (`GamePack.colours`).

General code (outside pnp/games/<pack>) fills only with pnp's own colours, so a game made of data
alone, or a pack of its own, never depends on another game's names; each bundled pack declares
every colour its icons fill with; two packs that colour one name differently are refused.
"""

from __future__ import annotations

import ast
import re
import sys
import types
from pathlib import Path

import pytest

import pnp.games as registry
from pnp.art import style
from pnp.games import PackError, packs

ROOT = Path(__file__).resolve().parents[1] / "pnp"
PLACEHOLDER = re.compile(r"\{([a-z][a-z-]*)\}")


def _own(pack_id: str) -> set[str]:
    pack = packs()[pack_id]
    return set(__import__(pack.colours, fromlist=["COLOURS"]).COLOURS) if pack.colours else set()


@pytest.mark.parametrize("pack_id", [p for p, pack in sorted(packs().items()) if pack.icons and pack.colours])
def test_each_pack_declares_every_colour_its_icons_fill_with(pack_id):
    art = __import__(packs()[pack_id].icons, fromlist=["ART"]).ART
    used = {key for _, body in art.values() for key in PLACEHOLDER.findall(body() if callable(body) else body)}
    assert used, "the icons name no colour: the placeholder pattern is wrong"
    allowed = _own(pack_id) | set(style.palette()) - _pack_only()
    assert used <= allowed, f"{pack_id}'s icons fill with colours it does not declare: {sorted(used - allowed)}"


def _pack_only() -> set[str]:
    """The names only packs colour (not pnp's neutrals)."""
    colours, _ = registry.pack_colours()
    return set(colours) - set(style._NEUTRALS)


def _general_modules():
    for path in sorted(ROOT.rglob("*.py")):
        parts = path.relative_to(ROOT).parts
        if parts[0] == "games" and len(parts) > 2:
            continue  # a pack's own code
        yield path


def _looked_up(tree: ast.AST):
    """Colour names a module looks up: pen.c("x"), colour("x"), style.colour("x"), pal["x"], palette(...)["x"]."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("c", "colour"):
                yield node.lineno, node.args[0].value
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            base = node.value.func if isinstance(node.value, ast.Call) else node.value
            name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
            if name in ("pal", "palette", "colours"):
                yield node.lineno, node.slice.value


def test_general_code_fills_with_pnps_own_colours_only():
    pack_only = _pack_only()
    found = [f"{path.relative_to(ROOT.parent)}:{line}: {name!r}" for path in _general_modules()
             for line, name in _looked_up(ast.parse(path.read_text(encoding="utf-8"))) if name in pack_only]
    assert not found, "general code names a game's colour:\n" + "\n".join(found)


def test_the_neutrals_are_in_every_variant_and_the_packs_colours_beside_them():
    for variant in (style.palette(), style.palette(ink_saver=True), style.palette(colour_in=True)):
        assert set(style._NEUTRALS) <= set(variant) and _own("tverdzha") <= set(variant)
    assert style.palette()["wood"] == "#9a5b2c" and style.palette()["ink"] == "#2a2320"
    # a pack's own ink-saver shade, the usual pale tint otherwise
    assert style.palette(ink_saver=True)["dark"] == "#c0bab8"
    assert style.palette(ink_saver=True)["wood"] == style.tint("#9a5b2c", style.INK_SAVER_KEEP)
    assert style.palette(colour_in=True)["wood"] == "#ffffff"


@pytest.fixture
def fake_packs(monkeypatch):
    """Two packs whose colours modules the test writes; the registry's caches forgotten before and after."""
    def install(first: dict, second: dict, second_ink_saver: dict | None = None):
        modules = {}
        for name, colours, ink_saver in (("pnp_test_first", first, None), ("pnp_test_second", second, second_ink_saver)):
            module = types.ModuleType(name)
            module.COLOURS = colours
            if ink_saver is not None:
                module.INK_SAVER = ink_saver
            monkeypatch.setitem(sys.modules, name, module)
            modules[name] = types.SimpleNamespace(id=name.removeprefix("pnp_test_"), colours=name)
        monkeypatch.setattr(registry, "packs", lambda: dict(modules))
        registry.pack_colours.cache_clear()
    yield install
    registry.pack_colours.cache_clear()


def test_two_packs_may_share_a_colour_given_alike(fake_packs):
    fake_packs({"gold": "#f2a81d"}, {"gold": "#f2a81d", "sea": "#2a6c8c"})
    colours, _ = registry.pack_colours()
    assert colours == {"gold": "#f2a81d", "sea": "#2a6c8c"}


def test_two_packs_colouring_one_name_differently_are_refused(fake_packs):
    fake_packs({"gold": "#f2a81d"}, {"gold": "#ffd700"})
    with pytest.raises(PackError, match="'first' and 'second' both colour 'gold', differently"):
        registry.pack_colours()


def test_an_ink_saver_shade_of_no_colour_is_refused(fake_packs):
    fake_packs({"gold": "#f2a81d"}, {"sea": "#2a6c8c"}, {"sky": "#ffffff"})
    with pytest.raises(PackError, match="'second' gives 'sky' an ink-saver colour but no colour"):
        registry.pack_colours()


def test_a_colour_that_is_not_rrggbb_is_refused_by_name(fake_packs):
    fake_packs({"gold": "#f2a81d"}, {"sea": "blue"})
    with pytest.raises(PackError, match="game pack 'second' colours 'sea' with 'blue': expected a name and a colour"):
        registry.pack_colours()
