"""«Строительство империи»'s side of the general rulebook (pnp.rulebook): facts, the worked battle, the capital diagram, tables."""
