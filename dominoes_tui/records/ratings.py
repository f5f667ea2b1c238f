"""Ratings with openskill's Weng-Lin Plackett-Luce model: one per variant and one overall.

A side is a seat, or a team in Partner; its rank is its placing (ties shared, the
Kozel last). A player in several seats of one match (two `medium` bots, say) gets the
sum of its seats' changes: the seats are separate sides to the model.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from .summary import MatchSummary

OVERALL = "all"
# Shown as one number: mu on a familiar scale (a newcomer is 1500), and "provisional"
# until sigma has come down from 8.3 to 6.5: about ten two-player matches, fifteen at a
# table of three (lichess marks a rating provisional for a similar stretch).
SCALE = 60.0
_MODEL = PlackettLuce()
START_MU = _MODEL.mu
START_SIGMA = _MODEL.sigma
SETTLED_SIGMA = 6.5


@dataclass(frozen=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def shown(self) -> int:
        return round(self.mu * SCALE)

    @property
    def provisional(self) -> bool:
        return self.sigma > SETTLED_SIGMA

    def text(self) -> str:
        return f"{self.shown}{'?' if self.provisional else ''}"


def display(mu: float, sigma: float) -> str:
    return Rating(mu, sigma).text()


def sides_of(summary: MatchSummary) -> list[tuple[list[int], int]]:
    """(seats, placing) per side of the match."""
    if summary.teams:
        return [(list(team), summary.seats[team[0]].placing or 0) for team in summary.teams]
    return [([s.seat], s.placing or 0) for s in summary.seats]


def rate(summary: MatchSummary, current: dict[str, Rating]) -> dict[str, Rating]:
    """New ratings of every player (by identity key) in a rated match; `current` holds
    the ratings before it (a player missing there starts fresh)."""
    sides = sides_of(summary)
    teams = [
        [_MODEL.rating(*_pair(current.get(summary.seats[s].identity.key, Rating()))) for s in seats]
        for seats, _place in sides
    ]
    ranks = [float(place) for _seats, place in sides]
    result = _MODEL.rate(teams, ranks=ranks)
    mu_change: dict[str, float] = {}
    sigmas: dict[str, float] = {}
    for (seats, _place), new_team in zip(sides, result):
        for seat, new in zip(seats, new_team):
            key = summary.seats[seat].identity.key
            before = current.get(key, Rating())
            mu_change[key] = mu_change.get(key, 0.0) + (new.mu - before.mu)
            sigmas[key] = min(sigmas.get(key, new.sigma), new.sigma)
    return {
        key: Rating(current.get(key, Rating()).mu + change, sigmas[key])
        for key, change in mu_change.items()
    }


def _pair(rating: Rating) -> tuple[float, float]:
    return rating.mu, rating.sigma


def rating_variants(summary: MatchSummary) -> Sequence[str]:
    return (summary.variant, OVERALL)
