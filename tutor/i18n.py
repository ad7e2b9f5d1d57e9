"""Translations: every label a learner reads, in English and Russian.

Why a module of its own: the app, the renderer and the worksheet all speak to the learner, and a
label missing in one language is a bug the tests must catch (``tests/test_i18n.py`` checks that
both files have the same keys and the same ``{placeholders}``). Strings live in
``tutor/locales/{en,ru}.yaml`` as nested YAML, addressed by dotted keys (``"nav.learn"``).

The default language comes from the browser's locale (the UI reads ``st.context.locale`` and calls
:func:`language_for_locale`); the learner can switch in the sidebar.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from tutor.errors import WhistError
from tutor.text import Text
from tutor.vocab import DEFAULT_LANG, LANGS, Lang, parse_lang
from tutor.yamlsafe import strict_load

__all__ = ["Lang", "LANGS", "DEFAULT_LANG", "TranslationError", "t", "has", "keys", "catalog", "pick", "language_for_locale",
           "placeholders", "ru_plural"]

# The languages every label exists in, and the default one, are the vocabulary's (tutor.vocab.Lang).
#: Browser locales read as Russian: Russian itself and the neighbours whose readers are served
#: better by the Russian texts than the English ones (the seeds include Ukrainian).
_RUSSIAN_LOCALES = ("ru", "uk", "be", "kk")
_LOCALE_DIR = Path(__file__).with_name("locales")


class TranslationError(WhistError):
    """A missing key, or a format argument the string does not take (an unknown language is a
    :class:`tutor.vocab.VocabularyError`, from :func:`tutor.vocab.parse_lang`)."""


def _flatten(tree: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in tree.items():
        full = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, full + "."))
        elif isinstance(value, str):
            out[full] = value
        else:
            raise TranslationError(f"locale key {full!r} must hold text, got {type(value).__name__}")
    return out


@cache
def catalog(lang: Lang) -> Mapping[str, str]:
    """All strings of one language, by dotted key (read once, with :func:`~tutor.yamlsafe.strict_load`:
    libyaml's parser, and a key written twice is an error, not a silent second wording).

    ``{lang}.yaml`` holds the app's labels; a page with many texts of its own keeps them in
    ``NAME.{lang}.yaml``, read here under the prefix ``NAME.`` (``play.en.yaml`` -> ``play.title``).
    """
    lang = parse_lang(lang)  # an unknown language is the vocabulary's one error, naming en and ru
    tree = strict_load((_LOCALE_DIR / f"{lang}.yaml").read_text(encoding="utf-8")) or {}
    for extra in sorted(_LOCALE_DIR.glob(f"*.{lang}.yaml")):
        prefix = extra.name[: -len(f".{lang}.yaml")]
        if prefix in tree:
            raise TranslationError(f"{extra.name}: the prefix {prefix!r} is already a key of {lang}.yaml")
        tree[prefix] = strict_load(extra.read_text(encoding="utf-8")) or {}
    return _flatten(tree)


def keys(lang: Lang = DEFAULT_LANG) -> frozenset[str]:
    return frozenset(catalog(lang))


def has(key: str, lang: Lang = DEFAULT_LANG) -> bool:
    return key in catalog(lang)


def t(key: str, lang: Lang = DEFAULT_LANG, **fmt: Any) -> str:
    """The text of ``key`` in ``lang``, with ``{placeholders}`` filled from ``fmt``.

    >>> t("nav.learn", "ru")
    'Уроки'
    """
    try:
        text = catalog(lang)[key]
    except KeyError:
        raise TranslationError(f"no text for {key!r} in {lang!r}") from None
    if not fmt and "{" not in text:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError) as exc:
        raise TranslationError(f"text {key!r} in {lang!r} needs {exc.args[0]!r}") from None
    except ValueError as exc:  # a stray brace in a locale file
        raise TranslationError(f"text {key!r} in {lang!r} is not a valid format string: {exc}") from None


def placeholders(text: str) -> frozenset[str]:
    """The ``{names}`` a string is formatted with."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


def pick(texts: Text | Mapping[str, str] | str | None, lang: Lang) -> str:
    """A text (a :class:`tutor.text.Text`, or a ``{en: …, ru: …}`` mapping) in ``lang`` (the other
    language if one is missing)."""
    if texts is None:
        return ""
    if isinstance(texts, str):
        return texts
    if isinstance(texts, Text):
        return texts[lang]
    value = texts.get(lang)
    if value:
        return str(value)
    for code in LANGS:
        if texts.get(code):
            return str(texts[code])
    return ""


def language_for_locale(locale: str | None) -> Lang:
    """The app language for a browser locale such as ``ru-RU`` or ``en_GB``."""
    if not locale:
        return DEFAULT_LANG
    code = locale.replace("_", "-").split("-")[0].strip().lower()
    return "ru" if code in _RUSSIAN_LOCALES else DEFAULT_LANG


def ru_plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian noun form for ``n`` (1 очко, 2 очка, 5 очков; 11-14 take the "many" form)."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many
