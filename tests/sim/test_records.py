"""The records a run keeps: a bounded size per game, read back equal to what was played."""

from __future__ import annotations

import gc
import sys

from pnp.sim.records import RecordStore
from pnp.sim.runner import play_many
from simkit import specs

RANDOM = specs("random,random")
SHORT = 20  # rounds, as in test_runner: random games end by this cap
#: What the kept records may grow by per game: a packed ТВЕРДЖА record is about 250 bytes;
#: the dicts it was made of are about 3.6 KB.
MAX_BYTES_PER_GAME = 800
WALKED = (dict, list, tuple, set, bytes, str, int, float, RecordStore)


def held_bytes(root) -> int:
    """The bytes of every object reachable from `root` through containers and records
    (each object once): what keeping `root` costs."""
    seen: set[int] = set()
    stack = [root]
    total = 0
    while stack:
        obj = stack.pop()
        if id(obj) in seen or not isinstance(obj, WALKED):
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        stack.extend(gc.get_referents(obj))
        if isinstance(obj, RecordStore):
            stack.append(vars(obj))
    return total


def test_the_records_kept_per_game_are_bounded(source):
    few = play_many(source, RANDOM, games=16, seed=4, max_rounds=SHORT)
    more = play_many(source, RANDOM, games=80, seed=4, max_rounds=SHORT)
    per_game = (held_bytes(more) - held_bytes(few)) / 64
    assert 0 < per_game <= MAX_BYTES_PER_GAME, f"{per_game:.0f} bytes kept per game"


def test_a_store_reads_back_what_it_was_given(source):
    played = list(play_many(source, RANDOM, games=6, seed=2, max_rounds=SHORT))
    odd = {"winner": None, "cards": [("ruse", True, 1)], "peaks": {"dice": 2}, "slots": {"A": 1, "B": 0}}
    store = RecordStore(played)
    store += [odd]
    assert len(store) == 7 and store == played + [odd] and list(store) == played + [odd]
    assert store[0] == played[0] and store[-1] == odd and store[1:3] == played[1:3]
    assert type(store[-1]["cards"]) is list and type(store[-1]["cards"][0]) is tuple  # shapes kept
    assert store != played  # one record short
    assert RecordStore() == [] and len(RecordStore()) == 0
