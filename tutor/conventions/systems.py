"""The two convention systems and where they part ways.

``russian`` is the seeds (000, 002), falling back to classic English whist where they are
silent; ``english`` is Cavendish, Pole and EB1911. Which maxims belong to which system is data
(the catalogue's ``systems`` field): in the english system a maxim the catalogue marks russian
only is not applied. :func:`differences` lists, for one suit holding, the opening lead each
system prescribes when they differ -- the tutor shows both side by side.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from tutor.cards import Card, Hand
from tutor.conventions.catalogue import UnknownMaximError, get_maxim
from tutor.conventions.holdings import lead_from_holding
from tutor.conventions.rules import SYSTEMS, say_with
from tutor.errors import HandError
from tutor.text import Text
from tutor.vocab import Lang, System

__all__ = ["Difference", "differences", "applies", "SYSTEMS"]


@cache
def applies(maxim: str, system: System) -> bool:
    """Whether ``maxim`` is used in ``system``: russian uses every maxim (the seeds, and the
    english rule where they are silent); english only those the catalogue lists for it.

    An id missing from the catalogue is applied (the catalogue test reports it as missing).
    """
    if system == "russian":
        return True
    try:
        return get_maxim(maxim).applies_to(system)
    except UnknownMaximError:
        return True


@dataclass(frozen=True)
class Difference:
    """The two systems lead different cards from one holding."""

    system_a_card: Card  #: the russian system's lead
    system_b_card: Card  #: the english system's lead
    maxims: tuple[str, ...]  #: (russian maxim, english maxim)
    note: Text

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        return {
            "russian": str(self.system_a_card),
            "english": str(self.system_b_card),
            "maxims": list(self.maxims),
            "note": self.note[lang],
        }


_RANKS_ONLY = re.compile(r"^(?:10|[2-9TJQKAtjqkaТКДВткдв])+$")


def _holding(holding: str | Sequence[Card]) -> tuple[Card, ...]:
    """Ranks alone (``"AKQ5"``, ``"K104"``) are read as spades; anything else as a hand."""
    if isinstance(holding, str):
        src = holding.strip().replace(" ", "")
        if _RANKS_ONLY.match(src):
            return Hand.parse(src + "...").cards
        return Hand.parse(holding).cards
    return tuple(holding)


def _choice(cards: tuple[Card, ...], system: System, trump: bool, gone: frozenset[Card]) -> tuple[Card, str] | None:
    """The card ``system`` leads from ``cards`` and the maxim that names it; None if none does."""
    lead = lead_from_holding(cards, system=system, trump=trump, gone=gone, applies=lambda m: applies(m, system))
    if lead is None:
        return None
    # The card the rule names first; where it keeps several alike (top or bottom), the engine's
    # choice among equals: the lowest.
    card = lead.card if lead.accept else min(lead.keep, key=lambda c: c.rank)
    return card, lead.maxim


def differences(
    holding: str | Sequence[Card], trump: bool = False, gone: Iterable[Card] = ()
) -> list[Difference]:
    """Where russian and english lead differently from ``holding`` (ranks ``"AKQ5"`` or cards).

    >>> [(str(d.system_a_card), str(d.system_b_card)) for d in differences("AKQ5")]
    [('SQ', 'SK')]
    >>> differences("K74")
    []
    """
    cards = _holding(holding)
    suits = {c.suit for c in cards}
    if len(suits) > 1:
        raise HandError(f"a holding is one suit, got {Hand(cards).symbols()}")
    gone_set = frozenset(gone)
    ru = _choice(cards, "russian", trump, gone_set)
    en = _choice(cards, "english", trump, gone_set)
    if ru is None or en is None or ru[0] == en[0]:
        return []
    (ru_card, ru_maxim), (en_card, en_maxim) = ru, en
    note = say_with("systems.differences.note", ru_card=Text.each(ru_card.symbol), ru_maxim=ru_maxim,
                    en_card=Text.each(en_card.symbol), en_maxim=en_maxim)
    return [Difference(ru_card, en_card, (ru_maxim, en_maxim), note)]
