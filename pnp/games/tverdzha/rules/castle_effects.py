"""Building effects: one player's castle folded into the numbers the engine asks for.

A player's effects change only when a building is built, upgraded or discarded, so
they are aggregated once per distinct castle (`fx_of`, cached on the compiled rules) and
read as plain attributes afterwards. Only the current level of a building counts: an upgrade's
effect list replaces the base card's.

How several effects with one key combine (the shipped content never stacks most
of them, but the engine must not guess): bonuses add up; caps, limits, strengths and
ranges take the highest; siege_entrances takes the lowest entrance count; every
trade effect is a separate rate.
"""

from __future__ import annotations

from pnp.games.tverdzha.rules.compiled import FX_CACHE_MOST, Rules


class UnknownEffect(ValueError):
    """The content names an effect key the engine has no rule for (the vocabulary is
    pnp.games.tverdzha.effect_keys; the checks refuse a key it does not list)."""


class Fx:
    """Aggregated effects of one castle (a tuple of (building index, level))."""

    __slots__ = (
        "key", "trade", "income_choice", "income", "hire_strength", "hire_cost", "train_cap",
        "castle_defense", "hand_size", "cap", "road_bonus", "move_range", "storage_cap",
        "round_draw", "build_discount", "upgrade_discount", "army_bonus", "siege_entrances",
        "siege_attack", "infirmary_cap", "infirmary_strength", "points", "count", "upgraded",
        "income_choice_total", "after",
    )

    def __init__(self, rules: Rules, key: tuple[tuple[int, int], ...]):
        lim = rules.lim
        self.key = key
        # (building, its level now, the building discarded or -1) -> the effects after that
        # change of this castle: a memo for turn.update_fx, filled as games go
        self.after: dict[tuple[int, int, int], Fx] = {}
        trade: set[tuple[int, int]] = set()
        income_choice: list[int] = []
        income = [0] * rules.n_res
        hire_cost = list(rules.hire_cost)
        hand_bonus = storage = army = 0
        self.hire_strength = rules.hire_strength
        self.train_cap = lim.training_cap
        self.cap = lim.units_per_land
        self.castle_defense = self.road_bonus = self.round_draw = 0
        self.build_discount = self.upgrade_discount = self.siege_attack = 0
        self.move_range = rules.move_steps
        self.siege_entrances = rules.victory.castle_entrances
        self.infirmary_cap = self.infirmary_strength = 0
        town_hall = None
        points = 0
        prestige = 0
        for b, level in key:
            points += rules.b_points[b][level]
            prestige += b in rules.prestige
            for k, p in rules.b_effect_items[b][level]:
                if k == "trade":
                    trade.add((p["give"], p["get"]))
                elif k == "income_choice":
                    income_choice.append(p["amount"])
                elif k == "income":
                    income[rules.res_idx[p["resource"]]] += p["amount"]
                elif k == "hire_strength":
                    self.hire_strength = max(self.hire_strength, p["strength"])
                elif k in ("hire_cost_up", "hire_cost_down"):
                    sign = 1 if k == "hire_cost_up" else -1
                    hire_cost[rules.res_idx[p["resource"]]] += sign * p["amount"]
                elif k == "train_cap":
                    self.train_cap = max(self.train_cap, p["cap"])
                elif k == "castle_defense":
                    self.castle_defense += p["bonus"]
                elif k == "hand_size":
                    hand_bonus += p["bonus"]
                elif k == "land_limit":
                    self.cap = max(self.cap, p["limit"])
                elif k == "road_bonus":
                    self.road_bonus = max(self.road_bonus, p["amount"])
                elif k == "move_range":
                    self.move_range = max(self.move_range, p["steps"])
                elif k == "storage":
                    storage += p["bonus"]
                elif k == "round_draw":
                    self.round_draw += p["cards"]
                elif k == "build_discount":
                    self.build_discount += p["amount"]
                elif k == "upgrade_discount":
                    self.upgrade_discount += p["amount"]
                elif k == "army_limit":
                    army += p["bonus"]
                elif k == "siege_entrances":
                    self.siege_entrances = min(self.siege_entrances, p["count"])
                elif k == "siege_attack":
                    self.siege_attack += p["bonus"]
                elif k == "infirmary":
                    self.infirmary_cap = max(self.infirmary_cap, p["capacity"])
                    self.infirmary_strength = max(self.infirmary_strength, p["strength"])
                elif k == "town_hall":
                    town_hall = (p["per"], p["points"])
                elif k != "prestige":  # prestige is scored from the scoring section
                    raise UnknownEffect(f"building {rules.b_ids[b]!r}: unknown effect key {k!r}")
        self.trade = tuple(sorted(trade))
        self.income_choice = tuple(income_choice)
        self.income = tuple(income)
        self.hire_cost = tuple(max(0, c) for c in hire_cost)
        self.hand_size = min(lim.hand_max, lim.hand_size + hand_bonus)
        self.storage_cap = lim.storage_cap + storage
        self.army_bonus = army
        self.count = len(key)  # buildings owned
        self.upgraded = sum(level for _, level in key)  # of them upgraded
        self.income_choice_total = sum(self.income_choice)
        if town_hall is not None:
            per, pts = town_hall
            points += (self.count - 1) // per * pts  # "other" buildings: the hall itself does not count
        if rules.prestige and prestige == len(rules.prestige):
            points += rules.scoring.prestige_points
        self.points = points  # building, town-hall and prestige points; lands are added by scoring


def fx_of(rules: Rules, owned: dict) -> Fx:
    """The aggregated building effects of one player's castle (cached by content in `rules.fx_cache`)."""
    key = tuple(sorted(owned.items()))
    cache = rules.fx_cache
    fx = cache.get(key)
    if fx is None:
        if len(cache) >= FX_CACHE_MOST:
            rules.forget_fx()
        fx = cache[key] = Fx(rules, key)
        rules.fx_made += 1
    return fx
