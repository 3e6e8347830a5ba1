"""«Строительство империи» through the general commands, and its content as the seed states it."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.games import pack

PACK = pack("empire")



def invoke(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("lang", [None, "ru", "uk"])
def test_the_shipped_content_is_clean_in_each_language(lang):
    done = invoke("check", "--game", "empire", "--strict", *(("--lang", lang) if lang else ()))
    assert done.exit_code == 0, done.output
    assert done.output.rstrip().endswith("4 races, 12 capital plots, 60 travel cards of 10 types, 18 neutral armies, 45 chests, 7 weeks, 0 warnings")


def test_the_game_is_listed_and_a_plain_build_is_the_home_kit_and_its_preview(tmp_path):
    """A build without --all writes the home print (capital sheets, travel cards, boards, worksheet, rulebook)
    and the preview, never the print-shop or TTS exports (the whole kit: test_empire_kit.py)."""
    assert any(line.split()[:2] == ["empire", "Строительство"] for line in invoke("games").output.splitlines())
    done = invoke("build", "--game", "empire", "--lang", "ru", "--out", str(tmp_path))
    assert done.exit_code == 0, done.output
    names = {p.name for p in (tmp_path / "ru").iterdir()}
    assert {"empire-ru-capital.pdf", "empire-ru-magic.pdf", "empire-ru-boards.pdf", "empire-ru-worksheet.pdf", "empire-ru-rulebook.pdf", "empire-ru-travel-cards.pdf",
            "empire-ru-travel-cards-colour-in.pdf", "empire-ru-travel-templates.pdf", "empire-ru-neutral-cards.pdf",
            "empire-ru-chest-cards.pdf", "index.html", "manifest.json"} <= names and not names & {"print-shop", "tts"}


def test_the_seeds_named_examples_are_the_shipped_travel_cards(game):
    names = {c.name.get("ru"): c for c in game.travel_cards}
    seed = {"Клад", "Кедр", "Святилище жизни", "Город", "Гарнизон", "Сфинкс", "Кладбище драконов",
            "Горы", "Камень опыта", "Война", "Мир", "Мирный договор", "Крестовый поход"}
    assert seed <= set(names)  # the seed's examples stand; the edition's other cards are mines and a reserved place
    assert {names[n].type for n in set(names) - seed} == {"mine", "reserve"}
    assert {c.type for c in game.travel_cards} == {t.id for t in game.travel_types}  # one example of every type
    hoard = names["Клад"]
    assert [(r.first, r.last, r.chests) for r in hoard.chest_ranges] == [(1, 3, 1), (4, 7, 2)]  # «1-3 нед. – 1; 4-7 нед. – 2»
    assert (names["Кедр"].guards, names["Кедр"].resource, names["Кедр"].gold) == (4, "wood", 4)  # «(4) Древесина +4»
    assert (names["Святилище жизни"].guards, names["Святилище жизни"].points) == (5, 12)
    assert (names["Город"].gold, names["Город"].resource, names["Город"].strength) == (3, "gems", (30, 35, 40, 45, 50, 55, 60))
    fort = names["Гарнизон"]
    assert (fort.week, fort.kind.get("ru"), fort.bonus) == (5, "форт", 15)  # «(5) Гарнизон (форт) +15»
    assert dict(names["Сфинкс"].penalty) == {"creature_cards": 1}
    graveyard = names["Кладбище драконов"]
    assert (graveyard.chests, graveyard.points, graveyard.strength) == (3, 7, (20, 25, 30, 35, 40, 45, 50))
    assert names["Горы"].gold == 15 and names["Война"].action == "war" and names["Мир"].action == "peace"
    # the seed's war chapter names the other two: «карту «мирный договор»», «крестового похода»
    assert (names["Мирный договор"].action, names["Крестовый поход"].action) == ("treaty", "crusade")


def test_the_capital_and_the_races_buildings_as_the_seed_gives_them(game):
    cap = game.capital
    assert (cap.columns, cap.rows, len(cap.plots)) == (4, 3, 12)
    assert {p.kind for p in cap.plots if p.built} == {"palace", "gates"}
    assert sorted(p.level for p in cap.plots if p.kind == "barracks") == [1, 2, 3, 4, 5, 6, 7]
    assert cap.income_track() == ((0, 3), (1, 6), (2, 10), (3, 15))
    assert game.neutral_luck == (0, 1, 2, 3, 4, 5, 6)
    assert [r.short.get("ru") for r in game.resources] == ["К", "Д", "Ме", "Ст", "Сам", "ОК"]
    humans = game.races[0]
    altar = humans.building("barracks_7")  # «VII. Алтарь света 9 … позволяет нанимать ангелов, улучшение 5»
    assert (altar.name.get("ru"), altar.cost, altar.upgrade.cost, altar.hires.get("ru")) == ("Алтарь света", 9, 5, "ангелов")
    hall = humans.building("hall")  # «Магистрат +4о 3 героя | Ратуша +4о 2 героя»
    assert (hall.name.get("ru"), hall.gold, hall.heroes) == ("Ратуша", 4, 2)
    assert (hall.upgrade.name.get("ru"), hall.upgrade.gold, hall.upgrade.heroes) == ("Магистрат", 4, 3)
