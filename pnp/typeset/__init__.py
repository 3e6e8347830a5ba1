"""Text set with real font metrics: the bundled fonts, rich text with inline icons, line breaking."""
