"""The board and what happens on it, as pure rules: spaces, occupants, placement, turn order, the dragon."""
