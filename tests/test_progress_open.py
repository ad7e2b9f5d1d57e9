"""The progress store opens defensively (issue 16): a file is checked before anything is written.

A mistyped ``WHIST_TUTOR_DB`` must say so, not start an empty store elsewhere; another program's
SQLite file, a damaged file or a text file is never modified (not even switched to WAL); a newer
schema or a read-only file gives read-only progress.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from pathlib import Path

import pytest

from tutor.progress import (
    ProgressError,
    ProgressStore,
    StoreReadOnly,
    StoreUnavailable,
    default_db_path,
)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def our_store(path: Path) -> ProgressStore:
    store = ProgressStore(path)
    ann = store.learner("Ann")
    for i in range(30):
        store.record_attempt(ann.id, f"p-{i}", "puzzle", correct=i % 2 == 0, answer="x" * 200)
    # fold the WAL into the main file, so the file alone is the database
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return store


def test_configured_path_in_a_missing_folder_is_an_error_naming_it(tmp_path, monkeypatch):
    path = tmp_path / "typo" / "deeper" / "progress.db"
    monkeypatch.setenv("WHIST_TUTOR_DB", str(path))
    with pytest.raises(StoreUnavailable, match="does not exist") as info:
        ProgressStore(default_db_path())
    assert info.value.reason == "no-folder"
    assert str(path.parent) in str(info.value)
    assert not (tmp_path / "typo").exists(), "no folder may be created for a configured path"


def test_default_location_creates_its_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("WHIST_TUTOR_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    store = ProgressStore()
    assert store.path == tmp_path / "data" / "whist-tutor" / "progress.db"
    assert store.path.is_file()
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "other"))
    assert ProgressStore(default_db_path()).path.is_file(), "the app names the default path explicitly"


def test_a_folder_given_as_the_database_is_refused(tmp_path):
    with pytest.raises(StoreUnavailable, match="is a folder") as info:
        ProgressStore(tmp_path)
    assert info.value.reason == "folder"


def test_an_empty_path_is_refused(tmp_path):
    with pytest.raises(ProgressError, match="empty"):
        ProgressStore("  ")


def test_another_programs_sqlite_file_is_never_switched_to_wal(tmp_path):
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.execute("INSERT INTO invoices (total) VALUES (12.5)")
    conn.commit()
    conn.close()
    before = digest(path)
    with pytest.raises(StoreUnavailable, match="another program") as info:
        ProgressStore(path)
    assert info.value.reason == "foreign"
    assert digest(path) == before
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["invoices"]
    conn.close()
    assert not Path(str(path) + "-wal").exists()


def test_a_text_file_is_not_a_database_and_is_left_alone(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("my notes, not a database\n" * 20)
    before = digest(path)
    with pytest.raises(StoreUnavailable, match="not a SQLite database") as info:
        ProgressStore(path)
    assert info.value.reason == "foreign"
    assert digest(path) == before


def test_a_truncated_file_is_damaged_and_left_alone(tmp_path):
    path = tmp_path / "p.db"
    our_store(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    before = digest(path)
    with pytest.raises(StoreUnavailable, match="damaged") as info:
        ProgressStore(path)
    assert info.value.reason == "damaged"
    assert digest(path) == before


def test_a_file_with_a_corrupt_page_is_damaged_and_left_alone(tmp_path):
    path = tmp_path / "p.db"
    our_store(path)
    data = bytearray(path.read_bytes())
    page = 4096
    for i in range(page + 8, min(len(data), 3 * page)):  # scribble over the second and third pages
        data[i] = (i * 7) % 256
    path.write_bytes(bytes(data))
    before = digest(path)
    with pytest.raises(StoreUnavailable) as info:
        ProgressStore(path)
    assert info.value.reason in ("damaged", "foreign")
    assert digest(path) == before


def test_a_read_only_file_gives_read_only_progress(tmp_path):
    path = tmp_path / "p.db"
    ann = our_store(path).learner("Ann")
    os.chmod(path, 0o444)
    try:
        before = digest(path)
        store = ProgressStore(path)
        assert store.read_only == "file"
        assert store.learner("ann") == ann
        assert len(store.attempts(ann.id)) == 30
        with pytest.raises(StoreReadOnly, match="read-only"):
            store.record_attempt(ann.id, "p-99", "puzzle", correct=True)
        with pytest.raises(StoreReadOnly):
            store.learner("Someone New")
        assert digest(path) == before
    finally:
        os.chmod(path, 0o644)


def test_an_empty_file_is_set_up_as_a_new_store(tmp_path):
    path = tmp_path / "p.db"
    path.touch()
    store = ProgressStore(path)
    assert store.learner("Ann").name == "Ann"


def test_store_errors_are_whist_errors_with_one_line(tmp_path):
    """The CLI and the app show ``str(exc)``: one line, naming the file."""
    path = tmp_path / "notes.db"
    path.write_text("x" * 200)
    with pytest.raises(ProgressError) as info:
        ProgressStore(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)
