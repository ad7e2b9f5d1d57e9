"""Ratings, spaced review, the next puzzle, classes and accounts in the store (issue 14 points
1-4), each on SQLite and on PostgreSQL (``any_store``)."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

import pytest

from tutor.accounts import FREE_FAILURES
from tutor.glicko import Rating, game, result_of
from tutor.progress import (
    AccessDenied,
    Candidate,
    ItemState,
    LoginFailed,
    LoginThrottled,
    ProgressError,
    ProgressStore,
    Role,
    seed_rating,
)

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


# -- ratings ------------------------------------------------------------------------------------
def test_a_new_learner_is_rated_1500_with_the_widest_range(any_store):
    ann = any_store.learner("Ann")
    r = any_store.rating(ann.id)
    assert (r.rating, r.rd) == (1500.0, 350.0)


def test_only_the_first_try_is_a_game_and_both_sides_move(any_store):
    ann = any_store.learner("Ann")
    any_store.record_attempt(ann.id, "p1", "puzzle", themes=["leads"], correct=True, ts=T0, difficulty=3)
    expected_learner, expected_item = game(Rating(), seed_rating(3), 1.0)
    assert any_store.rating(ann.id).rating == pytest.approx(expected_learner.rating)
    assert any_store.item_rating("p1").rating == pytest.approx(expected_item.rating)
    after_first = any_store.rating(ann.id)
    any_store.record_attempt(ann.id, "p1", "puzzle", correct=False, ts=T0 + timedelta(minutes=1))
    assert any_store.rating(ann.id) == after_first  # a retry is practice, not a game
    assert any_store.theme_ratings(ann.id)["leads"].rating > 1500


def test_hints_make_the_first_try_a_partial_loss(any_store):
    ann, bob = any_store.learner("Ann"), any_store.learner("Bob")
    any_store.record_attempt(ann.id, "p1", "puzzle", correct=True, hints_used=1, ts=T0)
    any_store.record_attempt(bob.id, "p2", "puzzle", correct=True, ts=T0)
    assert any_store.rating(ann.id).rating < 1500 < any_store.rating(bob.id).rating
    assert result_of(True, 1) < 0.5


def test_lesson_exercises_are_not_rated(any_store):
    ann = any_store.learner("Ann")
    any_store.record_attempt(ann.id, "les#1", "lesson", correct=False, ts=T0)
    assert any_store.rating(ann.id).rating == 1500.0 and any_store.rating_history(ann.id) == []


def test_the_rating_history_has_a_point_per_rated_try(any_store):
    ann = any_store.learner("Ann")
    for i in range(3):
        any_store.record_attempt(ann.id, f"p{i}", "puzzle", themes=["t"], correct=True, ts=T0 + timedelta(hours=i))
    points = any_store.rating_history(ann.id)
    assert [p.ts for p in points] == [T0 + timedelta(hours=i) for i in range(3)]
    assert points[0].rating < points[1].rating < points[2].rating and points[-1].rd < points[0].rd


def test_each_theme_has_its_own_course_over_time(any_store):
    ann = any_store.learner("Ann")
    any_store.record_attempt(ann.id, "p1", "puzzle", themes=["leads", "signals"], correct=True, ts=T0)
    any_store.record_attempt(ann.id, "p2", "puzzle", themes=["signals"], correct=False, ts=T0 + timedelta(hours=1))
    history = any_store.theme_history(ann.id)
    assert [w for w, _ in history["signals"]] == [T0, T0 + timedelta(hours=1)] and len(history["leads"]) == 1
    assert history["signals"][1][1] < history["signals"][0][1]
    assert history["signals"][1][1] == pytest.approx(any_store.theme_ratings(ann.id)["signals"].rating, abs=0.01)


# -- spaced review -------------------------------------------------------------------------------
def test_due_reviews_keeps_its_signature_and_answers_by_fsrs(any_store):
    ann = any_store.learner("Ann")
    any_store.record_attempt(ann.id, "p1", "puzzle", correct=False, ts=T0)
    any_store.record_attempt(ann.id, "p2", "puzzle", correct=True, hints_used=1, ts=T0)
    any_store.record_attempt(ann.id, "p3", "puzzle", correct=True, ts=T0)
    assert any_store.due_reviews(ann.id, T0) == []
    due = any_store.due_reviews(ann.id, T0 + timedelta(days=2))
    assert {r.item_id for r in due} == {"p1", "p2"}


# -- the next puzzle ------------------------------------------------------------------------------
def _library(n: int = 60) -> list[Candidate]:
    themes = ["leads", "signals", "trumps"]
    return [Candidate(f"p{i:03d}", (themes[i % 3],), 1 + i % 5) for i in range(n)]


def test_the_next_puzzle_is_near_the_learners_rating(any_store):
    ann = any_store.learner("Ann")
    lib = _library()
    picks = [any_store.next_puzzle(ann.id, lib, now=T0, rng=random.Random(i)) for i in range(20)]
    by_id = {c.item_id: c for c in lib}
    assert all(by_id[p].difficulty == 3 for p in picks)  # 1500: the middle difficulty's seed


def test_about_seventy_percent_come_from_the_weakest_themes(any_store):
    ann = any_store.learner("Ann")
    for i in range(4):  # signals: all wrong; leads and trumps: all right
        any_store.record_attempt(ann.id, f"s{i}", "puzzle", themes=["signals"], correct=False, ts=T0)
        any_store.record_attempt(ann.id, f"l{i}", "puzzle", themes=["leads"], correct=True, ts=T0)
        any_store.record_attempt(ann.id, f"t{i}", "puzzle", themes=["trumps"], correct=True, ts=T0)
    assert any_store.weak_themes(ann.id)[0] == "signals"
    lib = _library(300)
    rng = random.Random(7)
    picks = [any_store.next_puzzle(ann.id, lib, now=T0, rng=rng) for _ in range(200)]
    share = sum(1 for p in picks if {c.item_id: c for c in lib}[p].themes == ("signals",)) / len(picks)
    assert 0.6 <= share <= 0.9  # 70% by choice, plus its fair share of the rest


def test_a_puzzle_solved_in_the_last_days_is_never_next(any_store):
    ann = any_store.learner("Ann")
    lib = [Candidate("a", ("t",), 3), Candidate("b", ("t",), 3)]
    any_store.record_attempt(ann.id, "a", "puzzle", correct=True, ts=T0 - timedelta(days=1))
    assert {any_store.next_puzzle(ann.id, lib, now=T0, rng=random.Random(i)) for i in range(10)} == {"b"}
    any_store.record_attempt(ann.id, "b", "puzzle", correct=True, ts=T0)
    assert any_store.next_puzzle(ann.id, lib, now=T0) is None
    assert any_store.next_puzzle(ann.id, lib, now=T0 + timedelta(days=10)) in {"a", "b"}


def test_a_due_review_comes_first(any_store):
    ann = any_store.learner("Ann")
    any_store.record_attempt(ann.id, "p007", "puzzle", correct=False, ts=T0)
    assert any_store.next_puzzle(ann.id, _library(), now=T0 + timedelta(days=2)) == "p007"


# -- classes ----------------------------------------------------------------------------------------
def test_the_class_report_shows_first_tries_of_learners_only(any_store):
    teacher, ann, bob, cleo = (any_store.learner(n) for n in ("Teach", "Ann", "Bob", "Cleo"))
    any_store.set_role(teacher.id, Role.TEACHER)
    cls = any_store.create_class("5B", teacher.id)
    assert any_store.learner_by_id(teacher.id).role == Role.TEACHER.value
    for who in (ann, bob, teacher):
        any_store.join_class(cls.code.lower(), who.id)
    any_store.assign(cls.id, ["p1", "p2", "p3"], due=date(2026, 12, 10))
    any_store.record_attempt(ann.id, "p1", "puzzle", correct=True, ts=T0)
    any_store.record_attempt(ann.id, "p2", "puzzle", correct=True, hints_used=1, ts=T0)
    any_store.record_attempt(bob.id, "p1", "puzzle", correct=False, ts=T0)
    any_store.record_attempt(bob.id, "p1", "puzzle", correct=True, ts=T0 + timedelta(minutes=1))
    any_store.record_attempt(cleo.id, "p1", "puzzle", correct=True, ts=T0)  # not in the class
    rows = {r.learner: r.items for r in any_store.class_report(cls.id, viewer_id=teacher.id)}
    assert rows == {
        "Ann": {"p1": ItemState.FIRST_TRY, "p2": ItemState.HINTS, "p3": ItemState.OPEN},
        "Bob": {"p1": ItemState.WRONG, "p2": ItemState.OPEN, "p3": ItemState.OPEN},
    }
    assert [a.due for a in any_store.assignments(cls.id)] == [date(2026, 12, 10)] * 3


def test_a_learner_cannot_read_a_class_report_or_another_learner(any_store):
    teacher, ann, bob, eve = (any_store.learner(n) for n in ("Teach", "Ann", "Bob", "Eve"))
    any_store.set_role(teacher.id, Role.TEACHER)
    cls = any_store.create_class("5B", teacher.id)
    any_store.join_class(cls.code, ann.id)
    with pytest.raises(AccessDenied):
        any_store.class_report(cls.id, viewer_id=ann.id)
    assert any_store.can_see(teacher.id, ann.id) and any_store.can_see(ann.id, ann.id)
    assert not any_store.can_see(ann.id, bob.id) and not any_store.can_see(eve.id, ann.id)
    assert not any_store.can_see(teacher.id, bob.id)  # not in his class
    with pytest.raises(AccessDenied):
        any_store.check_can_see(eve.id, ann.id)


def test_a_wrong_code_and_a_duplicate_class_are_clear_errors(any_store):
    teacher = any_store.learner("Teach")
    any_store.set_role(teacher.id, Role.TEACHER)
    any_store.create_class("5B", teacher.id)
    with pytest.raises(ProgressError, match="exists already"):
        any_store.create_class("5b", teacher.id)
    with pytest.raises(ProgressError, match="code"):
        any_store.join_class("NOPE42", teacher.id)


# -- accounts -------------------------------------------------------------------------------------
def test_a_password_logs_in_and_the_session_expires(any_store):
    ann = any_store.learner("Ann")
    any_store.set_password(ann.id, "correct horse")
    token = any_store.login("ann", "correct horse", now=T0)
    assert any_store.session_learner(token, now=T0 + timedelta(hours=1)) == ann
    assert any_store.session_learner(token, now=T0 + timedelta(days=2)) is None
    assert any_store.session_learner("forged", now=T0) is None
    any_store.logout(token)
    assert any_store.session_learner(token, now=T0) is None


def test_repeated_wrong_passwords_are_throttled(any_store):
    ann = any_store.learner("Ann")
    any_store.set_password(ann.id, "correct horse")
    for _ in range(FREE_FAILURES):
        with pytest.raises(LoginFailed):
            any_store.login("Ann", "wrong guess", now=T0)
    with pytest.raises(LoginThrottled):  # even the right password waits now
        any_store.login("Ann", "correct horse", now=T0 + timedelta(seconds=1))
    assert any_store.login("Ann", "correct horse", now=T0 + timedelta(minutes=20))


def test_the_password_is_stored_only_as_an_argon2_hash(any_store):
    ann = any_store.learner("Ann")
    any_store.set_password(ann.id, "correct horse")
    token = any_store.login("Ann", "correct horse")
    from sqlalchemy import text

    with any_store.db.read() as conn:
        dump = repr([tuple(r) for t in ("learners", "sessions") for r in conn.execute(text(f"SELECT * FROM {t}"))])
    assert "correct horse" not in dump and token not in dump and "$argon2id$" in dump
    assert "correct horse" not in repr(any_store.export_learner(ann.id))


def test_a_short_password_is_refused(any_store):
    ann = any_store.learner("Ann")
    with pytest.raises(ValueError, match="at least"):
        any_store.set_password(ann.id, "short")


def test_export_has_everything_and_delete_removes_everything(any_store):
    teacher, ann = any_store.learner("Teach"), any_store.learner("Ann")
    any_store.set_role(teacher.id, Role.TEACHER)
    cls = any_store.create_class("5B", teacher.id)
    any_store.join_class(cls.code, ann.id)
    any_store.record_attempt(ann.id, "p1", "puzzle", themes=["leads"], correct=False, ts=T0)
    any_store.mark_lesson_done(ann.id, "l1")
    any_store.report_problem("p1", "odd", learner_id=ann.id)
    any_store.save_draft("report", "half", learner_id=ann.id)
    data = any_store.export_learner(ann.id)
    assert data["learner"] == "Ann" and len(data["attempts"]) == 1 and data["classes"][0]["class"] == "5B"
    assert data["reviews"] and data["reports"] and data["drafts"] and data["lessons_done"]
    any_store.delete_learner(ann.id)
    assert any_store.find_learner("Ann") is None and any_store.count_attempts() == 0
    assert any_store.reports() == [] and any_store.class_report(cls.id) == []


def _set_ratings(store: ProgressStore, ratings: dict[str, float]) -> None:
    from sqlalchemy import text

    with store.db.write() as conn:
        for item, rating in ratings.items():
            conn.execute(text("INSERT INTO item_ratings (item_id, rating, rd, vol, games, themes)"
                              " VALUES (:i, :r, 100, 0.06, 5, '[]') ON CONFLICT (item_id) DO UPDATE"
                              " SET rating = excluded.rating"), {"i": item, "r": rating})


def test_the_next_puzzle_reads_ratings_another_server_just_changed(any_store):
    """Two app servers: a rating changed by one is used by the other's very next choice (before:
    each server kept every rating for 5 s and chose from the old ones)."""
    other = ProgressStore(any_store.url or any_store.path)
    ann = any_store.learner("Ann")
    lib = [Candidate(f"a{i}", ("t",), 3) for i in range(6)] + [Candidate(f"b{i}", ("t",), 3) for i in range(6)]
    _set_ratings(other, {**{f"a{i}": 1500.0 + i for i in range(6)}, **{f"b{i}": 2500.0 + i for i in range(6)}})
    assert any_store.next_puzzle(ann.id, lib, now=T0, rng=random.Random(1)).startswith("a")
    _set_ratings(other, {**{f"a{i}": 3000.0 + i for i in range(6)}, **{f"b{i}": 1500.0 + i for i in range(6)}})
    assert {any_store.next_puzzle(ann.id, lib, now=T0, rng=random.Random(i))[0] for i in range(10)} == {"b"}
    other.close()


def test_the_next_puzzle_is_found_past_many_rated_puzzles_of_other_lists(any_store):
    """200 rated puzzles that are not candidates sit right at the learner's rating: the search
    widens past them to the nearest candidates, rated (1510-1550) before unrated ones whose
    difficulty's seed is farther."""
    ann = any_store.learner("Ann")
    _set_ratings(any_store, {**{f"x{i:03d}": 1500.0 for i in range(200)},
                             **{f"c{k}": 1500.0 + 10 * k for k in range(1, 11)}})
    lib = [Candidate(f"c{k}", ("t",), 3) for k in range(1, 11)] + [Candidate(f"u{k}", ("t",), 5) for k in range(10)]
    picks = {any_store.next_puzzle(ann.id, lib, now=T0, rng=random.Random(i)) for i in range(40)}
    assert picks == {"c1", "c2", "c3", "c4", "c5"}
    seeded = [Candidate(f"u{k}", ("t",), 3) for k in range(10)]  # unrated, seed 1500: as near as it gets
    assert {any_store.next_puzzle(ann.id, lib + seeded, now=T0, rng=random.Random(i)) for i in range(40)} <= {
        f"u{k}" for k in range(10)}


