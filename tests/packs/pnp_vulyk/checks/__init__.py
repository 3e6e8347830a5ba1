"""ВУЛИК's checks (the pack names this package)."""
