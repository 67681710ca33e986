"""The jobs: the event kit, checking results, a competition's ranking, publishing."""
