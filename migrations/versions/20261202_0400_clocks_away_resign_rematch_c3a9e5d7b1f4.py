"""Matches that end well: time controls, deadlines, away and resigned seats, rematches.

A match keeps its time control; each seat keeps its own clock and deadline, since a
simultaneous step counts time for every seat that still has to act. A seat played by its
bot while its player is away (or after a resignation) stays the player's seat. A rematch
points back at the match it follows, and each of its seats records the offer's answer.

Revision ID: c3a9e5d7b1f4
Revises: 4b8e1f6c2d37
Create Date: 2026-12-02 04:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "c3a9e5d7b1f4"
down_revision = "4b8e1f6c2d37"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("clock", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch_op.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
        batch_op.create_index("ix_matches_rematch_of", ["rematch_of"])
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("clock_ms", sa.BigInteger(), nullable=True))
        batch_op.add_column(sa.Column("turn_since", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("deadline_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("away", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column("resigned", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch_op.add_column(sa.Column("last_seen_at", sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column("offer", sa.String(12), nullable=True))
        batch_op.create_index("ix_seats_deadline_at", ["deadline_at"])


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index("ix_seats_deadline_at")
        for name in ("offer", "last_seen_at", "resigned", "away", "deadline_at", "turn_since", "clock_ms"):
            batch_op.drop_column(name)
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_index("ix_matches_rematch_of")
        for name in ("rematch_id", "rematch_of", "clock"):
            batch_op.drop_column(name)
