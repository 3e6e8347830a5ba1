"""pnp: print-and-play kit generator for the board game ТВЕРДЖА."""

from pathlib import Path

__version__ = "0.1.0"

#: The repository root: content/, templates/ and fonts/ live beside the package.
ROOT = Path(__file__).resolve().parent.parent
