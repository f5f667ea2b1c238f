"""The `expert` level: the information-set search (bots/search/) with a second a move."""
from __future__ import annotations

import random

import pytest

from dominoes_tui.bots import BotSpecError, level_names, make_bot
from dominoes_tui.bots.search import SearchBot
from dominoes_tui.engine import PLAYING, Match, make_config, view_for


def test_expert_is_a_level_with_a_second_a_move() -> None:
    assert "expert" in level_names()
    bot = make_bot("expert", random.Random(0))
    assert isinstance(bot, SearchBot) and bot.level == "expert"
    assert bot.think_ms == 1000
    assert make_bot("expert:250", random.Random(0)).think_ms == 250
    with pytest.raises(BotSpecError, match="expert:MS takes a think time"):
        make_bot("expert:soon", random.Random(0))


def test_expert_plays_legal_moves_through_a_match() -> None:
    config = make_config("allfives", 2)
    match = Match(config, random.Random(5))
    bots = [SearchBot(random.Random(1), think_ms=None, max_iterations=4), make_bot("medium", random.Random(2))]
    match.begin_round()
    while match.phase == PLAYING:
        view = view_for(match, match.to_act)
        move = bots[match.to_act].choose(view)
        assert move in view.legal
        match.apply(move, match.to_act)
