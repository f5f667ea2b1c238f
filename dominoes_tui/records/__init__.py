"""The club records: every match kept in a database, ratings, and the queries the
screens and `dominoes stats` ask. Imports no textual: the server and the commands use it.
"""
from .database import ALREADY, COMPLETED, RECORDED, Records
from .identity import BOT, GUEST, PERSON, Identity, bot_identity, guest_identity, local_identity, person_identity
from .keep import Kept, record_or_keep
from .store import RecordsUnavailable
from .summary import ABANDONED, FINISHED, MatchSummary, match_key, summarize

__all__ = [
    "ABANDONED", "ALREADY", "BOT", "COMPLETED", "FINISHED", "GUEST", "Identity", "Kept", "MatchSummary", "PERSON",
    "RECORDED", "Records", "RecordsUnavailable", "bot_identity", "guest_identity", "local_identity", "match_key",
    "person_identity", "record_or_keep", "summarize",
]
