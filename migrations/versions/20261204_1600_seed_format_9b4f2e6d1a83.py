"""A match keeps the seed format it was dealt with.

The generator's state used to be a linear step of the seed, so consecutive seeds gave one
random stream shifted by a draw; new matches mix the seed once more (format 1). A match
stored before this column was dealt with format 0, which the server default gives every
existing row, so it replays exactly as it was played. New rows get the service's format.

Revision ID: 9b4f2e6d1a83
Revises: 5d2e8a1c7f30
Create Date: 2026-12-04 16:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "9b4f2e6d1a83"
down_revision = "5d2e8a1c7f30"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("seed_format", sa.Integer(), server_default=sa.text("0"), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("seed_format")
