"""`pnp odds` options are declared by the games that read them (`GamePack.odds_options`): the
command lists every pack's, each game's odds get their own, and general code parses none."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pnp import games
from pnp.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _odds(*args):
    return CliRunner().invoke(main, ["odds", *args])


def test_the_help_lists_each_game_s_declared_options_with_the_games_that_read_them():
    shown = _odds("--help").output
    declared = games.odds_options()
    assert declared, "some bundled game declares odds options"
    for option, names in declared:
        line = next(line for line in shown.splitlines() if line.strip().startswith(f"--{option.name}"))
        assert all(name in shown for name in names) and option.help.split()[0] in line


def test_an_option_a_game_does_not_declare_is_refused_with_the_ones_it_takes():
    result = _odds("--game", "empire", "--attacker", "1")
    assert result.exit_code == 2 and "take --army, --against (found --attacker)" in result.output
    result = _odds("--game", "oborona-zamka", "--wall")
    assert result.exit_code == 2 and "take no options (found --wall)" in result.output


def test_a_game_parses_its_own_option_values():
    result = _odds("--game", "tverdzha", "--attacker", "9", "--defender", "1")
    assert result.exit_code == 2 and "--attacker: expected 1 to 8 unit strengths from 1 to 6" in result.output
    ok = _odds("--game", "tverdzha", "--attacker", "2,1", "--defender", "1")
    assert ok.exit_code == 0 and "Attacker 2,1" in ok.output


def test_general_code_names_no_game_s_odds_option():
    general = [p for p in (ROOT / "pnp").rglob("*.py") if "games" not in p.relative_to(ROOT / "pnp").parts[:1]]
    names = {f'"--{option.name}"' for option, _ in games.odds_options()}
    bad = [f"{p.relative_to(ROOT)}: {n}" for p in general for n in names if n in p.read_text(encoding="utf-8")]
    assert bad == []
