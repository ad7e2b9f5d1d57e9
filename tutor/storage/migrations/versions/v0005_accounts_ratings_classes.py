"""Schema 5: accounts (role, password hash, throttle), Glicko-2 ratings of learners, items and
themes, FSRS cards in the review queue, login sessions, classes with members and homework.

Nothing of schema 4 is dropped or rewritten: columns are added with defaults, every learner's
name gains its folded key, and each waiting review gains an FSRS card that keeps its due time.
"""

from __future__ import annotations

import json
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "v0005"
down_revision: str | None = "v0004"
branch_labels = None
depends_on = None

#: The old queue's days by stage: the stability an FSRS card starts from for a waiting review.
_OLD_INTERVALS = (1, 3, 7, 21)


def _key(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


def upgrade() -> None:
    bind = op.get_bind()
    op.add_column("learners", sa.Column("name_key", sa.Text, nullable=False, server_default=""))
    op.add_column("learners", sa.Column("role", sa.Text, nullable=False, server_default="learner"))
    op.add_column("learners", sa.Column("password_hash", sa.Text, nullable=True))
    op.add_column("learners", sa.Column("failed_logins", sa.Integer, nullable=False, server_default="0"))
    op.add_column("learners", sa.Column("locked_until", sa.Text, nullable=False, server_default=""))
    op.add_column("learners", sa.Column("rating", sa.Float, nullable=False, server_default="1500"))
    op.add_column("learners", sa.Column("rd", sa.Float, nullable=False, server_default="350"))
    op.add_column("learners", sa.Column("vol", sa.Float, nullable=False, server_default="0.06"))
    seen: set[str] = set()
    for learner_id, name in bind.execute(sa.text("SELECT id, name FROM learners ORDER BY id")).all():
        key = _key(str(name))
        if key in seen:  # two names SQLite's ASCII-only NOCASE kept apart: both stay, the later keyed by id
            key = f"{key}#{learner_id}"
        seen.add(key)
        bind.execute(sa.text("UPDATE learners SET name_key = :k WHERE id = :i"), {"k": key, "i": learner_id})
    op.create_index("learners_by_key", "learners", ["name_key"], unique=True)

    op.add_column("attempts", sa.Column("first_try", sa.Integer, nullable=False, server_default="0"))
    op.add_column("attempts", sa.Column("learner_rating", sa.Float, nullable=True))
    op.add_column("attempts", sa.Column("learner_rd", sa.Float, nullable=True))
    op.add_column("attempts", sa.Column("item_rating", sa.Float, nullable=True))
    op.create_index("attempts_by_item", "attempts", ["learner_id", "item_id"])
    # the first try at each item is marked, so "first try counts" holds for old attempts too
    bind.execute(sa.text(
        "UPDATE attempts SET first_try = 1 WHERE id IN "
        "(SELECT min(id) FROM attempts GROUP BY learner_id, item_id)"))

    op.add_column("reviews", sa.Column("card", sa.Text, nullable=False, server_default=""))
    for learner_id, item_id, stage, due in bind.execute(
            sa.text("SELECT learner_id, item_id, stage, due FROM reviews")).all():
        days = _OLD_INTERVALS[min(max(int(stage), 0), len(_OLD_INTERVALS) - 1)]
        card = {"card_id": 0, "state": 2, "step": None, "stability": float(days), "difficulty": 6.0,
                "due": str(due), "last_review": None}
        bind.execute(sa.text("UPDATE reviews SET card = :c WHERE learner_id = :l AND item_id = :i"),
                     {"c": json.dumps(card), "l": learner_id, "i": item_id})

    op.create_table(
        "item_ratings",
        sa.Column("item_id", sa.Text, primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
        sa.Column("themes", sa.Text, nullable=False, server_default="[]"),
    )
    op.create_table(
        "theme_ratings",
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("theme", sa.Text, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("rd", sa.Float, nullable=False),
        sa.Column("vol", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.PrimaryKeyConstraint("learner_id", "theme"),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.Text, primary_key=True),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("created", sa.Text, nullable=False),
        sa.Column("expires", sa.Text, nullable=False),
    )
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("name_key", sa.Text, nullable=False),
        sa.Column("code", sa.Text, nullable=False),
        sa.Column("teacher_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("created", sa.Text, nullable=False),
        sa.UniqueConstraint("name_key", name="classes_name_key"),
        sa.UniqueConstraint("code", name="classes_code"),
    )
    op.create_table(
        "class_members",
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("joined", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("class_id", "learner_id"),
    )
    op.create_table(
        "assignments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
        sa.Column("item_id", sa.Text, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("due", sa.Text, nullable=True),
        sa.Column("created", sa.Text, nullable=False),
        sa.UniqueConstraint("class_id", "item_id", name="assignments_once"),
    )
    op.execute(sa.text("UPDATE meta SET value = '5' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
