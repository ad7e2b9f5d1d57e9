"""The store's schema moves forward without loss (issue 14 point 5): a file written by the store
before Alembic (schema 4, ``tests/fixtures/store/progress_v4.db``, made by that code) opens with
every learner, attempt, lesson, review, report and draft kept; a database newer than this program
is refused with a clear message and never changed -- on SQLite and on PostgreSQL."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from tutor.progress import SCHEMA_VERSION, ProgressError, ProgressStore, StoreReadOnly
from tutor.storage import head_revision

V4 = Path(__file__).parent / "fixtures" / "store" / "progress_v4.db"


@pytest.fixture
def v4(tmp_path):
    path = tmp_path / "progress.db"
    shutil.copy(V4, path)
    return path


def test_a_schema_4_file_of_the_old_store_is_migrated_with_everything_kept(v4):
    before = sqlite3.connect(v4)
    assert before.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == "4"
    counts = {t: before.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("learners", "attempts", "lessons_done", "reviews", "reports", "drafts")}
    before.close()
    store = ProgressStore(v4)
    assert store.schema_version() == SCHEMA_VERSION
    ann, bob = store.learner("ann"), store.learner("БОРИС")
    assert (ann.name, ann.tz, bob.name) == ("Ann", "Europe/Moscow", "Борис")
    assert [(a.item_id, a.correct, a.answer) for a in store.attempts(ann.id)] == [
        ("lead-001", False, "SK"), ("daily-x", True, "HA"), ("lead-001", True, "S4")]
    assert store.daily_days(ann.id) and store.lessons_done(bob.id) == {"les/1"}
    assert [r.note for r in store.reports()] == ["the answer looks wrong"]
    assert store.latest_draft("workshop", learner_id=ann.id).text == "puzzles: []\n"
    assert store.latest_draft("report", browser="b-0123456789").text == "half a note"
    # the old queue's items keep their due times, now as FSRS cards
    [item] = store.review_queue(ann.id)
    assert (item.item_id, item.stage, item.due) == ("lead-001", 1, datetime(2026, 11, 24, 10, tzinfo=UTC))
    assert [r.item_id for r in store.due_reviews(bob.id, now=datetime(2026, 11, 22, tzinfo=UTC))] == [
        "lead-002"]
    after = sqlite3.connect(v4)
    for table, n in counts.items():
        assert after.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == n, table
    assert after.execute("SELECT version_num FROM alembic_version").fetchone()[0] == head_revision()
    after.close()
    # and it goes on working: a review answered, a new learner
    store.record_attempt(bob.id, "lead-002", "puzzle", correct=True, ts=datetime(2026, 11, 22, tzinfo=UTC))
    assert store.learner("Cleo").name == "Cleo"


def test_a_schema_5_store_gains_the_per_theme_history_and_keeps_its_ratings(tmp_path):
    """Alembic takes a store of this program's previous schemas (5) to the newest: the
    revisions after v0005 run on a file that already has ratings (schema 7 adds the index the
    choice of the next puzzle reads)."""
    from alembic import command

    from tutor.storage import alembic_config

    path = tmp_path / "p.db"
    store = ProgressStore(path)
    ann = store.learner("Ann")
    store.record_attempt(ann.id, "p1", "puzzle", themes=["leads"], correct=True)
    rating = store.rating(ann.id)
    store.close()
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as conn:  # back to schema 5, as the previous program left it
        cfg = alembic_config()
        cfg.attributes["connection"] = conn
        for undo in ("DROP TABLE daily_picks", "DROP TABLE item_checks", "DROP INDEX attempts_first_tries",  # schema 11
                     "ALTER TABLE attempts DROP COLUMN learner_before", "ALTER TABLE attempts DROP COLUMN learner_rd_before"):
            conn.exec_driver_sql(undo)
        conn.exec_driver_sql("ALTER TABLE attempts DROP COLUMN theme_ratings")
        conn.exec_driver_sql("DROP INDEX item_ratings_by_rating")
        for undo in ("DROP INDEX learners_by_browser", "ALTER TABLE learners DROP COLUMN browser",  # schema 12
                     "ALTER TABLE attempts DROP COLUMN opponent_rating", "ALTER TABLE attempts DROP COLUMN opponent_rd",
                     "DROP INDEX learners_by_skeleton", "ALTER TABLE learners DROP COLUMN name_skeleton",  # schema 9
                     "DROP INDEX reports_by_item", "DROP INDEX reports_by_learner", "DROP INDEX reports_by_browser",
                     "ALTER TABLE reports DROP COLUMN browser", "DROP TABLE login_throttle"):
            conn.exec_driver_sql(undo)
        conn.exec_driver_sql("DROP TABLE identities")  # schema 8
        command.stamp(cfg, "v0005")
        conn.exec_driver_sql("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
    engine.dispose()
    again = ProgressStore(path)
    assert again.schema_version() == SCHEMA_VERSION == 12 and again.rating(ann.id) == rating
    with again.db.read() as conn:
        assert conn.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE name = 'item_ratings_by_rating'").first()
        assert conn.exec_driver_sql("SELECT 1 FROM sqlite_master WHERE name = 'identities'").first()
    assert again.theme_history(ann.id) == {}  # the old attempt did not record it
    with again.db.read() as conn:  # schema 11 filled the rating before the old rated try: a newcomer's
        assert conn.exec_driver_sql("SELECT learner_before, learner_rd_before FROM attempts").all() == [(1500.0, 350.0)]
    again.record_attempt(ann.id, "p2", "puzzle", themes=["leads"], correct=True)
    assert len(again.theme_history(ann.id)["leads"]) == 1


def test_the_first_tries_of_old_attempts_are_marked(v4):
    store = ProgressStore(v4)
    conn = sqlite3.connect(v4)
    rows = conn.execute("SELECT item_id, first_try FROM attempts WHERE learner_id = 1 ORDER BY id").fetchall()
    conn.close()
    assert rows == [("lead-001", 1), ("lead-001", 0), ("daily-x", 1)]
    assert store.rating(1).rating == 1500.0  # old attempts are history, not replayed as games


def test_opening_an_up_to_date_file_writes_nothing(v4):
    ProgressStore(v4).close()
    before = v4.read_bytes()
    store = ProgressStore(v4)
    store.attempts(1)
    store.close()
    assert v4.read_bytes() == before


def _bump(url_or_path, version: int) -> None:
    if isinstance(url_or_path, Path):
        conn = sqlite3.connect(url_or_path)
        conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))
        conn.commit()
        conn.close()
        return
    engine = create_engine(url_or_path)
    with engine.begin() as conn:
        conn.execute(text("UPDATE meta SET value = :v WHERE key = 'schema_version'"), {"v": str(version)})
    engine.dispose()


def test_a_newer_sqlite_file_is_read_only_and_never_changed(tmp_path):
    path = tmp_path / "p.db"
    store = ProgressStore(path)
    ann = store.learner("Ann")
    store.close()
    _bump(path, SCHEMA_VERSION + 1)
    before = path.read_bytes()
    newer = ProgressStore(path)
    assert newer.read_only == "newer" and newer.learner("Ann") == ann
    with pytest.raises(StoreReadOnly, match="newer Whist Tutor"):
        newer.record_attempt(ann.id, "p", "puzzle", correct=True)
    newer.close()
    assert path.read_bytes() == before


def test_an_unknown_alembic_revision_is_newer_too(tmp_path):
    path = tmp_path / "p.db"
    ProgressStore(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE alembic_version SET version_num = 'v9999'")
    conn.commit()
    conn.close()
    assert ProgressStore(path).read_only == "newer"


def test_postgresql_is_set_up_empty_and_a_newer_one_is_refused(pg_url):
    store = ProgressStore(pg_url)
    assert store.dialect == "postgresql" and store.schema_version() == SCHEMA_VERSION
    ann = store.learner("Ann")
    store.record_attempt(ann.id, "p1", "puzzle", correct=True, day=date(2026, 1, 1))
    store.close()
    again = ProgressStore(pg_url)  # a second server starting: nothing to migrate, data there
    assert again.count_attempts() == 1
    again.close()
    _bump(pg_url, SCHEMA_VERSION + 1)
    newer = ProgressStore(pg_url)
    assert newer.read_only == "newer"
    with pytest.raises(ProgressError, match="newer"):
        newer.learner("Bob")
    assert newer.count_attempts() == 1
    newer.close()


def test_a_bad_database_url_is_one_clear_error(monkeypatch):
    with pytest.raises(ProgressError) as err:
        ProgressStore("postgresql+psycopg://nobody:secret@127.0.0.1:1/none")
    assert "secret" not in str(err.value) and "\n" not in str(err.value)


def test_a_new_store_made_by_the_whole_history_has_the_tables_of_the_models(any_store):
    """Alembic's history now starts at schema 1 (v0001-v0004 were the old SQL steps): a new
    store, made by running all of it, on SQLite and on PostgreSQL, has exactly the columns and
    at least the indexes the models (tutor/storage/models.py) describe."""
    from sqlalchemy import inspect

    from tutor.storage import models as T

    with any_store.db.read() as conn:
        found = inspect(conn)
        assert set(found.get_table_names()) == {t.name for t in T.metadata.sorted_tables} | {"alembic_version"}
        for table in T.metadata.sorted_tables:
            assert {c["name"] for c in found.get_columns(table.name)} == set(table.c.keys()), table.name
            assert {i.name for i in table.indexes} <= {i["name"] for i in found.get_indexes(table.name)}, table.name
