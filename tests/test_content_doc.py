"""docs/content.md is generated (docs/gen_content_doc.py) and must be up to date."""

import importlib.util
from pathlib import Path

import pnp.checks as checks
from pnp.content import schema as schema_mod, tables, yamlload
from pnp.games import packs
from pnp.games.tverdzha.pack import PACK
from pnp.games.tverdzha.effect_keys import EFFECTS

ROOT = Path(__file__).resolve().parent.parent


def _generator():
    spec = importlib.util.spec_from_file_location("gen_content_doc", ROOT / "docs" / "gen_content_doc.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_guide_is_up_to_date():
    gen = _generator()
    assert (ROOT / "docs" / "content.md").read_text(encoding="utf-8") == gen.render(), \
        "docs/content.md is out of date: run python docs/gen_content_doc.py"


def test_guide_covers_every_section_field_effect_and_code():
    doc = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    for section in schema_mod.schema(PACK.schema)["properties"]:
        assert f"### `{section}`" in doc
    for key in EFFECTS:
        assert f"| `{key}` |" in doc
    all_codes = {**yamlload.CODES, **tables.CODES, **schema_mod.CODES, **checks.codes(PACK.checks)}
    for code in all_codes:
        assert f"| `{code}` |" in doc, code
    assert "{name|one|few|many}".replace("|", "\\|") in doc


def test_every_named_field_of_the_schema_has_a_description():
    gen = _generator()
    missing = []
    for name, node in schema_mod.schema(PACK.schema)["properties"].items():
        if not (node.get("description") or gen._resolve(node)[0].get("description")):
            missing.append(name)
        for path, sub, _, _ in gen._fields(node, name, []):
            if not (sub.get("description") or gen._resolve(sub)[0].get("description")):
                missing.append(path)
    assert missing == []


def test_every_code_in_the_case_corpus_is_documented():
    documented = {**yamlload.CODES, **schema_mod.CODES, **checks.codes(PACK.checks),
                  **{code: what for pack in packs().values() for code, what in checks.codes(pack.checks).items()}}
    used = set()
    for expect in (ROOT / "tests" / "cases").glob("*.expect"):
        for line in expect.read_text(encoding="utf-8").splitlines():
            words = line.split("#", 1)[0].split()
            if len(words) >= 2 and words[0] not in ("exit", "args"):
                used.add(words[1])
    assert used and used <= set(documented), used - set(documented)
