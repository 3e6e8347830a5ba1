"""What each of «Оборона Замка»'s renderers draws from the model beyond what every model has
(`GameModel.renderer_reads`; pnp.checks.sections holds the content to it, and
tests/checks/test_renderer_reads.py holds it to what each renderer reads while it draws). "x?": drawn
only when the content gives it (the rulebook prints the measured balance and the glossary when there
are some)."""

READS = {
    "board": ("field", "sides"),
    "models": ("components", "field"),
    "standees": ("commanders", "components", "field", "races"),
    "aids": ("components", "races", "rules", "sides"),
    "rulebook": ("army", "balance?", "commander", "commanders", "components", "field", "glossary?", "minutes",
                 "races", "rules", "sides", "tagline"),
    "print-shop": ("commanders", "components", "field", "races"),
    "tts": (),
    "preview": ("components", "field", "races", "sides"),
}
