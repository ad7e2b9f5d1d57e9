"""Schema 4: the learner's time zone (the browser's), so that the daily puzzle, the day an
attempt counts for and the streak all read the learner's calendar (:mod:`tutor.clock`).

Schema 4 is the last one the store before Alembic made with its own SQL steps; a file of that
store at 4 is stamped here (:func:`tutor.storage.migrate`) and goes on with v0005.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0004"
down_revision: str | None = "v0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("tz", sa.Text, nullable=False, server_default=""))
    op.execute(sa.text("UPDATE meta SET value = '4' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
