"""No input crashes the loader or the checks: random damage to the shipped content.

Text-level damage exercises the YAML loader and the schema; value-level damage keeps the
YAML well-formed and mostly schema-valid, so it reaches the checks with odd references,
counts and graphs. Either way the result is problems, never an exception, and never a
`check-crashed` (a check that failed on content it should have reported).
"""

import copy

from hypothesis import HealthCheck, given, settings, strategies as st

from pnp.checks import run_all
from pnp.content import default_content
from pnp.games.tverdzha.modelbuild import build_game
from pnp.content import format_problems
from pnp.content.yamlload import Loaded, load_yaml, parse_yaml

TEXT = default_content().read_text(encoding="utf-8")
LOADED, _ = load_yaml(default_content(), "content/tverdzha.yaml")
SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _leaves(data, path=()):
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, path + (i,))
    yield path


LEAVES = [p for p in _leaves(LOADED.data) if p]

def _get(path):
    node = LOADED.data
    for step in path:
        node = node[step]
    return node


#: short strings of the content (ids, seats, languages): replacements that often stay valid
IDS = sorted({v for v in map(_get, LEAVES) if isinstance(v, str) and len(v) < 16})

VALUES = st.one_of(
    st.integers(-3, 45), st.sampled_from(IDS), st.text(max_size=8), st.booleans(), st.none(),
    st.just([]), st.just({}), st.lists(st.sampled_from(IDS), max_size=4),
    st.dictionaries(st.sampled_from(IDS), st.integers(0, 9), max_size=3),
)


def _no_crash(loaded):
    problems = format_problems(loaded)[1]
    if any(p.level.value == "error" for p in problems):
        return problems
    game = build_game(loaded, "content/tverdzha.yaml")
    problems = run_all(game)
    assert not [p for p in problems if p.code == "check-crashed"], [p.format() for p in problems]
    return problems


@SETTINGS
@given(edits=st.lists(st.tuples(st.sampled_from(LEAVES), VALUES, st.booleans()), min_size=1, max_size=3))
def test_value_damage_gives_problems_not_crashes(edits):
    data = copy.deepcopy(LOADED.data)
    for path, value, delete in edits:
        parent = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            if delete and isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif isinstance(parent, (dict, list)):
                parent[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue  # an earlier edit removed the way there
    _no_crash(Loaded(data, LOADED.marks, LOADED.text))


PIECES = st.sampled_from(["", ":", ": ", "- ", "{", "}", "[", "]", ",", "&a ", "*a", "!!str ", "\t", "'", '"', "\n",
                          "  ", "#", "|", ">", "? ", "~", "0x1F", "1e9", "ї", "☃", "\x00", "\r", "---\n", "..."])


@SETTINGS
@given(cuts=st.lists(st.tuples(st.integers(0, len(TEXT)), st.integers(0, 40), PIECES), min_size=1, max_size=4))
def test_text_damage_gives_problems_not_crashes(cuts):
    text = TEXT
    for at, length, piece in cuts:
        at = min(at, len(text))
        text = text[:at] + piece + text[at + length:]
    loaded, problems = parse_yaml(text, "content/tverdzha.yaml")
    if loaded is None:
        assert problems and all(p.mark.line >= 1 for p in problems)
        return
    _no_crash(loaded)
