"""Sources by their names, in the reader's language: "Cavendish, ch. 28", "Кавендиш, гл. 28",
"the Russian whist guide, section “Leads, suits, trumps”, item 3" -- the one home of these names
(the app's pages, the Play page's draw, the worksheets and the command line call it), and the
marks of words in the other language (``<span lang="ru">``).

Why: the catalogue cites sources the way the shared docs do (``000 «Ходы, масти, козыри» 3``, the
full bibliographic title of a book). That is right for the docs and the linter, but a learner
reads no file numbers: the seed is named by its title and section, a book by its author's short
name and the chapter's number where it has one -- in Russian on a Russian page (issue 12, point 5).

>>> from tutor.conventions.catalogue import Source
>>> source_name(Source(seed="000", section="Ходы, масти, козыри", item=3), "en")
'the Russian whist guide, section “Leads, suits, trumps”, item 3'
>>> source_name(Source(book="Cavendish, The Laws and Principles of Whist, 18th ed. (1889)", chapter="ch. 28, discarding"), "ru")
'Кавендиш, гл. 28'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from tutor.conventions.catalogue import SEED_SECTIONS, Source, UnknownMaximError, get_maxim
from tutor.i18n import has, t
from tutor.text import Text
from tutor.vocab import Lang

__all__ = ["Citation", "citations", "NUMBER", "source_name", "source_html", "seed_book", "maxim_source", "plain_citations", "named_sources",
           "mark_foreign", "in_lang", "SEED_LANG", "SEED_TITLES", "SECTION_TITLES"]

#: The seed documents by their own first line (en: its translation).
SEED_TITLES: Mapping[str, Text] = {
    "000": Text("Qualities of a whist player", "Качества игрока в вист"),
    "001": Text("The rules of whist: dealing, order of play, who wins the trick", "Правила карточной игры «Вист»"),
    "002": Text("Whist: the rules (in Ukrainian)", "Віст — правила гри (на украинском)"),
    "003": Text("Whist, a rule book, section 5", "Раздел 5. Вист"),
    "004": Text("The rules of whist", "Правила игры в Вист"),
}

#: The seed sections the catalogue cites, in English (their Russian names are the headings).
SECTION_TITLES: dict[str, str] = {
    "Качества игрока в вист": "Qualities of a whist player",
    "Масти и взятки": "Suits and tricks",
    "Намеки и подсказки": "Hints and signals",
    "Ошибки случайные или неслучайные": "Mistakes, accidental or not",
    "Порядок карт и роберы": "Order of the cards and rubbers",
    "Правила записи": "Rules of scoring",
    "Сдача и партнерство": "Dealing and partners",
    "Ходы, масти, козыри": "Leads, suits, trumps",
    "5. Порядок каждой взятки по шагам": "5. Each trick step by step",
    "Внеочередной заход": "Leading out of turn",
    "Карты, подлежащие объявлению": "Cards to be called",
    "Ренонсирование": "Revoking",
    "Игра": "The game",
    "Подсчет очков": "Counting the points",
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


def _book(book: str, lang: Lang) -> str:
    for start, en, ru in _BOOKS:
        if book.startswith(start):
            return ru if lang == "ru" else en
    return book


_CODE_OF = {heading: code for code, heading in SEED_SECTIONS.items()}


def seed_book(seed: str, lang: Lang) -> str:
    """A seed named as a book in ``lang`` (the locale files' ``cite.seed_000``…): "the Russian
    whist guide", never "000"."""
    key = f"cite.seed_{seed}"
    return t(key, lang) if has(key, lang) else t("cite.seed_other", lang)


def _section(seed: str, section: str, lang: Lang) -> str:
    """A seed's section heading quoted, as HTML: in ``lang`` when it has a translation, else in
    the seed's own words, marked with their language."""
    code = _CODE_OF.get(section)
    if code is not None and has(f"cite.section_{code}", lang):  # the three sections the catalogue codes
        words = t(f"cite.section_{code}", lang)
    elif lang != "ru" and section in SECTION_TITLES:
        words = SECTION_TITLES[section]
    else:
        words = section  # the seed's own words: marked with the seed's language when not the page's
    quoted = f"«{words}»" if lang == "ru" else f"“{words}”"
    own = words == section and bool(_CYRILLIC.search(words))
    return in_lang(quoted, SEED_LANG.get(seed, "ru") if own else lang, lang)


def _seed_html(seed: str, section: str | None, item: str | None, lang: Lang) -> str:
    book = html.escape(seed_book(seed, lang), quote=False)
    if section is None:
        return t("cite.seed", lang, book=book) if item is None else t("cite.seed_par", lang, book=book, item=item)
    sec = _section(seed, section, lang)
    if item is None:
        return t("cite.seed_section", lang, book=book, section=sec)
    return t("cite.seed_item", lang, book=book, section=sec, item=item)


def source_html(source: Source, lang: Lang) -> str:
    """A maxim's source by its name, as HTML -- the one place sources are named (the plain text
    of :func:`source_name`, the app's pages and the citations in texts all come from here): a
    seed as a book, its section and item in the page's language (a heading with no translation
    kept in the seed's words, marked with its language); a book by its author's short name and
    the chapter's number (:func:`_book`), a chapter without a number marked as English."""
    if source.seed is not None:
        return _seed_html(source.seed, source.section, None if source.item is None else str(source.item), lang)
    assert source.book is not None
    name = _book(source.book, lang)
    found = _CHAPTER.search(source.chapter or "")
    if found:
        name += f", {'гл.' if lang == 'ru' else 'ch.'} {found.group(1)}"
    elif source.chapter is not None and lang != "ru":  # an unnumbered chapter is named in English
        name += f", {source.chapter}"
    # a book with no Russian name keeps its English title, marked as English on a Russian page
    return in_lang(name, "en" if lang == "ru" and not _CYRILLIC.search(name) else lang, lang)


def source_name(source: Source, lang: Lang) -> str:
    """The source as a learner reads it, in ``lang`` (en or ru), as plain text: :func:`source_html`
    without its marks. No file numbers, no ids."""
    return html.unescape(_TAG.sub("", source_html(source, lang)))


def maxim_source(maxim_id: str, lang: Lang) -> str:
    """:func:`source_name` of a maxim's source ("" for an id the catalogue does not know)."""
    try:
        return source_name(get_maxim(maxim_id).source, lang)
    except UnknownMaximError:
        return ""


def plain_citations(text: str, lang: Lang) -> str:
    """``text`` with every seed citation replaced by the seed's name (and section and item) in
    ``lang``, as :func:`source_name` names it -- the same forms :func:`named_sources` reads
    (``000 LST 3``, ``000 Leads §14``, ``000 «Ходы, масти, козыри» 14``, ``000 Scoring §9``), as
    plain text: lessons and explanations cite "(000: «…»)" the way the shared docs do, a learner
    reads "(the Russian whist guide: «…»)". A quotation after the number that is no section
    heading is the seed's own words and stays as written.

    >>> plain_citations("lead small (000 LST 3).", "en")
    'lead small (the Russian whist guide, section “Leads, suits, trumps”, item 3).'
    >>> plain_citations("third hand high (000 Leads §14).", "en")
    'third hand high (the Russian whist guide, section “Leads, suits, trumps”, item 14).'
    >>> plain_citations("(000: «Карты сдаются все до одной»)", "ru")
    '(русское руководство по висту: «Карты сдаются все до одной»)'
    """
    out: list[str] = []
    pos = 0
    for start, end, cite in citations(text, quotes_are_words=True):
        out.append(text[pos:start])
        out.append(_plain(_seed_html(cite.seed, cite.section, cite.item, lang)))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def _plain(html_text: str) -> str:
    return html.unescape(_TAG.sub("", html_text))


# --------------------------------------------------------------------------------------------------
# Words of the other language marked as such, and citations inside texts named


#: The language each seed is written in (002 is Ukrainian, the others Russian).
SEED_LANG: dict[str, str] = {"000": "ru", "001": "ru", "002": "uk", "003": "ru", "004": "ru"}

_CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґ]")
_LATIN = re.compile(r"[A-Za-z]{2,}")
_TAG = re.compile(r"<[^>]+>")


