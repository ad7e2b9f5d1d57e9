"""Shared test set-up.

A run that collects no tests is a failure, not a pass: CI must never go green on an empty suite.
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from pgserver import ENV as _PG_ENV
from pgserver import PgServer, drop_database, find_pg_bin, fresh_database

# Hypothesis profiles: `dev` (the default: the fast loop) tries fewer examples of the properties
# that do not choose their own count; `ci` (`pytest --hypothesis-profile=ci`, run by .ci/run)
# tries many more. Neither has a deadline: a loaded machine or a second worker must not turn a
# slow example into a failure. A test's own @settings(max_examples=...) is kept in both.
settings.register_profile("dev", max_examples=40, deadline=None)
settings.register_profile("ci", max_examples=400, deadline=None)
settings.load_profile("dev")


#: The fixtures of a PostgreSQL server: a test using one is the PostgreSQL twin of a store test
#: (the same test runs on SQLite) or a server-only one.
PG_FIXTURES = frozenset({"pg_server_url", "pg_url", "pg_store_url"})


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The PostgreSQL tests are ``slow``: the fast loop (``-m "not slow"``) checks the store on
    SQLite, the whole suite (CI) on both. Run before ``-m`` selects (``tryfirst``)."""
    for item in items:
        if PG_FIXTURES & set(getattr(item, "fixturenames", ())) or "[postgresql" in item.nodeid:
            item.add_marker(pytest.mark.slow)


def pytest_collection_finish(session: pytest.Session) -> None:
    if not session.items and not session.config.option.collectonly:
        raise pytest.UsageError("no tests were collected: the suite is empty or mis-configured")


# -- PostgreSQL for the store's tests ---------------------------------------------------------


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


@pytest.fixture(scope="session")
def _pg_migrated_template(pg_server_url: str) -> Iterator[str]:
    """A database the store has set up (every migration run), once a run: the template of
    :func:`pg_store_url` (copying it is much cheaper than migrating each test's database)."""
    from tutor.progress import ProgressStore

    url = fresh_database(pg_server_url)
    ProgressStore(url).close()  # migrated; closed, since a template must have no connection
    try:
        yield url.rpartition("/")[2]
    finally:
        drop_database(url)


@pytest.fixture
def pg_store_url(pg_server_url: str, _pg_migrated_template: str) -> Iterator[str]:
    """A fresh database as a new store leaves it (schema up to date, no rows), dropped after the
    test; :func:`pg_url` is the empty one, for the tests of opening and migrating."""
    url = fresh_database(pg_server_url, template=_pg_migrated_template)
    try:
        yield url
    finally:
        drop_database(url)


@pytest.fixture(scope="session")
def _sqlite_migrated_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A progress file the store has set up, once a run (migrating costs ~80 ms; a copy ~1 ms)."""
    from tutor.progress import ProgressStore

    path = tmp_path_factory.mktemp("store-template") / "progress.db"
    ProgressStore(path).close()  # closing the last connection checkpoints the WAL into the file
    assert not path.with_name("progress.db-wal").exists(), "the template's WAL was not checkpointed"
    return path


@pytest.fixture
def new_store_file(tmp_path: Path, _sqlite_migrated_template: Path) -> Path:
    """``tmp_path / "progress.db"`` as a new store leaves it (schema up to date, WAL mode, no
    rows): a copy of a file migrated once a run."""
    target = tmp_path / "progress.db"
    shutil.copyfile(_sqlite_migrated_template, target)
    return target


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request, tmp_path):
    """The progress store on a SQLite file and on a fresh PostgreSQL database (the same tests
    run on both; PostgreSQL is skipped when none can be had); both start as a new store leaves
    them (copies of a store migrated once a run: opening and migrating have their own tests)."""
    from tutor.progress import ProgressStore

    if request.param == "postgresql":
        store = ProgressStore(request.getfixturevalue("pg_store_url"))
    else:
        store = ProgressStore(request.getfixturevalue("new_store_file"))
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
def app_env(tmp_path, monkeypatch, new_store_file):
    """A fresh course (``appkit.write_content``), database and workshop folder for one test: the
    app reads them through its environment variables. The database is a new store's (copied:
    see :func:`new_store_file`), as the app's first page would leave it."""
    from appkit import write_content

    write_content(tmp_path / "content")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(new_store_file))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    monkeypatch.delenv("WHIST_TUTOR_WORKSHOP_DIR", raising=False)
    return tmp_path


# -- the fast loop: work done once per run instead of once per test -----------------------------
@pytest.fixture(autouse=True, scope="session")
def _component_manifests_scanned_once() -> Iterator[None]:
    """Each new AppTest scans every installed distribution's metadata for Streamlit component
    manifests (about 0.1 s of CPU, 0.2 s of wall time, and some 140 AppTests a run); nothing is
    installed during a run, so the first scan's answer serves the rest. Only when a collected test
    module imported AppTest: a run without the app's tests does not pay for importing Streamlit."""
    if "streamlit.testing.v1" not in sys.modules:
        yield
        return
    from streamlit.components.v2 import manifest_scanner

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(manifest_scanner, "scan_component_manifests",
                   functools.cache(manifest_scanner.scan_component_manifests))
        yield


_SHIPPED: dict[str, Any] = {}


@pytest.fixture(autouse=True, scope="session")
def _quick_password_hashing() -> Iterator[None]:
    """argon2 with the shipped parameters (64 MiB, 3 passes) costs 0.15 s of CPU a hash or a
    check, and the store's tests hash or check some eighty passwords: the tests use argon2id with
    the smallest parameters instead (the hash still reads ``$argon2id$``, a wrong password is still
    refused). ``tests/test_accounts.py`` checks the shipped parameters themselves."""
    from argon2 import PasswordHasher

    import tutor.accounts as accounts

    _SHIPPED["hasher"] = accounts._HASHER
    quick = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(accounts, "_HASHER", quick)
        mp.setattr(accounts, "_DUMMY", quick.hash("not a password of anyone"))
        yield


@pytest.fixture
def shipped_password_hasher() -> Any:
    """The password hasher ``tutor.accounts`` ships with (the tests run with a quick one)."""
    return _SHIPPED["hasher"]
