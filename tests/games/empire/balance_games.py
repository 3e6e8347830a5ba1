"""The games behind the rulebook's balance figures, one line a game, and the command that records them.

Each run the content's `rulebook.balance` names (`pnp sim --game empire --players P --games G --seed S
--agents greedy`) is kept in `balance/<P>p-<G>-seed<S>.txt`: for every game its index, the races in seat
order, the winning race and the first hex digits of its whole record's SHA-256. The tests then hold the
figures to the games without playing all of them (a 2000-game run is minutes of CPU):

- the recorded games give exactly the recorded figures (the simulator's own statistics over them);
- a fresh replay of every tenth block of games (each block's games are seeded apart from the others:
  pnp.sim.seeding) gives exactly the recorded lines. Any change of a rule, a deck or a number the game
  plays by changes the records of the replayed games, so the tests go red until the runs are recorded
  again.

After such a change, record every run again and copy the figures it prints into `rulebook.balance`:

    python tests/games/empire/balance_games.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

HERE = Path(__file__).parent / "balance"
AGENTS = "greedy"
#: the blocks a replay plays again: every tenth, the first included
STRIDE = 10
DIGITS = 12


def path_of(run) -> Path:
    return HERE / f"{run.players}p-{run.games}-seed{run.seed}.txt"


def prepared(players: int):
    """(game, its Simulation, the agent specs, the GameSource) as `pnp sim` makes them."""
    from pnp.commands.sim import prepare
    from pnp.games import pack
    ready = prepare(pack("empire").content, AGENTS, (), {"players": players})
    assert ready is not None, "the shipped content does not check"
    return ready


def digest(record: dict) -> str:
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGITS]


def lines(records: Iterable[dict], races: Sequence[str]) -> list[str]:
    """A line a game: `index seats winner digest`, the races named by their place in `races`."""
    place = {race: str(i) for i, race in enumerate(races)}
    return [f"{r['index']} {''.join(place[x] for x in r['races'])} "
            f"{'-' if r['winner_race'] is None else place[r['winner_race']]} {digest(r)}" for r in records]


def header(run, races: Sequence[str]) -> list[str]:
    return [f"# pnp sim --game empire --players {run.players} --games {run.games} --seed {run.seed} --agents {AGENTS}",
            f"# races: {' '.join(races)}",
            "# a game a line: index, its races in seat order (their places above), the winner's place (- none), "
            f"the first {DIGITS} hex digits of the SHA-256 of its record"]


def read(run) -> tuple[list[str], list[str]]:
    """(the header lines, the game lines) of a run's file."""
    text = path_of(run).read_text(encoding="utf-8").splitlines()
    return [x for x in text if x.startswith("#")], [x for x in text if x and not x.startswith("#")]


def races_of(header_lines: list[str]) -> list[str]:
    return next(x for x in header_lines if x.startswith("# races: ")).split(": ", 1)[1].split()


def records_of(game_lines: list[str], races: Sequence[str], seats: int) -> list[dict]:
    """The part of each game's record the race figures read (pnp.games.empire.sim.summary)."""
    out = []
    for line in game_lines:
        index, seated, won, _ = line.split()
        out.append({"index": int(index), "pair": int(index) // seats, "races": [races[int(c)] for c in seated],
                    "winner_race": None if won == "-" else races[int(won)], "points": [], "tally": {}})
    return out


def replayed_blocks(run) -> list[int]:
    from pnp.sim import seeding
    return list(range(0, len(seeding.blocks(run.games, run.players)), STRIDE))


def replay(run, blocks: Sequence[int]) -> list[dict]:
    """The records of the run's `blocks`, played afresh in this process."""
    from pnp.sim.runner import block_tasks, play_block
    _, _, specs, source = prepared(run.players)
    tasks = block_tasks(source, specs, games=run.games, seed=run.seed)
    return [record for b in blocks for record in play_block(tasks[b])]


def record(run) -> dict:
    """Play the whole run on every core, write its file; the race figures `rulebook.balance` records."""
    from pnp.sim.runner import default_workers, play_many, result_document
    game, _, specs, source = prepared(run.players)
    records = play_many(source, specs, games=run.games, seed=run.seed, workers=default_workers())
    races = sorted(r.id for r in game.races)
    HERE.mkdir(exist_ok=True)
    path_of(run).write_text("\n".join(header(run, races) + lines(records, races)) + "\n", encoding="utf-8")
    return result_document(source, specs, records, seed=run.seed)["stats"]["races"]


def main() -> int:
    from pnp.content import load_game
    from pnp.games import pack
    game, problems = load_game(pack("empire").content)
    if game is None:
        print("\n".join(p.format() for p in problems), file=sys.stderr)
        return 1
    for run in game.book.balance:
        races = record(run)
        figures = ", ".join(f"{race}: {{rate: {v['rate']}, ci95: [{v['ci95'][0]}, {v['ci95'][1]}]}}"
                            for race, v in races.items())
        print(f"- {{players: {run.players}, games: {run.games}, seed: {run.seed}, races: {{{figures}}}}}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
