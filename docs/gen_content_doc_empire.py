"""Generate docs/content-empire.md, the designer's guide to content/empire.yaml.

The field tables come from the game's JSON Schema (pnp/games/empire/schema.json), with the
meanings below where the schema has no description; the travel-card table from the schema's
part per card type; the printed words from what the game's renderers declare they print
(pnp/games/empire/ui_keys.py); the decisions from the content's notes; the problem
codes from the loader and the game's checks; the example output from a real `pnp check`. So the
guide cannot drift from the code. The prose lives here; the table machinery is
docs/gen_content_doc.py's. Run it after changing any of those:

    python docs/gen_content_doc_empire.py          # rewrite docs/content-empire.md
    python docs/gen_content_doc_empire.py --check  # exit 1 if it is out of date

A field added to the schema needs a `description` there or a line in MEANINGS here
(tests/games/empire/test_kit_content_doc.py says which).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs"))

from gen_content_doc import (_cell, _codes, _fields, _flow, _limits, _resolve, _sections, _type, check_example,  # noqa: E402
                             decisions, fields_preface, shipped, write)
from pnp import games  # noqa: E402
from pnp.content import schema as schema_mod  # noqa: E402
from pnp.games.empire import army_file  # noqa: E402
from pnp.games.empire.rules.battle.odds import DECK_STATES_MOST  # noqa: E402
from pnp.games.empire.modelbuild import build_game  # noqa: E402

PACK = games.pack("empire")
TARGET = ROOT / "docs" / "content-empire.md"
SHOWN = "content/empire.yaml"

#: what each field is, where the schema does not say (path as docs/gen_content_doc.py writes it)
MEANINGS = {
    "game": "Who the game is: its id, title and languages.",
    "game.id": "Short id used in file names (`empire-ru-capital.pdf`): lowercase letters, digits and `-`, at most 40 characters.",
    "game.title": "The game's name as printed, per language.",
    "game.languages": "The languages the kit is built in (`pnp build --lang`); every text needs each of them.",
    "gold": "How gold is written: the seed's «+3о».",
    "gold.short": "The letter after a sum of gold, per language (`о`, `з`).",
    "gold.name": "The word, per language.",
    "resources": "The six resource stores on the right of the capital sheet, in the seed's order.",
    "resources[].id": "The resource's id (lowercase ASCII); a mine or town card names its resource by it.",
    "resources[].short": "The letters on the sheet (`К`, `Д`, `Ме` …), per language.",
    "resources[].name": "The resource's name, per language.",
    "weeks": "The week track: the neutral armies' luck by week, from week 1; its length is the number of weeks.",
    "capital": "The capital sheet: the grid of building plots, the income track, the heroes and points rules.",
    "capital.columns": "Plot columns (the seed: 4); a completed column of buildings is a «vertical».",
    "capital.rows": "Plot rows (the seed: 3).",
    "capital.income": "The income track: the capital's gold a day by the number of completed verticals.",
    "capital.income[].verticals": "Completed verticals for this step (0 for the starting income).",
    "capital.income[].gold": "Gold a day at this step.",
    "capital.fortifications": "The capital's siege strength by the number of completed verticals, a step beside each "
                              "step of the income track (printed under it on the capital sheet).",
    "capital.fortifications[].verticals": "Completed verticals for this step (0 for a capital with none).",
    "capital.fortifications[].strength": "The strength a siege of the capital must pass at this step.",
    "capital.hero_hand": "Heroes a player may hold.",
    "capital.hero_hand.base": "Heroes before any building adds one.",
    "capital.points_per_card": "A building's victory points.",
    "capital.points_per_card.value": "Victory points per card the building cost.",
    "capital.plots": "The plots, each a cell of the grid: what kind of building goes there and whether it stands "
                     "from the start. Every plot must be reachable from the palace (check `capital`).",
    "capital.plots[].id": "The plot's id; a race's `buildings` are keyed by it.",
    "capital.plots[].kind": "`palace`, `gates`, `barracks` (with `level`), `forge`, `magic_tower` or `unique`.",
    "races": "The races a player may take, each filling every plot with its building.",
    "races[].id": "The race's id (lowercase ASCII); unique.",
    "races[].name": "The race's name as printed on its capital sheet.",
    "travel_types": "The ten types of travel cards, each with the colour the seed gives it.",
    "travel_types[].id": "The type's id; a card's `type` names it (see *Travel cards by type*).",
    "travel_types[].name": "The type's name as printed, per language.",
    "travel_types[].colour": "The card's colour, `#rrggbb`.",
    "travel_cards": "The travel cards the kit prints: the seed's named examples. Each type needs its own fields "
                    "(see *Travel cards by type*).",
    "travel_cards[].type": "The card's type: one of `travel_types`; it decides which other fields the card has.",
    "building.name": "The building's name as printed on its plot, per language.",
    "building.upgrade": "Its upgrade: the cost, and a new name, gold or hero limit where the upgrade changes them.",
    "building.upgrade.name": "The upgraded building's name (Ратуша -> Магистрат).",
    "building.upgrade.gold": "Gold a day once upgraded.",
    "building.upgrade.heroes": "The hero limit once upgraded.",
    "building.hires": "Whom it lets the player hire, as the sheet prints it after «позволяет нанимать».",
    "building.gives": "What else it gives, as printed (the forge's machines, the tower's school of magic).",
    "travel_cards[treasure].chests": "The chests the treasure gives, by ranges of weeks that cover every week once.",
    "travel_cards[mine].resource": "The resource the mine yields, by id (`resources`).",
    "travel_cards[town].resource": "The resource the town trades, by id (`resources`).",
    "travel_cards[garrison].kind": "The garrison's kind as printed («форт»), per language.",
    "travel_cards[trap].penalty.creature_cards": "Creature cards the trap takes.",
    "travel_cards[trap].penalty.chests": "Chests the trap takes.",
    "travel_cards[trap].penalty.gold": "Gold the trap takes.",
    "travel_cards[diplomacy].action": "What the card does: `war`, `peace`, a peace `treaty` or a `crusade`.",
    "travel_cards[other].effect": "The card's effect as printed, per language.",
    "battle": "The battle against a neutral army, as `pnp odds` and the battle worksheet count it (seed 3.2-3.3).",
    "battle.attack_kinds": "A squad's attack kinds (melee, ranged, flying, magic).",
    "battle.attack_kinds[].id": "The kind's id; an army file's squads name it.",
    "battle.attack_kinds[].name": "The kind as printed, per language.",
    "battle.types": "The battle types (field, siege, dungeon): each one's bonus and bans.",
    "battle.types[].id": "The type's id; an opponent file names it.",
    "battle.types[].name": "The type as printed, per language.",
    "battle.types[].bonus_kind": "The attack kind that earns +1 a squad in this type of battle.",
    "battle.types[].formations": "Whether formation bonuses count (3.2.2).",
    "battle.types[].machines": "Which war machines' value counts: `field`, `siege` or `none`.",
    "battle.types[].destruction_spells": "Whether destruction spells may be cast.",
    "battle.types[].large_creatures": "Whether large creatures may fight.",
    "battle.types[].spell_level_max": "The highest spell level allowed (a dungeon: 1); absent: no limit.",
    "battle.magic_attack_bonus": "The bonus a squad with a magic attack always gets.",
    "battle.formations": "The formation bonuses of 3.2.2.",
    "battle.formations.line": "A line: squads side by side.",
    "battle.formations.line.least": "Squads a line needs.",
    "battle.formations.line.per_squad": "Bonus per squad of the line.",
    "battle.formations.mixed": "Mixed ranks: squads of different levels.",
    "battle.formations.mixed.least": "Levels mixed ranks need.",
    "battle.formations.mixed.bonus": "The bonus at that many.",
    "battle.formations.mixed.per_extra": "Added per squad beyond them.",
    "battle.formations.straight": "A royal straight: consecutive levels.",
    "battle.formations.straight.least": "Consecutive levels a straight needs.",
    "battle.formations.straight.bonus": "The bonus at that many.",
    "battle.formations.straight.per_extra": "Added per level beyond them.",
    "battle.luck": "Luck (3.2.6).",
    "battle.luck.zero_penalty": "The penalty when negative luck opens a card with no damage.",
    "battle.miss_damage": "The damage of a squad that missed (3.3.3).",
    "battle.miss_damage.value": "The number.",
    "battle.war_machines": "The war machines by level, with their strength in a siege and in the field.",
    "battle.war_machines[].id": "The machine's id; an army file names it.",
    "battle.war_machines[].level": "The forge level that opens it (I-III).",
    "battle.war_machines[].siege": "Its strength in a siege; absent: no use there.",
    "battle.war_machines[].field": "Its strength in a field battle; absent: no use there.",
    "battle.war_machines[].name": "The machine as printed, per language.",
    "battle.earth_spells": "The destruction spells of the school of Earth with their damage.",
    "battle.earth_spells[].id": "The spell's id; an army file names it.",
    "battle.earth_spells[].level": "The spell's level (1-7).",
    "battle.earth_spells[].damage": "The damage it adds.",
    "battle.earth_spells[].name": "The spell as printed, per language.",
    "battle.courage": "A hero's courage, +1 after each battle.",
    "battle.courage.max": "The most courage a hero reaches (the seed: 6).",
    # The sections and fields the other parts of issue 15 add (the travel cards, the boards and
    # worksheet, magic, the rulebook, the battles beyond the basics), for the guide once they are in
    "cards.width": "The travel card's trim width, mm.",
    "cards.height": "The travel card's trim height, mm.",
    "cards.bleed": "Bleed round the trim, mm (art runs to its edge).",
    "cards.safe": "The safe zone inside the trim, mm: no text nearer the cut.",
    "cards.min_text_pt": "The smallest text size a card may shrink its words to, pt.",
    "travel_cards[diplomacy].effect": "What the card does, as printed, per language.",
    "weeks.days.value": "The number of days: at most 14, the tick boxes that fit beside the week's effects on Letter paper.",
    "battle.types[].opponent": "Whom this battle is fought against: a `neutral` army or another `player`.",
    "battle.types[].against": "Whom this battle is fought against: a `neutral` army or another `player`.",
    "battle.types[].flank_attacks": "Whether flank attacks are allowed.",
    "battle.types[].flank": "Whether flank attacks are allowed.",
    "battle.types[].second_echelon": "Whether a second echelon may stand behind the first row.",
    "battle.types[].morale": "Whether the neutral army's morale is drawn (a dungeon's domino).",
    "battle.neutral_squads": "How many squads a neutral army has.",
    "battle.neutral_squads.least": "The fewest.",
    "battle.neutral_squads.most": "The most.",
    "battle.flank": "Flank attacks: a squad at an end of the first row.",
    "battle.flank.multiplier": "How many times a flank squad's damage card counts.",
    "battle.second_echelon": "The second echelon: squads behind the first row.",
    "battle.second_echelon.per_squad": "Squads that may stand behind one squad of the first row.",
    "battle.morale": "The dungeon's morale: a domino tile drawn before the battle.",
    "battle.morale.domino_pips": "The highest pips on one half of the domino set (double-six: 6; at most 18, the largest sets sold).",
    "battle.morale.from": "Pips on the drawn tile from which the morale bonus counts.",
    "battle.morale.bonus": "Added to the dungeon's strength when it counts.",
    "battle.bribery": "Bribery with chests (3.4.3).",
    "battle.bribery.squads_per_chest": "The opponent's weakest squads one chest takes away.",
    **{f"battle.card_battles.{t}": f"The battle type fought for a {t.replace('_', ' ')} card."
       for t in ("treasure", "mine", "reserve", "town", "garrison", "trap", "dungeon", "terrain", "diplomacy", "other")},
    "creature_decks[].race": "The race whose deck this is (a race's `id`); one deck a race.",
    "creature_decks[].cards": "The deck's creatures, one entry a creature and its printed cards.",
    "creature_decks[].cards[].id": "The creature's id; unique across races (an army file names a squad by it).",
    "creature_decks[].cards[].level": "The creature's level, 1-7: the race's barracks of that level hires it.",
    "creature_decks[].cards[].name": "The creature's name as its cards print it, per language.",
    "creature_decks[].cards[].kind": "Its attack kind: an id of `battle.attack_kinds` (melee, ranged, flying, magic).",
    "creature_decks[].cards[].large": "A large creature (one save throw after a rout; no strike mark unless no normal-size card is left).",
    "races[].heroes[].number": "The hero's number, 1-9 (1-7 boost a creature level, 8-9 the race's own abilities).",
    "races[].heroes[].id": "The hero's id; an army file names it.",
    "races[].heroes[].name": "The hero's name as printed, per language.",
    "races[].heroes[].ability": "What the hero adds in a battle.",
    "races[].heroes[].ability.level": "The creature level the ability boosts.",
    "races[].heroes[].ability.kind": "The attack kind the ability boosts.",
    "races[].heroes[].ability.plus": "Strength added to each squad it boosts.",
    "races[].heroes[].ability.times": "The strength of the squads it boosts is multiplied by this.",
    "races[].heroes[].ability.own_times": "The hero's own squad's strength is multiplied by this.",
    "races[].heroes[].ability.text": "The ability as printed, per language, where it is not a number.",
    "magic": "The schools of magic: their levels, the magic tower, and each school's spells.",
    "magic.tower": "The magic tower's automatic damage in every battle.",
    "magic.tower.damage_per_level": "Damage per level of the tower.",
    "magic.maximal_damage": "What a squad's maximal damage is (a note records the decision).",
    "magic.schools": "The schools (earth, water, fire, air, ether): a school without spells is allowed, not playable.",
    "magic.schools[].id": "The school's id; an army file names it.",
    "magic.schools[].name": "The school's name as printed, per language.",
    "magic.schools[].joins_every_school": "Whether its spells join every school (the ether's Портал and Иллюзия).",
    "magic.schools[].levels": "The school's levels, each with its damage and its spells.",
    **{f"magic.schools[].{where}.{key}": what
       for where in ("levels[].destruction[]", "levels[].blessing[]", "extras[]")
       for key, what in (("id", "The spell's id; an army file names it."),
                         ("name", "The spell's name as printed, per language."),
                         ("text", "What the spell does, as printed, per language."),
                         ("effect.per_squad", "The attack kind whose squads each get the strength."))},
    "magic.schools[].levels[].level": "The level, from 1.",
    "magic.schools[].levels[].destruction": "The destruction circle's spells at this level (the left column).",
    "magic.schools[].levels[].blessing": "The blessing circle's spells at this level (the right column).",
    "play.war": "War between players: captures, holdings, contributions and bribes.",
    "play.war.bribe.peace_card": "The bribe for a peace card, times the creatures' strength.",
    "play.war.bribe.treaty": "The bribe for a peace treaty, times the creatures' strength.",
    "rulebook.tagline": "One line under the title on the rulebook's cover, per language.",
    "rulebook.example.luck": "The army's luck.",
    "rulebook.example.squads": "The army's squads, left to right.",
    "rulebook.example.squads[].type": "The creature type.",
    "rulebook.example.squads[].name": "The creatures' name as printed, per language.",
    "rulebook.example.squads[].level": "The creatures' level, I-VII.",
    "rulebook.example.squads[].kind": "The attack kind, by id.",
    "rulebook.example.squads[].cards": "Cards in the squad (a column).",
    "rulebook.example.squads[].large": "Whether it is a large creature.",
    "rulebook.example.machine": "The war machine it brings, by id.",
    "rulebook.example.deck": "The creature deck: strike -> number of cards (at most 99 of a strike: the worked example is printed and its odds counted card by card).",
    "rulebook.example.cards": "The strikes of the damage cards in the order they open.",
    "rulebook.example.against": "The neutral army it fights.",
    "rulebook.example.against.battle": "The battle type, by id.",
    "rulebook.example.against.strength": "The neutral army's strength.",
    "rulebook.example.against.week": "The week (its neutral luck).",
    "rulebook.decisions": "The decided gaps as the rulebook states them, each about notes of this file.",
    "rulebook.decisions[].topic": "The gap's heading, per language.",
}

INTRO = """\
# «Строительство империи»: the content file

