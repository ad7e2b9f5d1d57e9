"""The answer service itself (tutor/answering.py): what it decides for every door -- the response
read once, the hints counted and bounded, the difficulty seeding the puzzle, a lesson not rated,
a preview recorded nowhere, and the grade kept when the store fails."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from appkit import LESSON, PUZZLES
from tutor.answering import AnswerError, answer
from tutor.cards import Card
from tutor.content.grading import GradingError
from tutor.content.loader import parse_text
from tutor.content.models import Exercise, ExerciseStep, Puzzle
from tutor.progress import Learner, seed_rating

TS = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def _puzzle(pid: str = "king-fourth-lead") -> Puzzle:
    return next(p.item for p in parse_text(PUZZLES, "basics.yaml").puzzles if p.item.id == pid)


def _exercise() -> Exercise:
    step = parse_text(LESSON, "01-first-lead.yaml").lessons[0].item.steps[1]
    assert isinstance(step, ExerciseStep)
    return step.exercise


def test_a_typed_card_and_a_clicked_one_are_one_answer(any_store):
    """``♠2``, ``s2`` and the Card are read once, graded alike and stored as ``S2``."""
    ann, bob = any_store.learner("Ann"), any_store.learner("Bob")
    typed = answer(any_store, ann, _puzzle(), " ♠2 ", kind="puzzle", ts=TS)
    clicked = answer(any_store, bob, _puzzle(), Card.parse("S2"), kind="puzzle", ts=TS)
    assert typed.response == clicked.response == Card.parse("S2")
    assert typed.attempt is not None and clicked.attempt is not None
    assert typed.attempt.answer == clicked.attempt.answer == "S2"


def test_the_hints_cost_the_score_and_more_hints_than_the_item_has_are_refused(any_store):
    ann = any_store.learner("Ann")
    out = answer(any_store, ann, _puzzle(), "S2", 2, kind="puzzle", ts=TS)  # both hints of two
    assert out.correct and out.score == pytest.approx(1 / 3, abs=1e-3) and out.attempt.score == out.score
    with pytest.raises(AnswerError, match="has 2"):
        answer(any_store, ann, _puzzle(), "S2", 3, kind="puzzle", ts=TS)
    assert len(any_store.attempts(ann.id)) == 1  # the refused answer left nothing


def test_the_first_try_seeds_the_puzzle_from_its_difficulty(any_store):
    ann = any_store.learner("Ann")
    assert seed_rating(1).rating == 1100.0
    out = answer(any_store, ann, _puzzle(), "S2", kind="puzzle", ts=TS)
    assert out.first_try and out.item_rating is not None and out.learner_rating is not None
    assert (round(out.item_rating.rating, 1), round(out.learner_rating.rating, 1)) == (1062.5, 1560.0)
    again = answer(any_store, ann, _puzzle(), "SK", kind="puzzle", ts=TS)
    assert not again.first_try and again.learner_rating == out.learner_rating  # only the first try is rated
    assert again.next_review is not None  # a miss comes back for review


def test_a_lesson_exercise_is_recorded_under_its_id_and_not_rated(any_store):
    ann = any_store.learner("Ann")
    with pytest.raises(AnswerError, match="record_id"):
        answer(any_store, ann, _exercise(), "S2", kind="lesson", ts=TS)
    out = answer(any_store, ann, _exercise(), "S2", kind="lesson", record_id="first-lead#1", ts=TS)
    assert out.attempt is not None and out.attempt.item_id == "first-lead#1" and out.attempt.kind == "lesson"
    assert out.learner_rating is not None and out.learner_rating.rating == 1500.0
    assert out.next_review is None


def test_a_preview_or_nobody_named_records_nothing(any_store):
    ann = any_store.learner("Ann")
    for store, learner, kind in ((any_store, ann, None), (any_store, None, "puzzle"), (None, ann, "puzzle")):
        out = answer(store, learner, _puzzle(), "S2", kind=kind, ts=TS)
        assert out.correct and out.attempt is None and out.store_error is None
    assert any_store.attempts(ann.id) == []


def test_a_response_that_is_no_answer_records_nothing(any_store):
    ann = any_store.learner("Ann")
    with pytest.raises(GradingError, match="not a card"):
        answer(any_store, ann, _puzzle(), "ZZ", kind="puzzle", ts=TS)
    assert any_store.attempts(ann.id) == []


def test_the_grade_stands_when_the_store_fails(any_store):
    """A learner the store does not know (deleted meanwhile): graded, nothing saved, and why."""
    out = answer(any_store, Learner(id=987654, name="gone"), _puzzle(), "S2", kind="puzzle", ts=TS)
    assert out.correct and out.attempt is None
    assert out.store_error is not None and "987654" in str(out.store_error)


def _recorders(root: Path) -> list[str]:
    """The modules under ``root`` (the store itself aside) that record an attempt themselves."""
    store = ("progress.py", "progress")  # the store's module, or its package once split
    return sorted(str(p.relative_to(root.parent)) for p in root.rglob("*.py")
                  if p.relative_to(root).parts[0] not in store and ".record_attempt(" in p.read_text(encoding="utf-8"))


def test_nothing_but_the_service_records_an_attempt():
    """The app, the CLI and the class pages answer through tutor.answering: no second copy of
    "answer an item" (the old ui/components.py and commands/answer.py each had one)."""
    tutor = Path(__file__).resolve().parents[1] / "tutor"
    assert _recorders(tutor) == ["tutor/answering.py"]
    assert ".record_attempt(" not in (tutor.parent / "app.py").read_text(encoding="utf-8")


def test_the_recorder_finder_sees_a_second_copy(tmp_path):
    (tmp_path / "tutor" / "ui").mkdir(parents=True)
    (tmp_path / "tutor" / "ui" / "page.py").write_text("store().record_attempt(1, 'x', 'puzzle', correct=True)\n")
    (tmp_path / "tutor" / "progress.py").write_text("def record_attempt(self): ...\nself.record_attempt(\n")
    assert _recorders(tmp_path / "tutor") == ["tutor/ui/page.py"]
