"""The content's door to the engines (tutor/content/engine.py): the numbers a question asks for,
with the breakdown the learner reads (``number_for``)."""

from __future__ import annotations

from tutor.content.engine import number_for
from tutor.deal import Deal

LAYOUT = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_no_trump_honours_breakdown_names_the_aces() -> None:
    """002 «Онер є тузи»: without trumps the aces are the honours, and the breakdown shows them."""
    deal = Deal.from_pbn(LAYOUT, trump="NT")
    breakdown = number_for(deal, "honours-count-ns", None, "russian")
    assert breakdown.value == 2
    assert "♠A ♦A" in breakdown.parts[0].en and "♠Т ♦Т" in breakdown.parts[0].ru


def test_trump_honours_breakdown_names_the_sides_cards() -> None:
    """000 REC 3: a side's honours are counted together, whichever partner holds them."""
    deal = Deal.from_pbn(LAYOUT, trump="S")
    assert "(♠A ♠K ♠Q ♠J)" in number_for(deal, "honours-count-ns", None, "russian").parts[0].en
    assert "(♠10)" in number_for(deal, "honours-count-ew", None, "russian").parts[0].en
