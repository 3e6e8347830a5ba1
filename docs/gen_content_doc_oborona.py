"""Generate docs/content-oborona-zamka.md, the designer's guide to content/oborona-zamka.yaml.

The field tables come from the game's JSON Schema (pnp/games/oborona_zamka/schema.json)
with the meanings below where the schema has no description, the examples from the
shipped content, the rule facts from pnp/games/oborona_zamka/reference.py, the decisions
from the content's notes, the problem codes from the loader and the game's checks, and
the example output from a real `pnp check`, so the guide cannot drift from the code.
The prose lives here; the table machinery is docs/gen_content_doc.py's. Run it after
changing any of those:

    python docs/gen_content_doc_oborona.py          # rewrite docs/content-oborona-zamka.md
    python docs/gen_content_doc_oborona.py --check  # exit 1 if it is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "docs"))

from gen_content_doc import _cell, _codes, _sections, check_example, decisions, fields_preface, shipped, write  # noqa: E402
from pnp import games  # noqa: E402
from pnp.content import schema as schema_mod  # noqa: E402
from pnp.games.oborona_zamka import reference  # noqa: E402
from pnp.games.oborona_zamka.checks.original import WHERE  # noqa: E402
from pnp.games.oborona_zamka.modelbuild import build_game  # noqa: E402

PACK = games.pack("oborona-zamka")
TARGET = ROOT / "docs" / "content-oborona-zamka.md"
SHOWN = "content/oborona-zamka.yaml"

#: what each field is, where the schema does not say (path as docs/gen_content_doc.py writes it)
MEANINGS = {
    "pack": "The game pack that reads this file: `oborona-zamka` (`pnp games` lists the packs).",
    "game": "Who the game is: its id, title and tagline in every language, its length and its languages.",
    "game.id": "Short id used in file names (`oborona-zamka-ru-rulebook.pdf`): lowercase letters, digits and `-`, at most 40 characters.",
    "game.title": "The game's name as printed, per language.",
    "game.tagline": "One line under the title, per language.",
    "game.minutes": "Playing time printed on the rulebook's cover.",
    "game.languages": "The languages the kit is built in (`pnp build --lang`); every text needs each of them.",
    "sides": "The two roles, the attacker first and the defender second (the engine reads them in that order).",
    "sides[0].id": "`attacker`: the first side must be the attacker.",
    "sides[0].name": "The attacker's name as printed.",
    "sides[0].moves": "How many different warriors the attacker may move in one turn, one step each.",
    "sides[0].moves.value": "The number (the rules: 2).",
    "sides[0].crosses_walls": "Whether the attacker's warriors may step through a standing wall segment (the rules: no).",
    "sides[1].id": "`defender`: the second side must be the defender.",
    "sides[1].name": "The defender's name as printed.",
    "sides[1].moves": "How many different warriors the defender may move in one turn.",
    "sides[1].moves.value": "The number (the rules: 1).",
    "sides[1].crosses_walls": "Whether the defender's warriors may step through the wall (the rules: yes, freely).",
    "races": "The races a player picks an army from, each of one side. They differ in name and colour only.",
    "races[].id": "The race's id (lowercase ASCII); unique.",
    "races[].side": "The side whose player may field this race.",
    "races[].name": "The race's name as printed.",
    "races[].colour": "The race's colour on its standees and the player aid, `#rrggbb`.",
    "army": "The army each player fields: its size, its commanders, and the words for a figure.",
    "army.size": "Figures per army, the commander included.",
    "army.size.value": "The number (the rules: 5); each side needs as many start hexes.",
    "army.commanders": "Commanders per army.",
    "army.commanders.value": "The number (the rules: 1): figure 0 of each army is its commander.",
    "army.warrior": "The word for one figure, as printed.",
    "army.commander": "The word for the commander, as printed.",
    "field": "The hex field: its rows, the mountain, the castle, the fortress wall and the start hexes.",
    "field.hex": "The size of one printed hex.",
    "field.starts": "The start hexes of each side, one per figure, in placing order (a revived warrior returns to a free one).",
    "field.starts.attacker": "The attacker's dark start hexes, `[row, column]`.",
    "field.starts.defender": "The defender's light start hexes, `[row, column]`.",
    "field.mountain": "The mountain's hexes, `[row, column]`: no figure stands on them.",
    "field.castle": "The castle's hexes (the two half-towers), `[row, column]`: no figure stands on them.",
    "field.mirror": "Whether the field also has the mirrored variant the rules mention (left and right swapped).",
    "field.mirror.value": "`true`: the rows must be such that the mirror image is the same field.",
    "rules": "Every number and choice of the rules the engine plays and the rulebook prints.",
    "rules.first_player": "Who moves first.",
    "rules.first_player.value": "`lot`: drawn by lot (the rules).",
    "rules.fight": "A fight between neighbours.",
    "rules.fight_over_wall": "A defender's fight across a standing wall segment.",
    "rules.wall_attack": "An attacker's attack on a wall segment of his hex.",
    "rules.capture": "The attacker's roll for the castle.",
    "rules.capture.from": "`next_to_castle`: from a hex beside a half-tower, as the warrior's one attack of the turn.",
    "rules.capture.bonus": "Whether the commander's bonus counts on the castle roll (this edition: no).",
    "rules.potion": "The commander's potion: a defeated warrior's roll to return.",
    "rules.potion.no_room": "`lost`: a revived warrior with no free start hex of his side stays off the field.",
    "rules.commander": "What the commander changes while he stands on the field.",
    "rules.commander.target_modifier": "Added to the opponent's die when the commander is attacked (the rules: -1).",
    "rules.commander.bonus": "Added to the attacker's other warriors' dice in fights and wall attacks (the rules: +1).",
    "rules.commander.defender_reroll": "Whether the defender's other warriors roll twice in a fight and keep the higher (the rules: yes).",
    "rules.commander.own_bonus": "Whether the bonus and the reroll also count for the commander himself (the rules: no, «всех остальных»).",
    "rules.natural_six": "Whether a rolled 6 always succeeds.",
    "rules.natural_six.value": "`true` in this edition: else some attacks could never succeed (check `attacks`).",
    "rules.turn_cap": "The simulator's safety cap.",
    "rules.turn_cap.value": "Turns after which a simulated game stops unfinished; no printed rule.",
    "components": "What the kit holds beyond the field.",
    "components.dice": "The dice.",
    "components.dice.count": "Dice in the kit: at least the most rolled at once (the defender's reroll throws two).",
    "components.standees": "The fold-over standees.",
    "components.standees.per_race": "Standees printed per race: at least `army.size`.",
    "components.wall_segments": "The paper wall segments.",
    "components.wall_segments.spare": "Segments printed beyond the wall's own (one per wall edge).",
    "glossary": "Words the rulebook explains.",
    "glossary[].term": "The word, per language.",
    "glossary[].means": "What it means, per language.",
    "balance": "The simulator's balance finding the rulebook prints (written by hand from `pnp sim --json`).",
    "balance.command": "The simulation the figures come from.",
    "balance.command.games": "`--games`.",
    "balance.command.seed": "`--seed`.",
    "balance.command.agents": "`--agents`, one per role or one for both.",
    "balance.attacker": "The attacker's win rate and its 95 % Wilson interval: `stats.seats.attacker.rate` and `.ci95`.",
    "balance.defender": "The defender's win rate and its 95 % Wilson interval: `stats.seats.defender.rate` and `.ci95`.",
    "balance.victories": "Share of the games per victory type (`stats.victories.<type>.rate`).",
    "balance.turns": "Game length.",
    "balance.turns.mean": "Mean turns per game (`stats.turns.mean`).",
}

INTRO = """\
# «Оборона Замка»: the content file

