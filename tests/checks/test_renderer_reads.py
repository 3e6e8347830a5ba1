"""What each renderer draws from the model is declared (`GameModel.renderer_reads`, each game's
`reads.py`), the declaration is what the renderer reads while it draws, and `pnp check` holds the
content to it: a section a renderer needs, taken out of the content, is a `missing-section` error
naming the renderer (pnp.checks.sections), where before the check passed and the build stopped
with an internal error."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import build as build_module
from pnp import games
from pnp.cache.reads import tracked
from pnp.cli import main
from pnp.components.base import BuildOptions, renderers_of
from pnp.content import load_game
from pnp.content.gamemodel import EVERY_MODEL
from pnp.games import own_icons
from pnp.typeset.iconwords import words_of

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = (("tverdzha", "uk"), ("oborona-zamka", "uk"), ("empire", "ru"))


def _data_games(tmp: Path, monkeypatch) -> list[Path]:
    """The starter `pnp new` writes, and the data-parts test's game (mats, sheets, aids, icons)."""
    monkeypatch.syspath_prepend(str(ROOT / "tests" / "games" / "data"))  # its helpers beside it
    subprocess.run([sys.executable, "-m", "pnp.cli", "new", "starter"], cwd=tmp, check=True, capture_output=True)
    spec = importlib.util.spec_from_file_location("data_parts", ROOT / "tests" / "games" / "data" / "test_data_parts.py")
    parts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(parts)
    (tmp / "parts").mkdir()
    return [tmp / "starter" / "game.yaml", parts.write(tmp / "parts")]


def _names(fields) -> set[str]:
    return {f.rstrip("?") for f in fields}


def _read_while_drawing(game, lang: str, out: Path) -> dict[str, set[str]]:
    """renderer -> the model's fields it read while it drew, beyond those every model has and those
    the build reads around every renderer (the icons' words, the game's own icons)."""
    clone, around = tracked(game)
    words_of(clone, lang)
    with own_icons(clone):
        pass
    skipped = set(EVERY_MODEL) | {r if isinstance(r, str) else r[0] for r in around}
    read: dict[str, set[str]] = {}
    render_one = build_module._render_one

    def noting(game, ctx, name, files):
        files, reads, seconds = render_one(game, ctx, name, files)
        read[name] = {r if isinstance(r, str) else r[0] for r in reads} - skipped
        return files, reads, seconds

    build_module._render_one = noting
    try:
        build_module.build(game, BuildOptions(lang=lang, tts_url_base="https://kit.invalid/"), out, build_all=True,
                           jobs=1, use_cache=False)
    finally:
        build_module._render_one = render_one
    return read


@pytest.mark.slow
def test_each_renderer_reads_what_its_game_declares_and_needs_what_it_reads(tmp_path, monkeypatch):
    """Every renderer of every game has a declaration; what it reads while it draws is declared, and a
    field declared as needed (not "x?") is one it reads."""
    kits = [(games.pack(g).content, lang) for g, lang in BUNDLED] + [(p, "uk") for p in _data_games(tmp_path, monkeypatch)]
    seen: dict[str, set[str]] = {}
    for number, (content, lang) in enumerate(kits):
        game, problems = load_game(content)
        assert game is not None and not problems, problems
        declared = game.renderer_reads
        pack = games.pack_of(game)
        assert set(declared) == set(renderers_of(pack, None)), (pack.id, sorted(declared))
        for name, fields in _read_while_drawing(game, lang, tmp_path / f"kit-{number}").items():
            seen.setdefault(pack.id, set()).add(name)
            assert fields <= _names(declared[name]), (pack.id, name, sorted(fields - _names(declared[name])))
            needed = {f for f in declared[name] if not f.endswith("?")}
            assert needed <= fields, (pack.id, name, sorted(needed - fields))
    # every renderer of every pack drew (the data games between them)
    assert seen == {pack: set(renderers_of(games.pack(pack), None)) for pack in seen} and len(seen) == 4


def _without(text: str, section: str) -> str:
    """`text` without its top-level `section:` block."""
    lines, out, inside = text.split("\n"), [], False
    for line in lines:
        if line.startswith(f"{section}:"):
            inside = True
            continue
        if inside and (not line or line[0] in " #"):
            continue
        inside = False
        out.append(line)
    assert len(out) < len(lines), section
    return "\n".join(out)


