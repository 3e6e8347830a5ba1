"""Statistics over many played games: the numbers `pnp sim` prints, writes as JSON and plots.

Input: the per-game records made by `pnp.games.tverdzha.sim.observe` (plain dicts, in game-index order).
Output: one JSON-ready dict. Everything is computed from integers and rounded once, so the
same records always give the same bytes, whatever the number of workers that played them.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict

Z95 = 1.959963984540054  # two-sided 95 % normal quantile
QUANTILES = {"p50": 0.5, "p90": 0.9, "p99": 0.99, "p99.9": 0.999}
DIGITS = 4


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95 % by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def wilson_cc(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval with continuity correction (Newcombe 1998, method 4): close to
    the exact Clopper-Pearson interval, and like it conservative for counts near 0, where
    the plain Wilson bounds are too narrow to decide on (a kit check counts rare games)."""
    if trials <= 0:
        return (0.0, 1.0)
    n, p, zz = trials, successes / trials, z * z
    lo = (2 * n * p + zz - 1 - z * math.sqrt(zz - 2 - 1 / n + 4 * p * (n * (1 - p) + 1))) / (2 * (n + zz))
    hi = (2 * n * p + zz + 1 + z * math.sqrt(zz + 2 - 1 / n + 4 * p * (n * (1 - p) - 1))) / (2 * (n + zz))
    return (0.0 if successes == 0 else max(0.0, lo), 1.0 if successes == trials else min(1.0, hi))


def rate(successes: int, trials: int) -> dict:
    """{"n", "of", "rate", "ci95"}: a proportion with its Wilson interval, rounded."""
    lo, hi = wilson(successes, trials)
    return {"n": successes, "of": trials, "rate": _r(successes / trials if trials else 0.0),
            "ci95": [_r(lo), _r(hi)]}


def quantile(sorted_values: list[int | float], q: float):
    """Nearest-rank quantile: the smallest value with at least q of the sample at or below it."""
    if not sorted_values:
        return 0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def distribution(values, keys=("p50", "p90")) -> dict:
    """mean, the asked quantiles and max of a sample of numbers."""
    ordered = sorted(values)
    out = {"mean": _r(sum(ordered) / len(ordered)) if ordered else 0.0}
    for key in keys:
        out[key] = quantile(ordered, QUANTILES[key])
    out["max"] = ordered[-1] if ordered else 0
    return out


def peak(values) -> dict:
    """A component peak: how far up the per-game maxima go (p99, p99.9, max), and how many
    games reached each value ("games": value -> games, so that a check can count the games
    that needed more than any printed count)."""
    return distribution(values, keys=("p50", "p99", "p99.9")) | {"games": _histogram(values)}


def _r(x: float) -> float:
    return round(float(x), DIGITS)


# ---- the summary ------------------------------------------------------------------

def summarize(records: list[dict], players: tuple[str, str] = ("A", "B")) -> dict:
    """Every statistic of issue 3 from the per-game records."""
    n = len(records)
    return {
        "games": n,
        "seats": _seats(records, players),
        "agents": _agents(records),
        "victory_types": _victory_types(records),
        "length": {"rounds": distribution([r["rounds"] for r in records]),
                   "decisions": distribution([r["decisions"] for r in records]),
                   "rounds_histogram": _histogram([r["rounds"] for r in records])},
        "cap": _cap(records),
        "pairs": _pairs(records),
        "buildings": _buildings(records, players),
        "battle_cards": _cards(records),
        "battles": _battles(records),
        "peaks": _peaks(records),
    }


def _seats(records, players) -> dict:
    n = len(records)
    wins = Counter(r["winner"] for r in records)
    out = {p: rate(wins[p], n) for p in players} | {"none": rate(wins[None], n)}
    precision = SeatPrecision(players).add(records)
    for p, tally in precision.tallies.items():
        out[p]["ci95_pairs"] = tally.interval()
    return out


def pair_interval(records, won) -> list[float]:
    """A 95 % interval that treats each seat-swapped pair as one observation (the mean of its
    games), so any correlation between the two games of a pair widens it honestly."""
    tally = PairTally()
    tally.add(records, won)
    return tally.interval()


