"""Words the records screens share: list titles and how a rating is written."""
from __future__ import annotations

from rich.text import Text

from ...records.report import list_title, lists
from ...table.plain import plain

__all__ = ["lists", "cell", "cells", "list_title", "rating_text"]


def rating_text(rating: int | None, provisional: bool | None) -> str:
    """One number, with ? while it is provisional."""
    return "-" if rating is None else f"{rating}{'?' if provisional else ''}"


def cell(value: object) -> Text:
    """A table cell as plain text: a DataTable reads a str cell as Rich markup, so a
    name like `[/]` would crash the screen and `[b]Vic[/b]` would show as "Vic"."""
    return Text(plain(value), end="", no_wrap=True)


def cells(*values: object) -> list[Text]:
    return [cell(v) for v in values]
