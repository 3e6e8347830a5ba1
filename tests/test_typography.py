"""Typography per language (pnp/core/typography.py): hyphenation, ties and the line
breaker follow the table of the language being set, and every entry point sets one."""

from __future__ import annotations

import contextvars

import pytest

from pnp.build import build
from pnp.checks import run_all
from pnp.components.base import BuildOptions
from pnp.core import hyphen, typography
from pnp.rulebook.hyphenation import hyphenated
from pnp.rulebook.markup import NBSP, ties
from pnp.typeset import linebreak, richtext


def heads(word: str, lang: str) -> set[str]:
    return {head for head, _ in hyphen.splits(word, typography.table(lang))}


def test_russian_breaks_keep_signs_and_й_with_their_syllable():
    with typography.using("ru"):
        assert hyphenated("подъезд объявление майский большой") == "подъ-езд объ-яв-ле-ние май-ский боль-шой"
    assert "под-" not in heads("подъезд", "ru") and "ма-" not in heads("майский", "ru")
    # Russian carries a cluster as the dictionary says; the Ukrainian table would refuse it
    assert "госу-" in heads("государство", "ru") and "государ-" in heads("государство", "ru")
    assert "государ-" not in heads("государство", "uk")
    assert ("кре-", "пость") in hyphen.splits("крепость", typography.table("ru"))


def test_english_keeps_the_dictionarys_breaks_and_texs_minimums():
    assert heads("building", "en") == {"build-"}
    assert heads("opponent", "en") == {"op-", "oppo-"}
    for word in ("every", "castle", "hyphenation", "strength"):
        for head, tail in hyphen.splits(word, typography.table("en")):
            assert len(head) - 1 >= 2 and len(tail) >= 3, (word, head)


def test_a_ukrainian_word_is_not_broken_by_the_english_table():
    assert heads("майстерня", "uk") == {"майс-"}
    assert heads("майстерня", "en") == set()  # no vowel the English table knows


@pytest.mark.parametrize("lang, text, tied", [
    ("uk", "Загін у замку", "у" + NBSP + "замку"),
    ("ru", "Отряд к замку", "к" + NBSP + "замку"),
    ("en", "Take a card", "a" + NBSP + "card"),
])
def test_one_letter_words_of_the_language_are_tied_to_the_next(lang, text, tied):
    with typography.using(lang):
        assert tied in ties(text, last_pair=0)
        runs = richtext.parse(text)
        atoms = linebreak._atoms(runs, typography.active())
    assert [a.kind for a in atoms].count("nbsp") == 1


def test_a_word_that_is_one_letter_only_in_another_language_is_not_tied():
    with typography.using("uk"):
        assert NBSP not in ties("Отряд к замку", last_pair=0)
    with typography.using("en"):
        assert NBSP not in ties("Загін у замку", last_pair=0)


def test_setting_text_with_no_language_chosen_is_a_bug():
    def fit():
        return richtext.fit("Ринок", 20, 10)

    with pytest.raises(LookupError, match="no language is being set"):
        contextvars.Context().run(fit)
    with pytest.raises(LookupError, match="no typography table for language 'de'"):
        typography.table("de")


def test_the_checks_choose_the_language_themselves(game):
    """Run in a fresh context, where no test fixture has chosen one."""
    problems = contextvars.Context().run(run_all, game)
    assert [p.format() for p in problems if p.code == "check-crashed"] == []


def test_the_build_chooses_the_language_itself(game, tmp_path):
    result = contextvars.Context().run(build, game, BuildOptions(lang="uk"), tmp_path, ["tokens"], jobs=1)
    assert [f.path for f in result.files] == ["tverdzha-uk-tokens.pdf"]

