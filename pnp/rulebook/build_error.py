"""The one error the rulebook build raises: a BuildError, so `pnp build` reports it in one line."""

from __future__ import annotations

from pnp.components.base import BuildError


class RulebookError(BuildError):
    """The rulebook cannot be built from this content; the message says where and why."""
