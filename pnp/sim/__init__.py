"""The reference simulator: agents, seeded runner, statistics, report, kit check."""
