"""The scripted agent: a fixed priority list, the way a careful beginner plays.

Each turn it takes the first rule that applies:
  1. walk into or storm the enemy castle when that is open or clearly winnable;
  2. heal (free) whenever it can;
  3. guard the home castle when the enemy holds enough entrances to enter it;
  4. build the best affordable building (points and effect, less cost);
  5. upgrade the best affordable building;
  6. attack an enemy land at two-to-one strength or better;
  7. hire while the army is below its limit;
  8. spread to an empty land (citadel, then mine, then yielding lands), never leaving the castle empty;
  9. train;  10. trade toward the cheapest building in the market;  11. pass.
Cards and buildings are ranked by their effect keys, so renamed content keeps working.
"""

from __future__ import annotations

import random

from pnp.games.tverdzha.rules.state import SIMULTANEOUS
from pnp.games.tverdzha.sim.heuristic import entrance_distance

#: Battle-card effect keys, most wanted first (the defensive ones are played when defending).
CARD_ORDER = ("strength_bonus", "roll_bonus", "enemy_strength_penalty", "target_strongest", "enemy_roll_penalty",
              "reroll_miss", "cancel_card", "reduce_hits", "militia", "last_stand", "bandage", "loot", "forage",
              "draw_after")
DEFENCE_ONLY = ("full_defense",)
CASTLE_ATTACK_ONLY = ("ignore_defense",)
#: Building effect keys the script likes beyond their points.
LIKED = {"hire_strength": 3, "castle_defense": 2, "prestige": 2, "town_hall": 2, "trade": 2, "income_choice": 2,
         "train_cap": 1, "storage": 1, "army_limit": 1}


