"""The build: plan -> render into a temporary directory -> preflight -> manifest -> move.

A failed build leaves the previous output exactly as it was: everything is written to
a sibling temporary directory, checked, and only then swapped into ``<out>/<lang>/``.
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

from pnp import ROOT
from pnp.content.model import Game
from pnp.kit import counts
from pnp.render.base import RENDERERS, BuildOptions, OutputFile, RenderContext

#: renderer name -> module that registers it, in build order (preview last: it links the rest)
RENDERER_MODULES: dict[str, str] = {
    "cards": "pnp.render.cards",
    "tokens": "pnp.render.tokens",
    "board": "pnp.render.board",
    "mats": "pnp.render.mats",
    "aids": "pnp.render.aids",
    "rulebook": "pnp.render.rulebook",
    "alignment": "pnp.render.alignment",
    "print-shop": "pnp.render.printshop",
    "tts": "pnp.render.tts",
    "preview": "pnp.render.preview",
}
#: manifest kinds each renderer writes (a renderer may write more than its own kind)
RENDERER_KINDS: dict[str, tuple[str, ...]] = {"cards": ("cards", "svg"), "print-shop": ("print-shop", "png")}
#: renderers that reuse other renderers' masters through the cache: run after the rest
LATE_RENDERERS = ("print-shop", "tts", "preview")
#: the independent renderers in two groups of about equal work (measured: ~2.4 and ~2.0 s CPU)
PARALLEL_GROUPS = (("cards", "tokens", "alignment", "rulebook"), ("board", "mats", "aids"))
#: built only with --all (or when named in --only)
EXTRA_RENDERERS = ("print-shop", "tts")

DEFAULT_OUT = ROOT / "output"


class BuildError(Exception):
    """A build that cannot complete; the message is for the user."""


class UnknownKind(BuildError):
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
    from pnp.render.preflight import preflight

    failures = []
    for f in files:
        if f.path.endswith(".pdf"):
            failures += [f"{f.path}: {msg}" for msg in preflight(out_dir / f.path, pages=f.pages or None)]
    return failures


def _keep_previous(final: Path, tmp: Path, names: list[str]) -> list[OutputFile]:
    """For a partial build (--only): carry over the previous output of the kinds not rebuilt."""
    old_manifest = final / "manifest.json"
    if not old_manifest.exists():
        return []
    try:
        old = json.loads(old_manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    rebuilt = {k for n in names for k in RENDERER_KINDS.get(n, (n,))}
    kept = []
    for entry in old.get("files", []):
        source = final / entry["path"]
        if entry.get("kind") in rebuilt or not source.is_file():
            continue
        target = tmp / entry["path"]
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target)
        kept.append(OutputFile(entry["path"], entry["kind"], entry.get("pages", 0)))
    return kept


def _swap_into_place(tmp: Path, final: Path) -> None:
    old = final.with_name(final.name + ".old")
    if old.exists():
        shutil.rmtree(old)
    if final.exists():
        os.replace(final, old)
    os.replace(tmp, final)
    if old.exists():
        shutil.rmtree(old)


def _merge(files: list[OutputFile], fresh: list[OutputFile]) -> list[OutputFile]:
    fresh_paths = {f.path for f in fresh}
    return [f for f in files if f.path not in fresh_paths] + fresh


def _render_serial(game: Game, ctx: RenderContext, names: Iterable[str], files: list[OutputFile]) -> list[OutputFile]:
    for name in names:
        ctx.progress(name)
        ctx.cache["files"] = list(files)
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


def _render_all(game: Game, ctx: RenderContext, names: list[str], files: list[OutputFile]) -> list[OutputFile]:
    """Render every planned renderer. With two or more cores, the independent renderers run in
    two forked processes (output does not depend on which process drew what); the renderers
    that reuse the others' masters (LATE_RENDERERS) then run here with the merged cache."""
    groups = _groups(names)
    workers = min(len(groups), os.cpu_count() or 1, int(os.environ.get("PNP_JOBS", "2")))
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return _render_serial(game, ctx, names, files)
    global _FORK_JOB
    _FORK_JOB = (game, ctx.options, ctx.out_dir)
    try:
        ctx.progress(" + ".join(n for g in groups for n in g))
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(_render_group, groups)
    finally:
        _FORK_JOB = None
    for fresh, notes, cache in results:
        files = _merge(files, fresh)
        ctx.notes.extend(notes)
        ctx.cache.update(cache)
    return _render_serial(game, ctx, [n for n in names if n in LATE_RENDERERS], files)


def build(
    game: Game,
    options: BuildOptions,
    out_root: Path | None = None,
    only: Iterable[str] = (),
    build_all: bool = False,
    progress: Callable[[str], None] = lambda name: None,
) -> BuildResult:
    only = list(only)
    names = plan(only, build_all)
    out_root = Path(out_root or DEFAULT_OUT)
    out_root.mkdir(parents=True, exist_ok=True)
    final = out_root / options.lang
    tmp = out_root / f".{options.lang}.building-{os.getpid()}"
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir()
    try:
        ctx = RenderContext(options=options, out_dir=tmp, final_dir=final, progress=progress)
        files: list[OutputFile] = _keep_previous(final, tmp, names) if only else []
        files = _render_all(game, ctx, names, files)
        failures = _preflight(tmp, files)
        if failures:
            raise BuildError("preflight failed:\n  " + "\n  ".join(failures))
        data = manifest(game, options, tmp, files)
        (tmp / "manifest.json").write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        _swap_into_place(tmp, final)
        return BuildResult(final, files, ctx.notes)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
