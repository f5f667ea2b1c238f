"""Round scores and match ends for every variant (docs/RULES.md §3)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .tiles import Tile, hand_pips
from .variants import TableConfig

Hands = Sequence[Sequence[Tile]]
DOUBLE_BLANK, DOUBLE_SIX = Tile(0, 0), Tile(6, 6)


def round5(n: int) -> int:
    """Nearest multiple of five (§1): remainders 1-2 go down, 3-4 up."""
    return 5 * ((n + 2) // 5)


@dataclass(frozen=True)
class RoundOutcome:
    """What a finished round gives. `winner` is a seat, or a team index with teams."""

    winner: int | None
    winner_seat: int | None  # the seat that went out or won the block (None: tie or team block)
    points: int | list[int]  # as the log records it (Kozel: penalties per seat)
    deltas: list[int]  # added to each side's total
    # The arithmetic, for people: (seat, points) terms, or (label, points) for a bonus.
    terms: list[tuple[int | str, int]] = field(default_factory=list)
    capicu: bool = False


def _sole_lowest(totals: Sequence[int]) -> int | None:
    low = min(totals)
    return totals.index(low) if list(totals).count(low) == 1 else None


def score_round(
    config: TableConfig,
    hands: Hands,
    went_out: int | None,
    blocker: int | None,
    scores: Sequence[int],
    capicu: bool = False,
    pips: Sequence[int] | None = None,
) -> RoundOutcome:
    """`pips`, each hand's pip total, may be given by a caller that has it already."""
    scorer = _SCORERS[config.variant]
    return scorer(config, hands, went_out, blocker, scores, capicu,
                  list(pips) if pips is not None else [hand_pips(h) for h in hands])


def _no_winner(sides: int, points: int | list[int] = 0) -> RoundOutcome:
    return RoundOutcome(None, None, points, [0] * sides)


def _winner_and_others(pips: list[int], went_out: int | None) -> tuple[int | None, list[int], list[tuple[int | str, int]]]:
    """DRAW-7: who went out, else the sole lowest pip total; and the others' pips as terms."""
    w = went_out if went_out is not None else _sole_lowest(pips)
    terms: list[tuple[int | str, int]] = [(i, p) for i, p in enumerate(pips) if i != w]
    return w, pips, terms


def _draw_like(config: TableConfig, hands: Hands, went_out: int | None, blocker: int | None, scores: Sequence[int],
               capicu: bool, pips: list[int]) -> RoundOutcome:
    """DRAW-8 (also Block): the winner takes the others' pips minus their own."""
    w, pips, terms = _winner_and_others(pips, went_out)
    if w is None:
        return _no_winner(len(hands))
    points = sum(p for _, p in terms)
    if went_out is None and config.option("blocked_points") == "loser_pips":
        pass
    elif pips[w]:
        terms.append((w, -pips[w]))
        points -= pips[w]
    deltas = [0] * len(hands)
    deltas[w] = points
    return RoundOutcome(w, w, points, deltas, terms)


def _allfives(config: TableConfig, hands: Hands, went_out: int | None, blocker: int | None, scores: Sequence[int],
              capicu: bool, pips: list[int]) -> RoundOutcome:
    """FIVES-9: the winner adds the others' pips rounded to the nearest five."""
    w, _pips, terms = _winner_and_others(pips, went_out)
    if w is None:
        return _no_winner(len(hands))
    points = round5(sum(p for _, p in terms))
    deltas = [0] * len(hands)
    deltas[w] = points
    return RoundOutcome(w, w, points, deltas, terms)


def _partner(config: TableConfig, hands: Hands, went_out: int | None, blocker: int | None, scores: Sequence[int],
             capicu: bool, pips: list[int]) -> RoundOutcome:
    """PARTNER-6/7/8: a team wins; it scores all hands (or the opponents'), plus capicú."""
    teams = config.teams
    assert teams is not None  # Partner is always played in two teams
    team_pips = [pips[0] + pips[2], pips[1] + pips[3]]  # teams are seats 0+2 and 1+3
    if went_out is not None:
        winner: int | None = went_out % 2
    elif config.option("partner_block_winner") == "blocker":
        winner = blocker % 2  # type: ignore[operator]
    else:
        winner = _sole_lowest(team_pips)
    if winner is None:
        return _no_winner(2)
    terms: list[tuple[int | str, int]]
    if config.option("partner_round_points") == "all_hands":
        terms = [(s, pips[s]) for s in range(4)]
    else:
        terms = [(s, pips[s]) for s in teams[1 - winner]]
    bonus = config.option("capicu_bonus") if capicu else 0
    if bonus:
        terms.append(("capicú", bonus))
    points = sum(p for _, p in terms)
    deltas = [0, 0]
    deltas[winner] = points
    return RoundOutcome(winner, went_out, points, deltas, terms, capicu)


