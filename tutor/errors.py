"""The project's own error types.

Every kind of bad input (a card, a hand, a deal, a play, a rule-set name, a content file) raises
a small :class:`ValueError` subclass, so callers -- the CLI, the app, the content linter -- can
catch ``WhistError`` and show one clear line instead of a traceback.
"""

from __future__ import annotations

__all__ = [
    "WhistError",
    "CardError",
    "HandError",
    "SeatError",
    "DealError",
    "HistoryError",
    "IllegalPlayError",
    "RulesetError",
]


class WhistError(ValueError):
    """Base class of every error the tutor raises on bad input."""


class CardError(WhistError):
    """A card, suit or rank could not be read."""


class HandError(WhistError):
    """A hand is malformed: a bad card, a duplicate, or the wrong number of cards."""


class SeatError(WhistError):
    """A seat or side could not be read."""


class DealError(WhistError):
    """A deal is inconsistent: wrong hand sizes, a card twice, a trump card not in the dealer's hand."""


class HistoryError(WhistError):
    """A record of played tricks could not be read or does not fit the hand it is played from."""


class IllegalPlayError(WhistError):
    """A card was played against the laws (out of turn, not held, or failing to follow suit)."""


class RulesetError(WhistError):
    """An unknown rule-set name or an inconsistent rule-set definition."""