def test_a_learner_sees_his_own_homework_soonest_due_first(any_store):
    """The learner's side of homework: every item of the classes he joined (not of others), with
    its due date and his own state; a lesson he finished is done."""
    teach, ann, bob = any_store.learner("Teach"), any_store.learner("Ann"), any_store.learner("Bob")
    any_store.set_role(teach.id, Role.TEACHER)
    a, b = any_store.create_class("5B", teach.id), any_store.create_class("6C", teach.id)
    any_store.join_class(a.code, ann.id)
    any_store.join_class(b.code, bob.id)
    any_store.assign(a.id, ["p1"], due=date(2026, 12, 24))
    any_store.assign(a.id, ["first-lead"], kind="lesson")
    any_store.assign(a.id, ["p2"], due=date(2026, 12, 10))
    any_store.assign(b.id, ["secret"], due=date(2026, 12, 1))
    any_store.record_attempt(ann.id, "p2", "puzzle", correct=True, hints_used=1, ts=T0)
    any_store.mark_lesson_done(ann.id, "first-lead")
    work = any_store.homework(ann.id)
    assert [(h.class_name, h.assignment.item_id, h.assignment.due, h.state) for h in work] == [
        ("5B", "p2", date(2026, 12, 10), ItemState.HINTS),
        ("5B", "p1", date(2026, 12, 24), ItemState.OPEN),
        ("5B", "first-lead", None, ItemState.FIRST_TRY)]
    assert [h.assignment.item_id for h in any_store.homework(bob.id)] == ["secret"]


