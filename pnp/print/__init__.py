"""Print core: millimetres, PDF output, imposition, sheet marks, tiling, alignment, preflight."""
