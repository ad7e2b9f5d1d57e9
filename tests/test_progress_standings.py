"""Ratings that rank puzzles (issue 26, point 5): a puzzle's stars come from learners' first tries
once there are enough of them, and a puzzle reported -- or failed by strong learners far more
often than its rating predicts -- is flagged for a teacher. Each on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

from tutor.glicko import Rating, expected
from tutor.progress import ProgressStore, stars_of
from tutor.progress.standings import MIN_TRIES, STRONG_MARGIN, misfit
from tutor.storage import models as T

T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def _learner(store: ProgressStore, name: str, rating: float = 1500.0, rd: float = 350.0) -> int:
    """A learner at a given rating: as if he had played his way there (set in the table, so the
    test needs no hundred games to make a strong player)."""
    learner = store.learner(name)
    with store.db.write() as conn:
        conn.execute(update(T.learners).where(T.learners.c.id == learner.id).values(rating=rating, rd=rd))
    return learner.id


def test_stars_come_from_the_rating_once_enough_learners_tried(any_store):
    """Until MIN_TRIES first tries the author's difficulty stands (no stars); then the rating's: a
    puzzle its author called easiest (1) that every learner misses shows more stars."""
    for i in range(MIN_TRIES):
        if i == MIN_TRIES - 1:
            assert any_store.item_standings()["easy-looking"].stars is None
        who = _learner(any_store, f"L{i}")
        any_store.record_attempt(who, "easy-looking", "puzzle", correct=False, ts=T0, difficulty=1)
    standing = any_store.item_standings()["easy-looking"]
    assert standing.games == MIN_TRIES and standing.stars == stars_of(standing.rating.rating) > 1
    assert standing.flag is None  # newcomers' misses are not strong learners' misses


def test_a_retry_is_not_a_first_try(any_store):
    who = _learner(any_store, "Ann")
    for k in range(MIN_TRIES + 2):
        any_store.record_attempt(who, "p", "puzzle", correct=k > 0, ts=T0 + timedelta(minutes=k), difficulty=2)
    assert any_store.item_standings()["p"].games == 1 and any_store.item_standings()["p"].stars is None


def test_a_reported_puzzle_is_flagged_until_a_teacher_checks_it(any_store):
    ann = _learner(any_store, "Ann")
    any_store.report_problem("p1", "two cards are right here", ann, ts=T0)
    any_store.report_problem("p1", "the hint names the card", None, browser="b" * 32, ts=T0 + timedelta(minutes=1))
    [flag] = any_store.flags()
    assert (flag.item_id, flag.reports, flag.last_note, flag.misfit) == ("p1", 2, "the hint names the card", False)
    any_store.check_item("p1", ts=T0 + timedelta(minutes=2))
    assert any_store.flags() == []
    any_store.report_problem("p1", "still wrong", ann, ts=T0 + timedelta(minutes=3))
    [again] = any_store.flags()
    assert again.reports == 1 and again.since == T0 + timedelta(minutes=2)


def _bad_puzzle(store: ProgressStore, item: str, *, strong: int, weak: int, difficulty: int, at: datetime,
                tag: str = "") -> None:
    """Weak newcomers solve ``item``, then strong learners (1900 ± 60) miss it."""
    for i in range(weak):
        store.record_attempt(_learner(store, f"{item}{tag}-weak{i}"), item, "puzzle", correct=True, ts=at,
                             difficulty=difficulty)
    for i in range(strong):
        store.record_attempt(_learner(store, f"{item}{tag}-strong{i}", 1900, 60), item, "puzzle", correct=False,
                             ts=at + timedelta(minutes=1), difficulty=difficulty)


def test_a_puzzle_strong_learners_fail_far_more_than_its_rating_predicts_is_flagged(any_store):
    """The sign of a bad problem -- it accepts a wrong card or marks the classical one wrong: the
    weak solve it, the strong miss it. Its rating ends between them (1711 here), so the strong
    learners' misses are far more than the ratings expect."""
    _bad_puzzle(any_store, "bad", strong=4, weak=6, difficulty=2, at=T0)
    [flag] = any_store.flags()
    item = any_store.item_rating("bad")
    assert flag.item_id == "bad" and flag.misfit and flag.reports == 0
    assert flag.strong_tries == flag.strong_fails == 4
    assert 1900 >= item.rating + STRONG_MARGIN  # they were strong against the puzzle as rated now
    assert flag.expected_fails == pytest.approx(4 * (1 - expected(Rating(1900, 60), item)), abs=1e-3)
    assert flag.strong_fails >= 2 * flag.expected_fails


def test_a_hard_puzzle_everyone_fails_is_not_flagged(any_store):
    """A genuinely hard puzzle: its rating rises with the misses until the strong learners are no
    longer clearly above it -- the rating predicts their misses, nothing is wrong with it."""
    for i in range(6):
        any_store.record_attempt(_learner(any_store, f"w{i}"), "hard", "puzzle", correct=False, ts=T0, difficulty=5)
    for i in range(4):
        any_store.record_attempt(_learner(any_store, f"s{i}", 1900, 60), "hard", "puzzle", correct=False,
                                 ts=T0 + timedelta(minutes=1), difficulty=5)
    assert any_store.flags() == []


def test_a_few_strong_misses_are_chance_not_a_flag(any_store):
    """Two misses by strong learners among many of their right answers is what the ratings expect."""
    for i in range(10):
        any_store.record_attempt(_learner(any_store, f"s{i}", 1900, 60), "fine", "puzzle", correct=i >= 2,
                                 ts=T0, difficulty=3)
    assert any_store.flags() == []


def test_checked_misfits_count_only_tries_after_the_check(any_store):
    _bad_puzzle(any_store, "bad", strong=4, weak=6, difficulty=2, at=T0)
    any_store.check_item("bad", ts=T0 + timedelta(hours=1))
    assert any_store.flags() == []
    _bad_puzzle(any_store, "bad", strong=1, weak=3, difficulty=2, at=T0 + timedelta(hours=2), tag="-late")
    assert any_store.flags() == []  # one more strong miss since the check: chance
    _bad_puzzle(any_store, "bad", strong=3, weak=6, difficulty=2, at=T0 + timedelta(hours=3), tag="-later")
    [flag] = any_store.flags()
    assert flag.misfit and flag.strong_fails == 4 and flag.since == T0 + timedelta(hours=1)


def test_the_misfit_rule():
    """At least three misses, twice the expected number, two deviations above it."""
    assert misfit(4, 1.0, 0.8)
    assert not misfit(2, 0.1, 0.1)  # too few to say
    assert not misfit(5, 3.0, 2.0)  # not twice what the ratings expect
    assert not misfit(6, 3.0, 3.2)  # twice, but within two deviations of chance
    assert misfit(6, 2.0, 1.5)
