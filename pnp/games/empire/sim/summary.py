"""«Строительство империи»'s own statistics: each race's win rate (over the games it played) with its 95 %
interval (the seat-rotated group as the unit: its games share their chance draws), victory points by source,
the battles, and the decks' peaks with their printed counts."""

from __future__ import annotations

from collections import Counter, defaultdict

from pnp.core.errors import Mark
from pnp.sim.hooks import Requirement
from pnp.sim.report import ci_text
from pnp.sim.stats import distribution, grouped_rate

PEAK_LABELS = {"travel": "travel cards out of the deck at once (hands, holdings, open, out of the game)",
               "neutral": "neutral-army cards on the table at once",
               "chests": "chest cards out of the bank at once",
               "diplomacy": "diplomacy cards out of the deck at once"}
CAP_REASONS = {"unfinished": "the game did not reach the end of its last week"}
SOURCES = ("buildings", "neutrals", "dungeons", "reserves")
#: the tallies the summary's "per game" line shows: battles, wars, captures, capitals besieged and fallen,
#: sieges intercepted (`interceptions`, `interceptions_won` by the holder, `sieges_pressed` after one beaten off),
#: the contribution's gold, the chests of 3.4.3 (bribes against neutrals and in wars, mercenaries), the chests
#: given back for gold or courage (`cashed_gold`, `cashed_courage`), the war machines marked (`machine_<id>`) and
#: the looks at the neutral deck (`spied`) and the chests the resources took off buildings and upgrades (`discount`)
PER_GAME = ("battles", "won", "wars", "captures", "capital", "contribution", "bribes", "mercenaries", "interceptions",
            "sieges", "cashed", "machine", "spied", "discount")


def summarize(records: list[dict], roles: tuple[str, ...]) -> dict:
    groups: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))  # race -> group -> [won, played]
    points: dict[str, list[int]] = {k: [] for k in SOURCES}
    winners: dict[str, list[int]] = {k: [] for k in SOURCES}
    battles: Counter = Counter()
    for r in records:
        for race in r["races"]:
            groups[race][r["pair"]][1] += 1
        if r["winner_race"] is not None:
            groups[r["winner_race"]][r["pair"]][0] += 1
        for i, pts in enumerate(r["points"]):
            for k in SOURCES:
                points[k].append(pts.get(k, 0))
                if r["winner_race"] is not None and r["races"][i] == r["winner_race"]:
                    winners[k].append(pts.get(k, 0))
        battles.update({k: v for k, v in r["tally"].items()})
    n = len(records)
    return {"races": {race: grouped_rate([tuple(v) for v in groups[race].values()]) for race in sorted(groups)},
            "points": {k: distribution(v) for k, v in points.items()},
            "winner_points": {k: distribution(v) for k, v in winners.items()},
            "per_game": {k: round(v / n, 2) for k, v in sorted(battles.items())} if n else {}}


def summary_lines(st: dict) -> list[str]:
    lines = [f"race {race} wins {_share(r)}" for race, r in st["races"].items()]
    lines.append("points a player by source (mean; the winner's): " + ", ".join(
        f"{k} {st['points'][k]['mean']:.1f} ({st['winner_points'][k]['mean']:.1f})" for k in SOURCES))
    per = st["per_game"]
    lines.append("per game: " + ", ".join(f"{k} {v}" for k, v in per.items() if k.startswith(PER_GAME)))
    return lines


def _share(r: dict) -> str:
    return (f"{r['rate']:.1%} (95 % CI {r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}, {r['n']}/{r['of']}; "
            f"{r['groups']} seat-rotated groups as the unit)")


def report_sections(st: dict, game) -> list[tuple]:
    return [("h", "Each race"), ("table", ["race", "wins (of the games it played)"],
                                 [[race, ci_text(r)] for race, r in st["races"].items()]),
            ("h", "Victory points by source"),
            ("table", ["source", "mean", "p90", "max", "the winner's mean"],
             [[k, st["points"][k]["mean"], st["points"][k]["p90"], st["points"][k]["max"],
               st["winner_points"][k]["mean"]] for k in SOURCES]),
            ("h", "Per game"), ("table", ["", "mean"], [[k, v] for k, v in st["per_game"].items()])]


def peak_label(key: str) -> str:
    return PEAK_LABELS.get(key, key)


def peak_rank(key: str) -> tuple:
    return (0 if key in PEAK_LABELS else 1, key)


def requirements(game) -> list[Requirement]:
    """The decks' printed counts against the games' peaks."""
    def mark(*path) -> Mark:
        return game.mark(*path)
    travel = sum(c.count for c in game.travel_cards)
    diplomacy = game.travel_copies("diplomacy")
    out = [Requirement("travel", PEAK_LABELS["travel"], travel, "travel_cards", mark("travel_cards")),
           Requirement("diplomacy", PEAK_LABELS["diplomacy"], diplomacy, "travel_cards", mark("travel_cards"))]
    if game.neutral_deck is not None:
        out.append(Requirement("neutral", PEAK_LABELS["neutral"], game.neutral_deck.size, "neutral_armies",
                               mark("neutral_armies")))
    if game.chests is not None:
        out.append(Requirement("chests", PEAK_LABELS["chests"], game.chests.count, "chests.count",
                               mark("chests", "count")))
    return out
