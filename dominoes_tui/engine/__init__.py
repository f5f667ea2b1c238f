"""The pure rules engine: no screens, no textual, no rich (docs/DESIGN.md)."""
from .core import install as _install_core

CORE = _install_core()  # before any core module is imported: compiled, or the sources (core.py)

from .errors import BadText, ConfigError, DominoError, IllegalMove, LogError, Phrase, Said, phrase_of  # noqa: E402
from .game import MATCH_OVER, NEW, PLAYING, ROUND_OVER, Deal, Match, RoundRecord, Seat  # noqa: E402
from .gamelog import dumps, load_match, load_matches, write_log  # noqa: E402
from .layout import END_NAMES, End, Layout, Placed  # noqa: E402
from .moves import Move  # noqa: E402
from .options import OPTIONS, OptionSpec  # noqa: E402
from .phases import Phase  # noqa: E402
from .records import RoundResult  # noqa: E402
from .round import Round  # noqa: E402
from .scoring import RoundOutcome, round5  # noqa: E402
from .tiles import ALL_TILES, Tile, hand_pips, parse_tile, tile  # noqa: E402
from .variants import DEFAULT_VARIANT, VARIANTS, TableConfig, Variant, find_variant, make_config  # noqa: E402
from .view import LayoutView, PlayerView, ScoreRow, view_for  # noqa: E402

__all__ = [
    "ALL_TILES", "DEFAULT_VARIANT", "END_NAMES", "MATCH_OVER", "NEW", "OPTIONS", "PLAYING", "ROUND_OVER", "VARIANTS",
    "BadText", "ConfigError", "Deal", "End", "Phase", "RoundResult",
    "DominoError", "IllegalMove", "Layout", "LayoutView", "LogError", "Match",
    "Move", "OptionSpec", "Phrase", "Placed", "PlayerView", "Round", "RoundOutcome", "RoundRecord", "Said", "ScoreRow", "Seat",
    "TableConfig", "Tile", "Variant", "dumps", "hand_pips", "load_match", "load_matches",
    "find_variant", "make_config", "parse_tile", "phrase_of", "round5", "tile", "view_for", "write_log",
]
