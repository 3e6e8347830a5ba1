"""Each list a user picks from is declared once: the papers, the duplex modes, the print-shop
presets and their page orders. The command line's choices are built from the declarations, and
no other module of pnp spells such a list (read from the source with `ast`: a tuple, list, set
or dict of two or more of its names, or a string naming two of them, like "long, short")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pnp import cli
from pnp.exports.shop_presets import ORDERS, PRESETS, SHOP_ORDERS
from pnp.core.geometry import DUPLEX_MODES, HOME_PAPERS, PAPERS

ROOT = Path(__file__).resolve().parent.parent

#: list name -> (its names, the module that declares it)
DECLARED = {
    "papers": (set(PAPERS), "pnp/core/geometry.py"),
    "duplex modes": (set(DUPLEX_MODES), "pnp/core/geometry.py"),
    "shop presets": (set(PRESETS), "pnp/exports/shop_presets.py"),
    "shop orders": (set(ORDERS), "pnp/exports/shop_presets.py"),
}


def _choices(option: str) -> list[str]:
    [param] = [p for p in cli.build.params if p.name == option]
    return list(param.type.choices)


def test_the_build_command_offers_the_declared_lists():
    assert _choices("paper") == list(HOME_PAPERS) == ["a4", "letter"]
    assert _choices("duplex") == list(DUPLEX_MODES) == ["long", "short", "none"]
    assert _choices("shop") == list(PRESETS) == ["generic", "tgc", "mpc", "dtc"]
    assert _choices("shop_order") == list(SHOP_ORDERS) == ["separate", "alternate"]


def _docstrings(tree: ast.Module) -> set[int]:
    nodes = [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))]
    return {id(n.body[0].value) for n in nodes
            if n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}


def spellings(source: str, names: set[str]) -> list[int]:
    """The lines where `source` spells two or more of `names` together (docstrings aside)."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    joined = re.compile(r"\b({0})\b\W{{1,3}}\b({0})\b".format("|".join(map(re.escape, sorted(names)))))
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Tuple, ast.List, ast.Set, ast.Dict)):
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            found = {i.value for i in items if isinstance(i, ast.Constant) and i.value in names}
            if len(found) >= 2:
                lines.append(node.lineno)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if any(m.group(1) != m.group(2) for m in joined.finditer(node.value)):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("what", sorted(DECLARED))
def test_no_other_module_spells_a_declared_list(what):
    names, home = DECLARED[what]
    bad = [f"{path.relative_to(ROOT)}:{line}"
           for path in sorted((ROOT / "pnp").rglob("*.py")) if path.relative_to(ROOT).as_posix() != home
           for line in spellings(path.read_text(encoding="utf-8"), names)]
    assert bad == [], f"the {what} are declared in {home}; use that declaration here"


def test_the_spelling_finder_finds_lists_and_joined_names():
    names = {"long", "short", "none"}
    assert spellings('X = ("long", "short")\nY = {"none": 1, "long": 2}\n', names) == [1, 2]
    assert spellings('raise ValueError("known: long, short, none")\n', names) == [1]
    assert spellings('"""long, short"""\nX = "long"\nY = ("long", "x")\n', names) == []
