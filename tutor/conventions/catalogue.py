"""The maxims catalogue: every piece of advice the tutor gives rests on one of these, cited by id.

The catalogue is data (``catalogue.yaml`` beside this module), not code, so that a teacher can read
and correct it and so that lessons, puzzles, the engine and the app all quote the same wording and
the same source. This module only loads and validates it and answers look-ups:

>>> cat = load_catalogue()
>>> cat.get("king-third-lead-small").category
'lead-card'
>>> cite("king-third-lead-small", "ru")
'000 «Ходы, масти, козыри» 3'
>>> "no-such-maxim" in cat
False

Loading fails loudly (:class:`CatalogueError`) on anything a reader could not trust: a duplicate
id or YAML key, a missing field, an unknown category, system or language, a dangling ``also`` id.
An unknown id asked for by a caller raises :class:`UnknownMaximError` naming it, so a typo in a
lesson is caught by the content linter instead of showing an empty explanation.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from tutor.errors import WhistError
from tutor.i18n import LANGS
from tutor.text import Text
from tutor.vocab import SYSTEMS, Lang, System, VocabularyError, parse_lang, parse_system
from tutor.yamlsafe import strict_load

__all__ = [
    "CATEGORIES",
    "CARD_PLAY",
    "SYSTEMS",
    "QUOTE_LANGUAGES",
    "SEED_SECTIONS",
    "ID_PATTERN",
    "CatalogueError",
    "UnknownMaximError",
    "Source",
    "Maxim",
    "Catalogue",
    "load_catalogue",
    "parse_catalogue",
    "get_maxim",
    "maxim_title",
    "cite",
    "check_ids",
]

#: What a maxim is about; the engine has one family of rules per category.
CATEGORIES: tuple[str, ...] = (
    "lead-card",
    "lead-suit",
    "later-lead",
    "following",
    "trump-signal",
    "scoring",
    "law",
)
#: The categories of card play: each such maxim states its scope (where it applies) in the catalogue.
CARD_PLAY: tuple[str, ...] = ("lead-card", "lead-suit", "later-lead", "following", "trump-signal")
#: Languages a quote may be in: the seeds are Russian (000) or Ukrainian (002); books are English.
QUOTE_LANGUAGES: tuple[str, ...] = ("ru", "uk", "en")
#: Short names of the seed sections, as docstrings and tests cite them (000 LST 3): LST, HNT, REC.
SEED_SECTIONS: Mapping[str, str] = MappingProxyType(
    {"LST": "Ходы, масти, козыри", "HNT": "Намеки и подсказки", "REC": "Правила записи"}
)

#: The form of every id: a maxim's here, a lesson's, a puzzle's and a recipe's in the content
#: (``king-third-lead-small``): lower-case words of letters and digits joined by single hyphens.
ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
_ID_RE = re.compile(ID_PATTERN)
_SEED_RE = re.compile(r"^\d{3}$")
_DEFAULT = "catalogue.yaml"


class CatalogueError(WhistError):
    """The catalogue file is malformed: a duplicate, a missing field, an unknown value."""


class UnknownMaximError(WhistError):
    """A maxim id that the catalogue does not define (a typo in content or in the engine)."""

    def __init__(self, ids: Iterable[str]) -> None:
        self.ids: tuple[str, ...] = tuple(ids)
        listed = ", ".join(repr(i) for i in self.ids)
        noun = "maxim id" if len(self.ids) == 1 else "maxim ids"
        super().__init__(f"unknown {noun}: {listed}")


# --------------------------------------------------------------------------------------------------
# Records


@dataclass(frozen=True, slots=True)
class Source:
    """Where a maxim comes from: a seed paragraph (seed/section/item) or a book (book/chapter).

    A seed source is a file of ``/work/shared/seeds`` named by its three-digit number, with the
    exact section heading of that file and, where the section is numbered, the item number.
    A book source names the book and the chapter in words; page numbers are never invented.
    """

    seed: str | None = None
    section: str | None = None
    item: int | None = None
    book: str | None = None
    chapter: str | None = None

    def __post_init__(self) -> None:
        if (self.seed is None) == (self.book is None):
            raise CatalogueError(f"source must name exactly one of seed or book: {self!r}")
        if self.seed is not None:
            if not _SEED_RE.match(self.seed):
                raise CatalogueError(f"seed must be three digits like '000', not {self.seed!r}")
            if self.chapter is not None:
                raise CatalogueError(f"a seed source has a section, not a chapter: {self!r}")
            if self.item is not None and self.section is None:
                raise CatalogueError(f"a seed item needs its section: {self!r}")
        elif self.section is not None or self.item is not None:
            raise CatalogueError(f"a book source has a chapter, not a section or item: {self!r}")

    @property
    def is_seed(self) -> bool:
        """True for a seed paragraph, whose quote must appear verbatim in the seed file."""
        return self.seed is not None

    def cite(self, lang: Lang = "en") -> str:
        """One line for the app and the explanations, e.g. ``000 «Ходы, масти, козыри» 3``."""
        _check_lang(lang)
        if self.seed is not None:
            parts = [self.seed]
            if self.section is not None:
                parts.append(f"«{self.section}»" if lang == "ru" else f"“{self.section}”")
            if self.item is not None:
                parts.append(str(self.item))
            return " ".join(parts)
        assert self.book is not None
        return self.book if self.chapter is None else f"{self.book}, {self.chapter}"

    @classmethod
    def from_data(cls, data: Any, where: str) -> Source:
        """Build from the YAML mapping, naming ``where`` (the maxim id) in any error."""
        if not isinstance(data, Mapping):
            raise CatalogueError(f"{where}: source must be a mapping, not {type(data).__name__}")
        allowed = {"seed", "section", "item", "book", "chapter"}
        extra = set(data) - allowed
        if extra:
            raise CatalogueError(f"{where}: unknown source field(s): {', '.join(sorted(map(str, extra)))}")
        seed = data.get("seed")
        item = data.get("item")
        if seed is not None and not isinstance(seed, str):
            raise CatalogueError(f"{where}: source seed must be a quoted string like \"000\", not {seed!r}")
        if item is not None and (not isinstance(item, int) or isinstance(item, bool) or item < 1):
            raise CatalogueError(f"{where}: source item must be a positive integer, not {item!r}")
        for key in ("section", "book", "chapter"):
            value = data.get(key)
            if value is not None and (not isinstance(value, str) or not value.strip()):
                raise CatalogueError(f"{where}: source {key} must be a non-empty string")
        try:
            return cls(seed=seed, section=data.get("section"), item=item, book=data.get("book"),
                       chapter=data.get("chapter"))
        except CatalogueError as exc:
            raise CatalogueError(f"{where}: {exc}") from None


@dataclass(frozen=True, slots=True)
class Maxim:
    """One maxim: what to do, why (in the student's words, en and ru), and the source it rests on.

    ``quote`` is the source sentence in its original language (``quote_lang``); for a book it is an
    English paraphrase (``paraphrase`` is then true), because we do not reproduce the books' text.
    ``differences`` (en/ru, may be empty) says where the russian and english systems part ways.
    ``see`` holds further sources (another seed paragraph, the Ukrainian version) beyond the main one.
    ``scope`` says where the maxim applies (plain suit or trumps, which hand, how many cards, early
    or late) and ``exceptions`` where it does not, as a strong player reads it (en/ru; required for
    card play, see :data:`CARD_PLAY`); ``overridden_by`` names the maxims that take precedence when
    both apply.
    """

    id: str
    systems: tuple[System, ...]
    category: str
    source: Source
    quote: str
    quote_lang: str
    title: Text
    text: Text
    differences: Text | None = None
    also: tuple[str, ...] = ()
    paraphrase: bool = False
    see: tuple[Source, ...] = ()
    scope: Text | None = None
    exceptions: Text | None = None
    overridden_by: tuple[str, ...] = ()

    def title_in(self, lang: Lang) -> str:
        """The short name in ``lang`` (en or ru)."""
        _check_lang(lang)
        return self.title[lang]

    def text_in(self, lang: Lang) -> str:
        """The maxim in the project's own words, in ``lang`` (en or ru)."""
        _check_lang(lang)
        return self.text[lang]

    def differences_in(self, lang: Lang) -> str | None:
        """Where the two systems differ on this point, in ``lang``; None if they agree."""
        _check_lang(lang)
        return None if self.differences is None else self.differences[lang]

    def scope_in(self, lang: Lang) -> str | None:
        """Where the maxim applies (plain suit or trumps, which hand, how many cards), in ``lang``."""
        _check_lang(lang)
        return None if self.scope is None else self.scope[lang]

    def exceptions_in(self, lang: Lang) -> str | None:
        """Where the maxim does not apply, as the seeds and the classical books say, in ``lang``."""
        _check_lang(lang)
        return None if self.exceptions is None else self.exceptions[lang]

    def cite(self, lang: Lang = "en") -> str:
        """The one-line citation of the main source."""
        return self.source.cite(lang)

    def applies_to(self, system: System) -> bool:
        """True if the maxim belongs to ``system`` (russian or english)."""
        return parse_system(system) in self.systems

    def __repr__(self) -> str:
        return f"get_maxim({self.id!r})"

    def __hash__(self) -> int:
        # The text mappings are read-only proxies, which do not hash; id and quote identify a maxim.
        return hash((self.id, self.quote))


@dataclass(frozen=True)
class Catalogue:
    """All maxims in the order of catalogue.yaml, indexed by id."""

    maxims: tuple[Maxim, ...]
    _index: Mapping[str, Maxim] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index: dict[str, Maxim] = {}
        for m in self.maxims:
            if m.id in index:
                raise CatalogueError(f"duplicate maxim id {m.id!r}")
            index[m.id] = m
        for key in ("also", "overridden_by"):
            dangling = [(m.id, a) for m in self.maxims for a in getattr(m, key) if a not in index]
            if dangling:
                shown = ", ".join(f"{mid} -> {a!r}" for mid, a in dangling)
                raise CatalogueError(f"'{key}' names unknown maxim ids: {shown}")
        object.__setattr__(self, "_index", MappingProxyType(index))

    def get(self, maxim_id: str) -> Maxim:
        """The maxim ``maxim_id``; raises :class:`UnknownMaximError` naming it if absent."""
        try:
            return self._index[maxim_id]
        except (KeyError, TypeError):
            raise UnknownMaximError([str(maxim_id)]) from None

    def __getitem__(self, maxim_id: str) -> Maxim:
        return self.get(maxim_id)

    def __contains__(self, maxim_id: object) -> bool:
        return isinstance(maxim_id, str) and maxim_id in self._index

    def __iter__(self) -> Iterator[Maxim]:
        return iter(self.maxims)

    def __len__(self) -> int:
        return len(self.maxims)

    def ids(self) -> tuple[str, ...]:
        """Every id, in file order."""
        return tuple(m.id for m in self.maxims)

    def by_category(self, category: str) -> tuple[Maxim, ...]:
        """The maxims of one category (see :data:`CATEGORIES`), in file order."""
        if category not in CATEGORIES:
            raise CatalogueError(f"unknown category {category!r} (expected one of {', '.join(CATEGORIES)})")
        return tuple(m for m in self.maxims if m.category == category)

    def for_system(self, system: System) -> tuple[Maxim, ...]:
        """The maxims that apply in ``system`` (russian or english), in file order."""
        system = parse_system(system)
        return tuple(m for m in self.maxims if system in m.systems)

    def check_ids(self, ids: Iterable[str]) -> tuple[str, ...]:
        """Return ``ids`` as a tuple if all exist; else raise :class:`UnknownMaximError` naming every stray."""
        given = tuple(ids)
        unknown = [i for i in dict.fromkeys(given) if i not in self]
        if unknown:
            raise UnknownMaximError(unknown)
        return given

    def __repr__(self) -> str:
        return f"<Catalogue of {len(self.maxims)} maxims>"


# --------------------------------------------------------------------------------------------------
# Loading


_REQUIRED = ("id", "systems", "category", "source", "quote", "quote_lang", "title", "text")
_OPTIONAL = ("differences", "also", "paraphrase", "see", "scope", "exceptions", "overridden_by")


def _check_lang(lang: Lang) -> None:
    parse_lang(lang)  # typed a Lang; a caller outside mypy gets the vocabulary's one error



def _texts(value: Any, where: str, key: str) -> Text:
    """A ``{en: …, ru: …}`` mapping with both languages present and nothing else."""
    if not isinstance(value, Mapping):
        raise CatalogueError(f"{where}: {key} must be a mapping {{en: …, ru: …}}")
    extra = set(value) - set(LANGS)
    if extra:
        raise CatalogueError(f"{where}: {key} has unknown language(s): {', '.join(sorted(map(str, extra)))}")
    for lang in LANGS:
        text = value.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise CatalogueError(f"{where}: {key} is missing language {lang!r}")
    return Text.each(lambda lang: " ".join(value[lang].split()))


def _optional_texts(value: Any, where: str, key: str) -> Text | None:
    """:func:`_texts`, or None when the entry has none."""
    return None if value is None else _texts(value, where, key)


def _ids(value: Any, where: str, key: str = "also") -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise CatalogueError(f"{where}: {key} must be a list of maxim ids")
    if len(set(value)) != len(value):
        raise CatalogueError(f"{where}: {key} lists an id twice")
    if where in value:
        raise CatalogueError(f"{where}: {key} lists the maxim itself")
    return tuple(value)


def _maxim(entry: Any, position: int) -> Maxim:
    if not isinstance(entry, Mapping):
        raise CatalogueError(f"entry {position}: must be a mapping")
    mid = entry.get("id")
    if not isinstance(mid, str) or not _ID_RE.match(mid):
        raise CatalogueError(f"entry {position}: id must be kebab-case, not {mid!r}")
    missing = [k for k in _REQUIRED if k not in entry]
    if missing:
        raise CatalogueError(f"{mid}: missing field(s): {', '.join(missing)}")
    extra = set(entry) - set(_REQUIRED) - set(_OPTIONAL)
    if extra:
        raise CatalogueError(f"{mid}: unknown field(s): {', '.join(sorted(map(str, extra)))}")

    systems = entry["systems"]
    if not isinstance(systems, list) or not systems:
        raise CatalogueError(f"{mid}: systems must be a non-empty list")
    try:
        systems = [parse_system(s) for s in systems]
    except VocabularyError as exc:
        raise CatalogueError(f"{mid}: {exc}") from None  # a file's error, with the one parse's message
    if len(set(systems)) != len(systems):
        raise CatalogueError(f"{mid}: systems lists one twice")
    category = entry["category"]
    if category not in CATEGORIES:
        raise CatalogueError(f"{mid}: unknown category {category!r} (expected one of {', '.join(CATEGORIES)})")

    source = Source.from_data(entry["source"], mid)
    see_data = entry.get("see") or []
    if not isinstance(see_data, list):
        raise CatalogueError(f"{mid}: see must be a list of sources")
    see = tuple(Source.from_data(s, mid) for s in see_data)

    quote, quote_lang = entry["quote"], entry["quote_lang"]
    if not isinstance(quote, str) or not quote.strip():
        raise CatalogueError(f"{mid}: quote must be a non-empty string")
    if quote_lang not in QUOTE_LANGUAGES:
        raise CatalogueError(f"{mid}: unknown quote_lang {quote_lang!r} (expected one of {', '.join(QUOTE_LANGUAGES)})")
    paraphrase = entry.get("paraphrase", False)
    if not isinstance(paraphrase, bool):
        raise CatalogueError(f"{mid}: paraphrase must be true or false")
    if source.is_seed and paraphrase:
        raise CatalogueError(f"{mid}: a seed source is quoted verbatim, not paraphrased")
    if not source.is_seed and not (paraphrase and quote_lang == "en"):
        raise CatalogueError(f"{mid}: a book source needs an English paraphrase (quote_lang: en, paraphrase: true)")

    return Maxim(
        id=mid,
        systems=tuple(systems),
        category=category,
        source=source,
        quote=quote.strip(),
        quote_lang=quote_lang,
        title=_texts(entry["title"], mid, "title"),
        text=_texts(entry["text"], mid, "text"),
        differences=_optional_texts(entry.get("differences"), mid, "differences"),
        also=_ids(entry.get("also"), mid),
        paraphrase=paraphrase,
        see=see,
        scope=_optional_texts(entry.get("scope"), mid, "scope"),
        exceptions=_optional_texts(entry.get("exceptions"), mid, "exceptions"),
        overridden_by=_ids(entry.get("overridden_by"), mid, "overridden_by"),
    )


def parse_catalogue(text: str, name: str = "<catalogue>") -> Catalogue:
    """Validate catalogue YAML ``text`` (``name`` appears in error messages)."""
    try:
        data = strict_load(text)
    except yaml.constructor.ConstructorError as exc:  # a repeated key, a complex key, a tag
        line = exc.problem_mark.line + 1 if exc.problem_mark else 0
        raise CatalogueError(f"{name}:{line}: {exc.problem}") from None
    except yaml.YAMLError as exc:
        raise CatalogueError(f"{name}: not valid YAML: {exc}".replace("\n", " ")) from None
    if not isinstance(data, Mapping) or set(data) != {"maxims"} or not isinstance(data["maxims"], list):
        raise CatalogueError(f"{name}: expected one top-level key 'maxims' holding a list")
    try:
        return Catalogue(tuple(_maxim(e, i + 1) for i, e in enumerate(data["maxims"])))
    except CatalogueError as exc:
        raise CatalogueError(f"{name}: {exc}") from None


@lru_cache(maxsize=16)
def _load(path: str | None, stamp: tuple[int, int] | None) -> Catalogue:
    if path is None:
        ref = resources.files("tutor.conventions").joinpath(_DEFAULT)
        return parse_catalogue(ref.read_text(encoding="utf-8"), _DEFAULT)
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogueError(f"{p}: cannot read the catalogue: {exc.strerror or exc}") from None
    return parse_catalogue(text, str(p))


def load_catalogue(path: str | Path | None = None) -> Catalogue:
    """The catalogue from ``path`` (default: the packaged ``catalogue.yaml``), parsed once and cached.

    Cached because the engine, the linter and every app page ask for it; the result is immutable,
    so sharing one instance is safe. A file given by path is re-read when its size or modification
    time changes, so a teacher's edit shows up without a restart. Raises :class:`CatalogueError`
    on any defect of the file.
    """
    if path is None:
        return _load(None, None)
    p = Path(path).resolve()
    try:
        st = p.stat()
        stamp: tuple[int, int] | None = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None  # _load reports the unreadable file
    return _load(str(p), stamp)


def get_maxim(maxim_id: str) -> Maxim:
    """The maxim ``maxim_id`` of the packaged catalogue (raises :class:`UnknownMaximError`)."""
    return load_catalogue().get(maxim_id)


def maxim_title(maxim_id: str, lang: Lang = "en") -> str | None:
    """The maxim's short title in ``lang``, what a learner reads instead of the id; None for an id
    the catalogue does not define (each caller says what stands in its place).

    >>> maxim_title("king-third-lead-small", "en") is not None
    True
    >>> maxim_title("no-such-maxim") is None
    True
    """
    try:
        return get_maxim(maxim_id).title_in(lang)
    except UnknownMaximError:
        return None


def cite(maxim_id: str, lang: Lang = "en") -> str:
    """The one-line citation of a maxim's main source, e.g. ``000 «Ходы, масти, козыри» 3``."""
    return get_maxim(maxim_id).cite(lang)


def check_ids(ids: Iterable[str]) -> tuple[str, ...]:
    """Raise :class:`UnknownMaximError` naming every id of ``ids`` the packaged catalogue lacks."""
    return load_catalogue().check_ids(ids)
