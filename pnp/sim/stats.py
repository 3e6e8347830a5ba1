"""Statistics over many played games: the numbers `pnp sim` prints, writes as JSON and plots.

Input: the per-game records made by pnp.sim.runner (plain dicts, in game-index order; a
pnp.sim.records.RecordStore unpacks each as it is read, so a statistic keeps the numbers it
needs from a record, never the record).
Output: one JSON-ready dict of what every game has (seats, agents, victory types, length,
cap, seat-rotated groups, component peaks); the game's own statistics come from its
Simulation.summarize. Everything is computed from integers and rounded once, so the
same records always give the same bytes, whatever the number of workers that played them.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from fractions import Fraction

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
    return {"n": successes, "of": trials, "rate": rounded(successes / trials if trials else 0.0),
            "ci95": [rounded(lo), rounded(hi)]}


def quantile(sorted_values: list[int | float], q: float):
    """Nearest-rank quantile: the smallest value with at least q of the sample at or below it."""
    if not sorted_values:
        return 0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def distribution(values, keys=("p50", "p90")) -> dict:
    """mean, the asked quantiles and max of a sample of numbers."""
    ordered = sorted(values)
    out = {"mean": rounded(sum(ordered) / len(ordered)) if ordered else 0.0}
    for key in keys:
        out[key] = quantile(ordered, QUANTILES[key])
    out["max"] = ordered[-1] if ordered else 0
    return out


def peak(values) -> dict:
    """A component peak: how far up the per-game maxima go (p99, p99.9, max), and how many
    games reached each value ("games": value -> games, so that a check can count the games
    that needed more than any printed count)."""
    return distribution(values, keys=("p50", "p99", "p99.9")) | {"games": _histogram(values)}


def rounded(x: float) -> float:
    """A statistic as the JSON carries it: DIGITS decimals."""
    return round(float(x), DIGITS)


# ---- the summary ------------------------------------------------------------------

def summarize(records: Sequence[dict], players: tuple[str, ...]) -> dict:
    """The general statistics of the per-game records; `players`: the seats' names."""
    return {
        "games": len(records),
        "seats": _seats(records, players),
        "agents": _agents(records),
        "victory_types": _victory_types(records),
        "length": {"rounds": distribution([r["rounds"] for r in records]),
                   "decisions": distribution([r["decisions"] for r in records]),
                   "rounds_histogram": _histogram([r["rounds"] for r in records])},
        "cap": _cap(records),
        "pairs": _pairs(records),
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
    """A 95 % interval that treats each seat-rotated group as one observation (the mean of
    its games), so any correlation between the games of a group widens it honestly."""
    tally = PairTally(_seat_count(records))
    tally.add(records, won)
    return tally.interval()


def grouped_rate(groups: Sequence[tuple[int, int]]) -> dict:
    """A rate over seat-rotated groups, each given as (successes, trials) — e.g. a race's wins over the
    games it played in each group — with a 95 % interval that takes the group as the unit (a ratio
    estimator, its variance from the spread of the groups: the delta method). The games of a group share
    their chance draws, so they are not independent; treating them as such would narrow the interval."""
    won = sum(w for w, _ in groups)
    played = sum(p for _, p in groups)
    out = {"n": won, "of": played, "rate": rounded(won / played) if played else 0.0, "groups": len(groups)}
    k = len(groups)
    if k < 2 or not played:
        return out | {"ci95": [0.0, 1.0]}
    r = won / played
    spread = sum((w - r * p) ** 2 for w, p in groups) * k / (k - 1)
    half = Z95 * math.sqrt(spread) / played
    return out | {"ci95": [rounded(max(0.0, r - half)), rounded(min(1.0, r + half))]}


def _seat_count(records) -> int:
    return len(records[0]["slots"]) if records else 2


class PairTally:
    """Running sums over seat-rotated groups (pairs, for two seats) of one yes/no outcome,
    groups as the unit.

    A group's value is counted in units of 1/n for n seats (the mean of its games times n:
    0 .. n for a full group), exactly (a group cut short by the game count has fewer
    games), so the interval is the same however the records were added, a block at a time
    or all at once. Every game of a group must come in one `add` (blocks never split one).
    """

    def __init__(self, seats: int = 2):
        self.seats = seats
        self.pairs = 0
        self.total = self.squares = Fraction(0)

    def add(self, records, won) -> None:
        by_pair = defaultdict(list)
        for r in records:
            by_pair[r["pair"]].append(bool(won(r)))
        for games in by_pair.values():
            value = Fraction(self.seats * sum(games), len(games))
            self.pairs += 1
            self.total += value
            self.squares += value * value

    def mean(self) -> float:
        return float(self.total / (self.seats * self.pairs)) if self.pairs else 0.0

    def half_width(self) -> float:
        """95 % half-width of the mean over groups (normal approximation); inf below 2 groups."""
        k = self.pairs
        if k < 2:
            return math.inf
        # sample variance of the group means: (k*sum(v^2) - sum(v)^2) / (k (k-1)) / n^2, v in 1/n
        return Z95 * math.sqrt((k * self.squares - self.total ** 2) / (k - 1)) / (self.seats * k)

    def interval(self) -> list[float]:
        if self.pairs < 2:
            return [0.0, 1.0]
        m, half = self.mean(), self.half_width()
        return [rounded(max(0.0, m - half)), rounded(min(1.0, m + half))]


class SeatPrecision:
    """How precisely the games so far estimate each seat's win rate: the pair half-widths."""

    def __init__(self, players):
        self.tallies = {p: PairTally(len(players)) for p in players}

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
    """Seat-rotated groups (pairs, for two seats): how often the same seat (or the same
    agent) won every game of a group ("both" of a pair)."""
    by_pair = defaultdict(list)  # pair -> (winner, the winner's agent slot) of each game, not the records
    for r in records:
        won = r["winner"]
        by_pair[r["pair"]].append((won, None if won is None else r["slots"][won]))
    seats = _seat_count(records)
    full = [g for g in by_pair.values() if len(g) == seats]
    same_seat = sum(1 for g in full if g[0][0] is not None and all(won == g[0][0] for won, _ in g))
    same_agent = sum(1 for g in full if all(won is not None for won, _ in g) and len({slot for _, slot in g}) == 1)
    return {"pairs": len(full), "same_seat_won_both": same_seat, "same_agent_won_both": same_agent}


def _histogram(values) -> dict:
    counts = Counter(values)
    return {str(k): counts[k] for k in sorted(counts)}


def _peaks(records) -> dict:
    """Per-game maxima of every component count -> their distribution over games."""
    keys = sorted({k for r in records for k in r["peaks"]})
    return {k: peak([r["peaks"].get(k, 0) for r in records]) for k in keys}
