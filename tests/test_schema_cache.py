"""The schema verdicts (pnp.content.schemacache): a content the schema passed before is not
validated again, and anything that could change the verdict (the data, a schema file) is
validated in full: an edited content finds every problem the validator finds without a cache."""

from __future__ import annotations

import copy
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from pnp import games
from pnp.content import format_problems, schema, schemacache, tables
from pnp.content.yamlload import load_yaml

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache(monkeypatch, tmp_path):
    monkeypatch.delenv("PNP_NO_CACHE", raising=False)
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    return tmp_path / schemacache.KIND


def _loaded(game: str):
    path = games.pack(game).content
    loaded, problems = load_yaml(path, path.name)
    assert problems == []
    return tables.expand(loaded, path.parent)[0]


def _no_validator(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("validated although the schema passed this data before")
    monkeypatch.setattr(schema, "validate", refuse)


@pytest.mark.parametrize("game", ["tverdzha", "oborona-zamka", "empire"])
def test_a_shipped_content_is_validated_once(cache, monkeypatch, game):
    loaded = _loaded(game)
    assert format_problems(loaded)[1] == []
    assert len(list(cache.iterdir())) == 2  # pnp's general part, then the pack's schema
    _no_validator(monkeypatch)
    pack, problems = format_problems(loaded)
    assert problems == [] and pack is games.pack(game)


def _first_integer_path(data, path=()):
    """The path of the first whole number in the data (a cost, a count)."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        if isinstance(value, int) and not isinstance(value, bool):
            return path + (key,)
        found = _first_integer_path(value, path + (key,))
        if found:
            return found
    return None


def _edited(loaded, path, value):
    data = copy.deepcopy(loaded.data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return replace(loaded, data=data)


@pytest.mark.parametrize("game", ["tverdzha", "empire"])
@pytest.mark.parametrize("edit", ["float", "text", "unknown-key"])
def test_an_edited_content_finds_what_the_validator_finds(cache, monkeypatch, game, edit):
    loaded = _loaded(game)
    assert format_problems(loaded)[1] == []  # the shipped content's verdict is kept
    path = _first_integer_path({k: v for k, v in loaded.data.items() if k != "pack"})
    assert path is not None
    number = loaded.data
    for key in path:
        number = number[key]
    if edit == "float":  # 4 -> 4.0: equal in Python, not to the schema's `integer`
        changed = _edited(loaded, path, float(number))
    elif edit == "text":
        changed = _edited(loaded, path, str(number))
    else:
        changed = replace(loaded, data={**loaded.data, "colour_scheme": "dark"})
    found = format_problems(changed)[1]
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    uncached = format_problems(changed)[1]
    assert found and found == uncached, [p.format() for p in found]
    # the edited data passes pnp's general part (it reads only `pack:`): that verdict is kept, the
    # pack schema's, with problems, is not
    assert len(list(cache.iterdir())) == 3


def test_a_changed_schema_file_is_not_trusted(cache, monkeypatch, tmp_path):
    """The schema files' bytes are part of the key: a pack's schema edited (a range narrowed)
    validates the same data again and finds what the new schema refuses."""
    loaded = _loaded("oborona-zamka")
    pack = games.pack("oborona-zamka")
    own = tmp_path / "schema.json"
    # the copy refers to pnp's general part by its file's URI instead of the pack's relative path
    text = pack.schema.read_text(encoding="utf-8").replace("../../content/base.schema.json",
                                                          schema.BASE_SCHEMA_PATH.resolve().as_uri())
    own.write_text(text, encoding="utf-8")
    assert schema.content_problems(loaded, own) == []
    assert '"minimum": 1' in text
    own.write_text(text.replace('"minimum": 1', '"minimum": 1000'), encoding="utf-8")
    schema.content_validator.cache_clear()
    schema.schema.cache_clear()
    try:
        found = schema.content_problems(loaded, own)
    finally:
        schema.content_validator.cache_clear()
        schema.schema.cache_clear()
    assert found and {p.code for p in found} == {"out-of-range"}


def test_no_cache_skips_it(cache, monkeypatch):
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    assert format_problems(_loaded("oborona-zamka"))[1] == []
    assert not cache.exists()


def test_a_second_check_of_unchanged_content_does_not_import_jsonschema(tmp_path):
    # the second asks for another format: its verdict is not kept (pnp.cache.check_verdicts), the content is
    # read and checked again, and the schema's verdict on it is
    probe = ("import sys; from pnp.commands.check import run; code = run(None, fmt=sys.argv[1]); "
             "print(code, 'jsonschema' in sys.modules)")
    env = {**{k: v for k, v in __import__('os').environ.items() if k != "PNP_NO_CACHE"}, "PNP_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", probe, fmt], capture_output=True, text=True, check=True, env=env,
                           cwd=ROOT) for fmt in ("text", "json")]
    assert [r.stdout.splitlines()[-1] for r in runs] == ["0 True", "0 False"]


def _trusted(monkeypatch) -> list[set[str]]:
    """The sections each validation took on trust, as it runs."""
    seen: list[set[str]] = []
    trusting = schema._sections_trusted

    def spy(validator, known):
        seen.append(set(known))
        return trusting(validator, known)
    monkeypatch.setattr(schema, "_sections_trusted", spy)
    return seen


@pytest.mark.parametrize("game", ["tverdzha", "empire"])
def test_after_an_edit_only_the_edited_section_is_validated_again(cache, monkeypatch, game):
    loaded = _loaded(game)
    assert format_problems(loaded)[1] == []
    seen = _trusted(monkeypatch)
    title = loaded.data["game"]["title"]
    changed = _edited(loaded, ("game", "title"), {lang: f"{words}!" for lang, words in title.items()})
    assert format_problems(changed)[1] == []
    pack_run = seen[-1]
    assert pack_run == set(loaded.data) - {"game"}
    # the edit's verdicts are kept in turn: the same data again is not validated at all
    monkeypatch.setattr(schema, "validate", lambda *a, **k: pytest.fail("validated again"))
    assert format_problems(changed)[1] == []


def test_the_documents_own_rules_hold_with_every_section_trusted(cache, monkeypatch):
    """A required section removed, an unknown one added: every remaining section passed before,
    and the problems are those the validator finds without a cache."""
    loaded = _loaded("empire")
    assert format_problems(loaded)[1] == []
    seen = _trusted(monkeypatch)
    changed = replace(loaded, data={**{k: v for k, v in loaded.data.items() if k != "races"}, "colour": "teal"})
    found = format_problems(changed)[1]
    assert seen and seen[-1] == set(changed.data) - {"colour"}
    monkeypatch.setenv("PNP_NO_CACHE", "1")
    uncached = format_problems(changed)[1]
    assert found == uncached and {p.code for p in found} >= {"missing-key", "unknown-key"}, [p.format() for p in found]


def test_a_schema_with_rules_across_sections_is_never_trusted_by_section():
    plain = {"type": "object", "required": ["a"], "additionalProperties": False, "properties": {"a": {}}}
    assert schema._by_sections(plain)
    for across in ({"allOf": [{"required": ["b"]}]}, {"if": {"required": ["a"]}, "then": {"required": ["b"]}},
                   {"dependentRequired": {"a": ["b"]}}, {"additionalProperties": {"type": "string"}}):
        assert not schema._by_sections({**plain, **across}), across
