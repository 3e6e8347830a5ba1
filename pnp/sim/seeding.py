"""Seed streams for the simulator: results depend on (seed, game index), never on --workers.

Games are cut into fixed blocks of BLOCK_GAMES; each block gets its own seed from a hash
of (master seed, block index), the same idea as numpy's SeedSequence.spawn without the
dependency. Inside a block, games come in seat-swapped pairs: both games of a pair share
the pair's chance seed (board shuffle, decks, dice: common random numbers), and each
agent keeps its own stream, whichever seat it sits in.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

BLOCK_GAMES = 32  # even, so a pair never straddles two blocks
SALT = "pnp-sim/v1"


@dataclass(frozen=True)
class GameSeed:
    index: int  # game number, 0-based
    pair: int  # pair number: games 2k and 2k+1
    swapped: bool  # False: agent slot 0 sits in seat A; True: slot 0 sits in seat B
    chance: int  # seed of the chance stream (common to both games of a pair)
    agents: tuple[int, int]  # seeds of agent slot 0 and slot 1 (common to both games of a pair)

    @property
    def slots(self) -> tuple[int, int]:
        """Agent slot in each seat: slots[seat]."""
        return (1, 0) if self.swapped else (0, 1)


def block_seed(seed: int, block: int) -> int:
    digest = hashlib.sha256(f"{SALT}/{seed}/{block}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def blocks(games: int) -> list[range]:
    """Game-index ranges of the fixed blocks."""
    return [range(start, min(start + BLOCK_GAMES, games)) for start in range(0, games, BLOCK_GAMES)]


def block_games(seed: int, block: int, games: int) -> list[GameSeed]:
    """The GameSeeds of one block (the last block may be short)."""
    rng = random.Random(block_seed(seed, block))
    start = block * BLOCK_GAMES
    out = []
    for first in range(start, min(start + BLOCK_GAMES, games), 2):
        chance, a0, a1 = rng.getrandbits(63), rng.getrandbits(63), rng.getrandbits(63)
        for offset in (0, 1):
            if first + offset < games:
                out.append(GameSeed(first + offset, (first + offset) // 2, bool(offset), chance, (a0, a1)))
    return out
