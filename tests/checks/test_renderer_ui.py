"""Every renderer of the bundled games declares the ui strings it prints (`Renderer.ui`), each game's
contract (its `ui_keys.py`, the model's `ui_keys`) is the union of those declarations, and `pnp check`
holds the content to it: a string a renderer declares, taken out of a copy of the content, is a
`missing-ui` error at the `ui:` line naming the renderer (a test per renderer). The build test then
holds every string a renderer looks up while it draws to what it, or a renderer whose masters it
reuses, declares."""

from __future__ import annotations

import dataclasses
import importlib
import re

import pytest
import yaml
from click.testing import CliRunner

from pnp import build as build_module
from pnp import games
from pnp.cli import main
from pnp.components.base import BuildOptions, renderers_of
from pnp.content import load_game
from pnp.content.gamemodel import GameModel
from pnp.core import catalogue
from pnp.checks import ui as ui_check
from pnp.core import templating as tpl
from pnp.core.ui_contract import UiKeys

#: the games pnp ships with their content (the data pack's words are its own check's, tests/games/data)
BUNDLED = ("tverdzha", "oborona-zamka", "empire")
PROBLEM = re.compile(r"^.+?:(?P<line>\d+):\d+: error: (?P<message>.+) \[(?P<code>[a-z0-9-]+)\]$")


def _contract(game_id: str):
    """The game's contract, read without loading a renderer (as `pnp check` reads it)."""
    module, _, name = games.pack(game_id).model.partition(":")
    return getattr(importlib.import_module(module), name).ui_keys


def _without_ui(text: str, keys: set[str]) -> tuple[str, int]:
    """The content without the `ui:` strings `keys` (whole lines: a string in block style spans several),
    and the line its `ui:` strings start on (where the check reports a missing one). One parse, so that
    taking fifty strings out costs no more than one."""
    root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    ui = next(value for key, value in root.value if key.value == "ui")
    entries = ui.value
    drop: set[int] = set()
    for i, (key, value) in enumerate(entries):
        if key.value in keys:
            end = entries[i + 1][0].start_mark.line if i + 1 < len(entries) else value.end_mark.line + 1
            drop.update(range(key.start_mark.line, end))
    lines = text.splitlines(keepends=True)
    assert len(drop) >= len(keys)
    return "".join(line for n, line in enumerate(lines) if n not in drop), ui.start_mark.line + 1


@pytest.fixture(scope="module")
def models() -> dict:
    found = {}
    for game_id in BUNDLED:
        game, problems = load_game(games.pack(game_id).content)
        assert game is not None, problems
        found[game_id] = game
    return found


@pytest.mark.parametrize("game_id", BUNDLED)
def test_the_contract_is_the_union_of_what_the_pack_s_renderers_declare(game_id, models):
    game = models[game_id]
    renderers = renderers_of(games.pack(game_id), game)
    contract = game.ui_keys
    assert contract.names() == tuple(renderers), "the contract lists the pack's renderers, in order"
    for name, renderer in renderers.items():
        declared = [part for n, part in contract.parts if n == name]
        assert any(part is type(renderer).ui for part in declared), f"{name}: its own `ui` is not in the contract"


CASES = [(game_id, name) for game_id in BUNDLED for name in _contract(game_id).names()]


@pytest.mark.parametrize("game_id,renderer", CASES, ids=[f"{g}-{r}" for g, r in CASES])
def test_each_string_a_renderer_declares_taken_out_of_the_content_fails_the_check_at_the_ui_line(
        game_id, renderer, models, tmp_path):
    game = models[game_id]
    printed = game.ui_keys.of_renderer(renderer, game)
    own = sorted(key for key in printed if key not in catalogue.FIELDS)
    tool = [key for key in printed if key in catalogue.FIELDS]
    # pnp's own strings come from its catalogue in every language the game ships: none can be missing
    assert all(catalogue.has(key, lang) for key in tool for lang in game.languages)
    if not own:
        assert renderer in ("alignment", "print-shop", "tts"), f"{renderer} prints no word of the content's"
        return
    assert set(own) <= set(game.ui_strings), "the shipped content gives every string"
    shipped = games.pack(game_id).content
    text, ui_line = _without_ui(shipped.read_text(encoding="utf-8"), set(own))
    path = tmp_path / shipped.name
    path.write_text(text, encoding="utf-8")
    # one language: a missing string is missing in all of them, and the check is half as long
    result = CliRunner().invoke(main, ["check", "--content", str(path), "--lang", game.languages[0]])
    assert result.exit_code == 1, result.output
    missing = {}
    for m in map(PROBLEM.match, result.stdout.splitlines()):
        if m and m["code"] == "missing-ui":
            key = re.search(r"no string '([a-z0-9_]+)'", m["message"])
            missing[key.group(1)] = (int(m["line"]), m["message"])
    assert sorted(missing) == own, result.output
    for key, (line, message) in missing.items():
        assert line == ui_line and renderer in message, message


