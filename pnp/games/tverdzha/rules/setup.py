"""A new game: the starting position, then the setup's chance steps in the queue.

Setup order: the land tiles (the first player's half, each twin mirrored at once,
then the centre), the market, the first player's hand, the second player's hand;
then round 1 begins. Every shuffle is modelled as the sequence of draws it leads
to, each a chance node over what is left.
"""

from __future__ import annotations

from pnp.games.tverdzha.model import Game
from pnp.games.tverdzha.rules.castle_effects import fx_of
from pnp.games.tverdzha.rules.compiled import compile_rules
from pnp.games.tverdzha.rules.state import TERMINAL, State

#: Default safety cap on rounds (an engine parameter, not a rule of the game).
DEFAULT_MAX_ROUNDS = 100


class SetupError(ValueError):
    """The content asks for a setup the engine cannot do."""


def new_game(game: Game, max_rounds: int = DEFAULT_MAX_ROUNDS, validate: bool = False) -> State:
    """The initial state (a chance node: the first tile). `max_rounds`: the game ends with
    victory_type "cap" after this many rounds. `validate`: apply_action rejects illegal
    actions (slower; for tests and untrusted agents)."""
    R = compile_rules(game)
    s = State()
    s.R = R
    n_c = R.n_cards
    s.units = [()] * R.n_spaces
    s.owner = [-1] * R.n_cells + list(range(len(R.players)))
    s.land = R.fixed_land
    s.yields = tuple(R.land_yield[k] if k >= 0 else -1 for k in s.land) + (-1,) * (R.n_spaces - R.n_cells)
    s.res = [list(R.setup_res), list(R.setup_res)]
    s.bld = [{}, {}]
    s.fx = [fx_of(R, {}), fx_of(R, {})]
    s.hand = [[0] * n_c, [0] * n_c]
    s.deck = list(R.card_counts)
    s.discard = [0] * n_c
    s.bdeck = list(R.b_copies)
    s.bottom = []
    s.market = []
    s.bags = (tuple(R.pair_bag), tuple(R.centre_bag))
    s.wounded = [0, 0]
    s.round = 1
    s.active = R.first_player
    s.heals = 0
    s.battle = None
    s.fight = None
    s.cur = TERMINAL  # set by _advance below
    s.winner = None
    s.victory_type = None
    s.events = []
    s.logging = True
    s.max_rounds = max_rounds
    s.validate = validate
    for where, strength in game.setup.units:
        if where != "castle":
            raise SetupError(f"setup units can only start in the castle, not {where!r}")
        for p, castle in enumerate(R.castle):
            s.units[castle] = tuple(sorted(s.units[castle] + (strength,)))
    seats = (R.first_player, 1 - R.first_player)
    s.queue = (
        [("tile", cell, 0) for cell, _ in R.tile_pairs]
        + [("tile", cell, 1) for cell in R.tile_centre]
        + [("mkt", game.setup.market)]
        + [("card", p) for p in seats for _ in range(game.setup.hand)]
        + [("start",)]
    )
    s._advance()
    return s
