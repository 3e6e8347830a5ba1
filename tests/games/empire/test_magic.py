"""Magic in the battle of «Строительство империи» (pnp/games/empire/rules/magic.py): each counted
spell's effect on a worked battle, as exact chances that move the way the rule says, and the bans."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.content import load_game
from pnp.games import pack
from pnp.games.empire.rules.army import Army, Casting, Hero, Opponent, Squad
from pnp.games.empire.rules.battle.damage import groups
from pnp.games.empire.rules.battle.lines import bonus_lines
from pnp.games.empire.rules.battle.march import resolve
from pnp.games.empire.rules.battle.odds import win_probability
from pnp.games.empire.rules.battle.validation import BattleError

#: two melee squads, a column of two archers; a small deck so every order can be counted too
ARMY = Army((Squad("pikemen", 1, "melee"), Squad("swordsmen", 4, "melee"), Squad("archers", 2, "ranged", cards=2)),
            luck=0, deck=(0, 0, 1, 2, 3), heroes=(Hero("Маг", 0),), tower=1)
FIELD = Opponent(14, "field", 0)


@pytest.fixture(scope="module")
def rules():
    model, problems = load_game(pack("empire").content)
    assert model is not None and not problems, problems
    return model.battle


def p(rules, army=ARMY, opp=FIELD, **change) -> Fraction:
    return win_probability(rules, replace(army, **change) if change else army, opp)


def spell_line(rules, army, opp=FIELD):
    return next(x for x in bonus_lines(rules, army, opp) if x.what.startswith("spell "))


def lowered(opp: Opponent, by: int) -> Opponent:
    return replace(opp, strength=opp.strength - by)


def test_the_tower_deals_its_level_every_battle(rules):
    """«Башня магии наносит определённый урон … автоматически»: level M, +1 a level (content)."""
    per = rules.magic.tower_damage
    for m in (1, 3, 7):
        line = next(x for x in bonus_lines(rules, replace(ARMY, tower=m), FIELD) if x.what == "magic tower")
        assert line.value == m * per
        assert p(rules, tower=m) == p(rules, tower=0, opp=lowered(FIELD, m * per))
    assert not any(x.what == "magic tower" for x in bonus_lines(rules, replace(ARMY, tower=0), FIELD))


@pytest.mark.parametrize("spell, tower, opp, value", [
    ("stone_skin", 1, FIELD, 3),  # «Каменная кожа +3»
    ("mass_stone_skin", 2, FIELD, 2),  # «+1 всем рукопашным отрядам»: two melee squads
    ("earth_elemental", 6, FIELD, 7),  # «Элементаль земли сила 7»
    ("stone_spike", 1, FIELD, 3),  # level 1's damage
    ("earthquake", 2, FIELD, 5),  # level 2's damage in the field
    ("earthquake", 2, Opponent(14, "siege", 0), 7),  # «Землетрясение +7 осада»
    ("burden", 2, FIELD, 5),
    ("burden", 2, Opponent(14, "field", 0, flying=True), 6),  # «Обуза против летающих +1»
    ("devastation", 7, FIELD, 15),
])
def test_a_counted_spell_is_the_neutral_strength_lowered_by_its_value(rules, spell, tower, opp, value):
    army = replace(ARMY, tower=tower)
    assert spell_line(rules, replace(army, spells=(Casting(spell),)), opp).value == value
    assert p(rules, army, opp, spells=(Casting(spell),)) == p(rules, army, lowered(opp, value))


@pytest.mark.parametrize("spell, tower, opp, value", [
    ("mist", 1, FIELD, 3),  # water: «+3 защита», as Earth's stone skin
    ("flood", 2, Opponent(14, "siege", 0), 7),  # water: «Наводнение +7 осада», as Earth's earthquake
    ("mass_precision", 2, FIELD, 1),  # water: +1 a ranged squad, the one column of archers
    ("fire_wall", 2, FIELD, 5),  # fire: level 2's damage in the field
    ("mass_fury", 2, FIELD, 0),  # fire: +1 a magic squad, and the army has none
    ("fire_elemental", 6, FIELD, 7),
    ("downdraft", 2, Opponent(14, "field", 0, flying=True), 6),  # air: as Earth's burden
    ("mass_haste", 2, FIELD, 0),  # air: +1 a flying squad, and the army has none
    ("heavenly_thunder", 7, FIELD, 15),
    ("illusion", 1, FIELD, 2),  # the ether's «Иллюзия», joined to every school: +2 strength
])
def test_the_new_schools_cast_as_earth_does(rules, spell, tower, opp, value):
    """Water, fire and air (this edition's design on Earth's scale) go through the same calculator."""
    army = replace(ARMY, tower=tower)
    assert spell_line(rules, replace(army, spells=(Casting(spell),)), opp).value == value
    assert p(rules, army, opp, spells=(Casting(spell),)) == p(rules, army, lowered(opp, value))


def test_every_school_has_earths_levels_damage_and_effects(rules):
    """The same levels, damage scale, circle sizes and effects at each place as Earth's: no school is
    stronger than another, only its squad kind and its ward differ."""
    schools = [s for s in rules.magic.schools if s.playable]
    earth = schools[0]

    def shape(school):
        return [(lv.level, lv.damage, [[(s.effect.strength, s.effect.siege, s.effect.against_flying, s.effect.luck,
                                         s.effect.maximal, s.effect.large) for s in lv.circle(c)]
                                       for c in ("destruction", "blessing")]) for lv in school.levels]
    assert [s.id for s in schools] == ["earth", "water", "fire", "air"]
    for school in schools[1:]:
        assert shape(school) == shape(earth), school.id
        assert [x.effect for x in school.extras] == [x.effect for x in earth.extras], school.id
    kinds = [next(s.effect.per_squad for s in sc.spells if s.effect.per_squad) for sc in schools]
    assert sorted(kinds) == sorted(rules.attack_kinds)  # each school its own kind of squad


def test_the_skills_add_to_a_hero_spell_not_to_a_common_one(rules):
    """«Указанная сила этих заклинаний увеличивается на величину бонуса»; «общее заклинание без бонусов»."""
    army = replace(ARMY, tower=2, heroes=(Hero("Наставник", 0, blessing=2), Hero("Маг", 0, magic_strike=3)))
    assert spell_line(rules, replace(army, spells=(Casting("mass_stone_skin"),))).value == 2 * (1 + 2)  # a hero spell
    assert spell_line(rules, replace(army, spells=(Casting("earthquake"),))).value == 5 + 3
    common = spell_line(rules, replace(army, spells=(Casting("stone_skin"),)))
    assert common.value == 3 and "a common spell: no blessing bonus" in common.rule
    assert spell_line(rules, replace(army, spells=(Casting("stone_spike"),))).value == 3


def test_one_squad_of_maximal_damage_takes_no_card(rules):
    """«Колючий панцирь: максимальный урон 1 отряду»: the column of 2 archers deals the deck's largest
    strike (3) × 2 at 3.2.4 and opens no damage card; the chance is still every order's share."""
    army = replace(ARMY, tower=3, spells=(Casting("thorny_shell", 3),))
    assert spell_line(rules, army).value == max(army.deck) * 2
    assert [g.first for g in groups(rules, army, FIELD)] == [0, 1]
    orders = set(permutations(army.deck))
    for strength in (10, 13, 16):
        opp = replace(FIELD, strength=strength)
        won = sum(resolve(rules, army, opp, cards).won for cards in orders)
        assert p(rules, army, opp) == Fraction(won, len(orders))
    assert p(rules, army) > p(rules, replace(army, spells=()))


