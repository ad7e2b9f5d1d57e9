"""The revisions, oldest first: ``v0004`` is the schema the pre-Alembic store left (version 4)."""
