import dataclasses

from pnp.checks import prose
from pnp.content import load_game
from pnp.games.tverdzha.facts import apply_facts, facts
from pnp.games.tverdzha.model import Text, frozen_map


def test_shipped_prose_has_only_known_facts():
    game, _ = load_game()
    assert list(prose.check(game)) == []


def test_facts_follow_the_content():
    game, _ = load_game()
    f = facts(game)
    assert f["victory_points"] == game.victory.points
    assert f["wall_bonus"] == game.building("wall").effects[0].params["bonus"]
    assert f["militia_count"] == game.battle_card("militia").count
    assert f["board_rows"] == "3–5–5–5–3"


def test_clarification_numbers_come_from_facts():
    game, _ = load_game()
    text = " ".join(c.text.get("uk") for c in game.clarifications)
    assert "{" not in text
    assert f"Більше {game.limits.hand_max} карт" in text


def test_unknown_fact_is_reported_with_a_hint():
    game, _ = load_game()
    c = game.clarifications[0]
    broken = dataclasses.replace(c, text=Text(frozen_map({"uk": "Перемога — {victory_point} очок."}), c.text.mark))
    game = apply_facts(dataclasses.replace(game, clarifications=(broken,) + game.clarifications[1:]))
    (problem,) = list(prose.check(game))
    assert problem.code == "unknown-fact" and "{victory_point}" in problem.message
    assert problem.hint == "did you mean 'victory_points'?"
