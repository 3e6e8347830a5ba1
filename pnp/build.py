"""The build: plan -> render into a temporary directory -> preflight -> manifest -> move.

A failed build leaves the previous output exactly as it was: everything is written to
a sibling temporary directory, checked, and only then swapped into ``<out>/<lang>/``,
under the output root's lock (pnp.core.swap) and only over a folder pnp wrote (pnp.core.outfolder).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import multiprocessing
import os
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from pnp.core import swap, typography
from pnp.games.tverdzha.model import Game
from pnp.core.errors import UserError
from pnp.core.interrupts import worker_pool
from pnp.games.tverdzha.kit_counts import counts
from pnp.core.outfolder import Listed, OutputFolderError, check_replaceable
from pnp.components.base import RENDERERS, BuildOptions, OutputFile, RenderContext

#: renderer name -> module that registers it, in build order (preview last: it links the rest)
RENDERER_MODULES: dict[str, str] = {
    "cards": "pnp.components.cards",
    "tokens": "pnp.components.tokens",
    "board": "pnp.games.tverdzha.render.board",
    "mats": "pnp.games.tverdzha.render.mats",
    "aids": "pnp.games.tverdzha.render.aids",
    "rulebook": "pnp.rulebook.renderer",
    "alignment": "pnp.print.alignment",
    "print-shop": "pnp.exports.printshop",
    "tts": "pnp.exports.tts",
    "preview": "pnp.exports.preview",
}
#: manifest kinds each renderer writes (a renderer may write more than its own kind)
RENDERER_KINDS: dict[str, tuple[str, ...]] = {"cards": ("cards", "svg"), "print-shop": ("print-shop", "png")}
#: renderers that reuse other renderers' masters through the cache: run after the rest
LATE_RENDERERS = ("print-shop", "tts", "preview")
#: the independent renderers in two groups of about equal work (measured: ~2.4 and ~2.0 s CPU)
PARALLEL_GROUPS = (("cards", "tokens", "alignment", "rulebook"), ("board", "mats", "aids"))
#: built only with --all (or when named in --only)
EXTRA_RENDERERS = ("print-shop", "tts")

#: relative: the output/ folder of the directory pnp runs in, never the package's own
DEFAULT_OUT = Path("output")
#: the checkout (or, installed, the folder that holds the package): never an output folder
ROOT = Path(__file__).resolve().parent.parent


class BuildError(Exception):
    """A build that cannot complete through pnp's own fault (a renderer that does not
    register, a written PDF that fails the preflight): an internal error."""


class UnknownKind(BuildError, UserError):
    """`--only` names a kind no renderer has: a usage error."""


@dataclass
class BuildResult:
    out_dir: Path
    files: list[OutputFile]
    notes: list[str] = field(default_factory=list)


def plan(only: Iterable[str] = (), build_all: bool = False) -> list[str]:
    """Renderer names to run, in build order. Raises BuildError for an unknown name."""
    only = list(only)
    for name in only:
        if name not in RENDERER_MODULES:
            import difflib

            close = difflib.get_close_matches(name, RENDERER_MODULES, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise UnknownKind(f"unknown kind {name!r}{hint}; known: {', '.join(RENDERER_MODULES)}")
    if only:
        return [n for n in RENDERER_MODULES if n in only]
    return [n for n in RENDERER_MODULES if build_all or n not in EXTRA_RENDERERS]


def _renderer(name: str):
    importlib.import_module(RENDERER_MODULES[name])
    try:
        return RENDERERS[name]()
    except KeyError:
        raise BuildError(f"module {RENDERER_MODULES[name]} does not register a renderer named {name!r}") from None


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def manifest(game: Game, options: BuildOptions, out_dir: Path, files: list[OutputFile]) -> dict:
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
        "components": counts(game).as_dict(),
    }


def _preflight(out_dir: Path, files: list[OutputFile]) -> list[str]:
    """Every PDF: fonts embedded and subset, readable, with the page count its renderer reported.

    Renderers verify their own page boxes and sizes; this is the build-wide safety net.
    """
    from pnp.print.preflight import preflight

    failures = []
    for f in files:
        if f.path.endswith(".pdf"):
            failures += [f"{f.path}: {msg}" for msg in preflight(out_dir / f.path, pages=f.pages or None)]
    return failures


def _keep_previous(final: Path, tmp: Path, names: list[str], previous: list[Listed]) -> list[OutputFile]:
    """For a partial build (--only): carry over the previous output of the kinds not rebuilt.

    `previous` is the old manifest's list, already checked to stay inside `final`
    (pnp.core.outfolder); a symbolic link is copied as a link, never followed.
    """
    rebuilt = {k for n in names for k in RENDERER_KINDS.get(n, (n,))}
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


def _render_serial(game: Game, ctx: RenderContext, names: Iterable[str], files: list[OutputFile]) -> list[OutputFile]:
    for name in names:
        ctx.progress(name)
        ctx.cache["files"] = list(files)
        with typography.using(ctx.options.lang):  # ties and hyphenation of the language built
            files = _merge(files, _renderer(name).render(game, ctx))
    return files


#: the job a forked worker renders: set just before the fork, read by the child
_FORK_JOB: tuple | None = None


def _render_group(names: tuple[str, ...]) -> tuple[list[OutputFile], list[str], dict]:
    game, options, out_dir = _FORK_JOB
    ctx = RenderContext(options=options, out_dir=out_dir)
    files = _render_serial(game, ctx, names, [])
    ctx.cache.pop("files", None)
    return files, ctx.notes, ctx.cache


def _groups(names: list[str]) -> list[tuple[str, ...]]:
    """Independent renderers split into two groups of about equal work, for two cores."""
    early = [n for n in names if n not in LATE_RENDERERS]
    groups = [tuple(n for n in g if n in early) for g in PARALLEL_GROUPS]
    rest = tuple(n for n in early if not any(n in g for g in PARALLEL_GROUPS))
    groups[-1] += rest
    return [g for g in groups if g]


def _render_all(game: Game, ctx: RenderContext, names: list[str], files: list[OutputFile],
                jobs: int) -> list[OutputFile]:
    """Render every planned renderer. With two or more cores, the independent renderers run in
    two forked processes (output does not depend on which process drew what); the renderers
    that reuse the others' masters (LATE_RENDERERS) then run here with the merged cache."""
    groups = _groups(names)
    workers = min(len(groups), os.cpu_count() or 1, jobs)
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return _render_serial(game, ctx, names, files)
    global _FORK_JOB
    _FORK_JOB = (game, ctx.options, ctx.out_dir)
    try:
        ctx.progress(" + ".join(n for g in groups for n in g))
        with worker_pool(workers) as pool:
            results = pool.map(_render_group, groups)
    finally:
        _FORK_JOB = None
    for fresh, notes, cache in results:
        files = _merge(files, fresh)
        ctx.notes.extend(notes)
        ctx.cache.update(cache)
    return _render_serial(game, ctx, [n for n in names if n in LATE_RENDERERS], files)


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


