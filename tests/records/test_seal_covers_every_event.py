"""The seal of a kept log covers every event, not only its start and first deal: a log
kept here whose play after the first deal is rewritten (a forged continuation that the
rules check passes) is imported under local names and unrated. A log sealed by an older
version, whose seal covers the start only, still credits its people, unrated."""
from __future__ import annotations

import json
import random

from sqlalchemy import select

from dominoes_tui.bots import make_bot
from dominoes_tui.engine import PLAYING, Seat, dumps, load_matches
from dominoes_tui.engine.view import view_for
from dominoes_tui.records import Records, person_identity, record_or_keep, summarize
from dominoes_tui.records.keep import UNRECORDED
from dominoes_tui.records.schema import matches, players
from dominoes_tui.records.seal import _digest, _make_key
from dominoes_tui.records.summary import match_key
from tests.records.helpers import run

from .helpers import play

IDS = [person_identity("hosted", "name:Ana", "Ana"), person_identity("hosted", "name:Ben", "Ben")]
NOWHERE = "postgresql://postgres@/nowhere?host={tmp}/no-socket&port=11151"


def kept_log(tmp_path, home, seed: int) -> list[dict]:
    """A fair match between two people that the records could not take: kept and sealed."""
    match = play("draw", 2, [Seat("Ana", "human"), Seat("Ben", "human")], seed=seed)
    assert not record_or_keep(summarize(match, IDS, source="hosted"), home, NOWHERE.format(tmp=tmp_path)).recorded
    [path] = sorted((home / UNRECORDED).iterdir())
    events = [json.loads(line) for line in path.read_text().splitlines()]
    path.unlink()
    return events


def continued_otherwise(events: list[dict], seed: int) -> list[dict]:
    """The same start and first round, then a different match by the rules to its end."""
    first_end = next(i for i, e in enumerate(events) if e["event"] == "round_end")
    match = load_matches(dumps(events[: first_end + 1]))[0]
    match.rng = random.Random(seed)
    bots = [make_bot("random", random.Random(f"{seed}/{i}")) for i in range(2)]
    while not match.is_over:
        match.begin_round()
        while match.phase == PLAYING:
            match.apply(bots[match.to_act].choose(view_for(match, match.to_act)), match.to_act)
    forged = [dict(e) for e in match.events]
    forged[0] = events[0]  # the kept start, with its seal
    return forged


def imported(tmp_path, capsys, log: list[dict]) -> tuple[set, list]:
    path = tmp_path / "import.jsonl"
    path.write_text(dumps(log))
    url = f"sqlite:///{tmp_path / 'records.sqlite'}"
    code, out, _ = run(capsys, "stats", "--import", str(path), "--db", url)
    assert code == 0, out
    with Records.open(url) as records, records.connect() as conn:
        return set(conn.scalars(select(players.c.key))), list(conn.scalars(select(matches.c.rated)))


def test_a_rewritten_continuation_is_not_sealed(tmp_path, dominoes_home, capsys):
    events = kept_log(tmp_path, dominoes_home, seed=6)
    for seed in range(20):  # a continuation with another result than the match had
        forged = continued_otherwise(events, seed)
        if forged[-1] != events[-1]:
            break
    assert match_key(forged) == match_key(events)  # the old seal's whole cover: the same
    keys, rated = imported(tmp_path, capsys, forged)
    assert keys == {"local:ana", "local:ben"} and rated == [False]


def test_the_kept_log_itself_imports_rated(tmp_path, dominoes_home, capsys):
    keys, rated = imported(tmp_path, capsys, kept_log(tmp_path, dominoes_home, seed=6))
    assert {"hosted:name:Ana", "hosted:name:Ben"} <= keys and rated == [True]


def test_an_older_versions_seal_credits_its_people_unrated(tmp_path, dominoes_home, capsys):
    events = kept_log(tmp_path, dominoes_home, seed=6)
    fields = {k: v for k, v in events[0]["records"].items() if k not in ("covers", "seal")}
    fields["seal"] = _digest(_make_key(dominoes_home), match_key(events), fields)  # as older versions sealed
    events[0]["records"] = fields
    keys, rated = imported(tmp_path, capsys, events)
    assert {"hosted:name:Ana", "hosted:name:Ben"} <= keys and rated == [False]
