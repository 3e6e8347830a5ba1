"""What each renderer of a game made of data draws from the model beyond what every model has
(`GameModel.renderer_reads`; pnp.checks.sections holds the content to it, and
tests/checks/test_renderer_reads.py holds it to what each renderer reads while it draws). "x?": a part
the content may leave out, and then the kit has no such component (`Renderer.applies`). The game's
folder and its icon files, which the build itself reads around every renderer, are not any renderer's."""

READS = {
    "cards": ("card_families", "print"),
    "board": ("board?",),
    "rulebook": ("sections?",),
    "tokens": ("print", "tokens?"),
    "mats": ("mats?",),
    "sheets": ("sheets?",),
    "aids": ("aids?", "print"),
    "alignment": (),
    "print-shop": ("print",),
    "tts": ("print",),
    "preview": ("aids?", "board?", "card_families", "mats?", "print", "sections?", "sheets?", "tokens?"),
}
