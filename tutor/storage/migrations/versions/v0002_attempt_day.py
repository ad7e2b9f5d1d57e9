"""Schema 2: the day an attempt counts for (the learner's calendar date), so the daily streak
does not depend on the server's time zone; older attempts count on the UTC date of their time."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0002"
down_revision: str | None = "v0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("attempts", sa.Column("day", sa.Text, nullable=False, server_default=""))
    op.execute(sa.text("UPDATE attempts SET day = substr(ts, 1, 10) WHERE day = ''"))
    op.create_index("attempts_daily", "attempts", ["learner_id", "kind", "day"])
    op.execute(sa.text("UPDATE meta SET value = '2' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
