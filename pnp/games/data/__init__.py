"""The general pack for games made only of data (`pack: data`): card families from YAML or a
spreadsheet, tokens, a square or hex board and a rulebook of prose sections, printed by pnp's
general renderers and exporters, with no rules engine and no Python of the game's own."""
