"""Time the card and token build: SVG masters, home sheets, PDFs (no checks, no manifest).

    python benchmarks/bench_cards.py [--repeat 5] [--paper a4] [--ink-saver]

Prints the first (cold: fonts, templates and cairo loaded on first use) and the best
and median of the warm runs, split into masters, cards PDF and tokens PDF, wall clock,
plus the process CPU time of the whole run (the figure to trust when other work shares
the machine). The target (< 1 s for cards and tokens) was set on an idle 2-core box.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def one_run(game, options, out: Path) -> dict[str, float]:
    from pnp.components import cards
    from pnp.core import typography
    from pnp.games.tverdzha.render import tokens
    from pnp.components.base import RenderContext
    from pnp.typeset.iconwords import speaking, words_of

    ctx = RenderContext(options, out)
    # set in the build's language, its icons saying their words, as the build sets every renderer
    with typography.using(options.lang), speaking(words_of(game, options.lang)):
        c0, t0 = time.process_time(), time.perf_counter()
        ctx.masters(game, "cards")
        t1 = time.perf_counter()
        cards.CardsRenderer().render(game, ctx)  # reuses the cached masters, as the build does
        t2 = time.perf_counter()
        tokens.TokensRenderer().render(game, ctx)
        t3, c3 = time.perf_counter(), time.process_time()
    return {"masters": t1 - t0, "cards": t2 - t1, "tokens": t3 - t2, "total": t3 - t0, "cpu": c3 - c0}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--ink-saver", action="store_true")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    from pnp.content import load_game
    from pnp.components.base import BuildOptions

    game, problems = load_game()
    assert game is not None, problems
    options = BuildOptions(paper=args.paper, ink_saver=args.ink_saver)
    loaded = time.perf_counter() - started

    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.repeat + 1):
            runs.append(one_run(game, options, Path(tmp) / str(k)))
    cold, warm = runs[0], runs[1:]

    def row(name: str, r: dict[str, float]) -> str:
        return f"{name:<8} " + "  ".join(f"{key} {r[key]:6.3f} s" for key in ("masters", "cards", "tokens", "total", "cpu"))

    print(f"python imports + content load: {loaded:.3f} s")
    print(row("cold", cold))
    if warm:
        best = {key: min(r[key] for r in warm) for key in cold}
        median = {key: statistics.median(r[key] for r in warm) for key in cold}
        print(row("best", best))
        print(row("median", median))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
