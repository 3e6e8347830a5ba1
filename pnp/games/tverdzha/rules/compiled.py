"""The content model compiled into flat tables the engine indexes by small ints.

Compiled once per Game (cached) and shared by every State: nothing here changes
during play. Spaces are the board cells in content order followed by the castles
in player order; resources, lands, buildings and battle cards are indexed in
content order. Every number comes from the model.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Final

from pnp.games.tverdzha.model import Cost, Game
from pnp.games.tverdzha.rules.actions import Build, Choose, Hire, Move, Trade, Train, Upgrade

#: The die has six faces. The content names no die size (it gives always_hit: 6);
#: kept here, in one place, until the content grows a field for it.
DIE_SIDES: Final = 6
#: A held land yields this many units of its resource per round (rules text; the
#: content's land kinds carry no amount).
LAND_YIELD: Final = 1
#: The most castles Rules.fx_cache keeps aggregated (castle_effects.fx_of fills it). Games reach new castles all the time (about a
#: hundred a greedy game), so a cache that only grows holds memory in proportion to the games
#: played; past this many it starts again. Enough for the castles of the games in play (a
#: lookahead agent revisits them); Fx is a pure function of the castle, so forgetting one
#: changes no game, only how often one is aggregated again.
FX_CACHE_MOST: Final = 4096

_CACHE: Final[dict[int, "Rules"]] = {}


def compile_rules(game: Game) -> "Rules":
    """The compiled tables for `game` (cached per model object)."""
    rules = _CACHE.get(id(game))
    if rules is None or rules.game is not game:
        if len(_CACHE) > 8:  # a process that lives for hours (pnp serve) sees a model a save
            _CACHE.clear()
        rules = _CACHE[id(game)] = Rules(game)
    return rules


class Rules:
    """Flat, read-only tables derived from the model."""

    def __init__(self, game: Game):
        self.game = game
        self.players = game.players
        self._resources(game)
        self._board(game)
        self._buildings(game)
        self._cards(game)
        self._limits(game)
        self._actions()
        #: the aggregated castles (castle_effects.Fx) by their buildings, which castle_effects.fx_of
        #: makes and keeps here (that module reads these tables: this one imports none of it)
        self.fx_cache: dict = {}
        self.fx_made = 0  # castles aggregated so far, the forgotten ones counted again
        self._need_cache: dict = {}
        self._subsets: dict = {}
        self._moves: dict = {}
        self._made: dict = {}  # Build and Upgrade actions, made once (actions.py offers them every decision)
        #: every Trade action `trades` has built -> the net change it makes to the trader's
        #: resources (turn.trade does nothing else), so trades of one change are one move
        self.trade_changes: dict[Trade, tuple[int, ...]] = {}

    # ---- tables -----------------------------------------------------------------
    def _resources(self, game: Game) -> None:
        self.res_ids = game.resource_ids
        self.res_idx = {r: i for i, r in enumerate(self.res_ids)}
        self.n_res = len(self.res_ids)
        self.land_ids = tuple(l.id for l in game.lands)
        self.land_idx = {l: i for i, l in enumerate(self.land_ids)}
        self.land_yield = tuple(self.res_idx[l.yields] if l.yields else -1 for l in game.lands)
        self.land_points = tuple(l.points for l in game.lands)
        self.land_scores = tuple(l.scores for l in game.lands)

    def cost(self, cost) -> tuple[int, ...]:
        """A model Cost (or mapping) as a tuple indexed by resource."""
        items = cost.items if isinstance(cost, Cost) else tuple(dict(cost).items())
        out = [0] * self.n_res
        for rid, amount in items:
            out[self.res_idx[rid]] += int(amount)
        return tuple(out)

    def _board(self, game: Game) -> None:
        board = game.board
        cells = board.cells
        self.n_cells = len(cells)
        self.space_ids = tuple(c.id for c in cells) + tuple(f"castle-{p}" for p in self.players)
        self.space_idx = {s: i for i, s in enumerate(self.space_ids)}
        self.n_spaces = len(self.space_ids)
        self.castle = tuple(self.n_cells + i for i in range(len(self.players)))
        self.entrances = tuple(
            tuple(self.space_idx[e] for e in board.castle(p).entrances) for p in self.players
        )
        adj = [[self.space_idx[n] for n in c.neighbors] for c in cells] + [[] for _ in self.players]
        for p, castle in enumerate(self.castle):
            for e in self.entrances[p]:
                adj[castle].append(e)
                adj[e].append(castle)
        self.adj = tuple(tuple(a) for a in adj)
        # Fixed land per cell (citadel, mine); -1 marks a cell that takes a tile.
        self.fixed_land = tuple(self.land_idx[c.land] if c.land else -1 for c in cells)
        self._tile_plan(game)

    def _tile_plan(self, game: Game) -> None:
        """Which cells are dealt from the pair bag (with their mirrors) and which from the centre bag."""
        cells = game.board.cells
        dist_a = self.distances((self.castle[0],))
        dist_b = self.distances((self.castle[1],))
        pair_cells, centre_cells = [], []
        for i, c in enumerate(cells):
            if self.fixed_land[i] >= 0:
                continue
            mirror = self.space_idx[c.mirror]
            if mirror == i:
                centre_cells.append(i)
            elif dist_a[i] < dist_b[i]:  # the first player's half deals, the twin follows
                pair_cells.append((i, mirror))
        self.tile_pairs = tuple(pair_cells)
        self.tile_centre = tuple(centre_cells)
        tiles = game.board.tiles
        self.pair_bag = tuple(self._bag(tiles.pairs))
        self.centre_bag = tuple(self._bag(tiles.centre))

    def _bag(self, items) -> list[int]:
        bag = [0] * len(self.land_ids)
        for kind, n in items:
            bag[self.land_idx[kind]] += n
        return bag

    def distances(self, starts) -> list[int]:
        """Steps from the nearest of `starts` to every space (the board graph's breadth-first search)."""
        board = self.game.board
        names = tuple(c.id for c in board.cells) + tuple(board.castle(p).zone for p in self.players)
        dist = board.graph.distances(names[s] for s in starts)
        return [dist.get(name, 10**6) for name in names]

    def _buildings(self, game: Game) -> None:
        self.b_ids = tuple(b.id for b in game.buildings)
        self.b_idx = {b: i for i, b in enumerate(self.b_ids)}
        self.up_ids = tuple(b.upgrade.id for b in game.buildings)
        self.n_b = len(self.b_ids)
        # [building][level] with level 0 = base card, 1 = upgraded
        self.b_cost = tuple((self.cost(b.cost), self.cost(b.upgrade.cost)) for b in game.buildings)
        self.b_points = tuple((b.points, b.upgrade.points) for b in game.buildings)
        self.b_effects = tuple((b.effects, b.upgrade.effects) for b in game.buildings)
        # the same as (key, params) pairs with plain dicts, for folding a castle's effects
        self.b_effect_items = tuple(tuple(tuple((e.key, dict(e.params)) for e in effects) for effects in levels)
                                    for levels in self.b_effects)
        self.b_total = tuple((sum(a), sum(b)) for a, b in self.b_cost)
        self.b_copies = tuple(b.copies for b in game.buildings)
        self.prestige = frozenset(self.b_idx[b] for b in game.scoring.prestige_buildings)

    def _cards(self, game: Game) -> None:
        self.card_ids = tuple(c.id for c in game.battle_cards)
        self.card_idx = {c: i for i, c in enumerate(self.card_ids)}
        self.card_counts = tuple(c.count for c in game.battle_cards)
        self.n_cards = len(self.card_ids)
        # card index -> {effect key: params}; the engine asks "does this card do X"
        self.card_fx = tuple({e.key: dict(e.params) for e in c.effects} for c in game.battle_cards)

    def _limits(self, game: Game) -> None:
        lim = game.limits
        self.lim = lim
        hire = game.action("hire").params
        self.hire_cost = self.cost(hire["cost"])
        self.hire_strength = hire["strength"]
        train = game.action("train").params
        self.train_cost = self.cost(train["cost"])
        self.train_amount = train["amount"]
        self.move_steps = game.action("move").params["steps"]
        self.setup_res = self.cost(game.setup.resources)
        self.battle = game.battle
        self.victory = game.victory
        self.scoring = game.scoring
        # numbers read at every step, copied out of the model objects (one look-up less)
        self.hand_max: int = lim.hand_max
        self.heals_per_turn: int = lim.heals_per_turn
        self.market_size: int = lim.market_size
        self.building_slots: int = lim.building_slots
        self.strength_floor: int = lim.strength_floor
        self.land_per: int = game.scoring.land_per  # held lands per land point
        self.points_per_lands: int = game.scoring.land_points
        self.victory_points: int = game.victory.points
        self.always_hit: int = game.battle.always_hit
        self.always_miss: int = game.battle.always_miss
        self.tie_winner = self.players.index(game.victory.tie_winner)
        self.first_player = self.players.index(game.setup.first_player)
        # the round-start "muster" step (when the content has it): a player left without
        # a single unit gets the starting units back in the castle, so nobody is stuck
        self.muster = (tuple(sorted(strength for _, strength in game.setup.units))
                       if any(step.key == "muster" for step in game.round.start) else ())

    def _actions(self) -> None:
        """Prebuilt action objects the legal lists hand out again and again."""
        self.hires = tuple(Hire(sid) for sid in self.space_ids)
        self.choices = tuple(Choose(rid) for rid in self.res_ids)  # an income choice: one per resource
        # trains[space][strength]: strengths up to the highest cap any effect can give
        top = max([self.lim.training_cap] + [e.params["cap"] for levels in self.b_effects
                                               for effects in levels for e in effects if e.key == "train_cap"])
        self.trains = tuple(tuple(Train(sid, u) for u in range(top + 1)) for sid in self.space_ids)

    # ---- derived look-ups -------------------------------------------------------
    def forget_fx(self) -> None:
        """Drop the aggregated castles and their `Fx.after` links (the links would keep the
        dropped ones alive): a State still holding one keeps only that one."""
        for fx in self.fx_cache.values():
            fx.after.clear()
        self.fx_cache.clear()

    @property
    def fx_cached(self) -> int:
        """How many castles `fx_cache` holds now (at most FX_CACHE_MOST)."""
        return len(self.fx_cache)

    def need(self, own: int, enemy: int) -> int:
        """The die face a side of strength `own` needs against `enemy` (the content's rows)."""
        k = (own, enemy)
        n = self._need_cache.get(k)
        if n is None:
            n = self._need_cache[k] = self.battle.hit_on(Fraction(own), Fraction(enemy))
        return n

    def subsets(self, units: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
        """Every non-empty sub-multiset of a sorted unit tuple, sorted (cached)."""
        out = self._subsets.get(units)
        if out is None:
            found = set()
            n = len(units)
            for mask in range(1, 1 << n):
                found.add(tuple(units[i] for i in range(n) if mask >> i & 1))
            out = self._subsets[units] = tuple(sorted(found, key=lambda t: (len(t), t)))
        return out

    def multisets(self, size: int) -> tuple[tuple[int, ...], ...]:
        """All multisets of `size` resource indices (for trades' "any" side)."""
        return tuple(combinations_with_replacement(range(self.n_res), size))

    def moves(self, src: int, dst: int, group: tuple[int, ...]) -> tuple:
        """(Move actions of every sub-group, sorted by size; upto[k] = how many have <= k units)."""
        key = (src, dst, group)
        out = self._moves.get(key)
        if out is None:
            subs = self.subsets(group)
            moves = tuple(Move(self.space_ids[src], self.space_ids[dst], sub) for sub in subs)
            upto = tuple(sum(1 for sub in subs if len(sub) <= k) for k in range(len(group) + 1))
            out = self._moves[key] = (moves, upto)
        return out

    def move_table(self, src: int, group: tuple[int, ...]) -> tuple:
        """(dst, moves, upto) for every neighbour of src (see `moves`), cached."""
        key = (src, group)
        out = self._moves.get(key)
        if out is None:
            out = self._moves[key] = tuple((dst, *self.moves(src, dst, group)) for dst in self.adj[src])
        return out

    def build(self, slot: int, b: int, waive: tuple[str, ...], discard: int) -> Build:
        """The Build action of building b from market position `slot`, the discount
        waiving `waive`, discarding own building `discard` (-1: none)."""
        key = (slot, b, waive, discard)
        out = self._made.get(key)
        if out is None:
            out = self._made[key] = Build(slot, self.b_ids[b], waive, None if discard < 0 else self.b_ids[discard])
        return out

    def upgrade(self, b: int, waive: tuple[str, ...]) -> Upgrade:
        key = (b, waive)
        out = self._made.get(key)
        if out is None:
            out = self._made[key] = Upgrade(self.b_ids[b], waive)
        return out

    def discounts(self, cost: tuple[int, ...], amount: int) -> tuple:
        """(waived resource ids, price) options when a discount of `amount` units applies."""
        key = (cost, amount)
        out = self._subsets.get(key)
        if out is None:
            k = min(amount, sum(cost))
            if k <= 0:
                out = (((), cost),)
            else:
                options = []
                for combo in combinations_with_replacement(range(self.n_res), k):
                    price = list(cost)
                    for r in combo:
                        price[r] -= 1
                    if min(price) >= 0:
                        options.append((tuple(self.res_ids[r] for r in combo), tuple(price)))
                out = tuple(options)
            self._subsets[key] = out
        return out

    def trades(self, give_res: int, give: int, get: int) -> tuple:
        """The Trade actions of one rate for one given resource (pure losses left out)."""
        key = ("trade", give_res, give, get)
        out = self._subsets.get(key)
        if out is None:
            rid = self.res_ids[give_res]
            out = tuple(
                Trade(rid, give, tuple(self.res_ids[x] for x in m))
                for m in self.multisets(get)
                # getting back no more of what you gave is never a trade
                if not (get <= give and all(x == give_res for x in m))
            )
            for t in out:
                change = [0] * self.n_res
                change[give_res] -= give
                for rid in t.get:
                    change[self.res_idx[rid]] += 1
                self.trade_changes[t] = tuple(change)
            self._subsets[key] = out
        return out
