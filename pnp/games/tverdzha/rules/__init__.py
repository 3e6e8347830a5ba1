"""The rules engine of ТВЕРДЖА: pure, deterministic, OpenSpiel-style.

Every number and every decision on a silent rule comes from the content model
(`pnp.content.load_game()`); effects are looked up by their `key` and `params`.
Randomness exists only as explicit chance nodes with exact probabilities.

Quick start::

    import random
    from pnp.content import load_game
    from pnp.games.tverdzha import rules

    game, _ = load_game()
    state = rules.new_game(game, max_rounds=100)      # a chance node (the first tile)
    rng = random.Random(1)
    while not state.is_terminal():
        if state.current_player == rules.CHANCE:
            state.apply_action(state.sample_chance(rng))   # or pick from chance_outcomes()
        elif state.current_player == rules.SIMULTANEOUS:
            state.apply_action((rng.choice(state.legal_actions(0)), rng.choice(state.legal_actions(1))))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    state.winner, state.victory_type, state.returns()

The State
---------
`new_game(game, max_rounds=100, validate=False) -> State`
    Setup is chance steps: 8 tiles for the first player's half (each twin is laid on
    the mirrored cell at once), 3 centre tiles, the market, A's hand, B's hand.
    `max_rounds` is the engine's safety cap (the game then ends with victory_type
    "cap", winner None). `validate=True` makes apply_action reject illegal actions.
`state.current_player`: 0 (A) or 1 (B) for a decision; CHANCE; SIMULTANEOUS for the
    secret battle-card choice; TERMINAL. `state.step_kind`: the pending step ("act",
    "post", "choice", "cards", "die", a draw "card"/"mkt"/"tile"; None at the end).
`state.legal_actions(player=None)`: the current player's actions. At SIMULTANEOUS,
    `legal_actions(p)` lists p's card ids plus None (no card); the joint action is the
    pair `(card of player 0, card of player 1)`, by player, not by attacker/defender
    (`state.joint_action([a, b])` builds it). At CHANCE it lists the outcomes.
`state.chance_outcomes() -> [(outcome, Fraction)]`; `state.sample_chance(rng)` draws one
    with the same distribution using integers only (the fast path for simulation).
`state.apply_action(a)`, `is_terminal()`, `returns()` ([+1, -1] / [-1, +1]; [0, 0]
    at the cap), `winner` (0, 1 or None), `victory_type` ("castle" | "points" | "tie" |
    "cap"), `clone()` (cheap: flat lists, no deepcopy; `clone(events=False)` for a
    lookahead copy whose log stays empty: it records nothing), `round` (1-based).
`state.events`: append-only records (pnp.games.tverdzha.rules.events): Built, Upgraded, Hired, Healed,
    BattleFought (units, cards, every die face per side, losses, winner, capture),
    Reshuffled, MarketShort (building deck ran out), RoundEnded (scores), GameOver.
Levels to sample after each step: `army(p)`, `units_by_strength(p)`, `hand_count(p)`,
    `resources(p)`, `score(p)`, `buildings(p)`, `lands(p)`, `wounded[p]`.

Actions (pnp.games.tverdzha.rules.actions; hashable NamedTuples, `str()` reads well)
-------------------------------------------------------------------
Pass(), Heal(), EndTurn(), Build(slot, building, waive, discard), Upgrade(building,
waive), Hire(space), Move(src, dst, units), Train(space, strength), Trade(give, count,
get), Choose(resource). Spaces are cell ids and "castle-A"/"castle-B"; `waive` lists
the resources a build/upgrade discount waives (the player's choice); `discard` is the
own building replaced when every slot is full. Chance outcomes are a land-kind id
(tile), a building id (market draw), a battle-card id (draw) or a die face 1..6.

Turn and round (content `round`; steps in pnp.games.tverdzha.rules.flow)
---------------------------------------------------------
Round: income for both (each held land yields its resource, `income` effects; then
each `income_choice` effect is a decision step Choose(resource), first player first;
then `round_draw` draws), A's turn, B's turn, then the storage cap, the market
refresh (oldest card under the deck, a new one to position 1) and the points check.
Turn: the action step (a free Heal may be taken first, keeping the step open), then,
while a heal is still possible, a step offering Heal or EndTurn; then both hands
refill (the active player first). A move into enemy units opens a battle: the joint
card step, then each die as a chance node (attacker's dice, defender's dice, rerolls).

Decisions of this engine beyond the content (also in the helper's report)
------------------------------------------------------------------------
* The market refills to its size whenever it draws; when the building deck is empty
  the market shrinks (MarketShort event). The round refresh still sends the oldest
  card under the (possibly empty) deck and draws, so it may come straight back.
* Wounded beyond the infirmary's capacity (also when the infirmary is discarded) leave.
* A battle card returned unit (Ополчення, Перевʼязка) replaces the weakest lost unit,
  so losses are counted net and limits cannot be exceeded.
* Units beyond a limit after a building is discarded or a land is lost stay; the
  limits bind hiring, healing and moving only.
* When either side plays Глуха оборона no die is rolled (none can matter).
* Entering the enemy castle: the last step must come from an entrance the mover holds
  before the move; a captured castle ends the game at once.
* Heal is offered before and after the action (content clarification "до або після
  дії"), at most heals_per_turn times a turn.
* A discount is always taken; the player picks the waived resource. A trade that only
  returns what was given (3 grain for 1 grain) is not offered.
* The card step is skipped when both hands are empty. Контрнаказ voids the whole other
  card, after-battle effects included; Таран works only for the attacker.
* Several effects with one key: bonuses add, caps/limits take the highest (see effects.py).
* Order of draws: the active player refills first; income choices and round draws go
  first player, then second.

The engine protocol (pnp.sim.engine): besides the above, `action_string(a)`,
`observation(p)` (own hand, every hand's size, the cards p cannot see; the rest is open)
and `resample_hidden(p, rng)` (the opponent's hand re-dealt from what p cannot see).

Other modules: `odds.battle_odds` (exact battle distribution), `agents_min.RandomAgent`
and `agents_min.play`, `transcript.playthrough` (the golden game), `notation.describe`.
"""

from __future__ import annotations

from pnp.games.tverdzha.rules.actions import (
    END_TURN, HEAL, PASS, Build, Choose, EndTurn, Heal, Hire, Move, Pass, Trade, Train, Upgrade,
)
from pnp.games.tverdzha.rules.setup import DEFAULT_MAX_ROUNDS, new_game
from pnp.games.tverdzha.rules.state import CHANCE, SIMULTANEOUS, TERMINAL, IllegalAction, State


__all__ = [
    "new_game", "State", "CHANCE", "SIMULTANEOUS", "TERMINAL", "IllegalAction", "DEFAULT_MAX_ROUNDS",
    "Pass", "Heal", "EndTurn", "Build", "Upgrade", "Hire", "Move", "Train", "Trade",
    "Choose", "PASS", "HEAL", "END_TURN",
]
