"""What the cards a seat has watched SHOW about the other hands: each inference with the card it
was drawn from, so that a rule can be written against it and an explanation can quote it.

One model of what a seat knows (issue 21, point 1), at the conventions' floor: the advice, the
robots (:mod:`tutor.reading` weights its layouts by these inferences) and the explanations read
the same list, :attr:`tutor.conventions.position.Knowledge.inferences`. Two kinds of knowledge:

* **certain** -- the turned-up trump card lies in the dealer's hand until he plays it (the laws:
  the card is turned up for all to see); a player who fails to follow has no card of the suit
  (the law of following suit, 000 «Масти и взятки» 1-2). :class:`tutor.deal.LayoutSampler`
  respects both, so they weight no layout.
* **inferred from the system's lead and signal tables** -- what a conventional card shows, read
  as the tutor itself teaches it: a king led shows the ace OR the queen (ace-king-lead-king; the
  king is also led from K-Q, top-of-touching-honours, 000 «Намеки и подсказки» 9; Cavendish,
  Analysis of leads: "King, queen, and small ones (in plain suits): Lead king"), a small card
  opening a suit shows length (lead-long-suit), a call or an echo shows four trumps or more
  (kind ``call``; its maxim call-for-trumps or echo-the-call), a refused ruff trump strength (refuse-ruff-to-call), a first
  discard the weak suit (000 «Намеки и подсказки» 14) -- or, when the discarder's opponents had
  declared trump strength, his best-protected suit (Cavendish ch. 28, the english reading).
  Players do not always hold what their card shows (a forced lead, another school), so an
  inference weights a layout rather than forbidding it.

This module reads only the view and the signals already read into the knowledge; it holds no
rule, so the rules may depend on it and it on nothing above :mod:`tutor.conventions.calls`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from tutor.cards import Card, Hand, Rank, Suit
from tutor.conventions.calls import Call
from tutor.conventions.texts import fill, say
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.text import Text
from tutor.vocab import Lang

__all__ = [
    "Inference",
    "InferenceKind",
    "INFERENCE_KINDS",
    "CERTAIN_KINDS",
    "WEIGHED_KINDS",
    "infer",
    "UNLIKELY",
]

InferenceKind = Literal[
    "honour-lead", "length-lead", "call", "refused-ruff", "first-discard", "protected-discard",
    "void", "turn-up",
]
#: Every kind of thing a watched card tells.
INFERENCE_KINDS: tuple[InferenceKind, ...] = (
    "honour-lead", "length-lead", "call", "refused-ruff", "first-discard", "protected-discard",
    "void", "turn-up",
)
#: The certainties: no layout the laws allow contradicts them (the sampler draws none that does).
CERTAIN_KINDS: tuple[InferenceKind, ...] = ("void", "turn-up")
#: The inferences the robots weigh their layouts by (the conventional ones they had before the
#: model was made one; a protected discard is an english reading, not weighed by default).
WEIGHED_KINDS: tuple[InferenceKind, ...] = ("honour-lead", "length-lead", "call", "refused-ruff", "first-discard")

#: The weight of a layout in which a player's card would have broken the convention it showed.
#: Not zero: a forced lead or another school's card can show what the player does not hold.
UNLIKELY = 0.1


@dataclass(frozen=True)
class Inference:
    """One thing a card of ``seat`` shows about his ORIGINAL hand, and which card showed it.

    ``kind`` is the vocabulary of :data:`INFERENCE_KINDS`; ``suit`` the suit it speaks of,
    ``card`` the card read (the turned-up card, the card that failed to follow, the lead, the
    low card of a call), ``trick`` its trick (1-based; 0 for the turn-up, seen before play),
    ``maxim`` the convention (or law) behind it.
    """

    seat: Seat
    kind: InferenceKind
    suit: Suit
    card: Card
    trick: int
    maxim: str

    @property
    def certain(self) -> bool:
        """A certainty of the laws (a void, the turned-up card), not a convention's inference."""
        return self.kind in CERTAIN_KINDS

    def shows(self) -> frozenset[Card]:
        """The cards of which the seat holds at least one, by this inference (empty when it
        speaks of length or weakness instead): the ace or queen behind a king led; the turned-up
        card itself."""
        if self.kind == "honour-lead":
            return frozenset({Card(self.suit, Rank.ACE), Card(self.suit, Rank.QUEEN)})
        if self.kind == "turn-up":
            return frozenset({self.card})
        return frozenset()

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
        if self.kind == "protected-discard":  # the best-protected suit: three cards or more
            return len(mine) >= 3
        if self.kind == "void":
            return True  # the remaining cards of a sampled layout already hold none of it
        if self.kind == "turn-up":
            return self.card in original
        raise ValueError(self.kind)

    def weight(self, original: Hand, unlikely: float | None = None) -> float:
        """1 when ``original`` fits, else ``unlikely`` (default :data:`UNLIKELY`)."""
        return 1.0 if self.holds(original) else (UNLIKELY if unlikely is None else unlikely)

    def describe(self, lang: Lang = "en", viewer: Seat | None = None) -> str:
        """A learner's sentence: what the card showed (the "reading: …" notes, the advice's
        reasons); from ``viewer``'s seat his partner is named "partner"."""
        return _describe(self, lang, viewer)


