"""Where an item's history leaves South: whose turn, South's cards left, and what is legal.

The linter checks the answer against it and the grader judges a response by it. Played tricks
are replayed on the whole deal when the item gives it; otherwise they are followed with only
South's hand known -- the student's own view -- and the trump card, if it was played, must have
come from the dealer, whose card it is (000 «Сдача» 9). A penalty the item sets (a called exposed
card, a suit called after a lead out of turn) narrows what is legal (:mod:`tutor.content.rulings`).
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.cards import Card, Hand
from tutor.content.rulings import Ruling, follow_suit_cards, rule_on_penalties
from tutor.content.models import Item
from tutor.play import PlayState, Trick, follow_history
from tutor.seats import Seat

__all__ = ["Situation", "situation"]


@dataclass(frozen=True)
class Situation:
    """Where the item's history leaves South: who plays, South's cards left, what is legal."""

    to_play: Seat
    remaining: Hand
    current: Trick | None
    legal: tuple[Card, ...]
    #: the cards following suit allows (``legal`` is narrower when a penalty binds)
    follow: tuple[Card, ...] = ()
    #: the penalty ruling (a called exposed card, a called suit), when the item sets one
    ruling: Ruling | None = None


def situation(item: Item) -> Situation:
    """Replay the item's history and say where it leaves South; raises WhistError where it breaks.

    With the whole deal the history is replayed card by card; otherwise it is followed with only
    South's hand known (the student's view), and the trump card, if played, must come from the
    dealer.
    """
    hand = item.student_hand
    deal = item.full_deal()
    if deal is not None:
        state = PlayState.from_history(deal, item.tricks_played)
        current = Trick(state.leader, tuple(state.current)) if state.current else None
        remaining = state.hand(Seat.S)
        to_play = state.to_play
    else:
        tricks = item.tricks_played
        view = follow_history(tricks, item.trump_card.suit, item.dealer_seat.lho, known={Seat.S: hand},
                              trump_card=item.trump_card)
        mine = [c for t in tricks for s, c in t.plays() if s == Seat.S]
        remaining = hand.without(*mine) if mine else hand
        current, to_play = view.current, view.next_to_play
    if to_play != Seat.S:
        return Situation(to_play, remaining, current, ())
    follow = follow_suit_cards(remaining, current)
    if not item.exposed and item.called_suit is None:
        return Situation(to_play, remaining, current, follow, follow)
    ruling = rule_on_penalties(remaining, current, exposed=item.exposed_cards, called=item.called_card,
                               called_suit=item.called_suit_of)
    return Situation(to_play, remaining, current, ruling.cards, follow, ruling)
