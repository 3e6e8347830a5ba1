"""`pnp sim`: play many seeded games, print the balance and the component peaks.

`--games N` plays N games; `--precision PP` plays blocks of games until every seat's 95 %
half-width (seat-swapped pairs as the unit) is at most PP percentage points, or
`--max-games` are played (default MAX_GAMES). Exit codes: 0 ok; 1 content problems, or
(with --check-kit) a printed count short of the kit target; 2 usage error (unknown agent,
unknown --forbid id, bad report extension, no folder for --json or --report, --games with
--precision, --max-games without it, a start method the platform lacks).
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import sys
import time
from pathlib import Path

import click

from pnp.commands.common import content_path, load_checked, output_file, print_problems
from pnp.core.errors import UserError, has_errors
from pnp.core.safeio import write_atomic
from pnp.games import pack_of, simulation_of
from pnp.sim.report import stop_line, write_report
from pnp.sim.hooks import BadOption, UnknownAgent, UnknownId, parse_specs
from pnp.sim.kit_check import assessment, check_kit as kit_check
from pnp.sim.runner import default_workers, play_many, play_until, result_document
from pnp.sim.source import GameSource

GAMES = 1000  # without --precision
MAX_GAMES = 100_000  # the cap of a --precision run: about ±0.5 pp for an even game


def run(content, *, games, seed, agents, workers, json_out, report, forbid, check_kit,
        precision=None, max_games=None, start_method=None, options=None) -> int:
    if precision is not None and games is not None:
        return _usage("--games and --precision exclude each other: a --precision run plays until it is as "
                      "precise as asked; --max-games caps it")
    if precision is None and max_games is not None:
        return _usage("--max-games caps a --precision run; for a fixed number of games give --games N")
    problem = run_options_problem(start_method, json_out, report)
    if problem:
        return _usage(problem)
    try:
        ready = prepare(content, agents, forbid, options or {})
    except (UnknownAgent, BadOption) as exc:
        return _usage(str(exc))
    if ready is None:
        return 1
    game, sim, specs, source = ready
    try:
        source.game()
    except UnknownId as exc:
        return _usage(str(exc))
    run_plan = dict(seed=seed, workers=workers or default_workers(), start_method=start_method)
    if precision is None:
        result = simulate(source, specs, games=games or GAMES, **run_plan)
    else:
        result = simulate(source, specs, precision=precision / 100, max_games=max_games or MAX_GAMES, **run_plan)
    _add_kit(game, result)
    click.echo(summary_text(result, sim))
    warning = all_capped_warning(result)
    if warning:
        click.echo(warning, err=True)
    return _outputs(game, result, json_out, report, check_kit)


def all_capped_warning(result: dict) -> str | None:
    """One loud line when no game ended before the safety cap: then no figure above says anything.

    `pnp check` refuses content no game can end on (for «Оборона Замка»: an attacker who cannot
    reach the castle), so on checked content this is the agents' doing (random agents often wander
    for ever); the run is still a valid measurement of those agents, hence a warning, not a failure.
    """
    cap = result["stats"]["cap"]
    if not cap["of"] or cap["n"] < cap["of"]:
        return None
    return (f"pnp sim: warning: every game ({cap['n']} of {cap['of']}) hit the safety cap of "
            f"{result['meta']['cap_rounds']} rounds and none ended: the win rates above measure nothing")


def prepare(content, agents: str | None, forbid=(), options=None) -> tuple | None:
    """(the checked model, its Simulation, the agent specs, the GameSource tasks carry), or
    None when the content has problems (printed); UnknownAgent for an agent it lacks, BadOption for a
    game option (`GamePack.sim_options`) the game does not take or cannot play."""
    game, _ = load_checked(content)
    if game is None:
        return None
    sim = configured(simulation(game), pack_of(game), options or {})
    specs = parse_specs(agents, sim, sim.roles(game))
    source = GameSource.read(content_path(content), sim, forbid)
    if source.sha256 != game.sha256:
        raise UserError(f"{source.path} changed while pnp read it; run the command again")
    return game, sim, specs, source


def configured(sim, pack, options: dict):
    """The game's Simulation for the game options given (`GamePack.sim_options`); one it does not declare
    is a BadOption."""
    own = {option.key for option in pack.sim_options}
    other = sorted(key for key, value in options.items() if value is not None and key not in own)
    if other:
        takes = ", ".join(f"--{o.name}" for o in pack.sim_options) or "no options of its own"
        raise BadOption(f"{pack.name} takes {takes}, found --{other[0].replace('_', '-')}")
    mine = {key: options[key] for key in sorted(own) if options.get(key) is not None}
    return sim.configure(mine) if mine else sim


def run_options_problem(start_method: str | None, json_out: Path | None, report: Path | None) -> str | None:
    """What is wrong with the options every simulating command takes (the --start-method
    and the --report extension; a missing folder for --json or --report raises UserError),
    checked before any game is played."""
    if start_method is not None and start_method not in multiprocessing.get_all_start_methods():
        return (f"--start-method {start_method}: this platform offers "
                f"{', '.join(multiprocessing.get_all_start_methods())}")
    if report is not None and report.suffix.lower() not in (".html", ".htm", ".pdf"):
        return f"--report {report.name}: expected a file name ending in .html or .pdf"
    output_file(json_out, "--json")  # before the games are played, not after
    output_file(report, "--report")
    return None


def simulation(game):
    """The game's side of the simulator (pnp.sim.hooks.Simulation), from its pack."""
    return simulation_of(pack_of(game))


