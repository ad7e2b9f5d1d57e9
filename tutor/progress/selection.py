"""Choosing the next puzzle: a review that is due, else one rated near the learner -- mostly
from his weakest themes -- never one he solved lately.

Why the database finds the puzzles near a rating (two range scans of ``item_ratings_by_rating``)
and no process keeps ratings: another app server may have just changed them.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import CompoundSelect, and_, case, func, literal_column, select, union_all
from sqlalchemy.engine import Connection

from tutor.glicko import DEFAULT as DEFAULT_RATING
from tutor.progress.attempts import accuracy_on
from tutor.progress.learners import no_learner
from tutor.progress.ratings import theme_ratings_on
from tutor.progress.records import Candidate, guard_rows, iso, seed_rating
from tutor.progress.records import now as utc_now
from tutor.storage import models as T
from tutor.storage.database import Database

__all__ = ["Selection", "weak_themes_on", "RECENT_DAYS", "WEAK_SHARE", "NEAR", "CHOOSE_AMONG"]

#: A puzzle solved within this many days is not chosen again as the next one.
RECENT_DAYS = 3
#: The share of next puzzles taken from the learner's weakest themes.
WEAK_SHARE = 0.7
#: How far (rating points) from the learner a puzzle may be to count as "near".
NEAR = 400.0
#: The next puzzle is drawn at random among this many closest to the learner's rating.
CHOOSE_AMONG = 5
#: How many candidates of one seed group are asked at once whether they have a rating (at most
#: four times, and no further once a whole batch is rated: such a group's puzzles are placed by
#: their ratings, read by the range scans).
_SEED_CHUNK = 64

_A, _I, _R = T.attempts, T.item_ratings, T.reviews


def weak_themes_on(conn: Connection, learner_id: int, count: int = 2) -> list[str]:
    """The learner's weakest themes: lowest accuracy at the first try, then lowest theme
    rating; only themes tried at least once and not yet mastered."""
    stats = accuracy_on(conn, learner_id)
    ratings = theme_ratings_on(conn, learner_id)
    ranked = sorted((s for s in stats if s.theme != "—"),
                    key=lambda s: (s.accuracy, ratings.get(s.theme, DEFAULT_RATING).rating, s.theme))
    return [s.theme for s in ranked
            if s.accuracy < 1.0 or ratings.get(s.theme, DEFAULT_RATING).rating < 1500][:count]


@dataclass(frozen=True)
class _Pool:
    """The candidates of one choice: by id, and grouped by seed rating (a puzzle nobody has
    tried yet is placed by its difficulty's seed), nearest groups are walked first."""

    by_id: dict[str, Candidate]
    by_seed: tuple[tuple[float, tuple[Candidate, ...]], ...]
    size: int

    @classmethod
    def of(cls, candidates: Sequence[Candidate]) -> _Pool:
        groups: dict[float, list[Candidate]] = {}
        for c in candidates:
            groups.setdefault(seed_rating(c.difficulty).rating, []).append(c)
        return cls({c.item_id: c for c in candidates},
                   tuple((seed, tuple(sorted(cs, key=lambda c: c.item_id))) for seed, cs in sorted(groups.items())),
                   len(candidates))


class Selection:
    """The next puzzle and the weak themes it leans on."""

    def __init__(self, db: Database) -> None:
        self.db = db
        #: The last candidate list and its :class:`_Pool`: see :meth:`_pool`.
        self._pool_cache: tuple[Sequence[Candidate], _Pool] | None = None

    @guard_rows
    def next_puzzle(self, learner_id: int, candidates: Sequence[Candidate], *, now: datetime | None = None,
                    rng: random.Random | None = None) -> str | None:
        """The puzzle to give the learner next, among ``candidates`` (the page's list):

        a review that is due first; otherwise one rated near the learner (the closest few, one
        at random), about :data:`WEAK_SHARE` of the time from his weakest themes (accuracy at
        the first try, then theme rating); never one he solved in the last
        :data:`RECENT_DAYS` days. None when every candidate was solved lately.

        Everything is read in one transaction, fresh: the puzzles near the learner's rating are
        found by the database (two range scans of ``item_ratings_by_rating`` around it), never
        from ratings kept in this process -- another app server may have just changed them.
        """
        at = now or utc_now()
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        rng = rng or random.Random()
        since = iso(at - timedelta(days=RECENT_DAYS))
        pool = self._pool(candidates)
        with self.db.read() as conn:
            learner = conn.execute(select(T.learners.c.rating).where(T.learners.c.id == learner_id)).first()
            if learner is None:
                raise no_learner(learner_id)
            target = float(learner[0])
            tried: set[str] = set()
            recent: set[str] = set()
            solved: set[str] = set()
            solved_lately = func.max(case((and_(_A.c.correct == 1, _A.c.ts >= since), literal_column("1")),
                                      else_=literal_column("0")))
            for item, lately, ever in conn.execute(select(_A.c.item_id, solved_lately, func.max(_A.c.correct))
                                                   .where(_A.c.learner_id == learner_id).group_by(_A.c.item_id)):
                tried.add(item)
                if lately:
                    recent.add(item)
                if ever:
                    solved.add(item)
            for (item,) in conn.execute(select(_R.c.item_id).where(_R.c.learner_id == learner_id, _R.c.due <= iso(at))
                                        .order_by(_R.c.due, _R.c.item_id)):
                if item in pool.by_id and item not in recent:
                    return str(item)
            weak = set(weak_themes_on(conn, learner_id))
            focus = bool(weak) and rng.random() < WEAK_SHARE
            tests: list[Callable[[Candidate], bool]] = [
                lambda c: c.item_id not in recent and c.item_id not in tried and not weak.isdisjoint(c.themes),
                lambda c: c.item_id not in recent and c.item_id not in tried,
                lambda c: c.item_id not in recent,
            ]
            ceiling = _ceiling(pool, solved)
            steps = tests[0 if focus else 1:]
            # one level at a time first (defect 29: a beginner went from ★ to ★★★ after two answers,
            # his rating then being 1500 ± 350), then anywhere near his rating
            for ok in [*(lambda c, ok=ok: ok(c) and (c.difficulty or 0) <= ceiling for ok in steps), *steps]:
                near = _nearest(conn, pool, target, ok, CHOOSE_AMONG)
                if near:
                    return rng.choice(near).item_id
        return None

    def _pool(self, candidates: Sequence[Candidate]) -> _Pool:
        """The page's candidates by id and by seed rating (their difficulty's), kept while the
        same list is passed: the page's own content, not shared state."""
        cached = self._pool_cache
        if cached is not None and cached[0] is candidates and cached[1].size == len(candidates):
            return cached[1]
        pool = _Pool.of(candidates)
        self._pool_cache = (candidates, pool)
        return pool

    @guard_rows
    def weak_themes(self, learner_id: int, count: int = 2) -> list[str]:
        """The learner's weakest themes: lowest accuracy at the first try, then lowest theme
        rating; only themes tried at least once and not yet mastered."""
        with self.db.read() as conn:
            return weak_themes_on(conn, learner_id, count)


def _ceiling(pool: _Pool, solved: set[str]) -> int:
    """The hardest difficulty the next puzzle may have at first: one above the hardest the
    learner solved among the page's puzzles (no bound before he solved one: then his rating,
    1500, places him at the middle level)."""
    done = [pool.by_id[i].difficulty or 0 for i in solved if i in pool.by_id]
    return max(done) + 1 if done else 5


def _scans(target: float, n: int) -> CompoundSelect[int, str, float]:
    """Both range scans of ``item_ratings_by_rating`` in one statement: ``n`` ratings from
    ``target`` up (side 1) and ``n`` below it (side 0)."""
    up = (select(_I.c.item_id, _I.c.rating).where(_I.c.rating >= target)
          .order_by(_I.c.rating, _I.c.item_id).limit(n).subquery("up"))
    down = (select(_I.c.item_id, _I.c.rating).where(_I.c.rating < target)
            .order_by(_I.c.rating.desc(), _I.c.item_id).limit(n).subquery("down"))
    return union_all(select(literal_column("1"), up.c.item_id, up.c.rating),
                     select(literal_column("0"), down.c.item_id, down.c.rating))


def _nearest(conn: Connection, pool: _Pool, target: float, ok: Callable[[Candidate], bool],
             count: int) -> list[Candidate]:
    """Up to ``count`` candidates passing ``ok``, nearest to ``target`` first.

    Rated puzzles: the database reads ``n`` ratings on each side of ``target`` (by the index),
    widening until the ``count`` nearest passing ones are closer than the edge of what was
    read. Puzzles nobody tried yet sit at their difficulty's seed: the nearest seed groups are
    asked which of their members have no rating yet (a few dozen at a time)."""
    found: list[tuple[float, str, Candidate]] = []
    seen: set[str] = set()
    n = 8 * count
    while True:
        rows = conn.execute(_scans(target, n)).all()  # both scans in one round trip
        above = sorted(((str(r[1]), float(r[2])) for r in rows if r[0] == 1), key=lambda r: (r[1], r[0]))
        below = sorted(((str(r[1]), float(r[2])) for r in rows if r[0] == 0), key=lambda r: (-r[1], r[0]))
        found, seen = [], set()
        for item, rating in (*above, *below):
            seen.add(str(item))
            c = pool.by_id.get(str(item))
            if c is not None and ok(c):
                found.append((abs(float(rating) - target), c.item_id, c))
        found.sort(key=lambda f: (f[0], f[1]))
        # every rating between the last one read below and the last one read above is known
        reach = min(float(above[-1][1]) - target if len(above) == n else float("inf"),
                    target - float(below[-1][1]) if len(below) == n else float("inf"))
        if reach == float("inf") or (len(found) >= count and found[count - 1][0] <= reach):
            break
        n *= 4
    found = found[:count]
    for seed, members in sorted(pool.by_seed, key=lambda g: (abs(g[0] - target), g[0])):
        distance = abs(seed - target)
        if len(found) >= count and distance > found[-1][0]:
            break
        passing = (c for c in members if c.item_id not in seen and ok(c))
        taken = 0
        for _ in range(4):
            chunk = list(itertools.islice(passing, _SEED_CHUNK))
            if not chunk:
                break
            rated = {str(r[0]) for r in conn.execute(
                select(_I.c.item_id).where(_I.c.item_id.in_([c.item_id for c in chunk])))}
            fresh = [c for c in chunk if c.item_id not in rated]
            found.extend((distance, c.item_id, c) for c in fresh)
            taken += len(fresh)
            if taken >= count or not fresh:  # enough, or a group rated through: its ratings were read above
                break
        found.sort(key=lambda f: (f[0], f[1]))
        found = found[:count]
    return [c for _, _, c in found]
