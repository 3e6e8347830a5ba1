"""board-topology: any board's cells, grid, links, walls, zones, symmetry and connectivity."""

from pathlib import Path
from types import SimpleNamespace

from checkkit import changed, codes, line_of, run, shipped_loaded
from pnp.checks import board_topology
from pnp.components.board_spec import read_board
from pnp.content.yamlload import parse_yaml

BOARD = shipped_loaded().data["board"]
C = {c["id"]: i for i, c in enumerate(BOARD["cells"])}
HEX_CASTLE = (Path(__file__).parent.parent / "components" / "hex_castle.yaml").read_text(encoding="utf-8")


def hex_board(text: str = HEX_CASTLE):
    loaded, problems = parse_yaml(text, "hex.yaml")
    assert not problems
    return SimpleNamespace(board=SimpleNamespace(spec=read_board(loaded)))


def hex_line(fragment: str) -> int:
    return next(n for n, line in enumerate(HEX_CASTLE.splitlines(), 1) if fragment in line)


def test_the_shipped_board_and_the_hex_fixture_pass(game):
    assert run(board_topology, game) == []
    assert run(board_topology, hex_board()) == []


def test_a_cell_off_the_grid():
    [p] = run(board_topology, hex_board(HEX_CASTLE.replace("{id: h25, pos: [3, -3]}", "{id: h25, pos: [4, -3]}")))
    assert (p.code, p.mark.line, p.mark.col) == ("board-off-grid", hex_line("{id: h25, "), 7)
    assert p.format().startswith(f"hex.yaml:{hex_line('{id: h25, ')}:7: error: cell 'h25' at [4, -3] is off the radius 3 grid")
    problems = run(board_topology, changed({("board", "cells", C["c3"], "pos"): [5, 2]}))
    assert "board-off-grid" in codes(problems) and "board-disconnected" in codes(problems)
    assert "off the 5 x 5 grid" in problems[0].message


def test_an_edge_between_cells_that_are_not_neighbours():
    head, tail = HEX_CASTLE.split("  walls:\n")
    text = head + "  edges: [[h00, h01], [h00, h30]]\n  zones:" + tail.split("  zones:")[1]
    problems = run(board_topology, hex_board(text))
    bad = [p for p in problems if p.code == "board-edge-not-adjacent"]
    assert len(bad) == 1 and bad[0].mark.line == text.splitlines().index("  edges: [[h00, h01], [h00, h30]]") + 1
    assert "edge [h00, h30]: 'h00' at [0, 0] and 'h30' at [1, 2] are not neighbours on the hex grid" in bad[0].message
    assert "board-disconnected" in codes(problems)  # only h00-h01 is linked now


def test_a_wall_on_a_non_edge_and_a_wall_to_nowhere():
    text = HEX_CASTLE.replace("    - [h06, h18]\n", "    - [h06, h30]\n    - [h06, h99]\n")
    problems = run(board_topology, hex_board(text))
    assert [(p.code, p.mark.line) for p in problems] == [
        ("board-wall-not-edge", hex_line("- [h06, h18]")), ("unknown-cell", hex_line("- [h06, h18]") + 1)]
    assert "stands on no link" in problems[0].message and problems[1].hint.startswith("did you mean")


def test_an_asymmetric_symmetry_map():
    g = changed({("board", "symmetry"): dict(BOARD["symmetry"], b1="a2")})
    problems = run(board_topology, g)
    assert "board-symmetry" in codes(problems)
    twice = next(p for p in problems if p.code == "board-symmetry")
    assert "'b1' is paired with 'a2' here and with 'a1'" in twice.message or "'a2' is paired" in twice.message
    assert twice.mark.line == line_of("symmetry: {a1: b1")


def test_a_symmetry_that_breaks_links_and_zones():
    g = changed({("board", "symmetry"): dict(BOARD["symmetry"], a1="b3", a3="b1")})
    problems = run(board_topology, g)
    assert "board-symmetry-links" in codes(problems)
    g = changed({("board", "symmetry"): {"a1": "b1"}})  # the rest of the halves left as their own images
    problems = run(board_topology, g)
    assert {"board-symmetry-links", "board-symmetry-zone"} <= set(codes(problems))
    zone = next(p for p in problems if p.code == "board-symmetry-zone")
    assert "zone 'castle_a'" in zone.message and zone.mark.line == line_of("- {id: castle_a, ")


def test_unknown_cells_in_zones_and_a_zone_drawn_on_a_cell():
    g = changed({("board", "zones", 0, "entrances"): ["a1", "a2", "a33"], ("board", "zones", 1, "pos"): [2, 4]})
    problems = run(board_topology, g)
    assert {"board-overlap", "unknown-cell"} <= set(codes(problems))
    assert next(p for p in problems if p.code == "unknown-cell").hint == "did you mean 'a3'?"


def test_grid_and_edges_fit_the_topology():
    text = HEX_CASTLE.replace("topology: {kind: hex, radius: 3}", "topology: {kind: square, radius: 3}")
    assert "board-grid" in codes(run(board_topology, hex_board(text)))
    text = HEX_CASTLE.replace("topology: {kind: hex, radius: 3}", "topology: {kind: graph}")
    problems = run(board_topology, hex_board(text))
    assert "board-no-edges" in codes(problems) and "board-disconnected" in codes(problems)


def test_duplicate_ids_and_positions():
    problems = run(board_topology, changed({("board", "cells", C["c3"], "pos"): [0, 2]}))
    assert "board-overlap" in codes(problems)
    problems = run(board_topology, changed({("board", "cells", C["c3"], "id"): "c2"}))
    assert "duplicate-id" in codes(problems)
