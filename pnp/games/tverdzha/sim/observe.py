"""What one game leaves behind for the statistics: a small JSON-ready record.

Happenings (builds, upgrades, battles with their dice and cards, reshuffles, market
exhaustion) are read from the engine's append-only `events` at the end. Levels (units
on the table, cards in a hand, resources held, points) are sampled after every step
(`Observer.step`) and only their per-game maximum is kept: a level peaks at a node where
the game waits for a decision or a chance outcome, and every such node is observed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from pnp.games.tverdzha.rules import events as ev

if TYPE_CHECKING:
    from pnp.games.tverdzha.rules.state import State

MAX_STRENGTH: Final = 6  # strengths above this are folded into the last bucket (none in the content)


class Observer:
    """The levels' peaks of one game so far (native fields: `step` runs after every
    decision and chance outcome of a game, so the compiled build keeps it free of dict
    lookups and boxed counts)."""

    def __init__(self, game: Any, state: State) -> None:
        R = state.R
        self.R = R
        self.players = tuple(game.players)
        self.card_ids = list(R.card_ids)
        self.building_ids = list(R.b_ids)
        self.res_ids = R.res_ids
        self.units = self.tokens = self.wounded = self.hand = self.score = self.lands = self.buildings = 0
        self.by_strength = [0] * (MAX_STRENGTH + 1)
        self.res_peak = [0] * R.n_res
        self.step(state)

    @property
    def peak(self) -> dict[str, int]:
        """The single levels' peaks, by name (in the record's order)."""
        return {"units": self.units, "tokens": self.tokens, "wounded": self.wounded, "hand": self.hand,
                "score": self.score, "lands": self.lands, "buildings": self.buildings}

    def step(self, s: State) -> None:
        """Sample the levels of both players (one pass over the board).

        Skipped while a battle's dice are rolled: nothing but the battle changes then."""
        if s.battle is not None:
            return
        by = self.by_strength
        counts = ([0] * (MAX_STRENGTH + 1), [0] * (MAX_STRENGTH + 1))
        n_cells = self.R.n_cells
        lands = [0, 0]
        owner = s.owner
        for sp, us in enumerate(s.units):
            if us:
                o = owner[sp]
                if sp < n_cells:
                    lands[o] = lands[o] + 1
                count = counts[o]
                for u in us:
                    k = u if u < MAX_STRENGTH else MAX_STRENGTH
                    count[k] = count[k] + 1  # (not +=: boxed in the compiled build)
        rp = self.res_peak
        for p in (0, 1):
            count = counts[p]
            army = 0
            for n in count:
                army += n
            wounded = s.wounded[p]
            if army + wounded > self.tokens:  # (comparisons, not max(): a call in pure Python)
                self.tokens = army + wounded
            if army > self.units:
                self.units = army
            if wounded > self.wounded:
                self.wounded = wounded
            held = 0
            for n in s.hand[p]:
                held += n
            if held > self.hand:
                self.hand = held
            if lands[p] > self.lands:
                self.lands = lands[p]
            built = len(s.bld[p])
            if built > self.buildings:
                self.buildings = built
            score = s.score(p)  # mid-game too: a player can lose lands after a high
            if score > self.score:
                self.score = score
            for k in range(1, MAX_STRENGTH + 1):
                if count[k] > by[k]:
                    by[k] = count[k]
            res = s.res[p]
            for r in range(len(res)):
                if res[r] > rp[r]:
                    rp[r] = res[r]

    def record(self, s, capped: bool) -> dict:
        """The game's part of the record (pnp.sim.hooks.Observer; the runner adds who won
        and who played; pnp.games.tverdzha.sim.summary reads the rest)."""
        players = self.players
        for p in (0, 1):  # a game can end inside a battle, where step() does not sample
            self.score = max(self.score, s.score(p))
        built: dict[str, list[str]] = {p: [] for p in players}
        upgraded: dict[str, list[str]] = {p: [] for p in players}
        cards: list[tuple[str, bool, int]] = []  # (card, its side won the battle, its seat)
        battles = {"count": 0, "attacker_won": 0, "sides_without_card": 0}
        side_dice = battle_dice = reshuffles = market_short = 0
        for e in s.events:
            kind = type(e)
            if kind is ev.BattleFought:
                battles["count"] += 1
                battles["attacker_won"] += e.winner == e.attacker
                for card, player in ((e.att_card, e.attacker), (e.def_card, 1 - e.attacker)):
                    if card is None:
                        battles["sides_without_card"] += 1
                    else:
                        cards.append((card, e.winner == player, player))
                n_att, n_def = _dice_rolled(e)
                side_dice = max(side_dice, n_att, n_def)
                battle_dice = max(battle_dice, n_att + n_def)
            elif kind is ev.Built:
                built[players[e.player]].append(e.building)
            elif kind is ev.Upgraded:
                upgraded[players[e.player]].append(e.building)
            elif kind is ev.Reshuffled:
                reshuffles += 1
            elif kind is ev.MarketShort:
                market_short += 1
        peaks = self.peak
        peaks.update(side_dice=side_dice, battle_dice=battle_dice, reshuffles=reshuffles,
                     market_exhausted=market_short)
        for k in range(1, MAX_STRENGTH + 1):
            if self.by_strength[k] or k <= 4:
                peaks[f"units_s{k}"] = self.by_strength[k]
        for rid, v in zip(self.res_ids, self.res_peak):
            peaks[f"res_{rid}"] = v
        capped = capped or s.victory_type == "cap"
        record = {
            "victory": "cap" if capped else s.victory_type, "rounds": s.round,
            "built": built, "upgraded": upgraded, "cards": cards, "battles": battles, "peaks": peaks,
            "card_ids": self.card_ids, "building_ids": self.building_ids,
            "layout": " ".join(self.R.land_ids[k] if k >= 0 else "-" for k in s.land),
        }
        if capped:
            record["cap_reason"] = cap_reason(s)
        return record


def cap_reason(s) -> str:
    """Why a capped game stalled, from the final position: armies gone on both sides,
    on one side, or still standing (the agents found no way forward)."""
    without = sum(1 for p in (0, 1) if not any(s.units[sp] for sp in s.own_spaces(p)) and not s.wounded[p])
    return ("armies_standing", "one_without_units", "both_without_units")[without]


def _dice_rolled(e) -> tuple[int, int]:
    """Dice each side rolls at once: one per unit. Rerolls reuse a die, so they are not
    counted (the engine lists reroll faces after the first throw, one per unit)."""
    n_att, n_def = len(e.att_units), len(e.def_units)
    if not e.att_dice and not e.def_dice:  # Глуха оборона: nobody rolls
        return 0, 0
    return min(len(e.att_dice), n_att), min(len(e.def_dice), n_def)
