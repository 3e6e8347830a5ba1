"""Validate loaded content against its JSON Schemas: pnp's general part
(pnp/content/base.schema.json: the `pack` key) and the game pack's own schema.

The same schemas serve editors (completion, inline validation) and the loader: a pack's
schema refers to the general one by a relative `$ref`, which editors follow by file and
the loader through a `referencing` registry. Each jsonschema error becomes a Problem that
says what was expected and what was found, at the line of the offending value, with a
"did you mean" for typos.
"""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from pnp.content import schemacache
from pnp.content.yamlload import Loaded
from pnp.core.errors import Problem, error

if TYPE_CHECKING:
    import jsonschema
    from referencing import Registry

BASE_SCHEMA_PATH = Path(__file__).with_name("base.schema.json")

#: Every problem code the schema validation reports, with what it means (docs/content.md).
CODES = {
    "unknown-key": "A key the format does not have (often a typo; the hint suggests the right one).",
    "missing-key": "A required key is missing.",
    "wrong-type": "A value of the wrong type (text where a number belongs, ...).",
    "bad-value": "A value that is not one of the allowed choices.",
    "out-of-range": "A number outside its allowed range.",
    "bad-length": "A list with too few or too many items.",
    "missing-text": "An empty text mapping (no language at all).",
    "duplicate-item": "A list whose items must be unique repeats one.",
    "bad-id": "An id that is not lowercase letters, digits and '_'.",
    "bad-key": "A key of the wrong form (a language code, a resource id ...).",
    "empty-text": "An empty string where text is needed.",
    "too-long": "An id longer than its limit (40 characters: ids end up in file names).",
    "schema": "Any other disagreement with the content schema.",
    "too-many-problems": "So many format problems that checking stopped; the file is probably not a content file.",
    "unknown-game": "The `pack:` key names no game pack pnp has (`pnp games` lists them).",
}


@lru_cache(maxsize=None)
def schema(path: Path = BASE_SCHEMA_PATH) -> dict:
    """The schema document at `path` (by default pnp's general part)."""
    return json.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _registry() -> Registry:
    """The general schema, by its file URI (packs' relative `$ref`s) and by its `$id`."""
    from referencing import Registry, Resource

    base = Resource.from_contents(schema())
    return Registry().with_resources([(BASE_SCHEMA_PATH.resolve().as_uri(), base), (schema()["$id"], base)])


def _is_integer(checker, instance) -> bool:
    """A whole number as written: 4 is, 4.0 is not (jsonschema's default takes 4.0 too,
    and the renderers would print "4.0" or fail on `range(4.0)`)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=1)
def _strict() -> type[jsonschema.protocols.Validator]:
    """Draft 2020-12 whose `integer` refuses 4.0."""
    import jsonschema

    return jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    )


def strict_validator(schema_doc: dict) -> jsonschema.protocols.Validator:
    """A validator for `schema_doc` whose `integer` refuses 4.0."""
    return _strict()(schema_doc)


@lru_cache(maxsize=None)
def content_validator(path: Path = BASE_SCHEMA_PATH) -> jsonschema.protocols.Validator:
    """The validator of the schema at `path`, its relative `$ref`s resolved from where it is."""
    doc = {"$id": path.resolve().as_uri(), **schema(path)}
    return _strict()(doc, registry=_registry())


def content_problems(loaded: Loaded, path: Path = BASE_SCHEMA_PATH) -> list[Problem]:
    """`validate` against the content schema at `path` (a pack's refers to pnp's general part),
    skipped for data this schema passed before (pnp.content.schemacache): an unchanged content
    is not validated, nor jsonschema imported, again."""
    files = (path,) if path == BASE_SCHEMA_PATH else (path, BASE_SCHEMA_PATH)
    names = schemacache.Names(loaded.data, files)
    if schemacache.passed_before(names):
        return []
    validator = content_validator(path)
    known = schemacache.parts_passed_before(names) if _by_sections(validator.schema) else set()
    problems = validate(loaded, _sections_trusted(validator, known) if known else validator)
    if not problems:
        schemacache.remember_passed(names, known)
    return problems


#: a document schema with no other words than these says what each top-level section must be
#: (`properties`) apart from which sections there must or may be: a section's verdict then depends
#: on that section alone, and one passed before can be trusted (pnp.content.schemacache)
_SECTION_WISE = frozenset({"$schema", "$id", "$comment", "title", "description", "type", "required",
                           "additionalProperties", "properties", "$defs", "definitions"})


def _by_sections(root: Any) -> bool:
    return (isinstance(root, dict) and root.keys() <= _SECTION_WISE and root.get("type") == "object"
            and isinstance(root.get("properties"), dict) and isinstance(root.get("additionalProperties", True), bool))


def _sections_trusted(validator: jsonschema.protocols.Validator, known: set[str]) -> jsonschema.protocols.Validator:
    """The validator with each section in `known` accepted as it is; the document's own rules
    (its type, required and allowed sections) and every other section are still checked."""
    root = validator.schema
    properties = {key: True if key in known else sub for key, sub in root["properties"].items()}
    # made as content_validator makes one (`evolve` would pick the class the schema's dialect names,
    # losing the strict `integer`)
    return _strict()({**root, "properties": properties}, registry=_registry())


def _kind(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the number {value}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text {shown!r}"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' if len(value) != 1 else ''}"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


_TYPE_NAMES = {"object": "a mapping", "array": "a list", "string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false", "null": "nothing"}


def _expected_type(t) -> str:
    if isinstance(t, list):
        return " or ".join(_TYPE_NAMES.get(x, x) for x in t)
    return _TYPE_NAMES.get(t, t)


def did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"did you mean {close[0]!r}?" if close else ""


def path_text(path) -> str:
    """A path as the designer reads it: buildings[0].cost.wood."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "the document"


