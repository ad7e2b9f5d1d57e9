"""Schema 11 (issue 26): the daily puzzle's schedule kept, and what ranks the puzzles.

- ``daily_picks``: the puzzle of each day served, chosen once -- from the puzzles' standings as of
  the moment the day was first served -- and never changed, so a past day's daily stays what it
  was when the ratings move, and every app server on the database serves the same one. A puzzle
  comes once a cycle (``cycle``, ``item_id`` unique).
- ``attempts.learner_before`` / ``learner_rd_before``: the learner's rating just before a rated
  try, so a puzzle that strong learners fail far more often than its rating predicts can be found.
  Filled here for the rated tries already kept: a learner's rating changes only at his rated
  tries, so the one before each is the one after his previous (1500 ± 350 before his first).
- ``item_checks``: when a teacher last looked at a flagged puzzle; only reports and tries after
  that flag it again.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0011"
down_revision: str | None = "v0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "daily_picks",
        sa.Column("day", sa.Text, primary_key=True),
        sa.Column("item_id", sa.Text, nullable=False),
        sa.Column("cycle", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("chosen", sa.Text, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False, server_default="0"),
        sa.UniqueConstraint("cycle", "item_id", name="daily_picks_once_a_cycle"),
    )
    op.create_table(
        "item_checks",
        sa.Column("item_id", sa.Text, primary_key=True),
        sa.Column("ts", sa.Text, nullable=False),
    )
    op.add_column("attempts", sa.Column("learner_before", sa.Float, nullable=True))
    op.add_column("attempts", sa.Column("learner_rd_before", sa.Float, nullable=True))
    op.create_index("attempts_first_tries", "attempts", ["item_id", "first_try"])
    attempts = sa.table("attempts", sa.column("id", sa.Integer), sa.column("learner_id", sa.Integer),
                        sa.column("learner_rating", sa.Float), sa.column("learner_rd", sa.Float),
                        sa.column("learner_before", sa.Float), sa.column("learner_rd_before", sa.Float))
    conn = op.get_bind()
    rows = conn.execute(sa.select(attempts.c.id, attempts.c.learner_id, attempts.c.learner_rating, attempts.c.learner_rd)
                        .where(attempts.c.learner_rating.is_not(None))
                        .order_by(attempts.c.learner_id, attempts.c.id)).all()
    fill: list[dict[str, float | int]] = []
    previous: tuple[int, float, float] | None = None
    for attempt_id, learner_id, rating, rd in rows:
        before = (1500.0, 350.0) if previous is None or previous[0] != learner_id else previous[1:]
        fill.append({"attempt": attempt_id, "before": before[0], "rd_before": before[1]})
        previous = (learner_id, float(rating), float(rd))
    if fill:
        conn.execute(sa.update(attempts).where(attempts.c.id == sa.bindparam("attempt"))
                     .values(learner_before=sa.bindparam("before"), learner_rd_before=sa.bindparam("rd_before")), fill)
    op.execute(sa.text("UPDATE meta SET value = '11' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
