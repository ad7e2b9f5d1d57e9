"""Shared test set-up.

A run that collects no tests is a failure, not a pass: CI must never go green on an empty suite.
"""

from __future__ import annotations

import pytest


def pytest_collection_finish(session: pytest.Session) -> None:
    if not session.items and not session.config.option.collectonly:
        raise pytest.UsageError("no tests were collected: the suite is empty or mis-configured")


# -- PostgreSQL for the store's tests ---------------------------------------------------------
import os  # noqa: E402
from collections.abc import Iterator  # noqa: E402

from pgserver import ENV as _PG_ENV  # noqa: E402
from pgserver import PgServer, drop_database, find_pg_bin, fresh_database  # noqa: E402


@pytest.fixture(scope="session")
def pg_server_url() -> Iterator[str]:
    """A PostgreSQL server's URL: ``$WHIST_TUTOR_TEST_PG``, else a throwaway server started in a
    temporary folder (when pg_ctl is installed) and stopped at the end; else the test is skipped."""
    given = os.environ.get(_PG_ENV, "").strip()
    if given:
        yield given
        return
    bin_dir = find_pg_bin()
    if bin_dir is None:
        pytest.skip("no PostgreSQL: set WHIST_TUTOR_TEST_PG or install the postgresql package")
    server = PgServer(bin_dir)
    try:
        server.start()
    except (RuntimeError, OSError, LookupError) as exc:
        pytest.skip(f"cannot start a throwaway PostgreSQL: {exc}")
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server_url: str) -> Iterator[str]:
    """A fresh, empty database on the test PostgreSQL (dropped after the test)."""
    url = fresh_database(pg_server_url)
    try:
        yield url
    finally:
        drop_database(url)


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request, tmp_path):
    """The progress store on a SQLite file and on a fresh PostgreSQL database (the same tests
    run on both; PostgreSQL is skipped when none can be had)."""
    from tutor.progress import ProgressStore

    if request.param == "postgresql":
        store = ProgressStore(request.getfixturevalue("pg_url"))
    else:
        store = ProgressStore(tmp_path / "progress.db")
    yield store
    store.close()
@pytest.fixture(autouse=True, scope="session")
def _evidence_store_of_the_run(tmp_path_factory: pytest.TempPathFactory):
    """The evidence the app computes during tests goes to a folder of this run, never to the
    user's data folder (a session fixture: servers started for browser tests inherit it)."""
    import os

    old = os.environ.get("WHIST_TUTOR_EVIDENCE_DIR")
    os.environ["WHIST_TUTOR_EVIDENCE_DIR"] = str(tmp_path_factory.mktemp("evidence"))
    yield
    if old is None:
        os.environ.pop("WHIST_TUTOR_EVIDENCE_DIR", None)
    else:
        os.environ["WHIST_TUTOR_EVIDENCE_DIR"] = old


# -- the app under AppTest ----------------------------------------------------------------------
@pytest.fixture
def app_env(tmp_path, monkeypatch):
    """A fresh course (``appkit.write_content``), database and workshop folder for one test: the
    app reads them through its environment variables."""
    from appkit import write_content

    write_content(tmp_path / "content")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    monkeypatch.delenv("WHIST_TUTOR_WORKSHOP_DIR", raising=False)
    return tmp_path
