"""The «Оборона Замка» page's examples (docs/games/oborona-zamka.md) are real output: `pnp check` and `pnp odds` as
quoted, and the quoted 2,000-game `pnp sim` agrees with the content's balance: figures."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from oborona_field import GAME

README = (Path(__file__).resolve().parents[3] / "docs" / "games" / "oborona-zamka.md").read_text(encoding="utf-8")


def _quoted(command: str) -> list[str]:
    """The lines the page shows under `$ command`, up to the block's end."""
    block = re.search(rf"^\$ {re.escape(command)}\n(.*?)^```", README, re.M | re.S)
    assert block, command
    return block.group(1).splitlines()


def _run(*args) -> str:
    done = subprocess.run([sys.executable, "-m", "pnp.cli", *args], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_check_is_quoted_as_it_prints():
    assert _quoted("pnp check --game oborona-zamka") == _run("check", "--game", "oborona-zamka").splitlines()


def test_every_quoted_odds_line_is_printed():
    printed = _run("odds", "--game", "oborona-zamka").splitlines()
    shown = [line for line in _quoted("pnp odds --game oborona-zamka") if line != "..."]
    assert len(shown) > 5 and all(line in printed for line in shown)


@pytest.mark.skipif(getattr(GAME, "balance", None) is None, reason="the content has no balance: section")
def test_the_quoted_simulation_is_the_recorded_balance():
    b, text = GAME.balance, "\n".join(_quoted("pnp sim --game oborona-zamka --games 2000 --seed 7"))
    assert (b.games, b.seed) == (2000, 7)
    for role, share in (("attacker", b.attacker), ("defender", b.defender)):
        assert f"  {role} wins {share.rate:.1%} (95 % CI {share.ci95[0]:.1%}–{share.ci95[1]:.1%}, " in text
    assert f"rounds: mean {b.mean_turns}," in text
