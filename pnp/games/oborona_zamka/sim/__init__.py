"""«Оборона Замка» for the simulator: the position value, the greedy agent, the game record."""
