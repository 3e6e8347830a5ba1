"""What `pnp check` accepts, `pnp build` builds: a property test over random edits.

Each example edits one string or number of the shipped content that a renderer prints
(a name, an effect text, a ui string, a count), with characters chosen to be awkward for
some output format (XML specials, markup brackets, braces, quotes, control characters,
combining marks, non-breaking spaces ...). If `pnp check` reports no error, `pnp build`
of the renderers that print that value must succeed; a refusal must be a listed problem.
A fast tier draws every card in process for many edits; a slow tier runs the real
build for a few. Examples are fixed (derandomized); tests/cases_build/ holds the
regressions this guards against.
"""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

import casekit
from pnp.checks import run_all
from pnp.cli import main
from pnp.content import default_content, load_game
from pnp.core.errors import has_errors
from pnp.components import cards

TEXT = default_content().read_text(encoding="utf-8")

#: (path of a value in the content, its value, the renderers that print it)
TEXT_TARGETS = [
    ("buildings[id=market].name.uk", "cards"), ("buildings[id=market].effects[0].text.uk", "cards"),
    ("buildings[id=market].upgrade.name.uk", "cards"), ("battle_cards[id=ram].name.uk", "cards"),
    ("ui.copies.uk", "cards"), ("ui.upgrade_of.uk", "cards"), ("ui.comp_battle_cards.uk", "cards"),
    ("game.title.uk", "cards"), ("ui.marker_score.uk", "tokens"), ("resources[0].name.uk", "tokens"),
]
NUMBER_TARGETS = [("buildings[id=market].points", "cards"), ("battle_cards[id=ram].count", "cards"),
                  ("print.card.min_text_pt", "cards")]

#: characters some output format treats specially, and a few that no format can hold
AWKWARD = list("<>&\"'[]*{}|\\%#:;—–-«»ʼ’ йїєґ0123456789") + ["\n", "\u00a0", "**", "[wood]", "\u0306", "\t", "\x00", "\x7f", "\u202e", "😀"]
INSERTS = st.lists(st.sampled_from(AWKWARD), min_size=1, max_size=3).map("".join)
NUMBERS = st.one_of(st.integers(-2, 45), st.floats(allow_nan=False, allow_infinity=False, width=32),
                    st.sampled_from([0.5, 4.0, 7.0, 1e9]))


def _text_edit(draw) -> tuple[dict, str]:
    path, kind = draw(st.sampled_from(TEXT_TARGETS))
    old = casekit.find(TEXT, path)[1].value
    at = draw(st.integers(0, len(old)))
    return {"set": path, "value": old[:at] + draw(INSERTS) + old[at:]}, kind


@st.composite
def edits(draw) -> tuple[dict, str]:
    if draw(st.integers(0, 3)) == 0:
        path, kind = draw(st.sampled_from(NUMBER_TARGETS))
        return {"set": path, "value": draw(NUMBERS)}, kind
    return _text_edit(draw)


#: an example is one edit already; shrinking it would rerun the check (or a build) many times
NO_SHRINK = (Phase.explicit, Phase.generate)


def _write(tmp_path: Path, change: dict) -> Path:
    content = tmp_path / "game.yaml"
    content.write_text(casekit.apply(TEXT, [change]).text, encoding="utf-8")
    return content


def _accepted(content: Path):
    """The checked model if `pnp check` would pass, else None."""
    game, problems = load_game(content)
    if game is not None:
        problems = problems + run_all(game, "uk")
    assert not [p for p in problems if p.code == "check-crashed"], [p.format() for p in problems]
    return None if has_errors(problems) else game


@settings(max_examples=25, deadline=None, derandomize=True, database=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(edits())
def test_what_check_accepts_the_card_renderer_draws(tmp_path: Path, edit):
    """Fast tier, in process: every card face and back of an accepted edit is well-formed SVG."""
    change, _ = edit
    game = _accepted(_write(tmp_path, change))
    if game is None:
        return
    masters = cards.build_masters(game, "uk")
    for svg in [s for faces in masters.faces.values() for _, _, s in faces] + list(masters.backs.values()):
        ElementTree.fromstring(svg)


@pytest.mark.slow
@settings(max_examples=5, deadline=None, derandomize=True, database=None, phases=NO_SHRINK,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(edits())
def test_what_check_accepts_builds(tmp_path: Path, monkeypatch, edit):
    """Slow tier: the real `pnp build` of the renderers that print the edited value."""
    monkeypatch.setenv("PNP_JOBS", "1")  # no forked workers inside the test runner
    change, kind = edit
    content = _write(tmp_path, change)
    runner = CliRunner()
    check = runner.invoke(main, ["check", "--content", str(content)])
    assert check.exit_code in (0, 1) and "Traceback" not in check.output, (change, check.output)
    if check.exit_code != 0:
        return  # refused with problems: nothing to build
    out = tmp_path / f"out-{abs(hash(repr(change)))}"
    build = runner.invoke(main, ["build", "--content", str(content), "--only", kind, "--out", str(out)])
    assert build.exit_code == 0, (change, build.output, repr(build.exception))
    assert list((out / "uk").glob("*.pdf")), (change, build.output)