def in_lang(text: str, text_lang: str, page_lang: str) -> str:
    """``text`` as HTML (escaped), inside ``<span lang=…>`` when it is in another language than
    the page: how the web marks a foreign quote or title (a screen reader switches voice there,
    and the language check of the tests knows it is meant)."""
    body = html.escape(text, quote=False)
    return body if text_lang == page_lang else f'<span lang="{text_lang}">{body}</span>'


#: An inline citation in a text: ``000 REC 8``, ``HNT 14`` (seed 000), ``000 Leads §10``,
#: ``000 «Правила записи» 3``, ``002``.
_INLINE_CITE = re.compile(
    r"(?<![\w.,])(?:(00[0-4])|(?=(?:LST|HNT|REC)\s+\d))"
    r"(?:\s*(?:(LST|HNT|REC|Leads|Hints|Scoring)\b|[«“\"]([^»”\"]+)[»”\"]))?"
    r"(?:\s+§?(\d+(?:[-–]\d+)?))?(?![\w.,]\w)"
)
#: A number as the texts write one -- digits in groups of three after a space, a no-break space or
#: a narrow no-break space («1 000», Babel's Russian), or with a decimal part («0,47», "5.36"):
#: read first, so that its digits are never taken for a seed's number (defect 6: the «000» of
#: «1 000 позиций» was read as seed 000 and printed as «1 русское руководство по висту позиций»).
NUMBER = re.compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?(?!\d)|(?<![\d.,])\d+[.,]\d+")


