"""The README's «Строительство империи» section is the kit as built: its table names every file a
build writes at the top of the output folder, the folders --all adds are described, and the quoted
`pnp check` and `pnp odds` are real output."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp import build as build_mod
from pnp.cli import main
from pnp.components.base import BuildOptions
from pnp.content import load_game
from pnp.games import pack

ROOT = Path(__file__).resolve().parents[3]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SECTION = README[README.index("«Строительство империи» (`content/empire.yaml`"):]


def quoted(command: str) -> list[str]:
    """The lines the README shows under `$ command`, up to the block's end."""
    block = re.search(rf"^\$ {re.escape(command)}\n(.*?)^```", README, re.M | re.S)
    assert block, command
    return block.group(1).splitlines()


def run(*args) -> str:
    """What `pnp ARGS` prints, run in this process from the checkout (the README's paths are relative to it)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(ROOT)
        done = CliRunner().invoke(main, list(args))
    assert done.exit_code == 0, done.output
    return done.output


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    game, problems = load_game(pack("empire").content)
    assert game is not None and not problems
    return build_mod.build(game, BuildOptions(lang="ru"), tmp_path_factory.mktemp("readme"), build_all=True, jobs=1)


def test_the_table_names_every_file_at_the_top_of_the_kit(built):
    rows = [line for line in SECTION.splitlines() if line.startswith("| `")]
    top = [f.path for f in built.files if "/" not in f.path] + ["manifest.json"]
    for name in top:
        assert any(row.startswith(f"| `{name}`") or f"`{name}`" in row.split("|")[1] for row in rows), name
    folders = {f.path.split("/", 1)[0] for f in built.files if "/" in f.path}
    assert folders and all(f"`{folder}/" in SECTION for folder in folders), folders


def test_the_quoted_check_is_what_it_prints():
    assert quoted("pnp check --game empire") == run("check", "--game", "empire").splitlines()


def test_every_quoted_odds_line_is_printed():
    command = ("pnp odds --game empire --army tests/games/empire/battle_army.yaml "
               "--against tests/games/empire/battle_neutral.yaml")
    printed = run(*command.split()[1:]).splitlines()
    shown = [line for line in quoted(command) if line != "..."]
    assert len(shown) > 4 and all(line in printed for line in shown)
