"""What each page, sheet and terminal text shows: contexts built from the event model and the results."""
