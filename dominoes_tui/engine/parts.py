"""A position in play given by its parts, checked (as chess's FEN names a position).

`Position(config, hands, boneyard=..., layout=..., ...)` is what `Match.from_position`
builds a match from: tests set up their positions with it, and tools rebuild a guess at
the hidden tiles with it (position.py). Every part is checked when it is made, and a
part that no round of this table could reach raises a DominoError naming what is wrong:
a tile listed twice, a count the variant and player count do not allow, a chain whose
tiles do not join, a seat to act that is not the one the play so far hands the turn to.

Every tile of the set is in a hand, the boneyard or the layout, once. A `fixture`, as
docs/RULES.md §6 allows, lists only the tiles that matter (the tiles it does not list
are out of the round) and may give only the values showing at the layout's two ends
(`ends`, a stand-in tile beneath them).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .bits import INDEX
from .ends import Chain, LaidOut, Placed
from .errors import N_, DominoError
from .layout import Layout
from .round_end import reserve_of
from .tiles import ALL_TILES, Tile
from .variants import TableConfig

HANDS = N_("a position at a table of {players} needs {players} hands, not {count}")
NO_SEAT = N_("seat {seat} is not at this table of {players}")
TWICE = N_("{tile} is in the position twice")
NOT_ALL = N_("the position lists {count} of the 28 tiles; with a whole layout each is in a hand, the boneyard or the layout")
BONEYARD = N_("the boneyard holds {count} tiles; this table leaves {most} undealt")
DEALT = N_("{count} tiles in the hands and on the table; this table deals {dealt} and nobody draws")
RESERVE = N_("the boneyard holds {count} tiles, fewer than the reserve of {reserve} that is never drawn")
GONE_OUT = N_("seat {seat} holds no tile: that round is over")
ROUND = N_("round {round}: rounds count from 1")
TOTALS = N_("{count} totals given; this table has {sides} sides")
IN_PLAY = N_("play points given for a table that scores none in play")
ENDS_FIXTURE = N_("only a fixture names the layout by its ends")
ENDS_OR_LAYOUT = N_("a position names its layout or its ends, not both")
HALVES = N_("{tile} cannot lie as {first}-{second}")
JOIN = N_("the chain does not join between {left} and {right}")
SPINNER = N_("the spinner is a double on the line at a table with a spinner, not {what}")
SPINS = N_("{tile} would be the spinner: the first double placed spins")
ARMS = N_("the spinner's arms open only once it has a tile on each side")
EMPTY_LEAD = N_("on an empty layout the leader acts, nobody has passed and nothing was scored")
LEAD_ON_LAYOUT = N_("a lead tile is named only while the layout is empty")
LEAD_NOT_HELD = N_("this round must be led with {tile}, which seat {seat} does not hold")
PASSES = N_("{passes} passes in a row: the round would be over at a table of {players}")
MOVER = N_("seat {seat} cannot be to act: seat {placer} placed last and {passes} passed since")
WHO_ACTS = N_("name the seat to act, or the seat that placed last")
LACKS = N_("seat {seat} holds {tile} though it has shown it lacks {number}")


@dataclass(frozen=True, kw_only=True)
class Position:
    config: TableConfig
    hands: Sequence[Sequence[Tile]]
    boneyard: Sequence[Tile] = ()  # top first, as the log lists it
    layout: LaidOut | None = None  # the whole layout, as it lies
    ends: tuple[int, int] | None = None  # a fixture's: only the values at the two ends
    scores: Sequence[int] | None = None  # each side's total, this round's play points included
    play_points: Sequence[int] | None = None  # All Fives: scored in play this round, by seat
    round: int = 1
    leader: int = 0
    to_act: int | None = None  # None: the leader on an empty layout, else the seat after the passes
    lead_tile: Tile | None = None  # the tile the round must be led with (COM-8)
    last_placer: int | None = None
    passes: int = 0  # passes in a row since the last placement
    lacks: Sequence[Iterable[int]] | None = None  # numbers each seat has shown it lacks (COM-6)
    pending: Mapping[int, Iterable[int]] | None = None  # what a seat that drew this turn will lack once it ends
    fixture: bool = False  # lists only the tiles that matter (docs/RULES.md §6)
    # made by the checks: the parts as the match takes them
    table: Layout = field(init=False, repr=False, compare=False)
    seat_to_act: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # kept as they are now: a live Layout or hand given here may change later
        frozen = object.__setattr__
        frozen(self, "hands", tuple(tuple(hand) for hand in self.hands))
        frozen(self, "boneyard", tuple(self.boneyard))
        if self.layout is not None:
            laid = self.layout
            frozen(self, "layout", Chain(tuple(laid.line), laid.spinner_index, tuple(laid.up), tuple(laid.down)))
        for name in ("scores", "play_points"):
            if getattr(self, name) is not None:
                frozen(self, name, tuple(getattr(self, name)))
        if self.lacks is not None:
            frozen(self, "lacks", tuple(frozenset(numbers) for numbers in self.lacks))
        if self.pending is not None:
            frozen(self, "pending", {seat: frozenset(numbers) for seat, numbers in self.pending.items()})
        n = self.config.players
        if len(self.hands) != n:
            raise DominoError(HANDS, players=n, count=len(self.hands))
        if self.round < 1:
            raise DominoError(ROUND, round=self.round)
        for seat in (self.leader, self.to_act, self.last_placer, *(self.pending or ())):
            if seat is not None and not 0 <= seat < n:
                raise DominoError(NO_SEAT, seat=seat, players=n)
        layout = self._layout()
        self._count_tiles(layout)
        self._check_stakes()
        frozen(self, "table", layout)
        frozen(self, "seat_to_act", self._mover(layout))
        self._check_lacks()

    # -- the checks ---------------------------------------------------------------
    def _layout(self) -> Layout:
        spinner = self.config.rules.spinner
        if self.layout is not None and self.ends is not None:
            raise DominoError(ENDS_OR_LAYOUT)
        if self.ends is not None and not self.fixture:
            raise DominoError(ENDS_FIXTURE)
        if self.ends is not None:  # a stand-in tile under the ends
            left, right = self.ends
            stand_in = Placed(ALL_TILES[INDEX[Tile(min(left, right), max(left, right))]], left, right)
            return Layout.of(Chain((stand_in,)), spinner)
        if self.layout is None:
            return Layout(spinner)
        check_chain(self.layout, spinner)
        return Layout.of(self.layout, spinner)

    def _count_tiles(self, layout: Layout) -> None:
        config, n = self.config, self.config.players
        on_table = [] if self.ends is not None else list(layout.tiles())
        seen: set[Tile] = set()
        for tile in (*on_table, *self.boneyard, *(t for hand in self.hands for t in hand)):
            if tile in seen:
                raise DominoError(TWICE, tile=str(tile))
            seen.add(tile)
        for seat, hand in enumerate(self.hands):
            if not hand:
                raise DominoError(GONE_OUT, seat=seat)
        undealt = 28 - n * config.hand_size
        if len(self.boneyard) > undealt:
            raise DominoError(BONEYARD, count=len(self.boneyard), most=undealt)
        if self.fixture:
            return  # what it does not list is out of the round
        if len(seen) != 28:
            raise DominoError(NOT_ALL, count=len(seen))
        if not config.rules.draws and len(self.boneyard) != undealt:
            raise DominoError(DEALT, count=28 - len(self.boneyard), dealt=n * config.hand_size)
        reserve = min(reserve_of(config), undealt) if config.rules.draws else 0
        if len(self.boneyard) < reserve:
            raise DominoError(RESERVE, count=len(self.boneyard), reserve=reserve)

    def _check_stakes(self) -> None:
        config = self.config
        sides = 2 if config.teams else config.players
        if self.scores is not None and len(self.scores) != sides:
            raise DominoError(TOTALS, count=len(self.scores), sides=sides)
        if self.play_points is not None:
            if len(self.play_points) != config.players:
                raise DominoError(TOTALS, count=len(self.play_points), sides=config.players)
            if any(self.play_points) and not config.rules.counts_fives:
                raise DominoError(IN_PLAY)

    def _mover(self, layout: Layout) -> int:
        n = self.config.players
        if layout.is_empty:
            if (self.to_act not in (None, self.leader) or self.passes or self.last_placer is not None
                    or any(self.play_points or ())):
                raise DominoError(EMPTY_LEAD)
            if self.lead_tile is not None and self.lead_tile not in self.hands[self.leader]:
                raise DominoError(LEAD_NOT_HELD, tile=str(self.lead_tile), seat=self.leader)
            return self.leader
        if self.lead_tile is not None:
            raise DominoError(LEAD_ON_LAYOUT)
        if not 0 <= self.passes < n:
            raise DominoError(PASSES, passes=self.passes, players=n)
        if self.last_placer is None:
            if self.to_act is None:
                raise DominoError(WHO_ACTS)
            return self.to_act
        after = (self.last_placer + 1 + self.passes) % n
        if self.to_act is not None and self.to_act != after:
            raise DominoError(MOVER, seat=self.to_act, placer=self.last_placer, passes=self.passes)
        return after

    def _check_lacks(self) -> None:
        for seat, numbers in enumerate(self.lacks or ()):
            for tile in self.hands[seat] if seat < len(self.hands) else ():
                for number in numbers:
                    if tile.has(number):
                        raise DominoError(LACKS, seat=seat, tile=str(tile), number=number)


def check_chain(laid: LaidOut, spinner_allowed: bool) -> None:
    """A DominoError unless `laid` is a layout play can make: each tile lying as its halves
    are, each joining the next, the first double the spinner where there is one (FIVES-5)
    and the spinner's arms open only once both its sides hold a tile."""
    line, index = list(laid.line), laid.spinner_index
    for placed in (*line, *laid.up, *laid.down):
        if (min(placed.first, placed.second), max(placed.first, placed.second)) != (placed.tile.low, placed.tile.high):
            raise DominoError(HALVES, tile=str(placed.tile), first=placed.first, second=placed.second)
    if index is not None and (not spinner_allowed or not 0 <= index < len(line) or not line[index].is_double):
        raise DominoError(SPINNER, what=str(line[index].tile) if spinner_allowed and 0 <= index < len(line) else index)
    if spinner_allowed and index is None:
        double = next((p.tile for p in line if p.is_double), None)
        if double is not None:
            raise DominoError(SPINS, tile=str(double))
    arms = [laid.up, laid.down]
    if any(arms) and (index is None or index == 0 or index == len(line) - 1):
        raise DominoError(ARMS)
    chains: list[Sequence[Placed]] = [line]
    if index is not None:
        hub = line[index]
        chains += [[hub, *arm] for arm in arms if arm]
    for chain in chains:
        for a, b in zip(chain, chain[1:]):
            if a.second != b.first:
                raise DominoError(JOIN, left=str(a.tile), right=str(b.tile))


def hands_of(parts: Position) -> list[list[int]]:
    return [[INDEX[t] for t in hand] for hand in parts.hands]


def lacks_of(parts: Position) -> tuple[list[set[int]], dict[int, set[int]]]:
    n = parts.config.players
    lacks = [set(numbers) for numbers in parts.lacks] if parts.lacks is not None else [set() for _ in range(n)]
    return lacks, {seat: set(numbers) for seat, numbers in (parts.pending or {}).items()}


