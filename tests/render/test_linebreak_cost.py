"""Line breaking costs about linear time in the text's length, and its shortcuts change nothing.

A 5,000-letter building name once took `pnp check` minutes and gigabytes (every line
re-measured and re-hyphenated the whole rest of the word). The shortcuts that fixed it
(measure a long word only as far as a line, hyphenate only the reachable part, skip
sizes the text cannot fit by its width) must give the same lines as doing it in full.
"""

from __future__ import annotations

import gc
import random
import time
import tracemalloc

from hypothesis import given, settings, strategies as st

from pnp.content import load_game
from pnp.components import card_boxes, card_text
from pnp.typeset import fonts, linebreak, richtext
from pnp.core import hyphen, typography

UK = typography.table("uk")

LETTERS = "абвгдежзийклмнопрстуфхцчшщьюяєії"


def _letters(n: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(LETTERS) for _ in range(n))


def _title_cost(name: str, memory: bool = False) -> tuple[float, richtext.FitResult]:
    """CPU seconds to fit `name` as a card title; with `memory`, the peak bytes allocated instead
    (tracemalloc slows Python down several times, so the two are measured apart)."""
    game, _ = load_game()
    layout = card_text.family_layout(game, next(f for f in game.card_families if f.id == "building"))
    title, box = layout.element("title"), card_boxes.boxes(layout, game.print.card)["title"]
    style = layout.styles["title"]
    card_text.fit_text("Ринок", title, style, box, 7.0)  # fonts and the hyphenation dictionary loaded
    linebreak._wrap.cache_clear()
    if memory:
        tracemalloc.start()
    collecting = gc.isenabled()
    gc.disable()  # a full collection of a big test process's heap would be timed with the text
    start = time.process_time()
    try:
        result = card_text.fit_text(name, title, style, box, 7.0)
    finally:
        cost = time.process_time() - start
        if collecting:
            gc.enable()
    if memory:
        cost = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return cost, result


def test_a_5000_letter_name_is_refused_quickly_and_in_little_memory():
    for name in (_letters(5000), " ".join(_letters(5000)[i:i + 7] for i in range(0, 5000, 7))):
        cpu, result = _title_cost(name)
        assert not result.fits and result.overflow_mm > 0
        assert cpu < 1.0, f"{cpu:.2f} s of CPU"  # was minutes
        peak, _ = _title_cost(name, memory=True)
        assert peak < 30 * 2**20, f"{peak / 2**20:.0f} MB"  # was gigabytes


def test_cost_grows_about_linearly():
    # the best of three: another process on the machine can only make a run slower
    small = min(_title_cost(_letters(1000, seed=2))[0] for _ in range(3))
    large = min(_title_cost(_letters(4000, seed=3))[0] for _ in range(3))
    assert large < 8 * small + 0.05, (small, large)  # quadratic growth would be 16x


def _split_in_full(text: str, room: float, face: str, size: float):
    """The head that `_split_word` must choose: the longest hyphenation of the whole word that fits."""
    for head, tail in hyphen.splits(text, UK):
        if fonts.text_width_mm(head, face, size) <= room:
            return head, tail
    return None


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.integers(40, 400), st.floats(5.0, 60.0), st.integers(0, 10_000))
def test_hyphenating_the_reachable_part_gives_the_same_cut(length, room, seed):
    text = _letters(length, seed)
    got = linebreak._split_word([linebreak._Atom("text", text)], room, "sans", 8.0, UK)
    want = _split_in_full(text, room, "sans", 8.0)
    assert (got and (got[0][0].text, got[1][0].text)) == (want or None)


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet=LETTERS + "  [wood]**", max_size=200), st.floats(8.0, 80.0))
def test_the_width_bound_never_exceeds_the_lines_needed(text, width):
    try:
        runs = richtext.parse(text)
    except ValueError:
        return
    for hyphenate in (False, True):
        wrapped = linebreak.wrap_runs(runs, width, "sans", 8.0, hyphenate)
        if wrapped.broken_words == 0:
            assert len(wrapped.lines) >= linebreak.min_lines(runs, width, "sans", 8.0)


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(st.text(alphabet=LETTERS + " ", min_size=1, max_size=120), st.floats(0.0, 30.0), st.floats(0.0, 60.0))
def test_the_characters_that_fit_are_the_ones_a_scan_finds(text, used, width):
    scan = 0
    while scan < len(text) and used + fonts.text_width_mm(text[:scan + 1], "sans", 8.0) <= width:
        scan += 1
    assert linebreak._chars_that_fit(text, "sans", 8.0, used, width) == scan
