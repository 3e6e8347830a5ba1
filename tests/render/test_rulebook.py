"""The rulebook PDF: built from the content, read back with pdftotext / pdffonts / pypdf.

Every assertion is about the real PDF: names, counts and thresholds found in the text a
reader (or a screen reader) gets out of it, fonts as pdffonts lists them, and a copy of
the content with a changed cost and count giving a rulebook that says the new values.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.content import default_content, load_game
from pnp.print.preflight import preflight
from pnp.rulebook.renderer import build_pdf
from pnp.rulebook import prose
from pnp.games.tverdzha.rulebook import sections
from pnp.rulebook.build_error import RulebookError
from pnp.games.tverdzha.rulebook.book_facts import Facts
from pnp.rulebook.hyphenation import hyphenate, hyphenated
from pnp.typeset.iconwords import words_of
from pnp.rulebook.markup import NBSP, ties
from pnp.core import typography

pytestmark = pytest.mark.skipif(not (shutil.which("pdftotext") and shutil.which("pdffonts")),
                                reason="needs poppler-utils (pdftotext, pdffonts)")

A4_PT = (595.28, 841.89)


def _text(pdf: Path, *args: str) -> str:
    return subprocess.run(["pdftotext", *args, str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout


class Built:
    def __init__(self, game, data: bytes, pages: int, folder: Path):
        self.game, self.data, self.pages = game, data, pages
        self.path = folder / "rulebook.pdf"
        self.path.write_bytes(data)
        self.layout = _text(self.path, "-layout")
        self.lines = [re.sub(r"\s+", " ", line).strip() for line in self.layout.splitlines()]
        self.reader = PdfReader(io.BytesIO(data))

    def page_text(self, number: int) -> str:
        return _text(self.path, "-layout", "-f", str(number), "-l", str(number))


def _build(content: Path | None, folder: Path) -> Built:
    game, problems = load_game(content)
    assert game is not None, problems
    data, pages, _ = build_pdf(game, "uk")
    return Built(game, data, pages, folder)


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Built:
    return _build(None, tmp_path_factory.mktemp("rulebook"))


def _row(book: Built, *parts: str) -> str | None:
    """The first extracted line that contains every part, in order."""
    for line in book.lines:
        at = 0
        for part in parts:
            at = line.find(part, at)
            if at < 0:
                break
            at += len(part)
        else:
            return line
    return None


# --- contents of the text ---------------------------------------------------------------


def test_every_building_and_upgrade_name_is_printed_in_the_table(book):
    for b in book.game.buildings:
        base, up = b.name.get("uk"), b.upgrade.name.get("uk")
        assert _row(book, base, str(b.points)), f"no table row for {base}"
        assert _row(book, up, str(b.upgrade.points)), f"no table row for {up}"


def test_every_battle_card_is_printed_with_its_count(book):
    for card in book.game.battle_cards:
        line = _row(book, card.name.get("uk"), f"×{card.count}")
        assert line, f"no row with {card.name.get('uk')} ×{card.count}"
    assert _row(book, "Разом у колоді", str(book.game.battle_deck_size))


def test_the_threshold_table_has_its_five_rows_in_order(book):
    rows = book.game.battle.thresholds
    assert len(rows) == 5
    facts = Facts(book.game, "uk")
    found = []
    for row in rows:
        line = _row(book, row.label.get("uk"), "проти", facts.hit(row.hit))
        assert line, f"threshold row {row.label.get('uk')} missing"
        found.append(book.lines.index(line))
    assert found == sorted(found)


def test_components_list_the_kit_counts(book):
    from pnp.games.tverdzha.kit_counts import counts

    kit = counts(book.game)
    g = book.game
    for key, number in (("comp_battle_cards", kit.battle_cards), ("comp_building_cards", kit.building_cards),
                        ("comp_tiles", kit.land_tiles), ("comp_tokens", kit.unit_tokens)):
        assert _row(book, g.ui(key, "uk"), str(number)), key
    assert _row(book, "Кубики d6", str(g.components.dice))


def test_resource_icons_carry_the_model_names_as_text(book):
    """A cost run reads as amounts in the content's plural forms: [wood][wood][wood] «3 дерева»."""
    market = book.game.building("market")
    words = words_of(book.game, "uk")
    n = market.cost.get("wood")
    assert _row(book, market.name.get("uk"), f"{n} {words.word('wood', n)}")