def test_mass_blessing_makes_the_battle_certain(rules):
    """«Общее благословение: все отряды … наносят максимальный урон»: no card is opened, so the army
    either passes the neutral strength or does not."""
    army = replace(ARMY, tower=7, spells=(Casting("mass_blessing"),))
    before = sum(x.value for x in bonus_lines(rules, army, FIELD))
    assert spell_line(rules, army).value == 3 + 3 + 3 * 2 and groups(rules, army, FIELD) == ()
    assert p(rules, army, replace(FIELD, strength=before - 1)) == 1
    assert p(rules, army, replace(FIELD, strength=before)) == 0


def test_the_ritual_adds_one_luck(rules):
    """«Ритуал Земли +1 Удача»: the same chance as an army one luck luckier."""
    assert spell_line(rules, replace(ARMY, spells=(Casting("earth_ritual"),))).value == 0
    assert p(rules, spells=(Casting("earth_ritual"),)) == p(rules, luck=ARMY.luck + 1) != p(rules)


def test_nothing_magic_counts_against_the_immune_but_the_mages_cards(rules):
    """«атака мага будет проходить всё равно, а вот ударные заклинания и благословения … не действуют»."""
    immune = replace(FIELD, immune_to_magic=True)
    for spell in ("stone_skin", "earth_ritual", "thorny_shell"):
        army = replace(ARMY, tower=3, spells=(Casting(spell, 1),))
        lines = {x.what: x for x in bonus_lines(rules, army, immune)}
        assert lines["magic tower"].value == lines[f"spell {spell}"].value == 0
        assert p(rules, army, immune) == p(rules, replace(ARMY, tower=0), FIELD)


