"""The browser's page, our copy of textual-serve's: a title and an icon that cost no
request, a phone's own width with a font that keeps 80 columns; apart from our marked
changes it is the installed textual-serve's page, and the few inner parts of
textual-serve we build on are still there (pyproject.toml pins the versions tried)."""
from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from tests.net.gateways.helpers import start_guarded

pytest.importorskip("textual_serve")
aiohttp = pytest.importorskip("aiohttp")

import textual_serve.app_service  # noqa: E402
import textual_serve.server  # noqa: E402

from dominoes_tui.net.gateways import web  # noqa: E402
from dominoes_tui.net.server.server import Server  # noqa: E402

pytestmark = pytest.mark.each_python  # .ci/run runs these on every Python it finds

THEIRS = Path(textual_serve.server.__file__).parent / "templates" / "app_index.html"
OURS = web.PAGE_TEMPLATES / "app_index.html"
PLACES = re.compile(r"{{\s*(.*?)\s*}}")


async def test_the_page_has_a_title_an_inline_icon_and_a_phones_width(server: Server) -> None:
    for board, title in ((False, "Dominoes"), (True, "Dominoes board")):
        web_server, runner, port = await start_guarded(server, board=board)
        try:
            async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/") as page:
                html = await page.text()
        finally:
            await runner.cleanup()
        assert f"<title>{title}</title>" in html
        assert re.search(r'<link rel="icon" href="data:image/svg\+xml,', html)  # drawn in the page: no /favicon.ico
        assert 'name="viewport" content="width=device-width' in html
        assert "window.innerWidth / (80 * 0.6)" in html  # the font that keeps 80 columns on a phone


def test_our_page_is_textual_serves_but_for_our_marked_changes() -> None:
    theirs, ours = THEIRS.read_text(), OURS.read_text()
    assert set(PLACES.findall(theirs)) <= set(PLACES.findall(ours))  # every value the library fills in, we use
    for part in ('id="terminal"', 'class="textual-terminal"', "data-session-websocket-url", "js/textual.js",
                 "css/xterm.css", "closed-dialog", 'id="start"'):
        assert part in theirs and part in ours, part
    assert "fonts.googleapis.com" in theirs and "googleapis" not in ours


def test_the_parts_of_textual_serve_we_build_on_are_there() -> None:
    assert textual_serve.server.AppService is web.VouchingAppService  # put where its websocket handler looks
    assert issubclass(web.VouchingAppService, textual_serve.app_service.AppService)
    assert list(inspect.signature(textual_serve.app_service.AppService._build_environment).parameters) == [
        "self", "width", "height"]
    assert "AppService(" in inspect.getsource(textual_serve.server.Server.handle_websocket)
    for name in ("_make_app", "initialize_logging", "handle_index"):
        assert callable(getattr(textual_serve.server.Server, name)), name
    assert "templates_path" in inspect.signature(textual_serve.server.Server).parameters
