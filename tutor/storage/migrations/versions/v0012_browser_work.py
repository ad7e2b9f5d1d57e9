"""Schema 12 (issue 24, point 2): the work of a browser whose learner has not named himself yet
is kept in the store, not only in the browser, and becomes the learner's when he names himself
or logs in (:mod:`tutor.progress.browsers`).

* ``learners.browser``: on a row that holds a browser's unnamed work, the hash of that browser's
  key (the key itself travels in the page's address and is never stored); NULL on a named
  learner. Such a row has no name a learner can type (its ``name_key`` begins with a control
  character, which :func:`tutor.progress.records.clean_name` refuses), so no lookup by name, no
  list and no class ever reaches it.
* ``attempts.opponent_rating`` / ``opponent_rd``: the puzzle's rating just before a rated game,
  so that merging two learners' work replays the learner's games exactly (Glicko-2 updates a
  player from his opponents' rating and deviation only). Attempts rated before schema 12 have
  none; a replay then takes the puzzle's rating now."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0012"
down_revision: str | None = "v0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("browser", sa.Text, nullable=True))
    op.create_index("learners_by_browser", "learners", ["browser"], unique=True)
    op.add_column("attempts", sa.Column("opponent_rating", sa.Float, nullable=True))
    op.add_column("attempts", sa.Column("opponent_rd", sa.Float, nullable=True))
    op.execute(sa.text("UPDATE meta SET value = '12' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