<!-- Generated by docs/gen_content_doc_empire.py from the schema, the checks, the keys the
     kit prints and the shipped content. Edit those (or the prose in the script), not this file. -->

Everything pnp checks, computes and prints of «Строительство империи» comes from one file,
`content/empire.yaml` (the seed: `../shared/seeds/empire-building-rules-ru.txt`; the decisions
where it is silent: `docs/design-decisions-empire.md`). The seed describes every card type
with examples but lists no whole decks, so the file is a designer's kit: the format of every
card type and board, with the seed's own examples as the shipped cards. Edit it and run:

```
pnp check --game empire                                   # the content against the seed's rules
pnp build --game empire --lang ru                         # the home kit and its preview (uk: --lang uk)
pnp build --game empire --lang ru --all                   # ... and the print-shop and Tabletop Simulator files
pnp odds --game empire --army ARMY.yaml --against FOE.yaml   # a battle's bonuses and exact chance
```

(`--content FILE` instead of `--game empire` reads another copy; the file's `pack: empire`
names its game.) The general rules of the format are ТВЕРДЖА's (`docs/content.md`):

- **Ids** are lowercase ASCII (`barracks_7`, `stone_of_fate`); they connect the parts (a race's
  buildings are keyed by plot id, a mine names its resource by id).
