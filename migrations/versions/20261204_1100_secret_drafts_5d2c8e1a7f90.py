"""Secret drafts kept apart from a match's public versions.

A seat's draft of a simultaneous secret step (Go Goa's path, hex by hex) is held per seat,
with the seat's own draft version, so that drafting moves no public version, summary or
clock another seat could count. The action that ends the draft (a submit) is one public
version and stores the draft's moves beside its own, so replay still plays every move.

Revision ID: 5d2c8e1a7f90
Revises: c3a9e5d7b1f4
Create Date: 2026-12-04 12:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "5d2c8e1a7f90"
down_revision = "c3a9e5d7b1f4"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drafts",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("d", sa.Integer(), nullable=False),
        sa.Column("steps", sa.JSON(), nullable=False),
        sa.Column("handed", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("steps", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_column("steps")
    op.drop_table("drafts")
