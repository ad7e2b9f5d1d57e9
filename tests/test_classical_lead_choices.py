"""The suit of a lead among the suits the maxims above left equal, by the
classical books -- each rule with a position it decides and one where a higher maxim overrides it.

Sources (stored pages read):
- FOST: Foster's Complete Hoyle, Whist, "Rules for leading plain suits" (lead the long suit; the
  short suit's high cards bring it in again).
- CAV-14, CAV-17, CAV-18: Cavendish, Laws and Principles of Whist, 18th ed. -- ch. 14 "Which is the
  strongest suit?" (length first, then high cards), ch. 17 (numerically weak suits: "when you are
  in doubt ... lead from your four-card suit"; "choose ... a sequence ... If you have no sequence,
  lead from your strongest weak suit"), ch. 18 (later leads: "pursue your original lead"; "lead up
  to the weak suit of your right-hand adversary, or through the strong suit of your left-hand
  adversary").
- CAS: Cassell's Book of In-door Amusements, Whist hints: "It is bad policy to lead up to queen or
  knave, the contrary with respect to the ace or king"; POLE: never lead trumps through an
  honour turned up on the left.
"""

from __future__ import annotations

from tutor.cards import Suit
from tutor.conventions import SeatView, advise


def _advice(hand: str, trump: str, played: str | None = None, dealer: str | None = None, system: str = "russian"):
    return advise(SeatView.build(hand=hand, trump=trump, played=played, dealer=dealer), system)


# -- keep-short-honours-for-re-entry (FOST) ----------------------------------------------------------

def test_keep_short_honours_for_re_entry_decides_long_suit_over_short_ace_king():
    """FOST: with ♥96532 and ♠AK4 (touching, so lead-long-suit keeps both) lead the long hearts;
    the ♠A-K bring them in later."""
    a = _advice("AK4.96532.874.T2", "C9")
    assert a.card.suit is Suit.H
    assert "keep-short-honours-for-re-entry" in a.maxims


def test_keep_short_honours_for_re_entry_overridden_by_four_trumps():
    """000 LST 12 (lead-trumps-with-four-or-five) comes first: with four trumps the trump is led
    and the re-entry rule has nothing to choose."""
    a = _advice("AK4.9653.87.T432", "C9")
    assert a.card.suit is Suit.C
    assert "keep-short-honours-for-re-entry" not in a.maxims


# -- lead-four-card-suit-when-in-doubt (CAV-17) ------------------------------------------------------

def test_four_card_suit_when_in_doubt_decides_over_short_sequence():
    """CAV-17: ♠Q-J-10 is a better three-card suit than most, but "when in doubt ... lead from
    your four-card suit": ♥96532."""
    a = _advice("QJT.96532.874.T2", "C9")
    assert a.card.suit is Suit.H
    assert "lead-four-card-suit-when-in-doubt" in a.maxims


def test_four_card_suit_when_in_doubt_overridden_by_never_lead_ace_queen():
    """000 LST 13 (never-lead-ace-queen) rules the four-card ♥A-Q-5-2 out first; among the short
    suits left the forced lead takes the sequence (CAV-17): ♠Q."""
    a = _advice("QJT.AQ52.874.T32", "C9")
    assert str(a.card) == "SQ"
    assert "lead-four-card-suit-when-in-doubt" not in a.maxims
    assert "forced-lead-strongest-weak-suit" in a.maxims


# -- strongest-suit-length-then-honours (CAV-14) -----------------------------------------------------

def test_strongest_suit_prefers_length_to_a_shorter_sequence():
    """CAV-14: "numerical strength is the principal point": ♠J9754 before ♥KQ65 (lead-long-suit
    keeps both, the hearts for their touching honours)."""
    a = _advice("J9754.KQ65.872.3", "C9")
    assert a.card.suit is Suit.S
    assert "strongest-suit-length-then-honours" in a.maxims


def test_strongest_suit_prefers_high_cards_among_equal_lengths():
    """CAV-14: of two suits of five, the one with the higher cards: ♥KT652 before ♠K9754."""
    a = _advice("K9754.KT652.87.3", "C9")
    assert a.card.suit is Suit.H
    assert "strongest-suit-length-then-honours" in a.maxims