def _kozel_penalty(config: TableConfig, hand: Sequence[Tile]) -> int:
    """KOZEL-8: a lone 0-0 or lone 6-6 has a special value, otherwise the pips."""
    if len(hand) == 1 and hand[0] == DOUBLE_BLANK:
        return int(config.option("kozel_lone_00"))
    if len(hand) == 1 and hand[0] == DOUBLE_SIX:
        return int(config.option("kozel_lone_66"))
    return hand_pips(hand)


def _kozel(config: TableConfig, hands: Hands, went_out: int | None, blocker: int | None, scores: Sequence[int],
           capicu: bool, pips: list[int]) -> RoundOutcome:
    """KOZEL-7/8/9: everyone but the winner records a penalty, subject to the threshold."""
    n = len(hands)
    w = went_out if went_out is not None else _sole_lowest(pips)
    if w is None:
        return _no_winner(n, [0] * n)
    threshold = int(config.option("kozel_threshold"))
    opening = config.option("kozel_threshold_mode") == "opening"
    penalties = [0] * n
    terms: list[tuple[int | str, int]] = []
    for i, hand in enumerate(hands):
        if i == w:
            continue
        k = _kozel_penalty(config, hand)
        if k >= threshold or (opening and scores[i] > 0):
            penalties[i] = k
        terms.append((i, penalties[i]))
    return RoundOutcome(w, w, penalties, list(penalties), terms)


def _duel(config: TableConfig, hands: Hands, went_out: int | None, blocker: int | None, scores: Sequence[int],
          capicu: bool, pips: list[int]) -> RoundOutcome:
    """DUEL-7/8: a domino takes the loser's hand value; a fish the difference (or loser's pips)."""
    terms: list[tuple[int | str, int]]
    if went_out is not None:
        w, loser = went_out, 1 - went_out
        hand = hands[loser]
        value = pips[loser]
        if len(hand) == 1 and hand[0] == DOUBLE_BLANK:
            lone = config.option("duel_lone_00")
            value = 0 if lone == "pips" else int(lone)
        terms = [(loser, value)]
    else:
        lowest = _sole_lowest(pips)
        if lowest is None:
            return _no_winner(2)
        w, loser = lowest, 1 - lowest
        terms = [(loser, pips[loser])]
        if config.option("blocked_points") == "difference":
            terms.append((w, -pips[w]))
    points = sum(p for _, p in terms)
    deltas = [0, 0]
    deltas[w] = points
    return RoundOutcome(w, w, points, deltas, terms)


_SCORERS = {
    "draw": _draw_like,
    "block": _draw_like,
    "allfives": _allfives,
    "partner": _partner,
    "kozel": _kozel,
    "duel": _duel,
}


@dataclass(frozen=True)
class MatchVerdict:
    over: bool
    winner: int | list[int] | None = None  # seat/team; Kozel: list where shared
    loser: int | list[int] | None = None  # Kozel only
    shutout: bool = False  # PARTNER-10: the losing team ends the match on 0 (no extra points)


NOT_OVER = MatchVerdict(False)


def match_verdict(config: TableConfig, scores: Sequence[int]) -> MatchVerdict:
    """DRAW-10, FIVES-11, PARTNER-9, KOZEL-10, DUEL-9: is the match over, and who won?"""
    target = config.target
    if config.variant == "kozel":
        if max(scores) < target:
            return NOT_OVER
        top = max(scores)
        losers = [i for i, s in enumerate(scores) if s == top]
        survivors = [i for i, s in enumerate(scores) if s != top]
        winners: list[int] = []
        if survivors:
            low = min(scores[i] for i in survivors)
            winners = [i for i in survivors if scores[i] == low]
        return MatchVerdict(True, _one_or_list(winners), _one_or_list(losers))
    top = max(scores)
    if top >= target and list(scores).count(top) == 1:
        winner = list(scores).index(top)
        shutout = bool(config.teams) and all(s == 0 for i, s in enumerate(scores) if i != winner)
        return MatchVerdict(True, winner, shutout=shutout)
    return NOT_OVER


def _one_or_list(seats: list[int]) -> int | list[int] | None:
    if not seats:
        return None
    return seats[0] if len(seats) == 1 else seats
