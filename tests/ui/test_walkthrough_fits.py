"""The first-game walk-through at 80×24: the hand always in sight, every explanation
readable in full, the counts right, and its last lessons where the person looks."""
from __future__ import annotations

from dominoes_tui.table.walkthrough import walkthrough_deal
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.screens.table.summary import MatchEndScreen, RoundSummaryScreen
from dominoes_tui.ui.screens.table.table import TableScreen
from dominoes_tui.ui.screens.table.walkthrough_text import CLOSING, SCORED
from dominoes_tui.ui.widgets.hand import Hand
from tests.ui.helpers import on_screen

from .helpers import press, settle


def test_the_walkthrough_deals_each_tile_once() -> None:
    deal = walkthrough_deal()
    tiles = [*deal.hands[0], *deal.hands[1], *deal.boneyard]
    assert len(tiles) == 28 and len(set(tiles)) == 28
    assert len(deal.boneyard) == 20


async def test_the_walkthrough_fits_80x24_with_the_hand_and_every_line_in_sight() -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await press(pilot, "f2")
        table_steps = 0
        for _ in range(12):
            await settle(app, pilot)
            await pilot.pause(0)
            screen = app.screen
            if isinstance(screen, TableScreen) and screen.view_.to_act is not None:
                table_steps += 1
                hand, prompt, coach = screen.query_one(Hand), screen.query_one("#prompt"), screen.query_one("#coach")
                footer = screen.query_one("Footer")
                assert hand.region.height == 4 and hand.region.bottom <= footer.region.y <= 23, "the hand is cut off"
                assert coach.region.bottom <= prompt.region.y == hand.region.y - 1
                said = " ".join(str(coach.render()).split())
                assert said and said in on_screen(app), f"the coach's line is not all in sight: {said}"
                view = screen.view_
                placed = len(view.layout.line) + len(view.layout.up) + len(view.layout.down)
                assert placed + sum(view.hand_sizes) + view.boneyard == 28
                status = str(screen.query_one("#status").render())
                assert f"boneyard {view.boneyard}" in status
                assert "walk-through" in status and "target" not in status  # its target of 1 is no rule to learn
            elif isinstance(screen, RoundSummaryScreen):
                assert " ".join(SCORED.split()) in on_screen(app, within="#summary")  # the scoring lesson, over the sums
            elif isinstance(screen, MatchEndScreen):
                assert " ".join(CLOSING.split()) in on_screen(app, within="#end")
                break
            await press(pilot, "enter")
        assert isinstance(app.screen, MatchEndScreen) and table_steps >= 4