def simulate(source, specs, *, seed, workers, games=None, precision=None, max_games=None,
             start_method=None) -> dict:
    """Play and summarise, with a progress bar on a terminal; returns the JSON-ready result.
    Either `games` games, or until `precision` (a fraction) with at most `max_games`."""
    started = time.perf_counter()
    with progress_bar(games or max_games) as tick:
        if precision is None:
            records = play_many(source, specs, games=games, seed=seed, workers=workers, progress=tick,
                                start_method=start_method)
            stop = None
        else:
            records, stop = play_until(source, specs, precision=precision, max_games=max_games, seed=seed,
                                       workers=workers, progress=tick, start_method=start_method)
    elapsed = time.perf_counter() - started
    click.echo(f"played {len(records)} games in {elapsed:.1f} s ({len(records) / elapsed:.0f} games/s, "
               f"{workers} worker{'s' if workers != 1 else ''})", err=True)
    return result_document(source, specs, records, seed=seed, stop=stop)


def _add_kit(game, result: dict) -> None:
    result["kit"] = assessment(game, simulation(game), result)


@contextlib.contextmanager
def progress_bar(total: int):
    """A click progress bar on stderr when it is a terminal; a no-op when piped."""
    if not sys.stderr.isatty():
        yield lambda n: None
        return
    with click.progressbar(length=total, label="simulating", file=sys.stderr) as bar:
        yield bar.update


def _outputs(game, result: dict, json_out: Path | None, report: Path | None, check_kit: bool) -> int:
    problems = kit_check(game, simulation(game), result)
    if json_out is not None:
        write_atomic(json_out, json.dumps(result, ensure_ascii=False, sort_keys=True, indent=1) + "\n")
    if report is not None:
        write_report(report, result, game, simulation(game), problems)
    if check_kit:
        print_problems(problems)
        click.echo(kit_text(result["kit"]), err=True)
        if has_errors(problems):
            click.echo("pnp: the printed components fall short of the kit target", err=True)
            return 1
    return 0


def _usage(message: str) -> int:
    click.echo(f"pnp sim: {message}", err=True)
    return 2


def summary_text(result: dict, sim) -> str:
    """The few lines a designer reads first: the general ones, then the game's (its Simulation)."""
    st = result["stats"]
    lines = [f"{st['games']} games, agents {', '.join(result['meta']['agents'])}, seed {result['meta']['seed']}"]
    seats = [k for k in st["seats"] if k != "none"]
    for seat in seats:
        r = st["seats"][seat]
        lines.append(f"  {sim.seat_label(seat)} wins {_pct(r)}")
    lines.append("  " + stop_line(result["meta"]["stop"], sim.seat_label))
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
        if k in sim.headline_peaks))
    lines += [f"  {line}" for line in sim.summary_lines(st)]
    return "\n".join(lines)


def kit_text(kit: dict) -> str:
    """--check-kit: every printed count against the target, with the bound that decided."""
    lines = [f"kit check: target {kit['target']}; {kit['interval']} on the rate of such games"]
    for key, c in kit["counts"].items():
        lines.append(f"  {key}: kit {c['printed']}, {c['games_over']} of {c['games']} games needed more "
                     f"(max {c['max']}), rate {c['ci95'][0]:.2%}–{c['ci95'][1]:.2%}: {c['verdict']}")
    return "\n".join(lines)


def _pct(r: dict) -> str:
    return f"{r['rate']:.1%} (95 % CI {r['ci95'][0]:.1%}–{r['ci95'][1]:.1%}, {r['n']}/{r['of']})"
