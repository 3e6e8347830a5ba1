"""A data-only game's own checks: what its content must give so that what `pnp check` accepts,
`pnp build` builds (every field of every card row, every text in every language, every word
the kit prints)."""
