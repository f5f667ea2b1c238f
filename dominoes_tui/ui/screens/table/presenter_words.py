"""The table's words from the presenter's state: the status line, the prompt for each
phase of a turn, the move log's lines (plain data, `Said`; the screen draws them).
Names people typed are parts of their own, plain text, never markup."""
from __future__ import annotations

from ....engine import VARIANTS, PlayerView, Tile
from ....engine.board import fives_points
from ....i18n import _, ngettext, pgettext
from ...look import END_KEYS
from ...narrate import last_own_move, log_entries
from ...words import TEAM_LETTERS, end_name, is_you, lead_reason, shown, side_name, variant_title
from .presenter import TablePresenter
from .said import Said

LogLine = tuple[Said, int]  # a move's line, and the history index it ends at


def status(p: TablePresenter, view: PlayerView) -> Said:
    config = p.client.config
    rules = VARIANTS[config.variant]
    dot = p.look.dot
    text = Said()
    brief = getattr(p.client, "save_problem_brief", None)
    if brief:  # in place of the title, so the reason is never the part cut off at 80 columns
        text += (_("not saved: {reason}").format(reason=brief), "bold reverse")
    else:
        text += (variant_title(config.variant), "bold")
    if p.walkthrough:  # its target of 1 only ends the match after one round
        text += (f" {dot} " + _("walk-through: one round"), "")
    else:
        text += (f" {dot} " + _("round {n}").format(n=view.round), "")
        goal = _("loses at {n}") if rules.penalties else _("target {n}")
        text += (f" {dot} " + goal.format(n=config.target), "")
    if rules.draws:  # the Talon in every variant (docs/TRANSLATING.md's glossary)
        text += (f" {dot} " + _("boneyard {n}").format(n=view.boneyard), "")
    if rules.counts_fives and view.layout.line:
        text += (f" {dot} " + _("count {n}").format(n=view.layout.count), "")
    if config.teams:
        for side in (0, 1):
            name = side_name(config, p.client.seats, side)
            text += (f" {dot} {TEAM_LETTERS[side]} ", "")
            text += (name, "")  # people's names: plain text
            text += (f" {view.scores[side]}", "bold")
    return text


def prompt(p: TablePresenter, view: PlayerView, mine: bool, room: int) -> Said:
    """The prompt line: a hint, a notice before the turn's words, or the turn's words.
    `room` is the prompt's width: a long notice gives way to its brief form."""
    text = turn_prompt(p, view, mine)
    if mine and p.hint_text and p.end_cursor is None:
        return Said.of(p.hint_text, "bold")
    if p.notice and not p.hidden and p.end_cursor is None:  # the notice was seen by now
        notice = p.notice
        if len(notice) + 2 + len(text.plain) > room and p.notice_brief:
            notice = p.notice_brief
        return Said(((notice + " ", "bold reverse"), (" ", ""), text))
    return text


def turn_prompt(p: TablePresenter, view: PlayerView, mine: bool) -> Said:
    """What the prompt says in each phase: hands covered, the round counted, another's
    turn, the choice of an end, a lead, a turn after drawing, a turn."""
    seats = p.client.seats
    if p.hidden:
        return Said.of(_("Hands are hidden: the next person takes the keyboard."), "italic")
    if view.to_act is None:  # the log says how it ended; the summary, once up, says the rest
        if p.summed_up:
            return Said()
        if p.client.waiting_for_others():
            return Said.of(_("Waiting for the others to read the score."), "italic")
        return Said.of(_("Counting the round…"), "italic")
    if not mine:
        who = seats[view.to_act]
        if who.kind == "bot":
            waiting = _("{name} is thinking…").format(name=who.name)
        elif who.level == "away":  # a person on another device who dropped
            waiting = _("{name} is away: a bot plays for them until they are back.").format(name=who.name)
        else:
            waiting = _("Waiting for {name}.").format(name=shown(who.name))
        watching = _("Watching.") + " " if not p.client.human_seats else ""
        return Said.of(watching + waiting, "italic")
    name = seats[p.viewer].name
    you = is_you(name)
    look = p.look
    if p.end_cursor is not None and p.selected is not None:
        ends = p.target_ends()
        end = end_name(ends[p.end_cursor])
        keys = "/".join(END_KEYS[e] for e in ends)
        fits = ngettext("{tile} fits {n} end. On the {end}?", "{tile} fits {n} ends. On the {end}?", len(ends))
        text = Said.of(fits.format(tile=view.hand[p.selected], n=len(ends), end=end), "bold")
        counts = counts_after(p, view.hand[p.selected], ends)
        if counts:
            text += (" " + counts, "")
        keys_said = _("Enter plays {dot} {arrows} switch {dot} {keys} {dot} Esc back")
        return text + (" " + keys_said.format(dot=look.dot, arrows=look.left_right, keys=keys), "")
    arrows = look.left_right
    if not view.layout.line:
        lead = _("Your lead") if you else _("{name}, your lead").format(name=name)
        tiles = {m.tile for m in view.legal}
        if len(tiles) == 1:  # only one tile may lead: say which and why
            only = next(iter(tiles))
            reason = lead_reason(view, seats, addressed=True)
            why = f" ({reason})" if reason else ""
            said = _("{who}: {tile} must lead{why}. Enter plays it.")
            return Said.of(said.format(who=lead, tile=only, why=why), "bold")
        said = _("{who}: choose any marked tile ({arrows} or 1-9), Enter plays.")
        return Said.of(said.format(who=lead, arrows=arrows), "bold")
    turn = _("Your turn") if you else _("{name}, your turn").format(name=name)
    if p.drew_now:
        return Said.of(_("{who}: Enter plays it.").format(who=turn), "bold")
    said = _("{who}: choose a marked tile ({arrows} or 1-9), Enter plays; h hints.")
    return Said.of(said.format(who=turn, arrows=arrows), "bold")


