"""The registered alignment renderer: strings from the content, the build's options honoured."""

import subprocess

import pytest

from pnp.build import build
from pnp.core import catalogue
from pnp.print.alignment import AlignmentText, alignment_pdf
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
    assert "налаштуваннях принтера" in text
    assert "1.5,-0.5" in text or "1,5" in text
    assert preflight(pdf, pages=2, page_size=(215.9, 279.4), duplex="short", print_scaling_none=True) == []


#: what the last step tells a player without the tool, in each language pnp ships
IN_WORDS = {"uk": ("налаштуваннях принтера", "тому, хто готує тобі файли набору", "праворуч", "донизу"),
            "ru": ("настройках принтера", "тому, кто готовит тебе файлы набора", "вправо", "вниз"),
            "en": ("printer's settings", "whoever makes the kit's files", "to the right", "down")}


@pytest.mark.parametrize("lang", catalogue.languages())
def test_the_page_says_in_words_what_to_do_with_the_reading(lang, tmp_path):
    """A player has no command line: the page names the printer's setting or the person who
    builds the kit, never a command."""
    strings = {key: catalogue.text(key, lang) for key in
               ("align_title", "align_front", "align_back", "print_scale", "align_offset")}
    text = AlignmentText(strings["align_title"], tuple(catalogue.text(f"align_step_{i}", lang) for i in range(1, 5)),
                         strings["align_front"], strings["align_back"], strings["print_scale"],
                         strings["align_offset"])
    path = tmp_path / "alignment.pdf"
    path.write_bytes(alignment_pdf("a4", "long", (0.0, 0.0), text, strings["align_title"]))
    printed = " ".join(_text(path).split())
    for words in IN_WORDS[lang]:
        assert words in printed, words
    for command in ("pnp", "--", "back-offset", "build"):
        assert command not in printed, command
