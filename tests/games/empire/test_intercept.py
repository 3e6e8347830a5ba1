"""The siege intercepted (pnp.games.empire.rules.fights.war): «Обороняющийся игрок может перехватить осаждающих и
навязать им сражение. Если обороняющийся проигрывает, то на этом же ходу происходит осада (по согласию
атакующего), а когда проигрывает атакующий, то последствия как и в случае обычного поражения»."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.games.empire.rules import moves
from pnp.games.empire.rules.state import CHANCE, State
from pnp.games.empire.sim.agents import GreedyAgent
from test_money import at_war


@pytest.fixture
def s(game) -> State:
    """Seat 0 (humans) at war with seat 1 (orcs), which holds one town; no chests (test_money's position)."""
    s = at_war(game)
    s.players[1].holdings = [next(c.id for c in s.t.cards.values() if c.type == "town")]
    return s


def _intercepted(s: State, result: str) -> State:
    """The town's siege declared and intercepted, the field battle played with the first seed that ends it in
    `result` (for the besieger)."""
    s.apply_action(("capture", 1, 0))
    for seed in range(200):
        c = s.clone()
        c.apply_action(("intercept",))
        rng = random.Random(seed)
        while c.fight is not None:
            assert c.current_player == CHANCE
            c.apply_action(c.sample_chance(rng))
        if c.last_battle["outcome"].result == result:
            return c
    raise AssertionError(f"no seed ends the interception in {result!r}")


def test_a_siege_declared_waits_for_the_holders_answer(s):
    s.apply_action(("capture", 1, 0))
    assert s.stage == "intercept" and s.current_player == 1 and s.fight is None
    assert s.legal_actions() == [("intercept",), ("stay",)]
    with pytest.raises(ValueError):
        moves.apply(s.clone(), ("siege",))  # only the holder's answer is legal now
    stay = s.clone()
    stay.apply_action(("stay",))
    assert stay.fight["kind"] == "siege_war" and stay.siege is None
    s.apply_action(("intercept",))
    assert s.fight["kind"] == "duel" and s.fight["siege"]["at"] == 0 and s.tally["interceptions"] == 1


def test_a_holder_with_no_creature_is_not_asked(s):
    s.players[1].hand = Counter()
    s.apply_action(("capture", 1, 0))
    assert s.stage != "intercept" and s.fight["kind"] == "siege_war"


def test_an_interception_the_holder_wins_ends_the_siege_as_a_lost_battle(s):
    c = _intercepted(s, "loss")
    town = s.players[1].holdings[0]
    assert c.players[1].holdings == [town] and not c.players[0].holdings  # nothing taken, no siege
    assert c.siege is None and c.fight is None and c.stage in ("capture", "done")
    assert c.tally["interceptions_won"] == 1 and c.tally["battles_siege_war"] == 0
    assert c.players[1].chests == c.t.rules.type(c.last_battle["opp"].battle).trophy_chests  # the duel's trophy
    assert c.captures_left == c.t.captures - 1  # the capture spent, as a lost duel's


def test_an_interception_the_holder_loses_lets_the_besieger_siege_now_or_stop(s):
    c = _intercepted(s, "win")
    assert c.stage == "press" and c.current_player == 0 and c.fight is None
    assert c.legal_actions() == [("siege",), ("stop",)]
    assert c.players[1].holdings == s.players[1].holdings  # the interception takes nothing
    left = c.captures_left
    siege = c.clone()
    siege.apply_action(("siege",))
    assert siege.fight["kind"] == "siege_war" and siege.fight["at"] == 0 and siege.captures_left == left
    assert siege.tally["sieges_pressed"] == 1
    stop = c.clone()
    stop.apply_action(("stop",))
    assert stop.fight is None and stop.siege is None and stop.stage in ("capture", "done")
    assert stop.players[1].holdings == s.players[1].holdings
    no_hand = c.clone()
    no_hand.players[0].hand = Counter()
    assert no_hand.legal_actions() == [("stop",)]  # no squad left to besiege with


def test_the_greedy_agents_answer_each_new_stage_legally(s):
    agent = GreedyAgent(random.Random(1))
    fresh = s.clone()
    s.apply_action(("capture", 1, 0))
    assert agent.act(s, 1) in s.legal_actions()
    c = _intercepted(fresh, "win")
    assert agent.act(c, 0) in c.legal_actions()


def test_the_same_seed_gives_the_same_json_with_interceptions(tmp_path):
    runs = []
    for name in ("a", "b"):
        result = CliRunner().invoke(main, ["sim", "--game", "empire", "--workers", "1", "--players", "4", "--games",
                                           "4", "--seed", "5", "--agents", "random", "--json",
                                           str(tmp_path / f"{name}.json")])
        assert result.exit_code == 0, result.stdout + result.stderr
        doc = json.loads((tmp_path / f"{name}.json").read_text())
        doc["meta"].pop("elapsed", None)
        runs.append(json.dumps(doc, sort_keys=True))
    assert runs[0] == runs[1]
    assert json.loads(runs[0])["stats"]["per_game"].get("interceptions", 0) > 0
