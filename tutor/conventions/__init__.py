"""The conventions engine: the maxims catalogue (data) and the advice built on it.

>>> from tutor.conventions import Position, advise
>>> advise(Position.build(hand="K74.AQ32.T98.765", trump="C2")).card
Card.parse('S4')

Modules: :mod:`.position` (what the student sees and infers), :mod:`.rules` (the shape of a
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
from tutor.conventions.position import Knowledge, Position, PositionError
from tutor.conventions.systems import Difference, UnknownSystemError, differences

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
    "Position",
    "Knowledge",
    "PositionError",
    "Difference",
    "differences",
    "UnknownSystemError",
]
