"""The table screen's attributes as the screens built on it and the hosted app read and
set them (`screen.selected`, `screen.view_`, `screen.hidden` …): each is the presenter's
own, forwarded, so there is one state and no copy to keep in step."""
from __future__ import annotations

from typing import Any, Generic, TypeVar, overload

from ....engine import Move, PlayerView
from ....table.client import TableClient
from ...choices import Prefs
from .presenter import TablePresenter

T = TypeVar("T")


class Forward(Generic[T]):
    """An attribute read from and written to the screen's presenter."""

    def __init__(self, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, screen: None, owner: type[Any]) -> Forward[T]: ...
    @overload
    def __get__(self, screen: PresenterFace, owner: type[Any]) -> T: ...
    def __get__(self, screen: PresenterFace | None, owner: type[Any]) -> T | Forward[T]:
        if screen is None:
            return self
        value: T = getattr(screen.presenter, self.name)
        return value

    def __set__(self, screen: PresenterFace, value: T) -> None:
        setattr(screen.presenter, self.name, value)


class PresenterFace:
    """What the table screen shows, by the names the screen has always had."""

    presenter: TablePresenter

    client: Forward[TableClient] = Forward("client")
    prefs: Forward[Prefs] = Forward("prefs")
    walkthrough: Forward[bool] = Forward("walkthrough")
    viewer: Forward[int] = Forward("viewer")
    hotseat: Forward[bool] = Forward("hotseat")
    hidden: Forward[bool] = Forward("hidden")
    selected: Forward[int | None] = Forward("selected")
    end_cursor: Forward[int | None] = Forward("end_cursor")
    view_: Forward[PlayerView] = Forward("view")
    busy: Forward[bool] = Forward("busy")
    notice: Forward[str] = Forward("notice")
    notice_brief: Forward[str] = Forward("notice_brief")
    passed_notice: Forward[bool] = Forward("passed_notice")
    drew_now: Forward[bool] = Forward("drew_now")
    seen_upto: Forward[dict[int, tuple[int, int]]] = Forward("seen_upto")
    hint_text: Forward[str] = Forward("hint_text")
    summed_up: Forward[bool] = Forward("summed_up")
    _noticed: Forward[tuple[int, int]] = Forward("noticed")

    def my_turn(self) -> bool:
        return self.presenter.my_turn()

    def playable(self) -> list[int]:
        return self.presenter.playable()

    def moves_for(self, index: int | None) -> list[Move]:
        return self.presenter.moves_for(index)

    def target_ends(self) -> list[str]:
        return self.presenter.target_ends()
