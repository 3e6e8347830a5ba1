"""pnp's import graph, read from the source with `ast`: no import inside a function (beside
a short allow-list, each entry with its reason), no cycle among pnp's modules (nor among
type-only imports), no general module (pnp/ outside pnp/games/)
importing a game, nor a game another game, and no import upward through pnp's layers.

Only the registry (pnp/games/__init__.py) finds packs, dynamically, by name. A function-level
import hides a cycle or a slow dependency from the reader; the allow-list says which are
kept and why, and an entry that no longer matches anything fails, so the list stays short.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pnp"

#: (module, function, imported module or package prefix ending in ".") -> why it stays
ALLOWED_IN_FUNCTIONS = {
    ("pnp.art.icon_inline", "_ink_columns", "cairosvg"):
        "only measuring an icon's ink needs cairo, and its spans are cached: `pnp check` sets text with icons "
        "and would pay about 0.6 s for importing cairo",
    ("pnp.art.icon_inline", "_ink_columns", "PIL"):
        "the measured icon's pixels: the same measurement, cached, that `pnp check` skips",
    ("pnp.art.designer_art", "*", "PIL"):
        "only a raster picture (decoded, placed, written as PNG) needs PIL: `pnp check` of content without one "
        "skips its import, about 10 ms",
    ("pnp.components.card_art", "as_pixels", "pnp.print.raster"):
        "only an SVG picture with transparency or gradients is drawn as pixels: `pnp check` reads the card "
        "art module and would pay for importing cairo",
    ("pnp.entry", "main", "pnp.cli"):
        "the console script answers Ctrl-C during the ~0.3 s the tool's import takes: the import is the guarded work",
    ("pnp.core.cairolib", "require", "cairocffi"):
        "the import is the check: a missing cairo C library becomes a usage error that says how to install it",
    ("pnp.cli", "*", "pnp.commands."):
        "each subcommand loads only its own command module, so `pnp games` and `pnp check` do not load the "
        "renderers, reportlab, cairo and the simulator (about 2 s a call, paid by every CLI test)",
    ("pnp.cache.keys", "_environment", "cairocffi"):
        "the cache key names the cairo C library's version; importing pnp.build must not need libcairo, whose "
        "absence cairolib.require() reports as a usage error",
    ("pnp.art.svg", "_make", "svgwrite"):
        "`pnp check` names icons and sets text through modules that import pnp.art.svg but never draws: "
        "svgwrite's import (its SVG grammar parsed with pyparsing) is about 60 ms of a check",
    ("pnp.typeset.font_subsets", "subset_font", "fontTools"):
        "the gallery's and the SVG masters' font subsets are kept in the user's cache: a build that finds them "
        "skips the subsetter's import (fontTools.subset with its variable-font and feature modules), about 0.1 s",
    ("pnp.core.installed", "_ask", "importlib"):
        "libraries' versions and entry points are kept in the user's cache while nothing is installed or removed: "
        "a check whose answers are kept skips importlib.metadata's import and its scan of every distribution, "
        "about 30 ms",
    ("pnp.games", "_load_entry_point", "importlib"):
        "only a machine with a game pack installed beside pnp loads one through importlib.metadata: the same "
        "import skipped everywhere else",
    ("pnp.commands.check", "_kit_problems", "pnp.sim."):
        "only `pnp check --sim FILE` holds the kit to a simulation's counts: every other check skips loading "
        "the simulator's hooks, about 5 ms",
    ("pnp.typeset.font_metrics", "*", "fontTools."):
        "a face's metrics are kept in the user's cache under its bytes' digest: a `pnp check` whose faces are all "
        "kept never imports fontTools, about 25 ms",
    ("pnp.typeset.fonts", "*", "fontTools."):
        "only a designer's font not yet in the user's cache is renamed and read: every other check and build "
        "skips fontTools' import",
    ("pnp.typeset.fonts", "_renamed", "pnp.typeset.quadratic"):
        "converting a designer's PostScript outlines needs fontTools' pens at load time: the same import skipped",
    ("pnp.content.fonts", "_read_font", "fontTools."):
        "only a content that names a font of its own reads one: the check of every other content skips "
        "fontTools' import",
    ("pnp.games.tverdzha.render.icon_art", "glyph", "fontTools."):
        "every `pnp check` reads the icons' names and labels from each pack's art; only drawing a letter's "
        "outline needs fontTools",
    ("pnp.content.schema", "_strict", "jsonschema"):
        "a content the schema passed before is not validated again (pnp.content.schemacache): `pnp check` of "
        "unchanged content skips jsonschema's import, about 45 ms",
    ("pnp.content.schema", "_registry", "referencing"):
        "the registry of pnp's general schema is only made for a validation: jsonschema's own dependency, the same "
        "import skipped",
    ("pnp.content.tables", "_workbook_grid", "python_calamine"):
        "only a content that names a workbook needs the reader: every other `pnp check` skips loading it",
    ("pnp.games.tverdzha.simulation", "_equilibrium", "pnp.games.tverdzha.sim.equilibrium"):
        "only the equilibrium agent needs scipy's linear programs, whose import alone takes about a second",
    ("pnp.games.tverdzha.simulation", "_strategist", "pnp.games.tverdzha.sim.strategist"):
        "the strategist plays the equilibrium agent's card step: the same scipy import",
}

#: pnp's layers, lowest first: a module imports (at load time, in a function or for types only)
#: from its own layer and those below. "games" is the registry (pnp/games/__init__.py, which
#: reads packs by name), "games.*" the packs themselves.
LAYERS = (
    ("core", "content", "games", "cache"),
    ("typeset", "art"),
    ("print",),
    ("components",),
    ("checks", "rulebook", "exports", "sim"),
    ("games.*",),
    ("build",),
    ("commands", "serve"),
    ("cli", "entry"),
)

def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _sources() -> dict[str, tuple[Path, ast.Module]]:
    return {_module_name(p): (p, ast.parse(p.read_text(encoding="utf-8"), str(p)))
            for p in sorted(PACKAGE.rglob("*.py"))}


SOURCES = _sources()


def _targets(node: ast.Import | ast.ImportFrom, module: str, path: Path) -> list[str]:
    """The modules an import statement reads: `import X` reads X; `from X import y` reads the
    submodule X.y when there is one, else X's own names (a package's __init__ importing its
    submodules is not a cycle: Python runs the package before any of its modules)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in SOURCES]
    return subs + ([base] if len(subs) < len(node.names) else [])


