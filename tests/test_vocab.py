"""The closed vocabularies are defined once (tutor/vocab.py) and parsed at the edge with the valid
values in the error (issue 13 point 4; design review §7: systems in four places, verdicts in two)."""

from __future__ import annotations

import re

import pytest

from tutor import vocab
from tutor.content import grading, models
from tutor.conventions import advice, catalogue, rules
from tutor.errors import WhistError
from tutor.rulesets import RULESET_NAMES
from tutor.seats import Seat

_PUZZLE = {
    "id": "a-puzzle", "title": {"en": "Lead", "ru": "Ход"}, "themes": ["opening-lead"], "difficulty": 1,
    "trump": "D7", "hand": "K742.985.J63.863", "question": "lead", "answer": "S2",
    "maxims": ["king-third-lead-small"], "hints": [{"en": "Longest suit?", "ru": "Самая длинная масть?"}],
    "explanation": {"en": "Lead small.", "ru": "С маленькой."},
}


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
    (vocab.parse_lang, " RU ", vocab.LANGS),
    (vocab.parse_system, " English ", vocab.SYSTEMS),
    (vocab.parse_question, "LEAD", vocab.QUESTION_KINDS),
    (vocab.parse_attempt_kind, "daily", vocab.ATTEMPT_KINDS),
    (vocab.parse_homework_kind, " Lesson ", vocab.HOMEWORK_KINDS),
    (vocab.parse_ruleset_name, " Simple ", vocab.RULESET_NAMES),
])
def test_a_word_is_read_once_and_a_bad_one_lists_the_valid_words(parse, good, words):
    """Case and spaces do not matter; an unknown word is one clear error naming every valid word."""
    assert parse(good) == good.strip().lower()
    with pytest.raises(WhistError) as err:
        parse("whist")
    assert all(w in str(err.value) for w in words) and "'whist'" in str(err.value)


def test_languages_are_one_vocabulary_and_a_bad_one_is_the_vocabulary_error():
    """Issue 22 point 3: the learner's languages are ``vocab.Lang``, the i18n tuple is that one, and
    an unknown language -- from a parse or a catalogue look-up -- is one ``VocabularyError`` naming
    en and ru (before, the catalogue raised a TranslationError of its own)."""
    import typing

    from tutor import i18n

    assert i18n.LANGS is vocab.LANGS and typing.get_args(vocab.Lang) == vocab.LANGS == ("en", "ru")
    assert i18n.DEFAULT_LANG == vocab.DEFAULT_LANG == "en"
    for bad in (lambda: vocab.parse_lang("de"), lambda: i18n.catalog("de"), lambda: i18n.t("nav.learn", "fr")):
        with pytest.raises(vocab.VocabularyError, match=r"unknown language '(de|fr)' \(use one of: en, ru\)"):
            bad()


def test_rule_set_names_are_one_vocabulary_typed_through_items_views_and_sessions():
    """Issue 13 point 4: the rule-set names are ``vocab.RuleSetName``; the presets, the content
    schema, a seat's view and a session's options all use that one type."""
    import typing

    from tutor import rulesets
    from tutor.seatview import SeatView
    from tutor.session import SessionOptions

    assert rulesets.RULESET_NAMES is vocab.RULESET_NAMES and models.RULESETS is vocab.RULESET_NAMES
    assert tuple(rulesets.RULESETS) == vocab.RULESET_NAMES == ("russian", "english-short", "simple", "american")
    assert typing.get_args(vocab.RuleSetName) == vocab.RULESET_NAMES
    for cls in (models.Item, SeatView, SessionOptions):
        assert typing.get_type_hints(cls)["rules"] == vocab.RuleSetName, cls


def test_a_session_reads_its_rule_set_once_an_alias_becoming_its_name():
    """The table is told a name it knows: ``English`` is ``english-short`` (before, the alias
    passed the options and the first robot's view refused it); a bad name lists the rule sets."""
    from tutor.seatview import SeatView
    from tutor.session import Session, SessionOptions

    options = SessionOptions(rules="English", samples=2)
    assert options.rules == "english-short"
    session = Session(options)
    assert session.legal_cards() or session.state.tricks or session.state.current
    assert SeatView.from_state(session.state, Seat.S, rules=options.rules).rules == "english-short"
    with pytest.raises(WhistError) as err:
        SessionOptions(rules="bridge")
    assert all(name in str(err.value) for name in vocab.RULESET_NAMES)


