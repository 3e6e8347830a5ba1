"""What `pnp check` accepts, `pnp build` builds, for «Оборона Замка» and «Строительство империи»,
and what `pnp odds` reads from an army file it answers: a property test over random edits.

The same property as tests/test_check_accepts_builds.py (ТВЕРДЖА), for the other two games:
each example edits one string or number of the shipped content that a renderer prints,
with characters awkward for some output format. An edit `pnp check` refuses is skipped;
an accepted one is built, by the renderer that prints it, in a child process bounded like
a user's machine should never need more (1 GB of address space, 30 s of CPU): exit 0,
or exit 1 with the problems listed, and never exit 70, a traceback or a limit hit.
Army files are edited the same way and read by `pnp odds --game empire`.

Examples are fixed (derandomized) and few (each costs a build: a few seconds); the slow
tier runs more of them.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings, strategies as st

import casekit
from pnp.checks import run_all
from pnp.content import load_game
from pnp.core.errors import has_errors
from pnp.games import pack

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 1 << 30  # bytes of address space for one child
CPU = 30  # seconds of CPU for one child
WALL = 120  # seconds on the clock: two cores are shared, so the clock runs slower than the CPU

#: (path of a value in the content, the renderer that prints it); only uk names: the ru ones are
#: the original's words, which the rules check holds
TARGETS = {
    "oborona-zamka": {
        "text": [("races[id=orcs].name.uk", "standees"), ("races[id=knights].name.uk", "aids"),
                 ("ui.aid_potion.uk", "aids"), ("ui.aid_move.uk", "aids"), ("ui.models_wall_step_2.uk", "models"),
                 ("ui.models_castle_step_5.uk", "models"), ("ui.standee_warrior.uk", "standees"),
                 ("ui.wall.uk", "models"), ("game.title.uk", "aids")],
        "number": [("field.hex.across_flats", "models"), ("field.hex.across_flats", "standees"),
                   ("components.wall_segments.spare", "models"), ("components.standees.per_race", "standees"),
                   ("components.dice.count", "aids"), ("rules.potion.hit", "aids")],
    },
    "empire": {
        "text": [("travel_cards[id=hoard].name.uk", "travel-cards"), ("travel_types[id=mine].label.uk", "travel-cards"),
                 ("travel_cards[id=cedar].name.uk", "travel-cards"), ("ui.capital_sheet.uk", "capital"),
                 ("ui.plot_upgrade_to.uk", "capital"), ("ui.plot_cost.uk", "capital"),
                 ("ui.points_week.uk", "worksheet"), ("game.title.uk", "capital")],
        "number": [("travel_cards[id=cedar].gold", "travel-cards"), ("travel_cards[id=cedar].guards", "travel-cards"),
                   ("travel_cards[id=hoard].chests[1].chests", "travel-cards")],
    },
}

#: characters some output format treats specially, and a few that no format can hold
AWKWARD = list("<>&\"'[]*{}|\\%#:;—«»ʼ’ їєґ0123456789") + ["\n", "\u00a0", "**", "{n}", "{n|a|b|c}", "\u0306",
                                                           "\t", "\x00", "\u202e", "😀", "x" * 120]
INSERTS = st.lists(st.sampled_from(AWKWARD), min_size=1, max_size=3).map("".join)
NUMBERS = st.one_of(st.integers(-2, 100), st.floats(allow_nan=False, allow_infinity=False, width=32),
                    st.sampled_from([0.5, 19.5, 72, 72.5, 1e9]))

#: an example is one edit already; shrinking it would rerun a build many times
NO_SHRINK = (Phase.explicit, Phase.generate)
SETTINGS = dict(deadline=None, derandomize=True, database=None, phases=NO_SHRINK,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def _limits() -> None:
    """In the child, before pnp starts: the bounds of one example."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU, CPU))