@pytest.mark.parametrize("battle, spell, tower, value, rule", [
    ("siege", "meteor_shower", 3, 0, "no destruction spell in a siege battle"),
    ("dungeon", "earthquake", 2, 0, "no spell above level 1 in a dungeon battle"),
    ("dungeon", "mass_stone_skin", 2, 2, "earth, blessing: +1 a melee squad × 2"),  # blessings excepted
    ("dungeon", "earth_elemental", 6, 0, "a large creature may not fight in a dungeon battle"),
    ("field", "devastation", 7, 15, "not counted: «Только урон уровня (столбец «Урон»).»"),
])
def test_the_battle_types_bans_are_breakdown_lines(rules, battle, spell, tower, value, rule):
    line = spell_line(rules, replace(ARMY, tower=tower, spells=(Casting(spell),)), Opponent(14, battle, 0))
    assert line.value == value and rule in line.rule


@pytest.mark.parametrize("change, where, code", [
    ({"tower": 0, "spells": (Casting("stone_spike"),)}, ("spell",), "battle-tower"),
    ({"tower": 1, "spells": (Casting("meteor_shower"),)}, ("spell",), "battle-spell-level"),
    ({"tower": 1, "spells": (Casting("stone_spike"),), "heroes": ()}, ("spell",), "battle-caster"),
    ({"tower": 1, "spells": (Casting("no_such_spell"),)}, ("spell",), "battle-spell"),
    ({"tower": 3, "spells": (Casting("thorny_shell"),)}, ("spell",), "battle-spell-on"),
    ({"tower": 3, "spells": (Casting("thorny_shell", 4),)}, ("spell_on",), "battle-spell-on"),
    ({"tower": 8}, ("tower",), "battle-tower"),
])
def test_a_spell_the_army_cannot_cast_is_refused(rules, change, where, code):
    with pytest.raises(BattleError) as refused:
        bonus_lines(rules, replace(ARMY, **change), FIELD)
    assert (refused.value.where, refused.value.code) == (where, code)


FILE = """\
luck: 0
squads:
  - {type: pikemen, level: 1, kind: melee}
  - {type: archers, level: 2, kind: ranged, cards: 2}
heroes: [{name: Наставник, bonus: 0, blessing: 2}]
deck: {0: 2, 1: 1, 2: 1, 3: 1}
tower: 3
spell: thorny_shell
spell_on: 2
"""


def odds(tmp_path, army: str):
    a, b = tmp_path / "army.yaml", tmp_path / "against.yaml"
    a.write_text(army, "utf-8")
    b.write_text("battle: field\nstrength: 12\nluck: 0\n", "utf-8")
    return CliRunner().invoke(main, ["odds", "--game", "empire", "--army", str(a), "--against", str(b)])


@pytest.mark.parametrize("army, where, code", [
    (FILE.replace("tower: 3", "tower: 0"), "army.yaml:8:8", "battle-tower"),
    (FILE.replace("tower: 3", "tower: 2"), "army.yaml:8:8", "battle-spell-level"),
    (FILE.replace("heroes: [{name: Наставник, bonus: 0, blessing: 2}]\n", ""), "army.yaml:7:8", "battle-caster"),
    (FILE.replace("spell_on: 2", "spell_on: 5"), "army.yaml:9:11", "battle-spell-on"),
    (FILE.replace("spell: thorny_shell\nspell_on: 2", "spell: [{id: thorny_shell, on: 2}, stone_skin]"), "army.yaml:8:36",
     "battle-spells"),
    (FILE.replace("spell: thorny_shell", "spell: [thorny_shell]"), "army.yaml:9:11", "army-spell"),
    (FILE.replace("spell: thorny_shell\nspell_on: 2", "spell: []"), "army.yaml:8:8", "army-type"),
    (FILE.replace("spell: thorny_shell\nspell_on: 2", "spell: [{id: thorny_shell, squad: 2}]"), "army.yaml:8:35",
     "army-key"),
    (FILE.replace("blessing: 2", "blessing: -1"), "army.yaml:5:48", "army-number"),
], ids=["no-tower", "above-the-tower", "no-hero", "no-such-squad", "two-spells",
    "spell-on-beside-a-list", "empty-spell-list", "spell-entry-key", "negative-skill"])
def test_pnp_odds_refuses_a_spell_at_its_line(tmp_path, army, where, code):
    done = odds(tmp_path, army)
    assert done.exit_code == 1, done.output
    first = done.output.strip().splitlines()[0]
    assert first.split(": error: ")[0].endswith(where) and first.endswith(f"[{code}]"), first


def test_pnp_odds_prints_the_spell_lines(tmp_path):
    done = odds(tmp_path, FILE)
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert any(x.startswith("3.2.4  magic tower") and x[41:46].strip() == "+3" for x in lines)
    assert any(x.startswith("3.2.4  spell thorny_shell") and x[41:46].strip() == "+6" for x in lines)
    assert "1 pikemen ×1; a miss deals 1" in done.output  # the blessed column opens no card
