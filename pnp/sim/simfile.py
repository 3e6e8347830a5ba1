"""Read a `pnp sim --json` result for `pnp check --sim FILE`, with problems at their lines.

The file is read like the content (size limit, no devices or pipes) and must be JSON;
its shape is checked against the parts the kit check reads (`stats.games`, and for each
peak `stats.peaks.*.games`: how many games reached each value; `meta.pnp_sim`, the result
format, 2 since the peaks carry those counts, and `meta.content_sha256` where present),
so `{}` or a result of another tool is refused at the right line instead of passing. Positions come
from the YAML loader (JSON is YAML), the data from `json`, which is the stricter reader.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from pnp.content import readfile
from pnp.content.schema import strict_validator, validate
from pnp.content.yamlload import Loaded, parse_yaml
from pnp.core.errors import Mark, Problem, error

CODES = {"sim-not-json": "The `--sim` file is not JSON (a `pnp sim --json` result is)."}

#: only what pnp.sim.kit_check reads; the rest of the result may hold anything
SCHEMA = {
    "type": "object",
    "required": ["stats"],
    "properties": {
        "meta": {
            "type": "object",
            "properties": {
                "pnp_sim": {"enum": [2]},
                "content_sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$",
                                   "description": "the SHA-256 of the content file, 64 hex digits"},
            },
        },
        "stats": {
            "type": "object",
            "required": ["games", "peaks"],
            "properties": {
                "games": {"type": "integer", "minimum": 1},
                "peaks": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "object",
                        "required": ["games"],
                        "properties": {"games": {
                            "type": "object",
                            "propertyNames": {"pattern": "^[0-9]+$", "description": "a peak value, a whole number"},
                            "additionalProperties": {"type": "integer", "minimum": 0},
                        }},
                    },
                },
            },
        },
    },
}


@lru_cache(maxsize=1)
def _validator():
    """Made at the first `--sim` file read: a plain `pnp check` does not import jsonschema."""
    return strict_validator(SCHEMA)


def load_sim_result(path: str | Path, display: str) -> tuple[dict | None, list[Problem]]:
    """(the result, []) or (None, the problems). Never raises for bad input."""
    raw, problem = readfile.read_limited(path, display, what="simulation result")
    if problem is not None:
        return None, [problem]
    try:
        text = raw.decode("utf-8-sig")
        data = json.loads(text)
    except UnicodeDecodeError as exc:
        return None, [error("sim-not-json", f"the simulation result is not UTF-8 text (bad byte at {exc.start})", Mark(display, 1, 1))]
    except ValueError as exc:  # json.JSONDecodeError, or a number of more than 4,300 digits
        line, col = (exc.lineno, exc.colno) if isinstance(exc, json.JSONDecodeError) else (1, 1)
        return None, [error("sim-not-json", f"the simulation result is not JSON: {getattr(exc, 'msg', exc)}",
                            Mark(display, line, col), "give the file `pnp sim --json FILE` wrote")]
    loaded, _ = parse_yaml(text, display)
    marks = loaded.marks if loaded is not None else {(): Mark(display, 1, 1)}
    problems = validate(Loaded(data, marks, text), _validator())
    return (None, problems) if problems else (data, [])
