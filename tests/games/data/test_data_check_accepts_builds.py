"""What `pnp check` accepts, `pnp build` builds, for games made only of data: a property test
over generated games (families with rows that may lack a field or a language, tokens, a board,
rulebook prose naming values that may not exist, languages pnp may not speak, awkward
characters). An accepted game builds its cards, tokens, board and rulebook; a refused one is
refused with listed problems (exit 1), never a crash (exit 70)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from pnp.cli import main

LANGS = ["uk", "en", "uk", "en", "de"]
#: characters some output format treats specially, beside plain words
AWKWARD = list("<>&\"'[]*{}|\\%#:;—«»ʼ й0123456789") + ["\u00a0", "**", "\t"]
WORD = st.sampled_from(["Лицар", "Knight", "мед", "gold", "Зірка", "x"])
STRING = st.lists(st.one_of(WORD, WORD, WORD, st.sampled_from(AWKWARD)), min_size=1, max_size=4).map(" ".join)


@st.composite
def texts(draw, langs: list[str]) -> dict[str, str]:
    """A text in the game's languages, sometimes one short."""
    given = langs if draw(st.integers(0, 15)) else langs[:-1] or langs
    return {lang: draw(STRING) for lang in given}


@st.composite
def games(draw) -> dict:
    langs = draw(st.lists(st.sampled_from(LANGS), min_size=1, max_size=2, unique=True)
                 .filter(lambda ls: "de" not in ls or len(ls) == 1))
    values = {"hand": draw(st.integers(0, 12))}
    families = []
    for f in range(draw(st.integers(1, 2))):
        rows, power = [], draw(st.booleans())
        for r in range(draw(st.integers(1, 4))):
            row = {"id": f"c{r}", "count": draw(st.integers(1, 3))}
            for name in ("name", "text"):
                if draw(st.integers(0, 15)):
                    row[name] = draw(texts(langs))
            if power and draw(st.integers(0, 15)):
                row["power"] = draw(st.integers(0, 99))
            rows.append(row)
        families.append({"id": f"f{f}", "name": draw(texts(langs)), "colour": draw(st.sampled_from(["teal", "wood", "#336699"])),
                         "cards": rows})
    game = {"pack": "data", "game": {"id": "gen", "title": draw(texts(langs)), "languages": langs},
            "palette": {"teal": "#2a8c8c"}, "values": values,
            "card": {"width": draw(st.sampled_from([44, 63])), "height": 88}, "card_families": families}
    if draw(st.booleans()):
        game["tokens"] = [{"id": "coin", "name": draw(texts(langs)), "shape": draw(st.sampled_from(["circle", "square"])),
                           "size": draw(st.sampled_from([12, 20])), "colour": "teal",
                           "faces": [{"text": draw(texts(langs)), "count": draw(st.integers(1, 5))}]}]
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["hex", "square"]))
        game["board"] = {"topology": {"kind": kind, "radius": 2} if kind == "hex" else {"kind": kind, "cols": 3, "rows": 2},
                         "cell": draw(st.sampled_from([15, 25]))}
    if draw(st.booleans()):
        prose = draw(st.sampled_from(["{hand} cards", "{hand|карта|карти|карт}", "{nope}", "a { b", "plain"]))
        game["rulebook"] = {"sections": [{"title": draw(texts(langs)), "text": {lang: prose for lang in langs}}]}
    if draw(st.booleans()):
        missing = [lang for lang in langs if lang not in ("uk", "en")]
        game["ui"] = {"comp_board": {lang: "Board" for lang in langs or missing}}
    return game


@settings(max_examples=15, deadline=None, derandomize=True, database=None, phases=(Phase.explicit, Phase.generate),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(games())
def test_what_check_accepts_a_data_game_builds(tmp_path: Path, monkeypatch, game):
    monkeypatch.setenv("PNP_JOBS", "1")  # no forked workers inside the test runner
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # one folder per example (the fixture's is shared)
    content = folder / "game.yaml"
    content.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False), encoding="utf-8")
    runner = CliRunner()
    check = runner.invoke(main, ["check", "--content", str(content)])
    assert check.exit_code in (0, 1) and "internal error" not in check.output, (game, check.output)
    if check.exit_code != 0:
        return
    lang = game["game"]["languages"][0]
    only = [arg for kind in ("cards", "tokens", "board", "rulebook")
            if kind in ("cards",) or {"tokens": "tokens", "board": "board", "rulebook": "rulebook"}[kind] in game
            for arg in ("--only", kind)]
    build = runner.invoke(main, ["build", "--content", str(content), "--lang", lang, *only, "--out", str(folder / "out")])
    assert build.exit_code == 0, (game, build.output, repr(build.exception))
    assert list((folder / "out" / lang).glob("*.pdf")), build.output


def test_the_generator_makes_games_check_accepts_and_refuses():
    """The property above is not vacuous: some generated games pass the check and some do not."""
    outcomes = set()

    @settings(max_examples=15, deadline=None, derandomize=True, database=None, phases=(Phase.generate,))
    @given(games())
    def probe(game):
        with tempfile.TemporaryDirectory() as tmp:
            content = Path(tmp) / "game.yaml"
            content.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False), encoding="utf-8")
            outcomes.add(CliRunner().invoke(main, ["check", "--content", str(content)]).exit_code)

    probe()
    assert outcomes == {0, 1}
