"""The progress store: learners, attempts, streaks, lessons, the review queue, reports."""

from __future__ import annotations

import sqlite3
import threading
from datetime import date, datetime, timedelta, timezone

import pytest

from tutor.errors import WhistError
from tutor.progress import (
    MIGRATIONS,
    REVIEW_INTERVALS,
    SCHEMA_VERSION,
    ProgressError,
    ProgressStore,
    default_db_path,
)

T0 = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)


@pytest.fixture
def store(tmp_path):
    return ProgressStore(tmp_path / "progress.db")


def test_db_path_comes_from_environment(monkeypatch, tmp_path):
    """The store lives where WHIST_TUTOR_DB says, else under the user's data dir."""
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"
    monkeypatch.delenv("WHIST_TUTOR_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "whist-tutor" / "progress.db"


def test_database_runs_in_wal_mode_with_schema_version(store):
    """Several tabs read while one writes: WAL mode, and the schema version is recorded."""
    conn = sqlite3.connect(store.path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()
    assert store.schema_version() == SCHEMA_VERSION == MIGRATIONS[-1][0]


def test_old_database_is_migrated(tmp_path):
    """A file at schema version 1 is brought up to date, keeping its attempts."""
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    for statement in MIGRATIONS[0][1].split(";"):
        if statement.strip():
            conn.execute(statement)
    conn.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    conn.execute("INSERT INTO learners (name, created) VALUES ('Ann', '2026-01-01')")
    conn.execute("INSERT INTO attempts (learner_id, item_id, kind, themes, correct, hints_used, score, answer, ts)"
                 " VALUES (1, 'p1', 'daily', '[]', 1, 0, 1.0, 'S4', '2026-01-02T10:00:00+00:00')")
    conn.commit()
    conn.close()
    store = ProgressStore(path)
    assert store.schema_version() == SCHEMA_VERSION
    assert store.daily_days(1) == {date(2026, 1, 2)}


def test_newer_database_is_refused(tmp_path):
    path = tmp_path / "new.db"
    ProgressStore(path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()
    with pytest.raises(ProgressError, match="newer"):
        ProgressStore(path)


def test_learner_is_picked_or_created_by_name(store):
    """No passwords: the same name (any case, extra spaces) is the same learner."""
    ann = store.learner("Ann")
    assert store.learner("  ann ") == ann
    bob = store.learner("Боб")
    assert bob.id != ann.id
    assert [l.name for l in store.learners()] == ["Ann", "Боб"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "a\x00b"])
def test_bad_learner_name_is_refused(store, name):
    with pytest.raises(WhistError):
        store.learner(name)


def test_attempt_is_recorded_with_all_fields(store):
    ann = store.learner("Ann")
    a = store.record_attempt(ann.id, "lead-001", "puzzle", themes=["leads", "honours"], correct=True,
                             hints_used=1, score=0.75, answer="S4", ts=T0)
    assert store.attempts(ann.id) == [a]
    assert a.themes == ("leads", "honours") and a.score == 0.75 and a.hints_used == 1 and a.day == T0.date()


@pytest.mark.parametrize("kwargs", [
    {"kind": "exam"}, {"score": 1.5}, {"hints_used": -1}, {"item_id": " "}, {"learner_id": 999},
])
def test_bad_attempt_is_refused(store, kwargs):
    ann = store.learner("Ann")
    args = {"learner_id": ann.id, "item_id": "p", "kind": "puzzle", "correct": True} | kwargs
    with pytest.raises(ProgressError):
        store.record_attempt(args.pop("learner_id"), args.pop("item_id"), args.pop("kind"), **args)
    assert store.count_attempts() == 0


def test_accuracy_by_theme_counts_first_tries_weakest_first(store):
    ann = store.learner("Ann")
    store.record_attempt(ann.id, "p1", "puzzle", themes=["leads"], correct=False, ts=T0)
    store.record_attempt(ann.id, "p1", "puzzle", themes=["leads"], correct=True, ts=T0 + timedelta(minutes=1))
    store.record_attempt(ann.id, "p2", "puzzle", themes=["leads", "signals"], correct=True, ts=T0)
    stats = {s.theme: s for s in store.accuracy_by_theme(ann.id)}
    assert (stats["leads"].attempts, stats["leads"].correct) == (2, 1)
    assert stats["signals"].accuracy == 1.0
    assert store.accuracy_by_theme(ann.id)[0].theme == "leads"


def test_daily_streak_counts_consecutive_solved_days(store):
    ann = store.learner("Ann")
    for d in (0, 1, 2, 4):
        day = date(2026, 11, 29) - timedelta(days=d)
        store.record_attempt(ann.id, f"daily-{day}", "daily", correct=True, day=day)
    store.record_attempt(ann.id, "daily-x", "daily", correct=False, day=date(2026, 11, 26))
    assert store.streak(ann.id, today=date(2026, 11, 29)) == 3
    # the streak is not broken before today's puzzle is done
    assert store.streak(ann.id, today=date(2026, 11, 30)) == 3
    assert store.streak(ann.id, today=date(2026, 12, 1)) == 0


def test_lessons_done_are_remembered_once(store):
    ann = store.learner("Ann")
    store.mark_lesson_done(ann.id, "01-rules")
    store.mark_lesson_done(ann.id, "01-rules")
    assert store.lessons_done(ann.id) == {"01-rules"}
    assert store.lessons_done(store.learner("Bob").id) == set()


def test_failed_puzzle_comes_back_on_spaced_schedule(store):
    """A miss is due tomorrow; each later success pushes it out; then it leaves the queue."""
    ann = store.learner("Ann")
    store.record_attempt(ann.id, "p1", "puzzle", correct=False, ts=T0)
    assert store.due_reviews(ann.id, now=T0) == []
    [item] = store.due_reviews(ann.id, now=T0 + timedelta(days=1))
    assert item.item_id == "p1" and item.stage == 0
    ts = T0 + timedelta(days=1)
    for stage in range(1, len(REVIEW_INTERVALS)):
        store.record_attempt(ann.id, "p1", "puzzle", correct=True, ts=ts)
        [item] = store.review_queue(ann.id)
        assert item.stage == stage and item.due == ts + timedelta(days=REVIEW_INTERVALS[stage])
        ts = item.due
    store.record_attempt(ann.id, "p1", "puzzle", correct=True, ts=ts)
    assert store.review_queue(ann.id) == []


def test_success_without_a_miss_never_enters_queue_and_lessons_never_do(store):
    ann = store.learner("Ann")
    store.record_attempt(ann.id, "p1", "puzzle", correct=True)
    store.record_attempt(ann.id, "l1#1", "lesson", correct=False)
    assert store.review_queue(ann.id) == []


def test_problem_report_is_stored(store):
    ann = store.learner("Ann")
    r = store.report_problem("p1", "  the answer looks wrong ", learner_id=ann.id)
    assert store.reports("p1") == [r] and r.note == "the answer looks wrong"
    with pytest.raises(ProgressError):
        store.report_problem("p1", "   ")


def test_concurrent_attempts_are_never_lost(tmp_path):
    """Eight threads (eight tabs) record attempts into one database; every one is there after."""
    path = tmp_path / "shared.db"
    ProgressStore(path)
    per_thread = 25
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            store = ProgressStore(path)
            me = store.learner(f"tab{n}")
            shared = store.learner("class")
            for i in range(per_thread):
                store.record_attempt(me.id, f"p{i}", "puzzle", themes=["t"], correct=i % 2 == 0)
                store.record_attempt(shared.id, f"t{n}-{i}", "puzzle", correct=False)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors
    store = ProgressStore(path)
    assert store.count_attempts() == 8 * per_thread * 2
    shared = store.learner("class")
    assert len(store.review_queue(shared.id)) == 8 * per_thread
