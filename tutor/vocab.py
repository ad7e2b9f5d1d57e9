"""The project's closed vocabularies, each defined once: the learner's languages, convention systems,
rule-set names, the engine's and the grader's verdicts, question kinds, attempt kinds.

They are ``Literal`` types rather than enums because the very same words are the notation of the
YAML content, the CLI's options and the JSON output (``"system": "english"``): a ``Literal`` keeps
them plain strings on the wire while mypy checks every use. Text enters through one ``parse_*``
function per vocabulary, at the edge (CLI, YAML, the app), whose error lists the valid values.

>>> parse_system("English")
'english'
>>> parse_system("french")
Traceback (most recent call last):
...
tutor.vocab.VocabularyError: unknown convention system 'french' (use one of: russian, english)
>>> parse_lang(" RU ")
'ru'
>>> parse_lang("de")
Traceback (most recent call last):
...
tutor.vocab.VocabularyError: unknown language 'de' (use one of: en, ru)
"""

from __future__ import annotations

from typing import Literal, TypeVar, get_args

from tutor.errors import WhistError

__all__ = [
    "VocabularyError",
    "Lang",
    "LANGS",
    "DEFAULT_LANG",
    "parse_lang",
    "System",
    "SYSTEMS",
    "parse_system",
    "RuleSetName",
    "RULESET_NAMES",
    "parse_ruleset_name",
    "EngineVerdict",
    "ENGINE_VERDICTS",
    "GradeVerdict",
    "GRADE_VERDICTS",
    "QuestionKind",
    "QUESTION_KINDS",
    "CARD_QUESTIONS",
    "parse_question",
    "AttemptKind",
    "ATTEMPT_KINDS",
    "parse_attempt_kind",
    "HomeworkKind",
    "HOMEWORK_KINDS",
    "parse_homework_kind",
]


class VocabularyError(WhistError):
    """A word outside a closed vocabulary (a language, a system, a question kind...)."""


#: The languages every learner-visible text exists in (``tutor/locales/{en,ru}.yaml``, the content's
#: ``{en: ..., ru: ...}`` texts); ``en`` is the default.
Lang = Literal["en", "ru"]
LANGS: tuple[Lang, ...] = get_args(Lang)
DEFAULT_LANG: Lang = "en"

#: The convention systems (docs/conventions.md): ``russian`` -- the seeds, and the English rule where they are
#: silent; ``english`` -- Cavendish first, then Pole, Chambers, Foster, Cassell, Hoyle.
System = Literal["russian", "english"]
SYSTEMS: tuple[System, ...] = get_args(System)

#: The scoring rule sets (their presets are :data:`tutor.rulesets.RULESETS`, in this order):
#: ``russian`` (seeds 000, 002), ``english-short`` (Clay's Laws of Short Whist), ``simple`` (001, 003),
#: ``american`` (004).
RuleSetName = Literal["russian", "english-short", "simple", "american"]
RULESET_NAMES: tuple[RuleSetName, ...] = get_args(RuleSetName)

#: The conventions engine's verdict on a card other than the one it advises: ``equal`` (no maxim
#: tells them apart, or the schools differ), ``worse`` (a preference broken), ``bad`` (a "never").
EngineVerdict = Literal["equal", "worse", "bad"]
ENGINE_VERDICTS: tuple[EngineVerdict, ...] = get_args(EngineVerdict)

#: The content grader's verdict on an answer: the engine's card (``right``), a card the item
#: accepts (``accepted``), the engine's ``worse``/``bad``, a wrong number (``wrong``), an
#: ``illegal`` card.
GradeVerdict = Literal["right", "accepted", "worse", "bad", "wrong", "illegal"]
GRADE_VERDICTS: tuple[GradeVerdict, ...] = get_args(GradeVerdict)

#: What a lesson exercise or puzzle asks for; the answer's kind follows from it (``cut``: who deals
#: first, who partners whom or who waits, from the cards drawn -- :mod:`tutor.cut`; ``exchange``: at
#: Humbug, keep one's pile or throw it for the pile on the right -- :mod:`tutor.humbug_robot`'s rule).
QuestionKind = Literal["lead", "play", "legal", "honours", "score", "cut", "exchange"]
QUESTION_KINDS: tuple[QuestionKind, ...] = get_args(QuestionKind)
#: The questions answered with a card of the student's hand.
CARD_QUESTIONS: tuple[QuestionKind, ...] = ("lead", "play", "legal")

#: What an attempt recorded in the progress store answered.
AttemptKind = Literal["lesson", "puzzle", "daily"]
ATTEMPT_KINDS: tuple[AttemptKind, ...] = get_args(AttemptKind)

#: What a teacher sets as homework: a puzzle of the library or a whole lesson.
HomeworkKind = Literal["puzzle", "lesson"]
HOMEWORK_KINDS: tuple[HomeworkKind, ...] = get_args(HomeworkKind)

_W = TypeVar("_W", bound=str)


def _parse(text: object, words: tuple[_W, ...], what: str) -> _W:
    value = str(text).strip().lower()
    for word in words:
        if word == value:
            return word
    raise VocabularyError(f"unknown {what} {text!r} (use one of: {', '.join(words)})")


def parse_lang(text: object) -> Lang:
    """A language code from text (case and spaces ignored); the error lists the languages.
    A browser locale (``ru-RU``) is read by :func:`tutor.i18n.language_for_locale` instead."""
    return _parse(text, LANGS, "language")


def parse_system(text: object) -> System:
    """A convention system from text (case and spaces ignored); the error lists the systems."""
    return _parse(text, SYSTEMS, "convention system")


def parse_ruleset_name(text: object) -> RuleSetName:
    """A rule-set name from text (case and spaces ignored); the error lists the rule sets.
    (:func:`tutor.rulesets.find_ruleset` also takes a few everyday aliases, ``english``...)

    >>> parse_ruleset_name(" Simple ")
    'simple'
    """
    return _parse(text, RULESET_NAMES, "rule set")


def parse_question(text: object) -> QuestionKind:
    """A question kind from text; the error lists the kinds.

    >>> parse_question("lead")
    'lead'
    """
    return _parse(text, QUESTION_KINDS, "question kind")


def parse_attempt_kind(text: object) -> AttemptKind:
    """An attempt kind from text; the error lists the kinds."""
    return _parse(text, ATTEMPT_KINDS, "attempt kind")


def parse_homework_kind(text: object) -> HomeworkKind:
    """A homework kind from text (a stored row, an option); the error lists the kinds.

    >>> parse_homework_kind("Lesson")
    'lesson'
    >>> parse_homework_kind("daily")
    Traceback (most recent call last):
    ...
    tutor.vocab.VocabularyError: unknown homework kind 'daily' (use one of: puzzle, lesson)
    """
    return _parse(text, HOMEWORK_KINDS, "homework kind")
