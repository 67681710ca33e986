"""The rules of the game: conventions and scoring, cards and deals, matchpoints, rulings, the event model, the
protocol cells of an outcome and random fills of them (pure Python)."""
