"""Shared test set-up.

A run that collects no tests is a failure, not a pass: CI must never go green on an empty suite.
"""

from __future__ import annotations

import pytest


def pytest_collection_finish(session: pytest.Session) -> None:
    if not session.items and not session.config.option.collectonly:
        raise pytest.UsageError("no tests were collected: the suite is empty or mis-configured")


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
