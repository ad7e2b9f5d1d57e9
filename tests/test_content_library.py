"""The shipped library: the beginner's course (lessons/) and the puzzle library (puzzles/).

The linter proves every item against the engines (cards, legality, the conventions engine's card,
the scoring engine's number, maxim ids, both languages); these tests hold the library to that proof
and to the size and shape issue 5 asks for: at least 12 lessons that teach before they test, at
least 80 puzzles over all five difficulty levels, with the themes the course is built around
(leads from K-x-x and its relatives, honours and scoring, the call for trumps).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tutor.content.grading import grade
from tutor.content.lint import lint
from tutor.content.loader import ContentSet, load_paths
from tutor.content.models import QUESTIONS, ExerciseStep, TeachStep
from tutor.content.situation import item_ruling, item_view

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"
PUZZLES = ROOT / "puzzles"
#: Files of the library written for issue 5 (puzzles/examples.yaml documents the schema only).
LIBRARY_PUZZLES = sorted(p for p in PUZZLES.glob("*.yaml") if p.name != "examples.yaml")


@pytest.fixture(scope="module")
def library() -> ContentSet:
    return load_paths([LESSONS, PUZZLES])


@pytest.fixture(scope="module")
def own_puzzles() -> ContentSet:
    return load_paths(LIBRARY_PUZZLES)


def test_library_is_proved_by_the_linter(library: ContentSet) -> None:
    """Every shipped item is proved: the answer legal (000 «Масти и взятки» 1-2), the engine's
    card or number agrees (or an override says why), maxim ids exist, texts in en and ru."""
    report = lint(library)
    assert report.ok, "\n".join(f"{p.path}:{p.line}: {p.message}" for p in report.problems)


def test_course_has_at_least_twelve_lessons_in_order(library: ContentSet) -> None:
    """The beginner's course: 12 lessons or more, numbered 1..n without a gap (seed 000 order:
    the deal, play, scoring, then the maxims of «Ходы, масти, козыри» and «Намеки и подсказки»)."""
    orders = [les.item.order for les in library.lessons]
    assert len(orders) >= 12
    assert orders == list(range(1, len(orders) + 1))


def test_every_lesson_teaches_before_its_exercises(library: ContentSet) -> None:
    """Bridge Classroom's teach-then-exam (anchors.md): each lesson opens with teach steps, all of
    them before the first exercise, and then has 2-4 exercises."""
    for les in library.lessons:
        steps = les.item.steps
        kinds = ["teach" if isinstance(s, TeachStep) else "exercise" for s in steps]
        first_exercise = kinds.index("exercise")
        assert first_exercise >= 1, les.item.id
        assert "teach" not in kinds[first_exercise:], f"{les.item.id}: a teach step after an exercise"
        assert 2 <= kinds.count("exercise") <= 4, les.item.id
        assert all(isinstance(s, ExerciseStep) for s in steps[first_exercise:])


def test_course_exercises_use_every_question_kind(library: ContentSet) -> None:
    """The course checks what it teaches: leads and plays (000 LST), legal cards (000 «Масти и
    взятки» 1), honours (000 REC 3, 9) and the score (000 REC 2, 4)."""
    kinds = {e.item.question for e in library.exercises}
    assert kinds == set(QUESTIONS)


def test_library_has_eighty_puzzles_over_five_levels(own_puzzles: ContentSet) -> None:
    """At least 80 puzzles, graded from 1 (first lesson) to 5 (expert), every level present."""
    assert len(own_puzzles.puzzles) >= 80
    levels = Counter(p.item.difficulty for p in own_puzzles.puzzles)
    assert set(levels) == {1, 2, 3, 4, 5}


def test_fifteen_puzzles_lead_from_king_third_and_relatives(own_puzzles: ContentSet) -> None:
    """000 LST 3: «Имея короля сам-третей… или сам-четверт…, следует идти с маленькой»; K-x is
    never led. At least 15 lead puzzles practise the king with small cards and its relatives."""
    kings = [p.item for p in own_puzzles.puzzles if "king-third" in p.item.themes]
    assert len(kings) >= 15
    assert all(p.question == "lead" for p in kings)
    assert any(str(p.answer)[1] == "K" for p in kings), "K-Q and trump holdings lead the king itself"
    assert sum(1 for p in kings if "king-third-lead-small" in p.maxims) >= 10


def test_ten_puzzles_count_honours_and_score(own_puzzles: ContentSet) -> None:
    """000 REC 3 (honours), REC 9 (coronkas), REC 2-6 (leve, slams): at least 10 puzzles."""
    scoring = [p.item for p in own_puzzles.puzzles if p.item.question in ("honours", "score")]
    assert len(scoring) >= 10
    assert {p.rules for p in scoring} >= {"russian", "simple", "english-short", "american"}


def test_ten_puzzles_signal_trumps(own_puzzles: ContentSet) -> None:
    """000: watch «за приглашениями для козырного хода»; LST 8. Making, answering and echoing the
    call, and the forced card that is no call: at least 10 puzzles, each maxim present."""
    calls = [p.item for p in own_puzzles.puzzles if "call-for-trumps" in p.item.themes]
    assert len(calls) >= 10
    cited = {m for p in calls for m in p.maxims}
    assert cited >= {"make-the-call", "answer-the-call", "echo-the-call", "forced-high-card-is-not-a-call"}


def test_puzzle_hints_are_graded(own_puzzles: ContentSet) -> None:
    """Graded hints (anchors.md: a hint short of the answer, chess.com's graded hints): two or
    more per puzzle, each a different text, from vague to close."""
    for p in own_puzzles.puzzles:
        hints = p.item.hints
        assert len(hints) >= 2, p.item.id
        assert len({h.en for h in hints}) == len(hints), p.item.id


def test_each_answer_grades_right_and_accepts_grade_accepted(library: ContentSet) -> None:
    """The grader and the library agree: the stated answer is graded right, an accepted one
    «accepted» with its reason (anchors.md: equally good answers are all accepted)."""
    for loc in library.items():
        item = loc.item
        response = item.answer[0] if isinstance(item.answer, tuple) else item.answer
        assert grade(item, response).verdict == "right", f"{loc.path}:{loc.line}"
        for acc in item.accept:
            feedback = grade(item, acc.answer)
            assert feedback.verdict == "accepted", f"{loc.path}:{loc.line}"


def test_a_wrong_lead_is_explained_by_a_maxim(own_puzzles: ContentSet) -> None:
    """Learners ask why a wrong answer is wrong (anchors.md): for every lead puzzle, some other
    legal card is graded wrong citing a maxim (000 LST / HNT), not just «wrong»."""
    for loc in own_puzzles.puzzles:
        item = loc.item
        if item.question != "lead":
            continue
        taken = {item.answer} | {a.answer for a in item.accept}
        others = [c for c in item_ruling(item, item_view(item)).cards if str(c) not in taken]
        verdicts = [grade(item, str(c)) for c in others]
        assert any(not v.correct and v.maxims for v in verdicts), item.id
