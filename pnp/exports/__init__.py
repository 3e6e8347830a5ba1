"""Exports from the rendered masters: print-shop files, Tabletop Simulator, the preview page."""
