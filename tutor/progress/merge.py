"""Two learners' work made one: every row of a source learner moved to a target, inside the
caller's transaction -- the attempts, the lessons done, the review cards, the ratings -- with each
item's first try counted once.

Why a room of its own: the move touches every area of a learner's progress (attempts, ratings,
review, lessons), and the rules that keep it honest are the merge's own:

* **A first try is the first attempt at an item by that person, whichever browser.** An item
  tried on both sides keeps one first try: the earlier (by time, then by id); the later becomes a
  retry. Accuracy by theme, the teacher's grid and the rating all read first tries, so nothing is
  counted twice.
* **The rating is the learner's games replayed** (:func:`tutor.progress.ratings.replay`) when
  both sides had played; when only the source had, its figures simply move (they are what a
  replay would give).
* **Each review card is the item's answers replayed** (:func:`tutor.progress.review.reschedule`)
  where both sides had answered it.
* **A lesson done stays done**, dated the earlier time.

The caller locks both learners' rows first (:class:`tutor.progress.browsers.Browsers`).
"""

from __future__ import annotations

from sqlalchemy import case, delete, func, insert, select, update
from sqlalchemy.engine import Connection

from tutor.progress.ratings import replay
from tutor.progress.records import BrowserWork
from tutor.progress.review import reschedule
from tutor.storage import models as T

__all__ = ["merge_into"]

_A, _L, _D, _R, _TR = T.attempts, T.learners, T.lessons_done, T.reviews, T.theme_ratings


def _items(conn: Connection, learner_id: int, *, rated_only: bool = False) -> set[str]:
    query = select(_A.c.item_id).distinct().where(_A.c.learner_id == learner_id)
    if rated_only:
        query = query.where(_A.c.kind != "lesson")
    return {str(r[0]) for r in conn.execute(query).all()}


def _daily_days(conn: Connection, learner_id: int) -> set[str]:
    return {str(r[0]) for r in conn.execute(select(_A.c.day).distinct().where(
        _A.c.learner_id == learner_id, _A.c.kind == "daily", _A.c.correct == 1)).all()}


def _first_tries_again(conn: Connection, learner_id: int, item_id: str) -> None:
    """The item's first try is the learner's earliest attempt at it; every other is a retry."""
    first = conn.execute(select(_A.c.id).where(_A.c.learner_id == learner_id, _A.c.item_id == item_id)
                         .order_by(_A.c.ts, _A.c.id).limit(1)).scalar_one()
    conn.execute(update(_A).where(_A.c.learner_id == learner_id, _A.c.item_id == item_id)
                 .values(first_try=case((_A.c.id == first, 1), else_=0)))


def _lessons(conn: Connection, source_id: int, target_id: int) -> int:
    """The source's lessons done become the target's (the earlier date kept); how many are new."""
    mine = dict(conn.execute(select(_D.c.lesson_id, _D.c.ts).where(_D.c.learner_id == target_id)).all())
    added = 0
    for lesson_id, ts in conn.execute(select(_D.c.lesson_id, _D.c.ts).where(_D.c.learner_id == source_id)).all():
        if lesson_id not in mine:
            conn.execute(insert(_D).values(learner_id=target_id, lesson_id=lesson_id, ts=ts))
            added += 1
        elif str(ts) < str(mine[lesson_id]):
            conn.execute(update(_D).where(_D.c.learner_id == target_id, _D.c.lesson_id == lesson_id).values(ts=ts))
    conn.execute(delete(_D).where(_D.c.learner_id == source_id))
    return added


def _ratings(conn: Connection, source_id: int, target_id: int, target_played: bool, source_played: bool) -> None:
    if target_played and source_played:
        replay(conn, target_id)
    elif source_played:  # the target has no game: the source's figures are what a replay would give
        row = conn.execute(select(_L.c.rating, _L.c.rd, _L.c.vol).where(_L.c.id == source_id)).one()
        conn.execute(update(_L).where(_L.c.id == target_id).values(rating=row[0], rd=row[1], vol=row[2]))
        conn.execute(update(_TR).where(_TR.c.learner_id == source_id).values(learner_id=target_id))
    conn.execute(delete(_TR).where(_TR.c.learner_id == source_id))


def merge_into(conn: Connection, source_id: int, target_id: int) -> BrowserWork:
    """Move all of ``source_id``'s progress to ``target_id`` and remove the source's row;
    returns what the target gained (answers moved, lessons and daily days new to him)."""
    source_items, target_items = _items(conn, source_id), _items(conn, target_id)
    both = source_items & target_items
    target_played = bool(_items(conn, target_id, rated_only=True))
    source_played = bool(_items(conn, source_id, rated_only=True))
    new_days = len(_daily_days(conn, source_id) - _daily_days(conn, target_id))
    answers = int(conn.execute(select(func.count()).select_from(_A).where(_A.c.learner_id == source_id)).scalar_one())
    conn.execute(update(_A).where(_A.c.learner_id == source_id).values(learner_id=target_id))
    for item_id in sorted(both):
        _first_tries_again(conn, target_id, item_id)
    _ratings(conn, source_id, target_id, target_played, source_played)
    conn.execute(delete(_R).where(_R.c.learner_id == source_id, _R.c.item_id.in_(sorted(both))))
    conn.execute(update(_R).where(_R.c.learner_id == source_id).values(learner_id=target_id))
    for item_id in sorted(both):
        reschedule(conn, target_id, item_id)
    lessons = _lessons(conn, source_id, target_id)
    for table in (T.drafts, T.reports):  # none are kept under a browser's row today; moved if ever
        conn.execute(update(table).where(table.c.learner_id == source_id).values(learner_id=target_id))
    tz = conn.execute(select(_L.c.tz).where(_L.c.id == source_id)).scalar_one()
    if tz:
        conn.execute(update(_L).where(_L.c.id == target_id, _L.c.tz == "").values(tz=tz))
    conn.execute(delete(_L).where(_L.c.id == source_id))
    return BrowserWork(answers=answers, lessons=lessons, daily_days=new_days)
