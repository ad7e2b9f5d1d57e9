"""Shared test set-up.

A run that collects no tests is a failure, not a pass: CI must never go green on an empty suite.
"""

from __future__ import annotations

import pytest


def pytest_collection_finish(session: pytest.Session) -> None:
    if not session.items and not session.config.option.collectonly:
        raise pytest.UsageError("no tests were collected: the suite is empty or mis-configured")
