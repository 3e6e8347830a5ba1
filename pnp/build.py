"""The build: plan -> render into a temporary directory -> preflight -> manifest -> move.

The plan comes from the game pack's renderers alone (pnp.games, pnp.components.base):
their order, what they declare they need and what they cost. The independent renderers
run in two processes balanced by declared cost; those that reuse others' masters run
after them, in the main process, with the masters the workers made.

A failed build leaves the previous output exactly as it was: everything is written to
a sibling temporary directory, checked, and only then swapped into ``<out>/<lang>/``,
under the output root's lock (pnp.core.swap) and only over a folder pnp wrote (pnp.core.outfolder).
"""

from __future__ import annotations

import contextlib
import difflib
import json
import multiprocessing
import os
import pickle
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from pnp.art import svg
from pnp.cache.reads import tracked
from pnp.cache.session import NONE, BuildCache
from pnp.components.base import BuildError, BuildOptions, OutputFile, Renderer, RenderContext, renderers_of
from pnp.core import swap, typography
from pnp.core.errors import UserError
from pnp.core.frozen_heap import frozen_heap
from pnp.core.interrupts import forked_workers
from pnp.core.outfolder import Listed, OutputFolderError, check_replaceable, manifest_game
from pnp.core.safeio import sha256_file
from pnp.core.warm_workers import WarmWorkers
from pnp.games import Model, own_icons, pack_of
from pnp.print.preflight import preflight
from pnp.typeset import fonts
from pnp.typeset.iconwords import speaking, words_of

#: relative: the output/ folder of the directory pnp runs in, never the package's own
DEFAULT_OUT = Path("output")
#: the checkout (or, installed, the folder that holds the package): never an output folder
ROOT = Path(__file__).resolve().parent.parent


class UnknownKind(BuildError, UserError):
    """`--only` names a kind no renderer has: a usage error."""


@dataclass
class BuildResult:
    out_dir: Path
    files: list[OutputFile]
    notes: list[str] = field(default_factory=list)
    #: the renderers whose output came from the build cache
    cached: list[str] = field(default_factory=list)


def cached_note(result: BuildResult) -> str:
    """The build line's word on the cache: which renderers it gave (nothing when none)."""
    return f" ({len(result.cached)} from the cache: {', '.join(result.cached)})" if result.cached else ""


def plan(renderers: Mapping[str, Renderer], only: Iterable[str] = (), build_all: bool = False) -> list[str]:
    """Renderer names to run, in build order: the pack's order, with every renderer after what
    it needs and those that list every file last. Raises UnknownKind for an unknown name."""
    only = list(only)
    for name in only:
        if name not in renderers:
            close = difflib.get_close_matches(name, renderers, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise UnknownKind(f"unknown kind {name!r}{hint}; known: {', '.join(renderers)}")
    chosen = [n for n, r in renderers.items() if (n in only if only else build_all or r.default)]
    ordered = [n for n in chosen if not renderers[n].needs and not renderers[n].needs_files]
    waiting = [n for n in chosen if n not in ordered and not renderers[n].needs_files]
    while waiting:  # each after what it needs (renderers_of has checked that all of it exists)
        ready = next((n for n in waiting if all(d in ordered or d not in chosen for d in renderers[n].needs)), None)
        if ready is None:
            raise BuildError(f"renderers {', '.join(waiting)} need each other")
        ordered.append(ready)
        waiting.remove(ready)
    return ordered + [n for n in chosen if renderers[n].needs_files]


def manifest(game: Model, options: BuildOptions, out_dir: Path, files: list[OutputFile]) -> dict:
    return {
        "game": game.id,
        "lang": options.lang,
        "paper": options.paper,
        "duplex": options.duplex,
        "content_sha256": game.sha256,
        "files": [
            {"path": f.path, "kind": f.kind, "pages": f.pages, "sha256": sha256_file(out_dir / f.path)}
            for f in sorted(files, key=lambda f: f.path)
        ],
        "components": dict(pack_of(game).counts(game)),
    }


def _preflight(out_dir: Path, files: list[OutputFile]) -> list[str]:
    """Every PDF: fonts embedded and subset, readable, with the page count its renderer reported.

    Renderers verify their own page boxes and sizes; this is the build-wide safety net.
    """
    failures = []
    for f in files:
        if f.path.endswith(".pdf"):
            failures += [f"{f.path}: {msg}" for msg in preflight(out_dir / f.path, pages=f.pages or None)]
    return failures


def _keep_previous(final: Path, tmp: Path, renderers: Mapping[str, Renderer], names: list[str],
                   previous: list[Listed]) -> list[OutputFile]:
    """For a partial build (--only): carry over the previous output of the kinds not rebuilt.

    `previous` is the old manifest's list, already checked to stay inside `final`
    (pnp.core.outfolder); a symbolic link is copied as a link, never followed.
    """
    rebuilt = {k for n in names for k in renderers[n].written_kinds()}
    kept = []
    for entry in previous:
        source = final / entry.path
        if entry.kind in rebuilt or not source.is_file():
            continue
        target = tmp / entry.path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)
        kept.append(OutputFile(entry.path, entry.kind, entry.pages))
    return kept


