"""The search behind the `hard` and `expert` levels: determinized, with exact endings and inference."""
from .expert import EXPERT_THINK_MS, HARD_CLOCKLESS_GUESSES, HARD_THINK_MS, SearchBot

__all__ = ["EXPERT_THINK_MS", "HARD_CLOCKLESS_GUESSES", "HARD_THINK_MS", "SearchBot"]
