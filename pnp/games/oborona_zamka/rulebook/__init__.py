"""«Оборона Замка»'s side of the general rulebook (pnp.rulebook): facts, field diagram, tables."""
