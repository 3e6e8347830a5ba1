"""`pnp odds --game empire`: the breakdown and the exact chance as printed, and bad files as problems."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.content import load_game
from pnp.games import pack
from pnp.games.empire.army_file import read_army, read_opponent
from pnp.games.empire.rules.battle.odds import win_probability
from pnp.games.empire.rules.duel import duel_chances

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
# another player's army: a defender with a second echelon
RIVAL = """\
luck: 4
squads:
  - {type: archers, level: 2, kind: ranged}
  - {type: griffins, level: 3, kind: flying}
  - {type: swordsmen, level: 4, kind: melee}
  - {type: monks, level: 5, kind: magic}
echelon:
  - {behind: 3, type: angels, level: 7, kind: flying}
deck: {0: 4, 1: 4, 2: 3, 4: 2}
"""

ROW = ARMY.replace("  - {type: pikemen, level: 1, kind: melee}", "  - {type: pikemen, level: 1, kind: melee}\n"
                   "  - {type: pikemen, level: 1, kind: melee, flank: true}")


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


# the row I, II, II, III is a royal straight (+9, the fidelity audit): one more than the mixed ranks'
# +8, so the neutral strength one more keeps the chance the same
STRONGER = AGAINST.replace("strength: 30", "strength: 31")


def test_the_breakdown_is_printed_line_by_line_with_the_exact_chance(files):
    army, against = files(against=STRONGER)
    done = odds("--army", army, "--against", against)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0].startswith("полевое сражение (field) against a neutral strength of 31; 16 cards")
    # columns: the seed's section, what is counted, its value, the rule
    shown = [(x[:7].strip(), x[7:41].strip(), int(x[41:46])) for x in lines[1:9]]
    assert shown == [("3.2.2", "line of 2 archers", 2), ("3.2.2", "royal straight of 3 levels", 9),
                     ("3.2.3", "2 ranged squads", 2), ("3.2.3", "1 magic attack", 1),
                     ("3.2.4", "war machine ballista", 3), ("3.2.4", "magic tower", 1), ("3.2.4", "spell stone_spike", 3),
                     ("3.2.5", "hero Наставник", 3)]
    assert lines[9].split() == ["before", "the", "cards", "+24"]
    # week 2's neutral luck is the week track's second value (1): the bonus is 3 − 1
    assert "luck +2 × strike" in lines[10] and "luck 3 − neutral 1" in lines[10]
    assert "1 pikemen ×1, 2-3 archers ×2, 4 griffins ×1, 5 monks ×1" in lines[11]
    assert lines[-1].startswith("P(win) = 73979/76440 = 96.78%")


def test_json_gives_the_same_chance_exactly(files):
    army, against = files(against=STRONGER)
    done = odds("--army", army, "--against", against, "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    assert data["p_win_exact"] == "73979/76440" and data["p_win"] == float(Fraction(73979, 76440))
    assert data["before_cards"] == sum(b["value"] for b in data["bonuses"]) == 24
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
    # beyond the basics: flank, echelon, bribery, heroes, travel cards, another player's army
    (ROW, AGAINST, "army.yaml:4:51", "battle-flank"),
    (ARMY + "echelon: [{behind: 9, type: monks, level: 5, kind: magic}]\n", AGAINST, "army.yaml:13:20",
     "battle-echelon"),
    (ARMY + "echelon: [{type: monks, level: 5, kind: magic}]\n", AGAINST, "army.yaml:13:11", "army-missing"),
    (ARMY + "echelon: [{behind: 1, type: monks, level: 5, kind: magic}, "
     "{behind: 1, type: monks, level: 5, kind: magic}]\n", AGAINST, "army.yaml:13:69", "battle-echelon"),
    (ARMY + "bribe: {chests: 1}\n", "card: town_gems\nweek: 2\n", "army.yaml:13:8", "battle-bribe"),
    (ARMY + "bribe: {chests: 6}\n", "battle: field\nstrength: 30\nsquads: 5\nweek: 2\n", "army.yaml:13:17",
     "battle-bribe"),
    (ARMY.replace("{name: Наставник, bonus: 3}", "{id: knight}"), AGAINST, "army.yaml:10:15", "army-hero"),
    (ARMY.replace("{name: Наставник, bonus: 3}", "{id: mage, name: Маг}"), AGAINST, "army.yaml:10:10", "army-hero"),
    (ARMY, "card: hoard\nweek: 2\n", "against.yaml:1:7", "against-card"),
    (ARMY, "card: fort\nbattle: field\nweek: 2\n", "against.yaml:2:9", "against-key"),
    (ARMY, "card: town_gems\nluck: 2\n", "against.yaml:1:1", "against-week"),
    (ARMY, "card: cedar\nweek: 2\n", "against.yaml:1:7", "against-missing"),
    (ARMY, "card: shrine_of_life\nstrength: 11\nweek: 2\n", "against.yaml:2:11", "against-strength"),
    (ARMY, "card: shrine_of_life\nsquads: [5, 5, 5, 5]\nweek: 2\n", "against.yaml:2:9", "against-squads"),
    (ARMY, "card: cedar\nstrength: 20\nsquads: 2\nweek: 2\n", "against.yaml:3:9", "against-squads"),
    (ARMY.replace("kind: melee}", "kind: melee, upgrades: -1}"), AGAINST, "army.yaml:3:54", "army-number"),
    (ARMY, "battle: players\nstrength: 30\nweek: 2\n", "against.yaml:1:9", "against-battle"),
    (ARMY, "battle: field\nstrength: 30\nsquads: [10, 10]\nweek: 2\n", "against.yaml:3:9", "against-squads"),
    (ARMY, RIVAL.replace("kind: flying}\n", "kind: flyng}\n"), "against.yaml:8:47", "battle-kind"),
    (ARMY + "bribe: {chests: 1, before_card: 2}\n", RIVAL, "army.yaml:13:33", "battle-bribe"),
    (ARMY, RIVAL + "bribe: {chests: 1, goal: 50}\n", "against.yaml:10:26", "against-key"),
], ids=["kind", "level", "machine", "key", "strike", "large-in-dungeon", "battle", "week", "no-luck", "courage",
        "flank-in-the-middle", "behind-nobody", "no-behind", "two-behind-one", "bribe-a-town", "too-many-chests",
        "unknown-hero", "hero-id-and-name", "card-not-fought", "card-and-battle", "town-without-week",
        "mine-without-strength", "reserve-weaker-than-its-points", "reserve-fewer-squads", "mine-fewer-squads-as-a-number",
        "upgrades-below-zero",
        "players-battle-in-a-neutral-file", "squads-not-the-strength", "rival-kind", "players-chests-later",
        "rival-goal"])
def test_a_bad_file_is_a_problem_at_its_line(files, army, against, where, code):
    a, b = files(army, against)
    done = odds("--army", a, "--against", b)
    assert done.exit_code == 1, done.output
    first = done.output.strip().splitlines()[0]
    assert first.split(": error: ")[0].endswith(where) and first.endswith(f"[{code}]"), first


def test_an_army_without_squads_says_its_list_is_empty(files):
    a, b = files("luck: 1\nsquads: []\ndeck: {0: 1}\n", AGAINST)
    done = odds("--army", a, "--against", b)
    assert done.exit_code == 1 and "army.yaml:2:9: error: expected a list of squads, found an empty list" in done.output


def test_a_missing_file_option_is_a_usage_error(files):
    army, _ = files()
    done = odds("--army", army)
    assert done.exit_code == 2 and "missing --against" in done.output
    done = odds("--army", army, "--against", army, "--castle")
    assert done.exit_code == 2 and "found --castle" in done.output


@pytest.mark.parametrize("against", ["battle_neutral.yaml", "battle_rival.yaml"])
def test_the_empire_page_quotes_the_sample_battle_as_it_prints(against):
    """docs/games/empire.md quotes the calculator: the command lives there, not in the players' rulebook."""
    root = Path(__file__).resolve().parents[3]
    command = ("pnp odds --game empire --army tests/games/empire/battle_army.yaml "
               f"--against tests/games/empire/{against}")
    block = re.search(rf"^\$ {re.escape(command)}\n(.*?)^```", (root / "docs" / "games" / "empire.md").read_text("utf-8"), re.M | re.S)
    assert block
    quoted = [x for x in block.group(1).splitlines() if x != "..."]
    printed = odds("--army", str(root / "tests/games/empire/battle_army.yaml"),
                   "--against", str(root / "tests/games/empire" / against)).output.splitlines()
    at = iter(printed)
    assert all(line in at for line in quoted), "the empire page's lines are not the output's, in order"


