"""The club database's tables (SQLAlchemy Core): people and bots, matches, seats, ratings.

This is the schema at the newest migration; the migrations in migrations/versions build
it step by step, and a test checks that the two agree.
"""
from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

metadata = MetaData()

# One row per someone who plays: a person (by the identity that vouches for them) or a
# bot level. `key` is what identifies them ("local:Ana", "ssh:SHA256:…", "bot:hard").
players = Table(
    "players", metadata,
    Column("id", Integer, primary_key=True),
    Column("key", String(200), nullable=False, unique=True),
    Column("name", String(100), nullable=False),
    Column("kind", String(10), nullable=False),  # "person", "bot" or "guest"
    Column("created_at", DateTime(timezone=True), nullable=False),
)

matches = Table(
    "matches", metadata,
    Column("id", Integer, primary_key=True),
    # The same match (a resumed one, a log imported twice) always has the same key.
    Column("key", String(64), nullable=False, unique=True),
    Column("variant", String(20), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),  # JSON, as the log's match_start has them
    Column("target", Integer, nullable=False),
    Column("status", String(12), nullable=False),  # "finished" or "abandoned"
    Column("rated", Boolean, nullable=False),
    Column("source", String(12), nullable=False),  # "local", "hosted", "simulate", "import"
    Column("rounds", Integer, nullable=False),
    Column("started_at", DateTime(timezone=True), nullable=False),
    Column("ended_at", DateTime(timezone=True), nullable=False),
    Column("log", LargeBinary, nullable=False),  # the whole game log, zlib-compressed
)

match_seats = Table(
    "match_seats", metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("name", String(100), nullable=False),  # the name shown at the table that day
    Column("team", Integer, nullable=True),
    Column("score", Integer, nullable=False),  # the side's final score (the team's in Partner)
    Column("placing", Integer, nullable=True),  # 1 = best; shared on a tie; None if abandoned
    Index("ix_match_seats_player", "player_id"),
)

# The current rating of each player per variant, and "all" for the overall list.
ratings = Table(
    "ratings", metadata,
    Column("player_id", Integer, ForeignKey("players.id"), primary_key=True),
    Column("variant", String(20), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("wins", Integer, nullable=False, server_default="0"),  # rated matches placed first (0003)
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

# Added by the second migration: every rating after every rated match, for the plot.
rating_history = Table(
    "rating_history", metadata,
    Column("id", Integer, primary_key=True),
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("variant", String(20), nullable=False),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    UniqueConstraint("match_id", "player_id", "variant", name="uq_rating_history_once"),
    Index("ix_rating_history_player", "player_id", "variant"),
)

# Added by the fourth migration: a match's analysis (bots/analysis, MatchAnalysis.to_json),
# kept so that opening it again is instant. One per match; a newer one replaces it.
match_analyses = Table(
    "match_analyses", metadata,
    Column("match_id", Integer, ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    Column("guesses", Integer, nullable=False),  # guesses per decision: how thorough it was
    Column("made_at", DateTime(timezone=True), nullable=False),
    Column("analysis", Text, nullable=False),  # JSON
)

Index("ix_matches_ended", matches.c.ended_at)

# Added by the fifth migration: puzzles (training/). A person's puzzle rating and streak,
# each puzzle's own rating (by the puzzle's content id, so a puzzle in two files is one),
# and every rated attempt.
puzzle_players = Table(
    "puzzle_players", metadata,
    Column("player_id", Integer, ForeignKey("players.id"), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("streak", Integer, nullable=False),
    Column("best_streak", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

puzzle_ratings = Table(
    "puzzle_ratings", metadata,
    Column("puzzle_id", String(16), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
)

puzzle_attempts = Table(
    "puzzle_attempts", metadata,
    Column("id", Integer, primary_key=True),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
    Column("puzzle_id", String(16), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("solved", Boolean, nullable=False),
    Column("rating_before", Float, nullable=False),  # the player's, as shown (mu on the 1500 scale)
    Column("rating_after", Float, nullable=False),
    Index("ix_puzzle_attempts_player", "player_id", "puzzle_id"),
)