def test_strongest_suit_overridden_by_never_lead_ace_queen():
    """000 LST 13: ♥A-Q-10-6-2 is the stronger suit by CAV-14, but a suit of ace and queen is not
    opened; spades are led."""
    a = _advice("K9754.AQT62.87.3", "C9")
    assert a.card.suit is Suit.S
    assert "strongest-suit-length-then-honours" not in a.maxims


# -- forced-lead-strongest-weak-suit (CAV-17, POLE) --------------------------------------------------

def test_forced_lead_from_strongest_weak_suit():
    """CAV-17: no suit of four worth opening (♥A-Q is not opened, three trumps wait): "lead from
    your strongest weak suit" -- ♦K87 (an honour) before ♠954; from K-x-x the small card."""
    a = _advice("954.AQ52.K87.T32", "C9")
    assert a.card.suit is Suit.D
    assert "forced-lead-strongest-weak-suit" in a.maxims


def test_forced_lead_overridden_by_avoid_queen_third():
    """000 LST 4 (avoid-queen-third) comes first: ♠Q54 has the honour, but queen third is opened
    only when nothing better exists, so the forced lead is ♦987."""
    a = _advice("Q54.AQ52.987.T32", "C9")
    assert a.card.suit is Suit.D
    assert "forced-lead-strongest-weak-suit" not in a.maxims


# -- pursue-original-lead (CAV-18) -------------------------------------------------------------------

def test_pursue_original_lead_continues_own_suit():
    """CAV-18: having won with ♠A, go on with spades (♠K-Q kept by lead-long-suit as a sequence)
    rather than open the longer hearts."""
    a = _advice("AKQ.9653.874.T32", "C9", played="S:SA S4 S5 S6")
    assert a.card.suit is Suit.S
    assert "pursue-original-lead" in a.maxims


def test_pursue_original_lead_overridden_when_both_opponents_are_void():
    """000 LST 17 (avoid-suit-opponents-void) comes first: both opponents showed out of spades,
    so the suit is not continued."""
    a = _advice("AKQ.9653.874.T32", "C9", played="S:SA HK S5 HA")
    assert a.card.suit is not Suit.S
    assert "pursue-original-lead" not in a.maxims


# -- lead-up-to-weakness (CAV-18, POLE, CAS) ---------------------------------------------------------

def test_lead_up_to_right_hand_opponents_weak_suit():
    """CAV-18: "lead up to the weak suit of your right-hand adversary": E's first discard was ♦2,
    so of two four-card suits S leads diamonds (strength alone would have chosen ♥9653). E throws
    on his partner's king: no refused ruff (a discard on North's winning card would read as one,
    Cavendish ch. 32, and then force-the-strong-adversary leads spades: tests/test_books_trumps.py)."""
    a = _advice("AJ.9653.8754.T32", "C3", played="W:SK S5 D2 SA",
                dealer="S")
    assert a.card.suit is Suit.D
    assert "lead-up-to-weakness" in a.maxims


def test_lead_up_to_weakness_overridden_by_long_suit():
    """000 LST 1 (lead-long-suit) comes first: with five hearts the long suit is led, whatever E
    discarded."""
    a = _advice("AJ.96532.875.T32", "C3", played="W:SK S5 D2 SA", dealer="S")
    assert a.card.suit is Suit.H
    assert "lead-up-to-weakness" not in a.maxims


# -- turned-up-honour-trump-lead (CAS, POLE) ---------------------------------------------------------

def test_no_trump_lead_up_to_a_turned_up_queen():
    """CAS: "It is bad policy to lead up to queen or knave": the dealer on S's right turned up the
    ♥Q; with four trumps and no strong suit (english: no trump lead is called for) S leads spades."""
    a = _advice("8642.9753.T97.J5", "HQ", system="english")
    assert a.card.suit is Suit.S
    assert "turned-up-honour-trump-lead" in a.maxims


def test_turned_up_honour_overridden_when_trumps_are_wanted():
    """000 LST 12 (russian: four trumps lead trumps) wants trumps out, and then the turned-up
    queen does not stop the trump lead (POLE: "unless you want trumps out")."""
    a = _advice("8642.9753.T97.J5", "HQ", system="russian")
    assert a.card.suit is Suit.H
    assert "turned-up-honour-trump-lead" not in a.maxims
