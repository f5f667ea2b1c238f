"""The round's end at the table: the summary (then the next round, or the match's end
screen), the match kept in the club records, the walk-through's last lessons."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App

from ....i18n import _
from .presenter import TablePresenter


def show_round_end(app: App[Any], p: TablePresenter, redraw: Callable[[], None], drive: Callable[[], None],
                   dismiss: Callable[[str | None], Any]) -> None:
    """The summary of the round just ended over the table (`redraw` and `drive` it again
    for the next round; `dismiss` it with the match end screen's answer)."""
    from .summary import MatchEndScreen, RoundSummaryScreen
    from .walkthrough_text import CLOSING, SCORED

    client = p.client
    report = client.last_round()
    if report is None:
        return
    p.summing_up()
    redraw()  # the prompt line under the summary stops saying the round is being counted
    if report.match_over and not p.walkthrough and hasattr(app, "record_finished"):
        app.record_finished(client)  # into the club records: results and ratings

    def after_summary(_result: object) -> None:
        if report.match_over:
            label = getattr(app, "after_match", lambda: "New match")()  # English: translated where shown
            closing = _(CLOSING) if p.walkthrough else ""
            end = MatchEndScreen(report, client.config, client.seats, label, closing, not p.walkthrough)
            app.push_screen(end, dismiss)
            return
        p.next_round()
        redraw()
        drive()

    # A spectator follows the table; a person reads the summary at their own pace.
    follow = client.moved_on if not client.human_seats else None
    note = _(SCORED) if p.walkthrough else ""  # the walk-through's last lesson, where the eyes are
    # the walk-through's target of 1 only ends the match after one round: no rule to show
    summary = RoundSummaryScreen(report, client.config, client.seats, follow, note, not p.walkthrough)
    app.push_screen(summary, after_summary)
