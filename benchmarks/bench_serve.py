"""The designer's loop: save -> updated gallery, as `pnp serve` does it for a designer.

    python benchmarks/bench_serve.py [--edits N] [--games tverdzha,oborona-zamka,empire]

For each shipped game it copies the content into a fresh folder, starts `pnp serve --port 0` on
it (its own output folder and its own build cache, so the figures do not depend on earlier
runs), waits for the first build, and listens to the page's event stream (`/events`). Then it
saves N one-component edits and N whole-kit edits, one at a time, and times each from the write
to the event on which the open page reloads (the kit rebuilt, swapped in and announced):

- one-component edit: one card's printed name (ТВЕРДЖА's battle card «Натиск», the empire's
  travel card «Клад»), or for «Оборона Замка», which has no cards, the potion aid's title, gets a
  new word each time (never a text seen before, so nothing comes from the cache that a real edit
  would not find there);
- whole-kit edit: the game's title, which every component prints.

It prints the median, the fastest and the slowest of each, per game. Target (issue 28): a
one-card edit under 1 s (median of 10) on two cores. The serve loop looks at the files every
0.1 s, so up to 0.1 s of each figure is that wait.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: game -> (the content file, a component's printed name as the content writes it, the title line)
GAMES = {
    "tverdzha": ("tverdzha.yaml", "name: {uk: Натиск}", "title: {uk: ТВЕРДЖА}"),
    "oborona-zamka": ("oborona-zamka.yaml", "aid_potion_title: {ru: Волшебное зелье, uk: Чарівне зілля}",
                      "title: {ru: Оборона Замка, uk: Оборона Замку}"),
    "empire": ("empire.yaml", "name: {ru: Клад, uk: Скарб}",
               "title: {ru: Строительство империи, uk: Будівництво імперії}"),
}


class Server:
    def __init__(self, content: Path, work: Path) -> None:
        env = {**os.environ, "PNP_CACHE_DIR": str(work / "cache")}
        env.pop("PNP_NO_CACHE", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "pnp.cli", "serve", "--content", str(content),
                                      "--port", "0", "--out", str(work / "out")], cwd=work, env=env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        url = self._wait_for("serving ").split()[1]
        self.states: queue.Queue[dict] = queue.Queue()
        threading.Thread(target=self._listen, args=(url + "events",), daemon=True).start()
        self.version = self.states.get(timeout=60)["version"]

    def _read(self) -> None:
        for line in self.proc.stderr:
            self.lines.put(line.rstrip("\n"))

    def _wait_for(self, start: str, timeout: float = 300) -> str:
        deadline = time.monotonic() + timeout
        while True:
            line = self.lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line.startswith(start):
                return line
            if line.startswith("pnp: ") or ": error:" in line:
                raise SystemExit(f"pnp serve: {line}")

    def _listen(self, url: str) -> None:
        with urllib.request.urlopen(url, timeout=300) as stream:
            for raw in stream:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("data: "):
                    self.states.put(json.loads(line[6:]))

    def rebuilt(self) -> None:
        """Wait for the next kit (an event with a newer version and no problems)."""
        while True:
            state = self.states.get(timeout=300)
            if state["problems"]:
                raise SystemExit("pnp serve: " + "; ".join(state["problems"]))
            if state["version"] > self.version:
                self.version = state["version"]
                return

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=60)


def timed_edits(server: Server, content: Path, line: str, count: int, word: str) -> list[float]:
    """Seconds from each save to the reloaded page; the line's texts get a new word each time."""
    times, current = [], line
    for i in range(1, count + 1):
        time.sleep(0.3)  # a designer types between saves
        new = _renamed(line, f"{word}{i}")
        text = content.read_text(encoding="utf-8")
        start = time.perf_counter()
        content.write_text(text.replace(current, new, 1), encoding="utf-8")
        server.rebuilt()
        times.append(time.perf_counter() - start)
        current = new
    return times


def _renamed(line: str, word: str) -> str:
    """`name: {ru: A, uk: B}` -> `name: {ru: A word, uk: B word}` (one language or more)."""
    head, _, body = line.partition("{")
    parts = [p.strip() for p in body.rstrip("}").split(",")]
    return head + "{" + ", ".join(f"{p} {word}" for p in parts) + "}"


def _figures(times: list[float]) -> str:
    return f"median {statistics.median(times):.2f} s (fastest {min(times):.2f}, slowest {max(times):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=10)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.2f} at start; "
          f"{args.edits} edits of each kind")
    for game in args.games.split(","):
        file, component, title = GAMES[game]
        with tempfile.TemporaryDirectory(prefix="pnp-bench-serve-") as tmp:
            work = Path(tmp)
            content = work / "game" / file
            content.parent.mkdir()
            shutil.copy(ROOT / "content" / file, content)
            started = time.perf_counter()
            server = Server(content, work)
            first = time.perf_counter() - started
            try:
                # words no run of this script used before: the build cache and the check's caches live in
                # the user's cache folder, where a word an earlier run saved would be found drawn already
                run = time.time_ns() % 10 ** 9
                one = timed_edits(server, content, component, args.edits, f"правка{run}-")
                whole = timed_edits(server, content, title, max(1, args.edits // 2), f"нова{run}-")
            finally:
                server.stop()
        print(f"{game}: first build {first:.2f} s; one-component edit {_figures(one)}; "
              f"whole-kit edit {_figures(whole)}")


if __name__ == "__main__":
    main()
