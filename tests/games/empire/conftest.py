"""Fixtures every test of «Строительство империи» reads: the shipped content's model."""

from __future__ import annotations

import pytest

from pnp import build as build_mod
from pnp.components.base import BuildOptions
from pnp.content import load_game
from pnp.games import pack


@pytest.fixture(scope="session")
def game():
    """The bundled content, loaded and checked once (the model is frozen, so tests share it)."""
    model, problems = load_game(pack("empire").content)
    assert model is not None and not problems, problems
    return model


@pytest.fixture(scope="session")
def rulebook_pdfs(game, tmp_path_factory):
    """lang -> the shipped content's rulebook PDF (ru and uk), built once for every test that reads it."""
    from pnp.core import typography
    from pnp.rulebook.renderer import build_pdf
    root = tmp_path_factory.mktemp("empire-rulebook")
    out = {}
    for lang in ("ru", "uk"):
        with typography.using(lang):
            data, _, _ = build_pdf(game, lang)
        out[lang] = root / f"empire-{lang}-rulebook.pdf"
        out[lang].write_bytes(data)
    return out


@pytest.fixture(scope="session")
def whole_kit(game, tmp_path_factory):
    """The root of the whole kit (`--all`) in ru/ and uk/, built once for the tests that read it (the TTS files
    name their images by file:/// URLs of where they are). test_empire_kit.py moves it aside and builds it
    again in the same place, so a test holds this path, not the files under it."""
    root = tmp_path_factory.mktemp("empire-kit") / "kit"
    for lang in ("ru", "uk"):
        build_mod.build(game, BuildOptions(lang=lang), root, build_all=True, jobs=1)
    return root

