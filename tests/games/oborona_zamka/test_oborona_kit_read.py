"""«Оборона Замка»'s kit as a player reads it (issue: what players saw when they printed it):
the gallery's component list, the rulebook's words and numbers, the diagram's hex names. Each
test builds the kit through `pnp build` once per language and reads the outputs back."""

import re
from html import unescape

import pytest

from kit_pdf import build, text
from oborona_field import GAME


@pytest.fixture(scope="module", params=["ru", "uk"])
def kit(request, tmp_path_factory):
    lang = request.param
    return lang, build(tmp_path_factory.mktemp(f"kit-{lang}"), lang, "rulebook", "--only", "preview")


def flat(pdf) -> str:
    return " ".join(text(pdf).split())


def test_the_gallery_lists_the_field_the_castle_and_the_aids(kit):
    lang, folder = kit
    page = (folder / "index.html").read_text(encoding="utf-8")
    section = page[page.index('<section id="kit">'):]
    section = section[:section.index("</section>")]
    rows = {unescape(name): int(n) for name, n in re.findall(r"<tr><td>([^<]*)</td><td class=\"n\">(\d+)</td></tr>", section)}
    assert rows[GAME.ui("kit_board", lang)] == 1
    assert rows[GAME.ui("kit_castle", lang)] == 1
    assert rows[GAME.ui("kit_aids", lang)] == len(GAME.sides)
    assert rows[GAME.ui("kit_wall_segments", lang)] == len(GAME.field.walls()) + GAME.components.spare_wall_segments
