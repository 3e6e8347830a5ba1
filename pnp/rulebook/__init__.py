"""The rulebook: reportlab platypus pages filled from jinja2 prose templates (see renderer.py)."""
