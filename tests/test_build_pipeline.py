"""The build pipeline itself, with small fake renderers: plan, atomic swap, manifest."""

from __future__ import annotations

import json

import pytest

from pnp import build as build_mod
from pnp.build import BuildError, build, groups, plan
from pnp.games.tverdzha.kit_counts import counts
from pnp.games.tverdzha.pack import PACK
from pnp.components.base import BuildOptions

RENDERERS = build_mod.renderers_of(PACK)


def test_plan_default_excludes_extras_and_keeps_order():
    names = plan(RENDERERS)
    assert "print-shop" not in names and "tts" not in names
    assert names[-1] == "preview"
    assert plan(RENDERERS, build_all=True)[-1] == "preview"
    assert set(plan(RENDERERS, build_all=True)) == set(RENDERERS)


def test_plan_puts_each_exporter_after_what_it_needs():
    names = plan(RENDERERS, build_all=True)
    for name in names:
        for need in RENDERERS[name].needs:
            assert names.index(need) < names.index(name), (name, need)
    assert plan(RENDERERS, only=["tts", "cards"]) == ["cards", "tts"]


def test_parallel_groups_hold_every_independent_renderer_balanced_by_cost():
    names = plan(RENDERERS, build_all=True)
    parallel = groups(RENDERERS, names)
    independent = [n for n in names if not RENDERERS[n].needs and not RENDERERS[n].needs_files]
    assert len(parallel) == 2 and sorted(n for g in parallel for n in g) == sorted(independent)
    costs = [sum(RENDERERS[n].cost for n in g) for g in parallel]
    assert max(costs) - min(costs) <= max(RENDERERS[n].cost for n in independent)
    assert all(list(g) == [n for n in names if n in g] for g in parallel)  # plan order in each


def test_parallel_groups_take_what_each_renderer_took_last_time_over_what_it_declares():
    names = ["cards", "tokens", "aids", "rulebook"]
    declared = groups(RENDERERS, names)
    assert {"cards", "rulebook"} not in [set(g) for g in declared]  # the two costliest apart, as declared
    # measured: the rulebook is now cheap, the cards dear: the cards alone, the rest together
    measured = groups(RENDERERS, names, measured={"cards": 1.1, "tokens": 0.2, "aids": 0.3, "rulebook": 0.7})
    assert sorted(map(tuple, measured)) == [("cards",), ("tokens", "aids", "rulebook")]


def test_plan_only_unknown_kind_suggests():
    with pytest.raises(BuildError, match="did you mean 'cards'"):
        plan(RENDERERS, only=["crads"])


def test_manifest_contract(game, fake_renderers, tmp_path):
    result = build(game, BuildOptions(), out_root=tmp_path)
    data = json.loads((tmp_path / "uk" / "manifest.json").read_text())
    assert result.out_dir == tmp_path / "uk"
    assert data["game"] == "tverdzha" and data["lang"] == "uk"
    assert data["paper"] == "a4" and data["duplex"] == "long"
    assert data["content_sha256"] == game.sha256 and len(game.sha256) == 64
    assert [f["path"] for f in data["files"]] == ["one.txt", "sub/two.txt"]
    assert {f["kind"] for f in data["files"]} == {"cards", "tokens"}
    assert all(len(f["sha256"]) == 64 for f in data["files"])
    assert data["components"] == counts(game).as_dict()
    assert data["components"]["battle_cards"] == 40 and data["components"]["building_cards"] == 36


def test_failed_build_leaves_previous_output(game, fake_renderers, tmp_path):
    build(game, BuildOptions(), out_root=tmp_path)
    before = (tmp_path / "uk" / "manifest.json").read_bytes()
    fake_renderers["fail"] = True
    fake_renderers["text"] = "changed"
    with pytest.raises(RuntimeError):
        build(game, BuildOptions(), out_root=tmp_path)
    assert (tmp_path / "uk" / "manifest.json").read_bytes() == before
    assert (tmp_path / "uk" / "one.txt").read_text() == "one"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".pnp-build.lock", "uk"]  # no temporary folder left


def test_only_keeps_other_kinds_from_previous_build(game, fake_renderers, tmp_path):
    build(game, BuildOptions(), out_root=tmp_path)
    fake_renderers["text"] = "rebuilt"
    build(game, BuildOptions(), out_root=tmp_path, only=["fake-one"])
    data = json.loads((tmp_path / "uk" / "manifest.json").read_text())
    assert [f["path"] for f in data["files"]] == ["one.txt", "sub/two.txt"]
    assert (tmp_path / "uk" / "one.txt").read_text() == "rebuilt"
    assert (tmp_path / "uk" / "sub" / "two.txt").read_text() == "two"


def test_same_input_same_manifest(game, fake_renderers, tmp_path):
    build(game, BuildOptions(), out_root=tmp_path / "a")
    build(game, BuildOptions(), out_root=tmp_path / "b")
    assert (tmp_path / "a/uk/manifest.json").read_bytes() == (tmp_path / "b/uk/manifest.json").read_bytes()


def test_build_with_a_language_the_content_lacks_is_a_usage_error(tmp_path):
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["build", "--lang", "en", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "no language 'en'" in result.output and "uk" in result.output
    assert not (tmp_path / "en").exists()


def test_a_forked_build_makes_the_svg_writer_before_the_fork(game, fake_renderers, tmp_path):
    """The workers inherit svgwrite's factory (made in the parent) instead of each importing svgwrite."""
    from pnp.art import svg

    svg._make.cache_clear()
    build(game, BuildOptions(), out_root=tmp_path, jobs=2)  # the fakes draw nothing themselves
    assert svg._make.cache_info().currsize == 1
