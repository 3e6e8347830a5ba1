"""The forge's war machines in the engine (pnp.games.empire.rules.moves, .fights.sides): at each level of the
forge its player marks one machine of that level at once («сразу же сделать выбор … (нужно сделать отметку на
планшете)»), and a battle brings one of the marked machines («Игрок может использовать только одну машину в
битве»), never one that was not marked."""

from __future__ import annotations

import pytest
from enginekit import first_day

from pnp.games.empire.rules.fights import sides
from pnp.games.empire.rules.state import CHANCE, State
from pnp.games.empire.sim import heuristic
from pnp.games.empire.simulation import EmpireSimulation


@pytest.fixture
def s(game) -> State:
    """Two players in the first week, seat 0 to move, rich enough to build anything."""
    return first_day(game, cards=3, gold=10_000)


def _forge(s: State) -> str:
    return next(x for x, plot in s.t.races[s.players[0].race].plots.items() if plot.kind == "forge")


def _level(game, level: int) -> list[str]:
    return [m.id for m in game.battle.machines if m.level == level]


def _build_forge(s: State) -> None:
    """Everything the forge's plot needs built before it, then the forge."""
    forge = _forge(s)
    while ("build", forge) not in s.legal_actions():
        s.players[0].built.append(next(a[1] for a in s.legal_actions() if a[0] == "build"))
    s.apply_action(("build", forge))


def test_a_forge_built_asks_its_player_for_a_machine_of_level_one(s, game):
    _build_forge(s)
    assert s.stage == "machine" and s.current_player == 0
    assert s.legal_actions() == [("machine", m) for m in _level(game, 1)] == [("machine", "ram"), ("machine", "ballista")]
    s.apply_action(("machine", "ballista"))
    assert s.players[0].machines == ["ballista"]
    assert s.seat() == 1 and s.stage == "main"  # the mark ends the turn the build took


def test_each_upgrade_asks_for_one_machine_of_the_new_level(s, game):
    _build_forge(s)
    s.apply_action(("machine", "ram"))
    s.turn, s.stage = 0, "main"
    s.apply_action(("upgrade", _forge(s)))
    assert s.legal_actions() == [("machine", m) for m in _level(game, 2)]
    assert len(s.legal_actions()) == 5  # «на 2-м уровне кузницы можно выбрать одну машину из 5 возможных»
    s.apply_action(("machine", "barrier"))
    assert s.players[0].machines == ["ram", "barrier"]


def test_a_machine_not_of_the_new_level_is_refused(s):
    _build_forge(s)
    with pytest.raises(ValueError, match="from the forge"):
        s.apply_action(("machine", "trebuchet"))
    assert s.players[0].machines == []


@pytest.mark.parametrize(("marked", "battle", "brought"), [
    ([], "field", None),
    (["ram"], "field", None),  # a siege machine counts nothing in the field: none is brought
    (["ram"], "siege", "ram"),
    (["ballista", "ammo_wagon"], "field", "ammo_wagon"),  # the strongest of the marked
    (["ballista", "ammo_wagon"], "siege", None),
    (["ballista", "barrier"], "siege", "barrier"),  # no strength here: the machine that acts instead
    (["ballista", "barrier", "first_aid_tent"], "players", "ballista"),
    (["ram", "barrier", "first_aid_tent"], "players", "barrier"),  # the first marked of those that act
    (["ballista", "barrier", "catapult"], "dungeon", None),  # no machine in a dungeon
])
def test_a_battle_brings_one_of_the_marked_machines(s, marked, battle, brought):
    assert sides.machine(s.t, marked, battle) == brought


def test_the_army_of_a_battle_brings_the_players_marked_machine(s):
    opp = sides.opponent(s, next(c.id for c in s.t.cards.values() if c.type == "town"), None)
    assert sides.army(s, 0, "siege", opp).machine is None  # no forge, no machine
    s.players[0].machines = ["ballista"]
    assert sides.army(s, 0, "field", opp).machine == "ballista"
    assert sides.army(s, 0, "siege", opp).machine is None


def test_the_greedy_agent_weighs_a_machine_by_the_battles_it_would_fight(s):
    worth = {m: heuristic.machine_worth(s, 0, m) for m in ("ram", "ballista")}
    assert worth["ballista"] > worth["ram"] > 0  # field battles are the many
    s.players[0].machines = ["ballista"]
    assert heuristic.machine_worth(s, 0, "bomb") == pytest.approx(0.1 * 2)  # only its siege strength is new


def test_whole_games_mark_a_machine_at_every_level_of_each_forge(game):
    """Games the greedy agents play to the end: every player's marks are one a level of its forge."""
    import random

    from pnp.games.empire.sim.agents import GreedyAgent
    sim = EmpireSimulation(3)
    forges = 0
    for seed in range(3):
        s = sim.new_game(game, seed)
        rng = random.Random(seed)
        agents = [GreedyAgent(random.Random(seed * 10 + i)) for i in range(3)]
        while not s.is_terminal():
            who = s.current_player
            s.apply_action(s.sample_chance(rng) if who == CHANCE else agents[who].act(s, who))
        for p in s.players:
            assert [s.t.rules.machine(m).level for m in p.machines] == list(range(1, p.forge(s.t) + 1))
            forges += p.forge(s.t) > 0
    assert forges >= 2  # seeds 1 and 2 build forges (two rise to level III)
