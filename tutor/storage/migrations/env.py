"""Alembic's environment: migrations run on the connection :func:`tutor.storage.migrate` passes,
inside its transaction (which holds the lock that keeps two servers from migrating at once)."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection


def run() -> None:
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):  # pragma: no cover - only run through tutor.storage.migrate
        raise RuntimeError("the progress migrations run from tutor.storage.migrate, with a connection")
    context.configure(connection=connection, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # under Alembic; a plain import (the doctest run) does nothing
    run()
