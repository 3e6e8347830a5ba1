"""The kit's look: the palette and type scale, the icon machinery, small SVG drawing helpers."""
