"""A progress file that cannot be used never stops the app (issue 16).

A corrupt, truncated, foreign or read-only file, a folder given as the database, a missing
folder or a newer schema used to crash the Daily and Progress pages with a raw sqlite exception.
Now every page runs: lessons and puzzles are served, only progress is off (or read-only), and
the sidebar says why in the learner's language.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from appkit import APP, write_content
from tutor.i18n import t
from tutor.progress import SCHEMA_VERSION, ProgressStore


def _foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    conn.commit()
    conn.close()


def _damaged(path: Path) -> None:
    store = ProgressStore(path)
    store.learner("Ann")
    store.close()  # its open connections would otherwise checkpoint the WAL into the file later
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _newer(path: Path) -> None:
    store = ProgressStore(path)
    store.learner("Ann")
    store.close()  # its open connections would otherwise checkpoint the WAL into the file later
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()


def _read_only(path: Path) -> None:
    store = ProgressStore(path)
    store.learner("Ann")
    store.close()  # its open connections would otherwise checkpoint the WAL into the file later
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    os.chmod(path, 0o444)


CASES = {
    "foreign": (_foreign, "store.progress_off", "foreign"),
    "damaged": (_damaged, "store.progress_off", "damaged"),
    "text-file": (lambda p: p.write_text("hello\n" * 40), "store.progress_off", "foreign"),
    "folder": (lambda p: p.mkdir(), "store.progress_off", "folder"),
    "missing-folder": (None, "store.progress_off", "no-folder"),
    "newer": (_newer, "store.read_only", "newer"),
    "read-only": (_read_only, "store.read_only", "file"),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.slow(reason="2.9 s over 14 cases: every broken store on every page (CI runs it)")
def test_unusable_store_keeps_lessons_and_puzzles_served(tmp_path, monkeypatch, case, lang):
    make, head, reason = CASES[case]
    write_content(tmp_path / "content")
    db = tmp_path / ("nowhere/progress.db" if case == "missing-folder" else "progress.db")
    if make is not None:
        make(db)
    before = db.read_bytes() if db.is_file() else None
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(db))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    try:
        at = AppTest.from_file(APP, default_timeout=60)
        at.session_state["lang"] = lang
        at.session_state["learner"] = "Ann"
        at.run()
        assert not at.exception, [e.value for e in at.exception]
        for key in ("learn", "daily", "puzzles", "progress"):
            at.switch_page(f"tutor/ui/pages/{key}.py").run()
            assert not at.exception, (key, [e.value for e in at.exception])
            assert at.title[0].value == t(f"nav.{key}", lang)
            shown = " ".join(str(x.value) for x in [*at.sidebar.warning, *at.sidebar.info, *at.warning, *at.info])
            why = t(f"store.{reason}", lang, path=str(db))
            assert why in shown, (key, shown)
            if lang == "ru":  # every word in the learner's language: no English sqlite message leaks
                assert "database" not in shown and "Traceback" not in shown
        at.switch_page("tutor/ui/pages/puzzles.py").run()
        assert at.selectbox(key="puzzle").options, "the puzzles are still served"
        if before is not None:
            assert db.read_bytes() == before, "the file must not be modified"
        assert not (tmp_path / "nowhere").exists()
    finally:
        if db.is_file():
            os.chmod(db, 0o644)


def test_a_file_damaged_while_the_app_runs_never_stops_a_page(tmp_path, monkeypatch):
    """The store was fine when the server started; then the file was overwritten (a bad copy, a
    full disk): every page still runs, and answering a puzzle still grades it."""
    write_content(tmp_path / "content")
    db = tmp_path / "progress.db"
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(db))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    at.session_state["learner"] = "Ann"
    at.run()
    assert not at.exception
    for suffix in ("", "-wal", "-shm"):
        p = Path(str(db) + suffix)
        if p.exists():
            p.write_bytes(b"\x00garbage" * 4096)
    for key in ("learn", "daily", "puzzles", "progress", "workshop"):
        at.switch_page(f"tutor/ui/pages/{key}.py").run()
        assert not at.exception, (key, [e.value for e in at.exception])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_draft_on_a_read_only_store_warns_in_the_teachers_language_and_keeps_the_text(tmp_path, monkeypatch,
                                                                                       lang):
    from tutor.ui import state

    write_content(tmp_path / "content")
    db = tmp_path / "progress.db"
    _read_only(db)
    before = db.read_bytes()
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(db))
    try:
        at = AppTest.from_file(APP, default_timeout=60)
        at.session_state["lang"] = lang
        at.session_state["learner"] = "Ann"
        at.run()
        at.switch_page("tutor/ui/pages/workshop.py").run()
        mine = "puzzles: []  # my work\n"
        at.text_area(key=state.WORKSHOP_TEXT).input(mine).run()
        assert not at.exception, [e.value for e in at.exception]
        warning = " ".join(w.value for w in at.warning)
        assert t("store.file", lang, path=str(db)).rstrip(".") in warning, warning
        assert at.text_area(key=state.WORKSHOP_TEXT).value == mine
        assert db.read_bytes() == before
    finally:
        os.chmod(db, 0o644)