def test_icons_read_as_correct_ukrainian(book):
    """The text layer: plural forms after numbers, the genitive, no doubled words, and
    punctuation right after an icon's words."""
    text = " ".join(book.layout.split())
    g, words = book.game, words_of(book.game, "uk")
    citadel = g.land("citadel").points
    assert f"+{citadel} {words.word('point', citadel)}" in text and f"+{citadel} очко" not in text
    hire = g.action("hire").params["cost"]["grain"]
    assert f"Заплати {hire} {words.word('grain', hire)} " in text
    assert f"немає {g.icon_words['gold'].genitive.get('uk')}" in text and "немає золото" not in text
    names = "|".join(r.name.get("uk") for r in g.resources)
    assert not re.search(rf"\b({names}) \1\b", text)  # «дерево дерево»: an icon beside its own word
    spoken = "|".join(sorted({words.word(icon, n) for icon in g.icon_words for n in (1, 2, 5)}, key=len, reverse=True))
    leaders = re.sub(r"(?: \.){3,}", " ", text)  # the contents' dot leaders
    assert not re.search(rf"(?:{spoken}) [.,:;)]", leaders)


def test_fixed_ukrainian_phrases(book):
    text = " ".join(book.layout.split())
    assert "клітинки-земель" not in text and "Лінза: 21 клітинка-земля" in text
    assert "зіграв «" not in text and "зіграв карту «" in text
    assert "очок — переміг" not in text
    assert "Стіна +2; Бастіон +3" not in text


def test_the_worked_example_quotes_the_engine_odds(book):
    from pnp.core.i18n import percent
    from pnp.games.tverdzha.rulebook.example import ATTACKER_UNITS, DEFENDER_UNITS
    from pnp.games.tverdzha.rules.odds import battle_odds

    odds = battle_odds(book.game, ATTACKER_UNITS, DEFENDER_UNITS)
    flat = re.sub(r"\s+", " ", _text(book.path)).replace(NBSP, " ")
    assert f"імовірністю {percent(odds.capture, 'uk').replace(NBSP, ' ')}" in flat
    assert 0 < odds.capture < 1


def test_clarifications_are_all_printed(book):
    flat = re.sub(r"[\s\u00ad]+", " ", _text(book.path))
    for c in book.game.clarifications:
        assert f"{c.topic.get('uk')}." in flat


# --- structure ----------------------------------------------------------------------------


def test_pages_are_a4_and_counted(book):
    assert len(book.reader.pages) == book.pages >= 10
    for page in book.reader.pages:
        assert abs(float(page.mediabox.width) - A4_PT[0]) < 0.5
        assert abs(float(page.mediabox.height) - A4_PT[1]) < 0.5


def test_contents_page_numbers_point_at_the_headings(book):
    contents = book.page_text(2)
    entries = re.findall(r"^\s*(\S[^.\n]*?)\s*(?:\.\s*)+(\d+)\s*$", contents, flags=re.M)
    assert len(entries) >= 10
    for title, page in entries:
        text = re.sub(r"\s+", " ", book.page_text(int(page)))
        assert title.strip() in text, f"contents say {title!r} is on page {page}"


def test_every_page_but_the_cover_has_the_running_header_and_its_number(book):
    title = book.game.title.get("uk")
    for number in range(2, book.pages + 1):
        text = book.page_text(number)
        assert title in text.splitlines()[0], f"page {number} has no running header"
        assert re.search(rf"^\s*{number}\s*$", text, flags=re.M), f"page {number} has no page number"


def test_the_summary_is_the_last_page_and_only_one(book):
    heading = "Коротко про правила"
    pages_with = [n for n in range(3, book.pages + 1) if heading in book.page_text(n)]
    assert pages_with == [book.pages]


def test_fonts_are_embedded_and_subset(book):
    out = subprocess.run(["pdffonts", str(book.path)], check=True, capture_output=True, text=True).stdout
    rows = out.splitlines()[2:]
    assert rows, "no fonts listed"
    for row in rows:
        assert re.search(r"\byes\s+yes\s+yes\b", row), row
        assert row.split()[0].startswith(("AAAAAA+", "AAAAAB+")) or "+" in row.split()[0], row
    assert preflight(book.path) == []


