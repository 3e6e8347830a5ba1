"""What several checks read of one model (its texts, each card family's layout problems) is worked
out once per check run (pnp.checks._memo), and never kept outside a run: a layout edited between
two runs on the same model is read again."""

from __future__ import annotations

from pnp import checks
from pnp.checks import _util, card_layouts


def _count(monkeypatch, module, name):
    calls = []
    original = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_run_walks_the_models_texts_and_reads_each_layout_once(game, monkeypatch):
    walks = _count(monkeypatch, _util, "_paths_by_mark")
    reads = _count(monkeypatch, card_layouts, "_read")
    assert checks.run_all(game, "uk") == []
    # strings, markup, the printed kit (glossary, form of address) and references read the texts
    assert len(walks) == 1
    # card-layout and text-fit both ask for every family's problems
    assert len(reads) == len({(id(args[0]), args[1]) for args in reads}) > 0
    checks.run_all(game, "uk")
    assert len(walks) == 2  # the next run works it out afresh


def test_nothing_is_kept_outside_a_run(game, monkeypatch):
    walks = _count(monkeypatch, _util, "_paths_by_mark")
    list(_util.texts(game))
    list(_util.texts(game))
    assert len(walks) == 2
