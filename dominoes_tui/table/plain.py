"""Text that came from a person or from the network, made safe to show.

One function for the whole game: the server cleans names with it, the client cleans
everything a server sends before it reaches a screen, and the screens show the result
as plain text (never as Rich markup). It lives here, in table/, the lowest layer that
holds names (seats), so net/ and ui/ both import it downward.

Removed: every control character (C0, C1, DEL; so no terminal escape sequence can
arrive whole), format characters (zero-width joiners and spaces, right-to-left and
other direction overrides, which can make a name display as another), surrogates,
private-use and unassigned code points, and line or paragraph separators. Other
whitespace becomes a plain space. Letters of every script stay, right-to-left ones too.
"""
from __future__ import annotations

import unicodedata

_DROP = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def plain(text: object, limit: int | None = None) -> str:
    """`text` as safe plain text, at most `limit` characters (no limit: None).

    Not a string: shown as its `str()`; the caller decides whether that makes sense."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    if limit is not None:
        text = text[: limit * 4]  # enough to survive the cleaning; keeps the work bounded
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in _DROP:
            continue
        out.append(" " if cat == "Zs" else ch)
    cleaned = "".join(out)
    return cleaned if limit is None else cleaned[:limit]


def plain_name(name: object, limit: int, fallback: str) -> str:
    """A person's name: plain, trimmed, not empty, at most `limit` characters."""
    if not isinstance(name, str):
        return fallback
    text = " ".join(plain(name, limit * 4).split())[:limit].strip()
    return text or fallback
