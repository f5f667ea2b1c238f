"""The search behind the `expert` level: determinized, with exact endings and inference."""
from .expert import EXPERT_THINK_MS, SearchBot

__all__ = ["EXPERT_THINK_MS", "SearchBot"]
