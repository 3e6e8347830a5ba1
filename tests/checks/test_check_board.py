"""board: ТВЕРДЖА's 21 lands, castles and entrances, reachable, mirrored, fair."""

from checkkit import DELETE, changed, codes, line_of, run, shipped_loaded
from pnp.games.tverdzha.checks import board
from pnp.games.tverdzha import reference

BOARD = shipped_loaded().data["board"]
CELLS = BOARD["cells"]
C = {c["id"]: i for i, c in enumerate(CELLS)}
ZONE = {z["player"]: i for i, z in enumerate(BOARD["zones"])}


def cells_line(cid: str) -> int:
    return line_of(f"- {{id: {cid}, ")


def test_shipped_board_facts(game):
    assert len(game.board.cells) == reference.BOARD_LANDS == 21
    assert all(len(k.entrances) == 3 for k in game.board.castles)
    assert [k.zone for k in game.board.castles] == ["castle_a", "castle_b"]
    assert run(board, game) == []


def test_exactly_21_lands():
    extra = {"id": "c4", "pos": [4, 4]}
    problems = run(board, changed({("board", "cells"): CELLS + [extra]}))
    assert "board-size" in codes(problems)


def test_castle_with_two_entrances():
    problems = run(board, changed({("board", "zones", ZONE["A"], "entrances"): ["a1", "a2"]}))
    [p] = [p for p in problems if p.code == "castle-entrances"]
    assert p.mark.line == line_of("- {id: castle_a, ")
    assert "board-unfair" in codes(problems)  # the mine is now 4 steps from A, 3 from B


def test_one_castle_per_player():
    problems = run(board, changed({("board", "zones", ZONE["B"], "player"): "A"}))
    assert codes(problems).count("castle-player") == 2  # B has none, A has two
    problems = run(board, changed({("board", "zones", ZONE["B"], "kind"): "tower"}))
    assert "castle-player" in codes(problems)  # a zone of another kind is no castle


def test_lands_unreachable_from_a_castle_whose_entrances_do_not_exist():
    g = changed({("board", "zones", ZONE["B"], "entrances"): ["x1", "x2", "x3"]})
    assert codes(run(board, g)).count("board-unreachable") == 21


def test_mirror_positions_reflect_across_the_middle_row():
    g = changed({("board", "cells", C["b1"], "pos"): [3, 4], ("board", "cells", C["b3"], "pos"): [1, 4]})
    problems = run(board, g)
    assert set(codes(problems)) == {"board-mirror-position"}
    assert problems[0].mark.line == line_of("symmetry: {a1: b1")


def test_castles_sit_at_each_others_reflection():
    problems = run(board, changed({("board", "zones", ZONE["B"], "pos"): [3, 5]}))
    assert codes(problems) == ["board-mirror-castle"]


def test_a_fixed_land_off_the_centre_is_unfair():
    """The citadel swapped with a2: closer to castle A, and on a mirrored cell."""
    g = changed({("board", "cells", C["citadel"], "pos"): [2, 0], ("board", "cells", C["a2"], "pos"): [2, 2]})
    problems = run(board, g)
    assert sorted(set(codes(problems))) == ["board-mirror-position", "board-unfair"]
    unfair = next(p for p in problems if p.code == "board-unfair")
    assert "2 steps from castle A but 5 from castle B" in unfair.message
    assert unfair.mark.line == cells_line("citadel")


def test_fixed_lands_sit_on_self_mirrored_cells_and_are_fixed_kinds():
    g = changed({("board", "cells", C["a1"], "land"): "mine"})
    problems = [p for p in run(board, g) if p.code == "board-mirror-fixed"]
    assert problems and problems[0].mark.line == line_of("symmetry: {a1: b1")
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