def test_a_battle_between_players_prints_both_sides_and_the_three_chances(files):
    army, rival = files(ARMY.replace("spell: stone_spike\n", ""), RIVAL)
    done = odds("--army", army, "--against", rival)
    assert done.exit_code == 0, done.output
    out = done.output.splitlines()
    assert out[0].startswith("полевое сражение с игроком (players): the defender opens a card for every squad")
    assert "attacker: 6 squads, 16 cards in the creature deck" not in out  # the echelon is the rival's
    assert "attacker: 5 squads, 16 cards in the creature deck" in out
    assert "defender: 5 squads, 13 cards in the creature deck" in out
    game, _ = load_game(pack("empire").content)
    win, draw, loss = duel_chances(game.battle, read_army(Path(army), game)[0], read_army(Path(rival), game)[0])
    printed = [x for x in out if x.startswith("P(")]
    assert printed == [f"P(win) = {win} = {float(win):.2%}: the attacker passes the defender's total",
                       f"P(draw) = {draw} = {float(draw):.2%}: equal totals, nobody advances",
                       f"P(loss) = {loss} = {float(loss):.2%}"]
    assert 0 < draw < win and loss > 0  # 28458041/32792760, 143329/2186184, 39014/585585
    data = json.loads(odds("--army", army, "--against", rival, "--json").output)
    assert (data["p_win_exact"], data["p_draw_exact"], data["p_loss_exact"]) == (str(win), str(draw), str(loss))
    # only the luckier side has a bonus: the defender's 4 − 3
    assert data["defender"]["squads"] == 5
    assert data["defender"]["luck_bonus"] == 1 and data["attacker"]["luck_bonus"] == 0


