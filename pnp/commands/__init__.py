"""Implementations behind the CLI commands: each `run(...)` prints and returns an exit code."""
