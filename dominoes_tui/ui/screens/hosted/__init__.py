"""Hosted play: the lobby and its rows, quick match, the club evening and the
projector board's drawing."""
