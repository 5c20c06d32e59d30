"""Chat at the table: messages kept with their match, and the host's spectator mute.

Revision ID: 4b8e1f6c2d37
Revises: a7d4e2c9b610
Create Date: 2026-12-02 02:10:00
"""

import sqlalchemy as sa
from alembic import op

revision = "4b8e1f6c2d37"
down_revision = "a7d4e2c9b610"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("v", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_match_id", "chat_messages", ["match_id"])
    # The rate limit counts a player's latest messages.
    op.create_index("ix_chat_messages_player_id_created_at", "chat_messages", ["player_id", "created_at"])
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("spectators_muted", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("spectators_muted")
    op.drop_index("ix_chat_messages_player_id_created_at", table_name="chat_messages")
    op.drop_index("ix_chat_messages_match_id", table_name="chat_messages")
    op.drop_table("chat_messages")
