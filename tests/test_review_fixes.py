"""Checks added by the code review: the law of following suit stated once, the honours a
breakdown names, a standing that names a side twice, the Russian honours table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cli import main
from tutor.content.engine import number_for
from tutor.deal import Deal
from tutor.play import PlayState, follow_suit
from tutor.scoring import ScoreError, parse_standing

LAYOUT = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cards=st.integers(0, 51))
def test_follow_suit_allows_the_suit_led_else_any_card(seed: int, cards: int) -> None:
    """000 «Масти и взятки» 1-2: follow suit if able, else any card -- follow_suit() on a Hand
    agrees with the play engine's own masks at every point of a random play."""
    rng = random.Random(seed)
    state = PlayState(Deal.random(seed))
    for _ in range(cards):
        state.play(rng.choice(state.legal_cards()))
    assert follow_suit(state.hand(state.to_play), state.suit_led) == state.legal_cards()


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


def test_standing_naming_a_side_twice_is_refused() -> None:
    """A standing names each side once: ``NS=4,NS=2`` is an error, not the last value."""
    with pytest.raises(ScoreError, match="twice"):
        parse_standing("NS=4, ns=2")
    assert parse_standing("NS=4, EW=2")


def test_russian_honours_table_uses_russian_rank_letters(capsys: pytest.CaptureFixture[str]) -> None:
    """Everything a learner reads exists in Russian: the honours are «Т К Д В 10», and a
    coronka of four is «4 карты»."""
    assert main(["honours", "--deal", LAYOUT, "--trump", "S2", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "онеры: Т К Д В 10" in out
    assert "(4 карты, козырная)" in out and "4 карт " not in out
