"""Seed streams for the simulator: results depend on (seed, game index), never on --workers.

Games are cut into fixed blocks; each block gets its own seed from a hash of (master
seed, block index), the same idea as numpy's SeedSequence.spawn without the dependency.
Inside a block, games come in seat-rotated groups, one game per seat: the agents sit in
every seat once, both (or all) games of a group share the group's chance seed (board
shuffle, decks, dice: common random numbers), and each agent keeps its own stream,
whichever seat it sits in. With two seats a group is a seat-swapped pair.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

BLOCK_GAMES = 32  # games per block, rounded down to whole groups (two seats: 32)
SALT = "pnp-sim/v1"


@dataclass(frozen=True)
class GameSeed:
    index: int  # game number, 0-based
    pair: int  # group number: games n*k .. n*k + n-1 for n seats (a pair for two)
    offset: int  # the game's place in its group: agent slot (seat + offset) % n sits in seat
    chance: int  # seed of the chance stream (common to every game of a group)
    agents: tuple[int, ...]  # seeds of agent slot 0, 1, ... (common to every game of a group)

    @property
    def slots(self) -> tuple[int, ...]:
        """Agent slot in each seat: slots[seat]."""
        n = len(self.agents)
        return tuple((seat + self.offset) % n for seat in range(n))


def block_size(seats: int = 2) -> int:
    """Games per block: whole groups only, so a group never straddles two blocks."""
    return max(seats, BLOCK_GAMES - BLOCK_GAMES % seats)


def block_seed(seed: int, block: int) -> int:
    digest = hashlib.sha256(f"{SALT}/{seed}/{block}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def blocks(games: int, seats: int = 2) -> list[range]:
    """Game-index ranges of the fixed blocks."""
    size = block_size(seats)
    return [range(start, min(start + size, games)) for start in range(0, games, size)]


def block_games(seed: int, block: int, games: int, seats: int = 2) -> list[GameSeed]:
    """The GameSeeds of one block (the last block may be short)."""
    rng = random.Random(block_seed(seed, block))
    size = block_size(seats)
    start = block * size
    out = []
    for first in range(start, min(start + size, games), seats):
        chance = rng.getrandbits(63)
        agents = tuple(rng.getrandbits(63) for _ in range(seats))
        for offset in range(seats):
            if first + offset < games:
                out.append(GameSeed(first + offset, (first + offset) // seats, offset, chance, agents))
    return out
