"""One text a learner reads, in both of the project's languages: :class:`Text`, a frozen value.

Every learner-visible sentence exists in English and Russian (``tutor/vocab.py`` ``Lang``); a
:class:`Text` holds the two, neither empty, and reads as ``text["ru"]`` or ``text.get(lang)``.
The rule sets' summaries, the content's texts (validated from the YAML's ``{en: ..., ru: ...}``
by :mod:`tutor.content.models`), the rules' sentences (:mod:`tutor.conventions.texts`), the
advice's explanations and the robots' notes are all this one type. It is written to JSON as
``{"en": ..., "ru": ...}`` (:meth:`Text.to_json`) and read back by :meth:`Text.parse`.

>>> t = Text(en="Lead small.", ru="Ходите с маленькой.")
>>> t["ru"], t.get("en")
('Ходите с маленькой.', 'Lead small.')
>>> t
Text(en='Lead small.', ru='Ходите с маленькой.')
>>> Text.parse(t.to_json()) == t
True
>>> Text.each(lambda lang: lang.upper())
Text(en='EN', ru='RU')
>>> dict(t)
Traceback (most recent call last):
...
TypeError: 'Text' object is not iterable
>>> Text(en="only English", ru="")
Traceback (most recent call last):
...
tutor.text.TextError: a text needs both English and Russian: Text(en='only English', ru='')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tutor.errors import WhistError
from tutor.vocab import LANGS, Lang

__all__ = ["Text", "TextError", "in_lang", "json_or_blank"]


class TextError(WhistError):
    """A text without one of its languages (or not a text at all)."""


@dataclass(frozen=True, slots=True)
class Text:
    """A text every learner can read: English and Russian, neither empty (nor only blanks)."""

    en: str
    ru: str

    def __post_init__(self) -> None:
        if not isinstance(self.en, str) or not isinstance(self.ru, str) or not self.en.strip() or not self.ru.strip():
            raise TextError(f"a text needs both English and Russian: {self!r}")

    #: Not a collection: ``text["ru"]`` reads a language, and iterating a text (``dict(text)``,
    #: ``list(text)``) is a mistake that would otherwise loop on ``__getitem__`` for ever.
    __iter__ = None

    def __getitem__(self, lang: Lang) -> str:
        """``text["ru"]``: the text in a language (``en`` for anything but ``ru``)."""
        return self.ru if lang == "ru" else self.en

    def get(self, lang: Lang = "en") -> str:
        """The text in ``lang`` (English by default)."""
        return self.ru if lang == "ru" else self.en

    def __repr__(self) -> str:
        return f"Text(en={self.en!r}, ru={self.ru!r})"

    @classmethod
    def each(cls, make: Callable[[Lang], str]) -> Text:
        """The text ``make(lang)`` gives in each language."""
        return cls(en=make("en"), ru=make("ru"))

    def map(self, change: Callable[[str, Lang], str]) -> Text:
        """Each language's text changed by ``change(text, lang)``."""
        return Text(en=change(self.en, "en"), ru=change(self.ru, "ru"))

    def to_json(self) -> dict[str, str]:
        """``{"en": ..., "ru": ...}``, as the content files and the JSON outputs write a text."""
        return {"en": self.en, "ru": self.ru}

    @classmethod
    def parse(cls, data: Mapping[str, Any] | Text) -> Text:
        """A text from its JSON (``{"en": ..., "ru": ...}``; other keys are refused)."""
        if isinstance(data, Text):
            return data
        if not isinstance(data, Mapping) or set(data) != set(LANGS):
            raise TextError(f"a text is {{en: ..., ru: ...}}, not {data!r}")
        return cls(en=data["en"], ru=data["ru"])


def in_lang(text: Text | None, lang: Lang) -> str:
    """``text[lang]``, or ``""`` where there is no text (a card the engine advised has no ``why``).

    >>> in_lang(None, "ru"), in_lang(Text("a", "б"), "ru")
    ('', 'б')
    """
    return "" if text is None else text[lang]


def json_or_blank(text: Text | None) -> dict[str, str]:
    """:meth:`Text.to_json`, or two empty strings where there is no text (as the records' and the
    review's JSON have always written it)."""
    return {lang: in_lang(text, lang) for lang in LANGS}
