"""The simulation report (`pnp sim --report F`): HTML (self-contained, inline SVG) or PDF.

The report is assembled once as a list of blocks (heading, paragraph, warning, figure,
table) from the `pnp sim --json` result, then written by the writer the extension picks.
It is for the designer, so it is in English; building and card names come from the model.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from pnp.sim import plots
from pnp.sim.plots import percent

PEAK_LABELS = {
    "tokens": "unit tokens one player needs (table + wounded)",
    "units": "units one player has on the table",
    "wounded": "wounded units one player holds",
    "hand": "battle cards in one hand",
    "battle_dice": "dice rolled at once in one battle (both sides)",
    "side_dice": "dice one side rolls in one battle",
    "reshuffles": "battle-deck reshuffles per game",
    "market_exhausted": "market deck exhaustions per game",
    "buildings": "buildings one player owns",
    "score": "points one player reaches",
    "lands": "lands one player holds",
}


def peak_label(key: str) -> str:
    if key.startswith("units_s"):
        return f"units of strength {key[7:]} one player has"
    if key.startswith("res_"):
        return f"{key[4:]} one player holds"
    return PEAK_LABELS.get(key, key)


CAP_REASONS = {
    "both_without_units": "both armies gone, nobody can hire",
    "one_without_units": "one army gone, the other cannot finish",
    "armies_standing": "both armies standing, no progress",
}


class UnsupportedFormat(ValueError):
    pass


def write_report(path: Path, sim: dict, game=None, kit_problems=()) -> None:
    """Write the report for `sim` (the JSON result) to `path`; .html/.htm or .pdf."""
    path = Path(path)
    blocks = build_blocks(sim, game, kit_problems)
    suffix = path.suffix.lower()
    if suffix in (".html", ".htm"):
        path.write_text(to_html(blocks, _title(sim, game)), encoding="utf-8")
    elif suffix == ".pdf":
        from pnp.sim.report_pdf import to_pdf

        path.write_bytes(to_pdf(blocks, _title(sim, game)))
    else:
        raise UnsupportedFormat(f"--report {path.name}: expected a .html or .pdf file name")


def _title(sim: dict, game) -> str:
    name = game.title.get("uk") if game is not None else sim["meta"].get("game", "game")
    return f"{name}: simulation report"


def _name(game, kind: str, item_id: str) -> str:
    if game is None:
        return item_id
    try:
        obj = game.building(item_id) if kind == "building" else game.battle_card(item_id)
        return f"{obj.name.get('uk')} ({item_id})"
    except KeyError:
        return item_id


def _pair_ci(r: dict) -> str:
    lo, hi = r.get("ci95_pairs", (0.0, 1.0))
    return f"[{percent(lo)}, {percent(hi)}]"


def _ci(r: dict) -> str:
    return f"{percent(r['rate'])} [{percent(r['ci95'][0])}, {percent(r['ci95'][1])}]" if r["of"] else "—"


# ---- blocks ------------------------------------------------------------------------

def build_blocks(sim: dict, game=None, kit_problems=()) -> list[tuple]:
    meta, st = sim["meta"], sim["stats"]
    blocks: list[tuple] = [("p", _meta_line(meta, st))]
    blocks += _balance(st)
    blocks += _length(st)
    blocks += _buildings(st, game)
    blocks += _cards(st, game)
    blocks += _peaks(st, sim.get("kit"), kit_problems)
    return blocks


def _meta_line(meta: dict, st: dict) -> str:
    forbid = f"; forbidden: {', '.join(meta['forbid'])}" if meta.get("forbid") else ""
    return (f"{st['games']} games, seed {meta['seed']}, agents {', '.join(meta['agents'])} "
            f"(seat-swapped pairs on common seeds){forbid}; safety cap {meta['cap_rounds']} rounds; "
            f"content sha256 {meta.get('content_sha256', '')[:12]}. {stop_line(meta['stop'])}")


def stop_line(stop: dict) -> str:
    """How many games, why, and how precise the seat estimates came out (`pnp sim` prints it too)."""
    half = "not known (fewer than 2 pairs)" if stop["half_width_pp"] is None else f"±{stop['half_width_pp']:.2f} pp"
    reached = (f"The seat win rates are known to {half} (95 %, each seat-swapped pair one observation; "
               f"widest: seat {stop['widest']})")
    if stop["rule"] == "games":
        return f"{reached}, from the {stop['games']} games asked for."
    if stop["reason"] == "precision":
        return (f"{reached}: the run played blocks of games until every seat's half-width was at most "
                f"±{stop['target_pp']:g} pp, and stopped there after {stop['games']} games.")
    return (f"{reached}: the run was to play until ±{stop['target_pp']:g} pp, and stopped at its cap of "
            f"{stop['max_games']} games before it got there.")


def _balance(st: dict) -> list[tuple]:
    seats = st["seats"]
    players = [p for p in seats if p != "none"]
    rows = [(f"seat {p} wins", seats[p]["rate"], *seats[p]["ci95"]) for p in players]
    agents = st["agents"]
    if len(set(agents["names"])) > 1:
        rows += [(f"{name} (slot {i + 1}) wins", r["rate"], *r["ci95"])
                 for i, (name, r) in enumerate(zip(agents["names"], agents["wins"]))]
    out = [("h", "Balance"), ("fig", plots.interval_plot(rows, "Win rates with 95 % Wilson intervals"))]
    table = [[f"seat {p}", seats[p]["n"], _ci(seats[p]), _pair_ci(seats[p])] for p in players]
    if len(set(agents["names"])) > 1:
        table += [[name, r["n"], _ci(r), _pair_ci(r)] for name, r in zip(agents["names"], agents["wins"])]
    out.append(("table", ["wins", "games", "rate [95 % Wilson]", "95 % pair-clustered"], table))
    vt = st["victory_types"]
    out.append(("table", ["victory type", "games", "share [95 %]", "by winning seat"],
                [[k, v["n"], _ci(v), ", ".join(f"{s}: {n}" for s, n in v["by_seat"].items())] for k, v in vt.items()]))
    cap = st["cap"]
    if cap["n"]:
        reasons = ", ".join(f"{CAP_REASONS.get(k, k)}: {v}" for k, v in cap.get("reasons", {}).items())
        out.append(("warn", f"{cap['n']} of {cap['of']} games ({percent(cap['rate'], 2)}) hit the safety cap: "
                            f"the rules let a game stall ({reasons}). This is a rules problem, not noise."))
    else:
        out.append(("p", "No game hit the safety cap."))
    pairs = st["pairs"]
    out.append(("p", f"Seat-swapped pairs: {pairs['pairs']}; the same seat won both games in "
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


def _buildings(st: dict, game) -> list[tuple]:
    rows = [[_name(game, "building", bid), b["built"], percent(b['built_share']), b["upgraded"],
             _ci(b["win_when_built"]), _ci(b["win_when_upgraded"])]
            for bid, b in st["buildings"].items()]
    return [("h", "Buildings"),
            ("p", "Built and upgraded count player-games (each player once per game); the win rate is "
                  "that of the player who built it."),
            ("table", ["building", "built", "of player-games", "upgraded", "win when built", "win when upgraded"],
             rows)]


def _cards(st: dict, game) -> list[tuple]:
    rows = [[_name(game, "card", cid), c["played"], _ci(c["battle_win"])] for cid, c in st["battle_cards"].items()]
    b = st["battles"]
    return [("h", "Battle cards"),
            ("p", f"{b['count']} battles ({b['per_game']['mean']} per game); the attacker won {_ci(b['attacker_won'])}; "
                  f"{b['sides_without_card']} sides played no card."),
            ("table", ["battle card", "played", "battle won by its player"], rows)]


PEAK_ORDER = ("tokens", "units", "units_s", "wounded", "battle_dice", "side_dice", "hand", "res_", "reshuffles",
              "market_exhausted", "buildings", "lands", "score")


def _peak_rank(key: str) -> tuple:
    for i, prefix in enumerate(PEAK_ORDER):
        if key == prefix or (prefix.endswith(("_s", "_")) and key.startswith(prefix)):
            return (i, key)
    return (len(PEAK_ORDER), key)


def _peaks(st: dict, kit: dict | None, kit_problems) -> list[tuple]:
    counts = (kit or {}).get("counts", {})
    rows = [[peak_label(k), v["p50"], v["p99"], v["p99.9"], v["max"], *_kit_cells(counts.get(k))]
            for k, v in sorted(st["peaks"].items(), key=lambda kv: _peak_rank(kv[0]))]
    out = [("h", "Component peaks"),
           ("p", "Per game, the largest count reached; across games: the median, p99, p99.9 and maximum. "
                 "'kit' is the printed count the peak is checked against (dice: per side, one colour each); "
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
