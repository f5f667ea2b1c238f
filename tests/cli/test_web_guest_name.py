"""A browser guest is named in the language `dominoes web` speaks: Gast in German."""
from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("textual_serve")

from dominoes_tui.cli import main
from dominoes_tui.net.gateways import web


@pytest.mark.parametrize(("lang", "guest"), [("de", "Gast"), ("en", "Guest")])
def test_browser_guests_are_named_in_the_servers_language(lang: str, guest: str, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    made: dict[str, Any] = {}

    class NotServing:
        def serve(self) -> None:
            pass

    def make(server: str, host: str, port: int, name: str, *args: Any, **kw: Any) -> NotServing:
        made["name"] = name
        return NotServing()

    monkeypatch.setattr(web, "make_web_server", make)
    assert main(["web", "--lang", lang, "--port", "47501"]) == 0
    assert made["name"] == guest
    with pytest.raises(SystemExit):
        main(["web", "--lang", lang, "--help"])
    assert {"de": "Standard Gast", "en": "default Guest"}[lang] in " ".join(capsys.readouterr().out.split())
