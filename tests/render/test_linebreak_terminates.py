"""The line breaker ends on any text and any width, and loses no letter on the way.

A week track of 20 days once pushed a table column to a negative width; the breaker then
cut "" from "" for ever (7.9 GB in 6 minutes). Its loop ends because every cut leaves a
rest strictly smaller than the word it cut: these properties hold that variant on every
cut, over widths from below zero to wider than any page, so a cut that makes no progress
fails here at once instead of hanging.
"""

from __future__ import annotations

from contextlib import ExitStack, contextmanager
from unittest import mock

from hypothesis import given, settings, strategies as st

from pnp.core import typography
from pnp.typeset import linebreak, richtext

UK = typography.table("uk")

LETTERS = "абвгдеєжзиіїйклмнопрстуфхцчшщьюяАБВ"
#: words, numbers, the glue the breaker knows (nbsp, dashes, one-letter words, number + icon), breaks
PIECES = st.sampled_from([*LETTERS, " ", "  ", "\u00a0", "—", "3", "12 ", "в ", "**", "[wood]", "[gold]", "\n", ".", ","])
TEXTS = st.lists(PIECES, max_size=60).map("".join)
WIDTHS = st.one_of(st.floats(-200.0, 400.0, allow_nan=False), st.sampled_from([0.0, -0.0, 1e-9, -1e-9, 0.3, 1e6]))


def _size(word) -> int:
    """The variant: atoms plus letters. Every cut must leave a rest smaller than the word."""
    return len(word) + sum(len(atom.text) for atom in word if atom.kind == "text")


def _checked(cut):
    def wrapper(word, *args):
        result = cut(word, *args)
        if result is not None:
            head, tail = result
            assert head, f"{cut.__name__} cut nothing off {word}"
            assert _size(tail) < _size(word), f"{cut.__name__} left {tail} of {word}: no progress"
        return result
    return wrapper


@contextmanager
def _progress_checked():
    """Within the block, every cut of the breaker asserts the variant instead of looping."""
    with ExitStack() as stack:
        for name in ("_force_split", "_split_word"):
            stack.enter_context(mock.patch.object(linebreak, name, _checked(getattr(linebreak, name))))
        yield


def _letters(text: str) -> str:
    return "".join(ch for ch in text if not ch.isspace() and ch != "-")


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(TEXTS, WIDTHS, st.floats(1.0, 40.0), st.booleans())
def test_every_cut_makes_progress_and_no_letter_is_lost(text, width, size, hyphenate):
    try:
        runs = richtext.parse(text)
    except ValueError:
        return  # unbalanced ** : refused before any breaking
    with _progress_checked():
        wrapped = linebreak._wrap.__wrapped__(runs, width, "sans", size, hyphenate, UK, "")  # not the cache
    set_text = "".join(p.text for line in wrapped.lines for p in line.pieces if p.kind == "text")
    assert _letters(set_text) == _letters("".join(r.text for r in runs if r.kind == "text"))
    icons = [p.text for line in wrapped.lines for p in line.pieces if p.kind == "icon"]
    assert icons == [r.text for r in runs if r.kind == "icon"]
    # at most a line a character typed (plus one): never an endless list of empty lines
    assert len(wrapped.lines) <= len(text) + 1


def test_a_column_narrower_than_nothing_sets_a_letter_a_line():
    with _progress_checked():
        wrapped = linebreak._wrap.__wrapped__(richtext.parse("**Ефекти**"), -10.0, "sans", 9.5, False, UK, "")
    assert ["".join(p.text for p in line.pieces) for line in wrapped.lines] == list("Ефекти")
    assert wrapped.broken_words == 6
