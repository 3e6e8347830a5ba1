"""The simulation report (`pnp sim --report F`): HTML (self-contained, inline SVG) or PDF.

The report is assembled once as a list of blocks (heading, paragraph, warning, figure,
table) from the `pnp sim --json` result, then written by the writer the extension picks.
It is for the designer, so it is in English. The sections every game has (balance, length,
component peaks) are made here; the game's own (its Simulation.report_sections), its peak
labels and cap reasons come from the game, with the names of its parts from its model.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from typing import Any, Callable

from pnp.core.safeio import write_atomic
from pnp.sim import plots
from pnp.sim.hooks import Simulation
from pnp.sim.plots import percent
from pnp.sim.report_pdf import to_pdf

class UnsupportedFormat(ValueError):
    pass


def write_report(path: Path, sim: dict, game: Any, simulation: Simulation, kit_problems=()) -> None:
    """Write the report for `sim` (the JSON result) to `path`; .html/.htm or .pdf."""
    path = Path(path)
    blocks = build_blocks(sim, game, simulation, kit_problems)
    suffix = path.suffix.lower()
    if suffix in (".html", ".htm"):
        write_atomic(path, to_html(blocks, _title(game)))
    elif suffix == ".pdf":
        write_atomic(path, to_pdf(blocks, _title(game)))
    else:
        raise UnsupportedFormat(f"--report {path.name}: expected a .html or .pdf file name")


def _title(game) -> str:
    return f"{game.title.get(game.languages[0])}: simulation report"


def _pair_ci(r: dict) -> str:
    lo, hi = r.get("ci95_pairs", (0.0, 1.0))
    return f"[{percent(lo)}, {percent(hi)}]"


def ci_text(r: dict) -> str:
    """A rate with its 95 % Wilson interval, for a table cell ("—" for no trials)."""
    return f"{percent(r['rate'])} [{percent(r['ci95'][0])}, {percent(r['ci95'][1])}]" if r["of"] else "—"


# ---- blocks ------------------------------------------------------------------------

def build_blocks(sim: dict, game: Any, simulation: Simulation, kit_problems=()) -> list[tuple]:
    meta, st = sim["meta"], sim["stats"]
    blocks: list[tuple] = [("p", _meta_line(meta, st, simulation))]
    blocks += _balance(st, simulation)
    blocks += _length(st)
    blocks += simulation.report_sections(st, game)
    blocks += _peaks(st, simulation, sim.get("kit"), kit_problems)
    return blocks


def _meta_line(meta: dict, st: dict, simulation: Simulation) -> str:
    forbid = f"; forbidden: {', '.join(meta['forbid'])}" if meta.get("forbid") else ""
    return (f"{st['games']} games, seed {meta['seed']}, agents {', '.join(meta['agents'])} "
            f"(seat-rotated games on common seeds){forbid}; safety cap {meta['cap_rounds']} rounds; "
            f"content sha256 {meta.get('content_sha256', '')[:12]}. {stop_line(meta['stop'], simulation.seat_label)}")


def stop_line(stop: dict, label: Callable[[str], str]) -> str:
    """How many games, why, and how precise the seat estimates came out (`pnp sim` prints it too);
    `label` names a seat as the game does (its Simulation's `seat_label`: "seat A", "defender")."""
    half = "not known (fewer than 2 pairs)" if stop["half_width_pp"] is None else f"±{stop['half_width_pp']:.2f} pp"
    reached = (f"The seat win rates are known to {half} (95 %, each seat-rotated group one observation; "
               f"widest: {label(stop['widest'])})")
    if stop["rule"] == "games":
        return f"{reached}, from the {stop['games']} games asked for."
    if stop["reason"] == "precision":
        return (f"{reached}: the run played blocks of games until every seat's half-width was at most "
                f"±{stop['target_pp']:g} pp, and stopped there after {stop['games']} games.")
    return (f"{reached}: the run was to play until ±{stop['target_pp']:g} pp, and stopped at its cap of "
            f"{stop['max_games']} games before it got there.")


def _balance(st: dict, simulation: Simulation) -> list[tuple]:
    seats = st["seats"]
    players = [p for p in seats if p != "none"]
    rows = [(f"{simulation.seat_label(p)} wins", seats[p]["rate"], *seats[p]["ci95"]) for p in players]
    agents = st["agents"]
    if len(set(agents["names"])) > 1:
        rows += [(f"{name} (slot {i + 1}) wins", r["rate"], *r["ci95"])
                 for i, (name, r) in enumerate(zip(agents["names"], agents["wins"]))]
    out = [("h", "Balance"), ("fig", plots.interval_plot(rows, "Win rates with 95 % Wilson intervals"))]
    table = [[simulation.seat_label(p), seats[p]["n"], ci_text(seats[p]), _pair_ci(seats[p])] for p in players]
    if len(set(agents["names"])) > 1:
        table += [[name, r["n"], ci_text(r), _pair_ci(r)] for name, r in zip(agents["names"], agents["wins"])]
    out.append(("table", ["wins", "games", "rate [95 % Wilson]", "95 % pair-clustered"], table))
    vt = st["victory_types"]
    out.append(("table", ["victory type", "games", "share [95 %]", "by winning seat"],
                [[k, v["n"], ci_text(v), ", ".join(f"{s}: {n}" for s, n in v["by_seat"].items())] for k, v in vt.items()]))
    cap = st["cap"]
    if cap["n"]:
        reasons = ", ".join(f"{simulation.cap_reasons.get(k, k)}: {v}" for k, v in cap.get("reasons", {}).items())
        out.append(("warn", f"{cap['n']} of {cap['of']} games ({percent(cap['rate'], 2)}) hit the safety cap: "
                            f"the rules let a game stall ({reasons}). This is a rules problem, not noise."))
    else:
        out.append(("p", "No game hit the safety cap."))
    pairs = st["pairs"]
    out.append(("p", f"Seat-rotated groups: {pairs['pairs']}; the same seat won all their games in "
                     f"{pairs['same_seat_won_both']}, the same agent in {pairs['same_agent_won_both']}."))
    return out


def _length(st: dict) -> list[tuple]:
    ln = st["length"]
    rows = [[k, v["mean"], v["p50"], v["p90"], v["max"]] for k, v in (("rounds", ln["rounds"]),
                                                                    ("decisions", ln["decisions"]))]
    hist = {int(k): v for k, v in ln["rounds_histogram"].items()}
    r = ln["rounds"]
    marks = {"mean": r["mean"], "p90": r["p90"]}
    if st["cap"]["n"]:
        marks["cap"] = max(hist)
    fig = plots.histogram(hist, "Game length", "rounds per game (games stopped by the safety cap at the right)",
                          marks=marks)
    return [("h", "Game length"), ("table", ["per game", "mean", "p50", "p90", "max"], rows), ("fig", fig)]


def _peaks(st: dict, simulation: Simulation, kit: dict | None, kit_problems) -> list[tuple]:
    counts = (kit or {}).get("counts", {})
    rows = [[simulation.peak_label(k), v["p50"], v["p99"], v["p99.9"], v["max"], *_kit_cells(counts.get(k))]
            for k, v in sorted(st["peaks"].items(), key=lambda kv: simulation.peak_rank(kv[0]))]
    out = [("h", "Component peaks"),
           ("p", "Per game, the largest count reached; across games: the median, p99, p99.9 and maximum. "
                 "'kit' is the printed count the peak is checked against; "
                 "'over' the games that needed more than it, with a 95 % interval on the rate of such games."),
           ("table", ["component", "p50", "p99", "p99.9", "max", "kit", "over", "rate [95 %]", "verdict"], rows)]
    if kit:
        out.append(("p", f"Kit target: {kit['target']}. A count is short when even the lower bound of the "
                         f"{kit['interval']} is above the target, covered when the upper bound is within "
                         "it, and otherwise undecided: more games would tell."))
    for problem in kit_problems:
        out.append(("warn", problem.format()))
    if not kit_problems:
        out.append(("p", "The kit check found no shortfall."))
    return out


def _kit_cells(c: dict | None) -> list:
    if c is None:
        return ["", "", "", ""]
    lo, hi = c["ci95"]
    return [c["printed"], c["games_over"], f"{percent(c['rate'], 2)} [{percent(lo, 2)}, {percent(hi, 2)}]", c["verdict"]]


# ---- HTML --------------------------------------------------------------------------

CSS = """body{font-family:'PT Sans',sans-serif;max-width:60em;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}
td:first-child,th:first-child{text-align:left}th{background:#eee}.warn{background:#fdecea;border-left:4px solid #c0392b;padding:.5em}"""


def to_html(blocks: list[tuple], title: str) -> str:
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>{escape(title)}</title><style>{CSS}</style></head><body>", f"<h1>{escape(title)}</h1>"]
    for block in blocks:
        kind = block[0]
        if kind == "h":
            parts.append(f"<h2>{escape(block[1])}</h2>")
        elif kind == "p":
            parts.append(f"<p>{escape(block[1])}</p>")
        elif kind == "warn":
            parts.append(f'<p class="warn">{escape(block[1])}</p>')
        elif kind == "fig":
            parts.append(f"<figure>{plots.to_svg(block[1])}</figure>")
        elif kind == "table":
            parts.append(_html_table(block[1], block[2]))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _html_table(header, rows) -> str:
    head = "".join(f"<th>{escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
