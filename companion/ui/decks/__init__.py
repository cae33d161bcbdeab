"""The decks screen ("/decks"): every card of the automa decks, and importing a transcribed deck. The view (Flet, thin)
reads a presenter or model that imports no Flet."""
