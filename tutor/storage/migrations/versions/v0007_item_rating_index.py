"""Schema 7: an index on the puzzles' ratings, so the next puzzle is found in the database by
two short range scans around the learner's rating (before: every rating was read into each app
server and kept there for a few seconds). Nothing else changes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0007"
down_revision: str | None = "v0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("item_ratings_by_rating", "item_ratings", ["rating", "item_id"])
    op.execute(sa.text("UPDATE meta SET value = '7' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