- **Player-facing text** is a map language -> text with every language of `game.languages`:
  `{ru: Кузница, uk: Кузня}`, Russian being the seed's language. Only characters the bundled
  PT fonts print (every face of them prints the same set).
- **A number is written once**: the sheets, cards, boards, rulebook and the calculator all read
  it from here.
- **`note:`** beside a value records a decision where the seed is silent or a departure from it;
  a value that departs from the seed's facts is an error unless its note says so.

## The capital

The plots form a grid of `capital.columns` × `capital.rows` cells, `at: [row, column]` from the
top left, both from 0. The palace and the city gates stand from the start (`built: true`); a
plot may be built when it is orthogonally next to the palace or to a plot the player built, so
every plot must be reachable that way (check `capital`, code `plot-unreachable`). Each race
fills every plot that needs a building with one (`races[].buildings`, keyed by plot id): its
name, cost in cards, upgrade, and what it hires or gives. Completing a column («vertical»)
raises the income along `capital.income`.
"""
#: `pnp odds`' army files (the format: pnp/games/empire/army_file.py) and their bounds
ODDS_BOUNDS = f"""\
`pnp odds` reads an army file and an opponent file (their format: `pnp/games/empire/army_file.py`).
So that every file is counted exactly in bounded time and memory, an army file holds at most
{army_file.SQUADS_MOST} squads in the first row and {army_file.SQUADS_MOST} in the second echelon, a column of at most
{army_file.CARDS_MOST} cards, and a creature deck of at most {army_file.DECK_MOST:,} cards whose strikes are written in the digits
0-9 (from 0 to {army_file.STRIKE_MOST}); and the battle must take at most {DECK_STATES_MOST:,} states of the exact count
(the cards left, the damage step and the strength so far: an army of the seed's size, 7 squads
and strikes 0-7, takes far fewer; the bound holds for the whole question, both outcomes of a
dungeon's morale and every number of chests the bribe goal's search tries). A file past a bound is a problem at its line (exit 1); a
path that is no regular file, such as a directory or `/dev/zero`, is a usage error (exit 2),
as for `--content`.

