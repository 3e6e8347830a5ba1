"""The `pnp` command line: a thin click shell over library calls.

Exit codes (the README's table): 0 ok; 1 content problems (or a failed kit check); 2 a
usage or environment error; 70 an internal fault, with one line and where the details
were written, never a traceback; 130 / 143 stopped by Ctrl-C / SIGTERM.
"""

from __future__ import annotations

import errno
import os
import functools
import math
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Callable

import click

from pnp import games
from pnp.core import cairolib
from pnp.components.base import BuildOptions
from pnp.core.errors import UserError
from pnp.core.signals import Interrupted, signals_raise
from pnp.exports.shop_presets import PRESETS, SHOP_ORDERS
from pnp.exports.tts_layout import check_url_base
from pnp.core.geometry import DUPLEX_MODES, HOME_PAPERS

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
EXIT_PIPE = 141  # 128 + SIGPIPE: what a shell reports of a command whose reader closed the pipe


#: OS errors that say the machine or the file system stopped the command, not pnp
ENVIRONMENT_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.ENAMETOOLONG}


def _environment_message(exc: OSError) -> str:
    where = f"{exc.filename}: " if exc.filename else ""
    hint = " (free some space and run it again)" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else ""
    return f"pnp: {where}{exc.strerror}{hint}"


def _fault_guard(fn):
    """Map what stops a command to one line and its exit code (README, "Exit codes"):
    UserError, environment OSErrors and running out of memory 2, Ctrl-C 130, SIGTERM 143, anything else is a bug:
    one line + a crash file, exit 70."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            with signals_raise():
                return fn(*args, **kwargs)
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException, SystemExit):
            raise
        except Interrupted as exc:
            click.echo(f"pnp: {exc.message}", err=True)
            sys.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("pnp: interrupted", err=True)
            sys.exit(130)
        except UserError as exc:
            click.echo(f"pnp: {exc}", err=True)
            sys.exit(EXIT_USAGE)
        except MemoryError:
            # the machine's memory (or the process's limit) ran out: not a fault in the input
            click.echo("pnp: out of memory; close other programs or raise the limit and run it again", err=True)
            sys.exit(EXIT_USAGE)
        except BrokenPipeError:
            # the reader stopped reading (`pnp check | head`): not a bug, and nothing to say to it.
            # What is still unwritten goes to /dev/null, so Python's own flush at exit fails no more.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_PIPE)
        except Exception as exc:  # noqa: BLE001 - the one place that catches everything
            if isinstance(exc, OSError) and exc.errno in ENVIRONMENT_ERRNOS:
                click.echo(_environment_message(exc), err=True)
                sys.exit(EXIT_USAGE)
            # a fresh name for every crash (mkstemp: exclusive create, mode 0600, no symlink followed)
            fd, crash = tempfile.mkstemp(prefix="pnp-crash-", suffix=".txt")
            with open(fd, "w", encoding="utf-8") as report:
                report.write("".join(traceback.format_exception(exc)))
            click.echo(f"pnp: internal error: {type(exc).__name__}: {exc} (details in {crash})", err=True)
            sys.exit(70)

    return wrapper


class _Group(click.Group):
    """click's own usage errors in one line, like every other error of pnp."""

    def main(self, *args, standalone_mode: bool = True, **kwargs):
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click.ClickException as exc:
            command = f"pnp {exc.ctx.info_name}" if getattr(exc, "ctx", None) and exc.ctx.parent else "pnp"
            help_hint = f" (see '{command} --help')" if isinstance(exc, click.UsageError) else ""
            click.echo(f"pnp: {exc.format_message().rstrip('.')}{help_hint}", err=True)
            code = exc.exit_code
        except click.exceptions.Abort:  # Ctrl-C while click itself runs (before a command)
            click.echo("pnp: interrupted", err=True)
            code = 130
        if standalone_mode:
            sys.exit(code or 0)
        return code


