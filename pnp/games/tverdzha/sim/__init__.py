"""ТВЕРДЖА's agents and what one game leaves for the statistics."""
