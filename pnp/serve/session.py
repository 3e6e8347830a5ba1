"""The loop of `pnp serve`: look at the content, rebuild the kit, tell the pages; again on each save.

A look that finds errors leaves the last good kit where it is (on disk and in the page) and
shows the problems over it; a clean look rebuilds the kit the way `pnp build` does (the same
function, the same output folder and its lock) and the pages reload. The terminal gets one
line a rebuild, with its time, or the problems.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from pnp.build import build, cached_note, jobs_from_env, make_root
from pnp.checks import run_all
from pnp.commands.common import kit_language, require_language, summary_line
from pnp.components.base import BuildError, BuildOptions
from pnp.content import load_game
from pnp.core import swap
from pnp.core.errors import Level, UserError, has_errors, sorted_problems
from pnp.core.warm_workers import WarmWorkers
from pnp.games import Model, pack_of
from pnp.core.kept import keep_between_builds
from pnp.serve.gallery import Gallery, Status
from pnp.serve.watch import Watcher

#: how often the files are looked at, and how long they must stay still before a rebuild
#: (an editor saving several files, or writing one in parts, is one change)
POLL_S = 0.1
SETTLE_S = 0.05
LOOPBACK = ("127.0.0.1", "::1", "localhost")


@dataclass
class Request:
    content: Path
    lang: str | None
    out_root: Path
    options: BuildOptions  # its `lang` is replaced by the kit's language
    host: str = "127.0.0.1"
    port: int = 8000
    jobs: int | None = None
    use_cache: bool = True


def serve(request: Request, say: Callable[[str], None], *, ready: Callable[[str], None] = lambda url: None,
          stop: threading.Event | None = None) -> int:
    """Serve and rebuild until `stop` is set or the command is interrupted (Ctrl-C)."""
    stop = stop or threading.Event()
    out_root = request.out_root
    warm: WarmWorkers | None = None
    make_root(out_root)
    with swap.serve_lock(out_root):
        status = Status()
        try:
            gallery = Gallery((request.host, request.port), status)
        except OSError as exc:
            raise UserError(f"cannot serve on {request.host}:{request.port}: {exc.strerror}") from None
        thread = threading.Thread(target=gallery.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
        thread.start()
        try:
            if request.host not in LOOPBACK:
                say(f"note: serving on {request.host}: anyone who can reach this machine can read the kit")
            # the files as they are before the first look: a save during the first build is a change
            watcher = Watcher([request.content.resolve().parent], ignore=[out_root])
            warm = _warm_workers(request)
            game = look(request, status, say, warm)
            _watch_templates(watcher, game)
            say(f"serving {gallery.url} (Ctrl-C stops)")
            ready(gallery.url)
            while not stop.wait(POLL_S):
                if not watcher.changed():
                    continue
                while not stop.wait(SETTLE_S) and watcher.changed():
                    pass  # still being written
                game = look(request, status, say, warm) or game
                _watch_templates(watcher, game)
        finally:
            if warm is not None:
                warm.close()
            status.close()
            gallery.shutdown()
            gallery.server_close()
    return 0


def _warm_workers(request: Request) -> WarmWorkers | None:
    """The render workers of every rebuild: two that live as long as the server and keep the card
    faces they drew, so a save redraws only the faces it changed (None: one core, or PNP_JOBS=1)."""
    count = min(2, os.cpu_count() or 1, request.jobs or jobs_from_env())
    if count < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    return WarmWorkers(count, setup=keep_between_builds)


def look(request: Request, status: Status, say: Callable[[str], None],
         warm: WarmWorkers | None = None) -> Model | None:
    """Check the content; rebuild the kit if it is clean; tell the pages and the terminal.
    Returns the game read (None: the content could not be read as one)."""
    started = time.perf_counter()
    game, problems = load_game(request.content)
    lang = request.lang
    if game is not None:
        try:
            require_language(game, lang)
        except UserError as exc:
            _problems(status, say, [f"pnp: {exc}"], "the language asked for is not the content's")
            return game
        lang = kit_language(game, lang)
        problems = problems + run_all(game, lang=lang)
    if has_errors(problems):
        shown = [p.format() for p in sorted_problems(problems) if p.level is Level.ERROR]
        _problems(status, say, shown, f"the content has problems ({summary_line(problems)}); "
                                      "the kit shown is the last good one")
        return game
    options = replace(request.options, lang=lang)
    try:
        result = build(game, options, out_root=request.out_root, content=request.content, jobs=request.jobs,
                       waiting=lambda message: say(f"pnp: {message}"), use_cache=request.use_cache, warm=warm)
    except (BuildError, UserError) as exc:
        _problems(status, say, [f"pnp: {exc}"], "the kit could not be built; the kit shown is the last good one")
        return game
    status.publish(built=True, kit=result.out_dir)
    pages = sum(f.pages for f in result.files)
    say(f"built {len(result.files)} files ({pages} PDF pages) of {pack_of(game).name} ({lang}) "
        f"in {time.perf_counter() - started:.2f} s{cached_note(result)}")
    return game


def _problems(status: Status, say: Callable[[str], None], lines: list[str], heading: str) -> None:
    status.publish(built=False, heading=heading, problems=lines)
    for line in lines:
        say(line)
    say(f"pnp: {heading}")


def _watch_templates(watcher: Watcher, game: Model | None) -> None:
    """What a kit reads besides the content's folder: the game's own templates (known once the
    content names its game)."""
    templates = pack_of(game).templates if game is not None else None
    if templates is not None and Path(templates).is_dir():
        watcher.add(Path(templates))