def counts_after(p: TablePresenter, tile: Tile, ends: list[str]) -> str:
    """All Fives: what each end would make the count, and which would score."""
    if not p.client.config.rules.counts_fives:
        return ""
    from ....engine.position import layout_from_view

    parts = []
    for end in ends:
        layout = layout_from_view(p.view)
        layout.place(tile, end)
        count = layout.count()
        scores = fives_points(count) > 0
        said = _("{key}: count {count} scores {points}") if scores else _("{key}: count {count}")
        parts.append(said.format(key=END_KEYS[end], count=count, points=count))
    return "(" + ", ".join(parts) + ")"


# -- the move log ------------------------------------------------------------------------
def log_lines(p: TablePresenter, view: PlayerView) -> list[LogLine]:
    """The round's moves as lines, each with the history index it ends at."""
    out: list[LogLine] = []
    entries = log_entries(view.history, view.names, view.variant)
    reason = lead_reason(view, p.client.seats)
    for n, entry in enumerate(entries):
        if n == 0 and reason and entry.lead_at >= 0:  # why this seat leads, beside the lead
            # the name is a person's: plain text
            line = Said(((entry.text[: entry.lead_at], ""), (f" ({reason})", "italic"), (entry.text[entry.lead_at :], "")))
        else:
            line = Said(((entry.text, ""),))
        out.append((line, entry.last))
    return out


def unseen_from(p: TablePresenter, view: PlayerView, lines: list[LogLine]) -> int:
    """The first log line the seat here has not seen on a turn of its own: in hotseat
    and after a long run of bot moves, everything since the person's last move."""
    seat = p.viewer
    seen_round, seen = p.seen_upto.get(seat, (view.round, 0))
    since = max(last_own_move(view.history, seat), seen - 1 if seen_round == view.round else -1)
    return next((i for i, (_line, last) in enumerate(lines) if last > since), len(lines))


def empty_log(p: TablePresenter, view: PlayerView, lines: list[LogLine]) -> Said:
    """What the log says while the round has no move yet: who leads, and why."""
    if lines:
        return Said()
    reason = lead_reason(view, p.client.seats)
    who = view.names[view.leader] if 0 <= view.leader < len(view.names) else "?"
    if is_you(who):
        said = _("New round: You lead ({reason}).") if reason else _("New round: You lead.")
    else:
        said = _("New round: {name} leads ({reason}).") if reason else _("New round: {name} leads.")
    return Said(((said.format(name=who, reason=reason), ""),))  # a person's name: plain text


# -- what the display keys say ------------------------------------------------------------
def speed_said(speed: str) -> str:
    """A bot speed by name, as the notice says it."""
    words = {"instant": pgettext("speed", "instant"), "normal": pgettext("speed", "normal"), "slow": pgettext("speed", "slow")}
    return _("Bot speed: {speed}").format(speed=words.get(speed, speed))


def projector_said(projector: str) -> str:
    if projector == "auto":
        return _("Big tiles: auto (from 160×48)")
    return _("Big tiles: on") if projector == "on" else _("Big tiles: off")


def lacks_said(on: bool) -> str:
    return _("Memory aid on: numbers each seat lacks are shown") if on else _("Memory aid off")
