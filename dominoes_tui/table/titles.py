"""A variant's name as a person reads it, wherever it is shown: on the screens, the
board and the host's console alike."""
from __future__ import annotations

from ..engine.variants import VARIANTS
from ..i18n import _


def variant_title(variant: str) -> str:
    """In the reader's language, as the catalog has it (German keeps Draw, Block, All Fives,
    Partner and Kozel; Classic Duel is said in German). A name that is no variant (a forged
    log's) as it is."""
    return _(VARIANTS[variant].title) if variant in VARIANTS else variant