def test_the_art_is_vector(book):
    """Icons are form XObjects drawn from SVG: no raster image anywhere."""
    for page in book.reader.pages:
        xobjects = page.get("/Resources", {}).get("/XObject", {})
        for ref in xobjects.values():
            assert ref.get_object().get("/Subtype") == "/Form"


def test_same_content_gives_the_same_bytes(book):
    again, _, _ = build_pdf(book.game, "uk")
    assert again == book.data


# --- one source: the rulebook follows the content ------------------------------------------


def test_a_changed_cost_and_count_show_up_in_the_rebuilt_rulebook(tmp_path):
    text = default_content().read_text(encoding="utf-8")
    text, n1 = re.subn(r"(id: market\n    name: \{uk: Ринок\}\n    cost: )\{wood: 3\}",
                       r"\1{wood: 1, gold: 2}", text)
    text, n2 = re.subn(r"(id: onslaught\n    name: \{uk: Натиск\}\n    count: )2", r"\g<1>5", text)
    text, n3 = re.subn(r"battle_deck: \{size: 40\}", "battle_deck: {size: 43}", text)
    assert (n1, n2, n3) == (1, 1, 1), "the shipped content changed shape; update this test"
    content = tmp_path / "content.yaml"
    content.write_text(text, encoding="utf-8")
    changed = _build(content, tmp_path)
    words = words_of(changed.game, "uk")
    assert _row(changed, "Ринок", f"1 {words.word('wood', 1)} 2 {words.word('gold', 2)}")
    assert _row(changed, "Натиск", "×5")
    assert not _row(changed, "Натиск", "×2")
    assert _row(changed, "Разом у колоді", "43")
    assert _row(changed, changed.game.ui("comp_battle_cards", "uk"), "43")


def test_a_template_that_needs_missing_content_stops_the_build():
    game, _ = load_game()
    with pytest.raises(RulebookError) as failure:
        prose.render(game, "uk", extra={})  # no worked example, no kit counts
    message = str(failure.value)
    assert re.search(r"templates/tverdzha/rulebook/\w+\.j2:\d+: ", message), message
    assert "is undefined" in message


def test_an_effect_the_content_no_longer_has_stops_the_build(tmp_path):
    text = default_content().read_text(encoding="utf-8").replace("key: train_cap", "key: train_limit")
    content = tmp_path / "content.yaml"
    content.write_text(text, encoding="utf-8")
    game, problems = load_game(content)
    assert game is not None, problems
    with pytest.raises(RulebookError, match="train_cap"):
        build_pdf(game, "uk")


def test_templates_never_spell_a_model_name(monkeypatch, tmp_path):
    game, _ = load_game()
    sections.check_templates(game, "uk")  # the shipped templates pass
    (tmp_path / "bad.j2").write_text("Збудуй Казарму або Казарма.\n", encoding="utf-8")
    monkeypatch.setattr(sections, "TEMPLATE_DIR", tmp_path)
    with pytest.raises(RulebookError, match=r"bad\.j2:1: spells building barracks"):
        sections.check_templates(game, "uk")


# --- typography ---------------------------------------------------------------------------------


def test_hyphenation_follows_ukrainian_rules():
    assert "-" not in hyphenated("підʼїзд").replace("підʼ-їзд", "")  # never before the apostrophe
    for head, tail in hyphenate("захисників"):
        assert len(head.rstrip("-")) >= 2 and len(tail) >= 2
    assert list(hyphenate("захисників")), "words with і must break too"