def _is_type_checking(node: ast.stmt) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _top_level_imports(tree: ast.Module):
    """Imports run when the module loads: module level, inside top-level try/if/with blocks,
    but not under `if TYPE_CHECKING:` and not inside functions or classes' methods."""
    stack = list(tree.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) or _is_type_checking(node):
            continue
        else:
            stack.extend(child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt))


def _function_imports(tree: ast.Module):
    """(function name, import node) for every import inside a function, at any depth."""
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(func):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    yield func.name, node


def _allowed(module: str, function: str, target: str) -> tuple | None:
    for key in ALLOWED_IN_FUNCTIONS:
        where, name, what = key
        if where == module and name in ("*", function) and (
                target == what or (what.endswith(".") and target.startswith(what))):
            return key
    return None


def _all_imports(tree: ast.Module):
    """Every import statement of a module: at load time, in functions, for types only."""
    return (node for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom)))


def _layer(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) == 1:
        return None  # pnp itself
    name = "games.*" if parts[1] == "games" and len(parts) > 2 else parts[1]
    found = [i for i, names in enumerate(LAYERS) if name in names]
    assert found, f"{module}: in no layer of LAYERS"
    return found[0]


def _graph() -> dict[str, set[str]]:
    """module -> the pnp modules it reads while it loads (its top-level imports)."""
    graph: dict[str, set[str]] = {}
    for module, (path, tree) in SOURCES.items():
        graph[module] = {target for node in _top_level_imports(tree) for target in _targets(node, module, path)
                         if target in SOURCES and target != module}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            part = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                part.append(top)
                if top == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["pnp", "games"] else None


def test_it_reads_the_whole_package():
    assert len(SOURCES) > 150 and "pnp.games.tverdzha.model" in SOURCES and "pnp.print.pdf" in SOURCES


def test_no_import_inside_a_function_beside_the_allowed_ones():
    bad, used = [], set()
    for module, (path, tree) in SOURCES.items():
        for function, node in _function_imports(tree):
            for target in _targets(node, module, path):
                key = _allowed(module, function, target)
                if key is None:
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {function}() imports {target}")
                used.add(key)
    assert bad == [], "move these imports to the top of their modules (or remove the cycle they hide):\n" + "\n".join(bad)
    assert set(ALLOWED_IN_FUNCTIONS) <= used, f"allow-list entries that match nothing: {set(ALLOWED_IN_FUNCTIONS) - used}"


def test_no_import_cycle_among_pnp_modules():
    assert _cycles(_graph()) == []


def test_general_code_imports_no_game_and_a_game_no_other_game():
    bad = []
    for module, (path, tree) in SOURCES.items():
        nodes = [*_top_level_imports(tree), *(node for _, node in _function_imports(tree))]
        for node in nodes:
            for target in _targets(node, module, path):
                game, own = _game_of(target), _game_of(module)
                if game is None or game == own or (module == "pnp.games" and target == "pnp.games"):
                    continue
                bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: imports {target}")
    assert bad == []


def test_no_module_imports_from_a_layer_above_its_own():
    bad = []
    for module, (path, tree) in SOURCES.items():
        for node in _all_imports(tree):
            for target in _targets(node, module, path):
                if target in SOURCES and None not in (_layer(module), _layer(target)) and _layer(target) > _layer(module):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {module} imports {target}, a layer above")
    assert bad == [], "\n".join(bad)


def test_no_cycle_of_type_only_imports():
    """Imports under `if TYPE_CHECKING:` count too: a shared type goes to a module both sides import."""
    graph = {}
    for module, (path, tree) in SOURCES.items():
        in_functions = {id(node) for _, node in _function_imports(tree)}
        graph[module] = {target for node in _all_imports(tree) if id(node) not in in_functions
                         for target in _targets(node, module, path) if target in SOURCES and target != module}
    cycles = _cycles(graph)
    assert cycles == [], "modules that import each other, type-only imports included (put the shared types in " + \
        "a module both import), one group a line:\n" + "\n".join(", ".join(cycle) for cycle in cycles)


@pytest.mark.parametrize("source, expected", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": set()}, []),
])
def test_the_cycle_finder_finds_cycles(source, expected):
    assert _cycles(source) == expected
