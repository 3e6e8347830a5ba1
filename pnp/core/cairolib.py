"""Whether the cairo C library loads: the drawing modules import it (through cairocffi) at the top.

A machine without libcairo is the machine's setup, not a bug in pnp: the commands that draw
call `require()` before they import a drawing module, so the user reads how to install it
instead of an internal error.
"""

from __future__ import annotations

from pnp.core.errors import UserError


def require() -> None:
    try:
        import cairocffi  # noqa: F401  (the import is the check)
    except (ImportError, OSError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise UserError(f"the cairo graphics library cannot be loaded ({first}); install it: "
                        "apt-get install libcairo2 (Debian, Ubuntu), dnf install cairo (Fedora), "
                        "brew install cairo (macOS)") from None
