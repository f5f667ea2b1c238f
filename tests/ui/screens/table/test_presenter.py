"""The table's presenter without a screen: whole seeded matches of every variant played
through its actions alone, and what its prompt says and its keys may do in each phase
of a turn."""
from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from dominoes_tui.engine import MATCH_OVER, ROUND_OVER, VARIANTS, Move, make_config
from dominoes_tui.table.client import SeatInfo
from dominoes_tui.table.local import SPEEDS, LocalTable
from dominoes_tui.ui.choices import Prefs
from dominoes_tui.ui.screens.table import presenter_words as words
from dominoes_tui.ui.screens.table.presenter import TablePresenter

ROOM = 78  # an 80-column prompt inside its padding


def table(variant: str, players: int, seed: int, humans: int = 1, target: int | None = None) -> LocalTable:
    names = ["You", "Ana", "Ben", "Cleo"][:humans]
    seats = [SeatInfo(n, "human") for n in names]
    seats += [SeatInfo(f"Bot {i}", "bot", "easy") for i in range(players - humans)]
    return LocalTable.new(make_config(variant, players, target), seats, seed=seed)


def prompt(p: TablePresenter) -> str:
    return words.prompt(p, p.view, p.my_turn(), ROOM).plain


async def play_match(p: TablePresenter, step: int) -> dict[str, int]:
    """Plays the match to its end through the presenter, the keys chosen by `step`
    (cycle this far, then Enter, then Enter again on a question of ends). Counts what
    happened so the test can see each phase was met."""
    client, seen = p.client, {"turns": 0, "ends_asked": 0, "rounds": 0, "drew": 0, "hidden": 0}
    for _ in range(5000):
        phase = client.phase
        if phase == MATCH_OVER:
            return seen
        if phase == ROUND_OVER:
            p.update()
            assert prompt(p) == "Counting the round…"
            p.summing_up()
            assert prompt(p) == "" and not p.may("play", ())
            seen["rounds"] += 1
            p.next_round()
            continue
        seat = client.waiting_for()
        assert seat is not None
        if not client.seats[seat].is_human:
            p.busy = True
            p.update()
            assert not p.may("play", ()) and not p.may("hint", ())
            assert prompt(p).endswith("is thinking…")
            await client.advance()
            p.busy = False
            continue
        if p.hand_over(seat):  # hotseat: the hands covered until the next person takes the keyboard
            p.update()
            assert prompt(p).startswith("Hands are hidden") and p.shown_seat() is None
            assert not p.may("pick", (0,)) and not p.may("play", ())
            seen["hidden"] += 1
            p.handed_over(seat)
        p.begin_turn()
        p.update()
        assert p.my_turn() and p.may("play", ()) and p.may("hint", ())
        playable = p.playable()
        assert playable and p.selected == min(playable)  # the first tile that fits is offered
        said = prompt(p)
        if p.drew_now:
            seen["drew"] += 1
            assert said.startswith("No tile fitted, so you drew until") and "Enter plays it." in said
        elif not p.view.layout.line:
            assert "lead" in said
        else:
            assert ("Your turn" in said or ", your turn" in said) and "Enter plays; h hints." in said
        for _ in range(step):
            assert p.cycle(1).shown
        change = p.play()
        if change.move is None:  # fits two ends: the prompt asks which
            seen["ends_asked"] += 1
            assert p.end_cursor == 0 and p.may("cancel", ())
            assert "ends. On the" in prompt(p) and "Esc back" in prompt(p)
            assert p.cycle(1).shown and p.end_cursor == 1 % len(p.target_ends())
            change = p.play()
        assert change.move is not None and change.move in p.view.legal
        assert p.send(change.move).note == ""  # the engine took it
        seen["turns"] += 1
        assert p.selected is None and p.end_cursor is None and p.notice == ""
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_whole_seeded_match_of_every_variant_is_played_through_the_presenter(variant: str) -> None:
    players = max(VARIANTS[variant].players)
    client = table(variant, players, seed=11)
    p = TablePresenter(client, Prefs())
    seen = asyncio.run(play_match(p, step=1))
    assert client.phase == MATCH_OVER and client.last_round() is not None and client.last_round().match_over
    assert seen["turns"] > 0 and seen["rounds"] >= 1 and seen["ends_asked"] > 0
    if VARIANTS[variant].draws and players < 4:  # four at the table leave a stock too small to need
        assert seen["drew"] > 0
    assert p.summed_up is False  # the next round was begun or the match ended: nothing left to sum up


