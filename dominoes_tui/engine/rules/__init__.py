"""The variants, one module each (base.py says what a variant is), and their registry:
the one place that lists them. Everything else reaches a variant's rules and words from
the variant (`config.rules`, `find_variant(name)`), never by comparing its name."""
from __future__ import annotations

from ..options import OPTIONS, TARGET_OPTIONS
from .allfives import AllFives
from .base import Table, Variant
from .block import Block
from .draw import Draw
from .duel import Duel
from .kozel import Kozel
from .partner import Partner

# In the order the settings, the help and the lists show them.
VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Add a variant to every list that offers one (a test's own, too); its name must be new."""
    if variant.name in VARIANTS:
        raise ValueError(f"a variant named {variant.name!r} is registered already")
    VARIANTS[variant.name] = variant
    OPTIONS[variant.name] = variant.options
    TARGET_OPTIONS[variant.name] = variant.target_option
    return variant


def unregister(name: str) -> None:
    """Take a variant out of the registry again (a test's, when it is done)."""
    del VARIANTS[name], OPTIONS[name], TARGET_OPTIONS[name]


def find_variant(name: str) -> Variant:
    """The variant of this name (as python-chess's find_variant); a name from a person or
    a file is checked first (engine/variants.py make_config says what is allowed)."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise ValueError(f"unknown variant: {name!r}") from None


for _variant in (Draw(), Block(), AllFives(), Partner(), Kozel(), Duel()):
    register(_variant)

# Offered first wherever nobody chose a variant (the settings, a new table, the commands)
DEFAULT_VARIANT = Draw.name

__all__ = ["DEFAULT_VARIANT", "VARIANTS", "Table", "Variant", "find_variant", "register", "unregister"]
