"""ТВЕРДЖА: its model, rules engine, checks, agents and its own renderers."""
