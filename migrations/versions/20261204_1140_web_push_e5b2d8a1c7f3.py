"""Web Push: the server's VAPID key pair, each device's push subscriptions, and which of
them a notice has already reached.

The key pair lives in the database so every worker signs with the same one; a
subscription belongs to the device that made it, so signing that device out removes it.

Revision ID: e5b2d8a1c7f3
Revises: e5b2a9c47d10
Create Date: 2026-12-04 11:30:00
"""

import sqlalchemy as sa
from alembic import op

revision = "e5b2d8a1c7f3"
down_revision = "e5b2a9c47d10"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "push_keys",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("private_key", sa.String(100), nullable=False),
        sa.Column("public_key", sa.String(100), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("device_id", sa.String(32), sa.ForeignKey("devices.id", ondelete="CASCADE"), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(64), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.UniqueConstraint("endpoint", name="uq_push_subscriptions_endpoint"),
    )
    op.create_index("ix_push_subscriptions_player_id", "push_subscriptions", ["player_id"])
    op.create_index("ix_push_subscriptions_device_id", "push_subscriptions", ["device_id"])
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.add_column(sa.Column("push_done", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("notices", schema=None) as batch_op:
        batch_op.drop_column("push_done")
    op.drop_index("ix_push_subscriptions_device_id", "push_subscriptions")
    op.drop_index("ix_push_subscriptions_player_id", "push_subscriptions")
    op.drop_table("push_subscriptions")
    op.drop_table("push_keys")
