"""The round screen ("/round"), where a game is played: the board, the banner with the next thing to do and its forms,
the side panel. The view (Flet, thin) reads a presenter or model that imports no Flet."""