def test_a_content_item_and_a_seat_view_refuse_an_unknown_rule_set_listing_the_valid_ones():
    """Text enters once: the YAML's ``rules:`` and a view's ``rules=`` name every valid rule set."""
    from pydantic import ValidationError

    from tutor.seatview import PositionError, SeatView

    with pytest.raises(PositionError) as err:
        SeatView.parse("seat=S hand=KJ4.AQ32.T98.765 trump=C7 dealer=S rules=bridge")
    assert all(name in str(err.value) for name in vocab.RULESET_NAMES)
    assert models.Puzzle.model_validate({**_PUZZLE, "rules": "simple"}).rules == "simple"
    with pytest.raises(ValidationError) as bad:
        models.Puzzle.model_validate({**_PUZZLE, "rules": "bridge"})
    assert all(f"'{name}'" in str(bad.value) for name in vocab.RULESET_NAMES)


@pytest.mark.parametrize("option, parse, bad, message", [
    ("--lang", "lang_type", "de", "unknown language 'de' (use one of: en, ru)"),
    ("--system", "system_type", "french", "unknown convention system 'french' (use one of: russian, english)"),
])
def test_the_cli_reads_lang_and_system_with_the_one_parse(option, parse, bad, message, capsys):
    """Issue 22 point 3: ``--lang`` and ``--system`` are read at the edge by ``parse_lang`` and
    ``parse_system`` (``commands._args``): case does not matter, and a bad word is a usage error
    (exit 2) carrying the vocabulary's message, which lists the valid words."""
    import argparse

    from tutor.cli import main
    from tutor.commands import _args

    read = getattr(_args, parse)
    assert read(" RU " if option == "--lang" else "English") in (vocab.LANGS + vocab.SYSTEMS)
    with pytest.raises(argparse.ArgumentTypeError, match=re.escape(message)):
        read(bad)
    assert main(["lead", "--hand", "K74.AQ32.T98.765", "--trump", "H", option, bad]) == 2
    assert f"argument {option}: {message}" in capsys.readouterr().err


def test_the_app_reads_a_language_from_the_url_or_the_session_with_the_one_parse():
    """``?lang=`` and the session state are read by ``parse_lang``; a stale or typed-in value is
    no error there, the page falls back to the browser's locale (``tutor/ui/lang.py``)."""
    from tutor.i18n import language_for_locale
    from tutor.ui.lang import _lang_or_none

    assert _lang_or_none("RU") == "ru" and _lang_or_none("en") == "en"
    assert _lang_or_none("de") is None and _lang_or_none(None) is None and _lang_or_none(7) is None
    assert language_for_locale("uk-UA") == "ru" and language_for_locale("de-DE") == "en"


def test_attempt_kinds_are_one_vocabulary_from_the_answer_service_to_the_store():
    """Issue 22 point 3: the attempt kinds were declared and used by no module; now the store's
    tuple is the vocabulary's, a recorded attempt's kind and the store's and the answer service's
    ``kind`` parameters are ``vocab.AttemptKind``, and a row is read back by ``parse_attempt_kind``."""
    import typing

    from tutor import answering, progress
    from tutor.progress.records import Attempt
    from tutor.progress.store import ProgressStore

    assert progress.KINDS is vocab.ATTEMPT_KINDS == ("lesson", "puzzle", "daily")
    assert typing.get_type_hints(Attempt)["kind"] == vocab.AttemptKind
    assert typing.get_type_hints(ProgressStore.record_attempt)["kind"] == vocab.AttemptKind
    assert typing.get_type_hints(answering.answer)["kind"] == vocab.AttemptKind | None


def test_homework_kinds_are_one_vocabulary_from_the_teacher_to_the_grid(new_store_file):
    """Issue 22 point 3: homework's kind was a bare ``str`` checked by hand; now the store's
    ``assign`` and an :class:`Assignment` take ``vocab.HomeworkKind``, a row is read back by
    ``parse_homework_kind``, and an unknown kind is refused before anything is written."""
    import typing

    from tutor.progress import Role
    from tutor.progress.records import Assignment
    from tutor.progress.store import ProgressStore
    from tutor.storage.errors import ProgressError

    assert vocab.HOMEWORK_KINDS == ("puzzle", "lesson")
    assert typing.get_type_hints(Assignment)["kind"] == vocab.HomeworkKind
    assert typing.get_type_hints(ProgressStore.assign)["kind"] == vocab.HomeworkKind
    store = ProgressStore(new_store_file)
    teacher = store.learner("Teacher")
    store.set_role(teacher.id, Role.TEACHER)
    cls = store.create_class("Form 5", teacher.id)
    with pytest.raises(ProgressError):
        store.assign(cls.id, ["king-fourth-lead"], kind="daily")  # type: ignore[arg-type]
    assert store.assignments(cls.id) == []
    store.assign(cls.id, ["first-lead"], kind="lesson")
    assert [(a.item_id, a.kind) for a in store.assignments(cls.id)] == [("first-lead", "lesson")]
