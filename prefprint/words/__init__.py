"""The words a director or player reads: the message catalogue, plural forms, numbers as each language writes them."""
