"""Glicko-2 ratings kept by the store: the learner's, each puzzle's, and the learner's on each
theme, with their course over time (read back from the attempts that rated them).

Why here and not in :mod:`tutor.glicko`: that module is the arithmetic of one game; this one
reads and writes the three ratings a game changes, locked in the attempt's transaction.
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection

from tutor.glicko import DEFAULT as DEFAULT_RATING
from tutor.glicko import Rating, result_of
from tutor.glicko import game as glicko_game
from tutor.progress.learners import no_learner
from tutor.progress.records import RatingPoint, guard_rows, seed_rating
from tutor.storage import models as T
from tutor.storage.database import Database, insert_or, locked

__all__ = ["Ratings", "rate", "replay", "theme_ratings_on", "DEFAULT_RATING"]

_L, _I, _TR, _A = T.learners, T.item_ratings, T.theme_ratings, T.attempts


def rate(conn: Connection, learner_id: int, learner: Rating, item_id: str, themes: tuple[str, ...],
         result: float, difficulty: int | None) -> tuple[Rating, Rating, dict[str, Rating], Rating]:
    """One game: update the learner, the puzzle and the learner's rating on each theme; returns
    the learner after it, the puzzle after it, the themes after it and the puzzle before it (the
    opponent a replay of the learner's games needs, :func:`replay`)."""
    seed = seed_rating(difficulty)
    conn.execute(insert_or(conn, _I).values(item_id=item_id, rating=seed.rating, rd=seed.rd, vol=seed.vol, games=0,
                                            themes=json.dumps(themes, ensure_ascii=False))
                 .on_conflict_do_nothing(index_elements=[_I.c.item_id]))
    irow = conn.execute(locked(select(_I.c.rating, _I.c.rd, _I.c.vol).where(_I.c.item_id == item_id))).one()
    item = Rating(float(irow[0]), float(irow[1]), float(irow[2]))
    new_learner, new_item = glicko_game(learner, item, result)
    conn.execute(update(_L).where(_L.c.id == learner_id).values(
        rating=new_learner.rating, rd=new_learner.rd, vol=new_learner.vol))
    conn.execute(update(_I).where(_I.c.item_id == item_id).values(
        rating=new_item.rating, rd=new_item.rd, vol=new_item.vol, games=_I.c.games + 1))
    by_theme: dict[str, Rating] = {}
    for theme in sorted(set(themes)):
        trow = conn.execute(select(_TR.c.rating, _TR.c.rd, _TR.c.vol)
                            .where(_TR.c.learner_id == learner_id, _TR.c.theme == theme)).first()
        before = DEFAULT_RATING if trow is None else Rating(float(trow[0]), float(trow[1]), float(trow[2]))
        after, _ = glicko_game(before, item, result)
        upsert = insert_or(conn, _TR).values(learner_id=learner_id, theme=theme, rating=after.rating, rd=after.rd,
                                             vol=after.vol, games=1)
        conn.execute(upsert.on_conflict_do_update(
            index_elements=[_TR.c.learner_id, _TR.c.theme],
            set_={"rating": upsert.excluded.rating, "rd": upsert.excluded.rd, "vol": upsert.excluded.vol,
                  "games": _TR.c.games + 1}))
        by_theme[theme] = after
    return new_learner, new_item, by_theme, item


def replay(conn: Connection, learner_id: int) -> None:
    """Rate the learner's games again, from an unknown rating, over his first tries at puzzles
    in the order they were made (time, then id): his rating, his rating on each theme, and the
    figures after each game kept on its attempt (his charts). An attempt that is no first try any
    more carries none (the puzzle's rating after it stays: that game did rate the puzzle).

    Why: when two learners' work becomes one (a browser's unnamed work claimed by its learner,
    :mod:`tutor.progress.merge`), each had been rated from 1500 on his own, and an item tried on
    both sides was rated twice. The replay counts each first try once, against the puzzle as it
    stood before that game (``opponent_rating``/``opponent_rd``, schema 12; an older attempt
    takes the puzzle's rating now). On one learner's own attempts it gives back exactly what was
    recorded. The puzzles' own ratings are left as they are: other learners' games since were
    rated against them."""
    rows = conn.execute(select(_A.c.id, _A.c.item_id, _A.c.themes, _A.c.correct, _A.c.hints_used,
                               _A.c.opponent_rating, _A.c.opponent_rd, _A.c.first_try, _A.c.kind)
                        .where(_A.c.learner_id == learner_id).order_by(_A.c.ts, _A.c.id)).all()
    now_rated = {str(r[0]): Rating(float(r[1]), float(r[2]), float(r[3])) for r in conn.execute(
        select(_I.c.item_id, _I.c.rating, _I.c.rd, _I.c.vol)
        .where(_I.c.item_id.in_({str(r[1]) for r in rows}))).all()}
    learner = DEFAULT_RATING
    themes: dict[str, tuple[Rating, int]] = {}
    for attempt_id, item_id, theme_text, correct, hints, opp_rating, opp_rd, first, kind in rows:
        if not first or kind == "lesson":
            conn.execute(update(_A).where(_A.c.id == attempt_id).values(
                learner_rating=None, learner_rd=None, theme_ratings=None))
            continue
        item = (Rating(float(opp_rating), float(opp_rd)) if opp_rating is not None and opp_rd is not None
                else now_rated.get(str(item_id), DEFAULT_RATING))
        result = result_of(bool(correct), int(hints))
        learner = glicko_game(learner, item, result)[0]
        after: dict[str, Rating] = {}
        for theme in sorted(set(json.loads(theme_text))):
            before, games = themes.get(theme, (DEFAULT_RATING, 0))
            after[theme] = glicko_game(before, item, result)[0]
            themes[theme] = (after[theme], games + 1)
        conn.execute(update(_A).where(_A.c.id == attempt_id).values(
            learner_rating=learner.rating, learner_rd=learner.rd,
            theme_ratings=json.dumps({t: [round(r.rating, 3), round(r.rd, 3)] for t, r in after.items()},
                                     ensure_ascii=False)))
    conn.execute(update(_L).where(_L.c.id == learner_id).values(rating=learner.rating, rd=learner.rd, vol=learner.vol))
    conn.execute(delete(_TR).where(_TR.c.learner_id == learner_id))
    for theme, (rating, games) in sorted(themes.items()):
        conn.execute(insert(_TR).values(learner_id=learner_id, theme=theme, rating=rating.rating, rd=rating.rd,
                                        vol=rating.vol, games=games))


def theme_ratings_on(conn: Connection, learner_id: int) -> dict[str, Rating]:
    """The learner's rating on each theme he played, by theme."""
    rows = conn.execute(select(_TR.c.theme, _TR.c.rating, _TR.c.rd, _TR.c.vol)
                        .where(_TR.c.learner_id == learner_id).order_by(_TR.c.theme)).all()
    return {str(r[0]): Rating(float(r[1]), float(r[2]), float(r[3])) for r in rows}


class Ratings:
    """The ratings as the pages read them: now, and over time."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def rating(self, learner_id: int) -> Rating:
        """The learner's Glicko-2 rating (1500 ± 700 before the first rated try)."""
        with self.db.read() as conn:
            row = conn.execute(select(_L.c.rating, _L.c.rd, _L.c.vol).where(_L.c.id == learner_id)).first()
        if row is None:
            raise no_learner(learner_id)
        return Rating(float(row[0]), float(row[1]), float(row[2]))

    @guard_rows
    def item_rating(self, item_id: str, difficulty: int | None = None) -> Rating:
        """A puzzle's rating; a puzzle nobody tried has its seed (from ``difficulty``)."""
        with self.db.read() as conn:
            row = conn.execute(select(_I.c.rating, _I.c.rd, _I.c.vol).where(_I.c.item_id == item_id)).first()
        return seed_rating(difficulty) if row is None else Rating(float(row[0]), float(row[1]), float(row[2]))

    @guard_rows
    def theme_ratings(self, learner_id: int) -> dict[str, Rating]:
        with self.db.read() as conn:
            return theme_ratings_on(conn, learner_id)

    @guard_rows
    def theme_history(self, learner_id: int) -> dict[str, list[tuple[datetime, float]]]:
        """Per theme, the learner's rating on it after each rated try at one of its puzzles
        (schema 6 on; older attempts did not record it), oldest first."""
        with self.db.read() as conn:
            rows = conn.execute(select(_A.c.ts, _A.c.theme_ratings)
                                .where(_A.c.learner_id == learner_id, _A.c.theme_ratings.is_not(None))
                                .order_by(_A.c.id)).all()
        out: dict[str, list[tuple[datetime, float]]] = {}
        for ts, data in rows:
            when = datetime.fromisoformat(ts)
            for theme, (rating, _rd) in json.loads(data).items():
                out.setdefault(theme, []).append((when, float(rating)))
        return out

    @guard_rows
    def rating_history(self, learner_id: int) -> list[RatingPoint]:
        """The learner's rating after each rated try, oldest first (the chart over time)."""
        with self.db.read() as conn:
            rows = conn.execute(select(_A.c.ts, _A.c.learner_rating, _A.c.learner_rd, _A.c.themes)
                                .where(_A.c.learner_id == learner_id, _A.c.learner_rating.is_not(None))
                                .order_by(_A.c.id)).all()
        return [RatingPoint(datetime.fromisoformat(r[0]), float(r[1]), float(r[2]), tuple(json.loads(r[3])))
                for r in rows]
