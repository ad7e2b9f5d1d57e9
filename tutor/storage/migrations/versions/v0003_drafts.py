"""Schema 3: drafts -- what a teacher types in the workshop (or a learner in a report) is saved
as it is typed, so a reload or a closed tab loses nothing. A draft belongs to a learner, to a
browser (an anonymous key kept in the page's URL), or to both."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0003"
down_revision: str | None = "v0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "drafts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=True),
        sa.Column("browser", sa.Text, nullable=True),
        sa.Column("slot", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("ts", sa.Text, nullable=False),
        sa.CheckConstraint("learner_id IS NOT NULL OR browser IS NOT NULL", name="drafts_owner"),
    )
    op.create_index("drafts_by_learner", "drafts", ["learner_id", "slot", "id"])
    op.create_index("drafts_by_browser", "drafts", ["browser", "slot", "id"])
    op.execute(sa.text("UPDATE meta SET value = '3' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