def test_a_paragraph_split_across_pages_keeps_its_compound_words_whole(tmp_path):
    """A paragraph of two styles, split over two frames: reportlab joins the words it broke in the part it
    carries over and stripped every head's last hyphen as one it added, so a word broken after its own hyphen
    came back as «будьякий» and broke as «будья-кий» (the empire's uk rulebook, p. 14). The join now strips
    only the hyphen reportlab added (pnp.rulebook.hyphenation); the words read whole in the PDF's text, and a
    word broken inside comes back whole too."""
    from reportlab.lib.pagesizes import A6
    from reportlab.platypus import SimpleDocTemplate

    from pnp.rulebook.markup import para
    from pnp.rulebook.styles import styles
    from pnp.rulebook.hyphenation import enable
    enable()
    assert list(hyphenate("будь-який")) == [("будь-", "який")]  # the word's own hyphen, reportlab adds none
    assert ("прог", "рав") in list(hyphenate("програв"))  # reportlab adds this one, and knows it
    text = "<b>Поразка.</b> " + " ".join(["У цей час будь-який гравець може напасти на неї, хто програв."] * 40)
    out = tmp_path / "split.pdf"
    with typography.using("uk"):
        body = styles()["body"]
        SimpleDocTemplate(str(out), pagesize=A6).build([para(text, body)])
    # -layout: the lines as printed (without it pdftotext joins «будь-» at a line's end to the next line's word)
    words = subprocess.run(["pdftotext", "-layout", str(out), "-"], capture_output=True, text=True, check=True).stdout
    assert int(subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout.split("Pages:")[1].split()[0]) > 1
    assert "будья" not in words and "будьякий" not in words
    assert words.count("будь-") == 40
    assert "прог-рав" not in words  # a break inside a word, joined again, leaves no hyphen in the line


def test_tied_words_break_only_before_the_last_one():
    pairs = list(hyphenate(f"Здешевлює{NBSP}будівництво"))
    assert pairs and all(tail.endswith(f"{NBSP}будівництво") for _, tail in pairs)


def test_ties_keep_short_words_numbers_and_the_last_pair_together():
    tied = ties("Заплати 2 [grain] і постав загін у замок силою 1.")
    assert f"2{NBSP}[grain]" in tied
    assert f"і{NBSP}постав" in tied and f"у{NBSP}замок" in tied
    assert f"силою{NBSP}1." in tied
    assert ties("<b>Сила.</b> Сума сил") == f"<b>Сила.</b> Сума{NBSP}сил"


def test_only_a_short_last_word_is_tied_to_the_one_before():
    assert f"землі{NBSP}лишаються" not in ties("а зайві після втрати землі лишаються.")
    assert ties("втрати одночасні.").endswith(" одночасні.")
    assert ties("не більше 7 карт.").endswith(f"7{NBSP}карт.")


def _lines(paragraph, width: float) -> list[str]:
    """The lines reportlab sets `paragraph` in at `width` points, as plain text."""
    paragraph.wrap(width, 1000)
    return [" ".join(w.text if hasattr(w, "text") else str(w) for w in line.words).replace("  ", " ")
            if hasattr(line, "words") else " ".join(line[1]) for line in paragraph.blPara.lines]


def test_the_line_before_the_last_is_not_ended_early_and_the_last_word_stays_whole():
    """Where the word before the last fits, it stays on its line; the last word goes down
    whole (the old rule tied the two and carried both down: «після втрати / землі лишаються»)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from pnp.rulebook.markup import para
    from pnp.rulebook.styles import styles

    style = styles()["body"]
    head = "поранені не рахуються, а зайві після втрати землі"
    for spare in (2.0, 10.0, 25.0):  # room left after «землі»: never enough for «лишаються.»
        width = stringWidth(head, style.fontName, style.fontSize) + spare
        lines = _lines(para(head + " лишаються.", style), width)
        assert [line.replace(NBSP, " ").strip() for line in lines] == [head, "лишаються."], (spare, lines)


def test_the_rulebook_keeps_the_word_on_the_line_it_fits(book):
    last = _text(book.path, "-f", str(book.pages), "-l", str(book.pages))
    assert "а зайві після втрати землі\nлишаються." in last


def test_long_paragraphs_are_hyphenated_in_the_pdf(book):
    # -layout keeps the hyphen at the line end (the raw mode joins the word again)
    assert re.search(r"[а-яіїєґʼ]-\n\s*[а-яіїєґ]", book.layout), "no line ends with a hyphenated word"


def test_a_missing_ui_string_names_the_template_line(tmp_path):
    text = "\n".join(line for line in default_content().read_text(encoding="utf-8").splitlines()
                     if "mat_garrison:" not in line)
    content = tmp_path / "content.yaml"
    content.write_text(text + "\n", encoding="utf-8")
    game, problems = load_game(content)
    assert game is not None, problems
    with pytest.raises(RulebookError, match=r"templates/tverdzha/rulebook/setup\.j2:\d+: .*'mat_garrison'"):
        build_pdf(game, "uk")
