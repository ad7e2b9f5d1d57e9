"""Numbers, plurals, dates and lists in the learner's language, by Babel (issue 24 point 4).

Why a module of its own: Russian writes «5,36» and «1 000» where English writes "5.36" and
"1,000", and says «1 карта, 4 карты, 5 карт»; hand-written separators and plural rules went wrong
on the pages («4 карт», «1,400»). Babel holds CLDR's rules for both languages, so every page,
chart and review formats through here and never by ``f"{x:.2f}"`` for a learner's eyes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from functools import cache

from babel import Locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal

from tutor.vocab import Lang

__all__ = ["number", "integer", "signed", "plural_form", "count", "day", "listing", "separators"]

_LOCALES = {"en": "en_GB", "ru": "ru_RU"}


@cache
def _locale(lang: Lang) -> Locale:
    return Locale.parse(_LOCALES.get(lang, "en_GB"))


def number(x: float, lang: Lang, digits: int = 2) -> str:
    """``x`` with ``digits`` decimals in ``lang``: 5.36 / «5,36»; 1400 / «1 400»."""
    pattern = "#,##0" + ("." + "0" * digits if digits > 0 else "")
    return format_decimal(x, format=pattern, locale=_locale(lang))


def integer(n: int, lang: Lang) -> str:
    """A whole number with the language's grouping: 1,000 / «1 000»."""
    return format_decimal(n, format="#,##0", locale=_locale(lang))


def signed(x: float, lang: Lang, digits: int = 2) -> str:
    """A difference, with its sign always shown: +0.47 / «+0,47», −0.2."""
    text = number(abs(x), lang, digits)
    return ("+" if x >= 0 else "−") + text


def plural_form(n: int, lang: Lang) -> str:
    """CLDR's plural category of ``n`` in ``lang``: ``one``, ``few``, ``many`` or ``other``."""
    return str(_locale(lang).plural_form(abs(n)))


def count(n: int, forms: Mapping[str, str], lang: Lang) -> str:
    """``n`` and its noun in the right form: ``count(4, {"one": "карта", "few": "карты",
    "many": "карт"}, "ru")`` is «4 карты». A category missing from ``forms`` falls back to
    ``other``, then ``many``."""
    cat = plural_form(n, lang)
    word = forms.get(cat) or forms.get("other") or forms.get("many") or ""
    return f"{integer(n, lang)} {word}".strip()


def day(d: date | datetime, lang: Lang, fmt: str = "medium") -> str:
    """A date as the learner's language writes it: "1 Dec 2026" / «1 дек. 2026 г.»."""
    return format_date(d, format=fmt, locale=_locale(lang))


def listing(items: Sequence[str], lang: Lang) -> str:
    """Items joined as the language joins them: "A, B and C" / «A, B и C»."""
    return format_list(list(items), locale=_locale(lang)) if items else ""


def separators(lang: Lang) -> tuple[str, str]:
    """The decimal and the grouping separators of ``lang`` (for the charts' d3 format locale)."""
    symbols = _locale(lang).number_symbols.get("latn", _locale(lang).number_symbols)
    return str(symbols["decimal"]), str(symbols["group"])
