"""`pnp new NAME [--lang L]`: a new game made only of data, in a folder NAME/ that checks and
builds at once: its content with comments, a CSV of cards, the card layout and back to change,
a rulebook of two sections and a README of its own, in the game's language.

The folder is made beside its final place and renamed into it when whole, so an interrupted
command leaves nothing half-written; an existing file or folder of that name is never touched.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import tempfile
from pathlib import Path

import click

from pnp import games
from pnp.core.errors import UserError

#: the pack whose starter game `pnp new` copies
PACK_ID = "data"
#: the starter's folders every language shares (beside starter/<lang>/): copied into the new game
SHARED = ("art", "cards")
#: a game id: names the kit's files (the base schema's game_id)
_NOT_ID = re.compile(r"[^a-z0-9]+")


def starters() -> dict[str, Path]:
    """The starter game of each language it is written in, by language."""
    root = games.pack(PACK_ID).content.parent.parent
    return {p.name: p for p in sorted(root.iterdir()) if (p / "game.yaml").is_file()}


def game_id(name: str) -> str:
    """The folder's name as a game id: lower case, words joined by '-', a letter first."""
    slug = _NOT_ID.sub("-", name.lower()).strip("-")[:40].strip("-")
    if not slug:  # a name in another alphabet: the designer may rename the id in game.yaml
        return "my-game"
    return slug if slug[:1].isalpha() else f"game-{slug}"


def _own(text: str, lang: str, gid: str, title: str) -> str:
    """The starter's content with the new game's id and title (the two lines that name it)."""
    text = text.replace("  id: my-game ", f"  id: {gid} ", 1)
    quoted = '"' + title.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return re.sub(r"^  title: \{" + lang + r": [^}]*\}$", f"  title: {{{lang}: {quoted}}}", text, count=1, flags=re.M)


def write(target: Path, lang: str) -> Path:
    """Write the new game's folder `target`; UserError if it exists or cannot be made there."""
    found = starters()
    if lang not in found:
        raise UserError(f"--lang {lang}: no starter game in that language; known: {', '.join(found)}")
    if target.exists() or target.is_symlink():
        raise UserError(f"{target}: already exists; pnp new writes a new folder and never changes one "
                        "(choose another name)")
    parent = target.parent
    if not parent.is_dir():
        raise UserError(f"{parent}: no such folder")
    starter, cards = found[lang], games.pack(PACK_ID).templates / "cards"
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    try:
        for source in sorted(starter.iterdir()):
            text = source.read_text(encoding="utf-8")
            if source.name == "game.yaml":
                text = _own(text, lang, game_id(target.name), target.name)
            elif source.name == "README.md":
                text = re.sub(r"^# .*$", f"# {target.name}", text, count=1, flags=re.M)
            (tmp / source.name).write_text(text, encoding="utf-8")
        shutil.copytree(cards, tmp / "cards")
        # what every language's starter shares: its sample picture, and its layout that shows it
        # (over pnp's built-in one)
        for shared in SHARED:
            if (starter.parent / shared).is_dir():
                shutil.copytree(starter.parent / shared, tmp / shared, dirs_exist_ok=True)
        os.chmod(tmp, 0o777 & ~_umask())
        os.rename(tmp, target)  # refuses a folder that appeared meanwhile with anything in it
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def run(name: str, lang: str) -> int:
    target = write(Path(name), lang)
    content = shlex.quote(str(target / "game.yaml"))
    click.echo(f"wrote {target}/: check and build it with\n"
               f"  pnp check --content {content}\n"
               f"  pnp build --content {content} --all")
    return 0
