"""ТВЕРДЖА's rulebook figures and tables."""
