"""The laws of irregularities a learner meets at the table: exposed cards, a lead out of turn,
the revoke, and which tricks may be looked at.

The penalties restrict the cards a player may play; they are data (:class:`CalledCard`,
:class:`CalledSuit`) applied on top of the ordinary laws of :mod:`tutor.play`, so the play engine
stays simple and a session can hold any number of penalties at once.

Sources:
- 000 «Ошибки» 7 (002 the same): «Картами, открытыми до окончания игры, распоряжаются противники»;
  004 «Карты, подлежащие объявлению»: an exposed card lies face up and must be played when the
  opponents call it, so long as that does not make the player revoke.
- 000 «Ошибки» 3: «Если игрок ходит не в очередь, то противники имеют право или признать карту,
  или требовать, чтобы он ходил с известной масти»; 004 «Внеочередной заход»: a suit may be called
  from the offender or his partner when next either of them has the lead, and «Штраф может
  взыскать только противник, сидящий справа от игрока, у которого на законных основаниях может
  быть отозвана масть» -- the opponent on the right of the player *from whom* the suit is called
  (the offender's right-hand opponent when it is called from him, the partner's when from the
  partner). Seats go clockwise N-E-S-W and play passes to the left (:mod:`tutor.seats`), so when
  the suit is called from South, East calls it.
- 000 «Масти и взятки» 4 and 004 «Ренонсирование»: the revoke penalty (:mod:`tutor.scoring`).
- 000 «Ошибки» 8: only the last two tricks may be looked at (:meth:`PlayState.last_tricks`).

The content asks :func:`legal_under_penalties` (an item's called card or suit); a table that holds
penalties through a deal checks each card with :func:`verify_under_penalties` and drops the spent
ones with :func:`expire_penalties` (tests/test_laws.py plays them through whole tricks).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from tutor.cards import Card, Suit
from tutor.errors import IllegalPlayError, WhistError
from tutor.play import PlayState, Trick
from tutor.seats import Seat

__all__ = [
    "LawError",
    "CalledCard",
    "CalledSuit",
    "PlayPenalty",
    "legal_under_penalties",
    "verify_under_penalties",
    "OutOfTurnLead",
    "judge_lead_out_of_turn",
    "expire_penalties",
]


class LawError(WhistError):
    """A penalty that the laws do not allow (wrong seat, a card not exposed, a suit not callable)."""


@dataclass(frozen=True)
class CalledCard:
    """An exposed card of ``seat`` that the opponents have called: it must be played at once if
    that is legal (000 «Ошибки» 7; 004 «Карты, подлежащие объявлению»)."""

    seat: Seat
    card: Card

    def __str__(self) -> str:
        return f"{self.seat.name} must play the exposed {self.card}"


@dataclass(frozen=True)
class CalledSuit:
    """After a lead out of turn the opponents demand a suit: ``seat`` must lead it when he next
    has the lead, if he holds it (000 «Ошибки» 3; 004 «Внеочередной заход»)."""

    seat: Seat
    suit: Suit

    def __str__(self) -> str:
        return f"{self.seat.name} must lead {self.suit.symbol}"


#: A penalty that narrows what one player may play (not the revoke penalty of a rule set,
#: :data:`tutor.rulesets.Penalty`, which says how a revoke is paid in the score).
PlayPenalty = CalledCard | CalledSuit


class TableView(Protocol):
    """As much of a position as :func:`legal_under_penalties` reads -- who is to play, whether a
    trick is on the table, what following suit allows -- met by a :class:`PlayState` (all hands)
    and by a :class:`tutor.seatview.SeatView` (one seat's view: the content knows only South's
    cards). A protocol, not a third kind of view: it holds nothing."""

    @property
    def to_play(self) -> Seat: ...

    @property
    def current(self) -> Sequence[Card] | Trick | None: ...

    def legal_cards(self) -> tuple[Card, ...]: ...


def legal_under_penalties(state: TableView, penalties: Iterable[PlayPenalty]) -> tuple[Card, ...]:
    """The cards the player to move may play once the penalties against him are applied.

    The duty to follow suit always comes first: a called card or suit that would make the player
    revoke is not enforced (004: «при условии реализации ходов без ренонса»; the penalty cannot be
    exacted «в случае отсутствия у игрока карт в масти»).
    """
    seat = state.to_play
    legal = state.legal_cards()
    for p in penalties:
        if p.seat != seat:
            continue
        if isinstance(p, CalledCard) and p.card in legal:
            return (p.card,)
        if isinstance(p, CalledSuit) and not state.current:
            of_suit = tuple(c for c in legal if c.suit == p.suit)
            if of_suit:
                legal = of_suit
    return legal


def verify_under_penalties(state: PlayState, card: Card, penalties: Sequence[PlayPenalty]) -> Card:
    """Raise :class:`IllegalPlayError` naming the law when ``card`` breaks the laws or a penalty."""
    state.verify_play(card)
    allowed = legal_under_penalties(state, penalties)
    if card not in allowed:
        seat = state.to_play
        for p in penalties:
            if p.seat != seat:
                continue
            if isinstance(p, CalledCard) and p.card in allowed:
                raise IllegalPlayError(
                    f"{seat.name} must play the exposed {p.card}: the opponents called it "
                    "(000 «Ошибки» 7: «Картами, открытыми до окончания игры, распоряжаются противники»)"
                )
            if isinstance(p, CalledSuit):
                raise IllegalPlayError(
                    f"{seat.name} must lead {p.suit.symbol}: the opponents called the suit after a lead out "
                    "of turn (000 «Ошибки» 3: «требовать, чтобы он ходил с известной масти»)"
                )
        raise IllegalPlayError(f"{card} may not be played now")
    return card


def expire_penalties(penalties: Iterable[PlayPenalty], seat: Seat, card: Card, led: bool) -> tuple[PlayPenalty, ...]:
    """The penalties still in force after ``seat`` played ``card``.

    A called card is spent once played; a called suit once its player has had the lead (whether
    or not he held the suit -- the penalty lapses, 004).
    """
    kept: list[PlayPenalty] = []
    for p in penalties:
        if p.seat == seat and isinstance(p, CalledCard) and p.card == card:
            continue
        if p.seat == seat and isinstance(p, CalledSuit) and led:
            continue
        kept.append(p)
    return tuple(kept)


@dataclass(frozen=True)
class OutOfTurnLead:
    """What the opponents may do about a lead out of turn, and who decides (see
    :func:`judge_lead_out_of_turn`).

    ``suit_may_be_called_from`` are the seats a suit may be demanded from; ``callers`` pairs each
    of them with the opponents who may demand it (:meth:`callers_for`); ``decided_by`` is every
    opponent who has some say.
    """

    offender: Seat
    card: Card
    rightful_leader: Seat
    suit_may_be_called_from: tuple[Seat, ...]
    callers: tuple[tuple[Seat, tuple[Seat, ...]], ...]

    @property
    def decided_by(self) -> tuple[Seat, ...]:
        """Every opponent who may exact a penalty from some seat (in the order of the seats)."""
        out: list[Seat] = []
        for _, who in self.callers:
            out.extend(s for s in who if s not in out)
        return tuple(out)

    def callers_for(self, seat: Seat) -> tuple[Seat, ...]:
        """Who may call a suit from ``seat`` (empty when no suit may be called from him).

        american (004 «Внеочередной заход»): only the opponent on the right of ``seat`` -- «противник,
        сидящий справа от игрока, у которого на законных основаниях может быть отозвана масть»;
        russian (000 «Ошибки» 3): «противники», either opponent.
        """
        return next((who for s, who in self.callers if s == seat), ())

    def accept(self, state: PlayState) -> None:
        """The card stands as the lead; play goes on from the offender (000 «Ошибки» 3)."""
        state.accept_lead_out_of_turn(self.offender, self.card)

    def call_suit(self, suit: Suit, *, from_seat: Seat | None = None, by: Seat | None = None) -> tuple[CalledCard, CalledSuit]:
        """The card goes back to the offender's hand face up, at the opponents' disposal
        (000 «Ошибки» 7), and the suit is demanded from ``from_seat`` (default: the offender).

        ``by`` is the opponent who calls; a call from a seat that may not be called from, or by an
        opponent who has no right to call it (004: only the one on that seat's right), raises
        :class:`LawError`. Returns the exposed card as a penalty the opponents may call, and the
        called suit.
        """
        target = self.suit_may_be_called_from[0] if from_seat is None else from_seat
        allowed = self.callers_for(target)
        if not allowed:
            raise LawError(f"no suit may be called from {target.name} after {self.offender.name}'s lead out of turn")
        if by is not None and by not in allowed:
            raise LawError(
                f"{by.name} may not call a suit from {target.name}: only "
                f"{' or '.join(s.name for s in allowed)} may (004 «Внеочередной заход»: «Штраф может взыскать "
                "только противник, сидящий справа от игрока, у которого на законных основаниях может быть "
                "отозвана масть»)")
        return CalledCard(self.offender, self.card), CalledSuit(target, suit)


def judge_lead_out_of_turn(state: PlayState, offender: Seat, card: Card, *, rules: str = "russian") -> OutOfTurnLead:
    """A lead by ``offender`` when another seat should lead: the opponents' options.

    russian (000 «Ошибки» 3): accept the card, or demand a suit from the offender; «противники»
    -- either opponent -- may speak. american (004 «Внеочередной заход»): the suit may be called
    from the offender or his partner when either next has the lead, and only by the opponent on
    the right of the player from whom it is called: the offender's right-hand opponent for the
    offender, the partner's right-hand opponent (the offender's left-hand one) for the partner.
    """
    if state.current:
        raise LawError("a lead out of turn is made to an empty table")
    if offender == state.to_play:
        raise LawError(f"{offender.name} is on lead: this is no lead out of turn")
    if not state.holds(offender, card):
        raise LawError(f"{offender.name} does not hold {card}")
    callers: tuple[tuple[Seat, tuple[Seat, ...]], ...]
    if rules == "american":
        callers = tuple((seat, (seat.rho,)) for seat in (offender, offender.partner))
    else:
        callers = ((offender, (offender.lho, offender.rho)),)
    return OutOfTurnLead(offender, card, state.to_play, tuple(s for s, _ in callers), callers)
