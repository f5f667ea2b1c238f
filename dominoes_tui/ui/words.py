"""What the screens say in plain words: names of sides, how a round ended, the scoring
as arithmetic ("Ana wins 35 = 12 (Bob) + 9 (Cleo) + 14 (Dan)"). Pure functions."""
from __future__ import annotations

from collections.abc import Sequence

from ..engine import PlayerView, TableConfig, Tile, hand_pips
from ..table.client import RoundReport, SeatInfo

MINUS = "−"


def says(name: str, verb: str) -> str:
    """"Ana records", but "You record" and "Ana & Cleo record": a seat may be called You."""
    plural = name.lower() == "you" or " & " in name
    return f"{name} {verb[:-1]}" if plural else f"{name} {verb}"


def wins(name: str) -> str:
    return says(name, "wins")


def points(n: int, unit: str = "point") -> str:
    return f"{n} {unit}" if n == 1 else f"{n} {unit}s"


def seat_title(seat: SeatInfo) -> str:
    return seat.name if seat.is_human else f"{seat.name} ({seat.level})"


def side_name(config: TableConfig, seats: Sequence[SeatInfo], side: int) -> str:
    """A seat's name, or in Partner the team's two names."""
    if config.teams:
        a, b = config.teams[side]
        return f"{seats[a].name} & {seats[b].name}"
    return seats[side].name


def side_names(config: TableConfig, seats: Sequence[SeatInfo]) -> list[str]:
    sides = 2 if config.teams else len(seats)
    return [side_name(config, seats, i) for i in range(sides)]


def _winner_names(config: TableConfig, seats: Sequence[SeatInfo], who: int | tuple[int, ...] | None) -> str:
    if who is None:
        return "nobody"
    if isinstance(who, tuple):
        return " and ".join(side_name(config, seats, w) for w in who)
    return side_name(config, seats, who)


