"""The build draws with the heap it started with frozen (pnp.core.frozen_heap) and hands it back."""

from __future__ import annotations

import gc

import pytest

from pnp import build as build_mod
from pnp.build import build
from pnp.components.base import BuildOptions


def test_renderers_run_with_the_older_objects_frozen_and_the_build_unfreezes_them(game, fake_renderers, tmp_path,
                                                                                   monkeypatch):
    frozen = []
    real = build_mod._render_one
    monkeypatch.setattr(build_mod, "_render_one", lambda *args: frozen.append(gc.get_freeze_count()) or real(*args))
    build(game, BuildOptions(), out_root=tmp_path, jobs=1)
    assert len(frozen) == 2 and min(frozen) > 10_000  # the modules and the model at least
    assert gc.get_freeze_count() == 0
    fake_renderers["fail"] = True
    with pytest.raises(RuntimeError):
        build(game, BuildOptions(), out_root=tmp_path, jobs=1)
    assert gc.get_freeze_count() == 0  # a failed build hands them back too


def test_cycles_made_while_frozen_are_still_collected():
    from pnp.core.frozen_heap import frozen_heap

    class Node:
        pass

    with frozen_heap():
        node = Node()
        node.self = node
        ident = id(node)
        del node
        gc.collect()
        assert all(id(o) != ident for o in gc.get_objects())
