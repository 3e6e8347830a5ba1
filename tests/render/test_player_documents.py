"""Player documents speak to players: no PDF of any bundled game's home kit, in any language it ships,
prints a command line (`pnp odds …`, `pnp sim …`, an option like `--games`). Those belong to the designer's
documents (docs/), which say how a figure was measured; a player's book says it in words
(«по расчёту 2000 партий…»). Each kit is built the way a player builds it and read back with pdftotext; the
data pack's bundled content is a starter, so its game is the one `pnp new` writes from it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from pnp.games import packs

KITS = [(g.id, lang) for g in sorted(packs().values(), key=lambda g: g.id) if g.content is not None
        for lang in g.languages]
#: a command as a player would have to type it: the program's name with a word after it, or an option
COMMAND = re.compile(r"\bpnp\s+[a-z]|(?<![\w-])--[a-z][a-z-]+")


def test_every_bundled_game_is_read():
    assert {g for g, _ in KITS} >= {"tverdzha", "oborona-zamka", "empire"}


@pytest.mark.slow
@pytest.mark.parametrize("game, lang", KITS, ids=[f"{g}-{lang}" for g, lang in KITS])
def test_no_command_line_in_a_players_pdf(game, lang, tmp_path):
    pnp = [sys.executable, "-m", "pnp.cli"]
    if packs()[game].content.parent.parent.name == "starter":  # a template: the game is what `pnp new` makes
        subprocess.run(pnp + ["new", "--lang", lang, "game"], cwd=tmp_path, check=True, capture_output=True)
        source = ["--content", str(tmp_path / "game" / "game.yaml")]
    else:
        source = ["--game", game]
    out = tmp_path / "kit"
    subprocess.run(pnp + ["build", *source, "--lang", lang, "--out", str(out)], check=True, capture_output=True,
                   timeout=600)
    pdfs = sorted(out.rglob("*.pdf"))
    assert pdfs
    for pdf in pdfs:
        text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        found = COMMAND.findall(re.sub(r"\s+", " ", text))
        assert not found, f"{pdf.name}: {found}"
