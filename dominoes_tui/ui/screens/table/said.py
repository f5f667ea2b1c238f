"""A line the table says, as plain data: parts of text, each with a style name, inside a
style for the whole line. The presenter builds these without a drawing library; the
screen turns them into rich `Text` (`to_text`), part for part, so what shows is what
the presenter said. A person's name is a part like any other: text, never markup."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Union

Part = Union[tuple[str, str], "Said"]  # (text, style name; "" for none), or a line inside the line


@dataclass(frozen=True)
class Said:
    parts: tuple[Part, ...] = ()
    style: str = ""  # the whole line's, under the parts' own

    @classmethod
    def of(cls, text: str, style: str = "") -> Said:
        """One text in one style for the whole line."""
        return cls(((text, ""),) if text else (), style)

    @property
    def plain(self) -> str:
        return "".join(p.plain if isinstance(p, Said) else p[0] for p in self.parts)

    def __add__(self, other: Part) -> Said:
        return Said((*self.parts, other), self.style)
