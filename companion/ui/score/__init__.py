"""Score a game ("/score"): the scoring assistant, for any game, with or without the app at the table. The view (Flet,
thin) reads a presenter or model that imports no Flet."""
