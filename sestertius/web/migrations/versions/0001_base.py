"""The tables of the first versioned schema: games, seats, decisions. A database made before migrations existed
already has them, maybe without the columns added since: those are added (all nullable).

Revision ID: 0001
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _tables() -> dict[str, list[sa.Column]]:
    return {
        "games": [
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("options", sa.Text, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("created", sa.DateTime, nullable=False),
            sa.Column("updated", sa.DateTime, nullable=False),
            sa.Column("decisions", sa.Integer, nullable=False),
            sa.Column("state_hash", sa.String(32), nullable=True),
            sa.Column("campaign", sa.String(200), nullable=True),
            sa.Column("owner_hash", sa.String(64), nullable=True),
            sa.Column("public", sa.Boolean, nullable=True),
            sa.Column("seed_chosen", sa.Boolean, nullable=True),
            sa.Column("table_seat", sa.Integer, nullable=True),
        ],
        "seats": [
            sa.Column("game", sa.String(32), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(16), nullable=False),
            sa.Column("bot", sa.String(32), nullable=True),
            sa.Column("name", sa.String(100), nullable=False),
            sa.Column("token_hash", sa.String(64), nullable=True),
        ],
        "decisions": [
            sa.Column("game", sa.String(32), primary_key=True),
            sa.Column("idx", sa.Integer, primary_key=True),
            sa.Column("action", sa.Text, nullable=False),
            sa.Column("decider", sa.Integer, nullable=False),
            sa.Column("time", sa.DateTime, nullable=False),
        ],
    }


def upgrade() -> None:
    insp = sa.inspect(op.get_bind())
    for name, cols in _tables().items():
        if not insp.has_table(name):
            op.create_table(name, *cols)
            continue
        have = {c["name"] for c in insp.get_columns(name)}
        for col in cols:
            if col.name not in have:  # a column added before migrations existed; every such column is nullable
                op.add_column(name, sa.Column(col.name, col.type, nullable=True))
    if not any(ix["name"] == "ix_games_updated" for ix in insp.get_indexes("games")):
        op.create_index("ix_games_updated", "games", ["updated"])


def downgrade() -> None:
    op.drop_index("ix_games_updated", "games")
    for name in ("decisions", "seats", "games"):
        op.drop_table(name)
