"""The footer is built again at every change of keys (a move, a turn, a screen): it must
look as Textual's does and cost no restyling of each key it builds."""
from __future__ import annotations

import pytest
from textual.dom import DOMNode
from textual.widgets._footer import FooterKey

from dominoes_tui.ui.widgets.footer import Footer

from .helpers import make_app, my_turn, press


async def test_a_rebuilt_footer_restyles_none_of_its_keys_and_looks_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    restyled: list[str] = []
    restyle = DOMNode.update_node_styles

    def counted(self: DOMNode, animate: bool = True) -> None:
        if isinstance(self, FooterKey) and not self.has_class("-command-palette"):
            restyled.append(self.key)
        restyle(self, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", counted)
    app = make_app("draw", players=2, target=50, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        await press(pilot, "enter")  # a move: the keys change, the footer is built again
        await my_turn(app, pilot)
        footer = screen.query_one(Footer)
        keys = list(footer.query(FooterKey))
        assert len(keys) > 3 and footer._shown is not None
        assert restyled == []
        # as Textual leaves them: bound keys as compact as the footer, the palette's key compact
        for key in keys:
            palette = key.has_class("-command-palette")
            assert key.compact == (True if palette else footer.compact)
            assert key.has_class("-compact") == key.compact


async def test_keys_the_footer_does_not_show_coming_and_going_do_not_rebuild_it() -> None:
    """The hand's number keys and the ends are bound only on the person's turn and never
    shown: the footer is built again for what it shows, not for them."""
    app = make_app("draw", players=2, target=50, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await my_turn(app, pilot)
        footer = screen.query_one(Footer)
        hidden = [key for key, (_node, b, _on, _tip) in screen.active_bindings.items() if not b.show]
        assert "1" in hidden  # the hand's first tile, bound now
        shown = footer._showing(screen)
        palette = app.COMMAND_PALETTE_BINDING
        assert {k[0] for k in shown[3]} == {key for key, (_n, b, _o, _t) in screen.active_bindings.items()
                                           if b.show or key == palette}
