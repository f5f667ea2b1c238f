"""Wins kept beside each rating, so the leaderboard reads a few rows instead of counting
over every match ever recorded (a club's history grows without end). Filled in from
the matches already recorded.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ratings") as batch:
        batch.add_column(sa.Column("wins", sa.Integer, nullable=False, server_default="0"))
    op.execute(
        """
        UPDATE ratings SET wins = (
            SELECT count(*) FROM match_seats JOIN matches ON matches.id = match_seats.match_id
            WHERE match_seats.player_id = ratings.player_id AND match_seats.placing = 1
              AND matches.rated AND (ratings.variant = 'all' OR matches.variant = ratings.variant)
        )
        """
    )


def downgrade() -> None:
    with op.batch_alter_table("ratings") as batch:
        batch.drop_column("wins")
