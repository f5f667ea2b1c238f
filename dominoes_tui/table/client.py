"""What a screen needs from a table, and nothing more: the seam for hosted tables.

The Textual app talks only to a `TableClient`. `LocalTable` (table/local.py) runs the
match in this process; a later network client can put a socket behind the same
methods, because everything that crosses this seam is plain data: `PlayerView`s,
`RoundReport`s and moves. No client ever hands out another seat's hand while a round
is being played; hands are revealed only in a finished round's report, as at a real
table.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from ..engine import Move, Phase, PlayerView, RoundResult, TableConfig, Tile


@dataclass(frozen=True)
class SeatInfo:
    name: str
    kind: str  # "human" or "bot"
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class RoundReport:
    """A finished round, as the summary screen tells it: every hand is shown now."""

    round: int
    result: RoundResult
    winner: int | None  # a seat, or a team index in Partner; None after a tie
    points: int | tuple[int, ...]  # Kozel: the penalty recorded per seat
    terms: tuple[tuple[int | str, int], ...]  # (seat or a label like "capicú", points)
    hands: tuple[tuple[Tile, ...], ...]
    went_out: int | None
    blocker: int | None
    capicu: bool
    play_points: tuple[int, ...]  # All Fives: points scored in play this round
    scores: tuple[int, ...]  # running totals after the round (per team in Partner)
    match_over: bool
    match_winner: int | tuple[int, ...] | None
    match_loser: int | tuple[int, ...] | None  # Kozel: the goat
    shutout: bool = False  # PARTNER-10: the match ended with the losing team on 0


class TableClient(ABC):
    """One running match seen from one device: some seats are played here."""

    config: TableConfig
    seats: tuple[SeatInfo, ...]
    notes: list[str]  # what went wrong (a save that failed, a bot that misbehaved), oldest first

    @abstractmethod
    def view(self, seat: int) -> PlayerView:
        """What `seat` may see now. Only asked for seats played on this device."""

    @abstractmethod
    async def advance(self) -> bool:
        """Let the table make one step that needs nobody here (a bot's move; for a
        remote table, the next update). Returns False when nothing was waiting."""

    @abstractmethod
    def waiting_for(self) -> int | None:
        """The seat the table waits on, or None between rounds and after the match."""

    @abstractmethod
    def play(self, seat: int, move: Move) -> None:
        """Send a person's move; IllegalMove if the rules say no (nothing changes then)."""

    @abstractmethod
    def next_round(self) -> None:
        """Deal the next round (after the summary was read)."""

    @abstractmethod
    def last_round(self) -> RoundReport | None:
        """The round that finished most recently, with every hand revealed."""

    @abstractmethod
    def rounds(self) -> list[RoundReport]:
        """Every finished round, oldest first (the scoresheet)."""

    @property
    @abstractmethod
    def phase(self) -> Phase:
        """The match's phase (the engine's)."""

    def close(self) -> None:  # noqa: B027 - a default: a client holding nothing has nothing to release
        """Release bots and connections."""

    def waiting_for_others(self) -> bool:
        """True when the round's summary was read here and the next deal waits on the
        others (a hosted table deals when every person has read theirs)."""
        return False

    def moved_on(self) -> bool:
        """True when the table went on without this device (the server dealt the next
        round): a spectator's summary closes by itself then."""
        return False

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]