def pnp(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`pnp ARGS` in a bounded child process (one worker: the limits are for the whole command)."""
    env = {**os.environ, "PNP_JOBS": "1"}
    try:
        return subprocess.run([sys.executable, "-m", "pnp.cli", *args], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=WALL, preexec_fn=_limits)
    except subprocess.TimeoutExpired:
        pytest.fail(f"pnp {' '.join(args)}: still running after {WALL} s")


def assert_clean(done: subprocess.CompletedProcess, what) -> None:
    """Exit 0, or exit 1 with the problems listed; a signal (a limit hit), exit 70 or a traceback fail."""
    said = done.stdout + done.stderr
    assert done.returncode >= 0, (what, f"killed by signal {-done.returncode} (a limit hit)", said[-2000:])
    assert done.returncode in (0, 1), (what, done.returncode, said[-2000:])
    assert "Traceback" not in said and "MemoryError" not in said, (what, said[-2000:])
    if done.returncode == 1:
        assert re.search(r":\d+:\d+: error: ", said), (what, "exit 1 without a listed problem", said[-2000:])


def _content(game_id: str) -> str:
    return pack(game_id).content.read_text(encoding="utf-8")


TEXTS = {game_id: _content(game_id) for game_id in TARGETS}


@st.composite
def edits(draw, game_id: str) -> tuple[dict, str]:
    targets = TARGETS[game_id]
    if draw(st.integers(0, 2)) == 0:
        path, kind = draw(st.sampled_from(targets["number"]))
        return {"set": path, "value": draw(NUMBERS)}, kind
    path, kind = draw(st.sampled_from(targets["text"]))
    old = casekit.find(TEXTS[game_id], path)[1].value
    at = draw(st.integers(0, len(old)))
    return {"set": path, "value": old[:at] + draw(INSERTS) + old[at:]}, kind


def _accepted(game_id: str, change: dict, folder: Path) -> Path | None:
    """The edited content file if `pnp check` passes it, else None (asked in process: cheap)."""
    content = folder / f"{game_id}.yaml"
    content.write_text(casekit.apply(TEXTS[game_id], [change]).text, encoding="utf-8")
    game, problems = load_game(content)
    if game is not None:
        problems = problems + run_all(game)
    assert not [p for p in problems if p.code == "check-crashed"], [p.format() for p in problems]
    return None if has_errors(problems) else content


def _builds(game_id: str, edit, folder: Path) -> None:
    change, kind = edit
    content = _accepted(game_id, change, folder)
    if content is None:
        return
    out = folder / "out"
    # the edits reach the uk texts, and a build without --lang takes the game's first language (ru)
    done = pnp("build", "--content", str(content), "--lang", "uk", "--only", kind, "--out", str(out), cwd=folder)
    assert_clean(done, change)
    assert done.returncode == 0, (change, "pnp check accepted it, pnp build refused it", done.stderr[-2000:])
    assert list((out / "uk").glob("*.pdf")), (change, done.stdout)


@settings(max_examples=4, **SETTINGS)
@given(edits("oborona-zamka"))
# issue 25's reproductions: a 60 mm hex (the models outgrew their sheet), braces in a race name
# (the rulebook's labels read them as a template)
@example(({"set": "field.hex.across_flats", "value": 60}, "models"))
@example(({"set": "races[id=orcs].name.uk", "value": "Ор{ки} {n"}, "rulebook"))
def test_what_check_accepts_oborona_builds(tmp_path_factory, edit):
    _builds("oborona-zamka", edit, tmp_path_factory.mktemp("oborona"))


@settings(max_examples=4, **SETTINGS)
@given(edits("empire"))
def test_what_check_accepts_empire_builds(tmp_path_factory, edit):
    _builds("empire", edit, tmp_path_factory.mktemp("empire"))


@pytest.mark.slow
@settings(max_examples=16, **SETTINGS)
@given(st.sampled_from(sorted(TARGETS)).flatmap(lambda g: st.tuples(st.just(g), edits(g))))
def test_what_check_accepts_builds_more_examples(tmp_path_factory, example):
    game_id, edit = example
    _builds(game_id, edit, tmp_path_factory.mktemp(game_id))


# --- pnp odds --game empire --army F --against G ---------------------------------------------------

ARMY = (ROOT / "tests" / "games" / "empire" / "battle_army.yaml").read_text(encoding="utf-8")
AGAINST = (ROOT / "tests" / "games" / "empire" / "battle_neutral.yaml").read_text(encoding="utf-8")
#: the army file's numbers, each as `key: value` text to replace, and values a player might write
ARMY_NUMBERS = ["luck: 3", "level: 1", "level: 3", "cards: 2", "tower: 1", "bonus: 3", "0: 6", "1: 4", "4: 1"]
AGAINST_NUMBERS = ["strength: 34", "week: 2"]
SMALL = st.one_of(st.integers(-3, 40), st.sampled_from(["1.5", "x", "", "[1]", "{}", "1e3", "²", "null"]))


@st.composite
def army_edits(draw) -> tuple[str, str]:
    army, against = ARMY, AGAINST
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            old = draw(st.sampled_from(ARMY_NUMBERS))
            army = army.replace(old, f"{old.split(':')[0]}: {draw(SMALL)}", 1)
        else:
            old = draw(st.sampled_from(AGAINST_NUMBERS))
            against = against.replace(old, f"{old.split(':')[0]}: {draw(SMALL)}", 1)
    return army, against


def _odds(files: tuple[str, str], folder: Path) -> None:
    (folder / "army.yaml").write_text(files[0], encoding="utf-8")
    (folder / "against.yaml").write_text(files[1], encoding="utf-8")
    done = pnp("odds", "--game", "empire", "--army", "army.yaml", "--against", "against.yaml", cwd=folder)
    assert_clean(done, files)
    if done.returncode == 0:
        assert "P(win) = " in done.stdout, done.stdout


@settings(max_examples=6, **SETTINGS)
@given(army_edits())
def test_pnp_odds_answers_every_army_file(tmp_path_factory, files):
    """Every army file gets an answer or its problems listed, within the bounds."""
    _odds(files, tmp_path_factory.mktemp("army"))


# --- issue 25's reproductions of items 4, 5 and 13: each ends cleanly within the bounds --


@pytest.mark.slow
@pytest.mark.parametrize("case", ["days", "pips", "deck"])
def test_the_other_reproductions_of_issue_25_end_cleanly(case, tmp_path):
    if case == "deck":
        _odds((ARMY.replace("luck: 3", "luck: 6").replace("deck: {0: 6, 1: 4, 2: 3, 3: 2, 4: 1}", "deck: {0: 5000, 1: 1}"),
               AGAINST), tmp_path)
        return
    change, kind = {"days": ({"set": "weeks.days.value", "value": 20}, "boards"),
                    "pips": ({"set": "battle.morale.domino_pips", "value": 100000}, "rulebook")}[case]
    _builds("empire", (change, kind), tmp_path)
