"""General foundations: errors and their positions, files pnp reads or owns, text templates and typography."""