class PairTally:
    """Running sums over seat-swapped pairs of one yes/no outcome, pairs as the unit.

    A pair's value is counted in halves (0, 1 or 2: the mean of its games times 2; a pair
    cut short by an odd game count has one game, 0 or 2), so the sums are integers and the
    interval is the same however the records were added, a block at a time or all at once.
    Both games of a pair must come in one `add` (blocks never split a pair).
    """

    def __init__(self):
        self.pairs = self.total = self.squares = 0

    def add(self, records, won) -> None:
        by_pair = defaultdict(list)
        for r in records:
            by_pair[r["pair"]].append(bool(won(r)))
        for games in by_pair.values():
            value = 2 * sum(games) // len(games)
            self.pairs += 1
            self.total += value
            self.squares += value * value

    def mean(self) -> float:
        return self.total / (2 * self.pairs) if self.pairs else 0.0

    def half_width(self) -> float:
        """95 % half-width of the mean over pairs (normal approximation); inf below 2 pairs."""
        k = self.pairs
        if k < 2:
            return math.inf
        # sample variance of the pair means: (k*sum(v^2) - sum(v)^2) / (k (k-1)) / 4, v in halves
        return Z95 * math.sqrt((k * self.squares - self.total ** 2) / (k - 1)) / (2 * k)

    def interval(self) -> list[float]:
        if self.pairs < 2:
            return [0.0, 1.0]
        m, half = self.mean(), self.half_width()
        return [_r(max(0.0, m - half)), _r(min(1.0, m + half))]


class SeatPrecision:
    """How precisely the games so far estimate each seat's win rate: the pair half-widths."""

    def __init__(self, players):
        self.tallies = {p: PairTally() for p in players}

    def add(self, records) -> SeatPrecision:
        for p, tally in self.tallies.items():
            tally.add(records, lambda r, p=p: r["winner"] == p)
        return self

    def widest(self) -> tuple[float, str]:
        """(half-width, seat) of the least precise seat estimate."""
        return max((t.half_width(), p) for p, t in self.tallies.items())


def _agents(records) -> dict:
    """Wins by agent slot (slot 0 = the first name in --agents), whatever seat it sat in."""
    n = len(records)
    wins = Counter()
    for r in records:
        if r["winner"] is not None:
            wins[r["slots"][r["winner"]]] += 1
    names = records[0]["agent_names"] if records else []
    out = {"names": names, "wins": [rate(wins[i], n) for i in range(len(names))]}
    for i, r in enumerate(out["wins"]):
        r["ci95_pairs"] = pair_interval(
            records, lambda rec, i=i: rec["winner"] is not None and rec["slots"][rec["winner"]] == i)
    return out


def _victory_types(records) -> dict:
    n = len(records)
    kinds = Counter(r["victory"] for r in records)
    by_seat = Counter((r["victory"], r["winner"]) for r in records)
    out = {}
    for kind in sorted(kinds):
        out[kind] = rate(kinds[kind], n) | {
            "by_seat": {str(w): c for (k, w), c in sorted(by_seat.items(), key=str) if k == kind}}
    return out


def _cap(records) -> dict:
    n = len(records)
    capped = sum(1 for r in records if r["victory"] == "cap")
    out = rate(capped, n)
    out["problem"] = capped > 0
    out["reasons"] = dict(sorted(Counter(r.get("cap_reason", "?") for r in records if r["victory"] == "cap").items()))
    return out


def _pairs(records) -> dict:
    """Seat-swapped pairs: how often the same seat (or the same agent) won both games of a pair."""
    by_pair = defaultdict(list)
    for r in records:
        by_pair[r["pair"]].append(r)
    full = [g for g in by_pair.values() if len(g) == 2]
    same_seat = sum(1 for a, b in full if a["winner"] is not None and a["winner"] == b["winner"])
    same_agent = sum(1 for a, b in full if a["winner"] is not None and b["winner"] is not None
                     and a["slots"][a["winner"]] == b["slots"][b["winner"]])
    return {"pairs": len(full), "same_seat_won_both": same_seat, "same_agent_won_both": same_agent}


def _histogram(values) -> dict:
    counts = Counter(values)
    return {str(k): counts[k] for k in sorted(counts)}


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
        out[bid] = {"built": built[bid], "built_share": _r(built[bid] / player_games if player_games else 0),
                    "upgraded": upgraded[bid],
                    "win_when_built": rate(won_built[bid], built[bid]),
                    "win_when_upgraded": rate(won_upgraded[bid], upgraded[bid])}
    return out


def _cards(records) -> dict:
    """Per battle card: times played, and the battle win rate of the side that played it."""
    played, won = Counter(), Counter()
    ids = set()
    for r in records:
        for card, battle_won in r["cards"]:
            played[card] += 1
            won[card] += battle_won
        ids |= set(r.get("card_ids", ()))
    return {cid: {"played": played[cid], "battle_win": rate(won[cid], played[cid])}
            for cid in sorted(ids | set(played))}


def _battles(records) -> dict:
    total = sum(r["battles"]["count"] for r in records)
    attacker_won = sum(r["battles"]["attacker_won"] for r in records)
    no_card = sum(r["battles"]["sides_without_card"] for r in records)
    return {"count": total, "per_game": distribution([r["battles"]["count"] for r in records]),
            "attacker_won": rate(attacker_won, total), "sides_without_card": no_card}


def _peaks(records) -> dict:
    """Per-game maxima of every component count -> their distribution over games."""
    keys = sorted({k for r in records for k in r["peaks"]})
    return {k: peak([r["peaks"].get(k, 0) for r in records]) for k in keys}
