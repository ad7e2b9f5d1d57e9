"""Where an item's history leaves South: South's :class:`~tutor.seatview.SeatView`, and the cards
the item's laws allow him.

The linter checks the answer against them and the grader judges a response by them. The view is
the one every consumer builds for an item (:func:`item_view`): South's hand, the trump card, the
dealer and the played tricks, checked as far as South's hand allows -- the student's own view --
and, when the item gives the whole deal, replayed on it card by card as well. A penalty the item
sets (a called exposed card, a suit called after a lead out of turn) narrows what following suit
allows (:func:`item_ruling`, :mod:`tutor.content.rulings`).
"""

from __future__ import annotations

from tutor.content.engine import position_of
from tutor.content.models import Item
from tutor.content.rulings import Ruling, rule_on_penalties
from tutor.play import PlayState
from tutor.seats import Seat
from tutor.seatview import SeatView

__all__ = ["item_view", "item_ruling"]


def item_view(item: Item) -> SeatView:
    """South's view of the item; raises WhistError where the history breaks the laws.

    With the whole deal the history is first replayed card by card on all four hands; the view
    itself is South's (:func:`tutor.content.engine.position_of`), where the trump card, if played,
    must come from the dealer.
    """
    deal = item.full_deal()
    if deal is not None:
        PlayState.from_history(deal, item.tricks_played)
    return position_of(item)


def item_ruling(item: Item, view: SeatView) -> Ruling:
    """The cards South may play in ``view`` (none when it is not his turn): the suit led if held,
    narrowed by the item's penalty when one binds (``maxim`` then names it)."""
    if view.to_play != Seat.S:
        return Ruling((), None, None)
    if not item.exposed and item.called_suit is None:
        return Ruling(view.legal_cards(), None, None)
    return rule_on_penalties(view, exposed=item.exposed_cards, called=item.called_card,
                             called_suit=item.called_suit_of)
