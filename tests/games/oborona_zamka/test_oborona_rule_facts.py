"""Issue 13's done-when: changing any rule fact of «Оборона Замка» to a forbidden value
gives exit 1 at its line. Every fact of the original rules (reference.FACTS), every value
the rules do not allow (within the schema's range and just outside it), through `pnp check`."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import casekit
from pnp import games
from pnp.cli import main
from pnp.games.oborona_zamka import reference
from pnp.games.oborona_zamka.checks.original import WHERE
from oborona_field import GAME

CONTENT = games.pack("oborona-zamka").content
FAILING = ("rules-value", "out-of-range", "bad-value")


def _dotted(path: tuple) -> str:
    """("sides", 0, "moves", "value") -> "sides[0].moves.value" (casekit's paths)."""
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _forbidden(value) -> list:
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        # every other die face (and the faces just outside a die) for a threshold; one step either side otherwise
        near = range(0, 8) if 1 <= value <= 6 else range(value - 1, value + 2)
        return [v for v in near if v != value]
    return ["attacker", "defender"]  # who moves first: the rules draw lots


CASES = [(name, v) for name, (rules, _) in reference.FACTS.items() for v in _forbidden(rules)]


def test_every_fact_is_found_in_the_content_with_the_rules_value():
    assert set(WHERE) == set(reference.FACTS)
    for name, (rules, _) in reference.FACTS.items():
        value, path = WHERE[name](GAME)
        assert value == rules, name
        assert GAME.mark(*path).line == casekit.line_of(CONTENT.read_text(encoding="utf-8"), _dotted(path)), name


@pytest.mark.parametrize("name,value", CASES, ids=[f"{n}={v}" for n, v in CASES])
def test_a_forbidden_rule_fact_fails_at_its_line(name, value, tmp_path: Path):
    path = _dotted(WHERE[name](GAME)[1])
    doc = casekit.apply(CONTENT.read_text(encoding="utf-8"), [{"set": path, "value": value}])
    target = tmp_path / CONTENT.name
    target.write_text(doc.text, encoding="utf-8")
    result = CliRunner().invoke(main, ["check", "--content", str(target)])
    assert result.exit_code == 1, result.output
    line, col = doc.edit_lines[0], doc.edit_cols[0]
    assert any(f"{target}:{line}:{col}: error: " in row and row.endswith(tuple(f"[{c}]" for c in FAILING))
               for row in result.output.splitlines()), f"{name}={value}: no error at {line}:{col}\n{result.output}"
