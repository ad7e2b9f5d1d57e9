"""The conventions' learner-visible sentences, read from the locale files by key.

A rule names its text (``say("leads.never_lead_singleton.why")``), never writes it: the sentences
are data in ``tutor/locales/advice.{en,ru}.yaml`` (:mod:`tutor.i18n` reads them under the prefix
``advice.``), keyed by the rules' module, the function that says it and the sentence's role
(``reason``, ``why``, …). A third language is a new file, not an edit of the rules. The
placeholders (``{card}``, ``{best}``, ``{suit}``, …) stay in the text and are filled by
:meth:`tutor.conventions.rules.Finding.render`; :func:`say_with` puts in the parts that are words
themselves (a maxim's title, what a card showed). ``tests/test_conventions_texts.py`` reads the
rules' source and checks that every key they name exists in both languages.
"""

from __future__ import annotations

import re
from functools import cache

from tutor.i18n import LANGS, TranslationError, catalog
from tutor.text import Text
from tutor.vocab import Lang

__all__ = ["TEXT_PREFIX", "say", "say_with", "fill"]

#: Where the rules' sentences live: ``tutor/locales/advice.{en,ru}.yaml``, read by :mod:`tutor.i18n`
#: under this prefix (``advice.leads.never_lead_singleton.why``).
TEXT_PREFIX = "advice."


@cache
def say(key: str) -> Text:
    """The rules' sentence ``key`` (``module.function.role``) in both languages, read once.

    An unknown key is a :class:`~tutor.i18n.TranslationError`.

    >>> say("leads.never_lead_king_doubleton.reason")["en"]
    'Never lead from king doubleton.'
    """
    full = TEXT_PREFIX + key
    try:
        return Text.each(lambda lang: catalog(lang)[full])
    except KeyError:
        raise TranslationError(f"no text {full!r} in tutor/locales/advice.{{{','.join(LANGS)}}}.yaml") from None


def say_with(key: str, **parts: Text | str) -> Text:
    """:func:`say` with the named ``{parts}`` put in (see :func:`fill`).

    >>> say_with("systems.differences.note", ru_card=Text("♠Q", "♠Д"), ru_maxim="a",
    ...          en_card=Text("♠K", "♠К"), en_maxim="b")["en"]
    'Russian whist leads ♠Q (a); English whist leads ♠K (b).'
    """
    return fill(say(key), **parts)


def fill(texts: Text, **parts: Text | str) -> Text:
    """``texts`` with the named ``{parts}`` put in, each given per language (or one word for all),
    in one pass; the other placeholders stay for :meth:`~tutor.conventions.rules.Finding.render`."""
    if not parts:
        return texts
    pattern = re.compile(r"\{(" + "|".join(map(re.escape, parts)) + r")\}")

    def put(template: str, lang: Lang) -> str:
        def part(match: re.Match[str]) -> str:
            value = parts[match.group(1)]
            return value if isinstance(value, str) else value[lang]
        return pattern.sub(part, template)

    return texts.map(put)
