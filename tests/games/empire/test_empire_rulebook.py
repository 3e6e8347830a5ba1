"""The rulebook of «Строительство империи» (pnp/games/empire/rulebook/, templates/empire/rulebook/):
one PDF per language, built once a module, read back with pdftotext and pdffonts and compared with
the content and with what the battle calculator computes."""

from __future__ import annotations

import re
from dataclasses import replace
import subprocess
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from pnp.content import load_game
from pnp.core import i18n, typography
from pnp.games import pack
from pnp.games.empire.rulebook import sections
from pnp.games.empire.rulebook.book_facts import SECTIONS, spell_places
from pnp.games.empire.rulebook.example import army_of, work
from pnp.games.empire.rules.battle.march import resolve
from pnp.games.empire.rules.battle.odds import win_probability
from pnp.rulebook import own_numbers
from pnp.rulebook.build_error import RulebookError
from pnp.rulebook.renderer import build_pdf

LANGS = ("ru", "uk")
FONTS = Path(__file__).resolve().parents[3] / "fonts"


def build(game, lang: str) -> tuple[bytes, int, list[str]]:
    with typography.using(lang):
        return build_pdf(game, lang)



@pytest.fixture(scope="module")
def books(game, tmp_path_factory):
    """lang -> (the PDF's path, its bytes, pages, build notes)."""
    root = tmp_path_factory.mktemp("empire-rulebook")
    out = {}
    for lang in LANGS:
        data, pages, notes = build(game, lang)
        path = root / f"empire-{lang}-rulebook.pdf"
        path.write_bytes(data)
        out[lang] = (path, data, pages, notes)
    return out


