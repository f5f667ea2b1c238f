"""What a spectator and the projector board see (engine/view.py public_view) is built
from public facts alone: with every hidden tile made unreadable it is still built, and it
is what stripping a seat's view used to give."""
from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.runner import StopMatch, asking, play_match
from dominoes_tui.engine import Match, Move, PlayerView, make_config, view_for
from dominoes_tui.engine.seeds import seeded
from dominoes_tui.engine.view import NOBODY, public_view
from dominoes_tui.net.evening.board_feed import summary


def _stripped(match: Match) -> PlayerView:
    """The spectator's view as it used to be made: seat 0's, with its hand taken out."""
    view = view_for(match, 0)
    history = tuple({"event": "draw", "seat": e["seat"], "tile": None} if e["event"] == "draw" else e for e in view.history)
    return replace(view, seat=-1, hand=(), legal=(), history=history)


def _positions(variant: str, players: int, seed: int) -> list[Match]:
    """A match stopped after 1, 2, ... moves (each a fresh replay), covering draws and passes."""
    out = []
    for stop_after in (0, 1, 3, 8, 20, 60):
        bots = [make_bot("easy", seeded(seed, s)) for s in range(players)]
        ask, made = asking(bots), []

        def step(match: Match, seat: int, ask=ask, made=made, stop_after=stop_after) -> Move:
            if len(made) == stop_after:
                raise StopMatch
            made.append(seat)
            return ask(match, seat)

        out.append(play_match(make_config(variant, players), bots, seed, step).match)
    return out


class Hidden:
    def __get__(self, obj: object, owner: object = None) -> object:
        raise AssertionError("a hidden tile was read")


def _unreadable(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every way to a hidden tile through Match's API raises: hands, the boneyard's tiles,
    and the legal moves (they tell the hand of the seat to act)."""
    for name in ("hand", "hands", "boneyard", "legal_moves"):
        monkeypatch.setattr(Match, name, Hidden())


@pytest.mark.parametrize("variant,players", [("draw", 2), ("draw", 4), ("allfives", 3), ("partner", 4), ("kozel", 3)])
def test_the_public_view_reads_no_hidden_tile(variant: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    matches = _positions(variant, players, 11)
    expected = [_stripped(m) for m in matches]
    _unreadable(monkeypatch)
    for match, before in zip(matches, expected):
        with pytest.raises(AssertionError, match="hidden tile"):
            view_for(match, 0)  # a seat's view does read its hand: the guard bites
        view = public_view(match)
        assert view == before  # exactly what spectators were sent before
        assert view.seat == NOBODY and view.hand == () and view.legal == ()
        assert all(e.get("tile") is None for e in view.history if e["event"] == "draw")


def test_the_board_summary_reads_no_hidden_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    match = _positions("draw", 3, 5)[3]
    sizes = [len(h) for h in match.hands]
    table = SimpleNamespace(code="ABCD", match=match, spectators=set(),
                            slots=[SimpleNamespace(name=f"P{i}", kind="bot", conn=None) for i in range(3)])
    _unreadable(monkeypatch)
    assert summary(table)["hand_sizes"] == sizes  # type: ignore[arg-type]


def test_views_of_a_match_are_unchanged_by_the_public_one() -> None:
    """The spectator's history is kept apart from each seat's: a seat still sees its own draws."""
    match = _positions("draw", 2, 3)[5]
    public_view(match)
    own = [e for seat in range(2) for e in view_for(match, seat).history if e["event"] == "draw" and e["seat"] == seat]
    assert own and all(e["tile"] is not None for e in own)