def how_it_ended(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> str:
    if report.result == "won_in_play":
        return f"{_winner_names(config, seats, report.winner)} reached the target while playing and wins at once."
    if report.result == "domino":
        who = seats[report.went_out].name if report.went_out is not None else "?"
        if report.capicu:
            return f"Capicú! {who} went out with a tile that fitted both ends."
        return f"Domino: {who} played the last tile."
    blocker = seats[report.blocker].name if report.blocker is not None else "nobody"
    word = "Fish" if config.variant in ("kozel", "duel") else "Blocked"
    text = f"{word}: nobody could play; {blocker} placed the last tile."
    if report.winner is None:
        text += " The lowest hands are tied, so nobody scores."
    return text


def _term_text(term: int | str, value: int, seats: Sequence[SeatInfo], winner_seat: int | None) -> str:
    if isinstance(term, int):
        name = seats[term].name
        who = ("your own" if name.lower() == "you" else f"{name}'s own") if term == winner_seat else name
        return f"{abs(value)} ({who})"
    return f"{abs(value)} ({term})"


def arithmetic(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> list[str]:
    """The scoring of the round as sums a person can check."""
    if report.result == "won_in_play":
        return []
    if config.variant == "kozel":
        return _kozel_lines(report, config, seats)
    if report.winner is None:
        return ["No points this round."]
    name = side_name(config, seats, report.winner)
    winner_seat = None if config.teams else report.winner
    parts = []
    for i, (term, value) in enumerate(report.terms):
        text = _term_text(term, value, seats, winner_seat)
        # the winner's own pips are taken away, even when there are none: "− 0 (Ana's own)"
        minus = value < 0 or (winner_seat is not None and term == winner_seat)
        if i == 0:
            parts.append(f"{MINUS}{text}" if minus else text)
        else:
            parts.append(f"{MINUS if minus else '+'} {text}")
    sum_text = " ".join(parts) if parts else "0"
    if config.variant == "allfives":
        raw = sum(v for _, v in report.terms)
        total = f"{sum_text} = {raw}" if len(report.terms) > 1 else sum_text
        return [f"{wins(name)} the round bonus {report.points}: {total}, rounded to the nearest 5."]
    lines = [f"{wins(name)} {report.points} = {sum_text}"]
    if config.teams and report.result == "blocked":
        lines.insert(0, _team_totals(report, config, seats))
    return lines


def _team_totals(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> str:
    """Partner, blocked: the team pip totals that decided the round."""
    parts = []
    for side, (a, b) in enumerate(config.teams or ()):
        pa, pb = hand_pips(list(report.hands[a])), hand_pips(list(report.hands[b]))
        parts.append(f"{side_name(config, seats, side)} hold {pa} + {pb} = {pa + pb}")
    rule = "the blocker's team wins" if config.option("partner_block_winner") == "blocker" else "the fewer pips win"
    return "Blocked: " + "; ".join(parts) + f" ({rule})."


def _kozel_lines(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> list[str]:
    if report.winner is None:
        return ["The lowest hands are tied: nobody records anything this round."]
    winner = seats[report.winner].name
    lines = [f"{wins(winner)} the round and {'record' if winner.lower() == 'you' else 'records'} nothing."]
    threshold = config.option("kozel_threshold")
    lone = {Tile(0, 0): config.option("kozel_lone_00"), Tile(6, 6): config.option("kozel_lone_66")}
    for term, value in report.terms:
        if not isinstance(term, int):
            continue
        hand = list(report.hands[term])
        raw = hand_pips(hand)
        if len(hand) == 1 and hand[0] in lone:  # KOZEL-8: a lone 0-0 or 6-6 has its own value
            t = hand[0]
            count = f"a lone {t.low}-{t.high}, which counts {lone[t]}"
            if value:
                lines.append(f"{says(seats[term].name, 'records')} {points(value, 'penalty point')}: {count}.")
            else:
                lines.append(f"{says(seats[term].name, 'holds')} {count}: under {threshold}, so nothing is recorded.")
        elif value:
            lines.append(f"{says(seats[term].name, 'records')} {points(value, 'penalty point')}.")
        elif raw:
            lines.append(f"{says(seats[term].name, 'holds')} {raw}: under {threshold}, so nothing is recorded.")
        else:
            lines.append(f"{says(seats[term].name, 'records')} nothing.")
    return lines


def play_points_line(report: RoundReport, seats: Sequence[SeatInfo]) -> str | None:
    """All Fives: the points scored in play, apart from the round bonus."""
    if not any(report.play_points):
        return None
    parts = [f"{seats[i].name} {p}" for i, p in enumerate(report.play_points) if p]
    return "Scored in play this round: " + ", ".join(parts) + "."


def match_story(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> list[str]:
    """Who won the match, shutout or the Kozel."""
    lines = []
    if config.variant == "kozel":
        loser = _winner_names(config, seats, report.match_loser)
        plural = isinstance(report.match_loser, tuple) or loser.lower() == "you"
        lines.append(f"{loser} reached {config.target} and {'are' if plural else 'is'} the Kozel!")
        lines.append(f"Winner: {_winner_names(config, seats, report.match_winner)} (the lowest total).")
        return lines
    lines.append(f"{_winner_names(config, seats, report.match_winner)} won the match!")
    if report.shutout:  # the engine's PARTNER-10 verdict
        lines.append("A shutout (zu null): the losing team did not score at all.")
    return lines


def lead_reason(view: PlayerView, seats: Sequence[SeatInfo]) -> str | None:
    """Why the leader of this round leads, in words ("holds the highest double, 2-2")."""
    leader = view.leader
    options = view.options
    led = next((e["tile"] for e in view.history if e["event"] == "play"), None)
    if led is None and view.to_act == leader and view.legal and len({m.tile for m in view.legal}) == 1:
        led = str(view.legal[0].tile)  # the one tile that may lead, in the leader's own view
    if view.round <= 1:
        if view.variant == "partner":
            return "holds 6-6" if options.get("partner_lead_rule", "plaza") == "plaza" else "chosen by lot"
        procedure = options.get("first_lead", "LOT")
        if procedure in ("HIGHEST_DOUBLE", "LOWEST_DOUBLE"):
            which = "highest" if procedure == "HIGHEST_DOUBLE" else "lowest"
            if led is not None and led.split("-")[0] != led.split("-")[-1]:
                return f"no doubles were dealt: holds the {'heaviest' if which == 'highest' else 'lightest'} tile, {led}"
            return f"holds the {which} double" + (f", {led}" if led else "")
        return "chosen by lot"
    if view.scoresheet:
        row = view.scoresheet[-1]
        side = leader % 2 if view.teams else leader
        if view.variant == "partner":
            return "played the last tile of the last round"
        if row.winner == side:
            return "won the last round"
    return "next in turn after the last round"