class ScriptedAgent:
    name = "scripted"

    def __init__(self, rng: random.Random):
        self.rng = rng

    def act(self, state, player: int):
        if state.current_player == SIMULTANEOUS:
            return self.card(state, player)
        actions = state.legal_actions()
        kind = state.step_kind
        if kind == "post":
            return actions[0] if actions[0].kind == "heal" else actions[-1]
        if kind == "choice":  # income choice: the resource we hold least of
            res = state.res[player]
            return min(actions, key=lambda a: (res[state.R.res_idx[a.resource]], a.resource))
        return self.main(state, player, actions)

    # ---- the main action ------------------------------------------------------
    def main(self, s, p: int, actions):
        by_kind: dict[str, list] = {}
        for a in actions:
            by_kind.setdefault(a.kind, []).append(a)
        R = s.R
        enemy_castle = R.space_ids[R.castle[1 - p]]
        for rule in (self._storm, self._heal, self._guard, self._build, self._upgrade, self._attack,
                     self._hire, self._spread, self._train, self._trade):
            a = rule(s, p, by_kind, enemy_castle)
            if a is not None:
                return a
        return by_kind["pass"][0]

    def _storm(self, s, p, by_kind, enemy_castle):
        R = s.R
        target = R.castle[1 - p]
        defenders = s.units[target]
        guard = sum(defenders) + R.battle.castle_defense + s.fx[1 - p].castle_defense if defenders else 0
        moves = [a for a in by_kind.get("move", ()) if a.dst == enemy_castle]
        good = [a for a in moves if not defenders or sum(a.units) >= 2 * guard]
        return max(good, key=lambda a: (sum(a.units), a.units), default=None)

    def _heal(self, s, p, by_kind, _):
        return by_kind.get("heal", [None])[0]

    def _guard(self, s, p, by_kind, _):
        R = s.R
        e = 1 - p
        if s.held_entrances(e) < s.fx[e].siege_entrances or len(s.units[R.castle[p]]) >= 2:
            return None
        home = R.space_ids[R.castle[p]]
        hires = [a for a in by_kind.get("hire", ()) if a.space == home]
        if hires:
            return hires[0]
        back = [a for a in by_kind.get("move", ()) if a.dst == home]
        return max(back, key=lambda a: (sum(a.units), a.units), default=None)

    def _build(self, s, p, by_kind, _):
        R = s.R
        builds = by_kind.get("build", ())
        owned_worst = min((R.b_points[b][lvl] for b, lvl in s.bld[p].items()), default=0)
        good = [a for a in builds if a.discard is None or _building_value(R, a.building) > owned_worst + 2]
        return max(good, key=lambda a: (_building_value(R, a.building), a.building, a.waive), default=None)

    def _upgrade(self, s, p, by_kind, _):
        R = s.R
        ups = by_kind.get("upgrade", ())
        gain = lambda a: R.b_points[R.b_idx[a.building]][1] - R.b_points[R.b_idx[a.building]][0]  # noqa: E731
        return max(ups, key=lambda a: (gain(a), a.building, a.waive), default=None)

    def _attack(self, s, p, by_kind, enemy_castle):
        R = s.R
        best = None
        for a in by_kind.get("move", ()):
            dst = R.space_idx[a.dst]
            if a.dst == enemy_castle or dst >= R.n_cells or s.owner[dst] != 1 - p:
                continue
            ratio = sum(a.units) / max(1, sum(s.units[dst]))
            if ratio >= 2 and _keeps_castle(s, p, a) and (best is None or ratio > best[0]):
                best = (ratio, a)
        return best[1] if best else None

    def _hire(self, s, p, by_kind, _):
        hires = by_kind.get("hire", ())
        if not hires:
            return None
        home = s.R.space_ids[s.R.castle[p]]
        at_home = [a for a in hires if a.space == home]
        if at_home and not s.units[s.R.castle[p]]:
            return at_home[0]
        return self.rng.choice(hires)

    def _spread(self, s, p, by_kind, _):
        R = s.R
        best = None
        for a in by_kind.get("move", ()):
            dst = R.space_idx[a.dst]
            if dst >= R.n_cells or s.units[dst] or len(a.units) != 1 or not _keeps_castle(s, p, a):
                continue
            src = R.space_idx[a.src]
            if len(s.units[src]) < 2 and src < R.n_cells:
                continue  # do not give up a land to take another
            land = s.land[dst]
            worth = (R.land_points[land] if land >= 0 else 0) + (2 if s.yields[dst] >= 0 else 0)
            key = (worth, -a.units[0], a.dst, a.src)
            if best is None or key > best[0]:
                best = (key, a)
        return best[1] if best else None

    def _train(self, s, p, by_kind, _):
        trains = by_kind.get("train", ())
        return max(trains, key=lambda a: (a.strength, a.space), default=None)

    def _trade(self, s, p, by_kind, _):
        R = s.R
        trades = by_kind.get("trade", ())
        if not trades or not s.market:
            return None
        res = s.res[p]
        target = min(s.market, key=lambda b: (sum(max(0, c - h) for c, h in zip(R.b_cost[b][0], res)), b))
        need = [max(0, c - h) for c, h in zip(R.b_cost[target][0], res)]
        for a in trades:
            spare = res[R.res_idx[a.give]] - R.b_cost[target][0][R.res_idx[a.give]]
            if spare >= a.count and all(need[R.res_idx[g]] for g in a.get):
                return a
        return None

    # ---- the secret card ------------------------------------------------------
    def card(self, state, player: int):
        options = [c for c in state.legal_actions(player) if c is not None]
        if not options:
            return None
        R = state.R
        attacker = state.fight[0] == player
        at_castle = state.fight[2] == R.castle[1 - player]
        allowed = CARD_ORDER + (() if attacker else DEFENCE_ONLY) + (CASTLE_ATTACK_ONLY if attacker and at_castle else ())
        rank = {key: i for i, key in enumerate(allowed)}
        scored = []
        for cid in options:
            keys = [k for k in R.card_fx[R.card_idx[cid]] if k in rank]
            if keys:
                scored.append((min(rank[k] for k in keys), cid))
        return min(scored)[1] if scored else None


def _building_value(R, bid: str) -> float:
    b = R.b_idx[bid]
    liked = sum(LIKED.get(e.key, 0) for e in R.b_effects[b][0])
    return 2 * R.b_points[b][0] + liked - 0.3 * sum(R.b_cost[b][0])


def _keeps_castle(s, p: int, a) -> bool:
    """A move that would leave the home castle empty is refused while enemy units stand
    within one step of its entrances."""
    R = s.R
    home = R.space_ids[R.castle[p]]
    if a.src != home or len(s.units[R.castle[p]]) > len(a.units):
        return True
    dist = entrance_distance(R, p)
    return not any(s.owner[c] == 1 - p and s.units[c] and dist[c] <= 1 for c in range(R.n_cells))
