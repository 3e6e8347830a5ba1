"""docs/content-oborona-zamka.md is generated (docs/gen_content_doc_oborona.py), up to date,
and documents every key of the game's schema and every problem code its checks can give."""

import importlib.util
from pathlib import Path

from pnp import checks, games
from pnp.content import schema as schema_mod, yamlload

ROOT = Path(__file__).resolve().parents[3]
PACK = games.pack("oborona-zamka")
DOC = ROOT / "docs" / "content-oborona-zamka.md"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "docs" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_guide_is_up_to_date():
    assert DOC.read_text(encoding="utf-8") == _load("gen_content_doc_oborona").render(), \
        "docs/content-oborona-zamka.md is out of date: run python docs/gen_content_doc_oborona.py"


def test_every_key_of_the_schema_is_in_the_guide_with_what_it_means():
    doc = DOC.read_text(encoding="utf-8")
    gen, schema = _load("gen_content_doc"), schema_mod.schema(PACK.schema)
    meanings = _load("gen_content_doc_oborona").MEANINGS
    for name, node in schema["properties"].items():
        assert f"### `{name}`" in doc
        assert node.get("description") or gen._resolve(node, schema)[0].get("description") or meanings.get(name), name
        for path, sub, _, _ in gen._fields(node, name, [], schema):
            assert f"| `{path}` |" in doc, path
            assert sub.get("description") or gen._resolve(sub, schema)[0].get("description") or meanings.get(path), path


def test_every_code_the_checks_and_the_cases_give_is_documented():
    doc = DOC.read_text(encoding="utf-8")
    documented = {**yamlload.CODES, **schema_mod.CODES, **checks.codes(PACK.checks)}
    for code in documented:
        assert f"| `{code}` |" in doc, code
    used = set()
    for expect in (ROOT / "tests" / "cases" / PACK.id).glob("*.expect"):
        for line in expect.read_text(encoding="utf-8").splitlines():
            words = line.split("#", 1)[0].split()
            if len(words) >= 2 and words[0] not in ("exit", "args"):
                used.add(words[1])
    assert len(used) > 15 and used <= set(documented), used - set(documented)
