"""Kept for old imports: the `random` level is the `easy` level."""
from __future__ import annotations

from .easy import EasyBot


class RandomBot(EasyBot):
    level = "random"


__all__ = ["RandomBot"]
