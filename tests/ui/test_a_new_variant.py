"""A variant is an object that knows its rules and its words: one defined here and only
here, registered for the test, is played headless through `dominoes simulate`, offered
in the settings' variant list and explained by the help, with no other module told."""
from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from dominoes_tui.cli import main
from dominoes_tui.engine.gamelog import load_matches
from dominoes_tui.engine.leads import Hands
from dominoes_tui.engine.options import FIRST_LEAD, OptionSpec
from dominoes_tui.engine.rules import Table, Variant, register, unregister
from dominoes_tui.engine.scoring import RoundOutcome, no_winner, sole_lowest
from dominoes_tui.i18n import N_
from dominoes_tui.ui.app import DominoesApp
from dominoes_tui.ui.choices import MatchSettings, Prefs
from dominoes_tui.ui.help_text import help_markdown
from dominoes_tui.ui.screens.settings.settings import SettingsScreen
from dominoes_tui.ui.widgets.choice import Choice

from .helpers import screen_lines, settle


class Lowball(Variant):
    """Six tiles each, nobody draws; the first out scores ten for every tile the others hold."""

    name = "lowball"
    title = N_("Lowball")
    summary = N_("Six tiles, no drawing; the first out scores ten for each tile left.")
    rules_text = N_("**Lowball** (2 or 3 players). Six tiles each; nobody draws.\n\n"
                    "- The first out scores ten for each tile the others still hold.\n")
    players = (2, 3)
    hand_size = {2: 6, 3: 6}
    draws = False
    options = (FIRST_LEAD, OptionSpec("target_score", N_("points that win the match"), (30, 60), default=30,
                                      label=N_("target score")))

    def score(self, config: Table, hands: Hands, went_out: int | None, blocker: int | None,
              scores: Sequence[int], capicu: bool, pips: list[int]) -> RoundOutcome:
        w = went_out if went_out is not None else sole_lowest(pips)
        if w is None:
            return no_winner(len(hands))
        terms: list[tuple[int | str, int]] = [(i, 10 * len(h)) for i, h in enumerate(hands) if i != w]
        deltas = [0] * len(hands)
        deltas[w] = sum(p for _, p in terms)
        return RoundOutcome(w, w, deltas[w], deltas, terms)


@pytest.fixture
def lowball() -> Iterator[Variant]:
    yield register(Lowball())
    unregister(Lowball.name)


def test_a_variant_defined_only_here_is_simulated_and_its_log_replays(
        lowball: Variant, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "lowball.jsonl"
    args = ["simulate", "--variant", "lowball", "--players", "3", "--bots", "medium,easy,heaviest",
            "--matches", "4", "--seed", "3", "--jobs", "1", "--log", str(log), "--json"]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["variant"] == "lowball" and summary["target"] == 30
    matches = load_matches(log.read_text())
    assert len(matches) == 4 and all(m.is_over for m in matches)
    for match in matches:  # its own scorer: ten a tile left in the others' hands, never pips
        for record in match.records:
            if record.outcome.winner is not None:
                assert record.outcome.points % 10 == 0 and record.outcome.points > 0
        assert max(match.scores) >= 30
    assert sum(side["wins"] for side in summary["sides"]) == 4
    assert main(["replay", str(log)]) == 0
    assert "4 matches checked against the rules" in capsys.readouterr().out


def test_the_help_explains_a_variant_defined_only_here(lowball: Variant) -> None:
    text = help_markdown("lowball")
    assert text.startswith("**Lowball** (2 or 3 players)") and "ten for each tile" in text


async def test_the_settings_offer_a_variant_defined_only_here(lowball: Variant) -> None:
    app = DominoesApp(MatchSettings(), Prefs(speed="instant"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        variant = screen.query_one("#variant", Choice)
        variant.value = "lowball"
        await settle(app, pilot)
        text = "\n".join(screen_lines(app))
        assert "Lowball" in text and "Six tiles, no drawing" in text
        assert screen.read().variant == "lowball"  # type: ignore[attr-defined]
        assert screen.query_one("#target", Choice).value in (30, "30")
