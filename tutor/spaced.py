"""Spaced review with FSRS (the ``fsrs`` package): when a failed or shaky puzzle comes back.

Why FSRS instead of fixed steps (1, 3, 7, 21 days): it models how well each item is
remembered (its stability) from the learner's own answers, so an item answered well comes back
later and one still shaky sooner. Learning steps of minutes are switched off: a puzzle comes
back on another day, not in ten minutes of the same session.

>>> from datetime import datetime, timezone
>>> card = review(new_card(), Grade.AGAIN, datetime(2026, 1, 1, tzinfo=timezone.utc))
>>> card.due.isoformat()
'2026-01-02T00:00:00+00:00'
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from enum import Enum

from fsrs import Card, Rating, Scheduler, State

__all__ = ["Grade", "REVIEW_GRADUATE_DAYS", "review_grade", "new_card", "review", "card_to_json", "card_from_json"]

#: An item leaves the queue once answered right with its memory stable for this many days.
REVIEW_GRADUATE_DAYS = 21.0

_SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
#: The old fixed queue's days by stage: the stability a card made from an old row starts from.
_OLD_INTERVALS = (1, 3, 7, 21)


class Grade(Enum):
    """How an answer went, as FSRS grades a review."""

    AGAIN = "again"  # wrong
    HARD = "hard"    # right, with hints
    GOOD = "good"    # right, unaided


_RATINGS = {Grade.AGAIN: Rating.Again, Grade.HARD: Rating.Hard, Grade.GOOD: Rating.Good}


def review_grade(correct: bool, hints_used: int) -> Grade:
    if not correct:
        return Grade.AGAIN
    return Grade.HARD if hints_used > 0 else Grade.GOOD


def new_card() -> Card:
    """A card for an item not yet in the queue (``card_id`` fixed: fsrs would otherwise sleep a
    millisecond to make its time-based id unique, and the id is not used)."""
    return Card(card_id=0)


def review(card: Card, grade: Grade, at: datetime) -> Card:
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    reviewed, _ = _SCHEDULER.review_card(card, _RATINGS[grade], at.astimezone(UTC))
    return reviewed


def card_to_json(card: Card) -> str:
    return json.dumps(card.to_dict())


def card_from_json(data: str, stage: int = 0, due: str = "") -> Card:
    """A stored card; a row of the old fixed queue (no card yet) becomes a card in review that
    keeps its due time, with the stability of its old interval."""
    if data:
        return Card.from_dict(json.loads(data))
    days = _OLD_INTERVALS[min(max(stage, 0), len(_OLD_INTERVALS) - 1)]
    when = datetime.fromisoformat(due) if due else datetime.now(UTC)
    return Card(card_id=0, state=State.Review, stability=float(days), difficulty=6.0, due=when,
                last_review=when - timedelta(days=days))