def content_option(fn):
    """--content FILE or --game ID (a bundled game's content); the command gets one `content` path."""

    @functools.wraps(fn)
    def wrapper(*args, content: Path | None, game: str | None, **kwargs):
        if game is not None:
            if content is not None:
                raise click.UsageError(f"--content {content} and --game {game}: give one, not both")
            try:
                content = games.pack(game).content
            except UserError as exc:
                raise click.UsageError(str(exc)) from None
        return fn(*args, content=content, **kwargs)

    wrapper = click.option("--game", "game", default=None, metavar="ID",
                           help="A bundled game's content (`pnp games` lists them).")(wrapper)
    return click.option("--content", "content", type=click.Path(dir_okay=False, path_type=Path), default=None,
                        help="Content file (default: the bundled game's).")(wrapper)


def lang_option(fn):
    return click.option("--lang", default=None, help="Language of the printed text  "
                        "[default: the game's first language (`game.languages`)]")(fn)


def _parse_offset(ctx, param, value: str | None):
    if value is None:
        return (0.0, 0.0)
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter(f"expected X,Y in millimetres (e.g. 0.5,-1), found {value!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise click.BadParameter(f"expected finite millimetres, found {value!r}")
    if abs(x) > 10 or abs(y) > 10:
        raise click.BadParameter(f"an offset of more than 10 mm is not a printer shift ({value})")
    return (x, y)


def _parse_url_base(ctx, param, value: str | None):
    if value is None:
        return None
    try:
        return check_url_base(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


class _PackOptionsCommand(click.Command):
    """A command whose options beyond its own are declared by the game packs (`declared()`:
    click options), read when the command parses or shows its help, so that no other command
    lists the packs."""

    def __init__(self, *args, declared: Callable[[], list[click.Option]], **kwargs):
        super().__init__(*args, **kwargs)
        self._declared: Callable[[], list[click.Option]] | None = declared

    def get_params(self, ctx):
        if self._declared is not None:
            try:
                declared = self._declared()
            except UserError as exc:  # a broken installed pack
                raise click.UsageError(str(exc)) from None
            self._declared = None
            self.params[-1:-1] = declared  # before the command's last option (--json)
        return super().get_params(ctx)


def _sim_options() -> list[click.Option]:
    """The `pnp sim` options every pack declares (`GamePack.sim_options`), each naming its games."""
    return _odds_options("sim_options")


def _odds_options(field: str = "odds_options") -> list[click.Option]:
    """The odds options every pack declares (`GamePack.odds_options`), each naming its games."""
    made = []
    for option, names in games.odds_options(field):
        where = f"  [{', '.join(names)}]"
        if option.kind == "flag":
            made.append(click.Option([f"--{option.name}"], is_flag=True, help=option.help + where))
        else:
            kind = click.Path(exists=True, dir_okay=False, path_type=Path) if option.kind == "file" else None
            made.append(click.Option([f"--{option.name}"], type=kind, default=None, metavar=option.metavar,
                                     help=option.help + where))
    return made


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pnp")
def main():
    """pnp: print-and-play kit generator for board games."""


@main.command(name="games")
@_fault_guard
def games_command():
    """List the game packs: id, name, languages, where each comes from."""
    from pnp.commands.games import run

    sys.exit(run())


@main.command()
@click.argument("name")
@click.option("--lang", default="uk", show_default=True, help="The game's language (of its starter texts and README).")
@_fault_guard
def new(name, lang):
    """Write a new game made only of data, in a new folder NAME, ready to check and build."""
    from pnp.commands.new import run

    sys.exit(run(name, lang))


@main.command()
@content_option
# a game in several languages is checked in all of them unless one is asked for
@click.option("--lang", default=None, help="Check the text of this language only  [default: every language of the game]")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--strict", is_flag=True, help="Warnings fail too (exit 1).")
@click.option("--sim", "sim_result", type=click.Path(exists=True, dir_okay=False, path_type=Path), default=None,
              help="A `pnp sim --json` result: also check that the printed component counts cover its peaks.")
@_fault_guard
def check(content, lang, fmt, strict, sim_result):
    """Check the content against the rules; print every problem."""
    from pnp.commands.check import run

    sys.exit(run(content, lang=lang, fmt=fmt, strict=strict, sim_result=sim_result))


@main.command()
@content_option
@click.option("--format", "fmt", type=click.Choice(["json"]), default="json", show_default=True)
@_fault_guard
def export(content, fmt):
    """Print the validated model as JSON, for other tools."""
    from pnp.commands.export import run

    sys.exit(run(content, fmt=fmt))


@main.command()
@content_option
@lang_option
@click.option("--paper", type=click.Choice(HOME_PAPERS), default=BuildOptions.paper, show_default=True)
@click.option("--duplex", type=click.Choice(list(DUPLEX_MODES)), default=BuildOptions.duplex, show_default=True)
@click.option("--back-offset", callback=_parse_offset, default=None, metavar="X,Y", help="Shift backs by X,Y mm.")
@click.option("--ink-saver", is_flag=True, help="Light backgrounds, no full-bleed fills.")
@click.option("--all", "build_all", is_flag=True, help="Also print-shop and Tabletop Simulator exports.")
@click.option("--only", "only", multiple=True, metavar="KIND", help="Build only these kinds (repeatable).")
@click.option("--shop", type=click.Choice(list(PRESETS)), default=BuildOptions.shop, show_default=True)
@click.option("--shop-order", type=click.Choice(SHOP_ORDERS), default=BuildOptions.shop_order, show_default=True)
@click.option("--tts-url-base", callback=_parse_url_base, default=None, metavar="URL",
              help="Where the tts/ images will be uploaded (http/https folder); default: file:/// URLs.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output root (default: output/ in the current directory); files go to OUT/<lang>/.")
@click.option("--no-cache", "no_cache", is_flag=True,
              help="Render every component again, without the build cache (the user's cache folder).")
@_fault_guard
def build(content, lang, paper, duplex, back_offset, ink_saver, build_all, only, shop, shop_order, tts_url_base, out,
          no_cache):
    """Check the content, then build the print-and-play kit."""
    cairolib.require()  # before the drawing modules load it: a missing libcairo is a usage error
    from pnp.commands.build import run

    sys.exit(run(content, lang=lang, paper=paper, duplex=duplex, back_offset=back_offset, ink_saver=ink_saver,
                 build_all=build_all, only=only, shop=shop, shop_order=shop_order, tts_url_base=tts_url_base,
                 out=out, use_cache=not no_cache))


@main.command()
@content_option
@lang_option
@click.option("--paper", type=click.Choice(HOME_PAPERS), default=BuildOptions.paper, show_default=True)
@click.option("--duplex", type=click.Choice(list(DUPLEX_MODES)), default=BuildOptions.duplex, show_default=True)
@click.option("--ink-saver", is_flag=True, help="Light backgrounds, no full-bleed fills.")
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Output root (default: output/ in the current directory); the kit goes to OUT/<lang>/.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on; anything but this machine's own lets others read the kit.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="0: any free port.")
@click.option("--no-cache", "no_cache", is_flag=True,
              help="Render every component again, without the build cache (the user's cache folder).")
@_fault_guard
def serve(content, lang, paper, duplex, ink_saver, out, host, port, no_cache):
    """Show the kit in the browser and rebuild it on every save of its inputs."""
    cairolib.require()
    from pnp.commands.serve import run

    sys.exit(run(content, lang=lang, paper=paper, duplex=duplex, ink_saver=ink_saver, out=out, host=host, port=port,
                 use_cache=not no_cache))


@main.command(cls=_PackOptionsCommand, declared=_odds_options)
@content_option
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@_fault_guard
def odds(content, as_json, **options):
    """Exact odds from the game's own engine: one battle, or every attack the rules allow. The
    other options are the games' own (in brackets: the games that read each)."""
    from pnp.commands.odds import run

    sys.exit(run(content, as_json=as_json, **options))


@main.command(cls=_PackOptionsCommand, declared=_sim_options)
@content_option
@click.option("--games", default=None, type=click.IntRange(1, 10_000_000),
              help="Games to play (default 1000).")
@click.option("--precision", default=None, metavar="PP", type=click.FloatRange(0, 50, min_open=True),
              help="Instead of --games: play blocks of games until every seat's 95 % half-width "
                   "(seat-swapped pairs as the unit) is at most PP percentage points.")
@click.option("--max-games", default=None, type=click.IntRange(2, 10_000_000),
              help="The most games a --precision run plays (default 100000).")
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--agents", default=None, metavar="A[,B]",
              help="Agent for each seat, the first seat's first; one name plays every seat  "
                   "[default: the game's own agent in every seat]")
@click.option("--workers", default=None, type=click.IntRange(1, 256),
              help="Worker processes (default: the cores this process may use).")
@click.option("--start-method", default=None, type=click.Choice(["fork", "spawn"]),
              help="How workers start (default fork, spawn on macOS and Windows); the results are the same.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path), default=None)
@click.option("--report", "report", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write an HTML or PDF report (by extension).")
@click.option("--forbid", multiple=True, metavar="CARD", help="Remove a battle card or building (ablation).")
@click.option("--check-kit", is_flag=True,
              help="Fail (exit 1) if more than 1 game in 1000 needs more than a printed count (95 % bound).")
@_fault_guard
def sim(content, games, precision, max_games, seed, agents, workers, start_method, json_out, report, forbid,
        check_kit, **options):
    """Play many seeded games and report balance and component peaks. The other options are the games'
    own (in brackets: the games that read each)."""
    from pnp.commands.sim import run

    sys.exit(run(content, games=games, seed=seed, agents=agents, workers=workers, json_out=json_out,
                 report=report, forbid=forbid, check_kit=check_kit, precision=precision, max_games=max_games,
                 start_method=start_method, options=options))


@main.command()
@content_option
@click.option("--set", "settings", multiple=True, metavar="PATH=V1,V2,...",
              help="A content value and the values to try (repeatable: every combination is played), "
                   "e.g. rules.fight.hit=5,6; list items by index or id: buildings.market.cost.wood=2,3.")
@click.option("--games", default=None, type=click.IntRange(1, 10_000_000),
              help="Games per variant (default 1000).")
@click.option("--seed", default=1, show_default=True, type=int)
@click.option("--agents", default=None, metavar="A[,B]",
              help="Agent for each seat  [default: the game's own agent in every seat]")
@click.option("--workers", default=None, type=click.IntRange(1, 256),
              help="Worker processes on this machine (default: the cores this process may use).")
@click.option("--start-method", default=None, type=click.Choice(["fork", "spawn"]),
              help="How workers start (default fork, spawn on macOS and Windows); the results are the same.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run the games on the Dask cluster of this scheduler (tcp://HOST:PORT); needs pnp[dask].")
@click.option("--dask-local", default=None, type=click.IntRange(1, 256), metavar="N",
              help="Run the games on a local Dask cluster of N worker processes; needs pnp[dask].")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path), default=None)
@click.option("--report", "report", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write an HTML or PDF report (by extension).")
@_fault_guard
def sweep(content, settings, games, seed, agents, workers, start_method, scheduler, dask_local, json_out, report):
    """Play the same seeded games on every variant of the content; balance, length and peaks per variant."""
    from pnp.commands.sweep import run

    sys.exit(run(content, settings=settings, games=games, seed=seed, agents=agents, workers=workers,
                 start_method=start_method, scheduler=scheduler, dask_local=dask_local, json_out=json_out,
                 report=report))


if __name__ == "__main__":  # pragma: no cover
    main()