@dataclass(frozen=True)
class Citation:
    """A seed cited inline, read once: its number, the section's heading (or None) and the item
    (or None). ``str`` writes it back in the catalogue's form, which :func:`citations` reads as
    the same citation.

    >>> [c for _, _, c in citations("lead small (000 LST 3); 1 000 positions")]
    [Citation(seed='000', section='Ходы, масти, козыри', item='3')]
    >>> str(Citation("000", "Правила записи", "8"))
    '000 «Правила записи» 8'
    """

    seed: str
    section: str | None = None
    item: str | None = None

    def __str__(self) -> str:
        return self.seed + (f" «{self.section}»" if self.section else "") + (f" {self.item}" if self.item else "")


def citations(text: str, *, quotes_are_words: bool = False) -> Iterator[tuple[int, int, Citation]]:
    """Every seed citation in ``text``, with where it stands (start, end): the numbers of the
    text are read first (:data:`NUMBER`) and a citation never starts inside one. With
    ``quotes_are_words`` a quotation after the number that is no section heading is the seed's
    own words: only the number is a citation, and the quotation stays in the text."""
    numbers = [m.span() for m in NUMBER.finditer(text)]
    for start, end, seed, section, item in _cite_spans(text, quotes_are_words):
        if any(lo <= start < hi for lo, hi in numbers):
            continue
        yield start, end, Citation(seed, section, item)


_CODES = {**SEED_SECTIONS, "Leads": SEED_SECTIONS["LST"], "Hints": SEED_SECTIONS["HNT"],
          "Scoring": SEED_SECTIONS["REC"]}
_RULESET_QUOTED = re.compile(r"[«“\"](russian|english-short|simple|american)[»”\"]")


def _ruleset_names(text: str, lang: Lang) -> str:
    """A rule set quoted by its id («american») named by its title instead."""
    from tutor.rulesets import RULESETS

    def name(m: re.Match[str]) -> str:
        rs = RULESETS.get(m.group(1))
        title = rs.title.get(lang) if rs is not None else None
        if not title:
            return m.group(0)
        return f"«{title}»" if lang == "ru" else f"“{title}”"

    return _RULESET_QUOTED.sub(name, text)


def named_sources(text: str, lang: Lang) -> str:
    """``text`` (plain, from the catalogue or the rules) with every inline seed citation
    (``000 REC 8``) replaced by the seed's name, section and item, and a rule set quoted by its
    id by its title; returned as HTML."""
    text = _ruleset_names(text, lang)
    out: list[str] = []
    pos = 0
    for start, end, cite in citations(text):
        out.append(mark_foreign(text[pos:start], lang))
        out.append(_seed_html(cite.seed, cite.section, cite.item, lang))
        pos = end
    out.append(mark_foreign(text[pos:], lang))
    return "".join(out)


def _cite_spans(text: str, quotes_are_words: bool = False) -> Iterator[tuple[int, int, str, str | None, str | None]]:
    """Every inline seed citation of ``text`` (:data:`_INLINE_CITE`) as (start, end, seed,
    section heading, item): a section code (``LST``, ``Leads``) read as its heading. With
    ``quotes_are_words`` a quotation after the number that is no section heading is the seed's
    own words: only the number is a citation, and the quotation stays in the text."""
    for m in _INLINE_CITE.finditer(text):
        seed, code, section, item = m.groups()
        if not m.group(0).strip():
            continue
        end = m.end()
        if code:  # a section code: its heading in the page's language (the locales translate it)
            section = _CODES.get({"Leads": "LST", "Hints": "HNT", "Scoring": "REC"}.get(code, code))
        elif (quotes_are_words and section is not None
              and not any(h.startswith(section) for h in (*SECTION_TITLES, *SECTION_TITLES.values()))):
            section, item, end = None, None, m.start() + len(seed or "")
        yield m.start(), end, seed or "000", section, item


_QUOTED = re.compile(r"«[^«»]*»|“[^“”]*”|\"[^\"]*\"")
_BRACKETED = re.compile(r"\([^()]*\)")


def mark_foreign(text: str, lang: Lang) -> str:
    """``text`` as HTML with each quoted (then each bracketed) run in the other language marked
    with its language (a Russian word quoted in an English note: ``<span lang="ru">«всегда»</span>``)."""
    return _mark(text, lang, (_QUOTED, _BRACKETED))


def _mark(text: str, lang: Lang, patterns: tuple[re.Pattern[str], ...]) -> str:
    if not patterns:
        return html.escape(text, quote=False)
    first, rest = patterns[0], patterns[1:]
    out: list[str] = []
    pos = 0
    for m in first.finditer(text):
        inner = m.group(0)
        foreign = (bool(_CYRILLIC.search(inner)) if lang == "en"
                   else bool(_LATIN.search(inner)) and not _CYRILLIC.search(inner))
        if not foreign:
            continue
        out.append(_mark(text[pos:m.start()], lang, rest))
        out.append(in_lang(inner, "ru" if lang == "en" else "en", lang))
        pos = m.end()
    out.append(_mark(text[pos:], lang, rest))
    return "".join(out)
