"""The game record (JSON Lines): its format, its strict checks, its JSON writer."""
