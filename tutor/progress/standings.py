"""What learners' first tries say of each puzzle: the stars its rating shows, and whether a teacher
should look at it.

- **Stars from the rating.** A puzzle's Glicko-2 rating (:mod:`tutor.progress.ratings`, one game
  per learner's first try) is shown as its difficulty once :data:`MIN_TRIES` first tries have
  rated it (:func:`tutor.progress.records.stars_of`: the seed it is nearest to); before, the
  author's difficulty stands -- a handful of tries says less than the author's estimate.
- **A flag for a teacher.** A puzzle is flagged when a learner reported a problem with it, or
  when strong learners fail it far more often than its rating predicts. "Strong" means stronger
  than the puzzle: a learner whose rating, when he tried, was above the puzzle's rating now (by
  :data:`STRONG_MARGIN`), his own rating known to within :data:`STRONG_RD` -- the ratings favour
  him to solve it. For each such first try the ratings expect a
  failure with probability ``1 - E`` (Glickman's expected score, :func:`tutor.glicko.expected`,
  of the learner's rating before the try against the puzzle's rating now). The puzzle is a
  *misfit* when those learners failed at least :data:`MIN_FAILS` times, at least
  :data:`FAR_MORE` times as often as expected, and at least :data:`Z_SCORE` standard
  deviations above it. Why strong learners: a genuinely hard puzzle is failed by everyone and
  its rating rises above them until it predicts that; a puzzle that strong players fail while
  weaker ones pass usually accepts the wrong card or marks the classical one wrong, and its
  rating settles between the two groups -- where the strong ones' misses are far more than it
  predicts. (Why not a wider margin: their own misses raise the puzzle's rating towards theirs;
  four misses by 1900-rated learners after six newcomers' right answers left such a puzzle at
  1711.)

A teacher who has looked at a flagged puzzle marks it checked (:meth:`Standings.check`): only
reports and first tries after that flag it again.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import func, or_, select
from sqlalchemy.engine import Connection

from tutor.glicko import Rating, expected
from tutor.progress.records import Flag, ItemStanding, guard_rows, iso, now, stars_of
from tutor.storage import models as T
from tutor.storage.database import Database, insert_or

__all__ = ["Standings", "standings_on", "flags_on", "misfit", "MIN_TRIES", "STRONG_MARGIN", "STRONG_RD",
           "MIN_FAILS", "FAR_MORE", "Z_SCORE"]

#: First tries before a puzzle's rating is shown as its stars (its RD is then about 120 or less).
MIN_TRIES = 8
#: How far above a puzzle's rating a learner's is for him to count as strong on it: above it, so
#: the ratings expect him to solve it more often than not.
STRONG_MARGIN = 0.0
#: The widest deviation of a strong learner's rating: a newcomer's 1500 ± 350 says nothing yet.
STRONG_RD = 150.0
#: The fewest strong learners' fails that flag a puzzle, and how much more often than expected.
MIN_FAILS = 3
FAR_MORE = 2.0
Z_SCORE = 2.0

_A, _I, _P, _C = T.attempts, T.item_ratings, T.reports, T.item_checks


def misfit(fails: int, expected_fails: float, variance: float) -> bool:
    """Whether ``fails`` are far more than ``expected_fails`` (with ``variance``, the sum of
    p(1-p) over the tries): at least :data:`MIN_FAILS`, :data:`FAR_MORE` times as many, and
    :data:`Z_SCORE` deviations above.

    >>> misfit(4, 1.0, 0.8), misfit(4, 2.5, 1.5), misfit(2, 0.2, 0.2)
    (True, False, False)
    """
    if fails < MIN_FAILS or fails < FAR_MORE * expected_fails:
        return False
    return fails - expected_fails >= Z_SCORE * math.sqrt(max(variance, 1e-9))


def _checked_on(conn: Connection) -> dict[str, str]:
    return {str(r[0]): str(r[1]) for r in conn.execute(select(_C.c.item_id, _C.c.ts))}


def flags_on(conn: Connection, items: Mapping[str, Rating] | None = None) -> dict[str, Flag]:
    """Every puzzle flagged now, by id (only reports and tries since its last check count);
    ``items``: the puzzles' ratings, when the caller has read them already."""
    checked = _checked_on(conn)
    ratings = items if items is not None else {
        str(r[0]): Rating(float(r[1]), float(r[2]), float(r[3]))
        for r in conn.execute(select(_I.c.item_id, _I.c.rating, _I.c.rd, _I.c.vol))}
    after_check = or_(_C.c.ts.is_(None), _P.c.ts > _C.c.ts)
    reports: dict[str, tuple[int, str]] = {}
    newest = (select(_P.c.item_id, func.count().label("n"), func.max(_P.c.id).label("last"))
              .select_from(_P.outerjoin(_C, _C.c.item_id == _P.c.item_id)).where(after_check)
              .group_by(_P.c.item_id).subquery())
    for item_id, n, note in conn.execute(select(newest.c.item_id, newest.c.n, _P.c.note)
                                         .select_from(newest.join(_P, _P.c.id == newest.c.last))):
        reports[str(item_id)] = (int(n), str(note))
    strong = conn.execute(
        select(_A.c.item_id, _A.c.correct, _A.c.learner_before, _A.c.learner_rd_before)
        .select_from(_A.join(_I, _I.c.item_id == _A.c.item_id).outerjoin(_C, _C.c.item_id == _A.c.item_id))
        .where(_A.c.first_try == 1, _A.c.kind != "lesson", _A.c.learner_before.is_not(None),
               _A.c.learner_rd_before <= STRONG_RD, _A.c.learner_before >= _I.c.rating + STRONG_MARGIN,
               or_(_C.c.ts.is_(None), _A.c.ts > _C.c.ts))).all()
    tally: dict[str, list[float]] = {}  # item -> [tries, fails, expected fails, variance]
    for item_id, correct, before, rd_before in strong:
        item = ratings.get(str(item_id))
        if item is None:
            continue
        p_fail = 1.0 - expected(Rating(float(before), float(rd_before)), item)
        row = tally.setdefault(str(item_id), [0.0, 0.0, 0.0, 0.0])
        row[0] += 1
        row[1] += 0 if correct else 1
        row[2] += p_fail
        row[3] += p_fail * (1.0 - p_fail)
    out: dict[str, Flag] = {}
    for item_id in sorted(set(reports) | set(tally)):
        n_reports, note = reports.get(item_id, (0, ""))
        tries, fails, exp, var = tally.get(item_id, [0.0, 0.0, 0.0, 0.0])
        since = checked.get(item_id)
        flag = Flag(item_id, n_reports, note, int(tries), int(fails), round(exp, 3), misfit(int(fails), exp, var),
                    datetime.fromisoformat(since) if since else None)
        if flag.raised:
            out[item_id] = flag
    return out


