"""A match's phases: before its first deal, a round in play, between rounds, over."""
NEW, PLAYING, ROUND_OVER, MATCH_OVER = "new", "playing", "round_over", "match_over"