def text_of(pdf: Path, layout: bool = False) -> str:
    args = ["pdftotext", "-enc", "UTF-8"] + (["-layout"] if layout else []) + [str(pdf), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def squash(text: str) -> str:
    """Text without spaces, line breaks and hyphens: a word broken over two lines reads whole."""
    return re.sub(r"[\s\-\u00ad\u00a0]", "", text)


@pytest.fixture(scope="module")
def texts(books):
    return {lang: text_of(books[lang][0]) for lang in LANGS}


@pytest.fixture(scope="module")
def layouts(books):
    """The text as laid out: a table's row on one line."""
    return {lang: text_of(books[lang][0], layout=True) for lang in LANGS}


@pytest.mark.parametrize("lang", LANGS)
def test_every_plot_of_every_race_is_in_the_book(game, texts, lang):
    book = squash(texts[lang])
    for race in game.races:
        for b in race.buildings:
            assert squash(b.name.get(lang)) in book, b.name.get(lang)
            if b.cost is not None:  # «3 карты», with the content's cost
                assert squash(game.ui("plot_cost", lang, n=b.cost)) in book
    for r in game.resources:
        assert squash(f"{r.short.get(lang)} — {r.name.get(lang)}") in book


@pytest.mark.parametrize("lang", LANGS)
def test_every_travel_card_reads_with_its_numbers(game, texts, layouts, lang):
    rows = layouts[lang].splitlines()
    book = squash(texts[lang])
    for t in game.travel_types:
        assert squash(t.name.get(lang)) in book
    for c in game.travel_cards:
        name = c.name.get(lang)
        row = next((line for line in rows if re.match(rf"\s*{re.escape(name)}\s{{2,}}\S", line)), None)
        assert row is not None, f"no table row for {name}"
        numbers = [c.guards, c.points, c.week, c.bonus, c.chests] + [r.chests for r in c.chest_ranges]
        for n in (x for x in numbers if x is not None):
            assert re.search(rf"(?<!\d){n}(?!\d)", row), (name, n, row)
        if c.gold is not None:
            assert f"{c.gold}{game.gold_short.get(lang)}" in row, (name, row)
        if c.strength:  # the schedule, as the card prints it («30-35-40-…», maybe broken over two lines)
            assert squash("-".join(map(str, c.strength))) in book, name
        if c.effect is not None:
            assert squash(c.effect.get(lang)) in book


@pytest.mark.parametrize("lang", LANGS)
def test_every_formation_bonus_and_battle_number_is_printed(game, texts, layouts, lang):
    f, rules = game.battle.formations, game.battle
    book = squash(texts[lang])
    mixed = {"ru": "Разнородныйстрой", "uk": "Різнорідний стрій".replace(" ", "")}[lang]
    straight = {"ru": "Королевскийстрой(стрит)", "uk": "Королівськийстрій(стрит)"}[lang]
    line = {"ru": "Линия—", "uk": "Лінія—"}[lang]
    assert re.search(rf"{line}{f.line_least}.{{0,80}}\+{f.line_per_squad}", book)
    assert re.search(rf"{mixed}—{f.mixed_least}.{{0,60}}\+{f.mixed_bonus}.{{0,40}}\+{f.mixed_per_extra}", book)
    assert re.search(rf"{re.escape(straight)}—{f.straight_least}.{{0,100}}\+{f.straight_bonus}.{{0,40}}\+{f.straight_per_extra}",
                     book)
    for m in rules.machines:  # level, name, siege and field strength on one row; or what it gives instead
        if m.effect is not None:  # after the name and a dash, so in lower case
            said = m.effect.get(lang)
            said = f"{said.rstrip('.')} (−{m.spell_penalty})." if m.spell_penalty is not None else said
            assert squash(f"{m.name.get(lang)} — {said}").lower() in book.lower(), m.id
            continue
        values = [f"+{v}" if v is not None else "—" for v in (m.siege, m.field)]
        assert re.search(rf"^\s*[IVX]+\s+{re.escape(m.name.get(lang))}\s+{re.escape(values[0])}\s+{re.escape(values[1])}\s*$",
                         layouts[lang], re.MULTILINE), m.id
    damage = {"ru": "урон +{}", "uk": "шкода +{}"}[lang]
    lines = layouts[lang].splitlines()
    for level, circle, spells in spell_places(game):  # a row a place of the spells table, its level's damage on it
        if circle != "destruction":  # (a row of two lines; tests/games/empire/test_rulebook_rulings.py reads them all)
            continue
        first = spells[0].name.get(lang)
        at = next(i for i, line in enumerate(lines) if re.match(rf"^\s*{level}\s+{re.escape(first)}", line))
        row = " ".join(lines[at:at + 2])
        assert damage.format(spells[0].damage) in row, (first, row)
    week_row = " ".join(str(x) for x in game.neutral_luck)
    assert week_row in re.sub(r"\s+", " ", texts[lang])
    assert f"−{rules.luck_zero_penalty}" in texts[lang]
    for key in ("formations", "weapons", "support", "heroes", "luck", "losses"):
        assert SECTIONS[key] in texts[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_battle_prints_what_the_calculator_computes(game, layouts, lang):
    worked = work(game, lang)
    rows = layouts[lang]
    found = 0
    for step in worked.steps:
        value = f"+{step.line.value}" if step.line.value > 0 else f"−{-step.line.value}" if step.line.value else "0"
        pattern = rf"^\s*{re.escape(step.line.step)}\s+\S.*?\s{re.escape(value)}\s+{step.total}\s*$"
        match = re.search(pattern, rows[found:], re.MULTILINE)
        assert match, (step, pattern)
        found += match.end()  # the steps stand in the engine's order
    p = worked.chance
    assert f"{p.numerator}/{p.denominator}" in rows
    assert str(worked.outcome.strength) in rows
    assert worked.outcome.strength == worked.steps[-1].total
    word = {"ru": ("победа", "поражение"), "uk": ("перемога", "поразка")}[lang]
    assert word[0 if worked.outcome.won else 1] in rows


def test_the_worked_battle_is_the_engines(game):
    """What the book prints is resolve() for the content's card order and win_probability()."""
    worked = work(game, "ru")
    army, opp = army_of(game, game.book.example)
    assert worked.outcome == resolve(game.battle, army, opp, game.book.example.cards)
    assert worked.chance == win_probability(game.battle, army, opp)
    assert 0 < worked.chance < 1  # a battle worth computing


@pytest.mark.parametrize("lang", LANGS)
def test_every_decided_gap_is_printed_and_every_note_explained(game, texts, lang):
    book = squash(texts[lang])
    for d in game.book.decisions:
        assert squash(d.topic.get(lang)) in book
    assert sections.unexplained(game) == []
    assert texts[lang].count(game.book.decisions[0].topic.get(lang)) == 1


def test_the_seeds_turn_and_war_numbers_are_printed(game, texts):
    book = re.sub(r"\s+", " ", texts["ru"])
    p, w = game.play, game.play.war
    assert f"станет {p.travel_hand}. Вытянутую ловушку разыгрывают сразу" in book
    assert f"не больше {w.captures} карт" in book
    assert f"по {w.holdings_row} карты; {w.holdings_row + 1}-я карта" in book


CAPITAL_WORDS = {
    "ru": ("Столицу осаждают, когда у обороняющегося не осталось ни одной карты владений",
           "по числу вертикалей: {track}", "{last} и больше — {top}.", "всю свою казну — золото и карты сундуков",
           "контрибуцию — ½ своего ежедневного дохода", "Сила столицы", "Когда и как осаждают столицу",
           "сила столицы по отстроенным вертикалям — {listed}"),
    "uk": ("Столицю облягають, коли в оборонця не лишилося жодної карти володінь",
           "за кількістю вертикалей: {track}", "{last} і більше — {top}.", "всю свою скарбницю — золото й карти скринь",
           "контрибуцію — ½ свого щоденного доходу", "Сила столиці", "Коли і як облягають столицю",
           "сила столиці за відбудованими вертикалями — {listed}"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_capitals_siege_strength_and_fall_are_printed_from_the_content(game, texts, lang):
    """The war section's capital: when it is besieged, its strength by verticals (the content's track), the
    treasury and the contribution; the two decisions name the same numbers."""
    book = re.sub(r"\s+", " ", texts[lang])
    steps = game.capital.fortifications
    track = ", ".join(f"{st.verticals} — {st.strength}" for st in steps[:-1])
    listed = i18n.join([str(st.strength) for st in steps], lang)
    for phrase in CAPITAL_WORDS[lang]:
        phrase = phrase.format(track=track, last=steps[-1].verticals, top=steps[-1].strength, listed=listed)
        assert phrase in book, phrase


@pytest.mark.parametrize("lang", LANGS)
def test_fonts_embedded_and_every_glyph_in_them(books, texts, lang):
    fonts = subprocess.run(["pdffonts", str(books[lang][0])], capture_output=True, text=True, check=True).stdout
    rows = fonts.splitlines()[2:]
    assert rows and all(r.split()[-5] == "yes" for r in rows), fonts
    covered = set()
    for path in FONTS.glob("*.ttf"):
        covered |= set(TTFont(path).getBestCmap())
    missing = {ch for ch in texts[lang] if not ch.isspace() and ord(ch) not in covered}
    assert not missing, missing


def test_same_bytes_twice(game, books):
    assert build(game, "ru")[0] == books["ru"][1]


def test_no_build_notes_and_the_page_count(books):
    for lang in LANGS:
        _, _, pages, notes = books[lang]
        assert notes == []
        # the decisions grew with the water, fire and air schools; a capital table a race; the setup and the worked week;
        # the play-test's rulings (the war's captures, every spell, the turn) and their decisions
    assert 10 <= pages <= 32


def test_a_content_number_changes_the_book(game, tmp_path):
    text = pack("empire").content.read_text(encoding="utf-8")
    changed = (text.replace("mixed: {least: 3, bonus: 6, per_extra: 2}", "mixed: {least: 3, bonus: 7, per_extra: 2}")
               .replace("    captures: 3  #", "    captures: 4  #")
               .replace("against: {battle: field, strength: 20, week: 3}", "against: {battle: field, strength: 19, week: 3}"))
    assert changed.count("bonus: 7") == 1
    path = tmp_path / "empire.yaml"
    path.write_text(changed, encoding="utf-8")
    model, problems = load_game(path)
    assert model is not None and not problems, problems
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(build(model, "ru")[0])
    book = re.sub(r"\s+", " ", text_of(pdf))
    assert "+7 к силе армии" in book and "+6 к силе армии" not in book
    assert "не больше 4 карт" in book
    assert "силой 19" in book and work(model, "ru").chance != work(game, "ru").chance
    p = work(model, "ru").chance
    assert f"{p.numerator}/{p.denominator}" in text_of(pdf)


def test_a_template_digit_is_refused(tmp_path):
    (tmp_path / "ru").mkdir()
    (tmp_path / "ru" / "rulebook.j2").write_text("@space 4\n1. fine\nгерой {{ n }} и 3 карты\n", encoding="utf-8")
    found = own_numbers.written(tmp_path)
    assert len(found) == 1 and ":3:" in found[0]
    with pytest.raises(RulebookError):
        own_numbers.refuse(tmp_path)
    own_numbers.refuse(pack("empire").templates / "rulebook")  # the shipped templates pass


def test_the_worked_battle_tells_every_machine_and_the_tents_card(game):
    """Whatever war machine the designer gives the example, each of its lines has a form and a label in
    both languages, the first-aid tent's after-battle card included (a strike, and none)."""
    e = game.book.example
    labels = {lang: (FONTS.parent / "templates" / "empire" / "rulebook" / lang / "labels.j2").read_text(encoding="utf-8")
              for lang in LANGS}
    told = set()
    for machine in game.battle.machines:
        for after in (3, 0):  # the tent's card after the battle: a strike, or none (the cards before it: a miss, a save)
            example = replace(e, machine=machine.id, cards=e.cards + (0, 3, after))
            worked = work(replace(game, book=replace(game.book, example=example)), "ru")
            told |= {s.form for s in worked.steps}
            for s in worked.steps:
                assert all(f"\nexample.{s.form}:" in labels[lang] for lang in LANGS), s
    assert {"machine", "tent", "tent_miss"} <= told


def test_the_worked_battle_says_whom_the_tent_restored(game, tmp_path):
    e = game.book.example
    example = replace(e, machine="first_aid_tent", cards=e.cards + (0, 3, 2))  # a miss, a saving throw, the tent's
    model = replace(game, book=replace(game.book, example=example))
    restored = work(model, "ru").outcome.restored
    assert len(restored) == 1
    pdf = tmp_path / "book.pdf"
    pdf.write_bytes(build(model, "ru")[0])
    book = re.sub(r"\s+", " ", text_of(pdf))
    tent = game.battle.machine("first_aid_tent").name.get("ru")
    assert f"После битвы восстановлены ({tent[:1].lower() + tent[1:]}): {e.squads[restored[0]].name.get('ru')}." in book


@pytest.mark.parametrize("lang", LANGS)
def test_the_components_count_every_race_deck_and_tavern_the_kit_prints(books, game, lang):
    """The component table counts the creature and hero cards from the model, race by race, and no
    longer says the decks are left to a designer."""
    text = squash(text_of(books[lang][0], layout=True))
    cards = {"ru": ("Картысуществ", "Картыгероев"), "uk": ("Картиістот", "Картигероїв")}[lang]
    assert f"{cards[0]}{sum(len(d.strikes) for d in game.creature_decks)}" in text
    assert f"{cards[1]}{sum(len(r.heroes) for r in game.races)}" in text
    for deck in game.creature_decks:
        race = next(r for r in game.races if r.id == deck.race)
        assert squash(f"«{race.name.get(lang)}» — {len(deck.strikes)}") in text
    assert squash({"ru": "дизайнер расы", "uk": "дизайнер раси"}[lang]) not in text