def test_a_travel_card_gives_the_battle_and_its_strength_of_the_week(files):
    army, town = files(ARMY.replace("spell: stone_spike\n", "").replace("machine: ballista", "machine: ram"),
                       "card: town_gems\nweek: 4\n")
    out = odds("--army", army, "--against", town).output.splitlines()
    # «30-35-40-45-50-55-60»: week 4 is 45; a town is besieged; the siege counts the ram
    assert out[0].startswith("осада (siege) against town_gems of strength 45;")
    assert any(x.startswith("3.2.4  war machine ram") and "+7" in x for x in out)
    assert any("Город (town_gems), fixed" in x for x in out)


def test_the_bribe_goal_line_names_the_fewest_chests(files):
    army, neutral = files(ARMY.replace("deck:", "bribe: {chests: 0, before_card: 2, goal: 99}\ndeck:"),
                          "battle: field\nstrength: 40\nsquads: 5\nweek: 4\n")
    done = odds("--army", army, "--against", neutral)
    assert done.exit_code == 0, done.output
    line = done.output.splitlines()[-1]
    least = int(re.fullmatch(r"chests for P\(win\) ≥ 99%: (\d+), paid before damage card 2", line).group(1))
    game, _ = load_game(pack("empire").content)
    a, opp = read_army(Path(army), game)[0], read_opponent(Path(neutral), game)[0]
    assert win_probability(game.battle, replace(a, chests=least), opp) >= Fraction(99, 100)
    assert win_probability(game.battle, replace(a, chests=least - 1), opp) < Fraction(99, 100)


