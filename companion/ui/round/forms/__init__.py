"""The round screen's inputs: what the banner offers for each decision (``banner``), one module a form
(``rolls``, ``placing``, ``question``, ``attack``), and the side panel (``side_panel``, ``extras``). Every control has
a label a screen reader and a browser test can find.

The forms know the screen only as a ``RoundHost`` (``controls``): the view imports its forms, never the reverse.
They draw from the ``RoundView`` the presenter builds (``companion.ui.round.view_model``), never from the game.
"""
