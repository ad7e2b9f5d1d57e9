"""The conventions engine: the maxims catalogue (data) and the advice built on it.

>>> from tutor.conventions import SeatView, advise
>>> advise(SeatView.build(hand="K74.AQ32.T98.765", trump="C2")).card
Card.parse('S4')

Modules: :mod:`.position` (what the student infers from his :class:`~tutor.seatview.SeatView`), :mod:`.rules` (the shape of a
rule), :mod:`.leads`, :mod:`.following`, :mod:`.discards`, :mod:`.signals` (one function per
maxim), :mod:`.holdings` (the card from a suit, per system), :mod:`.systems` (russian vs
english), :mod:`.advice` (the priority order that combines them), :mod:`.catalogue` (the data).
"""

from tutor.conventions.advice import (
    FOLLOW_ORDER,
    LEAD_ORDER,
    VOID_ORDER,
    Advice,
    NotYourTurnError,
    Verdict,
    advise,
    explain_card,
    legal_cards,
)
from tutor.conventions.position import Knowledge, PositionError, SeatView, knowledge
from tutor.conventions.systems import Difference, differences

__all__ = [
    "Advice",
    "Verdict",
    "advise",
    "explain_card",
    "legal_cards",
    "NotYourTurnError",
    "LEAD_ORDER",
    "FOLLOW_ORDER",
    "VOID_ORDER",
    "SeatView",
    "Knowledge",
    "knowledge",
    "PositionError",
    "Difference",
    "differences",
]
