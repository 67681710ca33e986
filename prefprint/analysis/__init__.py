"""Double-dummy analysis: the solver (pure Python), its cache, and what the cards allowed on printed pages."""
