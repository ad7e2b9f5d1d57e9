"""A maxim's source by its name, in the reader's language: "Cavendish, ch. 28", "Кавендиш, гл. 28",
"Qualities of a whist player — Leads, suits, trumps, 3".

Why: the catalogue cites sources the way the shared docs do (``000 «Ходы, масти, козыри» 3``, the
full bibliographic title of a book). That is right for the docs and the linter, but a learner
reads no file numbers: the seed is named by its title and section, a book by its author's short
name and the chapter's number where it has one -- in Russian on a Russian page (issue 12, point 5).

>>> from tutor.conventions.catalogue import Source
>>> source_name(Source(seed="000", section="Ходы, масти, козыри", item=3), "en")
'Qualities of a whist player — “Leads, suits, trumps”, 3'
>>> source_name(Source(book="Cavendish, The Laws and Principles of Whist, 18th ed. (1889)", chapter="ch. 28, discarding"), "ru")
'Кавендиш, гл. 28'
"""

from __future__ import annotations

import re

from tutor.conventions.catalogue import SEED_SECTIONS, Source, UnknownMaximError, get_maxim

__all__ = ["source_name", "maxim_source", "plain_citations", "SEED_TITLES", "SECTION_TITLES"]

#: The seed documents by their own first line (en: its translation).
SEED_TITLES: dict[str, dict[str, str]] = {
    "000": {"en": "Qualities of a whist player", "ru": "Качества игрока в вист"},
    "001": {"en": "The rules of whist: dealing, order of play, who wins the trick",
            "ru": "Правила карточной игры «Вист»"},
    "002": {"en": "Whist: the rules (in Ukrainian)", "ru": "Віст — правила гри (на украинском)"},
    "003": {"en": "Whist, a rule book, section 5", "ru": "Раздел 5. Вист"},
    "004": {"en": "The rules of whist", "ru": "Правила игры в Вист"},
}

#: The seed sections the catalogue cites, in English (their Russian names are the headings).
SECTION_TITLES: dict[str, str] = {
    "Качества игрока в вист": "Qualities of a whist player",
    "Масти и взятки": "Suits and tricks",
    "Намеки и подсказки": "Hints and tips",
    "Ошибки случайные или неслучайные": "Mistakes, accidental or not",
    "Порядок карт и роберы": "Order of the cards and rubbers",
    "Правила записи": "Keeping the score",
    "Ходы, масти, козыри": "Leads, suits, trumps",
    "5. Порядок каждой взятки по шагам": "5. Each trick step by step",
    "Внеочередной заход": "Leading out of turn",
    "Карты, подлежащие объявлению": "Cards to be called",
    "Ренонсирование": "Revoking",
}

#: Books by the start of their catalogue title: the short name in en and ru.
_BOOKS: tuple[tuple[str, str, str], ...] = (
    ("Cavendish, Whist Developments", "Cavendish, Whist Developments", "Кавендиш, «Развитие виста»"),
    ("Cavendish", "Cavendish", "Кавендиш"),
    ("Encyclopaedia Britannica", "Encyclopaedia Britannica", "Британская энциклопедия"),
    ("Chambers", "Chambers's Encyclopaedia", "Энциклопедия Чемберса"),
    ("Hoyle's Games Modernized", "Hoyle’s Games Modernized", "Хойл (в пересказе Гофмана)"),
    ("Hoyle", "Hoyle", "Хойл"),
    ("W. Pole", "Pole", "Пол"),
    ("Pembridge", "Pembridge", "Пембридж"),
    ("R. F. Foster", "Foster", "Фостер"),
    ("Cassell", "Cassell’s Book of In-door Amusements", "Книга домашних развлечений Касселла"),
    ("Enquire Within", "Enquire Within upon Everything", "Справочник «Спросите обо всём»"),
    ("J. B. Elwell", "Elwell", "Элвелл"),
    ("An unidentified Victorian", "a Victorian whist manual", "викторианское руководство по висту"),
    ("An 1880s", "an 1880s whist handbook", "руководство по висту 1880-х годов"),
)
_CHAPTER = re.compile(r"\bch\. ?(\d+)")


def _book(book: str, lang: str) -> str:
    for start, en, ru in _BOOKS:
        if book.startswith(start):
            return ru if lang == "ru" else en
    return book


def source_name(source: Source, lang: str) -> str:
    """The source as a learner reads it, in ``lang`` (en or ru): no file numbers, no ids."""
    if source.seed is not None:
        title = SEED_TITLES.get(source.seed, {}).get(lang, SEED_TITLES["000"][lang])
        parts = [title]
        if source.section is not None and source.section != SEED_TITLES.get(source.seed, {}).get("ru"):
            section = source.section if lang == "ru" else SECTION_TITLES.get(source.section, source.section)
            parts.append(f"«{section}»" if lang == "ru" else f"“{section}”")
        text = " — ".join(parts)
        return text + (f", {source.item}" if source.item is not None else "")
    assert source.book is not None
    name = _book(source.book, lang)
    if source.chapter is None:
        return name
    found = _CHAPTER.search(source.chapter)
    if found:
        return f"{name}, {'гл.' if lang == 'ru' else 'ch.'} {found.group(1)}"
    # an unnumbered chapter is named in English: in a Russian text the book's name alone
    return name if lang == "ru" else f"{name}, {source.chapter}"


def maxim_source(maxim_id: str, lang: str) -> str:
    """:func:`source_name` of a maxim's source ("" for an id the catalogue does not know)."""
    try:
        return source_name(get_maxim(maxim_id).source, lang)
    except UnknownMaximError:
        return ""


#: A seed cited by its number inside a text: ``000``, ``000 LST 3``, ``000 HNT §11``.
_INLINE = re.compile(r"(?<![\w.\-])(00[0-4])(?:\s+(LST|HNT|REC)(?:\s+§?(\d+))?)?(?![\w\-])")


def plain_citations(text: str, lang: str) -> str:
    """``text`` with every seed number replaced by the seed's title (and section) in ``lang``:
    lessons and explanations cite "(000: «…»)" the way the shared docs do, a learner reads
    "(«Качества игрока в вист»: «…»)".

    >>> plain_citations("lead small (000 LST 3).", "en")
    'lead small (“Qualities of a whist player”, “Leads, suits, trumps” 3).'
    >>> plain_citations("(000: «Карты сдаются все до одной»)", "ru")
    '(«Качества игрока в вист»: «Карты сдаются все до одной»)'
    """
    def name(m: re.Match[str]) -> str:
        seed, short, item = m.group(1), m.group(2), m.group(3)
        title = SEED_TITLES.get(seed, SEED_TITLES["000"])[lang]
        out = f"«{title}»" if lang == "ru" else f"“{title}”"
        if short is not None:
            section = SEED_SECTIONS[short]
            section = section if lang == "ru" else SECTION_TITLES.get(section, section)
            out += f", «{section}»" if lang == "ru" else f", “{section}”"
            if item is not None:
                out += f" {item}"
        return out

    return _INLINE.sub(name, text)
