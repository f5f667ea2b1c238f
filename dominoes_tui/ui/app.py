"""The Textual app: settings, then a table, with resume, quit-saving and the too-small notice."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.binding import Binding

from ..engine import Match
from ..i18n import N_, _, ngettext, told
from ..table import saves
from ..table.client import TableClient
from ..table.local import SPEEDS, LocalTable
from .choices import THEMES, MatchSettings, Prefs, check, to_json
from .speaking_app import SpeakingApp
from .widgets.too_small import MIN_HEIGHT, MIN_WIDTH
from .words import variant_title

if TYPE_CHECKING:  # the records pull in the database: imported when first opened
    from .screens.records.records_reader import RecordsReader

TableFactory = Callable[[MatchSettings, Prefs], TableClient]


def local_table(settings: MatchSettings, prefs: Prefs) -> TableClient:
    config = check(settings)
    return LocalTable.new(
        config, settings.seats, seed=settings.seed,
        save_to=saves.save_path(), finished_to=saves.last_match_path(), bot_delay=SPEEDS[prefs.speed],
    )


def describe_match(match: Match) -> str:
    """A saved match in a line, in the language in use (the resume screen shows it)."""
    from .words import shown

    names = [shown(s.name) for s in match.seats]
    if match.config.teams:
        sides = [f"{names[a]} & {names[b]}" for a, b in match.config.teams]
    else:
        sides = names
    scores = ", ".join(f"{n} {s}" for n, s in zip(sides, match.scores))
    said = ngettext("{variant}, {n} player, round {round}: {scores}.",
                    "{variant}, {n} players, round {round}: {scores}.", match.n)
    return said.format(variant=variant_title(match.config.variant), n=match.n, round=match.round_no, scores=scores)


class DominoesApp(SpeakingApp[None]):
    TITLE = N_("Dominoes")  # translated on mounting (the language is chosen after import)
    CSS_PATH = "styles.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_WIDTH, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_HEIGHT, "-tall"), (34, "-roomy")]
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), priority=True, show=False,
                        tooltip=N_("quit; the match is saved and offered again next time"))]
    ENABLE_COMMAND_PALETTE = True
    KEEPS_SAVES = True  # a hosted client's matches are kept by their server, not here
    # Is the data folder this person's own, to remember their choices in? Locally, yes;
    # a hosted client's guest says no (remote_app.py).
    home_of_its_own = True

    def __init__(
        self,
        settings: MatchSettings | None = None,
        prefs: Prefs | None = None,
        start_now: bool = False,
        table_factory: TableFactory = local_table,
        offer_resume: bool = True,
        variant_asked: bool = True,
    ) -> None:
        super().__init__()
        self.settings = settings or MatchSettings()
        self.prefs = prefs or Prefs()
        self.start_now = start_now
        self.table_factory = table_factory
        self.offer_resume = offer_resume
        self.variant_asked = variant_asked  # `dominoes play --variant X`, not a plain `dominoes play`
        self.client: TableClient | None = None
        self.slot = 1  # the save slot this copy holds (table/saves.py)
        self.practice = False  # a match dealt from a seed someone chose is not rated
        # the Language remembered when this session began: put back before the settings
        # are written, where the data folder is not the person's own (remember_language)
        self.language_found = self.prefs.language

    def on_mount(self) -> None:
        self.title = _(self.TITLE)
        self.theme = THEMES.get(self.prefs.theme, "textual-dark")
        if self.prefs.ascii:
            # ASCII mode: no box drawing anywhere, the app's own borders included (styles.tcss).
            self.add_class("-ascii")
        # a save slot only for a copy that saves: a `dominoes join` holding slot 1 made the
        # next local game say "a match is open in another copy" when none was
        self.slot = saves.claim_slot() if self.KEEPS_SAVES else 1
        if self.slot != 1:
            self.notify(
                _("A match is open in another copy of dominoes on this data folder; this copy keeps its own save."),
                title=_("Saved match"), timeout=10,
            )
        if self.offer_resume and self.check_resume():
            return
        self.after_resume_question()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command_palette" and (self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT):
            return False  # the "too small" notice covers the screen: nothing may open over it
        return True

    def check_resume(self, offers: list | None = None) -> bool:
        """Offer each unfinished match in turn (this copy's save, then any a copy that has
        ended left behind); True when a question was asked."""
        if offers is None:
            offers = saves.unfinished_saves()
        while offers:
            path = offers.pop(0)
            try:
                match = saves.load_unfinished(path)
            except saves.SaveProblem as exc:
                self.notify(str(exc), title=_("Saved match"), severity="warning", timeout=10, markup=False)
                continue
            if match is not None:
                break
        else:
            return False
        from .screens.resume import ResumeScreen

        # `dominoes play --variant allfives` with a Draw match saved: say plainly that the
        # saved one is another match, and make a new match the default answer. Without a
        # variant asked for, resuming is the default.
        other = None
        if self.start_now and self.variant_asked and match.config.variant != self.settings.variant:
            other = variant_title(self.settings.variant)  # Classic Duel is said in the language

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    saves.adopt(path)
                    table = LocalTable.resume(
                        match, save_to=saves.save_path(), finished_to=saves.last_match_path(),
                        bot_delay=SPEEDS[self.prefs.speed],
                    )
                except Exception as exc:  # noqa: BLE001 - a save from any version may fail any way: words, never a traceback
                    self.notify(_("The saved match could not be resumed: {problem}").format(problem=told(exc)),
                                severity="error", timeout=10, markup=False)
                    self.after_resume_question()
                    return
                self.open_table(table)
            else:
                from .recording import record_match

                record_match(self, match, seeded=False, abandoned=True)  # kept as abandoned, not rated
                if path != saves.save_path():  # recorded; this copy's own save is replaced by the new match
                    path.unlink(missing_ok=True)
                if not self.check_resume(offers):
                    self.after_resume_question()

        self.push_screen(ResumeScreen(describe_match(match), asked_for=other), answered)
        return True

    def after_resume_question(self) -> None:
        if self.start_now:
            self.start_match(self.settings)
        else:
            self.open_settings()

    def open_settings(self) -> None:
        from .screens.settings.settings import SettingsScreen

        def chosen(settings: MatchSettings | str | None) -> None:
            if settings is None:
                self.exit()
                return
            if isinstance(settings, str):  # WALKTHROUGH
                self.start_walkthrough()
                return
            self.settings = settings
            saves.store_settings(to_json(settings, self.prefs))
            self.start_match(settings)

        self.push_screen(SettingsScreen(self.settings, self.prefs, walkthrough=True), chosen)

    def start_match(self, settings: MatchSettings) -> None:
        self.practice = settings.seed is not None
        try:
            client = self.table_factory(settings, self.prefs)
        except ValueError as exc:  # SettingsError / ConfigError: say it, go to the settings
            self.notify(told(exc), severity="error", timeout=8)
            self.open_settings()
            return
        self.open_table(client)

    def open_table(self, client: TableClient) -> None:
        from .screens.table.table import TableScreen

        if self.client is not None:
            self.client.close()
        self.client = client
        self.__dict__["records_said"] = None  # the last match's word in the records is not this one's

        def finished(answer: str | None) -> None:
            if answer == "new":
                self.open_settings()
            else:
                self.exit()

        self.push_screen(TableScreen(client, self.prefs), finished)

    def start_walkthrough(self) -> None:
        from ..table.walkthrough import walkthrough_table
        from .screens.table.table import TableScreen

        self.prefs.walkthrough_offered = True
        self.__dict__["records_said"] = None
        if self.client is not None:
            self.client.close()
        self.client = client = walkthrough_table(SPEEDS[self.prefs.speed])

        def finished(answer: str | None) -> None:
            if answer == "quit":
                self.exit()
            else:
                self.open_settings()

        self.push_screen(TableScreen(client, self.prefs, walkthrough=True), finished)

    async def action_quit(self) -> None:
        """ctrl+q. With saving off (a read-only data folder, a full disk) quitting would
        lose the match without a word, so it asks first."""
        from .screens.confirm import ConfirmScreen

        client = self.client
        unsaved = isinstance(client, LocalTable) and client.save_to is not None and not client.match.is_over
        problem = client.save_problem if unsaved and isinstance(client, LocalTable) else None
        if not problem or isinstance(self.screen, ConfirmScreen):
            self.exit()
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        question = _("Saving is off: {problem}. Quitting loses this match. Quit anyway?").format(problem=problem)
        self.push_screen(ConfirmScreen(question, _("Quit (y)"), _("Stay (n)")), answered)

    # -- the club records ------------------------------------------------------------
    def record_finished(self, client: TableClient) -> None:
        """The table screen calls this when a match is over. A hosted table's match is
        recorded by its server, so only a match played in this process is kept here."""
        if isinstance(client, LocalTable):
            from .recording import record_match

            record_match(self, client.match, seeded=self.practice)

    def records_reader(self) -> RecordsReader:
        from ..records.source import LocalSource
        from .screens.records.records_reader import LocalReader

        return LocalReader(LocalSource(saves.home()))

    def action_records(self) -> None:
        from .screens.records.leaderboard import LeaderboardScreen

        self.push_screen(LeaderboardScreen(self.records_reader()))

    def remember_language(self, language: str) -> bool:
        """Keep a language chosen outside the settings form (the lobby's `l`) for next
        time, in the person's settings, as the form's Language field is kept; True if it
        was (a folder that cannot be written: for this session too, said, never raised).
        Where the data folder is not the person's own, it lasts this session.

        Next time `--lang` still wins for its one run, and this choice wins over the
        terminal's language (LANG, which an SSH client sends): LANG is what every program
        on that terminal gets, a choice made in the game is about the game, and later."""
        if not self.home_of_its_own:
            return False
        self.prefs.language = self.language_found = language
        return saves.store_settings(to_json(self.settings, self.prefs))

    async def on_unmount(self) -> None:
        if self.client is not None:
            self.client.close()
        saves.release_slot()
        if not self.home_of_its_own:  # a guest's Language (the table form's) was for its session only
            self.prefs.language = self.language_found
        # Remember the last match's settings and the display choices changed at the
        # table (speed, pips, memory aid) for next time.
        saves.store_settings(to_json(self.settings, self.prefs))
