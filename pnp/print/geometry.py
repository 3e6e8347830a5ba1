"""Moved to pnp.core.geometry (units and paper are the ground floor that art, typeset and
print stand on). This name stays only while branches written before the move are merged:
import pnp.core.geometry; tests/test_imports.py holds pnp itself to that."""

from pnp.core.geometry import *  # noqa: F401,F403
