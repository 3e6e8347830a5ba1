"""What several checks read of one model, worked out once per check run.

A check run walks the same frozen model in many checks: the texts of the model (strings, markup,
the printed kit's words, references) and each card family's layout problems (card-layout, then
text-fit, which leaves out the families whose layout cannot be drawn). While `run_all` runs the
checks (`shared`), `of_model` keeps a function's answers for the model, by identity (a model is
frozen, and hashing one would cost more than the walk). The answers may also read files beside
the model (a layout, a picture), which `pnp serve` or a test sees edited under the same model, so
nothing is kept outside a run: a check called on its own works everything out itself.
"""

from __future__ import annotations

import functools
from contextlib import contextmanager
from typing import Any, Callable, Iterator, TypeVar

T = TypeVar("T")

#: the answers of the run under way, by function, model and arguments; None outside a run
_RUN: dict[tuple, tuple[tuple, Any]] | None = None


@contextmanager
def shared() -> Iterator[None]:
    """Within the block, `of_model` functions answer once per model and arguments."""
    global _RUN
    outer, _RUN = _RUN, {}
    try:
        yield
    finally:
        _RUN = outer


def of_model(fn: Callable[..., T]) -> Callable[..., T]:
    """`fn(model, *args)` answered once per check run for each model and arguments (by identity:
    they are the model's own parts). The answer is shared: `fn` returns a value callers only read."""

    @functools.wraps(fn)
    def memo(model: Any, *args: Any) -> T:
        if _RUN is None:
            return fn(model, *args)
        key = (fn, id(model), *map(id, args))
        kept = _RUN.get(key)
        # the objects are kept beside the answer, so an id is never that of a newer object
        if kept is None or kept[0][0] is not model or any(a is not b for a, b in zip(kept[0][1:], args, strict=True)):
            kept = _RUN[key] = ((model, *args), fn(model, *args))
        return kept[1]

    return memo
