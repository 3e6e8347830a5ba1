"""The player aids as printed: every threshold and count on the PDF is the model's, in both
languages, and an edited value in the content changes what the aid prints."""

import re

import numpy as np
import pytest

from kit_pdf import build, fonts_embedded, grey, runs, text, words
from oborona_field import CONTENT, GAME
from pnp.core.geometry import NO_PRINT_MARGIN

DPI = 300


#: each row of the dice table and the rule it prints
ROWS = {"aid_row_fight": GAME.rules.fight, "aid_row_over_wall": GAME.rules.fight_over_wall,
        "aid_row_wall": GAME.rules.wall_attack, "aid_row_capture": GAME.rules.capture,
        "aid_row_potion": GAME.rules.potion}
#: the rows each side's aid prints: its own rolls only (the attacker's aid above, the defender's below)
OWN = {"attacker": {"aid_row_fight", "aid_row_wall", "aid_row_capture", "aid_row_potion"},
       "defender": {"aid_row_fight", "aid_row_over_wall", "aid_row_potion"}}


def expected_range(hit: int, faces: int = 6) -> str:
    return f"{hit}\u2013{faces}" if hit < faces else str(faces)  # the rules' die has six


@pytest.fixture(scope="module", params=["ru", "uk"])
def aids(request, tmp_path_factory):
    lang = request.param
    return lang, build(tmp_path_factory.mktemp(f"aids-{lang}"), lang, "aids") / f"oborona-zamka-{lang}-aids.pdf"


def printed_rows(pdf, game, lang: str, page: int = 1, half: int | None = None) -> dict[str, list[str]]:
    """ui key of each threshold row -> the ranges printed at the end of its line, one per aid:
    a range ("5–6", "6") and the words before it on its line, up to 60 mm to its left. `half`
    0 or 1 reads only the upper or the lower aid of the A4 page."""
    found = [w for w in words(pdf, page) if half is None or (w[2] > 297 / 2) == bool(half)]
    by_label: dict[str, list[str]] = {}
    for w in found:
        if re.fullmatch(r"\d(\u2013\d)?", w[0]):
            line = sorted((v for v in found if abs(v[2] - w[2]) < 0.8 and w[1] - 60 < v[1] < w[1]
                           and not re.fullmatch(r"[\d\u2013]+", v[0])), key=lambda v: v[1])
            by_label.setdefault(" ".join(v[0] for v in line), []).append(w[0])
    return {key: by_label.get(game.ui(key, lang), []) for key in ROWS}


def flat(pdf) -> str:
    return " ".join(text(pdf).split())


def test_the_printed_thresholds_are_the_models(aids):
    lang, pdf = aids
    for half, side in enumerate(GAME.sides):
        rows = printed_rows(pdf, GAME, lang, half=half)
        for key, hit in ROWS.items():
            assert rows[key] == ([expected_range(hit)] if key in OWN[side.id] else []), (side.id, key)
    printed = flat(pdf)
    assert GAME.ui("aid_dice", lang, n=GAME.components.dice) in printed
    assert f"\u2212{-GAME.rules.commander_target}" in printed and f"+{GAME.rules.commander_bonus}" in printed
    for side in GAME.sides:
        assert side.name.get(lang) in printed
    assert fonts_embedded(pdf) == []


def test_an_edited_value_changes_the_aid(tmp_path):
    content = CONTENT.read_text(encoding="utf-8")
    for old, new in (("  fight_over_wall: {hit: 6}",
                      '  fight_over_wall: {hit: 5, note: "The rules say 6; 5 here, to test the aid."}'),
                     ("  dice: {count: 2, faces: 6,", "  dice: {count: 3, faces: 8,")):
        assert old in content
        content = content.replace(old, new)
    edited = tmp_path / "oborona-zamka.yaml"
    edited.write_text(content, encoding="utf-8")
    pdf = build(tmp_path / "out", "ru", "aids", content=edited) / "oborona-zamka-ru-aids.pdf"
    rows = printed_rows(pdf, GAME, "ru")
    # the dice's faces come from the content: eight-sided dice widen every range
    assert rows["aid_row_over_wall"] == [expected_range(5, 8)]  # the defender's aid only
    assert rows["aid_row_fight"] == [expected_range(GAME.rules.fight, 8)] * 2
    assert GAME.ui("aid_dice", "ru", n=3) in flat(pdf)


def _cuts(pdf, page: int) -> tuple[list[float], list[float]]:
    """(horizontal, vertical) cut lines of a page, mm, read off its crop marks."""
    left = grey(pdf, DPI, page, box=(NO_PRINT_MARGIN + 0.2, 0, 0.8, 297)).mean(axis=1) < 160
    ys = [(a + b) / 2 * 25.4 / DPI for a, b in runs(left)]
    top = grey(pdf, DPI, page, box=(0, ys[0] - 3.5, 216, 0.3)).mean(axis=0) < 160
    return ys, [(a + b) / 2 * 25.4 / DPI for a, b in runs(top)]


def test_aids_are_half_a_sheet_and_their_backs_lie_behind_them(aids):
    _, pdf = aids
    ys, xs = _cuts(pdf, 1)
    assert len(ys) == len(GAME.sides) + 1 and len(xs) == 2
    width, heights = xs[1] - xs[0], np.diff(ys)
    assert width <= 210 and all(h <= 297 / 2 for h in heights)
    back_ys, back_xs = _cuts(pdf, 2)
    page_w = 210.0
    assert np.allclose(back_ys, ys, atol=0.1)  # long-edge duplex: rows stay, columns mirror
    assert np.allclose(sorted(page_w - x for x in back_xs), xs, atol=0.1)


def test_nothing_is_printed_near_the_paper_edge(aids):
    _, pdf = aids
    for page in (1, 2):
        image, edge = grey(pdf, 100, page), round((NO_PRINT_MARGIN - 0.3) * 100 / 25.4)
        for band in (image[:edge], image[-edge:], image[:, :edge], image[:, -edge:]):
            assert band.min() > 250
