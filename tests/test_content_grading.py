"""Grading: a wrong answer is explained by the maxim it breaks; numbers by what they are made of."""

from __future__ import annotations

import pytest

from tutor.content.grading import GradingError, grade, hint
from tutor.content.loader import REPO_ROOT, load_puzzles

PUZZLES = {p.id: p for p in load_puzzles([REPO_ROOT / "puzzles" / "examples.yaml"])}
KING = PUZZLES["example-king-fourth-lead"]
LEGAL = PUZZLES["example-follow-suit"]
HONOURS = PUZZLES["example-honours-three"]


def test_right_card_is_right_in_any_spelling():
    """000 LST 3: K-x-x-x, lead the smallest."""
    for response in ("S2", "♠2", "2♠"):
        fb = grade(KING, response)
        assert fb.correct and fb.verdict == "right" and fb.maxims[0] == "king-third-lead-small"


def test_wrong_card_cites_the_maxim_it_breaks():
    """anchors.md: say why a wrong answer is wrong. Leading the king breaks 000 LST 3."""
    fb = grade(KING, "SK", "ru")
    assert not fb.correct and fb.verdict in ("worse", "bad")
    assert fb.maxims == ("king-third-lead-small",)
    assert "♠K" in fb.message.en and "♠К" in fb.message.ru and str(fb) == fb.message.ru
    trump = grade(KING, "D3")
    assert trump.maxims == ("few-trumps-wait-for-call",)  # 000 LST 8


def test_accepted_alternative_is_right_with_its_reason():
    alt = type(KING).model_validate({**KING.model_dump(), "answer": "S4", "accept": [
        {"answer": "S2", "reason": {"en": "The lowest is the book card.", "ru": "Младшая — по книге."}}]})
    fb = grade(alt, "S2")
    assert fb.correct and fb.verdict == "accepted" and "The lowest is the book card." in fb.message.en


def test_card_not_held_or_not_following_suit_is_illegal():
    """000 «Масти и взятки» 1: holding the suit led, a player must follow it."""
    assert grade(KING, "SQ").verdict == "illegal"
    fb = grade(LEGAL, "S2")
    assert (fb.correct, fb.verdict, fb.maxims) == (False, "illegal", ("must-follow-suit",))


def test_any_legal_card_answers_a_legal_question():
    """000 «Масти и взятки» 1: any card of the suit led will do; winning is not required."""
    assert all(grade(LEGAL, c).correct for c in ("HQ", "H8", "H3"))


def test_number_feedback_says_what_the_count_is_made_of():
    """000 REC 3: three honours (split between partners) score 2 points."""
    right = grade(HONOURS, 2)
    assert right.correct and "3 honours" in right.message.en
    wrong = grade(HONOURS, "3", "ru")
    assert not wrong.correct and "правильно 2" in wrong.message.ru and "3 онера" in wrong.message.ru
    assert "(♥A ♥K ♥J)" in wrong.message.en


def test_unreadable_response_is_an_error_not_a_wrong_answer():
    with pytest.raises(GradingError):
        grade(KING, "S1")
    with pytest.raises(GradingError):
        grade(HONOURS, "two")


def test_hints_go_from_vague_to_near():
    assert hint(KING, 1) == KING.hints[0] and hint(KING, 2) == KING.hints[-1]
    with pytest.raises(GradingError):
        hint(KING, 3)
    with pytest.raises(GradingError):
        hint(KING, 0)
