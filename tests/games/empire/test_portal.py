"""The ether's «Портал» (content `magic.schools[ether].extras[portal]`, `effect: {war: anyone}`): the seed's «а в
случае наличия портала во владениях, то любому игроку». A player whose magic tower is built and who has a hero to
read it declares «Война» on any player, not only a neighbour; the engine offers it, the book and the board print
it, and it counts nothing in a battle."""

from __future__ import annotations

import subprocess

import pytest
from enginekit import first_day

from pnp.games.empire.rules import moves
from pnp.games.empire.rules.army import Army, Casting, Hero, Opponent, Squad
from pnp.games.empire.rules.battle.march import resolve
from pnp.games.empire.rules.state import State


@pytest.fixture
def s(game) -> State:
    """Four players, seat 0 to move with a «Война» card in hand; its neighbours are seats 1 and 3."""
    s = first_day(game, players=4)
    war = next(c.id for c in s.t.cards.values() if c.type == "diplomacy" and c.action == "war")
    s.players[0].travel = [war]
    return s


def _wars(s: State) -> set[int]:
    return {a[2] for a in s.legal_actions() if a[0] == "war"}


def _tower_and_hero(s: State, seat: int = 0, hero: bool = True) -> None:
    p = s.players[seat]
    plots = s.t.races[p.race].plots
    p.built.append(next(k for k, plot in plots.items() if plot.kind == "magic_tower"))
    p.school = s.t.schools[0]
    if hero:
        p.heroes.append((s.t.races[p.race].heroes[0].id, 0))


def test_without_a_portal_war_reaches_only_the_neighbours(s):
    assert _wars(s) == {1, 3}
    assert not moves.opens_portal(s, 0)


def test_a_tower_and_a_hero_open_the_portal_to_every_player(s):
    _tower_and_hero(s)
    assert moves.opens_portal(s, 0)
    assert _wars(s) == {1, 2, 3}


def test_a_tower_without_a_hero_opens_no_portal(s):
    _tower_and_hero(s, hero=False)
    assert not moves.opens_portal(s, 0) and _wars(s) == {1, 3}


def test_the_war_declared_through_the_portal_is_a_war_like_any(s):
    _tower_and_hero(s)
    card = s.players[0].travel[0]
    s.apply_action(("war", card, 2))
    assert (0, 2) in s.wars and card not in s.players[0].travel
    assert s.tally["wars_by_portal"] == 1  # the simulator's per-game line counts them


def test_a_war_on_a_neighbour_is_not_counted_as_the_portals(s):
    _tower_and_hero(s)
    s.apply_action(("war", s.players[0].travel[0], 1))
    assert s.tally["wars"] == 1 and s.tally["wars_by_portal"] == 0


def test_the_portal_is_content_and_counts_nothing_in_a_battle(game):
    portal = game.battle.magic.spell("portal")
    assert portal.effect.war == "anyone" and not portal.effect.counted
    army = Army((Squad("c", 1, "melee"),), 0, (0, 3), heroes=(Hero("h", 0),), tower=1)
    plain = resolve(game.battle, army, Opponent(50, "field", 0), [3])
    cast = resolve(game.battle, army.__class__(**{**army.__dict__, "spells": (Casting("portal"),)}),
                   Opponent(50, "field", 0), [3])
    assert cast.strength == plain.strength


@pytest.mark.parametrize("lang, rule, table", [
    ("ru", "Портал есть у того, кто читает заклинание «Портал» школы эфира: у него построена башня магии и нанят хотя бы "
           "один герой.", "с ним карта «Война» объявляет войну любому игроку"),
    ("uk", "Портал має той, хто читає закляття «Портал» школи ефіру: у нього збудовано вежу магії й найнято хоча б одного "
           "героя.", "з ним карта «Війна» оголошує війну будь-якому гравцеві"),
])
def test_the_rulebook_prints_the_portal_where_war_is_declared_and_in_the_spells_table(rulebook_pdfs, lang, rule, table):
    said = subprocess.run(["pdftotext", "-enc", "UTF-8", str(rulebook_pdfs[lang]), "-"], capture_output=True, text=True,
                          check=True).stdout
    flat = "".join(said.split()).replace("-", "")
    assert "".join(rule.split()).replace("-", "") in flat
    assert "".join(table.split()).replace("-", "") in flat
    assert "порталовнет" not in flat and "порталівнемає" not in flat
