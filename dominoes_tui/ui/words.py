"""What the screens say in plain words: names of sides, how a round ended, the scoring
as arithmetic ("Ana wins 35 = 12 (Bob) + 9 (Cleo) + 14 (Dan)"). Pure functions.

A seat may be called You (the one person at the keyboard) and a Partner side is two
names ("Ana & Cleo"): German conjugates for both, so a sentence with a name as its
subject comes in three forms, chosen by `by_person` (one seat, you, several)."""
from __future__ import annotations

from collections.abc import Sequence

from ..bots.registry import level_word as bot_level_word
from ..engine import VARIANTS, PlayerView, TableConfig, Tile, hand_pips
from ..i18n import N_, _, ngettext, pgettext, told
from ..table.client import RoundReport, SeatInfo
from ..table.titles import variant_title as variant_title  # said the same on every screen and console
from ..table.you import is_you as is_you  # the keyboard's seat, said as the language does
from ..table.you import shown as shown

TEAM_LETTERS = "AB"  # the two sides of a partner match, in every language
MINUS = "−"
# the labels of scoring terms that are not a seat (Partner's capicú bonus)
TERM_WORDS = {"capicú": N_("capicú")}


def by_person(name: str, one: str, you: str, many: str | None = None, several: bool = False) -> str:
    """The form of a sentence for its subject: one seat, you, or several (a team)."""
    if is_you(name):
        return you
    if many is not None and (several or " & " in name):
        return many
    return one


def wins(name: str) -> str:
    return by_person(name, _("{name} wins"), _("You win"), _("{name} win")).format(name=shown(name))


def table_title(variant: object, title: object) -> str:
    """A hosted table's variant as the reader says it; the server's English title, as
    plain text, only for a variant this copy does not know."""
    from ..table.plain import plain

    return variant_title(variant) if isinstance(variant, str) and variant in VARIANTS else plain(title, 40)


def end_name(end: str | None) -> str:
    """An end by name in the reader's language, as the prompt asks "On the left?" (the
    engine's END_WORDS; an end that is none of ours by its own name)."""
    from ..engine.says import end_phrase

    return told(end_phrase(end))


def theme_word(name: str) -> str:
    """A puzzle's theme (training/themes.py) in the language in use."""
    return {
        "double": pgettext("theme", "shedding a double"), "block": pgettext("theme", "blocking"),
        "fives": pgettext("theme", "scoring fives"), "kozel": pgettext("theme", "avoiding penalties"),
        "partner": pgettext("theme", "playing for the partner"), "endgame": pgettext("theme", "the last tiles"),
    }.get(name, name)


def level_word(level: str) -> str:
    """A seat's kind as the seats panel says it: a person, or a bot's level."""
    kinds = {"person": pgettext("level", "person"), "bot": pgettext("level", "bot"), "away": pgettext("level", "away")}
    return kinds[level] if level in kinds else bot_level_word(level)  # a bot's level: the registry's word


def seat_title(seat: SeatInfo) -> str:
    return seat.name if seat.is_human else f"{seat.name} ({seat.level})"


def side_name(config: TableConfig, seats: Sequence[SeatInfo], side: int) -> str:
    """A seat's name, or in Partner the team's two names."""
    if config.teams:
        a, b = config.teams[side]
        return f"{shown(seats[a].name)} & {shown(seats[b].name)}"
    return shown(seats[side].name)


def side_names(config: TableConfig, seats: Sequence[SeatInfo]) -> list[str]:
    sides = 2 if config.teams else len(seats)
    return [side_name(config, seats, i) for i in range(sides)]


def _winner_names(config: TableConfig, seats: Sequence[SeatInfo], who: int | tuple[int, ...] | None) -> str:
    if who is None:
        return _("nobody")
    if isinstance(who, tuple):
        return _(" and ").join(side_name(config, seats, w) for w in who)
    return side_name(config, seats, who)


