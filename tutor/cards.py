"""Suits, ranks, cards and hands: the value objects everything else is built from.

Notation (the same on the command line, in YAML content and in JSON): a card is a suit letter and a rank, ``SK``, ``HT``, ``D2``;
input also accepts ``10`` for ``T``, suit symbols before or after the rank (``♠K``, ``K♠``) and the
Russian rank letters ``Т К Д В`` (туз, король, дама, валет). A hand is PBN
``KJ4.AQ32.T98.765`` (spades.hearts.diamonds.clubs, ``-`` or empty for a void), or
``♠KJ4 ♥AQ32 ♦T98 ♣765``, or ``S:KJ4 H:AQ32 D:T98 C:765``, or a list of cards ``SK SJ S4 …``.

Cards are interned: there are exactly 52 :class:`Card` objects, so identity, hashing and
comparison are cheap in the play loop.
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Iterator
from functools import cached_property

from tutor.errors import CardError, HandError
from tutor.vocab import Lang

__all__ = ["Suit", "Rank", "Card", "Hand", "CARDS", "parse_card", "parse_suit", "parse_rank"]


class Suit(enum.IntEnum):
    """The four suits in PBN order (spades, hearts, diamonds, clubs)."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def letter(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.H, Suit.D)

    def label(self, lang: Lang = "en") -> str:
        """The suit's name in a learner's language, for explanations."""
        names = _SUIT_NAMES_RU if lang == "ru" else _SUIT_NAMES_EN
        return names[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        return parse_suit(text)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"

    def __str__(self) -> str:
        return self.name


_SUIT_NAMES_EN = ("spades", "hearts", "diamonds", "clubs")
_SUIT_NAMES_RU = ("пики", "черви", "бубны", "трефы")


class Rank(enum.IntEnum):
    """Ranks from two to ace; the integer value orders them (ace high, 000 "Порядок карт" 2)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """The PBN rank character: 2-9, T, J, Q, K, A."""
        return _RANK_CHARS[self - 2]

    @property
    def char_ru(self) -> str:
        """The Russian rank letter (В Д К Т for J Q K A; 10 for the ten)."""
        return _RANK_CHARS_RU[self - 2]

    @property
    def is_honour(self) -> bool:
        """A, K, Q, J and 10 are the honours (000 "Порядок карт" 3)."""
        return self >= Rank.TEN

    def display(self, lang: Lang = "en") -> str:
        """The rank as a learner reads it: ``10`` for the ten, Russian letters in Russian."""
        if self == Rank.TEN:
            return "10"
        return self.char_ru if lang == "ru" else self.char

    @classmethod
    def parse(cls, text: str) -> Rank:
        return parse_rank(text)

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __str__(self) -> str:
        return self.char


_RANK_CHARS = "23456789TJQKA"
_RANK_CHARS_RU = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К", "Т")

_SUIT_INPUT: dict[str, Suit] = {}
for _s in Suit:
    _SUIT_INPUT[_s.name] = _s
    _SUIT_INPUT[_s.name.lower()] = _s
    _SUIT_INPUT[_s.symbol] = _s
for _sym, _s in zip("♤♡♢♧", Suit):
    _SUIT_INPUT[_sym] = _s
#: Russian suit letters (пики, черви, бубны, трефы): a phone's keyboard has no ♠, so «кп» is the
#: king of spades and «тт» the ace of clubs (walkthrough defect 28); "т" as a suit is трефы, as a
#: rank туз -- never both in one card's place, so every two letters read one way.
for _ru, _s in zip("пчбт", Suit):
    _SUIT_INPUT[_ru] = _s
    _SUIT_INPUT[_ru.upper()] = _s

_RANK_INPUT: dict[str, Rank] = {}
for _r in Rank:
    _RANK_INPUT[_r.char] = _r
    _RANK_INPUT[_r.char.lower()] = _r
_RANK_INPUT["10"] = Rank.TEN
for _ru, _r in (("Т", Rank.ACE), ("К", Rank.KING), ("Д", Rank.QUEEN), ("В", Rank.JACK)):
    _RANK_INPUT[_ru] = _r
    _RANK_INPUT[_ru.lower()] = _r


def parse_suit(text: str) -> Suit:
    """Read a suit from ``S``/``H``/``D``/``C`` or a suit symbol.

    >>> parse_suit("♥")
    Suit.H
    """
    key = text.strip() if isinstance(text, str) else text
    try:
        return _SUIT_INPUT[key]
    except (KeyError, TypeError):
        raise CardError(f"not a suit: {text!r} (use S, H, D, C or ♠ ♥ ♦ ♣)") from None


def parse_rank(text: str) -> Rank:
    """Read a rank: 2-9, T or 10, J, Q, K, A, or the Russian letters В Д К Т."""
    key = text.strip() if isinstance(text, str) else text
    try:
        return _RANK_INPUT[key]
    except (KeyError, TypeError):
        raise CardError(f"not a rank: {text!r} (use 2-9, T or 10, J, Q, K, A)") from None


class Card:
    """One playing card, immutable. Only the 52 interned instances exist: ``Card(Suit.S, Rank.KING)``
    returns the same object as ``Card.parse("SK")``, so identity, hashing and comparison are cheap."""

    __slots__ = ("suit", "rank", "_index")
    suit: Suit
    rank: Rank
    _index: int

    def __new__(cls, suit: Suit | int, rank: Rank | int) -> Card:
        try:
            return _CARD_TABLE[(int(suit), int(rank))]
        except (KeyError, TypeError, ValueError):
            raise CardError(f"no such card: suit={suit!r} rank={rank!r}") from None

    @classmethod
    def _make(cls, suit: Suit, rank: Rank) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "_index", int(suit) * 13 + (14 - int(rank)))
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:  # pickling keeps the interning
        return (Card, (int(self.suit), int(self.rank)))

    @property
    def index(self) -> int:
        """0..51: spades ace-down first, so sorting by index is the order a hand is shown in."""
        return self._index

    @classmethod
    def parse(cls, text: str) -> Card:
        return parse_card(text)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card whose :attr:`index` is ``index`` (0..51), the inverse of :attr:`index`.

        >>> Card.from_index(0), Card.from_index(Card.parse("C2").index)
        (Card.parse('SA'), Card.parse('C2'))
        """
        return _CARDS_BY_INDEX[index]

    def symbol(self, lang: Lang = "en") -> str:
        """The card as shown to a learner: ``♠K``, ``♥10``; Russian letters in Russian (``♠К``)."""
        return self.suit.symbol + self.rank.display(lang)

    def beats(self, other: Card, trump: Suit | None) -> bool:
        """Whether this card, played after ``other`` (the current winner of a trick), takes over."""
        if self.suit == other.suit:
            return self.rank > other.rank
        return trump is not None and self.suit == trump

    def __lt__(self, other: Card) -> bool:
        """Orders by display position (spades first, high ranks first)."""
        return self.index < other.index

    def __str__(self) -> str:
        return self.suit.name + self.rank.char

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __hash__(self) -> int:
        return self._index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self


_CARD_TABLE: dict[tuple[int, int], Card] = {}
for _s in Suit:
    for _r in Rank:
        _CARD_TABLE[(int(_s), int(_r))] = Card._make(_s, _r)
_CARDS_BY_INDEX: tuple[Card, ...] = tuple(sorted(_CARD_TABLE.values(), key=lambda c: c.index))
#: All 52 cards in display order.
CARDS: tuple[Card, ...] = _CARDS_BY_INDEX

_CARD_RE = re.compile(
    r"^(?:(?P<s1>[SHDCshdc♠♥♦♣♤♡♢♧ПЧБТпчбт])\s*(?P<r1>10|[2-9TJQKAtjqkaТКДВткдв])"
    r"|(?P<r2>10|[2-9TJQKAtjqkaТКДВткдв])\s*(?P<s2>[SHDCshdc♠♥♦♣♤♡♢♧ПЧБТпчбт]))$"
)


def parse_card(text: str) -> Card:
    """Read one card in any accepted form.

    >>> parse_card("SK"), parse_card("♥10"), parse_card("K♠"), parse_card("♦Д")
    (Card.parse('SK'), Card.parse('HT'), Card.parse('SK'), Card.parse('DQ'))
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"not a card: {text!r}")
    m = _CARD_RE.match(text.strip())
    if not m:
        raise CardError(f"not a card: {text!r} (write e.g. SK, H10, ♦Q, K♠)")
    suit_text = m.group("s1") or m.group("s2")
    rank_text = m.group("r1") or m.group("r2")
    # A lone letter is read as a suit letter first; "st"/"ST" is the ten of spades.
    return _CARD_TABLE[(int(parse_suit(suit_text if suit_text in _SUIT_INPUT else suit_text.upper())),
                        int(parse_rank(rank_text)))]


def _parse_ranks(text: str, suit: Suit, source: str) -> list[Card]:
    """Read the ranks of one suit (``KJ4``, ``K104``, ``-``) as cards of that suit."""
    text = text.strip()
    if text in ("", "-", "—", "–"):
        return []
    out: list[Card] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in " ,":
            i += 1
            continue
        if text.startswith("10", i):
            rank = Rank.TEN
            i += 2
        else:
            try:
                rank = parse_rank(ch)
            except CardError:
                raise HandError(f"not a rank: {ch!r} in {source!r}") from None
            i += 1
        out.append(_CARD_TABLE[(int(suit), int(rank))])
    return out


_SECTION_RE = re.compile(r"([SHDC♠♥♦♣♤♡♢♧])\s*:?\s*([^SHDC♠♥♦♣♤♡♢♧]*)", re.IGNORECASE)


class Hand:
    """An immutable set of cards, shown spades first and high cards first.

    Any size is allowed (an ending, a partial hand); a full deal checks for 13.
    """

    __slots__ = ("_cards", "__dict__")

    def __init__(self, cards: Iterable[Card | str] = ()) -> None:
        seen: set[Card] = set()
        ordered: list[Card] = []
        for item in cards:
            card = item if isinstance(item, Card) else parse_card(item)
            if card in seen:
                raise HandError(f"duplicate card: {card}")
            seen.add(card)
            ordered.append(card)
        ordered.sort(key=lambda c: c.index)
        self._cards: tuple[Card, ...] = tuple(ordered)

    # -- parsing and formatting -------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, *, size: int | None = None) -> Hand:
        """Read a hand in any accepted form; with ``size``, insist on that many cards.

        >>> Hand.parse("KJ4.AQ32.T98.765").symbols()
        '♠KJ4 ♥AQ32 ♦1098 ♣765'
        """
        if isinstance(text, Hand):
            hand = text
        elif not isinstance(text, str):
            raise HandError(f"not a hand: {text!r}")
        elif cls is Hand:
            hand = _hand_of_text(text)
        else:
            hand = cls(_parse_hand_cards(text))
        if size is not None and len(hand) != size:
            shown = f": {text}" if isinstance(text, str) and text.strip() else ""
            raise HandError(f"hand has {len(hand)} cards, expected {size}{shown}")
        return hand

    def pbn(self) -> str:
        """PBN: ``KJ4.AQ32.T98.765``; a void is empty (``KJ4..T98.765432``)."""
        return ".".join("".join(c.rank.char for c in self.suit(s)) for s in Suit)

    def symbols(self, lang: Lang = "en") -> str:
        """``♠KJ4 ♥AQ32 ♦T98 ♣765``; a void is shown as ``—``."""
        return " ".join(
            s.symbol + ("".join(c.rank.display(lang) for c in self.suit(s)) or "—") for s in Suit
        )

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"Hand.parse({self.pbn()!r})"

    # -- queries ----------------------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        return self._cards

    @cached_property
    def _by_suit(self) -> tuple[tuple[Card, ...], ...]:
        buckets: list[list[Card]] = [[], [], [], []]
        for c in self._cards:
            buckets[c.suit].append(c)
        return tuple(tuple(b) for b in buckets)

    def suit(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of one suit, highest first."""
        return self._by_suit[suit]

    def length(self, suit: Suit) -> int:
        return len(self._by_suit[suit])

    def has_suit(self, suit: Suit) -> bool:
        return bool(self._by_suit[suit])

    def ranks(self, suit: Suit) -> tuple[Rank, ...]:
        return tuple(c.rank for c in self._by_suit[suit])

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = parse_card(card)
        return card in self._set

    @cached_property
    def _set(self) -> frozenset[Card]:
        # membership is asked for every card of every trick a view checks: a set, built once
        return frozenset(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self._cards == other._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    # -- new hands --------------------------------------------------------------------------
    def without(self, *cards: Card | str) -> Hand:
        """A copy without the given cards (each must be held)."""
        gone = {c if isinstance(c, Card) else parse_card(c) for c in cards}
        missing = [str(c) for c in gone if c not in self._cards]
        if missing:
            raise HandError(f"card not in hand: {', '.join(sorted(missing))}")
        return Hand(c for c in self._cards if c not in gone)

    def with_cards(self, *cards: Card | str) -> Hand:
        return Hand(list(self._cards) + [c if isinstance(c, Card) else parse_card(c) for c in cards])


@functools.lru_cache(maxsize=8192)
def _hand_of_text(text: str) -> Hand:
    """A hand read from text, remembered: a Hand is immutable, and checking a library reads the
    same deal's four hands again for every question about it (docs/limits.md: a 10,000-item library
    is loaded and checked at 500 items/s or more, where parsing hands was a third of the time)."""
    return Hand(_parse_hand_cards(text))


def _parse_hand_cards(text: str) -> list[Card]:
    src = text.strip()
    if not src:
        return []
    # PBN: exactly three dots, no suit markers.
    if src.count(".") == 3 and not re.search(r"[SHDC♠♥♦♣♤♡♢♧]", src, re.IGNORECASE):
        parts = src.split(".")
        cards: list[Card] = []
        for suit, part in zip(Suit, parts):
            cards.extend(_parse_ranks(part, suit, text))
        return cards
    tokens = src.replace(",", " ").split()
    # A list of single cards: "SK SJ S4" or "♠K ♥10".
    try:
        return [parse_card(t) for t in tokens]
    except CardError:
        pass
    # Sections: "♠KJ4 ♥AQ32 …" or "S:KJ4 H:AQ32 …" (a void as "-" or nothing).
    compact = src
    cards = []
    pos = 0
    seen_suits: set[Suit] = set()
    for m in _SECTION_RE.finditer(compact):
        if compact[pos:m.start()].strip():
            raise HandError(f"cannot read hand: {text!r}")
        pos = m.end()
        suit = parse_suit(m.group(1).upper() if m.group(1).isalpha() else m.group(1))
        if suit in seen_suits:
            raise HandError(f"suit {suit.symbol} given twice in hand: {text!r}")
        seen_suits.add(suit)
        cards.extend(_parse_ranks(m.group(2).replace(" ", ""), suit, text))
    if pos != len(compact) or not seen_suits:
        raise HandError(f"cannot read hand: {text!r} (write e.g. KJ4.AQ32.T98.765)")
    return cards
