"""Checking HOST:PORT arguments when they are parsed, so a typo gets one clear line
and exit status 2 before anything starts (used by host, join, ssh and web)."""
from __future__ import annotations

import argparse

from ..net.client.client import split_address


def address(text: str) -> str:
    try:
        split_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"{text!r}: {exc}") from None
    return text
