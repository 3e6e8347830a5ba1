"""What each of «Строительство империи»'s renderers draws from the model beyond what every model has
(`GameModel.renderer_reads`; pnp.checks.sections holds the content to it, and
tests/checks/test_renderer_reads.py holds it to what each renderer reads while it draws). "x?": drawn
only when the content gives it (the week's day counter, `weeks.days`). The content's schema lets
`rulebook:`, `play:`, `economy:`, `chests:`, `neutral_armies:` and `creature_decks:` out, for the
models the tests build without them; a kit needs each."""

READS = {
    "capital": ("battle", "capital", "economy", "gold_short", "neutral_luck", "races", "resources"),
    "travel-cards": ("battle", "card_families", "chests", "gold_short", "print", "resources", "travel_cards",
                     "travel_types"),
    "travel-prints": ("battle", "card_families", "chests", "gold_short", "neutral_luck", "print", "resources",
                      "travel_cards", "travel_types"),
    "creature-cards": ("battle", "card_families", "creature_decks", "print", "races"),
    "hero-cards": ("battle", "card_families", "economy", "print", "races"),
    "neutral-cards": ("battle", "card_families", "neutral_deck", "neutral_luck", "print"),
    "chest-cards": ("card_families", "chests", "gold_short", "print"),
    "magic": ("battle",),
    "boards": ("battle", "neutral_luck", "week_days?"),
    "worksheet": ("battle", "capital", "economy", "races"),
    "rulebook": ("battle", "book", "capital", "chests", "creature_decks", "economy", "gold_short", "neutral_deck",
                 "neutral_luck", "play", "print", "races", "resources", "travel_cards", "travel_types", "week_days?"),
    "alignment": (),
    "print-shop": ("print", "races"),
    "tts": ("print", "races"),
    "preview": ("battle", "chests", "creature_decks", "neutral_deck", "print", "races", "travel_cards",
                "travel_types"),
}
