"""The registered alignment renderer: strings from the content, the build's options honoured."""

import subprocess

from pnp.build import build
from pnp.content import load_game
from pnp.components.base import BuildOptions
from pnp.print.preflight import preflight


def _text(path):
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_alignment_renderer_uses_content_strings_and_offset(tmp_path):
    game, _ = load_game()
    result = build(game, BuildOptions(paper="letter", duplex="short", back_offset=(1.5, -0.5)),
                   out_root=tmp_path, only=["alignment"])
    (entry,) = result.files
    assert entry.kind == "alignment" and entry.pages == 2
    pdf = tmp_path / "uk" / entry.path
    text = " ".join(_text(pdf).split())
    assert game.ui("align_title", "uk") in text
    assert "--back-offset X,Y" in text
    assert "1.5,-0.5" in text or "1,5" in text
    assert preflight(pdf, pages=2, page_size=(215.9, 279.4), duplex="short", print_scaling_none=True) == []
