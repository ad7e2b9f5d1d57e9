"""What a whist player reads from what his seat sees at the moment of a decision.

The seeds insist that the game is won by attention: «следить за степенью силы ходов, за
приглашениями для козырного хода, за картами, которые игроки сбрасывают» (000, first paragraph;
000 «Главное условие»). What the seat sees -- his own 13 cards, the trump card and the dealer, the
tricks played so far -- is the one :class:`tutor.seatview.SeatView`, and :class:`Knowledge` is
what attention extracts from it: the cards gone, the voids shown, who opened which suit, calls for trumps, echoes,
first discards, whether the trumps are out, whether the opponents have ruffed -- and what each watched card
shows (:mod:`tutor.conventions.inference`: the turned-up card in the dealer's hand, a king led from the ace
or the queen, a call's four trumps), each inference with the card it was drawn from.

A view is validated when built (a card twice, a card the student does not hold, a revoke by
the student, a trick led out of turn all raise :class:`~tutor.errors.WhistError` subclasses), so
the advice engine never has to distrust it. :class:`Knowledge` is not a second view: it holds no
card the view does not, only what the conventions infer from it, and it is built from the view
(:func:`knowledge`, once per view).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TypeVar

from tutor.cards import CARDS, Card, Hand, Suit
from tutor.conventions.calls import Call, read_refusals, read_signals
from tutor.conventions.inference import Inference, InferenceKind, infer
from tutor.play import Trick, trick_winner
from tutor.seats import Seat
from tutor.seatview import PositionError, SeatView
from tutor.vocab import Lang

__all__ = ["Knowledge", "knowledge", "Placement", "Inference", "PositionError", "SeatView"]


_K = TypeVar("_K")
_V = TypeVar("_V")


def _frozen_map(d: Mapping[_K, _V]) -> Mapping[_K, _V]:
    return MappingProxyType(dict(d))


@dataclass(frozen=True)
class Placement:
    """Where one card is: ``seat`` holds it, ``certain`` by the laws or ``inferred`` by the
    conventions, and ``because`` the inference (with its card) that placed it, if any -- so an
    explanation can say "partner's ♠K lead shows the ace or the queen"."""

    card: Card
    seat: Seat
    certain: bool
    because: Inference | None = None

    def describe(self, lang: Lang = "en") -> str:
        """Why the card is placed so, in the learner's language (empty for his own cards)."""
        return self.because.describe(lang) if self.because is not None else ""


