"""The engine's memory does not grow with the games played: its castle cache is bounded.

`castle_effects.fx_of` aggregates each castle once and `Fx.after` links a castle to the next; greedy
games reach about a hundred new castles each, so an unbounded cache held memory in
proportion to the games (1.2 GB after 20,000). Played in-process here, counted directly
(no timing, no RSS)."""

from __future__ import annotations

from pnp.games.tverdzha.rules.compiled import FX_CACHE_MOST, compile_rules
from pnp.sim import seeding
from pnp.sim.runner import play_game
from simkit import SIM, specs


def test_the_castle_cache_stays_bounded_over_many_games(game):
    R = compile_rules(game)
    made = R.fx_made
    played = 0
    every = (gs for block in range(len(seeding.blocks(400))) for gs in seeding.block_games(3, block, 400))
    for gs in every:
        play_game(SIM, game, specs("greedy,greedy"), gs)
        played += 1
        assert R.fx_cached <= FX_CACHE_MOST
        if R.fx_made - made > FX_CACHE_MOST + FX_CACHE_MOST // 2:  # a few dozen games: well past the bound
            break
    else:
        raise AssertionError(f"{played} games reached only {R.fx_made - made} castles")


def test_forgetting_castles_changes_no_game(game):
    """The same games played on a warm cache and on an emptied one give the same records."""
    gs = seeding.block_games(5, 0, 2)
    first = [play_game(SIM, game, specs("greedy,greedy"), g) for g in gs]
    compile_rules(game).forget_fx()
    again = [play_game(SIM, game, specs("greedy,greedy"), g) for g in gs]
    assert first == again
