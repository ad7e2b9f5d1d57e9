"""The closed vocabularies are defined once (tutor/vocab.py) and parsed at the edge with the valid
values in the error (issue 13 point 4; design review §7: systems in four places, verdicts in two)."""

from __future__ import annotations

import pytest

from tutor import vocab
from tutor.content import grading, models
from tutor.conventions import advice, catalogue, rules
from tutor.errors import WhistError
from tutor.rulesets import RULESET_NAMES


def test_systems_are_one_vocabulary():
    """The rules, the catalogue and the content schema share the one tuple of systems."""
    assert rules.SYSTEMS is vocab.SYSTEMS
    assert catalogue.SYSTEMS is vocab.SYSTEMS
    assert models.SYSTEMS is vocab.SYSTEMS
    assert vocab.SYSTEMS == ("russian", "english")


def test_verdicts_and_questions_are_one_vocabulary():
    """The engine's verdicts, the grader's verdicts, the question kinds and the rule-set names each
    have one definition."""
    assert advice.VERDICTS is vocab.ENGINE_VERDICTS
    assert grading.VERDICTS is vocab.GRADE_VERDICTS
    assert models.QUESTIONS is vocab.QUESTION_KINDS
    assert models.RULESETS is RULESET_NAMES
    assert set(rules.SEVERITIES) < set(vocab.ENGINE_VERDICTS)
    assert set(vocab.CARD_QUESTIONS) < set(vocab.QUESTION_KINDS)


@pytest.mark.parametrize("parse, good, words", [
    (vocab.parse_system, " English ", vocab.SYSTEMS),
    (vocab.parse_question, "LEAD", vocab.QUESTION_KINDS),
    (vocab.parse_attempt_kind, "daily", vocab.ATTEMPT_KINDS),
])
def test_a_word_is_read_once_and_a_bad_one_lists_the_valid_words(parse, good, words):
    """Case and spaces do not matter; an unknown word is one clear error naming every valid word."""
    assert parse(good) == good.strip().lower()
    with pytest.raises(WhistError) as err:
        parse("whist")
    assert all(w in str(err.value) for w in words) and "'whist'" in str(err.value)
