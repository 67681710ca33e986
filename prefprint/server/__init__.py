"""The scoring server (prefprint serve): rows entered at the tables, kept, ranked and exported."""
