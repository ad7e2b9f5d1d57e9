"""Attempts: one answer to one item stored, rated (its first try, :mod:`tutor.progress.ratings`)
and scheduled for review (:mod:`tutor.progress.review`) in one transaction; and what is read
back from them -- the list, accuracy by theme, what is solved, the daily streak, lessons done.

Why the rating and the schedule are written here and not by their rooms' readers: an attempt,
its ratings and its review must be one commit, or a crash between them counts an answer twice
or loses it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date, datetime, timedelta

from sqlalchemy import func, insert, select
from sqlalchemy.engine import Connection

from tutor.clock import learner_today
from tutor.glicko import Rating, result_of
from tutor.progress.learners import no_learner, zone_of
from tutor.progress.ratings import rate
from tutor.progress.records import Attempt, ThemeStats, guard_rows, iso, now
from tutor.progress.review import schedule
from tutor.storage import models as T
from tutor.storage.database import Database, insert_or, locked
from tutor.storage.errors import ProgressError
from tutor.vocab import AttemptKind, parse_attempt_kind

__all__ = ["Attempts", "accuracy_on"]

_A, _L, _D = T.attempts, T.learners, T.lessons_done


def accuracy_on(conn: Connection, learner_id: int) -> list[ThemeStats]:
    """Per theme, how many items were right at the first try; weakest theme first."""
    # first_try marks each item's first attempt (by id, as recorded under the learner's lock)
    rows = conn.execute(select(_A.c.themes, _A.c.correct)
                        .where(_A.c.learner_id == learner_id, _A.c.kind != "lesson", _A.c.first_try == 1)).all()
    totals: dict[str, list[int]] = {}
    for themes, correct in rows:
        for theme in json.loads(themes) or ("—",):
            row = totals.setdefault(theme, [0, 0])
            row[0] += 1
            row[1] += int(bool(correct))
    stats = [ThemeStats(t, n, c) for t, (n, c) in totals.items()]
    return sorted(stats, key=lambda s: (s.accuracy, -s.attempts, s.theme))


class Attempts:
    """The attempts of every learner: recorded once, read in the shapes the pages need."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def record(self, learner_id: int, item_id: str, kind: AttemptKind, *, themes: Iterable[str] = (), correct: bool,
               hints_used: int = 0, score: float | None = None, answer: str = "", ts: datetime | None = None,
               day: date | None = None, difficulty: int | None = None) -> Attempt:
        """Store one answer, rate it and schedule its review, in one transaction.

        ``score`` defaults to 1 for a correct answer and 0 otherwise; ``day`` (the learner's
        calendar date, which the daily streak counts) defaults to the date of ``ts`` on the
        learner's clock (:func:`tutor.clock.learner_today`, in his stored time zone).

        The learner's first try at a puzzle (not a lesson exercise) is a Glicko-2 game between
        him and the puzzle (:mod:`tutor.glicko`; hints make it a partial loss); ``difficulty``
        (1-5) seeds the rating of a puzzle nobody has tried yet. A miss or an answer found
        with hints puts the puzzle in the FSRS review queue.

        Concurrency: the learner's row, then the puzzle's, is locked before the attempt gets its
        id, so attempts that share a learner or a puzzle are rated in the order of their ids --
        a replay of the attempts by id gives the same ratings.
        """
        if not isinstance(item_id, str) or not item_id.strip():
            raise ProgressError("an attempt needs the id of the item answered")
        if not isinstance(hints_used, int) or hints_used < 0:
            raise ProgressError(f"hints used must be a whole number >= 0, got {hints_used!r}")
        score = (1.0 if correct else 0.0) if score is None else float(score)
        if not 0.0 <= score <= 1.0:
            raise ProgressError(f"a score lies between 0 and 1, got {score}")
        theme_list = tuple(str(t) for t in themes)
        at = ts or now()
        return self.db.retrying(lambda: self._record(learner_id, item_id, kind, theme_list, bool(correct), hints_used,
                                                     score, str(answer), at, day, difficulty))

    def _record(self, learner_id: int, item_id: str, kind: AttemptKind, themes: tuple[str, ...], correct: bool,
                hints_used: int, score: float, answer: str, ts: datetime, day: date | None,
                difficulty: int | None) -> Attempt:
        with self.db.write(group=True) as conn:
            row = conn.execute(locked(select(_L.c.tz, _L.c.rating, _L.c.rd, _L.c.vol)
                                      .where(_L.c.id == learner_id))).first()
            if row is None:
                raise no_learner(learner_id)
            day = day or learner_today(str(row[0]), ts)
            first = conn.execute(select(1).where(_A.c.learner_id == learner_id, _A.c.item_id == item_id)
                                 .limit(1)).first() is None
            rated: tuple[Rating, Rating, dict[str, Rating], Rating] | None = None
            if first and kind != "lesson":
                rated = rate(conn, learner_id, Rating(float(row[1]), float(row[2]), float(row[3])), item_id,
                             themes, result_of(correct, hints_used), difficulty)
            values = {"learner_id": learner_id, "item_id": item_id, "kind": kind,
                      "themes": json.dumps(themes, ensure_ascii=False), "correct": int(correct),
                      "hints_used": hints_used, "score": score, "answer": answer, "ts": iso(ts),
                      "day": day.isoformat(), "first_try": int(first),
                      "learner_before": float(row[1]) if rated else None,
                      "learner_rd_before": float(row[2]) if rated else None,
                      "learner_rating": rated[0].rating if rated else None,
                      "learner_rd": rated[0].rd if rated else None,
                      "item_rating": rated[1].rating if rated else None,
                      "opponent_rating": rated[3].rating if rated else None,
                      "opponent_rd": rated[3].rd if rated else None,
                      "theme_ratings": json.dumps({t: [round(r.rating, 3), round(r.rd, 3)]
                                                   for t, r in rated[2].items()}, ensure_ascii=False)
                      if rated else None}
            attempt_id = int(conn.execute(insert(_A).values(**values).returning(_A.c.id)).scalar_one())
            if kind != "lesson":
                schedule(conn, learner_id, item_id, correct, hints_used, ts)
        return Attempt(attempt_id, learner_id, item_id, kind, themes, correct, hints_used, score,
                       answer, ts, day)

    @guard_rows
    def of(self, learner_id: int, *, item_id: str | None = None) -> list[Attempt]:
        """A learner's attempts, oldest first (optionally for one item)."""
        query = select(_A.c.id, _A.c.learner_id, _A.c.item_id, _A.c.kind, _A.c.themes, _A.c.correct,
                       _A.c.hints_used, _A.c.score, _A.c.answer, _A.c.ts, _A.c.day).where(_A.c.learner_id == learner_id)
        if item_id is not None:
            query = query.where(_A.c.item_id == item_id)
        with self.db.read() as conn:
            rows = conn.execute(query.order_by(_A.c.ts, _A.c.id)).all()
        return [
            Attempt(int(r[0]), int(r[1]), r[2], parse_attempt_kind(r[3]), tuple(json.loads(r[4])), bool(r[5]), int(r[6]), float(r[7]),
                    r[8], datetime.fromisoformat(r[9]), date.fromisoformat(r[10]))
            for r in rows
        ]

    @guard_rows
    def count(self) -> int:
        with self.db.read() as conn:
            return int(conn.execute(select(func.count()).select_from(_A)).scalar_one())

    @guard_rows
    def accuracy_by_theme(self, learner_id: int) -> list[ThemeStats]:
        """Per theme, how many items were right at the first try; weakest theme first."""
        with self.db.read() as conn:
            return accuracy_on(conn, learner_id)

    @guard_rows
    def solved(self, learner_id: int, item_id: str) -> bool:
        with self.db.read() as conn:
            row = conn.execute(select(1).where(_A.c.learner_id == learner_id, _A.c.item_id == item_id,
                                               _A.c.correct == 1).limit(1)).first()
        return row is not None

    @guard_rows
    def solved_items(self, learner_id: int) -> set[str]:
        """Every item the learner has answered right at least once, in one query: a page that
        marks a whole list (100 puzzles) would otherwise open a connection per item on every
        rerun (about 1 ms each)."""
        with self.db.read() as conn:
            rows = conn.execute(select(_A.c.item_id).distinct()
                                .where(_A.c.learner_id == learner_id, _A.c.correct == 1)).all()
        return {r[0] for r in rows}

    # -- the daily streak -------------------------------------------------------------------
    @guard_rows
    def daily_days(self, learner_id: int) -> set[date]:
        """The days on which the learner solved the daily puzzle."""
        with self.db.read() as conn:
            rows = conn.execute(select(_A.c.day).distinct()
                                .where(_A.c.learner_id == learner_id, _A.c.kind == "daily", _A.c.correct == 1)).all()
        return {date.fromisoformat(r[0]) for r in rows}

    @guard_rows
    def daily_results(self, learner_id: int) -> dict[date, dict[str, bool]]:
        """Each day the learner answered a daily puzzle: the puzzles he answered as that day's
        daily, each with whether he solved it that day (the archive says "you solved it then")."""
        with self.db.read() as conn:
            rows = conn.execute(select(_A.c.day, _A.c.item_id, func.max(_A.c.correct))
                                .where(_A.c.learner_id == learner_id, _A.c.kind == "daily")
                                .group_by(_A.c.day, _A.c.item_id)).all()
        out: dict[date, dict[str, bool]] = {}
        for day, item, solved in rows:
            out.setdefault(date.fromisoformat(str(day)), {})[str(item)] = bool(solved)
        return out

    @guard_rows
    def streak(self, learner_id: int, today: date | None = None) -> int:
        """Consecutive days with the daily puzzle solved, ending today -- or yesterday, since a
        streak is not broken before the day is over. ``today`` defaults to the learner's date
        (:func:`tutor.clock.learner_today` in his stored time zone)."""
        if today is None:
            with self.db.read() as conn:
                today = learner_today(zone_of(conn, learner_id))
        days = self.daily_days(learner_id)
        day = today if today in days else today - timedelta(days=1)
        count = 0
        while day in days:
            count += 1
            day -= timedelta(days=1)
        return count

    # -- lessons ----------------------------------------------------------------------------
    def mark_lesson_done(self, learner_id: int, lesson_id: str, ts: datetime | None = None) -> None:
        with self.db.write() as conn:
            conn.execute(insert_or(conn, _D).values(learner_id=learner_id, lesson_id=lesson_id, ts=iso(ts or now()))
                         .on_conflict_do_nothing(index_elements=[_D.c.learner_id, _D.c.lesson_id]))

    @guard_rows
    def lessons_done(self, learner_id: int) -> set[str]:
        with self.db.read() as conn:
            rows = conn.execute(select(_D.c.lesson_id).where(_D.c.learner_id == learner_id)).all()
        return {r[0] for r in rows}
