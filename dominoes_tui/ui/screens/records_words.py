"""Words the records screens share: list titles and how a rating is written."""
from __future__ import annotations

from ...engine import VARIANTS

LISTS = ["all", *VARIANTS]


def list_title(variant: str) -> str:
    return "Overall" if variant == "all" else VARIANTS[variant].title


def rating_text(rating: int | None, provisional: bool | None) -> str:
    """One number, with ? while it is provisional."""
    return "-" if rating is None else f"{rating}{'?' if provisional else ''}"
