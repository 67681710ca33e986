"""The movement engine: who sits where in every round and which set each table plays (pure Python)."""
