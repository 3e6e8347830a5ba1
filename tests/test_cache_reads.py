"""What a renderer reads of the model (pnp.cache.reads) and how values are digested
(pnp.cache.fingerprint): the facts the build cache keys on."""

from __future__ import annotations

import dataclasses

from pnp.cache.fingerprint import Unknown, digest
from pnp.cache.reads import tracked
from pnp.core.errors import Mark
from pnp.games import pack_of


def test_a_clone_notes_the_fields_read_and_one_key_of_a_mapping(game):
    clone, reads = tracked(game)
    assert isinstance(clone, type(game)) and pack_of(clone) is pack_of(game)
    clone.title.get("uk")
    clone.ui("comp_tiles", "uk")
    assert {"title", ("ui_strings", "comp_tiles")} <= reads
    assert "ui_strings" not in reads and "board" not in reads
    list(clone.ui_strings)  # going through all of it reads the whole field
    assert "ui_strings" in reads


def test_a_clone_copied_by_replace_reads_as_the_model(game):
    clone, reads = tracked(game)
    copy = dataclasses.replace(clone, id="other")  # the print shop relays a game this way
    assert copy.id == "other" and copy.title == game.title
    # replace read every other field (a mapping field's keys are noted as they are looked up)
    others = {f.name for f in dataclasses.fields(game) if f.init and f.name != "id"
              and not hasattr(getattr(game, f.name), "keys")}
    assert set(reads) >= others


def test_digests_are_of_values_not_of_marks_or_order():
    @dataclasses.dataclass(frozen=True)
    class Card:
        name: str
        tags: frozenset
        mark: Mark

    a = Card("Натиск", frozenset({"roll", "attack"}), Mark("a.yaml", 3, 5))
    b = Card("Натиск", frozenset({"attack", "roll"}), Mark("a.yaml", 40, 1))
    assert digest(a) == digest(b)  # a line added above the card changes nothing printed
    assert digest(a) != digest(dataclasses.replace(a, name="Натиск!"))
    assert digest({"x": 1, "y": 2}) == digest({"y": 2, "x": 1})
    assert digest((1, 2)) != digest([1, 2]) and digest(1) != digest(1.0) and digest("1") != digest(1)


def test_a_value_of_unknown_meaning_is_not_digested():
    try:
        digest(object())
    except Unknown:
        return
    raise AssertionError("an object of unknown meaning was digested")