def _merge(files: list[OutputFile], fresh: list[OutputFile]) -> list[OutputFile]:
    fresh_paths = {f.path for f in fresh}
    return [f for f in files if f.path not in fresh_paths] + fresh


def _render_serial(game: Model, ctx: RenderContext, names: Iterable[str], files: list[OutputFile],
                   cache: BuildCache | None = None) -> list[OutputFile]:
    for name in names:
        static = cache.static(name, ctx.renderers[name].needs, ctx.made, _also(ctx, name, files)) if cache else None
        entry = cache.find(name, static) if cache is not None else None
        if entry is not None:
            files = _merge(files, _restored(entry, name, ctx, cache))
            continue
        before = len(ctx.notes)
        fresh, reads, seconds = _render_one(game, ctx, name, files)
        files = _merge(files, fresh)
        if cache is not None:
            cache.keep(static, reads, _listed(fresh), ctx.notes[before:], ctx.made.get(name, NONE))
            cache.took(name, seconds)
    return files


def _also(ctx: RenderContext, name: str, files: list[OutputFile]) -> str:
    """What a renderer that lists the others' files reads besides the model: those files and the notes."""
    if not ctx.renderers[name].needs_files:
        return ""
    return repr(sorted(_listed(files))) + repr(ctx.notes)


def _render_one(game: Model, ctx: RenderContext, name: str, files: list[OutputFile]) -> tuple[list[OutputFile], set, float]:
    """Run one renderer on a clone of the game that notes the fields it reads: (its files, those
    fields, the CPU seconds it took)."""
    ctx.progress(name)
    ctx.cache["files"] = list(files)
    ctx.current = ctx.renderers[name]
    seen, reads = tracked(game)
    started = time.process_time()
    try:
        # ties and hyphenation of the language built; inline icons say their words in it, and the
        # content's own icons join the icon set
        with typography.using(ctx.options.lang), speaking(words_of(seen, ctx.options.lang)), own_icons(seen):
            return ctx.current.render(seen, ctx), reads, time.process_time() - started
    finally:
        ctx.current = None


def _restored(entry, name: str, ctx: RenderContext, cache: BuildCache) -> list[OutputFile]:
    """A renderer's output taken from the cache: its files copied in, its notes and masters back."""
    ctx.progress(f"{name} (cached)")
    cache.store.restore(entry, ctx.out_dir)
    ctx.notes.extend(entry.notes)
    if entry.masters is not None:
        ctx.made[name] = pickle.loads(entry.masters)
    return [OutputFile(path, kind, pages) for path, kind, pages, _ in entry.files]


def _listed(files: list[OutputFile]) -> list[tuple[str, str, int]]:
    return [(f.path, f.kind, f.pages) for f in files]


#: in a render worker only: what it renders, set by `_start_worker` after the fork
_WORKER: tuple | None = None


def _start_worker(*job) -> None:
    global _WORKER
    _WORKER = job


def _render_group(names: tuple[str, ...]) -> list[tuple[str, list[OutputFile], list[str], Any, dict, set, float]]:
    """In a worker: (name, files, notes, masters, cache, fields read, CPU seconds) of each renderer of the group."""
    assert _WORKER is not None, "a render group runs only in a worker started by _start_worker"
    return _render_names(*_WORKER, names)


