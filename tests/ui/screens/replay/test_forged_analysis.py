"""A kept analysis that a stranger forged (`analyses/<key>.json`): numbers that are not
finite or out of range, seats the match does not have, lists past any size, fields of
the wrong type. The viewer sets it aside in words and analyses the match again, never
a traceback (an accuracy of 1e308 or NaN once crashed it with decimal.InvalidOperation)."""
from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dominoes_tui.engine import dumps
from dominoes_tui.records import match_key
from dominoes_tui.ui.records_app import RecordsApp
from dominoes_tui.ui.screens.replay import replay_analysis
from dominoes_tui.ui.screens.replay.replay import ReplayScreen
from dominoes_tui.ui.screens.replay.replay_shelf import FOLDER_NAME, KeptShelf
from dominoes_tui.ui.screens.replay.replay_steps import ReplaySteps
from tests.ui.helpers import wait_for
from tests.ui.screens.replay.helpers import made_up, the_match

from ...helpers import Notices


def forged(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def make(good: dict[str, Any]) -> dict[str, Any]:
        bad = copy.deepcopy(good)
        change(bad)
        return bad
    return make


FORGERIES = {
    "accuracy-1e308": forged(lambda a: a["seats"][0].update(accuracy=1e308)),
    "accuracy-nan": forged(lambda a: a["seats"][0].update(accuracy=float("nan"))),
    "accuracy-negative": forged(lambda a: a["seats"][0].update(accuracy=-5)),
    "seat-7": forged(lambda a: a["seats"][0].update(seat=7)),
    "seat-3-of-2": forged(lambda a: a["moves"][0].update(seat=3)),
    "seat-null": forged(lambda a: a["moves"][0].update(seat=None)),
    "seat-true": forged(lambda a: a["seats"][1].update(seat=True)),
    "loss-infinite": forged(lambda a: a["moves"][0].update(loss=float("inf"))),
    "chance-huge": forged(lambda a: a["moves"][0].update(options=[["6-6", 1e308]])),
    "moves-huge": forged(lambda a: a.update(moves=a["moves"] * 3000)),
    "name-huge": forged(lambda a: a["seats"][0].update(name="x" * 100_000)),
    "blunders-string": forged(lambda a: a["seats"][0].update(blunders="3")),
    "seats-not-a-list": forged(lambda a: a.update(seats={"0": 1})),
}


def kept_forgery(home: Path, forgery: str) -> tuple[ReplaySteps, dict[str, Any], Path]:
    """The match's steps, its good analysis, and the forged one kept where the viewer looks."""
    match = the_match()
    steps = ReplaySteps.from_text(dumps(match.events))
    good = made_up(steps).to_json(full=True)
    folder = home / FOLDER_NAME
    folder.mkdir(parents=True)
    kept = folder / f"{match_key(match.events)}.json"
    kept.write_text(json.dumps(FORGERIES[forgery](good)), encoding="utf-8")
    return steps, good, kept


@pytest.mark.parametrize("forgery", FORGERIES)
def test_no_forgery_reads_as_an_analysis(dominoes_home, forgery: str) -> None:
    """What the viewer does with the kept text (replay_analysis._load_stored): the shelf's
    text, parsed for the match's seats; a refusal is what sets it aside in words."""
    steps, _good, kept = kept_forgery(dominoes_home, forgery)
    text = KeptShelf().load(kept.stem)
    assert text is not None
    with pytest.raises(Exception):  # noqa: B017 - the viewer takes any refusal as damage
        replay_analysis.parse(text, steps.whole.n)


# the viewer's way with a refused analysis is one for every forgery: shown here for the
# one that once crashed it and for one refused only for this match's seats
@pytest.mark.parametrize("forgery", ["accuracy-1e308", "seat-3-of-2"])
async def test_a_forged_analysis_is_set_aside_and_made_again(monkeypatch, dominoes_home, notices: Notices,
                                                             forgery: str) -> None:
    steps, good, kept = kept_forgery(dominoes_home, forgery)
    monkeypatch.setattr(replay_analysis, "analyse", lambda steps_, progress, cancel, *jobs: made_up(steps_))
    app = RecordsApp(lambda: ReplayScreen(steps, shelf=KeptShelf()))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen.analysis is not None)
        assert notices.containing("could not be read")
        assert app.screen.analysis == made_up(steps)
        await wait_for(pilot, lambda: kept.exists() and json.loads(kept.read_text(encoding="utf-8")) == good)
