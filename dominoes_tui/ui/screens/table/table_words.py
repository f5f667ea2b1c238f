"""The table's drawing and its words: the move log, the status line and the prompt (a
layer of TableScreen, see table_state.py). Everything a person typed (names) goes into
rich `Text` as plain text, never into markup."""
from __future__ import annotations

from rich.text import Text
from textual.css.query import NoMatches

from ....engine import VARIANTS, PlayerView, Tile
from ....engine.board import fives_points
from ....i18n import _, ngettext
from ...chain_render import chain_height
from ...narrate import last_own_move, last_placed, log_entries
from ...render import END_KEYS
from ...widgets.chain import Chain
from ...widgets.footer import Footer
from ...widgets.hand import Hand
from ...widgets.line import TextLine
from ...widgets.move_log import MoveLog
from ...widgets.seats import TEAM_LETTERS, SeatsPanel
from ...words import end_name, is_you, lead_reason, shown, side_name, variant_title
from .table_state import TableState

LOG_MIN = 3  # the move log keeps at least this many rows while the chain has room


class TableWords(TableState):
    """Draws the table from the view of the seat here."""

    # -- drawing -------------------------------------------------------------------
    def redraw(self) -> None:
        try:
            self._redraw()
        except NoMatches:  # a bot's move landed while the app was closing: nothing left to draw on
            pass

    def _redraw(self) -> None:
        self.view_ = view = self.client.view(self.viewer)
        self.announce(view)
        self.tell_notes()
        look = self.look
        self.set_class(look.big, "-big")
        mine = self.my_turn()
        targets: tuple[str, ...] = ()
        if mine and self.selected is not None:
            ends = self.target_ends()
            targets = (ends[self.end_cursor],) if self.end_cursor is not None and ends else tuple(ends)
        if self.walkthrough:
            self.show_coach(view, mine)  # before fitting: the chain and log take what it leaves
        prompt = self.prompt_text(view, mine)
        self.fit_prompt(prompt)  # before fitting: a long hint takes a second row
        lines = self.log_lines(view)
        self.fit_log(view, len(lines) - self.unseen_from(view, lines))
        self.query_one(Chain).show(view.layout, targets, look, tuple(last_placed(view.history)))
        playable = set(self.playable()) if mine else set()
        self.query_one(Hand).show(view.hand, playable, self.selected if mine else None, self.hidden, look)
        shown = None if self.hidden else self.viewer
        self.query_one(SeatsPanel).show(view, self.client.seats, shown, look, self.prefs.show_lacks)
        self.notices_below((3 if look.big else 1) + len(self.client.seats))
        self.query_one("#status", TextLine).show(self.status_text(view))
        self.show_log(view, lines)
        self.query_one("#prompt", TextLine).show(prompt)
        # The footer rebuilds itself on every refresh_bindings, which is slow: only ask
        # for it when what the keys may do has changed.
        state = (mine, bool(self.moves_for(self.selected)), self.too_small())
        if state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()

    def notices_below(self, top: int) -> None:
        """Notices (top right) begin under the seats, whose points and lacks they covered
        with three or four players at 80×24."""
        try:
            rack = self.query_one("#textual-toastrack")
        except NoMatches:  # notifications off (a test), or not composed yet
            return
        if rack.styles.margin.top != top:
            rack.styles.margin = (top, 0, 0, 0)

    # -- notices -------------------------------------------------------------------------
    def tell_notes(self) -> None:
        """What went wrong at the table (a bot that misbehaved) is told, not only kept.
        A failed save is not a toast after every move: the status line says it, once."""
        notes = self.client.notes
        for note in notes[self._notes_seen :]:
            if note.startswith("could not save the match"):
                continue
            self.notify(note, title=_("Table"), severity="warning", timeout=8, markup=False)
        self._notes_seen = len(notes)

    def announce(self, view: PlayerView) -> None:
        """Notices for what the rules did by themselves: a person's forced pass, shown
        until the next move (a notice is about the newest event; the log keeps it)."""
        round_no, seen = self._noticed
        if view.round != round_no:
            seen = 0
        fresh = view.history[seen:]
        self._noticed = (view.round, len(view.history))
        humans = set(self.client.human_seats)
        for e in fresh:
            if e["event"] == "pass" and e["seat"] in humans:
                who = view.names[e["seat"]]
                if is_you(who):
                    self.notice = _("You had no tile for the open ends and passed.")
                else:
                    self.notice = _("{name} had no tile for the open ends and passed.").format(name=who)
                self.drew_now, self.passed_notice = False, True
            elif e["event"] in ("play", "pass", "round_end") and self.passed_notice:
                self.notice, self.passed_notice = "", False  # someone moved since: old news
        if view.round != round_no:
            self.notice, self.passed_notice = "", False

    # -- the move log ------------------------------------------------------------------
    def log_lines(self, view: PlayerView) -> list[tuple[Text, int]]:
        """The round's moves as lines, each with the history index it ends at."""
        names = view.names
        out: list[tuple[Text, int]] = []
        entries = log_entries(view.history, names, view.variant)
        reason = lead_reason(view, self.client.seats)
        for n, entry in enumerate(entries):
            text = Text()
            if n == 0 and reason and entry.lead_at >= 0:  # why this seat leads, beside the lead
                text.append(entry.text[: entry.lead_at])  # the name is a person's: plain text
                text.append(f" ({reason})", "italic")
                text.append(entry.text[entry.lead_at :])
            else:
                text.append(entry.text)
            out.append((text, entry.last))
        return out

    def unseen_from(self, view: PlayerView, lines: list[tuple[Text, int]]) -> int:
        """The first log line the seat here has not seen on a turn of its own: in hotseat
        and after a long run of bot moves, everything since the person's last move."""
        seat = self.viewer
        seen_round, seen = self.seen_upto.get(seat, (view.round, 0))
        since = max(last_own_move(view.history, seat), seen - 1 if seen_round == view.round else -1)
        return next((i for i, (_line, last) in enumerate(lines) if last > since), len(lines))

    def fit_log(self, view: PlayerView, unseen: int) -> None:
        """Give the chain the rows it needs and the log all the rest (never two lines
        while rows stand empty); the log grows to hold every move since the person's
        last turn, the chain going compact if it must."""
        chain, log = self.query_one(Chain), self.query_one(MoveLog)
        others = [self.query_one(q) for q in ("#status", SeatsPanel, Hand, Footer)]
        # the prompt's and the coach's rows as set for this very step (fit_prompt,
        # show_coach), not as last laid out
        coach = self.query_one("#coach").styles.height
        coach_rows = int(coach.value) if self.walkthrough and coach is not None else 0
        prompt = self.query_one("#prompt").styles.height
        prompt_rows = int(prompt.value) if prompt is not None else 1
        free = self.size.height - sum(w.outer_size.height for w in others) - coach_rows - prompt_rows
        if free <= 2:
            return
        width = max(20, chain.content_size.width or self.size.width)
        big = self.look.big
        # From the largest drawing to the smallest: big tiles (projector), normal ones,
        # compact, and compact with All Fives arms laid sideways. Sized for compact when
        # the arms lay sideways, the chain stood half empty while the log had two lines;
        # without the normal size, a projector's chain fell from big straight to compact.
        sizes = [chain_height(view.layout, width, compact=False, big=big)]
        if big:
            sizes.append(chain_height(view.layout, width, compact=False))
        sizes += [chain_height(view.layout, width, compact=True),
                  chain_height(view.layout, width, compact=True, sideways=True)]
        want_log = min(max(LOG_MIN, unseen), max(2, free - sizes[-1]))
        chain_rows = next((rows for rows in sizes if rows + want_log <= free), max(3, free - want_log))
        chain_rows = max(1, min(chain_rows, free - 2))
        heights = (chain_rows, free - chain_rows)
        if heights != self._heights:
            self._heights = heights
            chain.styles.height = heights[0]
            log.styles.height = heights[1]

    def show_log(self, view: PlayerView, lines: list[tuple[Text, int]]) -> None:
        empty = Text()
        if not lines:
            reason = lead_reason(view, self.client.seats)
            who = view.names[view.leader] if 0 <= view.leader < len(view.names) else "?"
            if is_you(who):
                said = _("New round: You lead ({reason}).") if reason else _("New round: You lead.")
            else:
                said = _("New round: {name} leads ({reason}).") if reason else _("New round: {name} leads.")
            empty.append(said.format(name=who, reason=reason))  # a person's name: plain text
        texts = [line for line, _pos in lines]
        self.query_one(MoveLog).show(texts, self.unseen_from(view, lines), self.look.arrow("right"), empty)

    def status_text(self, view: PlayerView) -> Text:
        config = self.client.config
        rules = VARIANTS[config.variant]
        dot = self.look.dot
        text = Text()
        brief = getattr(self.client, "save_problem_brief", None)
        if brief:  # in place of the title, so the reason is never the part cut off at 80 columns
            text.append(_("not saved: {reason}").format(reason=brief), "bold reverse")
        else:
            text.append(variant_title(config.variant), "bold")
        if self.walkthrough:  # its target of 1 only ends the match after one round
            text.append(f" {dot} " + _("walk-through: one round"))
        else:
            text.append(f" {dot} " + _("round {n}").format(n=view.round))
            goal = _("loses at {n}") if rules.penalties else _("target {n}")
            text.append(f" {dot} " + goal.format(n=config.target))
        if rules.draws:  # the Talon in every variant (docs/TRANSLATING.md's glossary)
            text.append(f" {dot} " + _("boneyard {n}").format(n=view.boneyard))
        if rules.counts_fives and view.layout.line:
            text.append(f" {dot} " + _("count {n}").format(n=view.layout.count))
        if config.teams:
            for side in (0, 1):
                name = side_name(config, self.client.seats, side)
                text.append(f" {dot} {TEAM_LETTERS[side]} ")
                text.append(name)  # people's names: plain text
                text.append(f" {view.scores[side]}", "bold")
        return text

    def show_coach(self, view: PlayerView, mine: bool) -> None:
        """The walk-through's line for this step, at the height its text wraps to: set
        here, not left to the layout, as the chain and log are fitted around it before
        the next layout (a height found only then pushed the hand off an 80×24 screen)."""
        from .walkthrough_text import coach_line

        line = Text(coach_line(view, mine, self.end_cursor is not None, self.drew_now))
        coach = self.query_one("#coach", TextLine)
        width = max(20, self.size.width - 2)  # less the padding
        rows = 1 + len(line.wrap(self.app.console, width))  # and the border above it
        coach.show(line)
        if coach.styles.height is None or coach.styles.height.value != rows:
            coach.styles.height = rows

    def fit_prompt(self, text: Text) -> None:
        """One row for the prompt (three on a projector), two when its text needs them
        (a hint's reason ran past the edge of an 80-column screen), three for a hint with
        its numbers (ui/screens/table/hints.py fits it to them)."""
        prompt = self.query_one("#prompt")
        width = max(20, self.size.width - 2)  # less the padding
        most = 2
        if self.hint_text and "≈" in self.hint_text:  # only then: the hints module is not light
            from .hints import HINT_ROWS

            most = HINT_ROWS
        rows = max(min(most, len(text.wrap(self.app.console, width))), 3 if self.look.big else 1)
        if prompt.styles.height is None or prompt.styles.height.value != rows:
            prompt.styles.height = rows

    def prompt_text(self, view: PlayerView, mine: bool) -> Text:
        text = self._prompt(view, mine)
        if mine and self.hint_text and self.end_cursor is None:
            return Text(self.hint_text, "bold")
        if self.notice and not self.hidden and self.end_cursor is None:  # the notice was seen by now
            notice = self.notice
            room = self.query_one("#prompt").size.width  # the content width, inside the padding
            if len(notice) + 2 + len(text) > room and self.notice_brief:
                notice = self.notice_brief
            return Text.assemble((notice + " ", "bold reverse"), " ", text)
        return text

    def _prompt(self, view: PlayerView, mine: bool) -> Text:
        seats = self.client.seats
        if self.hidden:
            return Text(_("Hands are hidden: the next person takes the keyboard."), "italic")
        if view.to_act is None:  # the log says how it ended; the summary, once up, says the rest
            if self.summed_up:
                return Text("")
            if self.client.waiting_for_others():
                return Text(_("Waiting for the others to read the score."), "italic")
            return Text(_("Counting the round…"), "italic")
        if not mine:
            who = seats[view.to_act]
            if who.kind == "bot":
                waiting = _("{name} is thinking…").format(name=who.name)
            elif who.level == "away":  # a person on another device who dropped
                waiting = _("{name} is away: a bot plays for them until they are back.").format(name=who.name)
            else:
                waiting = _("Waiting for {name}.").format(name=shown(who.name))
            watching = _("Watching.") + " " if not self.client.human_seats else ""
            return Text(watching + waiting, "italic")
        name = seats[self.viewer].name
        you = is_you(name)
        if self.end_cursor is not None and self.selected is not None:
            ends = self.target_ends()
            end = end_name(ends[self.end_cursor])
            keys = "/".join(END_KEYS[e] for e in ends)
            fits = ngettext("{tile} fits {n} end. On the {end}?", "{tile} fits {n} ends. On the {end}?", len(ends))
            text = Text(fits.format(tile=view.hand[self.selected], n=len(ends), end=end), "bold")
            counts = self.counts_after(self.view_.hand[self.selected], ends)
            if counts:
                text.append(" " + counts)
            dot = self.look.dot
            keys_said = _("Enter plays {dot} {arrows} switch {dot} {keys} {dot} Esc back")
            text.append(" " + keys_said.format(dot=dot, arrows=self.look.left_right, keys=keys))
            return text
        arrows = self.look.left_right
        if not view.layout.line:
            lead = _("Your lead") if you else _("{name}, your lead").format(name=name)
            tiles = {m.tile for m in view.legal}
            if len(tiles) == 1:  # only one tile may lead: say which and why
                only = next(iter(tiles))
                reason = lead_reason(view, seats, addressed=True)
                why = f" ({reason})" if reason else ""
                said = _("{who}: {tile} must lead{why}. Enter plays it.")
                return Text(said.format(who=lead, tile=only, why=why), "bold")
            said = _("{who}: choose any marked tile ({arrows} or 1-9), Enter plays.")
            return Text(said.format(who=lead, arrows=arrows), "bold")
        turn = _("Your turn") if you else _("{name}, your turn").format(name=name)
        if self.drew_now:
            return Text(_("{who}: Enter plays it.").format(who=turn), "bold")
        said = _("{who}: choose a marked tile ({arrows} or 1-9), Enter plays; h hints.")
        return Text(said.format(who=turn, arrows=arrows), "bold")

    def counts_after(self, tile: Tile, ends: list[str]) -> str:
        """All Fives: what each end would make the count, and which would score."""
        if not self.client.config.rules.counts_fives:
            return ""
        from ....engine.position import layout_from_view

        parts = []
        for end in ends:
            layout = layout_from_view(self.view_)
            layout.place(tile, end)
            count = layout.count()
            scores = fives_points(count) > 0
            said = _("{key}: count {count} scores {points}") if scores else _("{key}: count {count}")
            parts.append(said.format(key=END_KEYS[end], count=count, points=count))
        return "(" + ", ".join(parts) + ")"
