"""The replay viewer's analysis (issue 28): `a` runs bots/analysis over the match in the
background, with a progress bar, while the viewer stays in use; leaving the viewer stops
it. The result marks the moves, and is kept in the club records beside the match's log
(found by the match's key), so the next opening shows it at once, no search run.

The search runs in worker processes (analyse_match's `jobs`): the thread that waits for
them holds no lock the screen needs, so stepping about stays quick meanwhile. Those
workers run at the lowest CPU priority (`nice`), here as on a server: the analysis is
work in the background while the person uses the viewer, so their own screen (and
whatever else they run) comes first, and on an idle machine it costs the analysis
nothing. On a server it is one worker (bots/analysis analyse_hosted), and one analysis
at a time per process however many viewers ask, so a session takes at most one core,
only when the live tables leave it free; and a server that counts its analyses across
sessions (net/gateways/analysis_slots.py) makes it wait for one of its slots too
(docs/ANALYSIS.md, "On a server").
"""
from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any, Protocol

from textual.widgets import ProgressBar

from ....engine import jsontext
from ....i18n import _, ngettext, told
from ....net.gateways import analysis_slots
from ....net.gateways.analysis_slots import Slot, Slots
from ....workers import LOWEST
from ...widgets.line import TextLine

if TYPE_CHECKING:
    from ....bots.analysis import MatchAnalysis
    from ....records.source import LocalSource
    from .replay_steps import ReplaySteps

GUESSES: int | None = None  # guesses per decision: None is the analysis's own default
JOBS = max(2, (os.cpu_count() or 2) - 1)  # processes: two at least, so the search never runs in ours
NICE = LOWEST  # the workers' niceness here (the module's note)
WAIT_S = 0.2  # how often a waiting analysis looks whether it may start, or was cancelled
# One analysis at a time in this process: a second viewer's (or a quick return to the
# same match) waits for the first to end, so a hosted session never runs two at once.
_ONE_AT_A_TIME = threading.Lock()


class Shelf(Protocol):
    """Where a match's analysis is kept (called in a thread: may block, may raise)."""

    def load(self, key: str) -> str | None: ...

    def keep(self, key: str, analysis: dict[str, Any], guesses: int) -> bool: ...


class LocalShelf:
    """The club records on this machine."""

    def __init__(self, source: LocalSource | None = None) -> None:
        self.source = source

    def _source(self) -> LocalSource:
        if self.source is None:
            from ....records.source import LocalSource
            from ....table import saves

            self.source = LocalSource(saves.home())
        return self.source

    def load(self, key: str) -> str | None:
        return self._source().analysis(key)

    def keep(self, key: str, analysis: dict[str, Any], guesses: int) -> bool:
        return self._source().keep_analysis(key, analysis, guesses)


def parse(text: str, players: int = 4) -> MatchAnalysis:
    """A stored analysis read back and checked (report.py), for a match of `players`; any
    exception means it cannot be used."""
    from ....bots.analysis import MatchAnalysis

    return MatchAnalysis.from_json(jsontext.loads(text), players)


def on_a_server(app: Any) -> bool:
    """A hosted client that runs on the table server's machine (over the SSH gateway,
    which gives it an invitation, or in the browser, which keeps no tokens): its
    analysis runs as a server's does (analyse_hosted: one worker at the lowest priority),
    so it never takes a core the live tables need."""
    return getattr(app, "invite", None) is not None or getattr(app, "keep_tokens", True) is False


def analyse(steps: ReplaySteps, progress: Any, cancel: threading.Event, hosted: bool = False) -> MatchAnalysis:
    from ....bots.analysis import analyse_hosted, analyse_match

    if hosted:
        return analyse_hosted(steps.lines, guesses=GUESSES, progress=progress, cancel=cancel)
    return analyse_match(steps.lines, 1, guesses=GUESSES, jobs=JOBS, nice=NICE, progress=progress, cancel=cancel)