def test_hotseat_covers_the_hands_between_people_and_a_match_ends() -> None:
    client = table("draw", 2, seed=5, humans=2, target=1)
    p = TablePresenter(client, Prefs())
    assert p.hotseat and p.hidden  # hands start covered with two people at one keyboard
    seen = asyncio.run(play_match(p, step=0))
    assert client.phase == MATCH_OVER and seen["hidden"] >= 2


def test_the_presenter_plays_the_same_match_for_the_same_seed_and_keys() -> None:
    def log(seed: int) -> list[dict[str, object]]:
        client = table("allfives", 3, seed=seed, target=30)
        asyncio.run(play_match(TablePresenter(client, Prefs()), step=2))
        return list(client.match.events)

    assert log(4) == log(4)


def test_a_tile_that_fits_nowhere_is_told_and_an_end_it_misses_changes_nothing() -> None:
    client = table("block", 2, seed=3)
    p = TablePresenter(client, Prefs())
    asyncio.run(_to_my_turn_on_a_line(p))
    stuck = [i for i in range(len(p.view.hand)) if i not in p.playable()]
    assert stuck, "seed 3 gives a hand with a tile that does not fit"
    change = p.pick(stuck[0])
    assert "fits no open end" in change.note and p.selected == stuck[0]
    assert not p.may("play", ())  # nothing to play with that tile
    before = (p.selected, p.end_cursor)
    missed = p.choose_end(p.view.layout.ends[0][0])
    assert "does not fit the" in missed.note and missed.move is None and not missed.shown
    assert (p.selected, p.end_cursor) == before
    assert not p.pick(99).shown and p.selected == stuck[0]  # a key past the hand does nothing
    assert p.may("end", (p.view.layout.ends[0][0],)) and not p.may("end", ("up",))


async def _to_my_turn_on_a_line(p: TablePresenter) -> None:
    client = p.client
    while not (client.waiting_for() == p.viewer and client.view(p.viewer).layout.line):
        seat = client.waiting_for()
        if seat == p.viewer:
            p.begin_turn()
            move = p.play().move
            assert move is not None or p.play().move is not None
            p.send(move or p.moves_for(p.selected)[p.end_cursor or 0])
        else:
            await client.advance()
    p.begin_turn()
    p.update()


def test_the_keys_of_the_display_change_the_prefs_and_say_so() -> None:
    client = table("draw", 2, seed=1)
    prefs = Prefs()
    p = TablePresenter(client, prefs)
    assert words.speed_said(p.next_speed()) == "Bot speed: slow" and client.bot_delay == SPEEDS["slow"]
    assert p.next_speed() == "instant" and client.bot_delay == 0.0
    p.toggle_pips()
    assert prefs.pips and p.look.pips
    assert words.lacks_said(p.toggle_lacks()) == "Memory aid off"
    assert not p.big  # auto, on an 80×24 terminal
    p.screen_size = (200, 60)
    assert p.big
    assert words.projector_said(p.next_projector()) == "Big tiles: on" and p.look.big
    assert p.next_projector() == "off" and not p.big


def test_a_hint_chooses_its_tile_and_takes_the_prompt_until_the_move() -> None:
    client = table("draw", 2, seed=2)
    p = TablePresenter(client, Prefs())
    asyncio.run(_to_my_turn_on_a_line(p))
    move: Move = p.view.legal[-1]
    p.hinted(move, "Hint: play it.")
    assert p.view.hand[p.selected or 0] == move.tile and prompt(p) == "Hint: play it."
    p.send(move)
    assert p.hint_text == "" and prompt(p) != "Hint: play it."


def test_the_status_line_says_the_variant_round_and_goal() -> None:
    client = table("allfives", 2, seed=1)
    p = TablePresenter(client, Prefs())
    status = words.status(p, p.update()).plain
    assert status.startswith("All Fives") and "round 1" in status and "target" in status


def test_the_presenter_imports_neither_textual_nor_rich() -> None:
    code = ("import sys; import dominoes_tui.ui.screens.table.presenter_words; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; print(bad); sys.exit(bool(bad))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