"""
INTRO = INTRO.replace("(`--content FILE` instead of `--game empire`", ODDS_BOUNDS + "(`--content FILE` instead of `--game empire`")


READING = """\
## Reading `pnp check`

One line per problem, sorted by position, `FILE:LINE:COLUMN: LEVEL: MESSAGE [CODE]`, an
indented `hint:` where one helps, then a summary line; exit 0 when clean (warnings allowed
unless `--strict`), 1 with problems, 2 for a usage error. With a town whose strength falls in
week 5:

```
{example}
```

Broken files of every kind, with the exact line and code each gives (a card missing a field
its type needs, a schedule that falls, an unbuildable plot, a word the kit prints missing in
one language, a character the fonts lack), are in `tests/cases/empire/` (run by
`tests/test_cases.py`).

## Problem codes

The loader's (the file and its YAML), the format's (the schema), a `--sim` file's and the
game's checks':

"""


def card_parts(schema: dict) -> list[tuple[str, dict]]:
    """(type id, the schema part a card of that type is held to), in the schema's order."""
    return [(rule["if"]["properties"]["type"]["const"], _resolve(rule["then"], schema)[0])
            for rule in schema["$defs"]["travel_card"]["allOf"]]


def travel_types(schema: dict, data: dict) -> list[str]:
    rows = ["## Travel cards by type", "",
            "A travel card is `{id, type, name, …}`; its type decides the other fields, each type's its own",
            "(a field of another type is an error naming the type: «a mine card»). The fields every type",
            "shares (`id`, `type`, `name`, `note`) are left out below.", ""]
    for type_id, part in card_parts(schema):
        samples = [c for c in data.get("travel_cards", []) if c.get("type") == type_id]
        rows += [f"### {part.get('x-kind', type_id)} (`type: {type_id}`)", "",
                 *field_rows(part, samples, schema, f"travel_cards[{type_id}]", ("id", "type", "name")), ""]
    return rows


