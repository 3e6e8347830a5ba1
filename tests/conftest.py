"""Shared pytest options."""


def pytest_addoption(parser):
    parser.addoption("--regen-golden", action="store_true", default=False,
                     help="Rewrite golden files (tests/golden/) from the current code instead of comparing.")
