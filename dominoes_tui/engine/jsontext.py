"""The one strict reading of JSON text from outside: the table protocol's lines and game
logs alike. Python's json module takes what JSON forbids (NaN, Infinity) and turns
numbers past float's range into infinity, and fails with a long ValueError on integers
past Python's 4,300 digits or a RecursionError on deep nesting. Here each of those is a
ValueError with a short reason a person can read, so a caller has one thing to catch."""
from __future__ import annotations

import json
import math
from typing import Any, NoReturn

from .errors import N_

NOT_A_NUMBER = N_("NaN and Infinity are no JSON numbers")
TOO_LARGE = N_("a number too large")
TOO_LONG = N_("a number too long")
NOT_UTF8 = N_("not UTF-8 text")
TOO_DEEP = N_("nested too deeply")
UNREADABLE = N_("not JSON that can be read")


class JSONTextError(ValueError):
    """Text that is not JSON we read; str() is a short reason in English (one of the
    templates above, for a person to read through _(), or the json module's own words)."""


def _refuse(constant: str) -> NoReturn:
    raise JSONTextError(NOT_A_NUMBER)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONTextError(TOO_LARGE)
    return value


# one decoder for every call: json.loads with hooks builds a new one each time, and a log
# being replayed reads every line through here
_DECODER = json.JSONDecoder(parse_constant=_refuse, parse_float=_float)


def loads(text: str | bytes) -> Any:
    """The value in `text` (bytes must be UTF-8); JSONTextError with a short reason if it
    is not JSON, or holds NaN, Infinity, a number past a float's range or an integer past
    Python's 4,300 digits, or nesting too deep to read. (Integers are left to the json
    module's own parser, which is twice as fast as a hook called for each of them.)"""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        if text.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        return _DECODER.decode(text)
    except JSONTextError:
        raise
    except UnicodeDecodeError:
        raise JSONTextError(NOT_UTF8) from None
    except json.JSONDecodeError as exc:
        raise JSONTextError(exc.msg) from None
    except RecursionError:
        raise JSONTextError(TOO_DEEP) from None
    except ValueError as exc:  # int()'s limit on digits, or what else the parser may raise on a hostile text
        raise JSONTextError(TOO_LONG if "digits" in str(exc) else UNREADABLE) from None
    except MemoryError:
        raise JSONTextError(UNREADABLE) from None
