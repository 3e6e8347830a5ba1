"""What the fidelity audit found wrong in the empire rulebook, read back from the PDFs with pdftotext:
the seed quoted as it stands, its departures printed, the language of both editions, and no command
line in a player's document (the calculator's runs are in docs/content-empire.md)."""

from __future__ import annotations

import re
import subprocess

import pytest

from pnp.core import typography

LANGS = ("ru", "uk")


@pytest.fixture(scope="module")
def texts(rulebook_pdfs) -> dict[str, str]:
    """lang -> the rulebook's text as pdftotext reads it."""
    return {lang: subprocess.run(["pdftotext", "-enc", "UTF-8", str(path), "-"], capture_output=True, text=True,
                                 check=True).stdout for lang, path in rulebook_pdfs.items()}


def squash(text: str) -> str:
    """Without spaces, line breaks and hyphens: a phrase broken over lines reads whole."""
    return re.sub(r"[\s\-\u00ad\u00a0\u202f]", "", text)


def has(text: str, phrase: str) -> bool:
    return squash(phrase) in squash(text)


# (lang, a phrase the book prints, one it must not print)
SAID = [
    # 3.2.5 and «Бонусы умения …»: the seed's heroes №3 and №6 are the skills' heroes; the level examples
    # («рыцари +3 к силе или сила грифонов х2») are this edition's reading, not the seed's word on them
    ("ru", "Герой №3, «наставник», получает бонус умения «Благословение» к заклинаниям благословения",
     "«Герой №3 или наставник» («сила грифонов х2»)"),
    ("uk", "Герой №3, «наставник», отримує бонус уміння «Благословення» до заклять благословення",
     "«Герой №3 або наставник» («сила грифонів х2»)"),
    ("ru", "и приводит примеры «рыцари +3 к силе или сила грифонов х2», не называя героев", "её герои усиливают"),
    ("uk", "і наводить приклади «лицарі +3 до сили або сила грифонів х2», не називаючи героїв", "її герої посилюють"),
    # «Уничтожает существ уровня башни магии и ниже»
    ("ru", "уничтожает существ уровня башни магии и ниже", None),
    ("uk", "знищує істот рівня вежі магії і нижче", None),
    # «нейтральная армия, с которой предстоит сразиться всем игрокам по очереди»: each may, none must
    ("ru", "с которой по очереди могут сразиться все игроки", "это армия, с которой предстоит сразиться, и"),
    ("uk", "з якою по черзі можуть битися всі гравці", "це армія, з якою доведеться битися, і"),
    # «фазы боевого духа и удачи отыгрываются как и в обычной битве»: said, and the dungeon-only morale decided
    ("ru", "Фазы боевого духа и удачи отыгрываются как в обычной битве", "удача отыгрывается как обычно"),
    ("uk", "Фази бойового духу й удачі розігрують як у звичайній битві", "удача відіграється як звичайно"),
    ("ru", "поэтому при осаде кость домино не тянут", None),
    ("uk", "тому в облозі кістку доміно не тягнуть", None),
    # 3.3.2-3.3.3: a hero in reserve or routed, the departure printed
    ("ru", "Герой карты удара не получает, поэтому в резерве не стоит и разгромлен не бывает",
     "Эти отряды и герой простояли в резерве"),
    ("uk", "Герой карти удару не отримує, тож у резерві не стоїть і розгромленим не буває",
     "Ці загони й герой простояли в резерві"),
    # «Каждый апгрейд увеличивает минимальный урон»: by how much, and how a miss counts it (the engine: the
    # player's barracks of the squad's level as it stands, for every card of that level)
    ("ru", "и ещё 1 за каждое улучшение твоей казармы его уровня", "где его наняли"),
    ("uk", "і ще 1 за кожне покращення твоєї казарми його рівня", "де його найняли"),
    # the components name what the rules use beside the kit: the chests (printed cards now) and the domino set
    ("ru", "Набор домино", None),
    ("ru", "победные очки, казна и планшет стратегических эффектов", None),
    ("uk", "переможні очки, скарбниця й планшет стратегічних ефектів", None),
    ("ru", "обычное домино до 6:6, 28 костей. Перед штурмом подземелья из него тянут одну кость", None),
    ("uk", "звичайне доміно до 6:6, 28 кісток. Перед штурмом підземелля з нього тягнуть одну кістку", None),
    ("ru", "В руке не больше 10 сундуков", "Карт сундуков в наборе нет"),
    ("uk", "У руці не більше 10 скринь", "Карт скринь у наборі немає"),
    # the language
    ("ru", "это герои, доступные для найма", "герои, доступных для найма"),
    ("ru", "Так срабатывают 16 костей из 28", "4 костей из 7"),
    ("uk", "Так спрацьовують 16 кісток із 28", "4 кісток із 7"),
    ("ru", "Заклинания школы эфира («Портал» и «Иллюзия»)", "Заклинания Школа магии Эфира"),
    ("uk", "Закляття школи ефіру («Портал» і «Ілюзія»)", "Закляття Школа магії Етеру"),
    ("uk", "На початку тижня карти подорожей роздають", "Щоігрового"),
    ("uk", "«Чаклую таке-то на таке-то»", "«Чаклую те-то на те-то»"),
    ("uk", "«Облягаю таке-то»", "«Облягаю те-то»"),
    ("uk", "«Вівтар світла» наймає янголів", "Алтарь света наймає"),
    ("uk", "Скриню за перемогу дають і тут", "належить і тут"),
]


