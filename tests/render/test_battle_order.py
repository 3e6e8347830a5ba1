"""One battle order everywhere: the rulebook, the player aid and the battle cards' strip
print the content's list of battle steps (battle.timing), with the same numbers.

Each sequence is read back from the real PDFs with pdftotext and compared with the list.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter

import pytest

from pnp.build import renderers_of
from pnp.components.base import BuildOptions, RenderContext
from pnp.games.tverdzha.pack import PACK

pytestmark = pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs poppler-utils (pdftotext)")


def _text(path, *args: str) -> str:
    return subprocess.run(["pdftotext", "-raw", *args, str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("battle-order")
    ctx = RenderContext(BuildOptions(), out)
    paths = {}
    for kind in ("rulebook", "aids", "cards"):
        for f in renderers_of(PACK)[kind].render(game, ctx):
            if f.path.endswith(".pdf"):
                paths.setdefault(kind, out / f.path)
    return paths


def _steps(game) -> list[tuple[int, str]]:
    return [(n, step.name.get("uk")) for n, step in enumerate(game.battle.timing, start=1)]


def _printed(game, text: str) -> list[tuple[int, str]]:
    """Every "N. <step name>" in the text, in reading order."""
    names = "|".join(re.escape(step.name.get("uk")) for step in game.battle.timing)
    return [(int(n), name) for n, name in re.findall(rf"(?m)^(\d+)\. ({names})\b", text)]


def test_the_content_lists_the_engine_order(game):
    from pnp.games.tverdzha.rules.battle import STEPS

    assert tuple(step.key for step in game.battle.timing) == STEPS
    assert STEPS[0] == "cards"  # the engine reveals the cards before anything is counted


def test_rulebook_battle_section_and_summary_follow_the_list(game, built):
    text = _text(built["rulebook"])
    section = text[text.index("\nБій\n"):text.index("Приклад бою")]
    assert _printed(game, section) == _steps(game)
    summary = text[text.rindex("\nЛіміти\n"):]  # a heading only the summary page has
    summary = summary[summary.index("\nБій\n"):]
    assert _printed(game, summary) == _steps(game)


def test_each_aid_prints_the_list_once(game, built):
    printed = _printed(game, _text(built["aids"], "-f", "1", "-l", "1"))
    assert printed == _steps(game) * len(game.players)


def test_battle_card_strips_number_the_steps_as_the_list(game, built):
    """Every battle card's strip names its step with the list's number: "3. Кидок"."""
    pages = _text(built["cards"]).split("\f")
    fronts = [p for p in pages if "Бойова карта" in p]
    seen = Counter(label for page in fronts for label in _printed(game, page))
    number = {step.key: (n, step.name.get("uk")) for n, step in enumerate(game.battle.timing, start=1)}
    assert seen == Counter(number[c.timing] for c in game.battle_cards for _ in range(c.count))
    assert set(seen) == set(_steps(game))  # every step has a card, so the strips show the whole list
