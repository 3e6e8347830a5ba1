"""`pnp check`: load the content, run every check, print the problems like a linter.

Output (text): one line per problem, sorted by position,
``file:line:col: level: message [code]`` with an indented ``hint:`` where one helps,
then one summary line. ``--format json`` prints ``{"ok", "problems", "summary"}``.
Exit codes: 0 ok (warnings allowed unless --strict), 1 problems, 2 usage error.
"""

from __future__ import annotations

import json
from pathlib import Path

import click

from pnp.cache import check_verdicts
from pnp.checks import run_all
from pnp.commands.common import content_path, require_language, summary_line
from pnp.content import display_path, load_game
from pnp.games import Model, pack_of, simulation_of
from pnp.core.errors import Level, Problem, UserError, sorted_problems

EXIT_OK, EXIT_PROBLEMS = 0, 1


def run(content: Path | None, lang: str | None = None, fmt: str = "text", strict: bool = False,
        sim_result: Path | None = None) -> int:
    """Exit code 0 or 1; a usage error (missing file, unknown --lang, a wrong --sim file)
    raises UserError. Files checked before, unchanged, get the verdict they got
    (pnp.cache.check_verdicts)."""
    path = content_path(content)
    shown = display_path(path)
    name = check_verdicts.key(path, shown, (f"lang={lang}", f"format={fmt}", f"strict={strict}")) \
        if sim_result is None else None
    verdict = check_verdicts.find(name)
    if verdict is None:
        verdict = _verdict(path, shown, lang, fmt, strict, sim_result)
        check_verdicts.keep(name, verdict)
    click.echo(verdict.output, nl=False)
    return verdict.code


def _verdict(path: Path, shown: str, lang: str | None, fmt: str, strict: bool,
             sim_result: Path | None) -> check_verdicts.Verdict:
    game, problems = load_game(path)
    if game is not None:
        require_language(game, lang)
        problems = problems + run_all(game, lang=lang) + _kit_problems(game, sim_result)
    problems = sorted_problems(problems)
    failed = _failed(problems, strict)
    if fmt == "json":
        report = {"ok": not failed, "problems": [p.as_dict() for p in problems], "summary": summary(shown, game, problems)}
        lines = [json.dumps(report, ensure_ascii=False, indent=2)]
    else:
        lines = [problem.format() for problem in problems] + [summary_text(shown, game, problems, failed, strict)]
    return check_verdicts.Verdict(EXIT_PROBLEMS if failed else EXIT_OK, "".join(f"{line}\n" for line in lines))


def _failed(problems: list[Problem], strict: bool) -> bool:
    failing = {Level.ERROR, Level.WARNING} if strict else {Level.ERROR}
    return any(p.level in failing for p in problems)


def _kit_problems(game: Model, sim_result: Path | None) -> list[Problem]:
    """Component sufficiency against a `pnp sim --json` result (pnp.sim.kit_check)."""
    if sim_result is None:
        return []
    from pnp.sim.kit_check import check_kit
    from pnp.sim.simfile import load_sim_result

    shown = display_path(Path(sim_result))
    data, problems = load_sim_result(sim_result, shown)
    if problems and problems[0].code in ("file-unreadable", "file-not-regular", "file-too-big", "sim-not-json"):
        raise UserError(f"cannot read the simulation result {shown}: {problems[0].message} ({problems[0].mark})")
    if problems:
        raise UserError(f"{shown} is not a `pnp sim --json` result:\n" + "\n".join(p.format() for p in problems))
    try:
        return list(check_kit(game, simulation_of(pack_of(game)), data))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        # a JSON object of the wrong shape: the user gave the wrong file
        raise UserError(f"{sim_result} is not a `pnp sim --json` result ({type(exc).__name__}: {exc})") from None


def summary(shown: str, game: Model | None, problems: list[Problem]) -> dict:
    out: dict = {
        "file": shown,
        "errors": sum(p.level is Level.ERROR for p in problems),
        "warnings": sum(p.level is Level.WARNING for p in problems),
    }
    if game is not None:
        out["pack"] = pack_of(game).id
        out.update(pack_of(game).summary(game)[0])
        out["languages"] = list(game.languages)
        out["sha256"] = game.sha256
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary_text(shown: str, game: Model | None, problems: list[Problem], failed: bool, strict: bool) -> str:
    s = summary(shown, game, problems)
    if failed:
        tail = " (--strict: warnings fail)" if strict and not s["errors"] else ""
        return f"{shown}: {summary_line(problems)}{tail}"
    held = pack_of(game).summary(game)[1] if game is not None else ""
    return f"{shown}: ok — {held + ', ' if held else ''}{_plural(s['warnings'], 'warning')}"
