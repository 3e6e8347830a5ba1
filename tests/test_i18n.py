"""Lists and percentages through Babel, as each language writes them (pnp/core/i18n.py)."""

from fractions import Fraction
from importlib import resources

import pytest
import yaml

from pnp.core import catalogue
from pnp.core.i18n import join, percent

NBSP = "\u00a0"


@pytest.mark.parametrize("lang, three, two, either", [
    ("uk", "«А», «Б» і «В»", "«А» і «Б»", "«А», «Б» або «В»"),
    ("ru", "«А», «Б» и «В»", "«А» и «Б»", "«А», «Б» или «В»"),
    ("en", "“A”, “B”, and “C”", "“A” and “B”", "“A”, “B”, or “C”"),
])
def test_lists(lang, three, two, either):
    items = {"en": ["“A”", "“B”", "“C”"]}.get(lang, ["«А»", "«Б»", "«В»"])
    assert join(items, lang) == three
    assert join(items[:2], lang) == two
    assert join(items, lang, "or") == either
    assert join(items[:1], lang) == items[0] and join([], lang) == ""


def test_percentages_keep_each_languages_sign_and_space():
    assert percent(Fraction(7, 12), "uk") == f"58{NBSP}%"
    assert percent(0.12345, "uk", 1) == f"12,3{NBSP}%"
    assert percent(0.12345, "ru", 1) == f"12,3{NBSP}%"
    assert percent(0.12345, "en", 1) == "12.3%"
    assert percent(1, "en", 0) == "100%"


def test_the_catalogue_reads_the_same_with_libyaml_as_with_the_pure_loader():
    raw = resources.files(catalogue.__name__).joinpath("strings.yaml").read_text(encoding="utf-8")
    pure = yaml.load(raw, Loader=yaml.SafeLoader)
    assert {k: dict(v) for k, v in catalogue.strings().items()} == pure