<!-- Generated by docs/gen_content_doc_oborona.py from the schema, the rules' facts, the
     checks and the shipped content. Edit those (or the prose in the script), not this file. -->

Everything pnp checks, simulates and prints of «Оборона Замка» comes from one file,
`content/oborona-zamka.yaml` (the original rules: `../shared/seeds/oborona-zamka-rules-ru.txt`;
the decisions where they are silent: `docs/design-decisions-oborona-zamka.md`). Edit it and run:

```
pnp check --game oborona-zamka            # the content against the rules and the field's own rules
pnp sim --game oborona-zamka --games 400  # who wins, how, and how long games last
pnp odds --game oborona-zamka             # the exact odds of every attack
```

(`--content FILE` instead of `--game oborona-zamka` checks another copy; the file's
`pack: oborona-zamka` names its game.) The general rules of the format are ТВЕРДЖА's
(`docs/content.md`): player-facing text is a map language -> text with every language of
`game.languages` (here `{ru: …, uk: …}`, Russian being the original's), only characters
the bundled PT fonts print, and a `note:` beside a value records a decision.

## The field

The field is rows of pointy-top hexes, written as `rows: [8, 7, 8, …]` (hexes per row, top
to bottom); odd rows sit half a hex to the right. A hex is `[row, column]`, both from 0, as
a designer reads them off the printed field (the kit prints them in every hex; the
engine turns them into axial coordinates once). From that:

- the **fortress wall** is not listed edge by edge: `wall_around` lists the hexes it
  encloses (the castle and its yard), and a segment stands on every edge between such a
  hex and a field hex outside. Segments that meet at a hex corner are joined; the field
  check wants one joined piece that keeps the attacker, who cannot pass it, from every
  hex beside the castle;
- the **start hexes** are one per figure and free (not the mountain, not the castle, not
  another side's); the defender's light ones are usually the yard;
- **mirror** (`mirror: {value: true}`) means the field is its own left-right mirror
  image, so the rules' mirrored variant is the same board with the pieces mirrored: with
  odd rows one hex shorter than even rows it is.

The printed field is drawn as a place, from data the general board renderer
(pnp/components/board_sheet.py, pnp/components/board_terrain.py) reads for any game's
board: `colours` gives each zone's fill (the rules' dark and light start hexes), `terrain`
the art drawn over it (`meadow` grass tufts, `earth` pebbles, `paving` flagstones,
`masonry` large stones, `mountain` a snow-capped peak), and `ground` the land under the
hexes of no zone. With a ground the A3 field is framed land that fills the printable
page (the title in a cartouche at the top, the legend on a strip at the bottom) while
every hex keeps its `hex.across_flats`, the size the wall segments and standees are
measured to; the A4 tiles and their assembly map cut that same drawing. The ink saver
prints tints of the fills and thin, light marks. Without `ground` and `terrain` the field
is the plain hex grid on white.

## The rules' facts

A value that departs from the original rules is an error at its line (check `rules`)
unless a note beside it says that it departs from the rules and names the new value
(in its own words: a quotation of the rules in «…» or a `+1` modifier does not count);
then it is a warning, which `--strict` fails. The facts, where the content holds them,
and the words they rest on:
"""

READING = """\
## Reading `pnp check`

One line per problem, sorted by position, `FILE:LINE:COLUMN: LEVEL: MESSAGE [CODE]`, an
indented `hint:` where one helps, then a summary line; exit 0 when clean (warnings allowed
unless `--strict`), 1 with problems, 2 for a usage error. With four figures per army
instead of five:

```
{example}
```

Broken files of every kind, with the exact line, column and code each gives, are in
`tests/cases/oborona-zamka/` (run by `tests/test_cases.py`); every rule fact set to every
forbidden value is `tests/games/oborona_zamka/test_oborona_rule_facts.py`.

## Problem codes

The loader's (the file and its YAML), the format's (the schema), a `--sim` file's and the
game's checks':

"""


def _facts(game) -> list[str]:
    rows = ["| Fact | The rules | Where | The original's words |", "|---|---|---|---|"]
    for name, (value, quote) in reference.FACTS.items():
        path = WHERE[name](game)[1]
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")
        rows.append(f"| {name.replace('_', ' ')} | `{value!r}` | `{where}` | {_cell(quote)} |")
    races = "; ".join(f"{side}: {', '.join(names)}" for side, names in reference.RACES.items())
    rows += ["", f"The races' Russian names must be the original's ({races}; check `rules`, code `rules-races`)."]
    return rows


def render() -> str:
    text, loaded, game = shipped(PACK, build_game, SHOWN)
    schema = schema_mod.schema(PACK.schema)
    parts = [INTRO, *_facts(game), "", *fields_preface("{ru: Замок, uk: Замок}")]
    parts += ["\n\n".join(_sections(text, loaded.data, schema, MEANINGS)), ""]
    parts += [*decisions(game), ""]
    parts += [READING.format(example=check_example(text, "  size: {value: 5}", "  size: {value: 4}", build_game, "ru", SHOWN)), *_codes(PACK.checks), ""]
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    return write(TARGET, render(), "gen_content_doc_oborona.py", argv)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
