"""The common shape of a convention rule: a pure function from a position to findings.

Each maxim is implemented by a small function ``rule(ctx) -> Iterable[Finding]``. A
:class:`Finding` says, about a set of the student's legal cards (its ``scope``), which of them the
maxim recommends (``keep``); the others in scope it rejects, as ``"bad"`` (a "never" of the
seeds) or ``"worse"`` (a preference). :func:`tutor.conventions.advice.advise` applies the rules in
an explicit priority order, each one narrowing what the higher ones left -- so a lower maxim can
never overturn a higher one, and every discarded card carries the maxim that discarded it.

Texts are templates in English and Russian; ``{card}`` is filled with the card in the reader's
language (``♠K`` / ``♠К``), ``{suit}`` with the suit's symbol (it needs no declension in Russian).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, get_args

from tutor.cards import Card, Suit
from tutor.conventions.texts import TEXT_PREFIX, say, say_with  # re-exported: the rules name their texts
from tutor.text import Text  # re-exported: a rule's sentences are the one bilingual type
from tutor.vocab import SYSTEMS, Lang, System  # re-exported: the systems the rules know

if TYPE_CHECKING:
    from tutor.conventions.position import Knowledge
    from tutor.seats import Seat
    from tutor.seatview import SeatView

__all__ = ["Finding", "Context", "Rule", "SEVERITIES", "Severity", "SYSTEMS", "System", "Text", "say", "say_with", "TEXT_PREFIX", "equal_groups", "lowest", "highest", "leading",
           "trumps_live"]

#: How bad it is to play a card a maxim rejects (the engine's verdicts other than ``equal``).
Severity = Literal["bad", "worse"]
SEVERITIES: tuple[Severity, ...] = get_args(Severity)


@dataclass(frozen=True)
class Finding:
    """One maxim's judgement on some of the student's cards.

    ``scope`` are the cards the maxim speaks about; ``keep`` (a subset) those it recommends; the
    rest of the scope it rejects with ``severity``. ``reason`` explains a kept card, ``why`` a
    rejected one (templates with ``{card}``, ``{best}``; for an ``accept`` finding the ``reason``
    also explains the accepted card that was not advised). ``also`` names maxims it rests on, such
    as call-for-trumps behind answer-the-call.
    """

    maxim: str
    scope: frozenset[Card]
    keep: frozenset[Card]
    severity: Severity
    reason: Text
    why: Text
    fill: Mapping[str, Card | Suit | Seat] = field(default_factory=lambda: MappingProxyType({}))  #: a Seat by its label
    also: tuple[str, ...] = ()  #: maxims the finding rests on besides its own (cited after it)
    #: The kept cards are equally right (the authorities differ): such a finding may cut nothing
    #: and is still recorded, and no lower rule may then separate the kept cards (an ``equal``
    #: verdict whose ``why`` names the schools).
    accept: bool = False
    #: Of accepted cards, the one(s) this maxim names first (Cavendish's fourth best before Pole's
    #: lowest); ``equal_why`` says why the others are just as right. Empty: all named alike.
    prefer: frozenset[Card] = frozenset()
    equal_why: Text | None = None

    def __post_init__(self) -> None:
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity must be one of {SEVERITIES}, not {self.severity!r}")
        if not self.keep <= self.scope:
            raise ValueError(f"{self.maxim}: kept cards must lie in the scope")
        if not self.prefer <= self.keep:
            raise ValueError(f"{self.maxim}: preferred cards must be kept")
        object.__setattr__(self, "fill", MappingProxyType(dict(self.fill)))

    def render(self, template: Text, lang: Lang, card: Card | None = None, best: Card | None = None) -> str:
        """Fill ``template`` in ``lang``: ``{card}``, ``{best}`` and the finding's own ``fill`` values."""
        values: dict[str, str] = {}
        for key, value in self.fill.items():
            if isinstance(value, Card):
                values[key] = value.symbol(lang)
            elif isinstance(value, Suit):
                values[key] = value.symbol  # a symbol reads in both languages, with no declension
            else:
                values[key] = value.label(lang)
        if card is not None:
            values["card"] = card.symbol(lang)
            values.setdefault("suit", card.suit.symbol)
        if best is not None:
            values["best"] = best.symbol(lang)
        return template[lang].format(**values)

    def rendered(self, template: Text, card: Card | None = None, best: Card | None = None) -> Text:
        """:meth:`render` in both languages."""
        return Text.each(lambda lang: self.render(template, lang, card=card, best=best))


@dataclass(frozen=True)
class Context:
    """What every rule receives: the position, its knowledge, the system, the legal cards, and
    ``cands`` -- the cards the higher-priority rules have left (a rule that compares suits, like
    lead-long-suit, compares only those)."""

    position: SeatView
    k: Knowledge
    system: System
    legal: tuple[Card, ...]
    cands: tuple[Card, ...] = ()

    @property
    def trump(self) -> Suit | None:
        return self.k.trump

    def mine(self, suit: Suit) -> tuple[Card, ...]:
        """The student's remaining cards of ``suit``, highest first."""
        return self.k.remaining.suit(suit)

    def trumps(self) -> tuple[Card, ...]:
        return () if self.k.trump is None else self.k.remaining.suit(self.k.trump)

    def plain_suits(self) -> tuple[Suit, ...]:
        """Non-trump suits among the legal cards."""
        return tuple(s for s in Suit if s != self.k.trump and any(c.suit == s for c in self.legal))


Rule = Callable[[Context], Iterable[Finding]]


def equal_groups(cards: Iterable[Card], gone: frozenset[Card]) -> list[tuple[Card, ...]]:
    """Group cards of one suit into runs of equals: cards with nothing unplayed between them.

    K-Q are equal; K-J are equal once the Q is gone (000 HNT 9 «две ровные карты»). Highest group first.
    """
    ordered = sorted(cards, key=lambda c: -c.rank)
    groups: list[list[Card]] = []
    for card in ordered:
        if groups:
            prev = groups[-1][-1]
            between = range(card.rank + 1, prev.rank)
            if prev.suit == card.suit and all(Card(card.suit, r) in gone for r in between):
                groups[-1].append(card)
                continue
        groups.append([card])
    return [tuple(g) for g in groups]


def lowest(cards: Iterable[Card]) -> Card:
    return min(cards, key=lambda c: (c.rank, c.suit))


def highest(cards: Iterable[Card]) -> Card:
    return max(cards, key=lambda c: (c.rank, -c.suit))


def leading(ctx: Context) -> bool:
    """The student leads to a new trick (the shape every lead rule opens with)."""
    return ctx.k.current is None and bool(ctx.legal)


def trumps_live(ctx: Context) -> bool:
    """Trumps are still out in other hands and the student holds some to lead."""
    return ctx.k.trump is not None and not ctx.k.trumps_out and bool(ctx.trumps())
