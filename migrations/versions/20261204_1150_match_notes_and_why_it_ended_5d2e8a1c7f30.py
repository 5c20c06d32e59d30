"""A match keeps the lines the service wrote into its story, and why it ended unplayed.

``notes``: lines no game wrote — a seat resigned, a seat's time ran out — each as a key and
its args and placed after the game's log line it followed, so the log and the replay explain
the moves a bot then made. ``ended``: why an abandoned match ended (``cancelled`` by its host,
``expired`` unstarted, ``abandoned`` by every person resigning or by an admin), so each page
says which.

Revision ID: 5d2e8a1c7f30
Revises: e5b2d8a1c7f3
Create Date: 2026-12-04 11:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "5d2e8a1c7f30"
down_revision = "e5b2d8a1c7f3"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("notes", sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column("ended", sa.String(12), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("ended")
        batch_op.drop_column("notes")
