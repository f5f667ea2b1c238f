"""A variant's name as a person reads it, wherever it is shown: on the screens, the
board and the host's console alike."""
from __future__ import annotations

from ..engine.variants import VARIANTS
from ..i18n import pgettext


def variant_title(variant: str) -> str:
    """Draw, Block, All Fives, Partner and Kozel stay as they are; Classic Duel is the
    one said in the language. A name that is no variant (a forged log's) as it is."""
    if variant == "duel":
        return pgettext("variant", "Classic Duel")
    return VARIANTS[variant].title if variant in VARIANTS else variant