#: What each kind of inference says, read when the module is imported (a missing text fails then).
_SHOWS: Mapping[str, Text] = {
    "honour-lead": say("inference.describe.honour-lead"),
    "length-lead": say("inference.describe.length-lead"),
    "call": say("inference.describe.call"),
    "echo": say("inference.describe.echo"),
    "refused-ruff": say("inference.describe.refused-ruff"),
    "first-discard": say("inference.describe.first-discard"),
    "protected-discard": say("inference.describe.protected-discard"),
    "void": say("inference.describe.void"),
    "turn-up": say("inference.describe.turn-up"),
}
_PARTNER = say("inference.describe.partner")


def _describe(inf: Inference, lang: Lang, viewer: Seat | None) -> str:
    card = inf.card.symbol(lang)
    if viewer is not None and inf.seat == viewer.partner:
        who = _PARTNER[lang]
    else:
        who = inf.seat.label(lang)
    kind = "echo" if inf.kind == "call" and inf.maxim == "echo-the-call" else inf.kind
    return fill(_SHOWS[kind], who=who, card=card, s=inf.suit.symbol)[lang]


class _Signals(Protocol):
    """What :func:`infer` reads of the seat's knowledge (the signals already read from the
    tricks): :class:`tutor.conventions.position.Knowledge`, which is built with the result."""

    @property
    def trump_card_with_dealer(self) -> Card | None: ...
    @property
    def calls(self) -> tuple[Call, ...]: ...
    @property
    def refused_ruffs(self) -> tuple[Call, ...]: ...
    @property
    def first_discards(self) -> Mapping[Seat, Card]: ...
    @property
    def first_discard_tricks(self) -> Mapping[Seat, int]: ...
    def discarded_against_declared_trumps(self, seat: Seat) -> bool: ...


def infer(view: SeatView, k: _Signals) -> tuple[Inference, ...]:
    """Everything ``view.seat`` may infer about the other three hands, certainties first (see
    the module doc). ``k`` is the seat's knowledge without its inferences (the signals already
    read); the result becomes ``k.inferences``."""
    me = view.seat
    trump = view.trump
    out: list[Inference] = []
    if k.trump_card_with_dealer is not None:
        tc = k.trump_card_with_dealer
        out.append(Inference(view.dealer, "turn-up", tc.suit, tc, 0, "turned-up-card-is-known"))
    shown_out: set[tuple[Seat, Suit]] = set()
    for n, trick in enumerate(view.played, start=1):
        led = trick.suit_led
        for seat, card in trick.plays()[1:]:
            if card.suit != led and seat != me and (seat, led) not in shown_out:
                shown_out.add((seat, led))
                out.append(Inference(seat, "void", led, card, n, "must-follow-suit"))
    opened: set[Suit] = set()
    for n, trick in enumerate(view.played, start=1):
        led = trick.suit_led
        card = trick.cards[0]
        if led in opened:
            continue
        opened.add(led)
        if trick.leader == me or led == trump:
            continue
        if card.rank == Rank.KING:
            out.append(Inference(trick.leader, "honour-lead", led, card, n, "ace-king-lead-king"))
        elif card.rank <= Rank.EIGHT:
            out.append(Inference(trick.leader, "length-lead", led, card, n, "lead-long-suit"))
    if trump is not None:
        seen: set[Seat] = set()
        for c in k.calls:
            if c.seat != me and c.seat not in seen:
                seen.add(c.seat)
                out.append(_call(c, trump))
        for c in k.refused_ruffs:
            if c.seat != me and c.seat not in seen:
                seen.add(c.seat)
                out.append(Inference(c.seat, "refused-ruff", trump, c.low, c.trick, "refuse-ruff-to-call"))
    for seat, card in k.first_discards.items():
        if seat == me or card.suit == trump:
            continue
        n = k.first_discard_tricks.get(seat, 0)
        if k.discarded_against_declared_trumps(seat):
            out.append(Inference(seat, "protected-discard", card.suit, card, n, "discard-from-strong-suit-against-trumps"))
        else:
            out.append(Inference(seat, "first-discard", card.suit, card, n, "discard-from-weakest-suit"))
    return tuple(out)


def _call(c: Call, trump: Suit) -> Inference:
    if c.echo:  # an echo is a call too (kind "call"); its maxim names it
        return Inference(c.seat, "call", trump, c.low, c.trick, "echo-the-call")
    return Inference(c.seat, "call", trump, c.low, c.trick, "call-for-trumps")
