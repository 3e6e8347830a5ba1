"""`pnp odds --game empire`: the breakdown and the exact chance as printed, and bad files as problems."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main

ARMY = """\
luck: 3
squads:
  - {type: pikemen, level: 1, kind: melee}
  - {type: archers, level: 2, kind: ranged}
  - {type: archers, level: 2, kind: ranged, cards: 2}
  - {type: griffins, level: 3, kind: flying, large: true}
  - {type: monks, level: 5, kind: magic}
machine: ballista
spell: stone_spike
heroes: [{name: Наставник, bonus: 3}]
deck: {0: 6, 1: 4, 2: 3, 3: 2, 4: 1}
tower: 1
"""
AGAINST = "battle: field\nstrength: 30\nweek: 2\n"


@pytest.fixture
def files(tmp_path):
    def write(army=ARMY, against=AGAINST):
        a, b = tmp_path / "army.yaml", tmp_path / "against.yaml"
        a.write_text(army, "utf-8")
        b.write_text(against, "utf-8")
        return str(a), str(b)
    return write


def odds(*args):
    return CliRunner().invoke(main, ["odds", "--game", "empire", *args])


def test_the_breakdown_is_printed_line_by_line_with_the_exact_chance(files):
    army, against = files()
    done = odds("--army", army, "--against", against)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0].startswith("полевое сражение (field) against a neutral strength of 30; 16 cards")
    # columns: the seed's section, what is counted, its value, the rule
    shown = [(x[:7].strip(), x[7:41].strip(), int(x[41:46])) for x in lines[1:9]]
    assert shown == [("3.2.2", "line of 2 archers", 2), ("3.2.2", "mixed ranks of 4 levels", 8),
                     ("3.2.3", "2 ranged squads", 2), ("3.2.3", "1 magic attack", 1),
                     ("3.2.4", "war machine ballista", 3), ("3.2.4", "magic tower", 1), ("3.2.4", "spell stone_spike", 3),
                     ("3.2.5", "hero Наставник", 3)]
    assert lines[9].split() == ["before", "the", "cards", "+23"]
    # week 2's neutral luck is the week track's second value (1): the bonus is 3 − 1
    assert "luck +2 × strike" in lines[10] and "luck 3 − neutral 1" in lines[10]
    assert "1 pikemen ×1, 2-3 archers ×2, 4 griffins ×1, 5 monks ×1" in lines[11]
    assert lines[-1].startswith("P(win) = 73979/76440 = 96.78%")


def test_json_gives_the_same_chance_exactly(files):
    army, against = files()
    done = odds("--army", army, "--against", against, "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["p_win_exact"] == "73979/76440" and data["p_win"] == float(Fraction(73979, 76440))
    assert data["before_cards"] == sum(b["value"] for b in data["bonuses"]) == 23
    assert data["luck_bonus"] == 2 and data["deck"] == 16


@pytest.mark.parametrize("army, against, where, code", [
    (ARMY.replace("kind: flying", "kind: flyng"), AGAINST, "army.yaml:6:38", "battle-kind"),
    (ARMY.replace("level: 3", "level: 9"), AGAINST, "army.yaml:6:29", "army-number"),
    (ARMY.replace("machine: ballista", "machine: cannon"), AGAINST, "army.yaml:8:10", "battle-machine"),
    (ARMY.replace("luck: 3", "lucky: 3"), AGAINST, "army.yaml:1:8", "army-key"),
    (ARMY.replace("{0: 6,", "{none: 6,"), AGAINST, "army.yaml:11:14", "army-deck"),
    (ARMY, "battle: dungeon\nstrength: 30\nluck: 1\n", "army.yaml:6:53", "battle-banned"),
    (ARMY, "battle: sea\nstrength: 30\nluck: 1\n", "against.yaml:1:9", "battle-type"),
    (ARMY, "battle: field\nstrength: 30\nweek: 8\n", "against.yaml:3:7", "against-number"),
    (ARMY, "battle: field\nstrength: 30\n", "against.yaml:1:1", "against-luck"),
    (ARMY.replace("bonus: 3}", "bonus: 3, courage: 7}"), AGAINST, "army.yaml:10:47", "battle-courage"),
], ids=["kind", "level", "machine", "key", "strike", "large-in-dungeon", "battle", "week", "no-luck", "courage"])
def test_a_bad_file_is_a_problem_at_its_line(files, army, against, where, code):
    a, b = files(army, against)
    done = odds("--army", a, "--against", b)
    assert done.exit_code == 1, done.output
    first = done.output.strip().splitlines()[0]
    assert first.split(": error: ")[0].endswith(where) and first.endswith(f"[{code}]"), first


def test_a_missing_file_option_is_a_usage_error(files):
    army, _ = files()
    done = odds("--army", army)
    assert done.exit_code == 2 and "missing --against" in done.output
    done = odds("--army", army, "--against", army, "--castle")
    assert done.exit_code == 2 and "found --castle" in done.output


def test_the_readme_quotes_the_sample_battle_as_it_prints():
    root = Path(__file__).resolve().parents[3]
    command = ("pnp odds --game empire --army tests/games/empire/battle_army.yaml "
               "--against tests/games/empire/battle_neutral.yaml")
    block = re.search(rf"^\$ {re.escape(command)}\n(.*?)^```", (root / "README.md").read_text("utf-8"), re.M | re.S)
    assert block
    quoted = [x for x in block.group(1).splitlines() if x != "..."]
    printed = odds("--army", str(root / "tests/games/empire/battle_army.yaml"),
                   "--against", str(root / "tests/games/empire/battle_neutral.yaml")).output.splitlines()
    at = iter(printed)
    assert all(line in at for line in quoted), "the README's lines are not the output's, in order"
