"""`pnp serve`: the kit's gallery in the browser, rebuilt on every save (pnp.serve)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from pnp.build import DEFAULT_OUT, jobs_from_env
from pnp.commands.common import content_path
from pnp.components.base import BuildOptions
from pnp.serve.session import Request, serve


def _say(line: str) -> None:
    click.echo(line, err=True)
    sys.stderr.flush()


def run(content, *, lang, paper, duplex, ink_saver, out, host, port, use_cache=True) -> int:
    request = Request(content=content_path(content).resolve(), lang=lang, out_root=Path(out or DEFAULT_OUT),
                      options=BuildOptions(lang=lang or "", paper=paper, duplex=duplex, ink_saver=ink_saver),
                      host=host, port=port, jobs=jobs_from_env(), use_cache=use_cache)
    return serve(request, _say)
