"""Schema 9 (issue 23, safety): what each learner's name looks like (its confusable skeleton,
so a Cyrillic "аlice" is refused beside a Latin "alice"), the browser of a problem report (so
anonymous reports are limited per browser), and the login throttle kept per name -- known or
not -- and per client address, as scores that decay (the old per-learner count never did, and
let a stranger lock a teacher out).

The skeletons of the learners already kept are filled here; two old learners of one look stay
as they are (the index is not unique): only a new name is refused."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tutor.storage import name_skeleton

revision = "v0009"
down_revision: str | None = "v0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("learners", sa.Column("name_skeleton", sa.Text, nullable=False, server_default=""))
    op.create_index("learners_by_skeleton", "learners", ["name_skeleton"])
    learners = sa.table("learners", sa.column("id", sa.Integer), sa.column("name", sa.Text),
                        sa.column("name_skeleton", sa.Text))
    conn = op.get_bind()
    for learner_id, name in conn.execute(sa.select(learners.c.id, learners.c.name)).all():
        conn.execute(sa.update(learners).where(learners.c.id == learner_id)
                     .values(name_skeleton=name_skeleton(str(name))))
    op.add_column("reports", sa.Column("browser", sa.Text, nullable=True))
    op.create_index("reports_by_item", "reports", ["item_id", "ts"])
    op.create_index("reports_by_learner", "reports", ["learner_id", "ts"])
    op.create_index("reports_by_browser", "reports", ["browser", "ts"])
    op.create_table(
        "login_throttle",
        sa.Column("key", sa.Text, primary_key=True),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("at", sa.Text, nullable=False),
        sa.Column("until", sa.Text, nullable=False, server_default=""),
    )
    op.create_index("login_throttle_by_at", "login_throttle", ["at"])
    op.execute(sa.text("UPDATE meta SET value = '9' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
