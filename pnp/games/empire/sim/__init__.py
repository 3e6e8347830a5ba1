"""«Строительство империи»\x27s agents, observer and statistics for pnp sim."""
