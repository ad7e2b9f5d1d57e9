"""Schema 4, as the store before Alembic left it: learners, attempts, lessons, reviews, reports,
drafts, and the ``meta`` table with the schema's number.

A file made by that store already has these tables (it is brought to 4 by the old SQL steps in
:data:`tutor.progress.MIGRATIONS` first): then this revision only records itself.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0004"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    tables = set(sa.inspect(op.get_bind()).get_table_names())
    if "meta" not in tables:
        op.create_table("meta", sa.Column("key", sa.Text, primary_key=True),
                        sa.Column("value", sa.Text, nullable=False))
    if "learners" in tables:
        return
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("created", sa.Text, nullable=False),
        sa.Column("tz", sa.Text, nullable=False, server_default=""),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("item_id", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("themes", sa.Text, nullable=False),
        sa.Column("correct", sa.Integer, nullable=False),
        sa.Column("hints_used", sa.Integer, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("ts", sa.Text, nullable=False),
        sa.Column("day", sa.Text, nullable=False, server_default=""),
        sa.CheckConstraint("kind IN ('lesson', 'puzzle', 'daily')", name="attempts_kind"),
    )
    op.create_index("attempts_by_learner", "attempts", ["learner_id", "ts"])
    op.create_index("attempts_daily", "attempts", ["learner_id", "kind", "day"])
    op.create_table(
        "lessons_done",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("lesson_id", sa.Text, nullable=False),
        sa.Column("ts", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "lesson_id"),
    )
    op.create_table(
        "reviews",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("item_id", sa.Text, nullable=False),
        sa.Column("stage", sa.Integer, nullable=False),
        sa.Column("due", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "item_id"),
    )
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=True),
        sa.Column("item_id", sa.Text, nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("ts", sa.Text, nullable=False),
    )
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
    op.execute(sa.text("DELETE FROM meta WHERE key = 'schema_version'"))
    op.execute(sa.text("INSERT INTO meta (key, value) VALUES ('schema_version', '4')"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("schema 4 is the first Alembic revision")
