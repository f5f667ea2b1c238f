"""The settings form: the match (variant, players, seats, target, options) and the
display."""