def field_rows(part: dict, samples: list, schema: dict, meaning: str, skip: tuple[str, ...] = ()) -> list[str]:
    """The table of one schema part's fields (keys relative to the part), MEANINGS looked up as `meaning.key`."""
    rows = ["| Field | Type | Required | Range | Example | What it is |", "|---|---|---|---|---|---|"]
    for path, sub, required, value in _fields(part, "", samples, schema):
        key = path.lstrip(".")
        if key.split(".")[0] in skip:
            continue
        desc = sub.get("description") or _resolve(sub, schema)[0].get("description", "") or MEANINGS.get(f"{meaning}.{key}", "")
        rows.append(f"| `{key}` | {_type(sub, schema)} | {'yes' if required else ''} | {_limits(sub, schema)} "
                    f"| {_flow(value)} | {_cell(desc)} |")
    return rows


def buildings(schema: dict, data: dict) -> list[str]:
    """The fields of one building (`races[].buildings.<plot id>`), from the schema's `building` part."""
    samples = [b for race in data.get("races", []) for b in race.get("buildings", {}).values()]
    rows = ["## A race's buildings", "",
            "`races[].buildings` maps each plot id to the race's building there (the palace and the gates by",
            "name alone: they stand from the start). A building's fields:", ""]
    return rows + field_rows(schema["$defs"]["building"], samples, schema, "building") + [""]


