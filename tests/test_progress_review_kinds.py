"""Which failed answers come back for review (the review queue of tutor/progress.py).

A product decision pinned here (design review, surviving mutant 3): a failed puzzle from the
collection and a failed daily puzzle both come back; a lesson exercise does not (the lesson itself
is repeated instead, and its exercises are not puzzles in the library).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tutor.progress import ProgressStore


@pytest.fixture()
def store(new_store_file):
    return ProgressStore(new_store_file)


@pytest.mark.parametrize("kind, comes_back", [("puzzle", True), ("daily", True), ("lesson", False)])
def test_failed_answer_comes_back_for_review_by_kind(store, kind, comes_back):
    """A wrong daily answer is reviewed like a wrong library puzzle; a lesson exercise is not."""
    learner = store.learner("ann")
    now = datetime(2026, 12, 1, 12, tzinfo=UTC)
    store.record_attempt(learner.id, "p-1", kind, themes=["leads"], correct=False, ts=now)
    due = {r.item_id for r in store.due_reviews(learner.id, now + timedelta(days=2))}
    assert ("p-1" in due) is comes_back