def standings_on(conn: Connection) -> dict[str, ItemStanding]:
    """Every rated or flagged puzzle's standing, by id, read in the caller's transaction."""
    rows = conn.execute(select(_I.c.item_id, _I.c.rating, _I.c.rd, _I.c.vol, _I.c.games)).all()
    ratings = {str(r[0]): Rating(float(r[1]), float(r[2]), float(r[3])) for r in rows}
    games = {str(r[0]): int(r[4]) for r in rows}
    flags = flags_on(conn, ratings)
    out: dict[str, ItemStanding] = {}
    for item_id in sorted(set(ratings) | set(flags)):
        rating = ratings.get(item_id)
        n = games.get(item_id, 0)
        out[item_id] = ItemStanding(item_id, rating or Rating(), n,
                                    stars_of(rating.rating) if rating is not None and n >= MIN_TRIES else None,
                                    flags.get(item_id))
    return out


class Standings:
    """The puzzles' standings and flags, and the teacher's "checked"."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def all(self) -> dict[str, ItemStanding]:
        """Every rated or flagged puzzle's standing, by id (fresh: another server may have rated)."""
        with self.db.read() as conn:
            return standings_on(conn)

    @guard_rows
    def flags(self) -> list[Flag]:
        """The puzzles a teacher should look at: the most reported first, then the worst misfits."""
        with self.db.read() as conn:
            found = flags_on(conn)
        return sorted(found.values(), key=lambda f: (-f.reports, -(f.strong_fails - f.expected_fails), f.item_id))

    def check(self, item_id: str, ts: datetime | None = None) -> None:
        """A teacher has looked at ``item_id``: what came before no longer flags it."""
        at = iso(ts or now())
        with self.db.write() as conn:
            upsert = insert_or(conn, _C).values(item_id=item_id, ts=at)
            conn.execute(upsert.on_conflict_do_update(index_elements=[_C.c.item_id], set_={"ts": upsert.excluded.ts}))
