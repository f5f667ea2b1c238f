"""Tournaments, pure: pairing, seating and standings (no textual, rich or database).

A `Tournament` holds the entrants, the rounds paired so far and their results; it pairs
the next round when the last one is complete. Playing the tables is someone else's job
(the headless runner in play.py, or the hosted evening in net/).
"""
from .model import Entrant, Plan, Round, Table, TournamentError, make_plan
from .standings import Standing, standings
from .tournament import Tournament

__all__ = ["Entrant", "Plan", "Round", "Standing", "Table", "Tournament", "TournamentError", "make_plan", "standings"]
