"""Keys as the person's keyboard names them: the footer, the help and the command palette
write a key the same way. A German keyboard prints Strg, Leertaste, Bild↓, Pos1 and Entf,
and a German player answers a question with j for ja; English keeps Textual's own
spelling (^p, esc, space) in the footer and the help's (Esc, Enter) in sentences.

The words are the catalog's (pgettext "key"), so a language added later names its keys too."""
from __future__ import annotations

from ..i18n import language, pgettext

# Textual's names for keys that print as a character, and a few it shows as symbols
SYMBOLS = {
    "question_mark": "?", "exclamation_mark": "!", "at": "@", "number_sign": "#", "dollar_sign": "$",
    "percent_sign": "%", "circumflex_accent": "^", "ampersand": "&", "asterisk": "*", "left_parenthesis": "(",
    "right_parenthesis": ")", "left": "←", "right": "→", "up": "↑", "down": "↓", "minus": "-", "plus": "+",
}
# The answer "yes" by the first letter of the word in each language; `y` works in every one
YES_KEYS = {"de": "j"}


def _named(key: str) -> str | None:
    """A key that has a name rather than a character, in the language in use."""
    names = {
        "escape": pgettext("key", "Esc"), "enter": pgettext("key", "Enter"), "tab": pgettext("key", "Tab"),
        "space": pgettext("key", "Space"), "pagedown": pgettext("key", "PgDn"), "pageup": pgettext("key", "PgUp"),
        "home": pgettext("key", "Home"), "end": pgettext("key", "End"), "delete": pgettext("key", "Del"),
        "insert": pgettext("key", "Ins"), "backspace": pgettext("key", "Backspace"),
    }
    return names.get(key)


def _modifier(name: str) -> str:
    words = {"ctrl": pgettext("key", "Ctrl"), "shift": pgettext("key", "Shift"), "alt": pgettext("key", "Alt")}
    return words.get(name, name.capitalize())


def yes_key() -> str:
    """The key a yes/no question names for yes (`j` in German); `y` is bound as well."""
    return YES_KEYS.get(language(), "y")


def key_name(key: str) -> str:
    """One key as a person reads it: `?`, `F1`, `Esc`, `Strg+P` / `Ctrl+P`, `Leertaste`.
    A single letter stays as it is typed (`s`), the yes key as the language answers."""
    *modifiers, base = key.strip().split("+")
    if base == "y" and not modifiers:
        return yes_key()
    if base in SYMBOLS:
        shown = SYMBOLS[base]
    elif len(base) > 1 and base[0] == "f" and base[1:].isdigit():
        shown = base.upper()
    else:
        shown = _named(base) or (base.upper() if modifiers and len(base) == 1 else base)
    return "+".join([*(_modifier(m) for m in modifiers), shown])


def keys_name(keys: str, joined: str) -> str:
    """A binding's comma-separated keys, each named, joined by `joined` (" or ")."""
    return joined.join(key_name(k) for k in keys.split(",") if k.strip())
