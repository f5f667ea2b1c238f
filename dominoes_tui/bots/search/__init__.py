"""The information-set search behind the `expert` and `hard` levels."""
from .expert import EXPERT_THINK_MS, SearchBot

__all__ = ["EXPERT_THINK_MS", "SearchBot"]
