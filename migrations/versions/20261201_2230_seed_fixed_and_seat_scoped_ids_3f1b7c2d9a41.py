"""Matches say whether an admin fixed their seed; action ids are unique per seat.

Revision ID: 3f1b7c2d9a41
Revises: 8ce5c0089ea5
Create Date: 2026-12-01 22:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "3f1b7c2d9a41"
down_revision = "8ce5c0089ea5"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seed_fixed", sa.Boolean(), server_default=sa.false(), nullable=False))
    # An id is the seat's own: one seat's id can no longer block another seat's move.
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_constraint("uq_actions_match_action_id", type_="unique")
        batch_op.create_unique_constraint("uq_actions_match_seat_action_id", ["match_id", "seat", "action_id"])


def downgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_constraint("uq_actions_match_seat_action_id", type_="unique")
        batch_op.create_unique_constraint("uq_actions_match_action_id", ["match_id", "action_id"])
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("seed_fixed")
