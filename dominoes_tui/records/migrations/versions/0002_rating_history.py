"""Every rating after every rated match (the player page's plot), and an index for
'recent matches'. Ratings recorded before this step have no history; the plot starts
at the first match rated afterwards.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("variant", sa.String(20), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("match_id", "player_id", "variant", name="uq_rating_history_once"),
    )
    op.create_index("ix_rating_history_player", "rating_history", ["player_id", "variant"])
    op.create_index("ix_matches_ended", "matches", ["ended_at"])


def downgrade() -> None:
    op.drop_index("ix_matches_ended", "matches")
    op.drop_index("ix_rating_history_player", "rating_history")
    op.drop_table("rating_history")
