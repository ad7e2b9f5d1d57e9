"""What the student sees of an item, from the South seat: the pure part of drawing a position.

No streamlit here, so the tests and the benchmark can check it directly. It reads the item's
played tricks with :func:`tutor.play.follow_history` (the laws checked as far as South's hand
allows), works out South's remaining cards, how many cards each hidden hand still holds, the trick
in progress and the cards South may legally play now (000 "Масти и взятки" 1-2: follow suit).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.cards import Card, Hand, Suit
from tutor.deal import parse_trump
from tutor.play import Trick, follow_history
from tutor.seats import Seat, Side, parse_seat

__all__ = ["SeatView", "seat_view"]


@dataclass(frozen=True)
class SeatView:
    """South's view: remaining hand, hidden hands' sizes, tricks so far, the trick in progress."""

    me: Seat
    hand: Hand
    dealer: Seat
    trump_card: Card | None
    trump: Suit | None
    tricks: tuple[Trick, ...]
    current: Trick | None
    counts: dict[Seat, int]
    to_play: Seat
    won_ns: int
    won_ew: int

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the student may play now: the suit led if he holds it, else any card."""
        if self.current is not None and self.current.cards:
            led = self.current.cards[0].suit
            follow = self.hand.suit(led)
            if follow:
                return tuple(follow)
        return tuple(self.hand)

    @property
    def finished_tricks(self) -> tuple[Trick, ...]:
        return tuple(tr for tr in self.tricks if tr.complete)


def seat_view(hand: Hand | str, trump_card: Card | str | None, dealer: Seat | str, played: str | Sequence[Trick] | None = None,
              *, me: Seat = Seat.S) -> SeatView:
    """The position of an item from ``me``'s seat (raises HistoryError if the record breaks the laws)."""
    hand = hand if isinstance(hand, Hand) else Hand.parse(hand)
    dealer = parse_seat(dealer)
    trump, card = parse_trump(trump_card) if not isinstance(trump_card, Card) else (trump_card.suit, trump_card)
    view = follow_history(played or [], trump, dealer.lho, known={me: hand})
    mine = [c for tr in view.tricks for s, c in tr.plays() if s == me]
    played_by = {s: sum(1 for tr in view.tricks for seat, _ in tr.plays() if seat == s) for s in Seat}
    return SeatView(
        me=me,
        hand=hand.without(*mine) if mine else hand,
        dealer=dealer,
        trump_card=card,
        trump=trump,
        tricks=view.tricks,
        current=view.current,
        counts={s: 13 - played_by[s] for s in Seat},
        to_play=view.next_to_play,
        won_ns=view.tricks_won(Side.NS),
        won_ew=view.tricks_won(Side.EW),
    )
