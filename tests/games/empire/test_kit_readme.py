"""The «Строительство империи» page (docs/games/empire.md): the quoted `pnp check` and `pnp odds` are real
output. (That its table names every file of the kit is checked on test_empire_kit.py's build.)"""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

ROOT = Path(__file__).resolve().parents[3]
README = (ROOT / "docs" / "games" / "empire.md").read_text(encoding="utf-8")


def quoted(command: str) -> list[str]:
    """The lines the page shows under `$ command`, up to the block's end."""
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


def test_the_quoted_check_is_what_it_prints():
    assert quoted("pnp check --game empire") == run("check", "--game", "empire").splitlines()


def test_every_quoted_odds_line_is_printed():
    command = ("pnp odds --game empire --army tests/games/empire/battle_army.yaml "
               "--against tests/games/empire/battle_neutral.yaml")
    printed = run(*command.split()[1:]).splitlines()
    shown = [line for line in quoted(command) if line != "..."]
    assert len(shown) > 4 and all(line in printed for line in shown)
