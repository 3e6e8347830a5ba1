"""The golden playthrough of «Оборона Замка»: one seeded greedy-vs-random game, every step
as text, compared byte for byte with tests/golden/oborona-playthrough.txt.

Regenerate after an intended change of the rules, the content's numbers or the agents
with `pytest --regen-golden`, and read the diff before accepting it.
"""

from __future__ import annotations

import re
from pathlib import Path

from oborona_play import playthrough

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "oborona-playthrough.txt"
#: a short game with a fight, two potion returns, a wall destroyed that takes a lone
#: neighbour with it, and the castle captured
SEED = 11


def test_playthrough_matches_golden(golden):
    golden(GOLDEN, playthrough(SEED), "line")


def test_playthrough_is_deterministic_and_shows_every_rule_in_play():
    text = playthrough(SEED)
    assert text == playthrough(SEED)
    assert "⚔" in text and "стена" in text and "зелье →" in text and "→ замок" in text
    assert "potion on 4+: returns" in text and "walls 9;" in text  # two destroyed, one fell
    assert re.search(r"\nresult: castle, winner attacker, after \d+ turns; .*walls_fallen 1\n$", text)
