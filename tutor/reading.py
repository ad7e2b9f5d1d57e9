"""Card reading: what a player at one seat infers from the cards he has watched, and the layouts
of the unseen cards that fit it.

A whist player reads the table (000 «Главное условие»: «следить ... за приглашениями для
козырного хода, за картами, которые игроки сбрасывают»). A robot does the same from its
:class:`~tutor.seatview.SeatView` -- its own cards, the turned-up trump card, the tricks -- and never
from the hidden hands. Two kinds of knowledge come out:

* **certainties**: the cards gone, the voids shown (a card off the suit led), the dealer's
  turned-up card until he plays it. :class:`tutor.deal.LayoutSampler` only draws layouts that
  respect them.
* **inferences** from the conventional cards of the other three players -- what the conventions
  engine says each card *shows* (:data:`INFERENCE_KINDS`): a king led shows the ace or queen
  (ace-king-lead-king, top-of-touching-honours; K-x-x leads small, king-third-lead-small), a small
  card opening a suit shows length (lead-long-suit; a short suit leads its highest,
  short-suit-lead-highest), a call or echo shows four trumps or more (call-for-trumps,
  echo-the-call), a refused ruff shows trump strength (refuse-ruff-to-call), a first discard the
  weak suit (discard-from-weakest-suit, first-discard-shows-weak-suit). Players do not always hold
  what their card shows (a forced lead, another school), so an inference *weights* a layout
  (:data:`UNLIKELY` when the layout contradicts it) rather than forbidding it.

:meth:`Reading.sample` draws layouts uniformly among those the certainties allow and resamples
them in proportion to the product of the inferences' weights, so the robot's Monte-Carlo and its
reading both see only what the seat could know. The random source is the caller's; nothing here
looks at the real deal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tutor.cards import Card, Hand, Rank, Suit
from tutor.conventions.position import knowledge
from tutor.conventions.rules import text
from tutor.deal import LayoutSampler
from tutor.seats import Seat
from tutor.seatview import SeatView

__all__ = ["Inference", "InferenceKind", "INFERENCE_KINDS", "Reading", "UNLIKELY", "read"]

InferenceKind = Literal["honour-lead", "length-lead", "call", "refused-ruff", "first-discard"]
#: The inferences a robot draws from the conventional cards of the other seats.
INFERENCE_KINDS: tuple[InferenceKind, ...] = ("honour-lead", "length-lead", "call", "refused-ruff", "first-discard")
#: The weight of a layout in which a player's card would have broken the convention it showed.
#: Not zero: a forced lead or another school's card can show what the player does not hold.
UNLIKELY = 0.1


@dataclass(frozen=True)
class Inference:
    """One thing a conventional card of ``seat`` shows about his ORIGINAL hand, and its reason.

    ``kind`` is the vocabulary of :data:`INFERENCE_KINDS`; ``suit`` the suit it speaks of,
    ``card`` the card read, ``trick`` its trick (1-based), ``maxim`` the convention behind it.
    """

    seat: Seat
    kind: InferenceKind
    suit: Suit
    card: Card
    trick: int
    maxim: str

    def holds(self, original: Hand) -> bool:
        """Whether ``original`` (the seat's 13 cards in a sampled layout) fits what the card shows."""
        mine = original.suit(self.suit)
        ranks = {c.rank for c in mine}
        if self.kind == "honour-lead":  # the king led from A-K or K-Q
            return Rank.ACE in ranks or Rank.QUEEN in ranks
        if self.kind == "length-lead":  # a small card opens a suit of four or more
            return len(mine) >= 4
        if self.kind in ("call", "refused-ruff"):  # four trumps or more
            return len(mine) >= 4
        if self.kind == "first-discard":  # the weak suit: no ace or king in it
            return not (ranks & {Rank.ACE, Rank.KING})
        raise ValueError(self.kind)

    def weight(self, original: Hand) -> float:
        return 1.0 if self.holds(original) else UNLIKELY

    def describe(self, lang: str = "en") -> str:
        """A learner's sentence: what the card showed (used in "reading: …" notes)."""
        who, card = self.seat.label(lang), self.card.symbol(lang)
        s = self.suit.symbol
        texts = {
            "honour-lead": text(f"{who}'s {card} lead shows the ace or queen of {s}",
                                f"ход {who} {card} показывает туза или даму {s}"),
            "length-lead": text(f"{who}'s small {card} lead shows four {s} or more",
                                f"ход {who} маленькой {card} показывает четыре {s} или больше"),
            "call": text(f"{who}'s call for trumps shows four trumps or more",
                         f"приглашение {who} в козырь показывает четыре козыря или больше"),
            "refused-ruff": text(f"{who}'s refused ruff shows trump strength",
                                 f"отказ {who} бить козырем показывает силу в козырях"),
            "first-discard": text(f"{who}'s first discard {card} shows {s} weak",
                                  f"первый снос {who} {card} показывает слабые {s}"),
        }
        return texts[self.kind][lang]


def read(view: SeatView) -> tuple[Inference, ...]:
    """The inferences ``view.seat`` draws from the other seats' cards so far (see the module doc)."""
    me = view.seat
    k = knowledge(view)
    trump = view.trump
    out: list[Inference] = []
    opened: set[Suit] = set()
    for n, trick in enumerate(view.played, start=1):
        led = trick.suit_led
        card = trick.cards[0]
        if led not in opened:
            opened.add(led)
            if trick.leader != me and led != trump:
                if card.rank == Rank.KING:
                    out.append(Inference(trick.leader, "honour-lead", led, card, n, "ace-king-lead-king"))
                elif card.rank <= Rank.EIGHT:
                    out.append(Inference(trick.leader, "length-lead", led, card, n, "lead-long-suit"))
    if trump is not None:
        seen: set[Seat] = set()
        for c in k.calls:
            if c.seat != me and c.seat not in seen:
                seen.add(c.seat)
                out.append(Inference(c.seat, "call", trump, c.low, c.trick, "call-for-trumps"))
        for c in k.refused_ruffs:
            if c.seat != me and c.seat not in seen:
                seen.add(c.seat)
                out.append(Inference(c.seat, "refused-ruff", trump, c.low, c.trick, "refuse-ruff-to-call"))
    for seat, card in k.first_discards.items():
        if seat != me and card.suit != trump and not k.discarded_against_declared_trumps(seat):
            out.append(Inference(seat, "first-discard", card.suit, card, k.first_discard_tricks.get(seat, 0),
                                 "discard-from-weakest-suit"))
    return tuple(out)


@dataclass(frozen=True)
class Reading:
    """What ``view.seat`` knows and infers, and layouts of the unseen cards that fit it."""

    view: SeatView
    inferences: tuple[Inference, ...]

    @classmethod
    def of(cls, view: SeatView) -> Reading:
        return cls(view, read(view))

    def _played_by(self) -> dict[Seat, list[Card]]:
        out: dict[Seat, list[Card]] = {s: [] for s in Seat}
        for trick in self.view.played:
            for s, c in trick.plays():
                out[s].append(c)
        return out

    def sampler(self) -> LayoutSampler:
        return self.view.layout_sampler()

    def weight(self, layout: Sequence[Hand], played_by: Mapping[Seat, list[Card]] | None = None) -> float:
        """The product of the inferences' weights for one layout (hands = cards still held)."""
        played_by = played_by if played_by is not None else self._played_by()
        w = 1.0
        originals: dict[Seat, Hand] = {}
        for inf in self.inferences:
            orig = originals.get(inf.seat)
            if orig is None:
                orig = layout[inf.seat].with_cards(*played_by[inf.seat]) if played_by[inf.seat] else layout[inf.seat]
                originals[inf.seat] = orig
            w *= inf.weight(orig)
        return w

    def sample(self, rng: random.Random, count: int, *, draws: int | None = None) -> list[tuple[Hand, Hand, Hand, Hand]]:
        """``count`` layouts: ``draws`` (default 3 × count) drawn uniformly from what the seat has
        seen, resampled in proportion to their inference weights (the layouts the conventions
        make likely come up more often; a layout that breaks every inference still can)."""
        sampler = self.sampler()
        played_by = self._played_by()
        n = draws if draws is not None else (3 * count if self.inferences else count)
        pool = [sampler.draw(rng) for _ in range(max(n, count))]
        if not self.inferences:
            return pool[:count]
        weights = [self.weight(layout, played_by) for layout in pool]
        return rng.choices(pool, weights=weights, k=count)

    def share(self, layouts: Sequence[Sequence[Hand]], seat: Seat, card: Card) -> float:
        """How often ``seat`` holds ``card`` in ``layouts`` (a reading's confidence)."""
        return sum(1 for lay in layouts if card in lay[seat]) / max(1, len(layouts))
