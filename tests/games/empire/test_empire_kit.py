"""The whole kit of «Строительство империи» (`pnp build --game empire --lang ru|uk --all`): both
languages built twice (the second time over two worker processes, in the first one's place) and compared
file by file; the manifest read back against the files; every PDF through the preflight,
`qpdf --check` and `pdffonts`; the manifest's counts against the content file itself."""

from __future__ import annotations

import filecmp
import hashlib
import json
import re
import subprocess
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from pnp import build as build_mod
from pnp.components import base
from pnp.components.base import BuildOptions
from pnp.games import pack
from pnp.print.preflight import preflight

LANGS = ("ru", "uk")
#: SPEC section 6's kinds, and «Оборона Замка»'s paper models
KINDS = {"cards", "tokens", "board", "mats", "aids", "rulebook", "alignment", "print-shop", "tts", "svg", "png",
         "preview", "models"}



@pytest.fixture(scope="session")
def kits(game, whole_kit):
    """(first, second) root: each holds ru/ and uk/, the whole kit. The first is the session's, moved aside; the
    second is built in its place over two processes (the TTS files name their images by where they are). Once a
    session: a worker that steals this module's tests back and forth sets a module's fixture up again."""
    first = whole_kit.with_name("first")
    whole_kit.rename(first)
    for lang in LANGS:
        build_mod.build(game, BuildOptions(lang=lang), whole_kit, build_all=True, jobs=2)
    return first, whole_kit


