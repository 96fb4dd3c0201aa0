"""Rule tables as data, one module per game."""
