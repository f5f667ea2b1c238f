"""The help screen's key table, made from the screens' own BINDINGS: every key with a
description is listed with its tooltip, so the help cannot leave a key out or name
one that does nothing."""
from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding

from ..i18n import _
from .key_names import key_name

GROUP = 10  # the tile keys are listed ten to a row: the digits, then shift and a digit


def key_label(key: str) -> str:
    """A binding's keys as the help writes them: `?` or `F1`."""
    return (" " + _("or") + " ").join(f"`{key_name(k)}`" for k in key.split(",") if k.strip())


def key_rows(bindings: Iterable[Binding]) -> list[tuple[str, str]]:
    """(keys, what they do) for every binding with a description, in order; keys that
    do the same thing (one tooltip) share a row, and the tile keys go ten to a row.
    The descriptions are marked where the keys are made (N_) and said here in the language."""
    rows: dict[str, list[str]] = {}
    picks: list[str] = []
    for binding in bindings:
        if not binding.description:
            continue
        if binding.action.startswith("pick("):
            picks.append(key_label(binding.key))
            if len(picks) == 1:
                rows["\0picks"] = []  # keeps the tile keys' place in the order
            continue
        rows.setdefault(binding.tooltip or binding.description, []).append(key_label(binding.key))
    out: list[tuple[str, str]] = []
    for text, keys in rows.items():
        if text != "\0picks":
            out.append((" ".join(dict.fromkeys(keys)), _(text)))
            continue
        for start in range(0, len(picks), GROUP):
            chunk = picks[start : start + GROUP]
            if start:
                said = _("choose tile {first} … {last} of your hand (shift and a digit)")
            else:
                said = _("choose tile {first} … {last} of your hand")
            out.append((" ".join(chunk), said.format(first=start + 1, last=start + len(chunk))))
    return out


def keys_markdown(rows: list[tuple[str, str]]) -> str:
    """One line a row (a list, not a table: a table's narrow key column broke the
    tile keys over four lines at 80 columns)."""
    return "\n".join(f"- {keys}: {text}" for keys, text in rows)
