"""Schema 1, the first store: learners, attempts, lessons done, the review queue, problem
reports, and the ``meta`` table with the schema's number.

A store of the program before Alembic (schema 1-4, made by its own SQL steps) already has these
tables and no ``alembic_version``: :func:`tutor.storage.migrate` stamps it at the revision of its
number, so this revision and those up to its number are never run on it.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    if not sa.inspect(op.get_bind()).has_table("meta"):
        op.create_table("meta", sa.Column("key", sa.Text, primary_key=True),
                        sa.Column("value", sa.Text, nullable=False))
    op.create_table(
        "learners",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("created", sa.Text, nullable=False),
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
        sa.CheckConstraint("kind IN ('lesson', 'puzzle', 'daily')", name="attempts_kind"),
    )
    op.create_index("attempts_by_learner", "attempts", ["learner_id", "ts"])
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
    op.execute(sa.text("DELETE FROM meta WHERE key = 'schema_version'"))
    op.execute(sa.text("INSERT INTO meta (key, value) VALUES ('schema_version', '1')"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("schema 1 is the first revision")
