"""`pnp sweep`: the same seeded games on every variant of the content.

Each variant (pnp.sim.variants) that passes the checks is played as `pnp sim` would play
it: the runner's blocks (pnp.sim.runner.block_tasks, pnp.sim.seeding), so a variant's
result is exactly `pnp sim --content <the variant> --games N --seed S --json`'s document.
Every block of every variant is one task for any `concurrent.futures.Executor`
(pnp.sim.executors); results are put together by variant and block index, never in the
order they come back, so the JSON is the same whatever ran them.

A variant that departs from the game's original rules is the point of a sweep: the
problems of the checks of the original rules (codes `rules-…`, the convention of every
pack's check of its original rules) are kept as the variant's departures, not refusals.
Any other error refuses the variant; it is reported with its problems and not played.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass

from pnp.checks import run_all
from pnp.content import load_text
from pnp.core.errors import Level, Problem, sorted_problems
from pnp.sim.records import RecordStore
from pnp.sim.runner import MAX_ROUNDS, block_tasks, play_block, result_document
from pnp.sim.source import GameSource
from pnp.sim.variants import Variant

#: problem codes of the packs' checks against the original rules: a sweep's departures
DEPARTURE_PREFIX = "rules-"
SWEEP_FORMAT = 1


@dataclass(frozen=True)
class Checked:
    variant: Variant
    source: GameSource
    problems: tuple[Problem, ...]  # the errors that refuse it (none: it is played)
    departures: tuple[Problem, ...]  # its departures from the original rules

    @property
    def playable(self) -> bool:
        return not self.problems


def check(variant: Variant, base: GameSource) -> Checked:
    """Load and check a variant as `pnp check` checks a file (every language)."""
    source = GameSource(variant.text, base.path, base.simulation, base.forbid)
    game, problems = load_text(variant.text, base.path)
    if game is not None:
        problems = problems + run_all(game, lang=None)
    errors = [p for p in sorted_problems(problems) if p.level is Level.ERROR]
    departures = tuple(p for p in errors if p.code.startswith(DEPARTURE_PREFIX))
    refusing = tuple(p for p in errors if not p.code.startswith(DEPARTURE_PREFIX))
    return Checked(variant, source, refusing, departures)


def play(checked: Iterable[Checked], specs, *, games: int, seed: int, executor: Executor, ahead: int = 4,
         progress=None, max_rounds: int = MAX_ROUNDS) -> list[RecordStore | None]:
    """The records of every playable variant (None for a refused one), each in game order, in
    the order `checked` gives the variants.

    `checked` is read only as tasks are needed (a lazy iterable checks a variant when the
    workers are about to need its games, so the first games start at once, however many
    variants follow). At most `ahead` tasks are submitted at a time (about twice the workers:
    enough to keep them busy, and a million-game sweep is not a million tasks queued at once);
    results are kept by variant and block index, whatever order they finish in, each block
    packed into its variant's records (pnp.sim.records) as soon as the blocks before it are:
    memory stays flat in the games, as `pnp sim`'s does."""
    records: list[RecordStore | None] = []
    next_block: dict[int, int] = {}  # variant -> the block its records wait for

    def tasks() -> Iterator[tuple[tuple[int, int], tuple]]:
        for c in checked:
            i = len(records)
            records.append(RecordStore() if c.playable else None)
            next_block[i] = 0
            if c.playable:
                for b, task in enumerate(block_tasks(c.source, specs, games=games, seed=seed, max_rounds=max_rounds)):
                    yield (i, b), task

    queue = tasks()
    pending: dict[Future, tuple[int, int]] = {}
    blocks: dict[tuple[int, int], list[dict]] = {}

    def submit_next() -> None:
        for at, task in itertools.islice(queue, 1):
            pending[executor.submit(play_block, task)] = at

    try:
        for _ in range(max(1, ahead)):
            submit_next()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                block = future.result()
                i, b = pending.pop(future)
                blocks[i, b] = block
                while (i, next_block[i]) in blocks:  # at most `ahead` blocks wait unpacked
                    records[i] += blocks.pop((i, next_block[i]))  # type: ignore[operator]
                    next_block[i] += 1
                if progress:
                    progress(len(block))
                submit_next()
    finally:
        for future in pending:
            future.cancel()
    return records


def document(base: GameSource, specs, settings, checked: list[Checked], records, *, games: int, seed: int,
             max_rounds: int = MAX_ROUNDS) -> dict:
    """The `pnp sweep --json` document: what was swept, and per variant its `pnp sim`
    result (or the problems that refused it)."""
    game = base.game()
    out = []
    for c, recs in zip(checked, records):
        entry = {"label": c.variant.label, "set": [[path, value] for path, value in c.variant.assignments],
                 "content_sha256": c.source.sha256, "played": recs is not None,
                 "departures": [p.as_dict() for p in c.departures]}
        if recs is None:
            entry["problems"] = [p.as_dict() for p in c.problems]
        else:
            entry["result"] = result_document(c.source, specs, recs, seed=seed, max_rounds=max_rounds)
        out.append(entry)
    return {"meta": {"game": game.id, "content_sha256": game.sha256, "seed": seed, "games": games,
                     "agents": [s.label for s in specs], "roles": list(base.roles),
                     "settings": [{"path": s.path, "values": list(s.values)} for s in settings],
                     "pnp_sweep": SWEEP_FORMAT},
            "variants": out}
