"""The rulebook renderer (`pnp build --only rulebook`): see renderer.py."""

from pnp.render.rulebook.renderer import RulebookRenderer, build_pdf, file_name

__all__ = ["RulebookRenderer", "build_pdf", "file_name"]
