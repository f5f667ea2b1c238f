"""Bots: each reads a PlayerView only and returns a move."""
from .base import Bot, stop_thinking
from .registry import BotSpecError, level_names, make_bot

__all__ = ["Bot", "BotSpecError", "level_names", "make_bot", "stop_thinking"]
