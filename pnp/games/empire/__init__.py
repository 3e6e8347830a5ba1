"""«Строительство империи» (../shared/seeds/empire-building-rules-ru.txt): a designer's kit."""
