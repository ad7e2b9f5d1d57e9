"""Opening leads: which suit and which card (000 «Ходы, масти, козыри» = LST, «Намеки и подсказки» = HNT).

Every maxim has a test where it decides and one where a higher maxim in the documented priority
order (tutor.conventions.advice.LEAD_ORDER / holdings.RUSSIAN_CARD_ORDER) overrides it. The
student sits S and leads first (dealer E); trumps are clubs unless said otherwise.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import Hand, Rank, Suit
from tutor.conventions import SeatView, advise, differences
from tutor.conventions.holdings import lead_from_holding


def lead(hand: str, trump: str = "C", system: str = "russian", suit: Suit | None = None):
    return advise(SeatView.build(hand=hand, trump=trump), system, suit=suit)


def why_not(advice, card: str) -> str:
    v = advice.verdict_for(card)
    assert v is not None, f"no verdict for {card}"
    return v.maxims[0]


# -- card from a suit: the table ------------------------------------------------------------

RUSSIAN_TABLE = [
    ("K74", "4", "king-third-lead-small"),
    ("K742", "2", "king-third-lead-small"),
    ("A74", "4", "ace-small-lead-small"),
    ("A742", "2", "ace-small-lead-small"),
    ("A7432", "A", "ace-fifth-lead-ace"),
    ("AK4", "K", "ace-king-lead-king"),
    ("AKQ4", "Q", "coronka-lead-queen"),
    ("AKQJ4", "K", "quart-major-lead-king"),
    ("KQ4", "K", "top-of-touching-honours"),
    ("QJ94", "Q", "top-of-touching-honours"),
    ("QJT4", "Q", "top-of-touching-honours"),
    ("JT94", "J", "top-of-touching-honours"),
]


@pytest.mark.parametrize("holding, card, maxim", RUSSIAN_TABLE)
def test_russian_card_from_suit_table(holding, card, maxim):
    """000 LST 1-3, HNT 9-11 (002 the same: «при дамі, валет, десятці потрібно ходити з пані»):
    the card led from each classic holding."""
    cards = Hand.parse(holding + "...").suit(Suit.S)
    got = lead_from_holding(cards, system="russian")
    assert got is not None and got.maxim == maxim
    assert [c.rank.char for c in got.keep] == [card]


ENGLISH_DIFFERENCES = [
    ("AKQ4", "Q", "K"),  # coronka: russian queen (HNT 11), english king (Cavendish)
    ("AKQ", "Q", "K"),
    ("K9753", "3", "5"),  # strong long suit: russian top-or-bottom (LST 7), english fourth best
    ("A9753", "A", "A"),  # ace fifth: both lead the ace -- no difference
    ("K742", "2", "2"),  # king fourth: the fourth best is the lowest -- no difference
]


@pytest.mark.parametrize("holding, ru, en", ENGLISH_DIFFERENCES)
def test_english_differences_from_russian(holding, ru, en):
    """000 HNT 11, LST 7 against Cavendish/EB1911 (A-K-Q -> K; long suits fourth best; A-x-x-x-x ace)."""
    diffs = differences(holding)
    if ru == en:
        assert diffs == []
    else:
        (d,) = diffs
        assert (d.system_a_card.rank.char, d.system_b_card.rank.char) == (ru, en)
        assert d.note["en"] and d.note["ru"]


@given(ranks=st.sets(st.sampled_from(list(Rank)), min_size=1, max_size=13), trump=st.booleans())
def test_holding_rules_keep_cards_of_the_holding(ranks, trump):
    """000 LST 7 «не со средней» and the rest: whatever the holding, a rule keeps cards of it, and
    the ranks-only holding text parses to the same suit."""
    text_ = "".join(r.char for r in sorted(ranks, reverse=True))
    cards = Hand.parse(text_ + "...").suit(Suit.S)
    for system in ("russian", "english"):
        got = lead_from_holding(cards, system=system, trump=trump)
        assert got is None or (got.keep and set(got.keep) <= set(cards))
    for d in differences(text_, trump=trump):
        assert d.system_a_card in cards and d.system_b_card in cards and d.system_a_card != d.system_b_card


def test_advice_mentions_the_other_system_when_they_differ():
    """000 HNT 11 vs Cavendish: leading from A-K-Q the explanation names the english card."""
    a = lead("AKQ2.932.932.543")
    assert str(a.card) == "SQ" and "♠K" in a.explanation["en"] and "♠К" in a.explanation["ru"]
    b = lead("AKQ2.932.932.543", system="english")
    assert str(b.card) == "SK" and "♠Q" in b.explanation["en"]


def test_suit_restriction_asks_only_for_the_card():
    """000 LST 3: asked which spade to lead from K-x-x, the answer is the small one."""
    a = lead("K74.AQ32.T98.765", suit=Suit.S)
    assert str(a.card) == "S4" and a.maxims[0] == "king-third-lead-small"
    assert {str(v.card) for v in a.candidates} == {"SK", "S7"}


# -- card maxims: decide / overridden ---------------------------------------------------------


def test_king_third_lead_small():
    """000 LST 3: «Имея короля сам-третей … следует идти с маленькой»."""
    a = lead("K742.932.932.543")
    assert str(a.card) == "S2" and a.maxims[0] == "king-third-lead-small"
    assert why_not(a, "SK") == "king-third-lead-small"


def test_king_third_lead_small_overridden_by_touching_honours():
    """000 HNT 9 ranks above LST 3: from K-Q-x-x lead the king."""
    a = lead("KQ74.932.932.543")
    assert str(a.card) == "SK" and a.maxims[0] == "top-of-touching-honours"
    assert "king-third-lead-small" not in a.maxims


def test_ace_small_lead_small():
    """000 LST 2, HNT 11: «При тузе сам-четверт ходят с младшей»."""
    a = lead("A742.932.932.543")
    assert str(a.card) == "S2" and a.maxims[0] == "ace-small-lead-small"
    assert why_not(a, "SA") == "ace-small-lead-small"


def test_ace_small_lead_small_overridden_by_trump_lead():
    """000 LST 12 (four or five trumps: lead trumps) ranks above the card from A-x-x-x."""
    a = lead("A742.93.93.86543")
    assert a.card.suit == Suit.C and "ace-small-lead-small" not in a.maxims


def test_ace_fifth_lead_ace():
    """000 HNT 11: «При тузе сам-пят ходят с туза и продолжают с младшей»."""
    a = lead("A7432.932.932.54")
    assert str(a.card) == "SA" and a.maxims[0] == "ace-fifth-lead-ace"


def test_ace_fifth_lead_ace_overridden_by_ace_queen():
    """000 LST 13 ranks above HNT 11: A-Q-x-x-x is not opened at all."""
    a = lead("AQ742.932.932.54")
    assert a.card.suit != Suit.S and "ace-fifth-lead-ace" not in a.maxims
    assert why_not(a, "SA") == "never-lead-ace-queen"


def test_ace_king_lead_king():
    """000 HNT 10: «Имея туза и короля, выходят сначала королем»."""
    a = lead("AK72.932.932.543")
    assert str(a.card) == "SK" and a.maxims[0] == "ace-king-lead-king"


def test_ace_king_lead_king_overridden_by_drawing_trumps():
    """000 LST 11 ranks above HNT 10: a strong suit and five trumps -> draw trumps first."""
    a = lead("AK72.93.93.86543")
    assert a.card.suit == Suit.C and "ace-king-lead-king" not in a.maxims
    assert why_not(a, "SK") == "draw-trumps-for-strong-suit"


def test_coronka_lead_queen():
    """000 HNT 11: «При коронке … первый выход должен быть с дамы»."""
    a = lead("AKQ2.932.932.543")
    assert str(a.card) == "SQ" and a.maxims[0] == "coronka-lead-queen"
    assert why_not(a, "SK") == "coronka-lead-queen"


def test_coronka_lead_queen_overridden_by_drawing_trumps():
    """000 LST 11 ranks above HNT 11: with A-K-Q-x and four trumps, trumps first."""
    a = lead("AKQ2.932.93.6543")
    assert a.card.suit == Suit.C and "coronka-lead-queen" not in a.maxims


def test_quart_major_lead_king():
    """000 HNT 11: «При кварт-мажоре … ходят с короля и дамы»."""
    a = lead("AKQJ.932.932.543")
    assert str(a.card) == "SK" and a.maxims[0] == "quart-major-lead-king"


def test_quart_major_lead_king_overridden_by_trump_lead():
    """000 LST 11/12 rank above HNT 11."""
    a = lead("AKQJ.932.93.6543")
    assert a.card.suit == Suit.C and "quart-major-lead-king" not in a.maxims


def test_top_of_touching_honours():
    """000 LST 1: «имея даму, валета, девятку, нужно ходить с дамы»; HNT 9."""
    a = lead("QJ92.932.932.543")
    assert str(a.card) == "SQ" and a.maxims[0] == "top-of-touching-honours"
    assert why_not(a, "SJ") == "top-of-touching-honours"


def test_top_of_touching_honours_overridden_by_trump_lead():
    """000 LST 12 ranks above HNT 9."""
    a = lead("QJ92.932.93.6543")
    assert a.card.suit == Suit.C and "top-of-touching-honours" not in a.maxims


def test_strong_suit_top_or_bottom():
    """000 LST 7: «выходят с самой старшей карты или уж с самой младшей, но только не со средней» --
    a suit strong at the head (A-Q-x-x-x, asked of its own cards: 000 LST 13 keeps the suit
    closed while another lead exists): its top or its bottom."""
    a = lead("AQ753.932.932.54", suit=Suit.S)
    assert str(a.card) == "S3" and a.maxims[0] == "strong-suit-top-or-bottom"
    assert a.verdict_for("SA").verdict == "equal"
    assert why_not(a, "S7") == "strong-suit-top-or-bottom"


def test_king_fifth_leads_the_lowest_not_the_king():
    """Content review D-1: K-x-x-x-x is long, not strong at the head; no book leads the king from
    king and small (Hoyle, Cavendish), and 000 LST 7 rules out a middle card: the lowest."""
    a = lead("K9753.932.932.54")
    assert str(a.card) == "S3" and a.maxims[0] == "long-suit-lead-lowest"
    assert why_not(a, "SK") == "long-suit-lead-lowest" and why_not(a, "S5") == "long-suit-lead-lowest"


def test_strong_suit_top_or_bottom_overridden_by_touching_honours():
    """000 HNT 9 ranks above LST 7: K-Q-x-x-x leads the king."""
    a = lead("KQ742.93.932.543")
    assert str(a.card) == "SK" and "strong-suit-top-or-bottom" not in a.maxims


def test_fourth_best_from_long_suit():
    """English (Cavendish's American leads): the fourth best, Pole's lowest accepted as equal."""
    a = lead("Q9742.93.932.543", system="english")
    assert str(a.card) == "S4" and a.maxims[0] == "fourth-best-from-long-suit"
    assert a.verdict_for("S2").verdict == "equal"


def test_fourth_best_from_long_suit_overridden_by_touching_honours():
    """Cavendish: a long suit headed by a sequence leads its top (HNT 9 in the seeds)."""
    a = lead("KQ742.93.932.543", system="english")
    assert str(a.card) == "SK" and "fourth-best-from-long-suit" not in a.maxims


def test_lead_highest_trump_from_three_when_forced():
    """000 HNT 13 in its scope: «сознавая необходимость с них ходить» -- a trump lead from three
    trumps (asked of the trumps alone) starts with the highest."""
    a = lead("9432.932.942.AT5", suit=Suit.C)
    assert str(a.card) == "CA" and a.maxims[0] == "lead-highest-trump"
    assert why_not(a, "C5") == "lead-highest-trump"


def test_long_trumps_do_not_lead_the_highest():
    """000 HNT 13 is Hoyle's "when you lead small trumps, begin with the highest"; with four or
    more trumps Hoyle leads small ("if five trumps of a lower denomination, begin with the
    lowest"), and LST 12's trump lead follows the card rules of a long suit (content review E-3)."""
    a = lead("932.932.932.AT54")
    assert a.card.suit == Suit.C and str(a.card) != "CA"
    assert a.maxims[0] == "ace-small-lead-small"


def test_lead_highest_trump_overridden_by_waiting_for_a_call():
    """000 LST 8 ranks above HNT 13: with three trumps no trump is led at all."""
    a = lead("9432.9432.93.AT5")
    assert a.card.suit != Suit.C and "lead-highest-trump" not in a.maxims
    assert why_not(a, "CA") == "few-trumps-wait-for-call"


# -- suit maxims: decide / overridden ---------------------------------------------------------


def test_never_lead_singleton():
    """000 HNT 5: «Не следует делать выход с одиночной карты … Это — непростительная ошибка!»"""
    a = lead("8743.5.96432.872")
    assert a.card.suit != Suit.H
    v = a.verdict_for("H5")
    assert v.verdict == "bad" and v.maxims[0] == "never-lead-singleton"


def test_never_lead_singleton_overridden_by_trump_lead():
    """000 LST 12 ranks above HNT 5."""
    a = lead("8743.5.9643.8762")
    assert a.card.suit == Suit.C and why_not(a, "H5") == "lead-trumps-with-four-or-five"


def test_never_lead_ace_queen():
    """000 LST 13: «Не делают выход с той масти, в которой имеются туз и дама»."""
    a = lead("AQ32.9432.843.54")
    assert a.card.suit != Suit.S
    assert a.verdict_for("SA").verdict == "bad" and why_not(a, "S2") == "never-lead-ace-queen"


def test_never_lead_ace_queen_overridden_by_trump_lead():
    """000 LST 12 ranks above LST 13."""
    a = lead("AQ32.9432.8.6543")
    assert a.card.suit == Suit.C and "never-lead-ace-queen" not in a.maxims


def test_never_lead_king_doubleton():
    """000 LST 3: «От короля сам-друг не следует ходить совершенно!»"""
    a = lead("K4.9432.8432.543")
    assert a.card.suit != Suit.S and why_not(a, "SK") == "never-lead-king-doubleton"


def test_never_lead_king_doubleton_overridden_when_nothing_else_is_allowed():
    """000 LST 13 and LST 8 rank above LST 3: A-Q suits and three trumps leave only K-x."""
    a = lead("K4.AQ32.AQ32.543")
    assert a.card.suit == Suit.S and "never-lead-king-doubleton" not in a.maxims


def test_doubleton_honour_shows_weakness():
    """000 HNT 1: «Ходить с дамы сам-друг … только в том случае, если на руках у вас нет никакой игры»."""
    a = lead("Q4.9432.8432.543")
    assert a.card.suit != Suit.S and why_not(a, "SQ") == "doubleton-honour-shows-weakness"
    b = lead("Q4.AQ32.AQ32.543")  # no game elsewhere: then the queen
    assert str(b.card) == "SQ" and b.maxims[0] == "doubleton-honour-shows-weakness"


def test_doubleton_honour_shows_weakness_overridden_by_trump_lead():
    """000 LST 12 ranks above HNT 1."""
    a = lead("Q4.9432.943.6543")
    assert a.card.suit == Suit.C and "doubleton-honour-shows-weakness" not in a.maxims


def test_avoid_queen_third():
    """000 LST 4: «От дамы сам-третей следует ходить только в исключительном случае»."""
    a = lead("Q74.9432.8432.54")
    assert a.card.suit != Suit.S and why_not(a, "SQ") == "avoid-queen-third"


def test_avoid_queen_third_overridden_when_nothing_better_exists():
    """000 LST 13 and LST 8 rank above LST 4: A-Q suits and trumps leave only Q-x-x."""
    a = lead("Q74.AQ32.AQ32.54")
    assert a.card.suit == Suit.S and "avoid-queen-third" not in a.maxims


def test_lead_long_suit():
    """000 LST 1: «Лучше ходить от длинной масти или от рядовых карт»."""
    a = lead("98743.932.932.54")
    assert a.card.suit == Suit.S and "lead-long-suit" in a.maxims
    assert why_not(a, "H9") == "lead-long-suit"


def test_lead_long_suit_overridden_by_trump_lead():
    """000 LST 12 ranks above LST 1."""
    a = lead("98743.93.9.86543")
    assert a.card.suit == Suit.C and "lead-long-suit" not in a.maxims


def test_lead_trumps_with_four_or_five():
    """000 LST 12: «Если козырей на руках четыре или пять, рекомендуется ходить с козыря»."""
    a = lead("932.932.932.T654")
    assert str(a.card) == "C4" and "lead-trumps-with-four-or-five" in a.maxims
    assert why_not(a, "S9") == "lead-trumps-with-four-or-five"


def test_lead_trumps_with_four_or_five_overridden_by_drawing_for_a_strong_suit():
    """000 LST 11 ranks above LST 12: the trumps are drawn to protect the strong suit."""
    a = lead("AKQ2.93.93.T6543")
    assert a.card.suit == Suit.C and "lead-trumps-with-four-or-five" not in a.maxims
    assert "draw-trumps-for-strong-suit" in a.maxims


def test_draw_trumps_for_strong_suit():
    """000 LST 11: «Когда на руках хорошая масть, то непременно нужно козырять»."""
    a = lead("AKQ2.93.93.T6543")
    assert str(a.card) == "C3" and why_not(a, "SQ") == "draw-trumps-for-strong-suit"


def test_draw_trumps_for_strong_suit_overridden_by_few_trumps():
    """000 LST 8 ranks above LST 11: with two trumps, wait for partner's call."""
    a = lead("AKQ32.932.932.54")
    assert str(a.card) == "SQ" and "draw-trumps-for-strong-suit" not in a.maxims
    assert why_not(a, "C5") == "few-trumps-wait-for-call"


def test_few_trumps_wait_for_call():
    """000 LST 8: «Имея на руках не более трех козырей, козырять не следует, пока этого не захочет партнер»."""
    a = lead("9432.9432.93.AT5")
    assert a.card.suit != Suit.C and why_not(a, "C5") == "few-trumps-wait-for-call"


def test_top_of_touching_honours_not_a_pair_below_the_honours_in_a_long_suit():
    """The books' scope of the rule (Cavendish, Analysis of leads: knave, ten and small -- a small
    card; Pole, Theory of Whist: the lowest, by the general rule; old Hoyle, how to lead trumps
    no. 25): J-10 or 10-9 heading four cards or more is no pair of honours (the ten is none), and
    the suit is led like any long suit -- the lowest (000 Leads §7)."""
    for holding, low in (("JT64", "S4"), ("JT852", "S2"), ("T9753", "S3")):
        a = lead(f"{holding}.932.932.{'54' if len(holding) == 5 else '543'}")
        assert str(a.card) == low, holding
        assert a.maxims[0] == "long-suit-lead-lowest" and "top-of-touching-honours" not in a.maxims


def test_top_of_touching_honours_keeps_honour_pairs_sequences_and_short_suits():
    """The narrowing above leaves 000's own cases: K-Q and Q-J-9 (HNT 9, Leads §1), a head sequence
    of three (J-10-9) and a short suit (J-10-4, a forced lead): the top card."""
    for holding, top in (("KQ74", "SK"), ("QJ92", "SQ"), ("JT94", "SJ"), ("JT4", "SJ")):
        rest = {4: ".932.932.543", 3: ".9432.932.543"}[len(holding)]
        a = lead(holding + rest, suit=Suit.S)
        assert str(a.card) == top and a.maxims[0] == "top-of-touching-honours", holding
