"""docs/BOT_PROTOCOL.md: turn messages round-trip, `dominoes bot` answers, and outside bots that
crash, hang, answer garbage or answer an illegal move are handled; the match goes on."""
from __future__ import annotations

import io
import json
import random
import sys
import textwrap
from pathlib import Path

import pytest

from dominoes_tui.bots import make_bot
from dominoes_tui.bots.external import ExternalBot
from dominoes_tui.bots.protocol import ProtocolError, parse_move, turn_message, view_from_turn
from dominoes_tui.bots.registry import BotSpecError
from dominoes_tui.bots.runner import play_match
from dominoes_tui.cli import main as cli_main
from dominoes_tui.commands.bot import serve
from dominoes_tui.engine import make_config

from .helpers import TABLES, positions

PY = sys.executable


@pytest.mark.parametrize("variant,players", TABLES, ids=[f"{v}-{p}p" for v, p in TABLES])
def test_turn_messages_round_trip(variant: str, players: int) -> None:
    for _match, view in positions(variant, players, 80, seed=4):
        msg = json.loads(json.dumps(turn_message(view)))  # through real JSON text
        assert msg["type"] == "turn" and msg["seat"] == view.seat and msg["seats"] == players
        assert set(msg) >= {"variant", "options", "target", "teams", "hand", "hand_sizes", "boneyard", "ends",
                            "scores", "round", "history", "legal"}
        back = view_from_turn(msg)
        for name in ("seat", "variant", "players", "teams", "options", "target", "round", "hand", "layout",
                     "hand_sizes", "boneyard", "drawable", "scores", "legal", "history", "lacks", "leader"):
            assert getattr(back, name) == getattr(view, name), name
        assert back.ends == view.ends
        assert make_bot("medium", random.Random(0)).choose(back) == make_bot("medium", random.Random(0)).choose(view)


def test_turn_message_keeps_other_draws_hidden() -> None:
    for _match, view in positions("draw", 2, 300, seed=8):
        msg = turn_message(view)
        for event in msg["history"]:
            if event["event"] == "draw" and event["seat"] != view.seat:
                assert event["tile"] is None
                return
    pytest.fail("no draw by the other seat was seen")


def test_bad_turn_messages_are_protocol_errors() -> None:
    with pytest.raises(ProtocolError):
        view_from_turn({"type": "turn", "variant": "chess"})
    with pytest.raises(ProtocolError):
        view_from_turn({"type": "turn", "variant": "draw", "seat": 0, "seats": 2})
    with pytest.raises(ValueError):
        parse_move("not json")
    with pytest.raises(ValueError):
        parse_move('{"tile": "7-9", "end": "left"}')


def test_dominoes_bot_speaks_the_protocol_in_process() -> None:
    _match, view = next(p for i, p in enumerate(positions("allfives", 2, 30, seed=1)) if i == 20)
    lines = [json.dumps({"type": "hello", "protocol": 1}), "this is not json", json.dumps(turn_message(view)),
             json.dumps({"type": "bye"}), json.dumps(turn_message(view))]
    out, err = io.StringIO(), io.StringIO()
    assert serve("medium", 0, None, None, io.StringIO("\n".join(lines) + "\n"), out, err) == 0
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(answers) == 2, "one answer to hello, one to the turn; nothing after bye"
    assert isinstance(answers[0]["name"], str)
    assert parse_move(json.dumps(answers[1])) in view.legal
    assert "not JSON" in err.getvalue()


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return f"cmd:{PY} {path}"


GOOD_BOT = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"name": "Last Gus"}), flush=True)
    elif msg["type"] == "turn":
        print(json.dumps(msg["legal"][-1]), flush=True)
    elif msg["type"] == "bye":
        break
