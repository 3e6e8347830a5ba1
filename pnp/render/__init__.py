"""Renderers: turn the frozen game model into printable files. No rules, no YAML here."""
