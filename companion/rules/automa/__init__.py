"""The automa: its decks, how a card picks a space and what it takes, what a difficulty means."""
