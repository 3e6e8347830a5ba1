"""board: 21 lands, symmetric neighbours, castles and entrances, connected, mirrored, fair."""

from checkkit import DELETE, changed, codes, line_of, run, shipped_loaded
from pnp.games.tverdzha.checks import board
from pnp.games.tverdzha import reference

CELLS = shipped_loaded().data["board"]["cells"]
C = {c["id"]: i for i, c in enumerate(CELLS)}
NB = lambda cid: ("board", "cells", C[cid], "neighbors")  # noqa: E731


def cells_line(cid: str) -> int:
    return line_of(f"- {{id: {cid}, ")


def test_shipped_board_facts(game):
    assert len(game.board.cells) == reference.BOARD_LANDS == 21
    assert all(len(k.entrances) == 3 for k in game.board.castles)
    assert run(board, game) == []


def test_neighbours_must_be_symmetric_and_exist():
    [p] = run(board, changed({NB("a1"): ["a2"]}))
    assert p.code == "board-asymmetric" and p.mark.line == cells_line("a5")
    assert f"line {cells_line('a1')}" in p.hint
    problems = run(board, changed({NB("a1"): ["a2", "a5", "a55"]}))
    assert [(p.code, p.hint) for p in problems] == [("unknown-cell", "did you mean 'a5'?")]
    problems = run(board, changed({NB("a1"): ["a2", "a5", "a1"]}))
    assert codes(problems) == ["board-self-neighbor"]


def test_exactly_21_lands():
    data = [c for c in CELLS]
    extra = dict(CELLS[C["c3"]], id="c4", pos=[5, 2], mirror="c4", neighbors=[])
    problems = run(board, changed({("board", "cells"): data + [extra]}))
    assert "board-size" in codes(problems) and "board-disconnected" in codes(problems)


def test_cell_ids_and_positions_are_unique():
    problems = run(board, changed({("board", "cells", C["c3"], "pos"): [0, 2]}))
    assert "board-overlap" in codes(problems)
    problems = run(board, changed({("board", "castles", 0, "pos"): [1, 0]}))
    assert "board-overlap" in codes(problems)


def test_castle_with_two_entrances_and_unknown_entrance():
    problems = run(board, changed({("board", "castles", 0, "entrances"): ["a1", "a2"]}))
    assert "castle-entrances" in codes(problems)
    problems = run(board, changed({("board", "castles", 0, "entrances"): ["a1", "a2", "x3"]}))
    assert "unknown-cell" in codes(problems)


def test_one_castle_per_player():
    problems = run(board, changed({("board", "castles", 1, "player"): "A"}))
    assert codes(problems).count("castle-player") == 2  # B has none, A has two


def test_a_land_cut_off_from_the_rest():
    g = changed({NB("c3"): [], NB("a8"): ["a7"], NB("b8"): ["b7"], NB("mine"): ["a7", "b7", "citadel"]})
    problems = run(board, g)
    assert codes(problems) == ["board-disconnected"]
    assert problems[0].mark.line == cells_line("c3")


def test_lands_unreachable_from_a_castle_whose_entrances_do_not_exist():
    g = changed({("board", "castles", 1, "entrances"): ["x1", "x2", "x3"]})
    problems = run(board, g)
    assert codes(problems).count("board-unreachable") == 21


def test_mirror_must_be_an_involution():
    problems = run(board, changed({("board", "cells", C["a1"], "mirror"): "b2"}))
    assert codes(problems) == ["board-mirror", "board-mirror"]
    assert problems[0].mark.line == cells_line("a1")


def test_mirror_positions_reflect_across_the_middle_row():
    g = changed({("board", "cells", C["b1"], "pos"): [3, 4], ("board", "cells", C["b3"], "pos"): [1, 4]})
    assert set(codes(run(board, g))) == {"board-mirror-position"}


def test_mirror_preserves_adjacency_and_fixed_lands_are_fair():
    g = changed({NB("a2"): ["a1", "a3", "a6", "citadel"], NB("citadel"): ["a6", "b6", "c2", "mine", "a2"]})
    problems = run(board, g)
    assert sorted(codes(problems)) == ["board-mirror-adjacency", "board-unfair"]
    unfair = next(p for p in problems if p.code == "board-unfair")
    assert "2 steps from castle A but 3 from castle B" in unfair.message
    assert unfair.mark.line == line_of("- {id: citadel, ")


def test_castles_mirror_onto_each_other():
    problems = run(board, changed({("board", "castles", 1, "entrances"): ["b1", "b2", "b8"]}))
    assert "board-mirror-castle" in codes(problems)
    problems = run(board, changed({("board", "castles", 1, "pos"): [3, 5]}))
    assert codes(problems) == ["board-mirror-castle"]


def test_fixed_lands_sit_on_self_mirrored_cells_and_are_fixed_kinds():
    g = changed({("board", "cells", C["a1"], "land"): "mine"})
    assert "board-mirror-fixed" in codes(run(board, g))
    g = changed({("board", "cells", C["c1"], "land"): "forest"})
    assert "board-fixed-land" in codes(run(board, g))
    g = changed({("board", "cells", C["mine"], "land"): DELETE})
    assert "board-fixed-land" in codes(run(board, g))  # the mine kind is on no cell


def test_tile_counts_fill_the_tile_cells_exactly():
    [p] = run(board, changed({("board", "tiles", "pairs", "forest"): 4}))
    assert p.code == "tiles-count" and "16 mirrored" in p.message
    [p] = run(board, changed({("board", "tiles", "centre", "desert"): 0}))
    assert p.code == "tiles-count"
    g = changed({("board", "tiles", "centre"): {"field": 1, "quarry": 1, "mine": 1}})
    assert codes(run(board, g)) == ["tile-fixed-land"]
