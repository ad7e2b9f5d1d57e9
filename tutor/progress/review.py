"""The spaced-review queue: each failed or shaky puzzle's FSRS card, when it comes back, and
when it leaves the queue (:mod:`tutor.spaced` holds the scheduler; this room its rows)."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import delete, select
from sqlalchemy.engine import Connection

from tutor.progress.records import ReviewItem, guard_rows, iso
from tutor.progress.records import now as utc_now
from tutor.spaced import REVIEW_GRADUATE_DAYS, Grade, card_from_json, card_to_json, new_card, review, review_grade
from tutor.storage import models as T
from tutor.storage.database import Database, insert_or

__all__ = ["ReviewQueue", "schedule", "reschedule"]

_R = T.reviews


def schedule(conn: Connection, learner_id: int, item_id: str, correct: bool, hints_used: int, ts: datetime) -> None:
    """Review the item's FSRS card: a miss is "again", an answer found with hints "hard",
    a clean one "good". An item enters the queue on a miss or a shaky answer and leaves it
    once its memory is stable for :data:`REVIEW_GRADUATE_DAYS`."""
    mine = (_R.c.learner_id == learner_id, _R.c.item_id == item_id)
    row = conn.execute(select(_R.c.stage, _R.c.due, _R.c.card).where(*mine)).first()
    grade = review_grade(correct, hints_used)
    if row is None and grade == Grade.GOOD:
        return
    card = new_card() if row is None else card_from_json(str(row[2]), int(row[0]), str(row[1]))
    card = review(card, grade, ts)
    stage = 0 if grade == Grade.AGAIN or row is None else int(row[0]) + 1
    if grade != Grade.AGAIN and row is not None and (card.stability or 0.0) >= REVIEW_GRADUATE_DAYS:
        conn.execute(delete(_R).where(*mine))
        return
    upsert = insert_or(conn, _R).values(learner_id=learner_id, item_id=item_id, stage=stage, due=iso(card.due),
                                        card=card_to_json(card))
    conn.execute(upsert.on_conflict_do_update(
        index_elements=[_R.c.learner_id, _R.c.item_id],
        set_={"stage": upsert.excluded.stage, "due": upsert.excluded.due, "card": upsert.excluded.card}))


def reschedule(conn: Connection, learner_id: int, item_id: str) -> None:
    """The item's review card again from the learner's answers to it, oldest first: what
    :func:`schedule` gives when the answers come one by one (a merge of two learners' work,
    each of whom had his own card for the item, :mod:`tutor.progress.merge`)."""
    a = T.attempts
    conn.execute(delete(_R).where(_R.c.learner_id == learner_id, _R.c.item_id == item_id))
    rows = conn.execute(select(a.c.correct, a.c.hints_used, a.c.ts)
                        .where(a.c.learner_id == learner_id, a.c.item_id == item_id, a.c.kind != "lesson")
                        .order_by(a.c.ts, a.c.id)).all()
    for correct, hints, ts in rows:
        schedule(conn, learner_id, item_id, bool(correct), int(hints), datetime.fromisoformat(str(ts)))


class ReviewQueue:
    """The learner's queue of puzzles to see again, as the pages read it."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def queue(self, learner_id: int) -> list[ReviewItem]:
        """Every failed or shaky puzzle still in the queue, soonest first."""
        return self._read(learner_id, None)

    @guard_rows
    def due(self, learner_id: int, now: datetime | None = None) -> list[ReviewItem]:
        """The failed and shaky puzzles due again by ``now``."""
        at = now or utc_now()
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        return self._read(learner_id, at)

    def _read(self, learner_id: int, by: datetime | None) -> list[ReviewItem]:
        query = select(_R.c.item_id, _R.c.stage, _R.c.due).where(_R.c.learner_id == learner_id)
        if by is not None:
            query = query.where(_R.c.due <= iso(by))
        with self.db.read() as conn:
            rows = conn.execute(query.order_by(_R.c.due, _R.c.item_id)).all()
        return [ReviewItem(r[0], int(r[1]), datetime.fromisoformat(r[2])) for r in rows]
