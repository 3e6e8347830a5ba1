"""`pnp build`: check the content, then render the kit into output/<lang>/."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from pnp.art import designer_art
from pnp.build import build, cached_note, jobs_from_env
from pnp.commands.common import content_path, kit_language, load_checked, print_problems
from pnp.components.base import BuildOptions
from pnp.core.errors import UserError
from pnp.games import pack_of


def _progress_printer():
    """A one-line progress display on a terminal; silent when piped."""
    if not sys.stderr.isatty():
        return lambda name: None, lambda: None

    def show(name: str) -> None:
        click.echo(f"\r\033[K  building {name} …", nl=False, err=True)

    def done() -> None:
        click.echo("\r\033[K", nl=False, err=True)

    return show, done


def run(content, *, lang, paper, duplex, back_offset, ink_saver, build_all, only, shop, shop_order, out,
        tts_url_base=None, use_cache=True) -> int:
    jobs = jobs_from_env()  # a bad PNP_JOBS is reported before any work
    game, problems = load_checked(content, lang, kit=True)
    if game is None:
        return 1
    # a picture that will print soft is said by the build too, not only by `pnp check`
    print_problems([p for p in problems if p.code in designer_art.CODES])
    lang = kit_language(game, lang)
    if not pack_of(game).renderers:
        raise UserError(f"{pack_of(game).name} has no printed kit yet: its pack lists no renderers "
                        "(`pnp check` and, where it has an engine, `pnp sim` and `pnp odds` work)")
    options = BuildOptions(lang=lang, paper=paper, duplex=duplex, back_offset=tuple(back_offset),
                           ink_saver=ink_saver, shop=shop, shop_order=shop_order, tts_url_base=tts_url_base)
    show, done = _progress_printer()
    started = time.perf_counter()
    try:
        result = build(game, options, out_root=out, only=only, build_all=build_all, progress=show,
                       content=content_path(content), jobs=jobs, waiting=lambda m: click.echo(f"pnp: {m}", err=True),
                       use_cache=use_cache)
    finally:
        done()
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    pages = sum(f.pages for f in result.files)
    shown = Path(result.out_dir)
    click.echo(f"built {len(result.files)} files ({pages} PDF pages) in {shown} "
               f"in {time.perf_counter() - started:.2f} s{cached_note(result)}; see {shown / 'manifest.json'}")
    return 0
