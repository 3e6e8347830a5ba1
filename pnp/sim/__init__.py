"""The general simulator: the engine protocol, seeded runner, statistics, report and kit check (a game brings its engine and agents: pnp.sim.hooks)."""
