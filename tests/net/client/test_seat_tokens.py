"""Seat tokens are kept per name: two people who join from one data folder (one login,
two terminals) each get their own seat. Before, the second person's client found the
first one's token for the table and took that seat back from them."""
from __future__ import annotations

from dominoes_tui.net.client.session import Session


def test_a_seat_token_is_used_only_by_the_name_that_was_given_it() -> None:
    Session("127.0.0.1", 7788, "Ana").keep_token("zvjw", "ana's seat")
    assert Session("127.0.0.1", 7788, "Ben").token_for("ZVJW") is None
    assert Session("127.0.0.1", 7788, "Ana").token_for("ZVJW") == "ana's seat"  # Ana, back after a crash
    Session("127.0.0.1", 7788, "Ana").drop_token("ZVJW")
    assert Session("127.0.0.1", 7788, "Ana").token_for("ZVJW") is None
