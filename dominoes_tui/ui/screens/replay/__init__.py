"""The replay viewer and the match analysis: the list of saved matches, the steps of a
log, the hands, the moves and their verdicts, and the shelf that keeps analyses."""
