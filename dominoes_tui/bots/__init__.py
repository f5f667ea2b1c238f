"""Bots: each reads a PlayerView only and returns a move."""
from pathlib import Path as _Path

from ..engine import CORE as _ENGINE_CORE
from ..engine.core import install as _install
from .compiled import COMPILED as _COMPILED
from .compiled import PACKAGE as _PACKAGE

# before any module of the group is imported: compiled, or the sources (compiled.py). The
# build calls the engine's compiled classes directly (setup.py): it runs only on them.
CORE = _install(_PACKAGE, _Path(__file__).resolve().parent, _COMPILED,
                "" if _ENGINE_CORE.startswith("compiled") else "the engine runs its sources")

from .base import Bot, stop_thinking  # noqa: E402
from .registry import BotSpecError, level_names, level_word, make_bot  # noqa: E402

__all__ = ["CORE", "Bot", "BotSpecError", "level_names", "level_word", "make_bot", "stop_thinking"]