def take_turn(cancel: threading.Event, waiting: Any, slots: Slots | None = None, no_slot: Any = None) -> Slot | None:
    """Wait until no other analysis runs in this process (`waiting()` is told once if
    one does), then, on a server that counts its analyses (net/gateways/analysis_slots.py), until
    one of its slots is free (`no_slot()` is told once if none is). The turn (give it
    back with end_turn), or None if cancelled meanwhile."""
    if not _ONE_AT_A_TIME.acquire(blocking=False):
        waiting()
        while not _ONE_AT_A_TIME.acquire(timeout=WAIT_S):
            if cancel.is_set():
                return None
    if slots is None:
        return Slot()  # holds no slot: nothing counted beyond this process
    try:
        slot = slots.wait(cancel, no_slot or (lambda: None))
    except BaseException:  # never leave this process's turn taken for good
        _ONE_AT_A_TIME.release()
        raise
    if slot is None:
        _ONE_AT_A_TIME.release()
    return slot


def end_turn(slot: Slot) -> None:
    slot.release()
    _ONE_AT_A_TIME.release()


class AnalysisActions:
    """The analysis keys of the replay viewer (a layer of ReplayScreen: it has the screen's
    steps, `go`, `redraw` and the app)."""

    steps: ReplaySteps
    step: int
    shelf: Shelf | None
    analysis: MatchAnalysis | None
    app: Any

    def setup_analysis(self) -> None:
        self.analysis = None
        self.running: threading.Event | None = None  # set it to stop the analysis under way
        self._key: str | None = None

    @property
    def key(self) -> str:
        if self._key is None:
            from ....records.summary import match_key

            self._key = match_key(self.steps.events)
        return self._key

    # -- loading what the records keep ------------------------------------------------
    def load_stored(self, then_analyse: bool) -> None:
        self.run_worker(lambda: self._load_stored(then_analyse), thread=True, group="analysis-load",  # type: ignore[attr-defined]
                        exit_on_error=False)

    def _load_stored(self, then_analyse: bool) -> None:
        found: MatchAnalysis | None = None
        note = ""
        if self.shelf is not None:
            try:
                text = self.shelf.load(self.key)
            except Exception:  # noqa: BLE001 - no records here (locked, away): the analysis runs anyway
                text = None
            if text is not None:
                try:
                    found = parse(text, self.steps.whole.n)
                except Exception:  # noqa: BLE001 - a damaged analysis is set aside in words, never a crash
                    note = _("The stored analysis of this match could not be read; it is made again.")
        self._call(self._loaded, found, note, then_analyse)

    def _loaded(self, found: MatchAnalysis | None, note: str, then_analyse: bool) -> None:
        if note:
            self.notify(note, severity="warning", timeout=8)  # type: ignore[attr-defined]
        if found is not None:
            self.show_analysis(found)
        elif then_analyse or note:
            self.action_analyse()

    # -- analysing ------------------------------------------------------------------
    def action_analyse(self) -> None:
        if self.analysis is not None or self.running is not None:
            return
        if not self.steps.play_steps:
            self.notify(_("This match has no move to analyse."), timeout=4)  # type: ignore[attr-defined]
            return
        cancel = self.running = threading.Event()
        self.show_progress(0, 0)
        self.refresh_bindings()  # type: ignore[attr-defined]  # `a` leaves the footer while it runs
        self.run_worker(lambda: self._analyse(cancel), thread=True, group="analysis",  # type: ignore[attr-defined]
                        exit_on_error=False)

    def _analyse(self, cancel: threading.Event) -> None:
        from ....bots.analysis import Cancelled

        def progress(done: int, total: int) -> None:
            if not cancel.is_set():
                self._call(self.show_progress, done, total)

        hosted = on_a_server(self.app)
        slots = analysis_slots.from_env() if hosted else None
        turn = take_turn(cancel, lambda: self._call(self.show_waiting), slots,
                         lambda: self._call(self.show_no_slot, slots.count if slots is not None else 1))
        if turn is None:
            return
        try:
            result = analyse(self.steps, progress, cancel, hosted=True) if hosted \
                else analyse(self.steps, progress, cancel)
        except Cancelled:
            return
        except Exception as exc:  # noqa: BLE001 - said in words: the viewer goes on without it
            self._call(self._failed, told(exc) or exc.__class__.__name__)
            return
        finally:
            end_turn(turn)
        if cancel.is_set():
            return
        self._call(self.show_analysis, result)
        if self.shelf is not None:
            try:
                self.shelf.keep(self.key, result.to_json(full=True), result.guesses)
            except Exception as exc:  # noqa: BLE001 - not kept is a note, not a failure
                self._call(self.notify, _("The analysis was not kept in the records: {why}").format(why=exc),  # type: ignore[attr-defined]
                           severity="warning", timeout=8, markup=False)

    def _call(self, fn: Any, *args: Any, **kwargs: Any) -> None:
        """Run `fn` on the screen's side, if the viewer is still open."""
        if self.running is not None and self.running.is_set():
            return

        def here() -> None:
            if self.is_attached:  # type: ignore[attr-defined]  # closed while the thread worked: nothing to show
                fn(*args, **kwargs)

        try:
            self.app.call_from_thread(here)
        except Exception:  # noqa: BLE001 - the app has closed meanwhile (RuntimeError, NoActiveAppError)
            pass

    def _failed(self, why: str) -> None:
        self.running = None
        self.show_progress(None, None)
        self.refresh_bindings()  # type: ignore[attr-defined]
        self.notify(_("The match could not be analysed: {why}").format(why=why),  # type: ignore[attr-defined]
                    severity="error", timeout=8, markup=False)

    def stop_analysis(self) -> None:
        if self.running is not None:
            self.running.set()

    def show_progress(self, done: int | None, total: int | None) -> None:
        row = self.query_one("#progress")  # type: ignore[attr-defined]
        row.display = done is not None
        if done is None:
            return
        bar = self.query_one("#bar", ProgressBar)  # type: ignore[attr-defined]
        bar.update(total=total or None, progress=done)
        words = _("Analysing {done}/{total} moves").format(done=done, total=total) if total else _("Analysing…")
        self.query_one("#busy", TextLine).show(words)  # type: ignore[attr-defined]

    def show_waiting(self) -> None:
        self.query_one("#busy", TextLine).show(_("After your other analysis…"))  # type: ignore[attr-defined]  # 30 cells
        self.notify(_("One analysis at a time: this one starts when your other one ends."), timeout=6)  # type: ignore[attr-defined]

    def show_no_slot(self, count: int) -> None:
        self.query_one("#busy", TextLine).show(_("Waiting for a free slot…"))  # type: ignore[attr-defined]  # 30 cells
        self.notify(ngettext("This server runs one analysis at a time: yours starts when it ends.",  # type: ignore[attr-defined]
                             "This server runs {n} analyses at once: yours starts when one of them ends.",
                             count).format(n=count), timeout=6)

    def show_analysis(self, analysis: MatchAnalysis) -> None:
        self.running = None
        self.analysis = analysis
        self.show_progress(None, None)
        self.analysis_changed()
        self.refresh_bindings()  # type: ignore[attr-defined]

    def analysis_changed(self) -> None:  # the screen draws it
        raise NotImplementedError

    # -- stepping to the mistakes -------------------------------------------------------
    def bad_steps(self) -> list[int]:
        from .replay_words import BAD

        if self.analysis is None:
            return []
        return sorted(self.steps.step_of(m.ply) for m in self.analysis.moves if str(m.verdict) in BAD)

    def action_mistake(self, delta: int) -> None:
        steps = self.bad_steps()
        if not steps:
            self.notify(_("No mistake or blunder in this match."), timeout=3)  # type: ignore[attr-defined]
            return
        later = [k for k in steps if k > self.step] if delta > 0 else [k for k in reversed(steps) if k < self.step]
        if later:
            self.go(later[0])  # type: ignore[attr-defined]
            return
        target = steps[0] if delta > 0 else steps[-1]  # round and round, as lichess does, and said so
        if target == self.step:
            said = _("This is the match's only mistake or blunder.")
        elif delta > 0:
            said = _("No mistake after this one: back to the first.")
        else:
            said = _("No mistake before this one: on to the last.")
        self.go(target)  # type: ignore[attr-defined]
        self.say(said)  # type: ignore[attr-defined]  # on the status line: a notice covered the plot