def test_the_bribe_goal_search_stays_within_one_bound_of_states(files, monkeypatch):
    """The search once counted the battle afresh for every number of chests, each count with the
    whole bound: the states it walked were the bound times the chests tried. Now one budget."""
    from pnp.games.empire import odds_report
    from pnp.games.empire.rules.battle import odds as battle_odds
    army, neutral = files(ARMY.replace("deck:", "bribe: {chests: 0, before_card: 2, goal: 99}\ndeck:"),
                          "battle: field\nstrength: 40\nsquads: 5\nweek: 4\n")
    counts: list[tuple] = []  # (budget, states the count walked)

    def counted(rules, army, opp, budget=None):
        before = budget.walked if budget else 0
        p = win_probability(rules, army, opp, budget)
        counts.append((budget, budget.walked - before if budget else None))
        return p

    monkeypatch.setattr(odds_report, "win_probability", counted)
    assert odds("--army", army, "--against", neutral).exit_code == 0
    search = [(b, n) for b, n in counts if b is not None]
    assert len(search) >= 2 and len({id(b) for b, _ in search}) == 1  # several counts, one budget
    total = search[0][0].walked
    assert total == sum(n for _, n in search) and max(n for _, n in search) < total
    monkeypatch.setattr(battle_odds, "DECK_STATES_MOST", total - 1)  # each count fits, the search does not
    done = odds("--army", army, "--against", neutral)
    assert done.exit_code == 1 and "[battle-too-large]" in done.output, done.output


def test_an_upgraded_barracks_squad_prints_its_minimal_damage_and_counts_it(files):
    """«Каждый апгрейд увеличивает минимальный урон нанимаемых существ»: a squad's `upgrades:`."""
    game, _ = load_game(pack("empire").content)
    army, against = files(against=STRONGER)
    plain = read_army(Path(army), game)[0]
    army, against = files(ARMY.replace("kind: melee}", "kind: melee, upgrades: 2}"), STRONGER)
    out = odds("--army", army, "--against", against).output.splitlines()
    assert any("1 pikemen ×1 (a miss 3), 2-3 archers ×2" in x for x in out), out
    upgraded, opp = read_army(Path(army), game)[0], read_opponent(Path(against), game)[0]
    assert win_probability(game.battle, upgraded, opp) > win_probability(game.battle, plain, opp)


def test_a_squad_immune_to_magic_is_read_and_passed_over_by_a_blessing(files):
    """«благословения на таких существ не действуют»: `immune: true` on a squad (in the row and in the second
    echelon) is read, and a blessing of «+N a flying squad» no longer counts the immune griffins; a value not true
    or false is refused at its line."""
    game, _ = load_game(pack("empire").content)
    spell = next(sp.id for s in game.battle.magic.schools for sp in s.spells if sp.effect.per_squad == "flying")
    blessed = ARMY.replace("spell: stone_spike", f"spell: {spell}").replace("tower: 1", "tower: 2")
    immune = blessed.replace("kind: flying, large: true}", "kind: flying, large: true, immune: true}")
    army, against = files(blessed, STRONGER)
    plain = read_army(Path(army), game)[0]
    army, against = files(immune, STRONGER)
    marked = read_army(Path(army), game)[0]
    assert [s.immune for s in marked.squads] == [False, False, False, True, False]
    opp = read_opponent(Path(against), game)[0]
    assert win_probability(game.battle, marked, opp) < win_probability(game.battle, plain, opp)
    army, _ = files(immune + "echelon:\n  - {behind: 1, type: angels, level: 7, kind: flying, immune: true}\n",
                    STRONGER)
    assert read_army(Path(army), game)[0].echelon[0].immune
    army, against = files(blessed.replace("large: true}", "large: true, immune: 3}"), STRONGER)
    done = odds("--army", army, "--against", against)
    assert done.exit_code == 1 and "army.yaml:" in done.output and "immune" in done.output, done.output