def require_cairo() -> None:
    """The card, board and export renderers draw with the cairo C library (through cairocffi)."""
    try:
        import cairocffi  # noqa: F401
    except (ImportError, OSError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UserError(f"the cairo graphics library cannot be loaded ({first}); install it: "
                        "apt-get install libcairo2 (Debian, Ubuntu), dnf install cairo (Fedora), "
                        "brew install cairo (macOS)") from None


def _make_root(out_root: Path) -> None:
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
    game: Game,
    options: BuildOptions,
    out_root: Path | None = None,
    only: Iterable[str] = (),
    build_all: bool = False,
    progress: Callable[[str], None] = lambda name: None,
    *,
    content: Path | None = None,
    jobs: int | None = None,
    waiting: Callable[[str], None] = lambda message: None,
) -> BuildResult:
    """Build into `<out_root>/<lang>/`, which must be absent or pnp's (pnp.core.outfolder).

    `content` is the content file (never inside the folder replaced); `waiting(message)` is
    told when another build holds the output root's lock.
    """
    only = list(only)
    names = plan(only, build_all)
    jobs = jobs_from_env() if jobs is None else jobs
    require_cairo()
    out_root = Path(out_root or DEFAULT_OUT)
    _make_root(out_root)
    final = out_root / options.lang
    protected = _protected(content)
    with swap.build_lock(out_root, waiting):
        swap.recover(out_root, final, protected)
        previous = check_replaceable(final, protected)
        tmp = swap.temp_folder(out_root, options.lang)
        tmp.mkdir()
        try:
            ctx = RenderContext(options=options, out_dir=tmp, final_dir=final, progress=progress)
            files: list[OutputFile] = _keep_previous(final, tmp, names, previous) if only else []
            files = _render_all(game, ctx, names, files, jobs)
            failures = _preflight(tmp, files)
            if failures:
                raise BuildError("preflight failed: " + "; ".join(failures))
            data = manifest(game, options, tmp, files)
            (tmp / "manifest.json").write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
            previous = check_replaceable(final, protected)  # again: the build took seconds
            notes = swap.into_place(tmp, final, previous)
            return BuildResult(final, files, ctx.notes + notes)
        finally:
            if os.path.lexists(tmp):
                shutil.rmtree(tmp, ignore_errors=True)