def _needed_sections() -> list[tuple[str, str, str]]:
    """(game, content section, the first renderer that needs it) for every section a bundled game's
    schema lets out that one of its renderers declares it needs."""
    found: dict[tuple[str, str], str] = {}
    for game_id, _ in BUNDLED:
        pack = games.pack(game_id)
        schema = json.loads(pack.schema.read_text(encoding="utf-8"))
        required, sections = set(schema["required"]), set(schema["properties"])
        game, _ = load_game(pack.content)
        fields = {f.name: f for f in dataclasses.fields(game)}
        for renderer, names in game.renderer_reads.items():
            for name in names:
                field = fields[name.rstrip("?")]
                section = field.metadata.get("key", field.name)
                # a field the model makes of other sections (the empire's card families) is theirs
                if name.endswith("?") or field.default not in (None, ()) or section in required or section not in sections:
                    continue
                found.setdefault((game_id, section), renderer)
    return [(game_id, section, renderer) for (game_id, section), renderer in found.items()]


NEEDED = _needed_sections()


def test_the_empire_declares_what_its_optional_sections_draw():
    assert {(g, s) for g, s, _ in NEEDED} == {("empire", s) for s in ("rulebook", "play", "economy", "chests",
                                                                       "neutral_armies", "creature_decks")}


@pytest.mark.parametrize("game_id,section,renderer", NEEDED, ids=[f"{g}-{s}" for g, s, _ in NEEDED])
def test_a_section_a_renderer_needs_taken_out_fails_the_check_naming_it(tmp_path, game_id, section, renderer):
    content = games.pack(game_id).content
    copy = tmp_path / content.name
    copy.write_text(_without(content.read_text(encoding="utf-8"), section), encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--content", str(copy)])
    assert result.exit_code == 1
    found = [line for line in result.stdout.splitlines() if line.endswith("[missing-section]")]
    assert len(found) == 1 and f"no `{section}:`" in found[0] and renderer in found[0], result.stdout
    assert re.match(rf"^{re.escape(str(copy))}:1:1: error: ", found[0])


def _sections_of(game_id: str, renderer: str) -> list[str]:
    """The top-level content sections a renderer of a bundled game needs (its declared fields that
    the content gives under a top-level key of the game's schema)."""
    pack = games.pack(game_id)
    sections = set(json.loads(pack.schema.read_text(encoding="utf-8"))["properties"])
    game, _ = load_game(pack.content)
    fields = {f.name: f for f in dataclasses.fields(game)}
    found = []
    for name in game.renderer_reads[renderer]:
        field = fields[name.rstrip("?")]
        section = field.metadata.get("key", field.name)
        if not name.endswith("?") and section in sections and section not in found:
            found.append(section)
    return found


RENDERERS = [(g, r) for g, _ in BUNDLED for r in load_game(games.pack(g).content)[0].renderer_reads]
_CHECKED: dict[tuple[str, str], str] = {}


def _check_without(game_id: str, section: str, folder: Path) -> str:
    """`pnp check`'s report on the game's content without `section:` (each asked once)."""
    if (game_id, section) not in _CHECKED:
        content = games.pack(game_id).content
        copy = folder / f"{section}-{content.name}"
        copy.write_text(_without(content.read_text(encoding="utf-8"), section), encoding="utf-8")
        result = CliRunner().invoke(main, ["check", "--content", str(copy)])
        assert result.exit_code == 1, (section, result.stdout)
        _CHECKED[(game_id, section)] = result.stdout
    return _CHECKED[(game_id, section)]


@pytest.mark.parametrize("game_id,renderer", RENDERERS, ids=[f"{g}-{r}" for g, r in RENDERERS])
def test_each_section_a_renderer_draws_from_taken_out_fails_the_check(tmp_path_factory, game_id, renderer):
    """A test per renderer: every top-level section it needs, taken out of the content one at a time, is
    an error: the schema's missing key where the schema requires it, else the sections check's."""
    sections = _sections_of(game_id, renderer)
    if not sections:
        pytest.skip(f"{renderer} draws from no section of its own (only what every model has, or parts of one)")
    folder = tmp_path_factory.getbasetemp() / "without-sections"
    folder.mkdir(exist_ok=True)
    for section in sections:
        report = _check_without(game_id, section, folder)
        named = [line for line in report.splitlines() if ": error: " in line and (
            f"required key {section!r} is missing" in line or f"no `{section}:`" in line)]
        assert named, (section, report[-2000:])