@dataclass(frozen=True)
class Knowledge:
    """Everything the student may infer from his own cards and the tricks he has watched.

    Built once per :class:`~tutor.seatview.SeatView` (see :func:`knowledge`); every field is
    derived, so two views with the same cards and history have equal knowledge. It is the ONE
    model of what a seat knows (issue 21): the advice's rules, the explanations and the robots'
    card reading (:mod:`tutor.reading`) all read it -- the certainties and the conventions'
    inferences in :attr:`inferences`, each with the card it was drawn from, and where a card is or
    may be (:meth:`certain_holder`, :meth:`holders`, :meth:`placed`, :meth:`above`,
    :meth:`beaters_with`), so a rule says "the cards that can beat this one are with partner"
    rather than naming a turned-up card.
    """

    seat: Seat
    remaining: Hand  #: the student's cards still in hand
    gone: frozenset[Card]  #: every card played so far, the trick in progress included
    unseen: frozenset[Card]  #: cards the other three still hold (neither played nor the student's)
    voids: Mapping[Seat, frozenset[Suit]]  #: suits each seat has shown out of
    first_leads: Mapping[Suit, Seat]  #: who led each suit first
    calls: tuple[Call, ...]  #: completed calls for trumps (and echoes), in the order made; ``Call.discard`` marks one made in discards
    false_calls: tuple[Call, ...]  #: high-low pairs that are no call (forced or trying to win)
    first_discards: Mapping[Seat, Card]  #: each seat's first discard (an off-suit card that is no ruff)
    trump: Suit | None
    trumps_remaining: int  #: trumps still out in the other three hands
    opponents_ruffed: bool  #: an opponent has trumped a plain-suit lead
    partner_strong_suit: Suit | None  #: the first plain suit partner opened (leads come from strength)
    trump_card_with_dealer: Card | None  #: the turned-up card while the dealer (not the student) holds it
    current: Trick | None  #: the trick in progress
    winning_seat: Seat | None  #: who is winning the trick in progress
    winning_card: Card | None
    to_play: Seat
    tricks_played: int  #: complete tricks

    @property
    def settled(self) -> frozenset[Card]:
        """Cards out of play before the trick in progress. Cards on the table still count in this
        trick, so two cards of yours are "equal" only if nothing between them is unplayed or on
        the table (Q-8 over a 7 just played are not equal: only the Q and 8 beat it)."""
        on_table = frozenset(self.current.cards) if self.current is not None else frozenset()
        return self.gone - on_table
    trump_leaders: frozenset[Seat]  #: seats that have led a trump
    refused_ruffs: tuple[Call, ...] = ()  #: refused ruffs of the opponents' sure winners (``Call.refused``): calls too
    trump_leads: tuple[tuple[int, Seat], ...] = ()  #: (trick number, leader) of every trump lead, in order
    first_discard_tricks: Mapping[Seat, int] = field(default_factory=lambda: MappingProxyType({}))  #: trick of each first discard
    #: What the watched cards show about the other hands, each with the card it was drawn from
    #: (:mod:`tutor.conventions.inference`): the certainties (the turned-up card, voids) first.
    inferences: tuple[Inference, ...] = ()

    # -- the one model of what the seat knows: where each card is, or may be ---------------------

    def shown(self, seat: Seat, kind: InferenceKind | None = None) -> tuple[Inference, ...]:
        """What ``seat``'s cards have shown (of one ``kind``, or all), in the order read."""
        return tuple(i for i in self.inferences if i.seat == seat and (kind is None or i.kind == kind))

    def certain_holder(self, card: Card) -> Seat | None:
        """The seat certain to hold ``card`` now: the student for his own cards, the dealer for
        the turned-up card until he plays it (it was turned up for all to see); None if gone or
        not known."""
        if card in self.remaining:
            return self.seat
        if self.trump_card_with_dealer == card:
            return next(i.seat for i in self.inferences if i.kind == "turn-up")
        return None

    def can_hold(self, seat: Seat, card: Card) -> bool:
        """Whether ``seat`` may hold ``card`` now, by the certainties alone: the card is unplayed,
        not the student's (unless ``seat`` is the student), not certainly elsewhere, and ``seat``
        has not shown out of its suit."""
        if seat == self.seat:
            return card in self.remaining
        if card not in self.unseen or card.suit in self.voids[seat]:
            return False
        holder = self.certain_holder(card)
        return holder is None or holder == seat

    def holders(self, card: Card) -> frozenset[Seat]:
        """The seats that may hold ``card`` now (one seat when it is certain; none when it is gone)."""
        return frozenset(s for s in Seat if self.can_hold(s, card))

    def above(self, card: Card) -> tuple[Card, ...]:
        """The cards of ``card``'s suit still out in the other hands that beat it, highest first
        (the turned-up card included while the dealer holds it)."""
        return tuple(c for c in self.outstanding(card.suit) if c.rank > card.rank)

    def beaters_with(self, card: Card, seats: frozenset[Seat]) -> bool:
        """Whether every card still out that beats ``card`` can only be in ``seats`` ("the cards
        that can beat this one are known to be with partner"). True when none is out."""
        return all(self.holders(c) <= seats for c in self.above(card))

    def placed(self, card: Card) -> Placement | None:
        """Where ``card`` is known or inferred to be, and from which card that was drawn: certain
        for the student's own cards and the turned-up card; otherwise inferred when only one seat
        may hold it by the certainties, or when an inference shows one of two cards with a seat
        (a king led shows the ace or the queen) and the other is accounted for. None if unplaced.

        >>> k = knowledge(SeatView.build(hand="A32.5432.432.432", trump="C", played="W:SK S5 S8"))
        >>> p = k.placed(Card.parse("SQ"))  # South holds the ace, so West led the king from K-Q
        >>> (p.seat.name, p.certain, p.describe())
        ('W', False, "West's ♠K lead shows the ace or the queen of ♠")
        >>> p = knowledge(SeatView.build(hand="A32.5432.432.432", trump="C7")).placed(Card.parse("C7"))
        >>> (p.seat.name, p.certain)  # the turned-up card, in the dealer's hand
        ('E', True)
        """
        holder = self.certain_holder(card)
        if holder is not None:
            turn_up = next((i for i in self.inferences if i.kind == "turn-up" and i.card == card), None)
            return Placement(card, holder, True, turn_up)
        if card not in self.unseen:
            return None
        seats = self.holders(card)
        if len(seats) == 1:
            (only,) = seats
            void = next((i for i in self.inferences if i.kind == "void" and i.suit == card.suit and i.seat != only), None)
            return Placement(card, only, True, void)
        for inf in self.inferences:
            shown = inf.shows()
            if card not in shown or inf.certain or not self.can_hold(inf.seat, card):
                continue
            others = shown - {card}
            if all(c in self.gone or (self.certain_holder(c) not in (None, inf.seat)) for c in others):
                return Placement(card, inf.seat, False, inf)
        return None

    def trumps_declared_against(self, seat: Seat, before: int | None = None) -> bool:
        """Whether the opponents of ``seat`` have declared strength in trumps -- one of them led a
        trump or called for trumps (Cavendish ch. 28: "by leading trumps or asking for them") --
        in the tricks before trick ``before`` (1-based; None: so far, the trick in progress included)."""
        limit = before if before is not None else 10**6
        if any(n < limit and s.side is not seat.side for n, s in self.trump_leads):
            return True
        return any(c.trick < limit and c.seat.side is not seat.side for c in (*self.calls, *self.refused_ruffs))

    def discarded_against_declared_trumps(self, seat: Seat) -> bool:
        """Whether ``seat``'s first discard was made after his opponents had declared strength in
        trumps (Cavendish ch. 28): then it shows his best-protected suit, not his weakest
        (first-discard-shows-weak-suit reads it so in the english system). False if he has not
        discarded."""
        n = self.first_discard_tricks.get(seat)
        return n is not None and self.trumps_declared_against(seat, before=n + 1)

    def has_refused_ruff(self, seat: Seat) -> bool:
        """Whether ``seat`` has refused to trump the opponents' sure winner (refused-ruff-is-a-call:
        Cavendish ch. 32), as read by :func:`tutor.conventions.calls.read_refusals`."""
        return any(c.seat == seat for c in self.refused_ruffs)

    @property
    def partner(self) -> Seat:
        return self.seat.partner

    @property
    def trumps_out(self) -> bool:
        """No trump is left in the other hands (all thirteen played or in the student's hand)."""
        return self.trump is None or self.trumps_remaining == 0

    @property
    def partner_suits(self) -> frozenset[Suit]:
        """Suits partner opened (000 LST 5: return them when you win a trick)."""
        return frozenset(s for s, who in self.first_leads.items() if who == self.seat.partner)

    @property
    def opponents_suits(self) -> frozenset[Suit]:
        """Suits an opponent opened (000 HNT 3: never return them)."""
        return frozenset(s for s, who in self.first_leads.items() if who.side is not self.seat.side)

    def has_called(self, seat: Seat) -> bool:
        """Whether ``seat`` has asked for trumps: a call, an echo, or a refused ruff
        (refused-ruff-is-a-call, :attr:`refused_ruffs`)."""
        return any(c.seat == seat for c in self.calls) or self.has_refused_ruff(seat)

    def is_void(self, seat: Seat, suit: Suit) -> bool:
        return suit in self.voids[seat]

    def outstanding(self, suit: Suit) -> tuple[Card, ...]:
        """Cards of ``suit`` still in the other three hands, highest first."""
        return tuple(c for c in CARDS if c.suit == suit and c in self.unseen)

    def is_master(self, card: Card) -> bool:
        """No unseen card of the suit beats ``card`` (it wins unless trumped)."""
        return not any(c.suit == card.suit and c.rank > card.rank for c in self.unseen)


