"""The SVG masters in svg/ carry their fonts: a browser without PT Sans sets their words as
wide as the print (measured in Chromium), and the embedded fonts cover every character."""

import base64
import io
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from pnp.build import build
from pnp.components.base import BuildOptions
from pnp.typeset.fonts import FACES, text_width_mm
from pnp.core.geometry import pt_to_mm

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FONT_FACE = re.compile(r'@font-face \{ font-family: "([^"]+)"; font-weight: (\w+); font-style: (\w+); '
                       r'src: url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)')


@pytest.fixture(scope="module")
def svgs(game, tmp_path_factory):
    out = tmp_path_factory.mktemp("svg-fonts")
    result = build(game, BuildOptions(), out_root=out, only=["cards"])
    files = sorted((result.out_dir / "svg" / "cards").glob("*.svg"))
    assert len(files) > 50
    # the fonts inside travel with their licence, as ParaType's licence asks
    assert "ParaType" in (result.out_dir / "svg" / "LICENSE-ParaType.txt").read_text(encoding="utf-8")
    return {f.name: f.read_text(encoding="utf-8") for f in files}


def _faces(svg: str) -> dict[tuple[str, str, str], TTFont]:
    return {(family, weight, style): TTFont(io.BytesIO(base64.b64decode(data)))
            for family, weight, style, data in FONT_FACE.findall(svg)}


def _texts(svg: str):
    """(family, weight, style, characters) of every run of text, as the masters write them (font on the element)."""
    for attrs, body in re.findall(r"<(?:tspan|text)\b([^>]*)>([^<]*)<", svg):
        if not body.strip():
            continue
        found = dict(re.findall(r'(font-[a-z]+)="([^"]*)"', attrs))
        yield found["font-family"], found.get("font-weight", "normal"), found.get("font-style", "normal"), body


def test_every_face_a_file_uses_is_embedded_and_covers_its_characters(svgs):
    for name, svg in svgs.items():
        faces = _faces(svg)
        used = list(_texts(svg))
        assert used, name
        for family, weight, style, chars in used:
            font = faces[family, weight, style]
            cmap = font.getBestCmap()
            missing = {c for c in chars.replace("&amp;", "&") if ord(c) not in cmap and not c.isspace()}
            assert not missing, (name, family, weight, missing)
        for (family, _, _), font in faces.items():
            assert font["name"].getDebugName(1) == family


def _without_bundled_fonts() -> dict:
    """The environment of a machine without the kit: the build points fontconfig at fonts/."""
    return {k: v for k, v in os.environ.items() if k != "FONTCONFIG_FILE"}


def _measure(svg_texts: list[str], page: Path) -> list[dict]:
    """Each run's width (user units = mm) and font, as Chromium lays the inlined SVGs out."""
    script = """
// load every declared face first: `document.fonts.ready` alone may resolve before layout asks for them;
// then let the tasks a loaded face queues run, so the text is laid out again in it before it is measured
// (measured at once, Chromium once gave a word its fallback face's width); the wait is virtual time
const later = () => new Promise(done => setTimeout(done, 200));
Promise.all([...document.fonts].map(f => f.load())).then(() => document.fonts.ready).then(later).then(() => {
  const out = [];
  for (const t of document.querySelectorAll('text, tspan')) {
    if (t.childElementCount) continue;
    const s = getComputedStyle(t);
    out.push({text: t.textContent, width: t.getComputedTextLength(), family: s.fontFamily,
              weight: s.fontWeight, style: s.fontStyle, size: parseFloat(t.closest('text').getAttribute('font-size'))});
  }
  document.getElementById('result').textContent = JSON.stringify(out);
});"""
    page.write_text("<!doctype html><html><body>" + "".join(svg_texts)
                    + f'<pre id="result"></pre><script>{script}</script></body></html>', encoding="utf-8")
    result = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                             "--disable-background-networking", "--disable-component-update", "--disable-sync",
                             f"--user-data-dir={page.parent / 'profile'}", "--virtual-time-budget=5000",
                             "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120,
                            env=_without_bundled_fonts())
    assert result.returncode == 0, result.stderr[-2000:]
    found = re.search(r'<pre id="result">(.*?)</pre>', result.stdout, re.S)
    assert found and found.group(1), result.stdout[-1000:]
    import html

    return json.loads(html.unescape(found.group(1)))


def _worst_error(rows: list[dict]) -> float:
    """(the largest relative difference between Chromium's widths and the kit's own metrics, its text)."""
    keys = {(f.family, "700" if f.weight == "bold" else "400", f.style): key for key, f in FACES.items()}
    worst = (0.0, None)
    for row in rows:
        if len(row["text"].strip()) < 4:
            continue
        key = keys[row["family"].strip('"'), row["weight"], row["style"]]
        want = text_width_mm(row["text"], key, row["size"] / pt_to_mm(1.0))
        worst = max(worst, (abs(row["width"] - want) / want, row["text"], key))
    return worst


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed (Debian package 'chromium')")
def test_a_browser_without_the_fonts_sets_the_words_as_wide_as_the_print(svgs, tmp_path):
    sample = [svgs[n] for n in ("battle-onslaught.svg", "back-building.svg", sorted(svgs)[20], sorted(svgs)[40])]
    rows = _measure([s[s.find("<svg"):] for s in sample], tmp_path / "with.html")
    assert len(rows) > 20
    assert _worst_error(rows)[0] < 0.01, _worst_error(rows)
    installed = subprocess.run(["fc-list", ":family=PT Sans"], capture_output=True, text=True,
                               env=_without_bundled_fonts()).stdout.strip()
    if not installed:  # the control: without the embedded fonts the browser falls back, and the test sees it
        bare = [re.sub(r"<defs><style>.*?</style></defs>", "", s, flags=re.S) for s in sample]
        assert _worst_error(_measure([s[s.find("<svg"):] for s in bare], tmp_path / "without.html"))[0] > 0.05
