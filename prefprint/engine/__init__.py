"""The rules of the game: conventions and scoring, cards and deals, matchpoints, rulings, the event model (pure Python)."""