def _render_group_warm(job: tuple, names: tuple[str, ...]) -> list[tuple[str, list[OutputFile], list[str], Any, dict, set, float]]:
    """`_render_group` in a worker that outlives the build (pnp.core.warm_workers): the game and
    the options come with the task, and the designer's fonts are set here, not inherited."""
    game, options, out_dir = job
    with fonts.designer_fonts(getattr(game, "fonts", ())):
        return _render_names(game, options, out_dir, renderers_of(pack_of(game), game), names)


def _render_names(game: Model, options: BuildOptions, out_dir: Path, renderers: Mapping[str, Renderer],
                  names: tuple[str, ...]) -> list[tuple[str, list[OutputFile], list[str], Any, dict, set, float]]:
    done = []
    for name in names:
        ctx = RenderContext(options=options, out_dir=out_dir, renderers=renderers)
        files, reads, seconds = _render_one(game, ctx, name, [])
        ctx.cache.pop("files", None)
        done.append((name, files, ctx.notes, ctx.made, ctx.cache, reads, seconds))
    return done


def groups(renderers: Mapping[str, Renderer], names: list[str], count: int = 2,
           measured: Mapping[str, float] | None = None) -> list[tuple[str, ...]]:
    """The independent renderers of `names` in `count` groups of about equal cost (the costliest
    first, each to the lightest group), each group in plan order. A renderer's cost is what it
    took last time (`measured`, CPU seconds the build cache remembers), else what it declares."""
    measured = measured or {}

    def cost(name: str) -> float:
        return measured.get(name, renderers[name].cost)

    loads: list[list[str]] = [[] for _ in range(count)]
    independent = [n for n in names if not renderers[n].needs and not renderers[n].needs_files]
    for name in sorted(independent, key=lambda n: -cost(n)):
        min(loads, key=lambda g: sum(cost(n) for n in g)).append(name)
    return [tuple(n for n in independent if n in group) for group in loads if group]


def _render_all(game: Model, ctx: RenderContext, names: list[str], files: list[OutputFile],
                jobs: int, cache: BuildCache | None = None, warm: WarmWorkers | None = None) -> list[OutputFile]:
    """Render every planned renderer, or take its output from the cache. With two or more cores,
    the independent renderers the cache lacks run in two forked processes (or in `warm`, workers
    that outlive the build); their files, notes and masters are taken in plan order, so the output
    does not depend on which process drew what. The renderers that reuse the others' masters then
    run here."""
    independent = [n for n in names if not ctx.renderers[n].needs and not ctx.renderers[n].needs_files]
    statics = {n: cache.static(n, (), {}) for n in independent} if cache is not None else {}
    found = {n: e for n in independent if (e := cache.find(n, statics[n]) if cache is not None else None)}
    todo = [n for n in names if n not in found]
    parallel = groups(ctx.renderers, todo, count=len(warm) if warm is not None else 2,
                      measured=cache.costs() if cache is not None else None)
    workers = min(len(parallel), os.cpu_count() or 1, jobs)
    if warm is not None and parallel:
        ctx.progress(" + ".join(n for g in parallel for n in g))
        job = (game, ctx.options, ctx.out_dir)
        results = {done[0]: done for group in warm.map(_render_group_warm, job, parallel) for done in group}
    elif workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        results = {}
    else:
        ctx.progress(" + ".join(n for g in parallel for n in g))
        job = (game, ctx.options, ctx.out_dir, ctx.renderers)
        svg.ready()  # every renderer writes SVG: svgwrite imported here once, not in each worker
        with forked_workers(workers, setup=_start_worker, setup_args=job) as pool:
            results = {done[0]: done for group in pool.map(_render_group, parallel) for done in group}
    for name in names:
        if name in found:
            files = _merge(files, _restored(found[name], name, ctx, cache))
        elif name in results:
            _, fresh, notes, made, shared, reads, seconds = results[name]
            files = _merge(files, fresh)
            ctx.notes.extend(notes)
            ctx.made.update(made)
            ctx.cache.update(shared)
            if cache is not None:
                cache.keep(statics[name], reads, _listed(fresh), notes, made.get(name, NONE))
                cache.took(name, seconds)
        elif name in independent and not results:
            files = _render_serial(game, ctx, [name], files, cache)
    return _render_serial(game, ctx, [n for n in names if n not in independent], files, cache)


