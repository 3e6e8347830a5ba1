"""«Оборона Замка»'s own checks (found by pnp.checks like the general ones)."""
