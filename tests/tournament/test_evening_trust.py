"""The club evening against a stranger on the wire: organizer rights come only from what
the host set up, entries and seat tickets belong to the identity that registered, one
address cannot fill the field, and a register/withdraw storm costs the others nothing."""
from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import pytest

from dominoes_tui.net.client.client import Connection, ServerRefused
from dominoes_tui.net.evening.evening import Evening, EveningError, EveningSettings
from dominoes_tui.net.host.names import NameRegister
from dominoes_tui.net.server.server import Server
from dominoes_tui.net.wire import says as S
from dominoes_tui.net.wire.protocol import PROTOCOL_VERSION
from tests.net.client.helpers import Hostile
from tests.net.helpers import Driven, claim, key_of, quick_pushes

SETTINGS = {"variant": "draw", "format": "swiss", "rounds": 1, "target": 15, "fill_bots": True, "bot_level": "random"}
ANA_SECRET = "ana's own secret, long enough"


@pytest.fixture
async def paced_server(tmp_path: Path):
    """A server with no --organizers: only the holder of its organizer secret organizes."""
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=30.0)
    await srv.start("127.0.0.1", 0)
    yield srv
    await srv.close()


@pytest.fixture
def open_server(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Server:
    """The same, its evening pushed at once: for the tests not about how pushes are paced."""
    quick_pushes(monkeypatch)
    return request.getfixturevalue("paced_server")


async def _organizer(srv: Server, name: str = "Host") -> Driven:
    """The host's own client: proves the organizer secret the server made at its start."""
    org = await Driven.connect(srv.port, name)
    answer = await org.conn.request({"type": "tournament_organize", "secret": srv.tournament_host.organizer_secret})
    assert answer["you"]["organizer"] is True
    return org


async def _open_evening(srv: Server) -> Driven:
    org = await _organizer(srv)
    await org.conn.request({"type": "tournament_open", "settings": SETTINGS})
    return org


# -- 1. organizers ------------------------------------------------------------------------------
async def test_a_squatter_who_claims_an_organizer_name_first_gets_no_rights(tmp_path: Path) -> None:
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", organizers={"Ana"})
    await srv.start("127.0.0.1", 0)
    try:
        # Ana never said hello here before the host started: a stranger claims "Ana" first
        squatter = Driven(await Connection.open("127.0.0.1", srv.port, "Ana", key=key_of("the squatter's secret!!")))
        assert squatter.conn.name == "Ana" and not squatter.conn.guest
        with pytest.raises(ServerRefused, match="organizer"):
            await squatter.conn.request({"type": "tournament_open", "settings": SETTINGS})
        assert (await squatter.conn.request({"type": "tournament"}))["you"]["organizer"] is False
        with pytest.raises(ServerRefused):  # guessing the organizer secret is refused (and counts as a mistake)
            await squatter.conn.request({"type": "tournament_organize", "secret": "x" * 32})
        # the host's own console (its organizer secret) still organizes
        org = await _organizer(srv, "Ana~2")
        await org.conn.request({"type": "tournament_open", "settings": SETTINGS})
        with pytest.raises(ServerRefused, match="organizer"):
            await squatter.conn.request({"type": "tournament_close"})
        await squatter.close()
        await org.close()
    finally:
        await srv.close()


async def test_an_organizer_name_is_the_claim_that_existed_when_the_host_started(tmp_path: Path) -> None:
    """`--organizers Ana` means the Ana who had claimed her name before the host named her:
    released and claimed again by someone else, the name carries no rights."""
    data = tmp_path / "server"
    data.mkdir()
    claim(NameRegister(data / "names.json"), "Ana", ANA_SECRET)
    srv = Server(data, bot_delay=0.0, default_level="random", organizers={"Ana"})
    await srv.start("127.0.0.1", 0)
    try:
        ana = Driven(await Connection.open("127.0.0.1", srv.port, "Ana", key=key_of(ANA_SECRET)))
        assert (await ana.conn.request({"type": "tournament"}))["you"]["organizer"] is True
        await ana.close()
        srv.names.release("Ana")
        other = Driven(await Connection.open("127.0.0.1", srv.port, "Ana", key=key_of("someone else's secret")))
        assert not other.conn.guest
        assert (await other.conn.request({"type": "tournament"}))["you"]["organizer"] is False
        await other.close()
    finally:
        await srv.close()


async def test_without_organizers_a_guest_never_opens_or_closes(open_server: Server) -> None:
    stranger = await Driven.connect(open_server.port, "Host")  # a guest, under the opener's name
    with pytest.raises(ServerRefused, match="organizer"):
        await stranger.conn.request({"type": "tournament_open", "settings": SETTINGS})
    org = await _open_evening(open_server)
    other = await Driven.connect(open_server.port, "Host")
    assert other.conn.name != "Host", "an online guest's name is never given to a second guest"
    for kind in ("tournament_close", "tournament_start"):
        with pytest.raises(ServerRefused, match="organizer"):
            await stranger.conn.request({"type": kind})
    assert open_server.tournament_host.evening.state == "registering"
    await org.conn.request({"type": "tournament_close"})
    with pytest.raises(ServerRefused, match="organizer"):  # the next evening is the host's too
        await stranger.conn.request({"type": "tournament_open", "settings": SETTINGS})
    for p in (stranger, org, other):
        await p.close()


async def test_an_evening_nobody_entered_does_not_start(open_server: Server, caplog: pytest.LogCaptureFixture) -> None:
    """Bots would fill the whole field and play the evening among themselves: the
    organizer is told why not (a template each client says in its language), the host's
    console too, and the evening still takes entries."""
    org = await _open_evening(open_server)
    with caplog.at_level(logging.INFO, logger="dominoes_tui.net"):
        with pytest.raises(ServerRefused, match="nobody has entered yet") as refused:
            await org.conn.request({"type": "tournament_start"})
    assert refused.value.say == S.NOBODY_ENTERED
    assert "Host asked to start the tournament: nobody has entered yet" in caplog.text
    assert open_server.tournament_host.evening.state == "registering"
    assert not open_server.tables  # not a table opened for bots alone
    await org.conn.request({"type": "tournament_register"})
    await org.conn.request({"type": "tournament_start"})  # one person and bots: an evening
    assert open_server.tournament_host.evening.state == "playing"
    await org.close()


def test_an_evening_without_bots_starts_with_a_table_of_people() -> None:
    evening = Evening.open(EveningSettings(variant="draw", format="rotation", rounds=1, fill_bots=False), "Org", 1)
    for name in ("Ana", "Ben"):
        evening.register(name)
    with pytest.raises(EveningError) as refused:
        evening.start()
    assert refused.value.phrase.key == S.TOO_FEW_ENTERED and refused.value.phrase.args == {"count": 2, "least": 3}
    assert evening.state == "registering"
    evening.register("Cy")
    assert [len(plan.seats) for plan in evening.start()] == [3]


# -- 2. entries belong to who registered -------------------------------------------------------
async def test_a_second_guest_saying_bob_gets_nothing_of_bobs(open_server: Server) -> None:
    org = await _open_evening(open_server)
    bob = await Driven.connect(open_server.port, "Bob")
    assert (await bob.conn.request({"type": "tournament_register"}))["you"]["entered"]
    evil = await Driven.connect(open_server.port, "Bob")
    assert evil.conn.name != "Bob"
    status = await evil.conn.request({"type": "tournament"})
    assert status["you"]["entered"] is False
    with pytest.raises(ServerRefused, match="not entered"):
        await evil.conn.request({"type": "tournament_withdraw"})
    with pytest.raises(ServerRefused, match="organizer"):  # naming Bob is an organizer's right
        await evil.conn.request({"type": "tournament_withdraw", "name": "Bob"})
    # Bob's connection goes; a guest saying "Bob" now is still not Bob
    await bob.close()
    late = await Driven.connect(open_server.port, "Bob")
    assert late.conn.name != "Bob"
    cy = Driven(await Connection.open("127.0.0.1", open_server.port, "Cy", key=key_of("cy's secret, long enough")))
    await cy.conn.request({"type": "tournament_register"})
    await org.conn.request({"type": "tournament_start"})
    seated = await cy.wait_for(lambda m: m.get("type") == "seated")
    assert seated["token"]
    for p in (evil, late):
        status = await p.conn.request({"type": "tournament"})
        assert status["you"]["seat"] is None and status["you"]["entered"] is False
        assert not any(m.get("type") == "seated" for m in p.pushed)
    for p in (org, evil, late, cy):
        await p.close()


async def test_a_claimed_entrant_comes_back_to_the_seat_and_a_guest_never_gets_it(open_server: Server) -> None:
    org = await _open_evening(open_server)
    bob = Driven(await Connection.open("127.0.0.1", open_server.port, "Bob", key=key_of("bob's secret, long enough")))
    await bob.conn.request({"type": "tournament_register"})
    await org.conn.request({"type": "tournament_start"})
    ticket = await bob.wait_for(lambda m: m.get("type") == "seated")
    await bob.close()
    evil = await Driven.connect(open_server.port, "Bob")
    assert (await evil.conn.request({"type": "tournament"}))["you"]["seat"] is None
    bob = Driven(await Connection.open("127.0.0.1", open_server.port, "Bob", key=key_of("bob's secret, long enough")))
    assert (await bob.conn.request({"type": "tournament"}))["you"]["seat"]["token"] == ticket["token"]
    for p in (org, evil, bob):
        await p.close()


async def test_an_organizer_may_withdraw_someone_by_name(open_server: Server) -> None:
    org = await _open_evening(open_server)
    bob = await Driven.connect(open_server.port, "Bob")
    await bob.conn.request({"type": "tournament_register"})
    answer = await org.conn.request({"type": "tournament_withdraw", "name": "Bob"})
    assert [e["withdrawn"] for e in answer["tournament"]["entrants"] if e["name"] == "Bob"] == [True]
    for p in (org, bob):
        await p.close()


async def test_two_browser_guests_never_share_a_name(open_server: Server) -> None:
    tabs = [await Driven.connect(open_server.port, "Guest") for _ in range(3)]
    assert len({t.conn.name for t in tabs}) == 3
    for t in tabs:
        await t.close()


# -- 3. one address cannot fill the field ---------------------------------------------------------
async def test_one_address_cannot_fill_the_evening(open_server: Server) -> None:
    org = await _open_evening(open_server)
    entered, refused, conns = 0, "", []
    for i in range(40):
        guest = await Driven.connect(open_server.port, f"Sock{i}")
        conns.append(guest)
        try:
            await guest.conn.request({"type": "tournament_register"})
            entered += 1
        except ServerRefused as exc:
            refused = str(exc)
            break
    assert entered < 40 and "address" in refused, (entered, refused)
    for p in (org, *conns):
        await p.close()


# -- 4. a storm from one client costs the others little -----------------------------------------
async def _raw(port: int, name: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(json.dumps({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name, "id": 0}).encode() + b"\n")
    await reader.readline()
    return reader, writer


async def test_a_register_withdraw_storm_is_rate_limited_and_its_pushes_coalesced(paced_server: Server) -> None:
    org = await _open_evening(paced_server)
    listeners = [await Driven.connect(paced_server.port, f"L{i}") for i in range(5)]
    for p in listeners:
        await p.conn.request({"type": "tournament"})  # each shows the evening screen
    reader, writer = await _raw(paced_server.port, "Storm")
    storm = 40  # under the connection's own message limit (a burst of 60): only the evening's limit may answer
    for i in range(storm):
        kind = "tournament_register" if i % 2 == 0 else "tournament_withdraw"
        writer.write(json.dumps({"type": kind, "id": i + 1}).encode() + b"\n")
    await writer.drain()
    answers = []  # read to the end: a client that keeps being refused is hung up on, as for any mistakes
    while len(answers) < storm and (line := await asyncio.wait_for(reader.readline(), 20)):
        answers.append(json.loads(line))
    accepted = sum(1 for a in answers if a["type"] == "tournament")
    assert any(a["type"] == "refused" and "fast" in a["reason"] for a in answers), "the storm is slowed down"
    assert accepted <= 12
    # a marker change after the storm: once a listener sees it, every earlier push has arrived
    await org.conn.request({"type": "tournament_register"})
    for p in listeners:
        await p.wait_for(lambda m: m.get("type") == "tournament"
                         and any(e["name"] == "Host" for e in m["tournament"]["entrants"]))
        pushes = sum(1 for m in p.pushed if m.get("type") == "tournament")
        assert pushes <= accepted + 2, f"{pushes} pushes for {accepted} changes"
    writer.close()
    for p in (org, *listeners):
        await p.close()


async def test_many_registrations_at_once_reach_the_others_as_few_pushes(paced_server: Server) -> None:
    org = await _open_evening(paced_server)
    listeners = [await Driven.connect(paced_server.port, f"L{i}") for i in range(3)]
    for p in listeners:
        await p.conn.request({"type": "tournament"})
    raws = [await _raw(paced_server.port, f"P{i}") for i in range(6)]
    for _reader, writer in raws:  # six people register in the same moment
        writer.write(json.dumps({"type": "tournament_register", "id": 1}).encode() + b"\n")
    for reader, _writer in raws:
        assert json.loads(await asyncio.wait_for(reader.readline(), 20))["type"] == "tournament"
    for p in listeners:
        await p.wait_for(lambda m: m.get("type") == "tournament" and len(m["tournament"]["entrants"]) == 6)
        assert sum(1 for m in p.pushed if m.get("type") == "tournament") < 6, "one push per change is not coalesced"
    for _reader, writer in raws:
        writer.close()
    for p in (org, *listeners):
        await p.close()


async def test_a_guests_entry_goes_with_its_connection_and_a_proven_name_beats_a_said_one(open_server: Server) -> None:
    org = await _open_evening(open_server)
    gone = await Driven.connect(open_server.port, "Dee")
    await gone.conn.request({"type": "tournament_register"})
    await gone.close()
    squat = await Driven.connect(open_server.port, "Eve")  # says "Eve" before Eve ever came
    await squat.conn.request({"type": "tournament_register"})
    eve = Driven(await Connection.open("127.0.0.1", open_server.port, "Eve", key=key_of("eve's own secret, long")))
    answer = await eve.conn.request({"type": "tournament_register"})
    assert answer["you"]["entered"] and [e["name"] for e in answer["tournament"]["entrants"]] == ["Eve"]
    assert (await squat.conn.request({"type": "tournament"}))["you"]["entered"] is False
    for p in (org, squat, eve):
        await p.close()


def test_join_reads_the_local_servers_organizer_secret_or_says_why_not(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dominoes_tui.commands.join import read_organizer_secret

    monkeypatch.setenv("DOMINOES_TUI_HOME", str(tmp_path))
    assert isinstance(read_organizer_secret(Path("")), OSError)  # no server has run here
    (tmp_path / "server").mkdir()
    (tmp_path / "server" / "organizer-secret").write_text("s" * 32 + "\n")
    assert read_organizer_secret(Path("")) == "s" * 32
    (tmp_path / "short").write_text("abc")
    assert isinstance(read_organizer_secret(tmp_path / "short"), ValueError)


async def test_a_guest_gone_during_the_evening_is_not_paired_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tried as a club evening: a guest who left after the start (or entered late and left)
    stayed in the field, so every later round paired someone against a stand-in playing a
    seat sent to nobody (a guest can never come back to its entry)."""
    from tests.net.helpers import autoplay

    quick_pushes(monkeypatch)
    srv = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=0.05)
    srv.tournament_host.arrival = 0.05  # the gone guest's stand-in plays at once
    await srv.start("127.0.0.1", 0)
    try:
        org = await _organizer(srv)
        await org.conn.request({"type": "tournament_open", "settings": {**SETTINGS, "rounds": 2, "fill_bots": False}})
        bob = Driven(await Connection.open("127.0.0.1", srv.port, "Bob", key=key_of("bob's secret, long enough")))
        cy = Driven(await Connection.open("127.0.0.1", srv.port, "Cy", key=key_of("cy's own secret, long enough")))
        dee = await Driven.connect(srv.port, "Dee")  # a guest
        eve = await Driven.connect(srv.port, "Eve")  # a guest who stays
        for p in (bob, cy, dee, eve):
            await p.conn.request({"type": "tournament_register"})
        await org.conn.request({"type": "tournament_start"})
        await dee.wait_for(lambda m: m.get("type") == "seated")
        await dee.close()  # and never comes back
        players = []
        for p in (bob, cy, eve):
            ticket = await p.wait_for(lambda m: m.get("type") == "seated")
            await p.join(ticket["code"], token=ticket["token"])
            players.append(asyncio.create_task(autoplay(p)))
        await asyncio.wait_for(asyncio.gather(*players), 60)
        pushed = await org.wait_for(lambda m: m.get("type") == "tournament" and m["tournament"]["round"] == 2)
        t = pushed["tournament"]
        paired = {name for table in t["tables"] for side in table["sides"] for name in side} | set(t["byes"])
        assert "Dee" not in paired and {"Bob", "Cy", "Eve"} <= paired
        assert any(row["name"] == "Dee" and row["withdrawn"] for row in t["standings"])  # still in the standings
        for p in (org, bob, cy, eve):
            await p.close()
    finally:
        await srv.close()


async def test_the_one_with_a_bye_is_told_so_in_their_own_view(open_server: Server) -> None:
    """Three people and no bots to fill: one sits out round 1. Their `you` says which round,
    so their client can tell them wherever they are; the others' says nothing of it."""
    org = await _organizer(open_server)
    await org.conn.request({"type": "tournament_open", "settings": {**SETTINGS, "fill_bots": False}})
    people = [await Driven.connect(open_server.port, name) for name in ("Ann", "Bea", "Cal")]
    for p in people:
        await p.conn.request({"type": "tournament_register"})
    await org.conn.request({"type": "tournament_start"})
    views = [await p.conn.request({"type": "tournament"}) for p in people]
    byes = views[0]["tournament"]["byes"]
    assert len(byes) == 1
    for p, view in zip(people, views):
        assert view["you"]["bye"] == (1 if p.conn.name in byes else None), (p.conn.name, view["you"])
    for p in [*people, org]:
        await p.close()


async def test_a_strangers_server_that_an_organizers_client_joins_learns_nothing_the_club_takes(
        open_server: Server) -> None:
    """The organizer's client shows a proof bound to the server it reached, never the
    secret: what a stranger's server records is refused by the club's server."""
    from dominoes_tui.net.client.session import Session
    from dominoes_tui.net.wire import proof

    secret = open_server.tournament_host.organizer_secret
    async with Hostile() as stranger:
        olga = Session("127.0.0.1", stranger.port, "Olga", keep_tokens=False, organizer_secret=secret)
        conn = await olga.open()
        assert await olga.organize(conn) is None
        await conn.close()
    heard = stranger.heard
    sent = [json.loads(line) for line in heard]
    organize = next(m for m in sent if m["type"] == "tournament_organize")
    assert secret not in b"".join(heard).decode() and "secret" not in organize
    eve = await Driven.connect(open_server.port, "Eve")  # the stranger, at the club's server
    with pytest.raises(ServerRefused, match="organizer"):
        await eve.conn.request({"type": "tournament_organize", "proof": organize["proof"]})
    club = proof.endpoint(eve.conn.writer.get_extra_info("peername"))
    assert club is not None
    made_here = proof.secret_proof(secret, proof.organizer_message(club))
    answer = await eve.conn.request({"type": "tournament_organize", "proof": made_here})
    assert answer["you"]["organizer"] is True  # the same proof, made for this server, holds
    await eve.close()
