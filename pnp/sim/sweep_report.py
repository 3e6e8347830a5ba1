"""What `pnp sweep` prints and reports: one row per variant, from its `pnp sim` result.

Per variant: every seat's (or role's) win rate with its 95 % interval (seat-rotated groups
as the unit: the honest one for common-seed games), the share of games nobody won, game
length (rounds: mean, p90, max) and the game's headline component peaks (p99 / max). The
same rows make the text table, the report's table and its plot; the report (HTML or PDF,
by extension) is written by pnp.sim.report's writers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pnp.core.safeio import write_atomic
from pnp.sim import plots
from pnp.sim.hooks import Simulation
from pnp.sim.plots import percent
from pnp.sim.report import to_html
from pnp.sim.report_pdf import to_pdf


def names(doc: dict) -> list[str]:
    """A column name for each swept path: its last two keys, or more where two would clash."""
    paths = [s["path"].split(".") for s in doc["meta"]["settings"]]
    out = []
    for parts in paths:
        depth = min(2, len(parts))
        while depth < len(parts) and sum(p[-depth:] == parts[-depth:] for p in paths) > 1:
            depth += 1
        out.append(".".join(parts[-depth:]))
    return out


def header(doc: dict, headline_peaks=()) -> list[str]:
    roles = doc["meta"]["roles"]
    return ([*names(doc), "games", *(f"{r} wins [95 %]" for r in roles), "no winner", "rounds mean/p90/max"]
            + [f"{k} p99/max" for k in headline_peaks])


def rows(doc: dict, headline_peaks=()) -> list[list[str]]:
    """One row per variant: its values, then its figures; a refused one says so in their place."""
    roles = doc["meta"]["roles"]
    out = []
    for v in doc["variants"]:
        values = [_value(value) for _, value in v["set"]]
        if not v["played"]:
            out.append([*values, "0", "refused", *([""] * (len(roles) + 1 + len(headline_peaks)))])
            continue
        st = v["result"]["stats"]
        seats = st["seats"]
        rounds = st["length"]["rounds"]
        out.append([*values, str(st["games"]), *(_rate(seats[r]) for r in roles), percent(seats["none"]["rate"]),
                    f"{rounds['mean']:.1f}/{rounds['p90']}/{rounds['max']}",
                    *(_peak(st["peaks"].get(k)) for k in headline_peaks)])
    return out


def _value(value) -> str:
    return json.dumps(value, ensure_ascii=False) if isinstance(value, bool) or value is None else str(value)


def _rate(r: dict) -> str:
    lo, hi = r["ci95_pairs"]
    return f"{percent(r['rate'])} [{percent(lo)}, {percent(hi)}]"


def _peak(p: dict | None) -> str:
    return "—" if p is None else f"{p['p99']}/{p['max']}"


def text(doc: dict, headline_peaks=()) -> str:
    """The table as aligned plain text, with the refusals' count under it."""
    table = [header(doc, headline_peaks)] + rows(doc, headline_peaks)
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    lines = ["  ".join(cell.rjust(w) for cell, w in zip(row, widths)).rstrip() for row in table]
    meta = doc["meta"]
    first = (f"{len(doc['variants'])} variants x {meta['games']} games, agents {', '.join(meta['agents'])}, "
             f"seed {meta['seed']} (the same seeds for every variant)")
    return "\n".join([first, *lines])


def blocks(doc: dict, simulation: Simulation) -> list[tuple]:
    """The report: what was swept, the balance plot, the table, and each variant's departures
    from the original rules and refusals."""
    meta, peaks = doc["meta"], simulation.headline_peaks
    swept = "; ".join(f"{s['path']} = {', '.join(map(str, s['values']))}" for s in meta["settings"])
    out: list[tuple] = [
        ("p", f"Swept: {swept}. Every variant plays the same {meta['games']} games (seed {meta['seed']}, "
              f"agents {', '.join(meta['agents'])}, seat-rotated on common seeds); the intervals count each "
              f"seat-rotated group as one observation. Base content sha256 {meta['content_sha256'][:12]}."),
        ("h", "Balance per variant"),
    ]
    played = [v for v in doc["variants"] if v["played"]]
    if played:
        out.append(("fig", _balance_plot(doc, played, meta["roles"])))
    keys = len(meta["settings"])
    balance = header(doc)
    out.append(("table", balance, rows(doc)))
    if peaks:
        out += [("h", "Component peaks per variant"),
                ("table", header(doc, peaks)[:keys] + header(doc, peaks)[len(balance):],
                 [row[:keys] + row[len(balance):] for row in rows(doc, peaks)])]
    for v in doc["variants"]:
        if v["departures"]:
            out.append(("p", f"{v['label']}: departs from the original rules (played on purpose): "
                             + "; ".join(p["message"] for p in v["departures"])))
        if not v["played"]:
            out.append(("warn", f"{v['label']}: refused, not played: "
                                + "; ".join(f"{p['line']}:{p['col']}: {p['message']} [{p['code']}]" for p in v["problems"])))
    return out


def _balance_plot(doc: dict, played: list[dict], roles) -> plots.Figure:
    columns = names(doc)
    rows = []
    for v in played:
        for role in roles:
            r = v["result"]["stats"]["seats"][role]
            values = ", ".join(f"{name}={_value(value)}" for name, (_, value) in zip(columns, v["set"]))
            rows.append((f"{role}: {values}", r["rate"], *r["ci95_pairs"]))
    width = max(len(label) for label, *_ in rows) * 4.6 + 12  # 9 pt labels, about 4.6 pt a character
    return plots.interval_plot(rows, "Win rates per variant, 95 % pair-clustered intervals",
                               width=480 + max(0.0, width - 150), label_width=max(150.0, width))


def write(path: Path, doc: dict, game: Any, simulation: Simulation) -> None:
    """The report as .html/.htm or .pdf (the command has checked the extension)."""
    title = f"{game.title.get(game.languages[0])}: sweep report"
    content = blocks(doc, simulation)
    if path.suffix.lower() == ".pdf":
        write_atomic(path, to_pdf(content, title))
    else:
        write_atomic(path, to_html(content, title))
