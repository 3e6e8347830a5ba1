"""What `pnp check` accepts, `pnp build` builds, for games made only of data: a property test
over generated games (families with rows that may lack a field or a language, tokens, a board,
rulebook prose naming values that may not exist, the game's own icons (or a file that is not
there), mats with areas that may leave them or overflow, sheets with tables that may not fit,
player aids naming icons that may not exist, languages pnp may not speak, awkward characters).
An accepted game builds its cards, tokens, board, mats, sheets, aids and rulebook; a refused one is
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
STAR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c93"/></svg>'
WORD = st.sampled_from(["Лицар", "Knight", "мед", "gold", "Зірка", "x"])
STRING = st.lists(st.one_of(WORD, WORD, WORD, st.sampled_from(AWKWARD)), min_size=1, max_size=4).map(" ".join)


@st.composite
def texts(draw, langs: list[str]) -> dict[str, str]:
    """A text in the game's languages, sometimes one short."""
    given = langs if draw(st.integers(0, 15)) else langs[:-1] or langs
    return {lang: draw(STRING) for lang in given}


@st.composite
def plain(draw, langs: list[str]) -> dict[str, str]:
    """A text of plain words in the game's languages, now and then one short (the parts' texts: the
    awkward characters are the texts' above, so that the parts' own mistakes are what decides)."""
    given = langs if draw(st.integers(0, 20)) else langs[:-1] or langs
    words = st.lists(WORD, min_size=1, max_size=3).map(" ".join)
    return {lang: draw(words) for lang in given}


@st.composite
def parts(draw, langs: list[str], game: dict) -> dict:
    """The game's own icons, a mat, a sheet and a player aid, each or none, sometimes wrong."""
    game = {"game": game["game"]}
    if draw(st.booleans()):
        game["icons"] = {"star": draw(st.sampled_from(["star.svg"] * 6 + ["gone.svg", "../star.svg"]))}
    icon_text = st.one_of(plain(langs), plain(langs), st.sampled_from(["[star] 2"] * 4 + ["**[star]**", "[nope]"]).map(
        lambda said: {lang: said for lang in langs}))
    if draw(st.booleans()):
        size = draw(st.sampled_from([(150, 100), (300, 220)]))
        areas = [{"title": draw(plain(langs)), "box": {"x": 6 + 70 * k + draw(st.sampled_from([0] * 8 + [80])), "y": 20,
                                                        "width": 60, "height": draw(st.sampled_from([20, 60, 60, 120]))}}
                 for k in range(draw(st.integers(1, 2)))]
        if draw(st.booleans()):
            areas[0]["text"] = draw(st.one_of(icon_text, icon_text, st.just({lang: "word " * 400 for lang in langs})))
        game["mats"] = [{"id": "mat", "name": draw(plain(langs)), "width": size[0], "height": size[1], "areas": areas}]
    if draw(st.booleans()):
        rows = draw(st.one_of(st.integers(1, 30), st.lists(plain(langs), min_size=1, max_size=3)))
        game["sheets"] = [{"id": "score", "name": draw(plain(langs)), "rows": rows,
                           "columns": draw(st.lists(plain(langs), min_size=1, max_size=4))}]
    if draw(st.booleans()):
        players = {"min": draw(st.sampled_from([1, 2, 2, 2, 5])), "max": draw(st.integers(2, 4))}
        game["game"] = {**game["game"], "players": players}
        game["aids"] = [{"id": "turn", "name": draw(plain(langs)), "size": draw(st.sampled_from(["card", "half-page"])),
                         "sections": [{"title": draw(plain(langs)), "text": draw(icon_text)}
                                      for _ in range(draw(st.integers(1, 3)))]}]
    return game


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
    game.update(draw(parts(langs, game)))
    if draw(st.booleans()):
        missing = [lang for lang in langs if lang not in ("uk", "en")]
        game["ui"] = {"comp_board": {lang: "Board" for lang in langs or missing}}
    return game


@settings(max_examples=20, deadline=None, derandomize=True, database=None, phases=(Phase.explicit, Phase.generate),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(games())
def test_what_check_accepts_a_data_game_builds(tmp_path: Path, monkeypatch, game):
    monkeypatch.setenv("PNP_JOBS", "1")  # no forked workers inside the test runner
    folder = Path(tempfile.mkdtemp(dir=tmp_path))  # one folder per example (the fixture's is shared)
    content = folder / "game.yaml"
    content.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (folder / "star.svg").write_text(STAR, encoding="utf-8")
    runner = CliRunner()
    check = runner.invoke(main, ["check", "--content", str(content)])
    assert check.exit_code in (0, 1) and "internal error" not in check.output, (game, check.output)
    if check.exit_code != 0:
        return
    lang = game["game"]["languages"][0]
    only = [arg for kind in ("cards", "tokens", "board", "rulebook", "mats", "sheets", "aids")
            if kind == "cards" or kind in game for arg in ("--only", kind)]
    build = runner.invoke(main, ["build", "--content", str(content), "--lang", lang, *only, "--out", str(folder / "out")])
    assert build.exit_code == 0, (game, build.output, repr(build.exception))
    assert list((folder / "out" / lang).glob("*.pdf")), build.output


@st.composite
def games_with_parts(draw) -> dict:
    """A game whose cards are sound, so that its icons, mats, sheets and aids decide."""
    langs = draw(st.lists(st.sampled_from(["uk", "en"]), min_size=1, max_size=2, unique=True))
    game = {"pack": "data", "game": {"id": "gen", "title": {lang: "Gra" for lang in langs}, "languages": langs},
            "card": {"width": 63, "height": 88},
            "card_families": [{"id": "f", "name": {lang: "F" for lang in langs}, "colour": "wood",
                               "cards": [{"id": "c", "name": {lang: "Card" for lang in langs},
                                          "text": {lang: "Take [star]." for lang in langs}}]}],
            "icons": {"star": "star.svg"}}
    return game | draw(parts(langs, game))


@settings(max_examples=12, deadline=None, derandomize=True, database=None, phases=(Phase.generate,),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(games_with_parts())
def test_what_check_accepts_of_a_games_mats_sheets_aids_and_icons_builds(tmp_path: Path, monkeypatch, game):
    test_what_check_accepts_a_data_game_builds.hypothesis.inner_test(tmp_path, monkeypatch, game)


def test_the_generator_makes_games_check_accepts_and_refuses():
    """The property above is not vacuous: some generated games pass the check and some do not."""
    outcomes = set()

    @settings(max_examples=15, deadline=None, derandomize=True, database=None, phases=(Phase.generate,))
    @given(games())
    def probe(game):
        with tempfile.TemporaryDirectory() as tmp:
            content = Path(tmp) / "game.yaml"
            content.write_text(yaml.safe_dump(game, allow_unicode=True, sort_keys=False), encoding="utf-8")
            (Path(tmp) / "star.svg").write_text(STAR, encoding="utf-8")
            outcomes.add(CliRunner().invoke(main, ["check", "--content", str(content)]).exit_code)

    probe()
    assert outcomes == {0, 1}