def _problems_for(err: jsonschema.ValidationError, loaded: Loaded) -> Iterator[Problem]:
    path = tuple(err.absolute_path)
    # a schema part may name what it describes ("x-kind": "a mine card") where its path alone
    # does not say it (one of several layouts picked by a field's value)
    where = path_text(path) + (f" ({err.schema['x-kind']})" if isinstance(err.schema, dict) and "x-kind" in err.schema else "")
    mark = loaded.mark(path)
    v = err.validator
    if v == "additionalProperties" and err.validator_value is False:
        allowed = sorted(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in err.schema.get("properties", {})]
        for key in extra:
            yield error(
                "unknown-key",
                f"{where}: unknown key {key!r}; accepted keys: {', '.join(allowed)}",
                loaded.mark(path + (key, "__key__")),
                did_you_mean(key, allowed),
            )
        return
    if v == "required":
        missing = [k for k in err.validator_value if k not in err.instance]
        for key in missing:
            yield error("missing-key", f"{where}: required key {key!r} is missing", mark)
        return
    if v == "type":
        yield error("wrong-type", f"{where}: expected {_expected_type(err.validator_value)}, found {_kind(err.instance)}", mark)
        return
    if v == "enum":
        allowed = ", ".join(repr(x) for x in err.validator_value)
        yield error("bad-value", f"{where}: expected one of {allowed}, found {_kind(err.instance)}", mark, did_you_mean(err.instance, err.validator_value))
        return
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}[v]
        yield error("out-of-range", f"{where}: expected a number {bound} {err.validator_value}, found {err.instance}", mark)
        return
    if v in ("minItems", "maxItems"):
        bound = "at least" if v == "minItems" else "at most"
        yield error("bad-length", f"{where}: expected {bound} {err.validator_value} items, found {len(err.instance)}", mark)
        return
    if v == "minProperties":
        yield error("missing-text", f"{where}: expected at least {err.validator_value} entry, found none", mark)
        return
    if v == "uniqueItems":
        seen, dups = set(), []
        for item in err.instance:
            key = json.dumps(item, sort_keys=True)
            if key in seen:
                dups.append(item)
            seen.add(key)
        yield error("duplicate-item", f"{where}: items must be unique, {', '.join(map(repr, dups))} repeated", mark)
        return
    if v == "pattern" and "propertyNames" in err.schema_path:
        key_mark = loaded.mark(path + (err.instance, "__key__"))
        form = err.schema.get("description") or (
            "a language code like 'uk'" if err.validator_value == "^[a-z]{2}$" else "lowercase letters, digits and '_'")
        yield error("bad-key", f"{where}: key {err.instance!r} does not have the expected form ({form})", key_mark,
                    did_you_mean(str(err.instance).lower(), _known_keys(loaded, path)) if str(err.instance).lower() != err.instance else "")
        return
    if v == "pattern":
        yield error("bad-id" if "a-z" in err.validator_value else "bad-value", f"{where}: {_kind(err.instance)} does not have the expected form ({err.schema.get('description') or err.validator_value})", mark)
        return
    if v == "minLength":
        yield error("empty-text", f"{where}: expected non-empty text", mark)
        return
    if v == "maxLength":
        yield error("too-long", f"{where}: expected at most {err.validator_value} characters, found {len(err.instance)}", mark)
        return
    if v == "anyOf":
        yield error("wrong-type", f"{where}: expected a whole number, an id or a cost mapping, found {_kind(err.instance)}", mark)
        return
    if v == "propertyNames":
        yield error("bad-key", f"{where}: key does not have the expected form: {err.message}", mark)
        return
    yield error("schema", f"{where}: {err.message}", mark)


def _known_keys(loaded: Loaded, path) -> list[str]:
    """Ids the content defines that a key at `path` may mean (resource ids for costs)."""
    data = loaded.data
    if isinstance(data, dict) and isinstance(data.get("resources"), list):
        return [r["id"] for r in data["resources"] if isinstance(r, dict) and isinstance(r.get("id"), str)]
    return []


#: past this many, the file is not the game with mistakes but something else entirely
MAX_PROBLEMS = 200


def validate(loaded: Loaded, validator: jsonschema.protocols.Validator | None = None) -> list[Problem]:
    """Every disagreement of `loaded` with a schema (by default pnp's general part)."""
    problems: list[Problem] = []
    seen: set[Problem] = set()
    formed: set[tuple] = set()  # values found of the wrong form: once each
    for err in (validator or content_validator()).iter_errors(loaded.data):
        if err.validator == "pattern" and "propertyNames" not in err.schema_path:
            # a game that narrows a shared shape (pnp's base schema) holds a value to both patterns:
            # the first, the game's own, says what is wrong
            if tuple(err.absolute_path) in formed:
                continue
            formed.add(tuple(err.absolute_path))
        # jsonschema reports `required` once per missing key; report each problem once.
        for problem in _problems_for(err, loaded):
            if problem not in seen:
                seen.add(problem)
                problems.append(problem)
            if len(problems) >= MAX_PROBLEMS:
                problems.append(error("too-many-problems", f"more than {MAX_PROBLEMS} problems against the content format; "
                                      "stopped there (is this the game's content file?)", loaded.mark(())))
                return problems
    return problems
