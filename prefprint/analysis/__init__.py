"""Double-dummy analysis: the solver (plain Python, compiled by numba where the `fast` extra is installed), its
cache, and what the cards allowed on printed pages."""
