"""BoardGraph: links derived from positions, distances, walls, gates and symmetry."""

from pathlib import Path

import pytest

from pnp.components.board_graph import BoardGraph, grid_adjacent, hex_distance
from pnp.components.board_spec import read_board
from pnp.content.yamlload import parse_yaml

HEX_CASTLE = Path(__file__).with_name("hex_castle.yaml")

#: ТВЕРДЖА's neighbour lists as the content listed them before the board was a topology
TVERDZHA_LINKS = {
    "a1": "a2 a5", "a2": "a1 a3 a6", "a3": "a2 a7", "a4": "a5 c1", "a5": "a1 a4 a6 c2", "a6": "a2 a5 a7 citadel",
    "a7": "a3 a6 a8 mine", "a8": "a7 c3", "c1": "a4 b4 c2", "c2": "a5 b5 c1 citadel", "citadel": "a6 b6 c2 mine",
    "mine": "a7 b7 citadel c3", "c3": "a8 b8 mine", "b4": "b5 c1", "b5": "b1 b4 b6 c2", "b6": "b2 b5 b7 citadel",
    "b7": "b3 b6 b8 mine", "b8": "b7 c3", "b1": "b2 b5", "b2": "b1 b3 b6", "b3": "b2 b7",
}


def hex_castle():
    loaded, problems = parse_yaml(HEX_CASTLE.read_text(encoding="utf-8"), "hex_castle.yaml")
    assert not problems
    return read_board(loaded)


def test_tverdzhas_square_links_are_the_ones_it_listed(game):
    graph = game.board.graph
    assert {c: set(graph.neighbours(c, gates=False)) for c in graph.cells} == \
        {c: set(n.split()) for c, n in TVERDZHA_LINKS.items()}
    assert graph.neighbours("castle_a") == ("a1", "a2", "a3")
    assert "castle_b" in graph.neighbours("b2") and "castle_b" not in graph.neighbours("b2", gates=False)


def test_tverdzhas_distances_and_symmetry(game):
    graph = game.board.graph
    from_a = graph.distances(("castle_a",))
    assert from_a["a1"] == 1 and from_a["citadel"] == 3 and from_a["mine"] == 3 and from_a["b2"] == 5
    assert from_a["castle_b"] == 6
    assert [graph.image(c) for c in ("a1", "b8", "c2", "citadel", "castle_a")] == ["b1", "a8", "c2", "citadel", "castle_b"]
    assert graph.broken_links() == []
    assert len(graph.components()) == 1


def test_hex_neighbours_and_distances_in_axial_coordinates():
    assert hex_distance((0, 0), (3, -3)) == 3
    assert hex_distance((-1, 2), (2, -1)) == 3
    assert hex_distance((0, 0), (2, 1)) == 3
    assert hex_distance((1, -2), (-2, 1)) == 3
    assert hex_distance((0, 0), (1, 1)) == 2  # not a neighbour: (1, 1) is two steps away
    assert grid_adjacent("hex", (0, 0), (1, -1)) and not grid_adjacent("hex", (0, 0), (1, 1))
    cells = {f"c{q}_{r}".replace("-", "m"): (q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2}
    graph = BoardGraph("hex", cells)
    assert len(cells) == 19 and len(graph.links) == 42  # a radius-2 hexagon: 19 cells, 42 shared sides
    assert len(graph.neighbours("c0_0")) == 6 and len(graph.neighbours("c2_0")) == 3
    far = graph.distances(("c0_0",))
    assert all(far[name] == hex_distance((0, 0), pos) for name, pos in cells.items())


def test_square_neighbours_are_the_four_sides():
    cells = {f"s{c}{r}": (c, r) for c in range(3) for r in range(3)}
    graph = BoardGraph("square", cells)
    assert graph.neighbours("s11") == ("s01", "s10", "s12", "s21")
    assert graph.neighbours("s00") == ("s01", "s10")
    assert graph.distances(("s00",))["s22"] == 4


def test_a_graph_board_links_only_what_it_lists():
    graph = BoardGraph("graph", {"x": (0, 0), "y": (5, 0), "z": (9, 9)}, [("x", "z"), ("z", "z"), ("x", "nowhere")])
    assert graph.neighbours("x") == ("z",) and graph.neighbours("y") == ()
    assert sorted(map(sorted, graph.components())) == [["x", "z"], ["y"]]


def test_walls_stop_only_those_who_may_not_cross_them():
    """The test board: the castle in the middle, walled in with its ring of light hexes."""
    graph = hex_castle().graph
    assert len(graph.cells) == 37 and len(graph.walls) == 18 and len(graph.links) == 90
    assert graph.walled("h01", "h07") and not graph.walled("h01", "h00")
    through = graph.distances(("h30",))
    assert through["h00"] == 3 == hex_distance((1, 2), (0, 0))
    outside = graph.distances(("h30",), cross_walls=False)
    assert "h00" not in outside and "h01" not in outside and outside["h22"] == 7  # in to ring 2, 5 along it around the wall, out to ring 3


def test_a_symmetry_maps_links_onto_links_or_names_the_ones_it_breaks():
    cells = {f"s{c}{r}": (c, r) for c in range(3) for r in range(2)}
    good = BoardGraph("square", cells, symmetry=[("s00", "s20"), ("s01", "s21")])
    assert good.broken_links() == [] and good.image("s10") == "s10" and good.image("s21") == "s01"
    bad = BoardGraph("square", cells, symmetry=[("s00", "s21")])  # a diagonal swap, not a reflection
    assert bad.broken_links() == [("s00", "s01"), ("s00", "s10"), ("s11", "s21"), ("s20", "s21")]
    walled = BoardGraph("square", cells, walls=[("s00", "s10")], symmetry=[("s00", "s20"), ("s01", "s21")])
    assert walled.broken_links() == [("s00", "s10"), ("s10", "s20")]


@pytest.mark.parametrize("topology, pos, expect", [("hex", (1, 1), 6), ("square", (1, 1), 4)])
def test_every_inner_cell_has_the_topologys_neighbour_count(topology, pos, expect):
    cells = {f"c{q}{r}": (q, r) for q in range(3) for r in range(3)}
    graph = BoardGraph(topology, cells)
    assert len(graph.neighbours(f"c{pos[0]}{pos[1]}")) == expect