def files_of(folder: Path) -> list[str]:
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def manifest(kits, lang: str) -> dict:
    return json.loads((kits[0] / lang / "manifest.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_language_built_twice_gives_the_same_files_byte_for_byte(kits, lang):
    first, second = (root / lang for root in kits)
    names = files_of(first)
    assert names == files_of(second)
    assert len(names) > 3  # the sheets, the exports, the preview, the manifest
    _, mismatch, errors = filecmp.cmpfiles(first, second, names, shallow=False)
    assert mismatch == [] and errors == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_manifest_lists_every_file_with_its_kind_pages_and_hash(kits, lang):
    folder = kits[0] / lang
    data = manifest(kits, lang)
    assert (data["game"], data["lang"]) == ("empire", lang)
    listed = {f["path"]: f for f in data["files"]}
    assert sorted(listed) == [n for n in files_of(folder) if n != "manifest.json"]
    for path, entry in listed.items():
        assert entry["kind"] in KINDS, path
        assert entry["sha256"] == hashlib.sha256((folder / path).read_bytes()).hexdigest(), path
        if path.endswith(".pdf"):
            assert entry["pages"] == len(PdfReader(folder / path).pages), path
    assert data["content_sha256"] == hashlib.sha256(pack("empire").content.read_bytes()).hexdigest()


@pytest.mark.parametrize("lang", LANGS)
def test_the_kit_holds_the_home_sheets_the_exports_and_the_preview(kits, game, lang):
    """Every kind the pack's renderers write, from the plan: the home print, then what --all adds."""
    kinds = {f["kind"] for f in manifest(kits, lang)["files"]}
    renderers = base.renderers_of(pack("empire"))
    planned = {k for name in build_mod.plan(renderers, build_all=True) for k in renderers[name].written_kinds()}
    assert {"mats", "print-shop", "tts", "preview"} <= kinds <= planned
    home = build_mod.plan(renderers)
    assert "print-shop" not in home and "tts" not in home and home[-1] == "preview"


@pytest.mark.parametrize("lang", LANGS)
def test_every_pdf_passes_the_preflight_qpdf_and_embeds_every_font(kits, lang):
    folder = kits[0] / lang
    pdfs = [f for f in manifest(kits, lang)["files"] if f["path"].endswith(".pdf")]
    assert pdfs
    for f in pdfs:
        path = folder / f["path"]
        assert preflight(path, pages=f["pages"]) == [], f["path"]
        assert subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0, f["path"]
        rows = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout.splitlines()[2:]
        assert rows and all(row.split()[-5:-3] == ["yes", "yes"] for row in rows), (f["path"], rows)


@pytest.mark.parametrize("lang", LANGS)
def test_the_manifest_counts_what_the_content_file_holds(kits, lang):
    """Read from the YAML itself, not the model: a capital sheet per race, every printed creature card, every travel card's copies
    (and as many to colour in), a blank a travel type, the neutral armies' and the chests' cards, a board per playable school, three reference
    boards (battle types, machines, weeks) and one worksheet."""
    content = yaml.safe_load(pack("empire").content.read_text(encoding="utf-8"))
    schools = [s for s in content["magic"]["schools"] if s.get("levels")]
    assert manifest(kits, lang)["components"] == {
        "capital_sheets": len(content["races"]),
        "creature_cards": sum(len(c["strikes"]) for d in content["creature_decks"] for c in d["cards"]),
        "hero_cards": sum(len(r.get("heroes", ())) for r in content["races"]),
        "travel_cards": sum(c["count"] for c in content["travel_cards"]),
        "colour_in_cards": sum(c["count"] for c in content["travel_cards"]), "blank_cards": len(content["travel_types"]),
        "neutral_cards": sum(a["count"] for a in content["neutral_armies"]["cards"]),
        "chest_cards": content["chests"]["count"],
        "magic_boards": len(schools), "reference_boards": 3, "worksheets": 1}


@pytest.mark.parametrize("lang", LANGS)
def test_the_duplex_cards_come_with_the_alignment_page(kits, game, lang):
    """The travel cards print their backs duplex: the kit holds the front/back test pair to print first."""
    files = {f["path"]: f for f in manifest(kits, lang)["files"]}
    page = files[f"empire-{lang}-alignment.pdf"]
    assert page["kind"] == "alignment" and page["pages"] == 2
    said = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(kits[0] / lang / page["path"]), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert game.ui("align_title", lang) in said


#: words only Russian writes so, the commonest in the seed's quotations: a quotation left untranslated shows one
RUSSIAN_WORDS = (r"\b(и|что|как|его|если|или|это|урон\w*|существ\w*|игрок\w*|сундук\w*|осад\w*|только|всего|всем|"
                 r"уров\w*|действи\w*|шпионаж|ход|которы\w*|можно|нужно|после|между|когда|против|даже|также|через|"
                 r"армии|отряд\w*)\b")


def test_one_apostrophe_and_no_russian_letter_across_the_ukrainian_kit(kits):
    """ʼ (U+02BC) in every uk PDF, the gallery page and the TTS objects' names and notes, never ’ (U+2019)
    nor ' between letters: one character, as in the other uk kits. And no letter only Russian has (ы, э, ъ, ё) nor a
    word only Russian writes so: the decided gaps quote the Russian seed in translation."""
    folder = kits[0] / "uk"
    read = 0
    for f in manifest(kits, "uk")["files"]:
        path = folder / f["path"]
        if f["path"].endswith(".pdf"):
            said = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout
        elif f["path"].endswith(".json"):
            said = json.dumps(json.loads(path.read_text("utf-8")), ensure_ascii=False)  # \u escapes read as letters
        elif f["path"].endswith(".html"):
            said = path.read_text("utf-8")
        else:
            continue
        read += "ʼ" in said
        assert "’" not in said and not re.search(r"[а-яіїєґ]'[а-яіїєґ]", said, re.I), f["path"]
        assert not re.findall(r"\w*[ыэъё]\w*", said, re.I), f["path"]
        assert not re.findall(RUSSIAN_WORDS, re.sub(r"-\n", "", said), re.I), f["path"]
    assert read  # the kit does write apostrophes, so the test reads real words


#: the «Строительство империи» page (docs/games/empire.md), whose table names the kit's files
README = (Path(__file__).resolve().parents[3] / "docs" / "games" / "empire.md").read_text(encoding="utf-8")
SECTION = README[README.index("«Строительство империи» (`content/empire.yaml`"):]


def test_the_readmes_table_names_every_file_at_the_top_of_the_kit(kits):
    files = [f["path"] for f in manifest(kits, "ru")["files"]]
    rows = [line for line in SECTION.splitlines() if line.startswith("| `")]
    for name in [p for p in files if "/" not in p] + ["manifest.json"]:
        assert any(row.startswith(f"| `{name}`") or f"`{name}`" in row.split("|")[1] for row in rows), name
    folders = {p.split("/", 1)[0] for p in files if "/" in p}
    assert folders and all(f"`{folder}/" in SECTION for folder in folders), folders


def test_the_readmes_table_gives_each_pdf_its_pages_in_the_build(kits):
    pages = {f["path"]: f["pages"] for f in manifest(kits, "ru")["files"] if f["path"].endswith(".pdf")}
    rows = {row.split("|")[1].strip().strip("`"): row.split("|")[3].strip()
            for row in SECTION.splitlines() if row.startswith("| `empire-ru-")}
    assert rows and {name: pages[name] for name in rows} == {name: int(n) for name, n in rows.items()}