def how_it_ended(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> str:
    if report.result == "won_in_play":
        name = _winner_names(config, seats, report.winner)
        return by_person(
            name, _("{name} reached the target while playing and wins at once."),
            _("You reached the target while playing and win at once."),
            _("{name} reached the target while playing and win at once."), isinstance(report.winner, tuple),
        ).format(name=name)
    if report.result == "domino":
        who = shown(seats[report.went_out].name) if report.went_out is not None else "?"
        if report.capicu:
            return by_person(who, _("Capicú! {name} went out with a tile that fitted both ends."),
                             pgettext("you", "Capicú! {name} went out with a tile that fitted both ends.")).format(name=who)
        return by_person(who, _("Domino: {name} played the last tile."),
                         pgettext("you", "Domino: {name} played the last tile.")).format(name=who)
    blocker = shown(seats[report.blocker].name) if report.blocker is not None else _("nobody")
    if config.rules.fish:
        text = by_person(blocker, _("Fish: nobody could play; {name} placed the last tile."),
                         pgettext("you", "Fish: nobody could play; {name} placed the last tile."))
    else:
        text = by_person(blocker, _("Blocked: nobody could play; {name} placed the last tile."),
                         pgettext("you", "Blocked: nobody could play; {name} placed the last tile."))
    text = text.format(name=blocker)
    if report.winner is None:
        text += " " + _("The lowest hands are tied, so nobody scores.")
    return text


def _term_text(term: int | str, value: int, seats: Sequence[SeatInfo], winner_seat: int | None) -> str:
    if isinstance(term, int):
        name = seats[term].name
        if term == winner_seat:
            who = _("your own") if is_you(name) else _("{name}'s own").format(name=name)
        else:
            who = shown(name)
        return f"{abs(value)} ({who})"
    return f"{abs(value)} ({_(TERM_WORDS.get(term, term))})"


def arithmetic(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> list[str]:
    """The scoring of the round as sums a person can check."""
    if report.result == "won_in_play":
        return []
    if config.rules.penalties:
        return _kozel_lines(report, config, seats)
    if report.winner is None:
        return [_("No points this round.")]
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
    if config.rules.counts_fives:
        raw = sum(v for _t, v in report.terms)
        total = f"{sum_text} = {raw}" if len(report.terms) > 1 else sum_text
        return [by_person(
            name, _("{name} wins the round bonus {points}: {sum}, rounded to the nearest 5."),
            _("You win the round bonus {points}: {sum}, rounded to the nearest 5."),
            _("{name} win the round bonus {points}: {sum}, rounded to the nearest 5."),
        ).format(name=name, points=report.points, sum=total)]
    lines = [f"{wins(name)} {report.points} = {sum_text}"]
    if config.teams and report.result == "blocked":
        lines.insert(0, _team_totals(report, config, seats))
    return lines


def _team_totals(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> str:
    """Partner, blocked: the team pip totals that decided the round."""
    parts = []
    for side, (a, b) in enumerate(config.teams or ()):
        pa, pb = hand_pips(list(report.hands[a])), hand_pips(list(report.hands[b]))
        parts.append(_("{team} hold {a} + {b} = {sum}").format(team=side_name(config, seats, side), a=pa, b=pb, sum=pa + pb))
    if config.option("partner_block_winner") == "blocker":
        rule = _("the blocker's team wins")
    else:
        rule = _("the fewer pips win")
    return _("Blocked: {teams} ({rule}).").format(teams="; ".join(parts), rule=rule)


def _records(name: str, value: int) -> str:
    return by_person(
        name, ngettext("{name} records {n} penalty point", "{name} records {n} penalty points", value),
        ngettext("You record {n} penalty point", "You record {n} penalty points", value),
    ).format(name=shown(name), n=value)


def _holds_under(name: str, what: str, threshold: int) -> str:
    return by_person(
        name, _("{name} holds {what}: under {threshold}, so nothing is recorded."),
        _("You hold {what}: under {threshold}, so nothing is recorded."),
    ).format(name=shown(name), what=what, threshold=threshold)


def _kozel_lines(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> list[str]:
    if report.winner is None:
        return [_("The lowest hands are tied: nobody records anything this round.")]
    winner = seats[report.winner].name
    lines = [by_person(winner, _("{name} wins the round and records nothing."),
                       _("You win the round and record nothing.")).format(name=shown(winner))]
    threshold = config.option("kozel_threshold")
    lone = {Tile(0, 0): config.option("kozel_lone_00"), Tile(6, 6): config.option("kozel_lone_66")}
    for term, value in report.terms:
        if not isinstance(term, int):
            continue
        name = seats[term].name
        hand = list(report.hands[term])
        raw = hand_pips(hand)
        if len(hand) == 1 and hand[0] in lone:  # KOZEL-8: a lone 0-0 or 6-6 has its own value
            t = hand[0]
            count = _("a lone {tile}, which counts {value}").format(tile=f"{t.low}-{t.high}", value=lone[t])
            if value:
                lines.append(_("{records}: {count}.").format(records=_records(name, value), count=count))
            else:
                lines.append(_holds_under(name, count, threshold))
        elif value:
            lines.append(_records(name, value) + ".")
        elif raw:
            lines.append(_holds_under(name, str(raw), threshold))
        else:
            lines.append(by_person(name, _("{name} records nothing."), _("You record nothing.")).format(name=shown(name)))
    return lines


def play_points_line(report: RoundReport, seats: Sequence[SeatInfo]) -> str | None:
    """All Fives: the points scored in play, apart from the round bonus."""
    if not any(report.play_points):
        return None
    parts = [f"{shown(seats[i].name)} {p}" for i, p in enumerate(report.play_points) if p]
    return _("Scored in play this round: {scores}.").format(scores=", ".join(parts))


def match_story(report: RoundReport, config: TableConfig, seats: Sequence[SeatInfo]) -> list[str]:
    """Who won the match, shutout or the Kozel."""
    lines = []
    if config.rules.penalties:
        loser = _winner_names(config, seats, report.match_loser)
        lines.append(by_person(
            loser, _("{name} reached {target} and is the Kozel!"), _("You reached {target} and are the Kozel!"),
            _("{name} reached {target} and are the Kozel!"), isinstance(report.match_loser, tuple),
        ).format(name=loser, target=config.target))
        lines.append(_("Winner: {name} (the lowest total).").format(name=_winner_names(config, seats, report.match_winner)))
        return lines
    name = _winner_names(config, seats, report.match_winner)
    lines.append(by_person(name, _("{name} won the match!"), pgettext("you", "{name} won the match!"),
                           pgettext("several", "{name} won the match!"), isinstance(report.match_winner, tuple)
                           ).format(name=name))
    if report.shutout:  # the engine's PARTNER-10 verdict
        lines.append(_("A shutout (zu null): the losing team did not score at all."))
    return lines


def lead_reason(view: PlayerView, seats: Sequence[SeatInfo], addressed: bool = False) -> str | None:
    """Why the leader of this round leads, in words ("holds the highest double, 2-2").
    `addressed`: said to the leader (the prompt's "Ana, your lead"), so German says "hast"."""
    leader = view.leader
    options = view.options
    led = next((e["tile"] for e in view.history if e["event"] == "play"), None)
    if led is None and view.to_act == leader and view.legal and len({m.tile for m in view.legal}) == 1:
        led = str(view.legal[0].tile)  # the one tile that may lead, in the leader's own view
    you = addressed or (0 <= leader < len(seats) and is_you(seats[leader].name))

    def form(one: str, yours: str) -> str:
        return yours if you else one

    if view.round <= 1:
        if view.rules.teams:
            if options.get("partner_lead_rule", "plaza") == "plaza":
                return form(_("holds 6-6"), pgettext("you", "holds 6-6"))
            return _("chosen by lot")
        procedure = options.get("first_lead", "LOT")
        if procedure in ("HIGHEST_DOUBLE", "LOWEST_DOUBLE"):
            highest = procedure == "HIGHEST_DOUBLE"
            if led is not None and led.split("-")[0] != led.split("-")[-1]:
                if highest:
                    return form(_("no doubles were dealt: holds the heaviest tile, {tile}"),
                                pgettext("you", "no doubles were dealt: holds the heaviest tile, {tile}")).format(tile=led)
                return form(_("no doubles were dealt: holds the lightest tile, {tile}"),
                            pgettext("you", "no doubles were dealt: holds the lightest tile, {tile}")).format(tile=led)
            if led:
                if highest:
                    return form(_("holds the highest double, {tile}"),
                                pgettext("you", "holds the highest double, {tile}")).format(tile=led)
                return form(_("holds the lowest double, {tile}"),
                            pgettext("you", "holds the lowest double, {tile}")).format(tile=led)
            if highest:
                return form(_("holds the highest double"), pgettext("you", "holds the highest double"))
            return form(_("holds the lowest double"), pgettext("you", "holds the lowest double"))
        return _("chosen by lot")
    # the round before this one: once this round ends, the sheet's last row is its own,
    # and the reason must not change under the summary ("won" became "next in turn")
    row = next((r for r in reversed(view.scoresheet) if r.round == view.round - 1), None)
    if row is not None:
        side = leader % 2 if view.teams else leader
        if view.rules.teams:
            return form(_("played the last tile of the last round"),
                        pgettext("you", "played the last tile of the last round"))
        if row.winner == side:
            return form(_("won the last round"), pgettext("you", "won the last round"))
    return _("next in turn after the last round")
