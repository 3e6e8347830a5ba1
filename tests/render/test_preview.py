"""The preview gallery: what the page holds, and the page loaded in a real headless Chromium."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter, defaultdict
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pnp.games.tverdzha import kit_counts as kit
from pnp.components import cards
from pnp.exports import preview_assets
from pnp.typeset import font_subsets
from pnp.components.base import BuildOptions, OutputFile, RenderContext
from pnp.core import catalogue
from pnp.exports.preview import DUPLEX_UI, PAPER_UI, PreviewRenderer, page

CHROMIUM = "/usr/bin/chromium"
NOTE = "cards (uk): effect text shrunk below 10 pt to fit on 1 card(s): Тест (battle x, 9 pt)"
FILES = [OutputFile("tverdzha-uk-cards.pdf", "cards", 24), OutputFile("tverdzha-uk-rulebook.pdf", "rulebook", 16),
         OutputFile("print-shop/generic/tverdzha-uk-battle-fronts.pdf", "print-shop", 40),
         OutputFile("tts/tverdzha-uk-battle.json", "tts", 0), OutputFile("svg/cards/back-battle.svg", "svg", 0)]

FAMILIES = ("battle", "building", "upgrade")  # the content's card families (test_cards checks the order)


@pytest.fixture(scope="module")
def built(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("preview")
    ctx = RenderContext(BuildOptions(), out)
    ctx.cache["files"] = list(FILES)
    ctx.notes.append(NOTE)
    files = PreviewRenderer().render(game, ctx)
    return out, files, ctx, (out / "index.html").read_text(encoding="utf-8")


class Figures(HTMLParser):
    """Every <figure data-component> with its attributes; every id and every #reference."""

    def __init__(self):
        super().__init__()
        self.figures, self.ids, self.refs, self.links = [], [], [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "figure" and "data-component" in a:
            self.figures.append(a)
        if "id" in a:
            self.ids.append(a["id"])
        if tag == "use":
            self.refs.append(a.get("href") or a.get("xlink:href"))
        if tag == "a":
            self.links.append(a["href"])


def _parse(html: str) -> Figures:
    parser = Figures()
    parser.feed(html)
    return parser


def test_one_file_of_kind_preview(built):
    out, files, _, _ = built
    assert [(f.path, f.kind) for f in files] == [("index.html", "preview")]
    assert sorted(p.name for p in out.iterdir()) == ["index.html"]  # self-contained


def test_every_card_design_shown_with_its_count(game, built):
    _, _, ctx, html = built
    figures = _parse(html).figures
    masters = ctx.masters(game, "cards")
    c = kit.counts(game)
    totals = {"battle": c.battle_cards, "building": c.building_cards, "upgrade": c.upgrade_cards}
    for family in FAMILIES:
        faces = [f for f in figures if f["data-component"] == f"cards-{family}" and "data-back" not in f]
        backs = [f for f in figures if f["data-component"] == f"cards-{family}" and "data-back" in f]
        assert [f["data-name"] for f in faces] == [name for _, name, _ in masters.faces[family]]
        assert sum(int(f["data-count"]) for f in faces) == totals[family]
        assert len(backs) == 1 and int(backs[0]["data-count"]) == totals[family]


def test_other_components_shown_with_counts(game, built):
    _, _, _, html = built
    figures = _parse(html).figures
    c = kit.counts(game)
    per_group = defaultdict(int)
    for f in figures:
        if "data-back" not in f:
            per_group[f["data-component"]] += int(f["data-count"])
    assert per_group["pieces-tiles"] == c.land_tiles
    assert per_group["pieces-tokens"] == c.unit_tokens
    assert per_group["pieces-markers"] == c.score_markers + c.storage_markers + c.first_player_markers
    assert per_group["aids"] == c.aid_cards
    assert per_group["board"] == c.boards and per_group["mats"] == c.castle_mats


def test_ids_unique_and_every_reference_resolves(built):
    parser = _parse(built[3])
    assert len(parser.ids) == len(set(parser.ids)), Counter(parser.ids).most_common(3)
    ids = set(parser.ids)
    assert parser.refs and all(ref.startswith("#") and ref[1:] in ids for ref in parser.refs)


def test_links_every_pdf_and_notes(built):
    _, _, _, html = built
    links = set(_parse(html).links)
    for f in FILES:
        if f.path.endswith((".pdf", ".json")):
            assert f.path in links
    assert "svg/cards/" in links  # a folder of masters: one link
    assert NOTE in html


def test_fonts_embedded_for_every_face_used(built):
    html = built[3]
    used = font_subsets.faces_used([html])
    faces = re.findall(r'@font-face \{ font-family: "([^"]+)"; font-weight: (\w+); font-style: (\w+); '
                       r'src: url\(data:font/ttf;base64,', html)
    assert len(used) >= 4
    from pnp.typeset import fonts

    assert {(fonts.face(k).family, fonts.face(k).weight, fonts.face(k).style) for k in used} <= set(faces)
    assert "url(file:" not in html and 'src="http' not in html


def test_the_page_says_what_the_kit_was_laid_out_for_in_words_not_a_command(game, tmp_path):
    for key in (*PAPER_UI.values(), *DUPLEX_UI.values(), "preview_ink_saver"):  # every choice, every language
        assert all(catalogue.has(key, lang) for lang in ("uk", "ru", "en")), key
    ctx = RenderContext(BuildOptions(paper="letter", duplex="none", ink_saver=True), tmp_path)
    ctx.cache["files"] = list(FILES)
    PreviewRenderer().render(game, ctx)
    html = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "pnp build" not in html and "--duplex" not in html
    assert ("Папір US Letter; друк з одного боку, звороти окремим файлом, щоб наклеїти; економія чорнила"
            in html)


def test_same_page_twice(game, built):
    _, _, ctx, html = built
    assert page(game, ctx) == html


def test_inline_svg_crops_and_prefixes():
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="69mm" height="94mm" viewBox="0 0 69 94">'
           '<defs><symbol id="icon-a"/><clipPath id="c"/></defs><use href="#icon-a"/>'
           '<rect clip-path="url(#c)"/></svg>')
    out = str(preview_assets.inline_svg(svg, "m7-", (3, 3, 63, 88), "Карта"))
    assert out.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="3 3 63 88" role="img" aria-label="Карта">')
    assert 'width="69mm"' not in out and 'id="m7-icon-a"' in out and 'href="#m7-icon-a"' in out
    assert "url(#m7-c)" in out


