"""The host's console in the host's language, in sentences: a German host reads a name
claimed, a table made, started, left and finished, a tournament opened, all in German,
with no Python repr (EveningSettings(…), [101, 12]) and no English word left; the lines
go through logging (console.tell), where the host's setup formats and routes them."""
from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from dominoes_tui import i18n
from dominoes_tui.net.client.client import Connection
from dominoes_tui.net.host.names import NameRegister
from dominoes_tui.net.server.server import Server
from tests.net.helpers import Driven, claim, key_of, play_out

from .walk import english_on

ANA = "ana's words"  # her key is made from them (tests.net.helpers.key_of)
SETTINGS = {"variant": "duel", "format": "swiss", "rounds": 2, "target": 50, "fill_bots": True, "bot_level": "random"}


async def test_a_german_host_reads_its_console_in_german_sentences(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    i18n.use("de")
    caplog.set_level(logging.INFO, logger="dominoes_tui")
    assert claim(NameRegister(tmp_path / "server" / "names.json"), "Ana", ANA)
    server = Server(tmp_path / "server", bot_delay=0.0, default_level="random", standin_delay=30.0, organizers={"Ana"})
    await server.start("127.0.0.1", 0)
    try:
        ana = Driven(await Connection.open("127.0.0.1", server.port, "Ana", key=key_of(ANA)))
        ben = await Driven.connect(server.port, "Ben")
        await ben.create(variant="draw", players=2, target=15, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        await play_out([ben])
        await ben.conn.request({"type": "leave"})
        await ana.conn.request({"type": "tournament_open", "settings": SETTINGS})
        await ana.close()
        await ben.close()
    finally:
        await server.close()
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("dominoes_tui")]
    text = "\n".join(lines)
    for said in (r"Ben legt Tisch \w+ an: Draw, 2 Spieler", r"Ben setzt sich auf Platz 1 an Tisch \w+",
                 r"Tisch \w+ beginnt: Ben \(Mensch\), Bot 2 \(Bot, leicht\)",
                 r"Tisch \w+: die Partie ist aus; Ben \d+, Bot 2 \d+", r"Ben hat Tisch \w+ nach dem Ende der Partie verlassen",
                 r"Ana eröffnet ein Turnier: Klassisches Duell, Schweizer System, 2 Runden, Ziel 50"):
        assert re.search(said, text), f"{said!r} not in:\n{text}"
    assert "EveningSettings(" not in text and "[" not in text and "(person)" not in text
    assert not english_on(lines, allowed=["Ana", "Ben", "Bot"]), english_on(lines, allowed=["Ana", "Ben", "Bot"])


def test_every_console_line_of_the_server_goes_through_one_function() -> None:
    """No module of the server writes a log line of its own (log.info(...)): each goes
    through console.tell, in the host's language, where the host's setup routes it."""
    package = Path(__file__).resolve().parents[2] / "dominoes_tui"
    direct = re.compile(r"\blog\.(info|warning|error|exception|debug|critical)\(")
    found = [f"{p.relative_to(package)}:{n}" for p in package.rglob("*.py")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if direct.search(line)]
    assert found == [], found


def test_a_german_hosts_log_lines_name_their_level_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    """The log's lines (commands/logs.py) begin with their level: in the host's language too."""
    import argparse

    from dominoes_tui.commands import logs

    i18n.use("de")
    parser = argparse.ArgumentParser()
    logs.add_arguments(parser)
    root = logging.getLogger()
    level = root.level
    assert logs.start(parser.parse_args([])) is None
    try:
        logging.getLogger("dominoes_tui.net").warning("Tisch WZQB: ein Bot ist gescheitert")
        logging.getLogger("dominoes_tui.net").error("Tisch WZQB hält an")
    finally:
        for handler in root.handlers[:]:
            if isinstance(handler.formatter, logs.OneLine):
                root.removeHandler(handler)
                handler.close()
        root.setLevel(level)
    warned, failed = capsys.readouterr().err.splitlines()
    assert " WARNUNG dominoes_tui.net: Tisch WZQB" in warned and " FEHLER dominoes_tui.net: " in failed