def knowledge(view: SeatView) -> Knowledge:
    """What the seat of ``view`` can infer (computed once per view and kept with it).

    The conventions read a whole deal: the seat's original hand must have 13 cards.
    """
    return view.memo("conventions.knowledge", _read)


def _read(pos: SeatView) -> Knowledge:
    """Derive the seat's :class:`Knowledge` from its view (the laws were checked when it was built)."""
    if len(pos.hand) != 13:
        raise PositionError(f"the student's original hand must have 13 cards, got {len(pos.hand)}")
    me = pos.seat
    trump = pos.trump
    remaining = pos.remaining
    gone = pos.gone
    unseen = frozenset(c for c in CARDS if c not in gone and c not in remaining)

    first_leads: dict[Suit, Seat] = {}
    first_discards: dict[Seat, Card] = {}
    first_discard_tricks: dict[Seat, int] = {}
    opponents_ruffed = False
    trump_leaders: set[Seat] = set()
    trump_leads: list[tuple[int, Seat]] = []
    partner_strong: Suit | None = None
    for n, trick in enumerate(pos.played, start=1):
        led = trick.suit_led
        first_leads.setdefault(led, trick.leader)
        if trump is not None and led == trump:
            trump_leaders.add(trick.leader)
            trump_leads.append((n, trick.leader))
        if trick.leader == me.partner and led != trump and partner_strong is None:
            partner_strong = led
        for seat, card in trick.plays()[1:]:
            if card.suit == led:
                continue
            if trump is not None and card.suit == trump:
                if seat.side is not me.side:
                    opponents_ruffed = True
            else:
                first_discards.setdefault(seat, card)
                first_discard_tricks.setdefault(seat, n)
    if partner_strong is not None and partner_strong in pos.voids[me.partner]:
        partner_strong = None

    trumps_remaining = 0 if trump is None else sum(1 for c in unseen if c.suit == trump)
    current = pos.current
    winning_seat = winning_card = None
    if current is not None:
        winning_seat = trick_winner(current.leader, current.cards, trump)
        winning_card = current.card_of(winning_seat)
    signals = read_signals(pos.played, trump)
    tcard = None
    if pos.trump_card is not None and pos.dealer != me and pos.trump_card not in gone:
        tcard = pos.trump_card
    k = Knowledge(
        seat=me,
        remaining=remaining,
        gone=gone,
        unseen=unseen,
        voids=_frozen_map(pos.voids),
        first_leads=_frozen_map(first_leads),
        calls=tuple(c for c in signals if not c.forced),
        false_calls=tuple(c for c in signals if c.forced),
        first_discards=_frozen_map(first_discards),
        trump=trump,
        trumps_remaining=trumps_remaining,
        opponents_ruffed=opponents_ruffed,
        partner_strong_suit=partner_strong,
        trump_card_with_dealer=tcard,
        current=current,
        winning_seat=winning_seat,
        winning_card=winning_card,
        to_play=pos.to_play,
        tricks_played=len(pos.winners),
        trump_leaders=frozenset(trump_leaders),
        refused_ruffs=read_refusals(pos.played, trump),
        trump_leads=tuple(trump_leads),
        first_discard_tricks=_frozen_map(first_discard_tricks),
    )
    return replace(k, inferences=infer(pos, k))
