"""Play over days: a token per device, one-time links, passkeys, turn notices.

Every player's token moves into a first device row, so everyone stays signed in.

Revision ID: a7d4e2c9b610
Revises: 3f1b7c2d9a41
Create Date: 2026-12-02 01:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "a7d4e2c9b610"
down_revision = "3f1b7c2d9a41"
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "devices",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("last_seen_at", WHEN, nullable=False),
    )
    op.create_index("ix_devices_player_id", "devices", ["player_id"])
    op.create_index("ix_devices_token_hash", "devices", ["token_hash"], unique=True)
    # A player's one token becomes the token of its first device (its id: the player's).
    op.execute(
        "INSERT INTO devices (id, player_id, token_hash, name, created_at, last_seen_at) "
        "SELECT id, id, token_hash, 'First device', created_at, created_at FROM players"
    )
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_index("ix_players_token_hash")
        batch_op.drop_column("token_hash")
        batch_op.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch_op.add_column(sa.Column("webhook_url", sa.String(500), nullable=True))
        batch_op.add_column(sa.Column("unsubscribe_key", sa.String(64), nullable=True))
        batch_op.add_column(sa.Column("site_url", sa.String(300), nullable=True))
        batch_op.create_index("ix_players_unsubscribe_key", ["unsubscribe_key"])

    op.create_table(
        "device_links",
        sa.Column("code_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("expires_at", WHEN, nullable=False),
        sa.Column("used_at", WHEN, nullable=True),
    )
    op.create_index("ix_device_links_player_id", "device_links", ["player_id"])

    op.create_table(
        "passkeys",
        sa.Column("id", sa.String(255), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("public_key", sa.LargeBinary(), nullable=False),
        sa.Column("sign_count", sa.BigInteger(), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("last_used_at", WHEN, nullable=True),
    )
    op.create_index("ix_passkeys_player_id", "passkeys", ["player_id"])
    op.create_table(
        "passkey_challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenge", sa.String(128), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=True),
        sa.Column("expires_at", WHEN, nullable=False),
    )

    op.create_table(
        "notices",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("v", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("due_at", WHEN, nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("claimed_until", WHEN, nullable=True),
        sa.Column("email_sent_at", WHEN, nullable=True),
        sa.Column("webhook_sent_at", WHEN, nullable=True),
        sa.Column("last_error", sa.String(300), nullable=True),
        sa.Column("created_at", WHEN, nullable=False),
        sa.UniqueConstraint("match_id", "v", "seat", name="uq_notices_match_v_seat"),
    )
    op.create_index("ix_notices_match_id", "notices", ["match_id"])
    op.create_index("ix_notices_player_id", "notices", ["player_id"])
    op.create_index("ix_notices_status", "notices", ["status"])
    op.create_index("ix_notices_due_at", "notices", ["due_at"])


def downgrade() -> None:
    op.drop_table("notices")
    op.drop_table("passkey_challenges")
    op.drop_table("passkeys")
    op.drop_table("device_links")
    with op.batch_alter_table("players", schema=None) as batch_op:
        batch_op.drop_index("ix_players_unsubscribe_key")
        batch_op.drop_column("site_url")
        batch_op.drop_column("unsubscribe_key")
        batch_op.drop_column("webhook_url")
        batch_op.drop_column("email")
        batch_op.add_column(sa.Column("token_hash", sa.String(64), nullable=True))
    # Each player keeps the token of its oldest device; the others sign in again.
    op.execute(
        "UPDATE players SET token_hash = (SELECT d.token_hash FROM devices d WHERE d.player_id = players.id "
        "ORDER BY d.created_at LIMIT 1)"
    )
    op.create_index("ix_players_token_hash", "players", ["token_hash"], unique=True)
    op.drop_table("devices")
