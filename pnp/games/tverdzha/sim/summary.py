"""ТВЕРДЖА's own statistics and report sections: buildings, battle cards, battles, peaks.

Reads the game's part of the per-game records (pnp.games.tverdzha.sim.observe); the
general statistics and report (pnp.sim.stats, pnp.sim.report) ask for these through the
game's Simulation.
"""

from __future__ import annotations

from collections import Counter

from pnp.games.tverdzha.model import Game
from pnp.sim.plots import percent
from pnp.sim.report import ci_text
from pnp.sim.stats import distribution, rate, rounded

PEAK_LABELS = {
    "tokens": "unit tokens one player needs (table + wounded)",
    "units": "units one player has on the table",
    "wounded": "wounded units one player holds",
    "hand": "battle cards in one hand",
    "battle_dice": "dice rolled at once in one battle (both sides)",
    "side_dice": "dice one side rolls in one battle (one colour each)",
    "reshuffles": "battle-deck reshuffles per game",
    "market_exhausted": "market deck exhaustions per game",
    "buildings": "buildings one player owns",
    "score": "points one player reaches",
    "lands": "lands one player holds",
}
#: The report's order of the peaks: keys, or prefixes ending in "_s" or "_" (units_s2, res_wood).
PEAK_ORDER = ("tokens", "units", "units_s", "wounded", "battle_dice", "side_dice", "hand", "res_", "reshuffles",
              "market_exhausted", "buildings", "lands", "score")
CAP_REASONS = {
    "both_without_units": "both armies gone, nobody can hire",
    "one_without_units": "one army gone, the other cannot finish",
    "armies_standing": "both armies standing, no progress",
}


def summarize(records: list[dict], players: tuple[str, ...]) -> dict:
    return {"buildings": _buildings(records, players), "battle_cards": _cards(records, players), "battles": _battles(records)}


def _buildings(records, players) -> dict:
    """Per building id: player-games where it was built / upgraded, and how often that player won."""
    built, upgraded, won_built, won_upgraded = Counter(), Counter(), Counter(), Counter()
    ids = set()
    for r in records:
        for p in players:
            won = r["winner"] == p
            for bid in set(r["built"][p]):
                built[bid] += 1
                won_built[bid] += won
            for bid in set(r["upgraded"][p]):
                upgraded[bid] += 1
                won_upgraded[bid] += won
        ids |= set(r.get("building_ids", ()))
    player_games = len(records) * len(players)
    out = {}
    for bid in sorted(ids | set(built)):
        out[bid] = {"built": built[bid], "built_share": rounded(built[bid] / player_games if player_games else 0),
                    "upgraded": upgraded[bid],
                    "win_when_built": rate(won_built[bid], built[bid]),
                    "win_when_upgraded": rate(won_upgraded[bid], upgraded[bid])}
    return out


def _cards(records, players) -> dict:
    """Per battle card: times played, and the battle win rate of the side that played it;
    in a run of two different agents, also the times each agent played it (`by_agent`:
    agent label -> count, both listed, so that a card an agent never plays shows as a 0).
    With one agent in every seat `played` is its count, and the result stays as it was."""
    played, won = Counter(), Counter()
    by_agent: dict[str, Counter] = {}
    ids = set()
    for r in records:
        names = r["agent_names"]  # per slot; a seat's slot is in r["slots"]
        for name in names:
            by_agent.setdefault(name, Counter())
        for card, battle_won, seat in r["cards"]:
            played[card] += 1
            won[card] += battle_won
            by_agent[names[r["slots"][players[seat]]]][card] += 1
        ids |= set(r.get("card_ids", ()))
    out = {cid: {"played": played[cid], "battle_win": rate(won[cid], played[cid])} for cid in sorted(ids | set(played))}
    if len(by_agent) > 1:
        for cid, c in out.items():
            c["by_agent"] = {name: n[cid] for name, n in sorted(by_agent.items())}
    return out


def _battles(records) -> dict:
    total = sum(r["battles"]["count"] for r in records)
    attacker_won = sum(r["battles"]["attacker_won"] for r in records)
    no_card = sum(r["battles"]["sides_without_card"] for r in records)
    return {"count": total, "per_game": distribution([r["battles"]["count"] for r in records]),
            "attacker_won": rate(attacker_won, total), "sides_without_card": no_card}


# ---- the report ------------------------------------------------------------------

def report_sections(st: dict, game: Game) -> list[tuple]:
    return _building_rows(st, game) + _card_rows(st, game)


def _name(game: Game, kind: str, item_id: str) -> str:
    try:
        obj = game.building(item_id) if kind == "building" else game.battle_card(item_id)
    except KeyError:  # a result of other content: the id alone
        return item_id
    return f"{obj.name.get(game.languages[0])} ({item_id})"


def _building_rows(st: dict, game: Game) -> list[tuple]:
    rows = [[_name(game, "building", bid), b["built"], percent(b['built_share']), b["upgraded"],
             ci_text(b["win_when_built"]), ci_text(b["win_when_upgraded"])]
            for bid, b in st["buildings"].items()]
    return [("h", "Buildings"),
            ("p", "Built and upgraded count player-games (each player once per game); the win rate is "
                  "that of the player who built it."),
            ("table", ["building", "built", "of player-games", "upgraded", "win when built", "win when upgraded"],
             rows)]


def _card_rows(st: dict, game: Game) -> list[tuple]:
    cards = st["battle_cards"]
    # two different agents: how often each played the card (one agent: the played column)
    split = sorted({name for c in cards.values() for name in c.get("by_agent", ())})
    rows = [[_name(game, "card", cid), c["played"], *(c["by_agent"][a] for a in split), ci_text(c["battle_win"])]
            for cid, c in cards.items()]
    b = st["battles"]
    return [("h", "Battle cards"),
            ("p", f"{b['count']} battles ({b['per_game']['mean']} per game); the attacker won "
                  f"{ci_text(b['attacker_won'])}; {b['sides_without_card']} sides played no card."),
            ("table", ["battle card", "played", *(f"by {a}" for a in split), "battle won by its player"], rows)]


def peak_label(key: str) -> str:
    if key.startswith("units_s"):
        return f"units of strength {key[7:]} one player has"
    if key.startswith("res_"):
        return f"{key[4:]} one player holds"
    return PEAK_LABELS.get(key, key)


def peak_rank(key: str) -> tuple:
    for i, prefix in enumerate(PEAK_ORDER):
        if key == prefix or (prefix.endswith(("_s", "_")) and key.startswith(prefix)):
            return (i, key)
    return (len(PEAK_ORDER), key)