@pytest.mark.parametrize("lang, said, unsaid", SAID, ids=[f"{x[0]}-{i}" for i, x in enumerate(SAID)])
def test_the_audits_words(texts, lang, said, unsaid):
    assert has(texts[lang], said), said
    if unsaid is not None:
        assert not has(texts[lang], unsaid), unsaid


@pytest.mark.parametrize("lang", LANGS)
def test_no_command_line_and_no_calculator_in_a_players_book(texts, lang):
    """Player documents speak to players: `pnp odds …` lives in docs/content-empire.md."""
    assert "pnp " not in texts[lang] and "--army" not in texts[lang]
    assert not re.search("калькулятор", texts[lang], re.I)


@pytest.mark.parametrize("lang", LANGS)
def test_a_percent_is_always_set_apart_from_its_number(texts, lang):
    """One way of writing a share across the book: «81 %», never «2%» beside it."""
    assert re.search(r"\d[\u00a0\u202f ]%", texts[lang])
    assert not re.search(r"\d%", texts[lang])


def test_one_apostrophe_in_the_ukrainian_book(texts):
    assert "ʼ" in texts["uk"] and "’" not in texts["uk"] and not re.search(r"[а-яіїєґ]'[а-яіїєґ]", texts["uk"], re.I)


@pytest.mark.parametrize("lang, said", [("ru", "Заклинание делает в битве только то, что написано на этом планшете."),
                                        ("uk", "Закляття робить у битві лише те, що написано на цьому планшеті.")])
def test_the_magic_board_says_a_spell_does_only_what_it_prints(game, tmp_path, lang, said):
    """The seed's «Уничтожает существ уровня башни магии и ниже» and the other effects the battle cannot count are
    gone from the boards (the rulebook's decision «Действия заклинаний» quotes them): a spell does what it prints."""
    from pnp.components.base import BuildOptions, RenderContext
    from pnp.games.empire.render.magic_board import MagicBoardRenderer
    with typography.using(lang):
        files = MagicBoardRenderer().render(game, RenderContext(BuildOptions(lang=lang), tmp_path))
    text = subprocess.run(["pdftotext", "-enc", "UTF-8", str(tmp_path / files[0].path), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert has(text, said)


BOARDS_SAID = {"ru": ("Справочные планшеты", "Планшеты школ магии", "недель), школа магии"),
               "uk": ("Довідкові планшети", "Планшети шкіл магії", "тижнів), школа магії")}


@pytest.mark.parametrize("lang", LANGS)
def test_the_components_count_the_boards_the_kit_prints(game, texts, lang):
    """«вытягивает в закрытую один из планшетов с заклинаниями конкретной школы»: the components name
    a board per school of magic, counted as the manifest counts them, beside the reference boards."""
    from pnp.games.empire.kit import counts
    from pnp.games.empire.render.magic_board import boards
    printed, schools = counts(game), [s.name.get(lang) for s in boards(game)]
    reference, magic, unsaid = BOARDS_SAID[lang]
    assert len(schools) == printed["magic_boards"] > 1
    assert has(texts[lang], f"{reference} {printed['reference_boards']} ")
    assert has(texts[lang], f"{magic} {printed['magic_boards']} {schools[0]}")
    assert all(has(texts[lang], s) for s in schools) and not has(texts[lang], unsaid)
