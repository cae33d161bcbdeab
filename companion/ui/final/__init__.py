"""The end of a game ("/final", "/history/game"): the score sheet of the game in progress, then its saved result. The
view (Flet, thin) reads a presenter or model that imports no Flet."""
