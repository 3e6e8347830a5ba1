"""pnp: print-and-play kit generator for the board game ТВЕРДЖА."""

__version__ = "0.1.0"