def jobs_from_env(environ=os.environ) -> int:
    """Render processes from PNP_JOBS (default 2; more than the renderer groups gain nothing)."""
    raw = environ.get("PNP_JOBS")
    if raw is None:
        return 2
    try:
        jobs = int(raw)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise UserError(f"PNP_JOBS={raw!r}: expected a whole number of render processes, 1 or more")
    return jobs


def _one_game(final: Path, game: Model) -> None:
    """A kit folder holds one game's kit: building another game into it would delete that kit."""
    held = manifest_game(final)
    if held is not None and held != game.id:
        raise OutputFolderError(f"{final} holds the kit of game {held!r}; build {game.id!r} into another --out "
                                f"(e.g. --out output/{game.id}), or move that folder away first")


def make_root(out_root: Path) -> None:
    """The output root, made if absent; a file in its way is an output-folder error."""
    try:
        out_root.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputFolderError(f"--out {out_root}: a file is in the way (expected a folder)") from None
    except OSError as exc:
        raise OutputFolderError(f"--out {out_root}: cannot create the folder: {exc.strerror}") from None
    if not out_root.is_dir():
        raise OutputFolderError(f"--out {out_root}: not a folder")


def _protected(content: Path | None) -> dict[str, Path]:
    """What an output folder must never be or contain, even when a manifest lists it all."""
    paths = {"your home folder": Path.home(), "pnp itself": ROOT}
    if content is not None:
        paths["the content file"] = Path(content)
    return paths


def build(
    game: Model,
    options: BuildOptions,
    out_root: Path | None = None,
    only: Iterable[str] = (),
    build_all: bool = False,
    progress: Callable[[str], None] = lambda name: None,
    *,
    content: Path | None = None,
    jobs: int | None = None,
    waiting: Callable[[str], None] = lambda message: None,
    use_cache: bool = True,
    warm: WarmWorkers | None = None,
) -> BuildResult:
    """Build into `<out_root>/<lang>/`, which must be absent or pnp's (pnp.core.outfolder).

    `content` is the content file (never inside the folder replaced); `waiting(message)` is
    told when another build holds the output root's lock. With `use_cache`, each renderer's
    output is taken from the build cache when nothing it reads has changed (pnp.cache). `warm`:
    render workers that outlive the build (pnp serve), else each build forks its own.
    """
    only = list(only)
    renderers = renderers_of(pack_of(game), game)
    names = plan(renderers, only, build_all)
    jobs = jobs_from_env() if jobs is None else jobs
    out_root = Path(out_root or DEFAULT_OUT)
    make_root(out_root)
    final = out_root / options.lang
    protected = _protected(content)
    with swap.build_lock(out_root, waiting):
        swap.recover(out_root, final, protected)
        previous = check_replaceable(final, protected)
        _one_game(final, game)
        tmp = swap.make_temp(out_root, options.lang)
        try:
            ctx = RenderContext(options=options, out_dir=tmp, final_dir=final, progress=progress, renderers=renderers)
            files: list[OutputFile] = _keep_previous(final, tmp, renderers, names, previous) if only else []
            cache = BuildCache.open(game, options, final, content, [out_root]) if use_cache else None
            # each role the content's `fonts:` names prints in the designer's font (forked workers inherit it)
            # what is alive now (modules, model, fonts) outlives the drawing: kept out of the collector's passes
            with fonts.designer_fonts(getattr(game, "fonts", ())), frozen_heap():
                files = _render_all(game, ctx, names, files, jobs, cache, warm)
            # what the cache gave passed the preflight when it was stored
            kept = {p for e in (cache.found_entries if cache else ()) for p in e}
            failures = _preflight(tmp, [f for f in files if f.path not in kept])
            if failures:
                raise BuildError("preflight failed: " + "; ".join(failures))
            data = manifest(game, options, tmp, files)
            (tmp / "manifest.json").write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
            swap.seal(tmp)
            previous = check_replaceable(final, protected)  # again: the build took seconds
            if cache is not None:
                cache.store_all(tmp)
            notes = swap.into_place(tmp, final, previous)
            return BuildResult(final, files, ctx.notes + notes, list(cache.found) if cache else [])
        finally:
            if os.path.lexists(tmp):
                with contextlib.suppress(OSError):
                    swap.discard(tmp)
