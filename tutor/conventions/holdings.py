"""Which card to lead from a suit holding, in the russian and the english system.

The card rules are tried in a fixed order, most specific holding first, and the first that fits
decides (a module-level tuple per system, :data:`RUSSIAN_CARD_ORDER` and
:data:`ENGLISH_CARD_ORDER`). Russian follows the seeds (000 LST 1-3, 7; HNT 1, 9-11, 13); where
they are silent nothing is invented: a holding no rule covers returns None and the advice says
the cards are equal. English follows Cavendish, Pole and EB1911: A-K-Q leads the king, long
suits the fourth best, trumps like a plain suit except that with three or fewer the highest.

"Touching" is judged with the cards already played: K-J is a sequence once the Q is gone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tutor.cards import Card, Rank
from tutor.conventions.rules import equal_groups, text

__all__ = [
    "is_strong_suit",
    "HoldingLead",
    "lead_from_holding",
    "RUSSIAN_CARD_ORDER",
    "ENGLISH_CARD_ORDER",
    "card_order",
]

A, K, Q, J, T = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN


@dataclass(frozen=True)
class HoldingLead:
    """The lead a card rule prescribes from one suit: the card(s) it keeps and the maxim."""

    keep: tuple[Card, ...]
    maxim: str
    reason: Mapping[str, str]
    why: Mapping[str, str]


@dataclass(frozen=True)
class _H:
    """A holding prepared for the patterns: cards high first, their ranks, effective sequences."""

    cards: tuple[Card, ...]
    ranks: frozenset[Rank]
    groups: tuple[tuple[Card, ...], ...]
    trump: bool

    def has(self, *ranks: Rank) -> bool:
        return all(r in self.ranks for r in ranks)


Pattern = Callable[[_H], tuple[Card, ...] | None]


def _highest_trump(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[0],) if h.trump else None


def _highest_short_trump(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[0],) if h.trump and len(h.cards) <= 3 else None


def _quart_major(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[1],) if h.has(A, K, Q, J) else None


def _coronka(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[2],) if h.has(A, K, Q) and J not in h.ranks else None


def _ace_king(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[1],) if h.has(A, K) and Q not in h.ranks else None


def _ace_king_any(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[1],) if h.has(A, K) else None


def _ace_fifth(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[0],) if A in h.ranks and K not in h.ranks and len(h.cards) >= 5 else None


def _ace_small(h: _H, lengths: tuple[int, ...] = (3, 4)) -> tuple[Card, ...] | None:
    if A in h.ranks and K not in h.ranks and len(h.cards) in lengths:
        return (h.cards[-1],)
    return None


def _ace_small_three(h: _H) -> tuple[Card, ...] | None:
    return _ace_small(h, (3,))


def _touching(h: _H) -> tuple[Card, ...] | None:
    top = h.groups[0]
    return (top[0],) if len(top) >= 2 and top[0].rank >= T else None


def _king_third(h: _H, lengths: tuple[int, ...] = (3, 4)) -> tuple[Card, ...] | None:
    if h.cards[0].rank == K and len(h.cards) in lengths:
        return (h.cards[-1],)
    return None


def _king_third_only(h: _H) -> tuple[Card, ...] | None:
    return _king_third(h, (3,))


def _doubleton_honour(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[0],) if len(h.cards) == 2 and h.cards[0].rank in (Q, J) else None


def is_strong_suit(cards: Sequence[Card]) -> bool:
    """A strong suit (000 LST 6, 7, 11): four or more cards with two of the top honours (A, K, Q),
    or five or more headed by the ace or king."""
    if len(cards) < 4:
        return False
    ordered = sorted(cards, key=lambda c: -c.rank)
    tops = sum(1 for c in ordered if c.rank >= Q)
    return tops >= 2 or (len(ordered) >= 5 and ordered[0].rank >= K)


def _top_or_bottom(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[0], h.cards[-1]) if is_strong_suit(h.cards) else None


def _fourth_best(h: _H) -> tuple[Card, ...] | None:
    return (h.cards[3],) if len(h.cards) >= 4 else None


_TEXTS: dict[str, tuple[Mapping[str, str], Mapping[str, str]]] = {
    "lead-highest-trump": (
        text("Leading trumps, start with the highest.", "Начиная ход в козыри, ходят с самого старшего."),
        text("Lead the highest trump first, not {card}.", "Ходят со старшего козыря, а не с {card}."),
    ),
    "quart-major-lead-king": (
        text("From ace-king-queen-jack lead the king, then the queen.", "При кварт-мажоре ходят с короля, потом с дамы."),
        text("From ace-king-queen-jack the king comes first, not {card}.", "При кварт-мажоре первым идёт король, а не {card}."),
    ),
    "coronka-lead-queen": (
        text("From ace-king-queen lead the queen first.", "При коронке (туз, король, дама) первый ход — с дамы."),
        text("From ace-king-queen the first lead is the queen, not {card}.", "При коронке первый ход с дамы, а не с {card}."),
    ),
    "ace-king-lead-king": (
        text("From ace-king lead the king: partner learns you hold the ace.",
             "С туза и короля ходят королём: партнёр узнаёт, что туз у вас."),
        text("From ace-king lead the king; {card} hides the ace from partner.",
             "С туза и короля ходят королём; {card} скрывает от партнёра туза."),
    ),
    "ace-fifth-lead-ace": (
        text("With the ace and four or more small cards, lead the ace, then a small one.",
             "При тузе сам-пят ходят с туза и продолжают младшей."),
        text("With the ace fifth, lead the ace first, not {card}.", "При тузе сам-пят ходят с туза, а не с {card}."),
    ),
    "ace-small-lead-small": (
        text("From the ace with small cards, lead a small card; the ace comes later.",
             "От туза с маленькими ходят сначала с маленькой, туз потом."),
        text("From the ace with small cards, start with the smallest, not {card}.",
             "От туза с маленькими начинают с младшей, а не с {card}."),
    ),
    "top-of-touching-honours": (
        text("From touching honours lead the higher.", "Имея ровные карты, ходят со старшей."),
        text("From touching honours lead the top one, not {card}.", "Из ровных карт ходят со старшей, а не с {card}."),
    ),
    "king-third-lead-small": (
        text("From the king with two or three small cards lead the smallest.",
             "Имея короля сам-третей или сам-четверт, ходят с маленькой."),
        text("From the king with small cards lead the smallest, not {card}.",
             "От короля с маленькими ходят с младшей, а не с {card}."),
    ),
    "doubleton-honour-shows-weakness": (
        text("From queen or jack doubleton lead the honour; partner reads that you are weak.",
             "С дамы или валета сам-друг ходят фигурой; партнёр поймёт, что у вас нет игры."),
        text("From a doubleton honour lead the honour, not {card}.", "С фигуры сам-друг ходят фигурой, а не {card}."),
    ),
    "strong-suit-top-or-bottom": (
        text("From a long suit lead the top or the bottom card, never a middle one.",
             "С сильной масти ходят с самой старшей или с самой младшей, но не со средней."),
        text("{card} is a middle card: from a long suit lead the top or the bottom.",
             "{card} — средняя карта: с сильной масти ходят со старшей или с младшей."),
    ),
    "fourth-best-from-long-suit": (
        text("From a long suit lead the fourth best card.", "С длинной масти ходят четвёртой сверху картой."),
        text("From a long suit the fourth best leads, not {card}.", "С длинной масти ходят четвёртой сверху, а не {card}."),
    ),
}

#: Card rules of the russian system, most specific first (000 HNT 13, 11, 10, LST 2, HNT 9/LST 1,
#: LST 3, HNT 1, LST 7). The first that fits the holding decides. A long suit that is not strong
#: is one the seeds are silent on, so the english fourth best applies (maxims.md: the russian
#: system falls back to english).
RUSSIAN_CARD_ORDER: tuple[tuple[str, Pattern], ...] = (
    ("lead-highest-trump", _highest_trump),
    ("quart-major-lead-king", _quart_major),
    ("coronka-lead-queen", _coronka),
    ("ace-king-lead-king", _ace_king),
    ("ace-fifth-lead-ace", _ace_fifth),
    ("ace-small-lead-small", _ace_small),
    ("top-of-touching-honours", _touching),
    ("king-third-lead-small", _king_third),
    ("doubleton-honour-shows-weakness", _doubleton_honour),
    ("strong-suit-top-or-bottom", _top_or_bottom),
    ("fourth-best-from-long-suit", _fourth_best),
)

#: Card rules of the english system (Cavendish, Pole, EB1911): A-K-Q(-J) leads the king, long
#: suits the fourth best, trumps like any suit except that three or fewer lead the highest.
ENGLISH_CARD_ORDER: tuple[tuple[str, Pattern], ...] = (
    ("lead-highest-trump", _highest_short_trump),
    ("ace-king-lead-king", _ace_king_any),
    ("ace-fifth-lead-ace", _ace_fifth),
    ("top-of-touching-honours", _touching),
    ("fourth-best-from-long-suit", _fourth_best),
    ("ace-small-lead-small", _ace_small_three),
    ("king-third-lead-small", _king_third_only),
    ("doubleton-honour-shows-weakness", _doubleton_honour),
)


def card_order(system: str) -> tuple[tuple[str, Pattern], ...]:
    return ENGLISH_CARD_ORDER if system == "english" else RUSSIAN_CARD_ORDER


def lead_from_holding(
    cards: Sequence[Card],
    *,
    system: str = "russian",
    trump: bool = False,
    gone: frozenset[Card] = frozenset(),
    applies: Callable[[str], bool] | None = None,
) -> HoldingLead | None:
    """The card rule that decides the lead from ``cards`` (one suit), or None if no rule does.

    ``applies`` filters maxims (the system's catalogue membership): a rule whose maxim does not
    apply is passed over and the next one in the order may decide.

    >>> from tutor.cards import Hand, Suit
    >>> lead_from_holding(Hand.parse("K74...").suit(Suit.S)).keep
    (Card.parse('S4'),)
    >>> lead_from_holding(Hand.parse("AKQ5...").suit(Suit.S), system="english").maxim
    'ace-king-lead-king'
    """
    if len(cards) < 2:
        return None
    ordered = tuple(sorted(cards, key=lambda c: -c.rank))
    h = _H(ordered, frozenset(c.rank for c in ordered), tuple(equal_groups(ordered, gone)), trump)
    for maxim, pattern in card_order(system):
        if applies is not None and not applies(maxim):
            continue
        keep = pattern(h)
        if keep is not None:
            reason, why = _TEXTS[maxim]
            return HoldingLead(keep, maxim, reason, why)
    return None