def ui_words(game) -> list[str]:
    """The `ui:` words: every key the kit's renderers print (their declarations, the game's ui contract),
    which renderers print it, and the shipped text."""
    contract = game.ui_keys
    keys = [*contract.known, *(k for _, part in contract.parts for k in part.keys(game) if k not in contract.known)]
    rows = ["## The printed words (`ui:`)", "",
            "The words the kit adds to the content's names, by key, with `{fields}` the renderers fill in and",
            "plural forms `{n|карта|карты|карт}` (one form per plural category: one, few, many). A key here",
            "that `ui:` lacks comes from pnp's catalogue (`pnp/core/catalogue/strings.yaml`: sheet labels,",
            "the preview page); a key `ui:` gives overrides the catalogue's. Each renderer declares the words",
            "it prints (`pnp/games/empire/ui_keys.py`), and check `ui-strings` holds the file to them:", "",
            "| Key | Printed by | ru (shipped) |", "|---|---|---|"]
    for key in dict.fromkeys(keys):
        own = game.ui_strings.get(key)
        shipped = own.get("ru") if own is not None and own.has("ru") else "(pnp's catalogue)"
        printers = ", ".join(f"`{name}`" for name in contract.renderers(key, game)) or "(kept for later use)"
        rows.append(f"| `{key}` | {printers} | {_cell(shipped)} |")
    return rows


def render() -> str:
    text, loaded, game = shipped(PACK, build_game, SHOWN)
    schema = schema_mod.schema(PACK.schema)
    parts = [INTRO, *fields_preface("{ru: Кузница, uk: Кузня}")]
    parts += ["\n\n".join(_sections(text, loaded.data, schema, MEANINGS)), ""]
    parts += [*buildings(schema, loaded.data), *travel_types(schema, loaded.data), *ui_words(game), "", *decisions(game), ""]
    example = check_example(text, "strength: [30, 35, 40, 45, 50, 55, 60]", "strength: [30, 35, 40, 45, 40, 55, 60]",
                            build_game, "ru", SHOWN)
    parts += [READING.format(example=example), *_codes(PACK.checks), ""]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    return write(TARGET, render(), "gen_content_doc_empire.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
