"""The printed words of a card, read back from the built cards PDF, against the content.

The oracle is the content file itself, read as plain YAML, and the Ukrainian plural rule
written out here (CLDR: `few` for 2-4 except 12-14, `one` for 1 except 11, else `many`),
not the code that fills the templates: if the template filling or the plural forms go
wrong, the printed card no longer says what the content says.
"""

from __future__ import annotations

import re

import pytest
import yaml

from pdfprobe import words
from pnp.components.base import BuildOptions, RenderContext
from pnp.components.cards import CardsRenderer
from pnp.core.resources import bundled


def _uk_form(n: int, forms: list[str]) -> str:
    one, few, many = forms
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def _expected_effect(template: str, params: dict) -> str:
    """The effect as printed: {n|one|few|many} by the rule above, {n} the number, [icon] not text."""
    text = re.sub(r"\{(\w+)\|([^}]*)\}", lambda m: _uk_form(params[m.group(1)], m.group(2).split("|")), template)
    text = re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]), text)
    return re.sub(r"\s+", " ", re.sub(r"\[[a-z_~]+\]", "", text)).strip()


@pytest.fixture(scope="module")
def content():
    return yaml.safe_load(bundled("content", "tverdzha.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def cards_pdf(game, tmp_path_factory) -> bytes:
    """The cards PDF the renderer writes for a plain build."""
    out = tmp_path_factory.mktemp("cards")
    CardsRenderer().render(game, RenderContext(BuildOptions(), out))
    return (out / f"{game.id}-uk-cards.pdf").read_bytes()


def _card_text(data: bytes, page: int, title: str, trim=(63.0, 88.0)) -> str:
    """The words of the first card on `page` whose title starts with `title`, in reading order."""
    found = words(data, page)
    head = next(w for w in found if w.text == title.split()[0])
    # the title starts 13.5 mm right of the card's left edge (card.yaml: safe 3 + badge 9 + 1.5)
    left, top = head.x0 - 13.5 - 0.5, head.y0 - 6.0
    inside = [w for w in found if left <= w.x0 and w.x1 <= left + trim[0] + 1 and top <= w.y0 and w.y1 <= top + trim[1]]
    lines: dict[float, list] = {}
    for w in sorted(inside, key=lambda w: (round(w.y1, 0), w.x0)):
        lines.setdefault(round(w.y1, 0), []).append(w.text)
    text = " ".join(" ".join(line) for line in lines.values())
    return re.sub(r"(\w)- (\w)", r"\1\2", text)  # a word hyphenated at a line end


def test_a_building_card_prints_its_plurals_and_its_upgrade_line(cards_pdf, game, content):
    market = next(b for b in content["buildings"] if b["id"] == "market")
    effect = market["effects"][0]
    battle_pages = 2 * -(-sum(c["count"] for c in content["battle_cards"]) // 9)
    printed = _card_text(cards_pdf, battle_pages + 1, market["name"]["uk"])
    expected = _expected_effect(effect["text"]["uk"], effect["params"])
    assert "2 однакові ресурси на 2 будь-які" in expected  # the oracle picked the `few` forms
    assert expected.replace("( ", "(").replace(" )", ")").rstrip(".") in printed.replace("( ", "(").replace(" )", ")")
    # a ui template filled with a field of the card: "Покращується до: {name}" with the upgrade's name
    upgrade_line = content["ui"]["upgrades_to"]["uk"].replace("{name}", market["upgrade"]["name"]["uk"])
    assert upgrade_line in printed


def test_a_battle_card_prints_its_copy_count_from_the_copies_template(cards_pdf, content):
    first = content["battle_cards"][0]
    printed = _card_text(cards_pdf, 1, first["name"]["uk"])
    copies = content["ui"]["copies"]["uk"].replace("{count}", str(first["count"]))
    assert printed.split()[-1] == copies and content["ui"]["card_battle"]["uk"] in printed
    assert _expected_effect(first["effects"][0]["text"]["uk"], first["effects"][0]["params"]).rstrip(".") in printed