# --- a real browser ------------------------------------------------------------------------------


def _chromium(url: str, profile: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
         "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", "--enable-logging=stderr",
         "--v=0", "--virtual-time-budget=5000", *extra, url],
        capture_output=True, text=True, timeout=120)


@pytest.mark.skipif(not Path(CHROMIUM).exists() and shutil.which("chromium") is None,
                    reason="Chromium is not installed (Debian package 'chromium'; CI installs it)")
def test_page_loads_in_chromium_without_errors_and_shows_everything(built, tmp_path):
    out, _, _, html = built
    result = _chromium((out / "index.html").as_uri(), tmp_path / "profile", "--dump-dom")
    assert result.returncode == 0, result.stderr[-2000:]
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    assert console == []  # the page logs nothing unless something failed
    body = re.search(r"<body([^>]*)>", result.stdout)
    assert body, result.stdout[:500]
    attrs = dict(re.findall(r'data-(\w+)="([^"]*)"', body.group(1)))
    figures = len(_parse(html).figures)
    assert int(attrs["expected"]) == figures > 80
    assert int(attrs["shown"]) == figures  # every component has a visible size in the laid-out page
    assert attrs["fonts"] == "ok"


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed")
def test_chromium_test_would_see_a_broken_page(tmp_path):
    """The console check is real: a page with a missing image and a failing script is caught."""
    bad = tmp_path / "bad.html"
    bad.write_text('<html><body><img src="missing.png"><script>undefinedCall()</script></body></html>')
    result = _chromium(bad.as_uri(), tmp_path / "profile", "--dump-dom")
    assert any(":CONSOLE" in line for line in result.stderr.splitlines())


@pytest.mark.slow
def test_full_build_lists_every_kind_and_the_page_links_every_pdf(game, tmp_path):
    """`pnp build --all`: the exports appear in the manifest with their kinds; the page links each PDF."""
    import json

    from pnp.build import build

    build(game, BuildOptions(), out_root=tmp_path, build_all=True)
    manifest = json.loads((tmp_path / "uk" / "manifest.json").read_text(encoding="utf-8"))
    kinds = Counter(f["kind"] for f in manifest["files"])
    assert {"print-shop", "png", "tts", "preview"} <= set(kinds)
    assert kinds["preview"] == 1 and kinds["print-shop"] == 6
    links = set(_parse((tmp_path / "uk" / "index.html").read_text(encoding="utf-8")).links)
    pdfs = [f["path"] for f in manifest["files"] if f["path"].endswith(".pdf")]
    assert pdfs and all(p in links for p in pdfs)
    assert all((tmp_path / "uk" / p).exists() for p in links if not p.startswith("#"))  # files and folders


def test_font_subset_cache_returns_the_fresh_bytes():
    chars = font_subsets.text_chars(["<text>Їжак ґудзик «є» — ʼ’ 0123</text>"])
    assert "ґ" in chars and "ʼ" in chars
    fresh = font_subsets.subset_font(("sans-bold", chars))
    assert font_subsets.cached_subset("sans-bold", chars) == fresh  # computed or read back
    assert font_subsets.cached_subset("sans-bold", chars) == fresh  # certainly read back
    from fontTools.ttLib import TTFont
    import io

    cmap = TTFont(io.BytesIO(fresh)).getBestCmap()
    assert all(ord(c) in cmap for c in "Їжакґудзик«є»—ʼ’")