def test_the_next_puzzle_climbs_one_level_at_a_time(new_store_file):
    """Defect 29: «Следующая задача» took a beginner from ★ to ★★★ after two right answers -- his
    rating, 1500 ± 350 at first, jumps by 100 a game, and the puzzles near it were ★★★ and ★★★★.
    The next puzzle is at most one level above the hardest he solved (then near his rating)."""
    import random

    from tutor.progress import Candidate, ProgressStore

    store = ProgressStore(new_store_file)
    masha = store.learner("Маша")
    pool = [Candidate(f"p{level}-{i}", ("opening-lead",), level) for level in (1, 2, 3, 4) for i in range(4)]
    for pid in ("p1-0", "p1-1"):
        store.record_attempt(masha.id, pid, "puzzle", themes=["opening-lead"], correct=True, difficulty=1)
    assert store.rating(masha.id).rating > 1500  # near ★★★ puzzles by rating alone
    picked = {store.next_puzzle(masha.id, pool, rng=random.Random(seed)) for seed in range(12)}
    assert picked and all(p is not None and p.split("-")[0] in ("p1", "p2") for p in picked), picked
    store.record_attempt(masha.id, "p2-0", "puzzle", themes=["opening-lead"], correct=True, difficulty=2)
    picked = {store.next_puzzle(masha.id, pool, rng=random.Random(seed)) for seed in range(12)}
    assert all(p is not None and p.split("-")[0] in ("p1", "p2", "p3") for p in picked), picked
    only_hard = [c for c in pool if c.difficulty == 4]  # nothing within one level: near the rating still
    assert store.next_puzzle(masha.id, only_hard, rng=random.Random(0)) is not None
