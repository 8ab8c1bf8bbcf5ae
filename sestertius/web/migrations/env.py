"""Alembic's environment for the web app's database: run on the connection that ``store.migrate`` hands over (it
holds the migration lock), never from a configuration file."""
from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, transaction_per_migration=True)
with context.begin_transaction():
    context.run_migrations()
