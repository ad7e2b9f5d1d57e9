"""Schema 10 (issue 23): the look of school learners' names. A learner made at a school account's
first sign-in (schema 8) was kept with an empty ``name_skeleton`` (schema 9 filled only the
learners it found), so a later "аlice" with a Cyrillic а was not seen as a look-alike of a school
"alice". Every empty skeleton is filled here; the sign-in now keeps it."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from tutor.storage import name_skeleton

revision = "v0010"
down_revision: str | None = "v0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    learners = sa.table("learners", sa.column("id", sa.Integer), sa.column("name", sa.Text),
                        sa.column("name_skeleton", sa.Text))
    conn = op.get_bind()
    blank = sa.select(learners.c.id, learners.c.name).where(learners.c.name_skeleton == "")
    for learner_id, name in conn.execute(blank).all():
        conn.execute(sa.update(learners).where(learners.c.id == learner_id)
                     .values(name_skeleton=name_skeleton(str(name))))
    op.execute(sa.text("UPDATE meta SET value = '10' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
