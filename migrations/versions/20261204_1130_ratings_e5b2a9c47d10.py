"""Ratings among friends: a rating per player (or bot level) and game, and each rated result.

A match may be played unrated (the host's choice before the start) and records when it
finished: ratings are updated in that order, and a rebuild replays it. A bot seat records
its level, so each level is its own rated identity. Matches finished before this revision
take their last action's time; `python -m app ratings --rebuild` rates them.

Revision ID: e5b2a9c47d10
Revises: 5d2c8e1a7f90
Create Date: 2026-12-04 11:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "e5b2a9c47d10"
down_revision = "5d2c8e1a7f90"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch_op.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("level", sa.String(16), nullable=True))
    op.execute("UPDATE seats SET level = 'normal' WHERE kind = 'bot'")
    op.execute(
        "UPDATE matches SET finished_at = (SELECT MAX(actions.created_at) FROM actions"
        " WHERE actions.match_id = matches.id) WHERE status = 'finished'"
    )
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("rater", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
    )
    op.create_table(
        "rating_results",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("rater", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("score", sa.Float(), nullable=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("match_id", "rater", name="uq_rating_results_match_rater"),
    )
    op.create_index("ix_rating_results_game_rater", "rating_results", ["game", "rater", "finished_at"])
    op.create_index("ix_rating_results_match_id", "rating_results", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_rating_results_match_id", table_name="rating_results")
    op.drop_index("ix_rating_results_game_rater", table_name="rating_results")
    op.drop_table("rating_results")
    op.drop_table("ratings")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("level")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("finished_at")
        batch_op.drop_column("rated")
