"""The determinism contract: no output honours SOURCE_DATE_EPOCH (or reads the clock).

Every PDF (cairo's, reportlab's, rewritten by pypdf), PNG, SVG, HTML page and JSON file is
the same byte for byte whether SOURCE_DATE_EPOCH is unset or set, and every PDF is dated
2000-01-01.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from checkouts import CHECKOUT, pnp_command, pnp_env, run
from pypdf import PdfReader

EPOCH = "1700000000"  # 2023-11-14: any value other than the fixed date


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _differ(first: dict[str, bytes], second: dict[str, bytes]) -> list[str]:
    return sorted(name for name in first.keys() | second.keys() if first.get(name) != second.get(name))


@pytest.mark.slow
def test_a_full_build_ignores_source_date_epoch(tmp_path):
    outputs = []
    out = tmp_path / "out"  # one --out for both: the TTS decks name their images by absolute URL
    for extra in ({}, {"SOURCE_DATE_EPOCH": EPOCH}):
        done = run(pnp_command("build", "--all", "--out", str(out)), CHECKOUT, pnp_env(tmp_path, CHECKOUT, **extra))
        assert done.returncode == 0, done.stderr
        outputs.append(_files(out / "uk"))
    unset, set_ = outputs
    kinds = {Path(name).suffix for name in unset}
    assert {".pdf", ".png", ".svg", ".html", ".json"} <= kinds
    assert _differ(unset, set_) == []
    for name, data in unset.items():
        if name.endswith(".pdf"):
            info = PdfReader(io.BytesIO(data)).metadata
            assert (name, info["/CreationDate"][:10], info["/ModDate"][:10]) == (name, "D:20000101", "D:20000101")


def test_the_simulation_report_ignores_source_date_epoch(tmp_path):
    outputs = []
    for label, extra in (("unset", {}), ("set", {"SOURCE_DATE_EPOCH": EPOCH})):
        out = tmp_path / label
        out.mkdir()
        args = ("sim", "--games", "2", "--agents", "random,random", "--seed", "3", "--json", str(out / "sim.json"))
        for report in ("sim.pdf", "sim.html"):
            done = run(pnp_command(*args, "--report", str(out / report)), CHECKOUT,
                       pnp_env(tmp_path, CHECKOUT, **extra))
            assert done.returncode == 0, done.stderr
        outputs.append(_files(out))
    assert sorted(outputs[0]) == ["sim.html", "sim.json", "sim.pdf"]
    assert _differ(*outputs) == []
