"""docs/content-empire.md is generated (docs/gen_content_doc_empire.py), up to date, and documents
every key of the game's schema (each travel card type's and a building's too), every word the kit
prints by key, and every problem code its checks and case files give."""

import sys
from pathlib import Path

import casekit

from pnp import checks, games
from pnp.content import schema as schema_mod, yamlload

ROOT = Path(__file__).resolve().parents[3]
PACK = games.pack("empire")
DOC = ROOT / "docs" / "content-empire.md"

sys.path.insert(0, str(ROOT / "docs"))  # the generators are scripts in docs/, importable from there
import gen_content_doc as GEN  # noqa: E402
import gen_content_doc_empire as EMPIRE  # noqa: E402


def test_committed_guide_is_up_to_date():
    assert DOC.read_text(encoding="utf-8") == EMPIRE.render(), \
        "docs/content-empire.md is out of date: run python docs/gen_content_doc_empire.py"


def described(sub, schema, meaning_key) -> bool:
    return bool(sub.get("description") or GEN._resolve(sub, schema)[0].get("description") or EMPIRE.MEANINGS.get(meaning_key))


def test_every_key_of_the_schema_is_in_the_guide_with_what_it_means():
    doc, schema = DOC.read_text(encoding="utf-8"), schema_mod.schema(PACK.schema)
    missing = []
    for name, node in schema["properties"].items():
        assert f"### `{name}`" in doc
        missing += [] if described(node, schema, name) else [name]
        for path, sub, _, _ in GEN._fields(node, name, [], schema):
            assert f"| `{path}` |" in doc, path
            missing += [] if described(sub, schema, path) else [path]
    for type_id, part in EMPIRE.card_parts(schema):
        assert f"(`type: {type_id}`)" in doc
        for path, sub, _, _ in GEN._fields(part, "", [], schema):
            key = path.lstrip(".")
            if key.split(".")[0] not in ("id", "type", "name"):
                missing += [] if described(sub, schema, f"travel_cards[{type_id}].{key}") else [f"{type_id}.{key}"]
    for path, sub, _, _ in GEN._fields(schema["$defs"]["building"], "", [], schema):
        missing += [] if described(sub, schema, f"building.{path.lstrip('.')}") else [f"building{path}"]
    assert missing == [], "give these a schema description or a MEANINGS line in docs/gen_content_doc_empire.py"


def test_every_word_the_kit_prints_by_key_is_listed(game):
    doc = DOC.read_text(encoding="utf-8")
    for key in [*game.ui_keys.known, *game.ui_keys.required_of(game)]:
        assert f"| `{key}` |" in doc, key


def test_every_code_the_checks_and_the_cases_give_is_documented():
    doc = DOC.read_text(encoding="utf-8")
    documented = {**yamlload.CODES, **schema_mod.CODES, **checks.codes(PACK.checks)}
    for code in documented:
        assert f"| `{code}` |" in doc, code
    used = {code for expect in (ROOT / "tests" / "cases" / PACK.id).glob("*.expect")
            for _, code, _ in casekit.read_expect(expect).problems}
    assert {"missing-key", "strength-falls", "plot-unreachable", "missing-ui", "missing-glyph"} <= used
    assert used <= set(documented), used - set(documented)
