"""Schema 6: each rated attempt keeps the learner's rating on each of the puzzle's themes right
after it, so the Progress page can draw a chart over time per theme. Older attempts keep null
(their per-theme course was not recorded); nothing else changes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0006"
down_revision: str | None = "v0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("attempts", sa.Column("theme_ratings", sa.Text, nullable=True))
    op.execute(sa.text("UPDATE meta SET value = '6' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
