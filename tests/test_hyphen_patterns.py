"""pyphen's dictionaries kept parsed in the user cache (pnp.core.hyphen_patterns) break every word
where pyphen's own parse of the file breaks it, skip the parse on a hit and ignore a damaged entry."""

from __future__ import annotations

import re
from pathlib import Path

import pyphen
import pytest

from pnp.core import hyphen_patterns

ROOT = Path(__file__).resolve().parent.parent
#: every word of the shipped content (Cyrillic and Latin)
WORDS = sorted({w for path in (ROOT / "content").rglob("*.yaml")
                for w in re.findall(r"[a-zа-яіїєґёъыэ']{4,}", path.read_text(encoding="utf-8").lower())})


@pytest.fixture
def fresh(monkeypatch, tmp_path):
    """The user cache on, in a new folder, and pyphen's own cache of parsed files empty."""
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pyphen, "hdcache", {})
    return tmp_path / hyphen_patterns.KIND


def _refuse_parsing(monkeypatch):
    def refuse(self, path):
        raise AssertionError(f"{path} was parsed although it is kept")
    monkeypatch.setattr(pyphen.HyphDict, "__init__", refuse)


@pytest.mark.parametrize("lang", ["uk", "ru", "en"])
def test_a_kept_dictionary_breaks_every_word_as_pyphens_own(fresh, monkeypatch, lang):
    assert len(WORDS) > 1000
    own = pyphen.Pyphen(lang=lang, left=2, right=2)
    pyphen.hdcache.clear()
    hyphen_patterns.dictionary(lang, 2, 2)  # parsed, and kept
    assert len(list(fresh.iterdir())) == 1
    pyphen.hdcache.clear()
    _refuse_parsing(monkeypatch)
    kept = hyphen_patterns.dictionary(lang, 2, 2)
    assert kept.hd is not own.hd and kept.hd.maxlen == own.hd.maxlen
    assert [kept.positions(w) for w in WORDS] == [own.positions(w) for w in WORDS]


@pytest.mark.parametrize("damage", [b"", b"not marshal", b"\xe9" * 40, __import__("marshal").dumps(({}, 3)),
                                    __import__("marshal").dumps(({"ab": "x"}, 3))])
def test_a_damaged_entry_is_ignored(fresh, damage):
    first = hyphen_patterns.dictionary("uk", 2, 2).positions("найслабший")
    (entry,) = fresh.iterdir()
    entry.write_bytes(damage)
    pyphen.hdcache.clear()
    assert hyphen_patterns.dictionary("uk", 2, 2).positions("найслабший") == first


def test_no_cache_skips_it(fresh, monkeypatch):
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    hyphen_patterns.dictionary("uk", 2, 2)
    assert not fresh.exists()