@pytest.mark.parametrize("game_id", BUNDLED)
def test_a_field_the_renderers_no_longer_declare_is_an_error_at_the_string(game_id, models):
    """The {fields} are part of a declaration: with every declared field taken away, each content
    string that uses one is an `unknown-ui-field` error of the ui-strings check at its own line.
    (The check alone: the other checks fill the same strings, which `Game.ui` would then refuse.)"""
    game = models[game_id]
    contract = game.ui_keys

    def bare(tab):
        return {key: {} for key in tab}

    stripped = UiKeys(tuple((name, dataclasses.replace(part, required=bare(part.required), optional=bare(part.optional)))
                            for name, part in contract.parts), contract.source, bare(contract.reserved))
    using = sorted(key for key, text in game.ui_strings.items() if key not in catalogue.FIELDS and key in contract.known
                   and any(tpl.placeholders(text.get(lang)) & set(contract.known[key]) for lang in text.values))
    assert len(using) > 3
    assert [p for p in ui_check.check(game) if p.level == "error"] == []
    problems = list(ui_check.check(_with_contract(game, stripped)))
    reported = {tuple(p.message.split(":")[0].split(".")[1:]): p.mark.line for p in problems if p.code == "unknown-ui-field"}
    assert sorted({key for key, _ in reported}) == using
    assert all(line == game.mark("ui", key, lang).line for (key, lang), line in reported.items())


def _with_contract(game, contract: UiKeys):
    """`game` under a subclass of its model whose contract is `contract`."""
    cls = type(game)
    clone = object.__new__(type(cls.__name__, (cls,), {"ui_keys": contract, "__module__": cls.__module__}))
    clone.__dict__.update(vars(game))
    return clone


#: one kit of each bundled game, built whole (`--all`: the exporters too)
KITS = (("tverdzha", "uk"), ("oborona-zamka", "uk"), ("empire", "ru"))


@pytest.mark.slow
@pytest.mark.parametrize("game_id,lang", KITS)
def test_every_string_a_renderer_looks_up_while_it_draws_is_declared_by_it_or_by_what_it_reuses(
        game_id, lang, models, tmp_path, monkeypatch):
    """A renderer that prints a string it did not declare is caught here, even where the contract has the
    string through another renderer: the build runs in this process (one job, no cache), every `Game.ui`
    lookup is noted under the renderer drawing, and each must be declared, with its fields, by that
    renderer or by one whose masters it reuses (an exporter draws its needs' masters)."""
    game = models[game_id]
    drawing: list[str] = []
    looked_up: dict[str, dict[str, set[str]]] = {}
    render_one, ui = build_module._render_one, GameModel.ui

    def noting_the_renderer(game, ctx, name, files):
        drawing.append(name)
        try:
            return render_one(game, ctx, name, files)
        finally:
            drawing.pop()

    def noting_the_lookup(self, key, lang, **values):
        looked_up.setdefault(drawing[-1] if drawing else "(outside a renderer)", {}).setdefault(key, set()).update(values)
        return ui(self, key, lang, **values)

    monkeypatch.setattr(build_module, "_render_one", noting_the_renderer)
    monkeypatch.setattr(GameModel, "ui", noting_the_lookup)
    options = BuildOptions(lang=lang, tts_url_base="https://kit.invalid/")
    build_module.build(game, options, tmp_path, build_all=True, jobs=1, use_cache=False)
    renderers = renderers_of(games.pack(game_id), game)
    assert set(looked_up) <= set(renderers) and len(looked_up) >= 5, sorted(looked_up)
    contract, undeclared = game.ui_keys, {}
    for name, keys in looked_up.items():
        readers = {name, *renderers[name].needs}
        for key, values in keys.items():
            declared = [f for n, part in contract.parts if n in readers and (f := part.fields(key, game)) is not None]
            if not any(values <= set(fields) for fields in declared):
                undeclared.setdefault(name, []).append(f"{key}({', '.join(sorted(values))})")
    assert undeclared == {}, f"declare these in the renderers' `ui` (the game's ui_keys.py): {undeclared}"
