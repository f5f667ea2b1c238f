"""The analysis of a match (issue 28), kept beside its log: the JSON of
bots/analysis MatchAnalysis.to_json, so opening the analysis again costs no search.
One analysis per match; a newer one replaces it.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_analyses",
        sa.Column("match_id", sa.Integer, sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("guesses", sa.Integer, nullable=False),
        sa.Column("made_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("analysis", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("match_analyses")
