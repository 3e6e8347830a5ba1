"""The rules engine of «Оборона Замка»: pure, deterministic, OpenSpiel-style (see state.py)."""
