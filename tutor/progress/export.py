"""Everything kept about one learner: given to him as data (his right to a copy), or removed
with him (his right to be forgotten) -- his classes too when he taught them.

Why a room of its own: it reads every area (learners, ratings, attempts, review, reports,
drafts, classes), so it sits above all of them and none of them needs it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.sql import Delete

from tutor.progress.attempts import Attempts
from tutor.progress.learners import Learners, no_learner
from tutor.progress.ratings import Ratings
from tutor.progress.records import guard_rows, iso
from tutor.progress.review import ReviewQueue
from tutor.storage import models as T
from tutor.storage.database import Database, locked

__all__ = ["Export", "erasure"]


def erasure(learner_ids: Sequence[int]) -> tuple[Delete, ...]:
    """The deletes that remove these learners, children before parents (the foreign keys hold
    at each): one learner forgotten (:meth:`Export.delete`), or browsers' idle unnamed work
    pruned (:meth:`tutor.progress.browsers.Browsers.prune`)."""
    ids = list(learner_ids)
    taught = select(T.classes.c.id).where(T.classes.c.teacher_id.in_(ids)).scalar_subquery()
    own = [delete(t).where(t.c.learner_id.in_(ids))
           for t in (T.class_members, T.sessions, T.identities, T.theme_ratings, T.drafts, T.reports, T.reviews, T.lessons_done,
                     T.attempts)]
    return (delete(T.assignments).where(T.assignments.c.class_id.in_(taught)),
            delete(T.class_members).where(T.class_members.c.class_id.in_(taught)),
            delete(T.classes).where(T.classes.c.teacher_id.in_(ids)),
            *own,
            delete(T.learners).where(T.learners.c.id.in_(ids)))


class Export:
    """A learner's data, out or away."""

    def __init__(self, db: Database, learners: Learners, ratings: Ratings, attempts: Attempts,
                 review: ReviewQueue) -> None:
        self.db = db
        self._learners = learners
        self._ratings = ratings
        self._attempts = attempts
        self._review = review

    @guard_rows
    def export(self, learner_id: int) -> dict[str, Any]:
        """Everything kept about a learner, as JSON-ready data (not the password's hash: only
        whether there is one)."""
        learner = self._learners.by_id(learner_id)
        rating = self._ratings.rating(learner_id)
        d, p, r, c, m = T.lessons_done, T.reports, T.drafts, T.classes, T.class_members
        with self.db.read() as conn:
            lessons = conn.execute(select(d.c.lesson_id, d.c.ts).where(d.c.learner_id == learner_id)
                                   .order_by(d.c.lesson_id)).all()
            reports = conn.execute(select(p.c.item_id, p.c.note, p.c.ts).where(p.c.learner_id == learner_id)
                                   .order_by(p.c.id)).all()
            drafts = conn.execute(select(r.c.slot, r.c.text, r.c.ts).where(r.c.learner_id == learner_id)
                                  .order_by(r.c.id)).all()
            classes = conn.execute(select(c.c.name, m.c.joined).select_from(m.join(c, c.c.id == m.c.class_id))
                                   .where(m.c.learner_id == learner_id).order_by(c.c.name_key)).all()
            taught = conn.execute(select(c.c.name, c.c.code).where(c.c.teacher_id == learner_id)
                                  .order_by(c.c.name_key)).all()
            school = conn.execute(select(T.identities.c.issuer, T.identities.c.subject)
                                  .where(T.identities.c.learner_id == learner_id)
                                  .order_by(T.identities.c.issuer, T.identities.c.subject)).all()
        return {
            "learner": learner.name, "role": learner.role, "time_zone": learner.tz,
            "password": learner.has_password,
            "rating": round(rating.rating, 1), "rd": round(rating.rd, 1),
            "themes": {t: {"rating": round(x.rating, 1), "rd": round(x.rd, 1)}
                       for t, x in self._ratings.theme_ratings(learner_id).items()},
            "attempts": [{"item": a.item_id, "kind": a.kind, "themes": list(a.themes), "correct": a.correct,
                          "hints": a.hints_used, "score": a.score, "answer": a.answer, "ts": iso(a.ts),
                          "day": a.day.isoformat()} for a in self._attempts.of(learner_id)],
            "lessons_done": [{"lesson": x[0], "ts": x[1]} for x in lessons],
            "reviews": [{"item": x.item_id, "stage": x.stage, "due": iso(x.due)}
                        for x in self._review.queue(learner_id)],
            "reports": [{"item": x[0], "note": x[1], "ts": x[2]} for x in reports],
            "drafts": [{"slot": x[0], "text": x[1], "ts": x[2]} for x in drafts],
            "classes": [{"class": x[0], "joined": x[1]} for x in classes],
            "teaches": [{"class": x[0], "code": x[1]} for x in taught],
            "school_accounts": [{"issuer": x[0], "subject": x[1]} for x in school],
        }

    def delete(self, learner_id: int) -> None:
        """Remove a learner and everything kept about him -- his classes too when he taught
        them. Puzzles' ratings stay (they hold nothing of his)."""
        with self.db.write() as conn:
            if conn.execute(locked(select(T.learners.c.id).where(T.learners.c.id == learner_id))).first() is None:
                raise no_learner(learner_id)
            for statement in erasure([learner_id]):
                conn.execute(statement)
