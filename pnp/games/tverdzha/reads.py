"""What each of ТВЕРДЖА's renderers draws from the model beyond what every model has
(`GameModel.renderer_reads`; pnp.checks.sections holds the content to it, and
tests/checks/test_renderer_reads.py holds it to what each renderer reads while it draws). "x?": drawn
only when the content gives it. The icons' words and the resources, which the build itself reads
around every renderer (inline icons speak their words), are not any renderer's."""

READS = {
    "cards": ("battle", "battle_cards", "buildings", "card_families", "print"),
    "tokens": ("board", "buildings", "components", "lands", "limits", "players", "print"),
    "board": ("board", "components", "lands", "players", "print", "victory"),
    "mats": ("actions", "buildings", "components", "limits", "players", "print", "round", "setup"),
    "aids": ("actions", "battle", "battle_cards", "buildings", "card_families", "players", "print", "round", "setup"),
    "rulebook": ("actions", "battle", "battle_cards", "battle_deck_size", "board", "buildings", "changes?",
                 "clarifications", "components", "glossary?", "lands", "limits", "minutes", "players", "print",
                 "round", "scoring", "setup", "tagline", "victory"),
    "alignment": (),
    "print-shop": ("print",),
    "tts": ("print",),
    "preview": ("battle", "battle_cards", "board", "buildings", "card_families", "components", "lands", "limits",
                "players", "print"),
}