"""


def _play(config_args: tuple[str, int], specs: list[str], seed: int = 3, time_limit: float | None = None):
    config = make_config(*config_args)
    bots = [make_bot(spec, random.Random(i), f"seat{i}") for i, spec in enumerate(specs)]
    for bot in bots:
        if time_limit is not None and isinstance(bot, ExternalBot):
            bot.time_limit = time_limit
    try:
        return play_match(config, bots, seed), bots
    finally:
        for bot in bots:
            bot.close()


def test_an_outside_program_plays_a_whole_match(tmp_path: Path) -> None:
    spec = _script(tmp_path, "good", GOOD_BOT)
    report, bots = _play(("draw", 2), [spec, "easy"])
    assert report.match.is_over
    assert bots[0].announced == "Last Gus"
    assert report.notes == []
    plays = [e for e in report.match.events if e["event"] == "play" and e["seat"] == 0]
    assert plays, "the outside bot placed tiles"


def test_the_games_own_bot_round_trips_through_a_process() -> None:
    spec = f"cmd:{PY} -m dominoes_tui bot --level medium"
    inside, _ = _play(("partner", 4), ["medium", "easy", "medium", "easy"], seed=5)
    outside, _ = _play(("partner", 4), [spec, "easy", "medium", "easy"], seed=5)
    assert outside.notes == []
    assert [e for e in outside.match.events if e["event"] != "match_start"] == \
        [e for e in inside.match.events if e["event"] != "match_start"]


def test_a_crashing_bot_has_its_moves_made_and_the_match_goes_on(tmp_path: Path) -> None:
    spec = _script(tmp_path, "crash", """
        import json, sys
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "hello":
                print(json.dumps({"name": "Crashy"}), flush=True)
            else:
                raise SystemExit(3)
    """)
    report, bots = _play(("draw", 2), [spec, "easy"])
    assert report.match.is_over
    assert any(": crash:" in n and "exited with code 3" in n for n in report.notes)
    assert any("given up" in n for n in report.notes), "after its restarts it is left stopped"
    assert bots[0].proc is None


def test_a_hanging_bot_times_out_and_the_match_goes_on(tmp_path: Path) -> None:
    spec = _script(tmp_path, "hang", """
        import json, sys, time
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "hello":
                print(json.dumps({"name": "Sleepy"}), flush=True)
            else:
                time.sleep(60)
    """)
    config = make_config("block", 2)
    bot = make_bot(spec, random.Random(0), "sleepy")
    bot.time_limit = 0.3
    bot.max_restarts = 1
    try:
        report = play_match(config, [bot, make_bot("easy", random.Random(1))], 4)
    finally:
        bot.close()
    assert report.match.is_over
    timeouts = [n for n in report.notes if ": timeout:" in n]
    assert timeouts and "no answer within 0.3 s" in timeouts[0]


def test_a_bot_answering_garbage_or_illegal_moves_has_its_move_made(tmp_path: Path) -> None:
    garbage = _script(tmp_path, "garbage", """
        import json, sys
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "hello":
                print("hi!", flush=True)
            elif msg["type"] == "turn":
                print("play the big one", flush=True)
    """)
    illegal = _script(tmp_path, "illegal", """
        import json, sys
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "hello":
                print(json.dumps({"name": "Cheat"}), flush=True)
            elif msg["type"] == "turn":
                hand = set(msg["hand"])
                fake = next(t for t in ["0-0","1-1","2-2","3-3","4-4","5-5","6-6","0-1"] if t not in hand)
                print(json.dumps({"tile": fake, "end": "left"}), flush=True)
    """)
    report, bots = _play(("draw", 2, 20), [garbage, illegal])  # a round or two: each answer is refused alike
    assert report.match.is_over
    assert any(": garbage:" in n and "hello" in n for n in report.notes)
    assert any(": garbage:" in n and "play the big one" in n for n in report.notes)
    assert any(": illegal:" in n and "is not a legal move" in n for n in report.notes)
    # every move was made for them: the first legal move each time
    assert bots[0].failures["garbage"] >= 2 and bots[1].failures["illegal"] >= 1


def test_simulate_accepts_cmd_bots_and_reports_what_happened(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    crash = _script(tmp_path, "crash_now", "import sys\nsys.exit(1)\n")
    code = cli_main(["simulate", "--variant", "draw", "--matches", "2", "--bots", f"{crash},medium", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["matches"] == 2
    assert any(": crash:" in n for n in summary["notes"])


def test_bad_cmd_specs_are_refused() -> None:
    with pytest.raises(BotSpecError):
        make_bot("cmd:", random.Random(0))
    with pytest.raises(BotSpecError):
        make_bot("cmd:/no/such/program --flag", random.Random(0))
    with pytest.raises(BotSpecError):
        make_bot("grandmaster", random.Random(0))
    with pytest.raises(BotSpecError):
        make_bot("hard:fast", random.Random(0))


def test_dominoes_bot_hard_takes_a_think_time() -> None:
    _match, view = next(p for i, p in enumerate(positions("partner", 4, 30, seed=2)) if i == 12)
    lines = [json.dumps({"type": "hello", "protocol": 1}), json.dumps(turn_message(view)), json.dumps({"type": "bye"})]
    out = io.StringIO()
    assert serve("hard", 1, 5.0, "Deep Domino", io.StringIO("\n".join(lines) + "\n"), out, io.StringIO()) == 0
    hello, answer = [json.loads(x) for x in out.getvalue().splitlines()]
    assert hello == {"name": "Deep Domino"}
    assert parse_move(json.dumps(answer)) in view.legal


def test_registry_levels() -> None:
    from dominoes_tui.bots.registry import BotSpecError, level_names
    from dominoes_tui.bots.search import SearchBot

    assert make_bot("random", random.Random(0)).level == "random"
    assert make_bot("easy", random.Random(0)).level == "easy"
    hard = make_bot("hard:75", random.Random(0))
    assert isinstance(hard, SearchBot) and hard.level == "hard" and hard.think_ms == 75
    assert make_bot("hard", random.Random(0)).think_ms == 200
    clockless = make_bot("hard:0", random.Random(0))
    assert clockless.think_ms is None and clockless.max_iterations == 150 and clockless.solve_ms == 200
    expert = make_bot("expert", random.Random(0))
    assert isinstance(expert, SearchBot) and expert.level == "expert" and expert.think_ms == 1000
    # the research yardstick (the checkout's bench/flat.py) is no level of the program at all
    assert "flat" not in level_names()
    for spec in ("flat", "flat:75"):
        with pytest.raises(BotSpecError):
            make_bot(spec, random.Random(0))


def test_unasked_lines_are_never_taken_for_the_next_answer(tmp_path: Path) -> None:
    chatty = _script(tmp_path, "chatty", """
        import json, sys
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "hello":
                print(json.dumps({"name": "Chatty"}), flush=True)
            elif msg["type"] == "turn":
                print(json.dumps(msg["legal"][-1]), flush=True)
                print(json.dumps({"tile": "9-9", "end": "left"}), flush=True)
    """)
    report, bots = _play(("draw", 2), [chatty, "easy"])
    assert report.match.is_over
    assert not any(": illegal:" in n for n in report.notes)
    assert any("sent unasked" in n for n in report.notes)


def test_a_line_for_the_last_turn_that_comes_after_this_turn_was_sent_is_not_the_answer(tmp_path: Path) -> None:
    # The race of a busy machine made certain: the stray line of the last turn reaches the
    # table only after the next turn message was sent, just before the real answer.
    late = _script(tmp_path, "late", """
        import json, sys
        turns = 0
        for line in sys.stdin:
            msg = json.loads(line)
            if msg["type"] == "hello":
                print(json.dumps({"name": "Late"}), flush=True)
            elif msg["type"] == "turn":
                if turns:
                    print(json.dumps({"tile": "9-9", "end": "left"}), flush=True)
                turns += 1
                print(json.dumps(msg["legal"][-1]), flush=True)
    """)
    report, bots = _play(("draw", 2), [late, "easy"])
    assert report.match.is_over
    assert not any("for it" in n for n in report.notes), report.notes[:3]
    assert sum("sent unasked" in n for n in report.notes) >= 3
    assert bots[0]._strays >= 3
