"""`pnp sim`: play many seeded games, print the balance and the component peaks.

Exit codes: 0 ok; 1 content problems, or (with --check-kit) a printed count below the
p99.9 peak; 2 usage error (unknown agent, unknown --forbid id, bad report extension, no
folder for --json or --report).
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from pathlib import Path

import click

from pnp.commands.common import load_checked, output_file, print_problems
from pnp.errors import has_errors


def run(content, *, games, seed, agents, workers, json_out, report, forbid, check_kit) -> int:
    from pnp.sim import agents as agent_mod
    from pnp.sim.ablation import UnknownId, forbid as forbid_ids

    try:
        specs = agent_mod.parse_specs(agents)
    except agent_mod.UnknownAgent as exc:
        return _usage(str(exc))
    if report is not None and report.suffix.lower() not in (".html", ".htm", ".pdf"):
        return _usage(f"--report {report.name}: expected a file name ending in .html or .pdf")
    output_file(json_out, "--json")  # before the games are played, not after
    output_file(report, "--report")
    game, _ = load_checked(content)
    if game is None:
        return 1
    try:
        played = forbid_ids(game, forbid)
    except UnknownId as exc:
        return _usage(str(exc))
    result = simulate(played, specs, games=games, seed=seed, workers=workers, forbid=forbid)
    click.echo(summary_text(result))
    return _outputs(game, result, json_out, report, check_kit)


def simulate(game, specs, *, games, seed, workers, forbid=()) -> dict:
    """Play and summarise, with a progress bar on a terminal; returns the JSON-ready result."""
    from pnp.sim.runner import play_many, result_document

    started = time.perf_counter()
    with _progress(games) as tick:
        records = play_many(game, specs, games=games, seed=seed, workers=workers, progress=tick)
    elapsed = time.perf_counter() - started
    click.echo(f"played {games} games in {elapsed:.1f} s ({games / elapsed:.0f} games/s, "
               f"{workers} worker{'s' if workers != 1 else ''})", err=True)
    return result_document(game, specs, records, seed=seed, forbid=forbid)


@contextlib.contextmanager
def _progress(total: int):
    """A click progress bar on stderr when it is a terminal; a no-op when piped."""
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    with click.progressbar(length=total, label="simulating", file=sys.stderr) as bar:
        yield bar.update


def _outputs(game, result: dict, json_out: Path | None, report: Path | None, check_kit: bool) -> int:
    from pnp.sim.kit import check_kit as kit_check

    problems = kit_check(game, result)
    if json_out is not None:
        json_out.write_text(json.dumps(result, ensure_ascii=False, sort_keys=True, indent=1) + "\n",
                            encoding="utf-8")
    if report is not None:
        from pnp.sim.report import write_report

        write_report(report, result, game, problems)
    if check_kit:
        print_problems(problems)
        if has_errors(problems):
            click.echo("pnp: the printed components do not cover the simulated p99.9 peaks", err=True)
            return 1
        click.echo("kit check: every printed count covers the p99.9 peak", err=True)
    return 0


def _usage(message: str) -> int:
    click.echo(f"pnp sim: {message}", err=True)
    return 2


def summary_text(result: dict) -> str:
    """The few lines a designer reads first."""
    st = result["stats"]
    lines = [f"{st['games']} games, agents {', '.join(result['meta']['agents'])}, seed {result['meta']['seed']}"]
    for seat in ("A", "B"):
        r = st["seats"][seat]
        lines.append(f"  seat {seat} wins {_pct(r)}")
    names = st["agents"]["names"]
    if len(set(names)) > 1:
        for name, r in zip(names, st["agents"]["wins"]):
            lines.append(f"  {name} wins {_pct(r)}")
    lines.append("  victory: " + ", ".join(f"{k} {v['rate']:.1%}" for k, v in st["victory_types"].items()))
    rounds = st["length"]["rounds"]
    lines.append(f"  rounds: mean {rounds['mean']}, p50 {rounds['p50']}, p90 {rounds['p90']}, max {rounds['max']}")
    cap = st["cap"]
    lines.append(f"  safety cap hit: {cap['n']} of {cap['of']}" + (" (a rules problem!)" if cap["n"] else ""))
    lines.append("  peaks (p99 / p99.9 / max): " + "; ".join(
        f"{k} {v['p99']}/{v['p99.9']}/{v['max']}" for k, v in st["peaks"].items()
        if k in ("tokens", "hand", "battle_dice", "side_dice")))
    return "\n".join(lines)


def _pct(r: dict) -> str:
    return f"{r['rate']:.1%} (95 % CI {r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}, {r['n']}/{r['of']})"
