"""Later leads and returns, read from the tricks played (000 LST 5, 6, 9, 10, 17; HNT 3, 4, 6, 14).

Each maxim: one test where it decides, one where a higher maxim of advice.LEAD_ORDER overrides it
(or, for the first maxims of the order, where its own condition fails). The student sits S and is
on lead after the tricks shown; trumps are clubs.
"""

from __future__ import annotations

from tutor.cards import Suit
from tutor.conventions import SeatView, advise


def lead(hand: str, played: str, trump: str = "C", system: str = "russian"):
    pos = SeatView.build(hand=hand, trump=trump, played=played)
    assert pos.is_lead and pos.to_play == pos.seat
    return advise(pos, system)


def why_not(advice, card: str) -> str:
    v = advice.verdict_for(card)
    assert v is not None, f"no verdict for {card}"
    return v.maxims[0]


PARTNER_OPENS_HEARTS = "S:S2 S5 SA S3 / N:H5 H6 HK H2"


def test_return_partners_suit():
    """000 LST 5: «Если партнер вышел с какой-нибудь масти и вам удалось взять взятку, то отвечайте ему в ту же масть»."""
    a = lead("942.K87.9432.543", PARTNER_OPENS_HEARTS)
    assert a.card.suit == Suit.H and "return-partners-suit" in a.maxims
    assert why_not(a, "D9") == "return-partners-suit"


def test_return_partners_suit_overridden_by_own_strong_suit():
    """000 LST 6 ranks above LST 5: «если у вас есть своя сильная масть, то следует выйти сперва с нее»."""
    a = lead("942.K87.AKQ2.543", PARTNER_OPENS_HEARTS)
    assert str(a.card) == "DQ" and "return-partners-suit" not in a.maxims


def test_own_strong_suit_first():
    """000 LST 6: the own strong suit before partner's."""
    a = lead("942.K87.AKQ2.543", PARTNER_OPENS_HEARTS)
    assert "own-strong-suit-first" in a.maxims and why_not(a, "H8") == "own-strong-suit-first"


def test_own_strong_suit_first_overridden_by_partners_trump_lead():
    """Pole ("Ere you return your friend's your own suit play; but trumps you must return without
    delay"): partner led trumps, so the trump goes back before the strong suit (return-partners-trump-lead
    ranks above 000 LST 6; it replaced the old test, where one opponent's ruff sent the lead into
    trumps: issue 21, E-5)."""
    played = "N:C6 C7 CA C8"
    a = lead("942.K7.AKQ32.A54", played)
    assert str(a.card) == "C5" and "return-partners-trump-lead" in a.maxims
    assert "own-strong-suit-first" not in a.maxims and why_not(a, "DQ") == "return-partners-trump-lead"


def test_never_return_opponents_suit():
    """000 HNT 3: «Никогда не следует отвечать в масть противников» -- up to the opener: East (on
    South's right) opened diamonds, and led by South they go up to him. (Updated December 2026:
    this test pinned the seats the other way round; West's hearts are now led through him,
    Cavendish ch. 18 "through the strong suit of your left-hand adversary".)"""
    a = lead("943.9872.A93.543", "W:H5 H6 HA H2 / E:D5 DA D6 D7")
    assert a.card.suit == Suit.H and "lead-up-to-weakness" in a.maxims
    v = a.verdict_for("D9")
    assert v.verdict == "bad" and v.maxims[0] == "never-return-opponents-suit"


def test_never_return_opponents_suit_overridden_by_partners_void():
    """000 LST 9 ranks above HNT 3: partner showed out of the opponents' suit -- lead it for his ruff."""
    a = lead("943.9872.A93.543", "W:H5 S5 HA H2 / E:D5 DA D6 D7")
    # The suit is chosen by LST 9; since West's suit is led through him (December 2026), the card
    # of it comes from the lead table (short-suit-lead-highest), cited first.
    assert a.card.suit == Suit.H and a.maxims[:2] == ("short-suit-lead-highest", "lead-into-partners-void")
    assert "never-return-opponents-suit" not in a.maxims


def test_lead_into_partners_void():
    """000 LST 9: «Если у партнера в какой-нибудь масти ренонс, то выгодно ходить к нему именно с этой масти»."""
    a = lead("943.9872.A93.543", "W:H5 S5 HA H2 / E:D5 DA D6 D7")
    assert why_not(a, "S9") in ("lead-into-partners-void",)


# N shows his heart void second hand on West's doubtful ♥5 (a discard on the opponents' sure
# winner would be a refused ruff, i.e. a call for trumps: Cavendish ch. 32).
CROSSRUFF = "W:H5 S5 HA H2 / E:D5 D6 DK DA / N:SK S6 S3 S7 / N:D8 D9 DJ DT"


def test_crossruff_with_partner():
    """000 HNT 6: partner strong in ♠ and void in ♥ -> the single ♠ first, then ♥ for him to ruff."""
    a = lead("43.9872.QJ62.543", CROSSRUFF)
    assert str(a.card) == "S4" and a.maxims[0] == "crossruff-with-partner"
    assert why_not(a, "H9") == "crossruff-with-partner"


def test_lead_into_partners_void_overridden_by_crossruff():
    """000 HNT 6 ranks above LST 9: the singleton of partner's suit before his void suit."""
    a = lead("43.9872.QJ62.543", CROSSRUFF)
    assert "lead-into-partners-void" not in a.maxims


def test_crossruff_with_partner_silent_without_a_singleton():
    """000 HNT 6 needs the singleton; with two cards of partner's suit LST 9 decides."""
    a = lead("432.9872.QJ62.54", CROSSRUFF)
    # West's hearts are led through him: the card from the lead table first, then LST 9 (the suit).
    assert a.card.suit == Suit.H and a.maxims[:2] == ("short-suit-lead-highest", "lead-into-partners-void")


FIRST_DISCARD = "S:C2 C5 D2 CA / E:S5 SA S6 S7"


def test_first_discard_shows_weak_suit():
    """000 HNT 14: «Первая карта, сбрасываемая партнером, бывает всегда от его слабой масти»."""
    a = lead("A94.943.9876.432", FIRST_DISCARD)
    assert a.card.suit != Suit.D and why_not(a, "D9") == "first-discard-shows-weak-suit"


def test_first_discard_shows_weak_suit_overridden_by_partners_suit():
    """000 LST 5 ranks above HNT 14: partner later opened that very suit -- return it."""
    played = "S:C2 C5 H2 CA / E:S5 SA S6 S7 / S:S4 S8 SK S9 / N:HA H4 H3 H5 / N:D2 D3 DA D4"
    a = lead("A43.983.A876.432", played)
    assert a.card.suit == Suit.H and "return-partners-suit" in a.maxims
    assert "first-discard-shows-weak-suit" not in a.maxims


OPPONENT_RUFFS = "S:H2 C5 H3 H4 / W:D5 D6 D7 DA"
# Both opponents ruff: West hearts, East diamonds; South wins the third trick.
OPPONENTS_CROSSRUFF = "S:H2 C5 H3 H4 / W:D5 D6 C6 D3 / E:S5 S9 S6 S7"


def test_lead_trumps_when_opponents_ruff():
    """000 LST 10 as the tutor reads it (catalogue scope; EB: a trump lead from three or fewer "to
    stop a cross-ruff"): both opponents are ruffing -- lead trumps, the highest from two."""
    a = lead("9432.9872.A93.K2", OPPONENTS_CROSSRUFF)
    assert str(a.card) == "CK" and "lead-trumps-when-opponents-ruff" in a.maxims
    assert why_not(a, "S4") == "lead-trumps-when-opponents-ruff"


def test_one_opponents_ruff_is_no_reason_to_lead_trumps():
    """Pole: "You must not lead trumps simply because your long suit is trumped"; 000 LST 8 stands
    with two trumps when only West has ruffed (issue 21, E-5: the old test led the king of clubs)."""
    a = lead("9432.9872.A93.K2", OPPONENT_RUFFS)
    assert a.card.suit != Suit.C and "lead-trumps-when-opponents-ruff" not in a.maxims
    assert why_not(a, "CK") == "few-trumps-wait-for-call"


def test_few_trumps_wait_for_call_overridden_by_opponents_crossruffing():
    """lead-trumps-when-opponents-ruff ranks above 000 LST 8: two trumps, yet both opponents ruff."""
    a = lead("9432.9872.A93.K2", OPPONENTS_CROSSRUFF)
    assert a.card.suit == Suit.C and "few-trumps-wait-for-call" not in a.maxims


def test_lead_trumps_when_opponents_ruff_overridden_by_the_call():
    """answer-the-call ranks above 000 LST 10: partner's call decides the suit (the lead-card
    rules then pick the trump: the highest from three)."""
    played = "S:S2 SK S7 C6 / E:HA H2 H3 H8 / E:HK H4 H5 H6 / E:D5 DA D6 D7"
    a = lead("Q42.942.A932.KT5", played)
    assert str(a.card) == "CK" and "answer-the-call" in a.maxims[:2]
    assert "lead-trumps-when-opponents-ruff" not in a.maxims


def test_avoid_suit_opponents_void():
    """000 LST 17: «С мастей, которых нет ни у одного из противников, не ходят»."""
    a = lead("A94.987.KJ932.43", "S:D2 H5 DA H6 / N:S5 S6 SA S7")
    assert a.card.suit != Suit.D
    v = a.verdict_for("DK")
    assert v.verdict == "bad" and v.maxims[0] == "avoid-suit-opponents-void"


def test_avoid_suit_opponents_void_overridden_by_opponents_ruffing():
    """000 LST 10 ranks above LST 17: they ruffed that suit -- draw their trumps."""
    a = lead("A94.987.KJ932.43", "S:D2 C5 DA C6 / E:S5 SA S6 S7")
    assert str(a.card) == "C4" and "avoid-suit-opponents-void" not in a.maxims


def test_no_thirteenth_card_before_trumps_out():
    """000 HNT 4: «Ходить с тринадцатой карты нельзя, если еще не все козыри вышли»."""
    a = lead("9432.943.AKQ2.65", "S:DA D3 D4 D5 / S:DK D6 D7 D8 / S:DQ D9 DT DJ")
    assert str(a.card) != "D2"
    assert why_not(a, "D2") == "no-thirteenth-card-before-trumps-out"


def test_no_thirteenth_card_before_trumps_out_overridden_by_partners_void():
    """000 LST 9 ranks above HNT 4: partner is void and can ruff the last diamond."""
    played = "S:DA D3 D4 D5 / S:DK D6 H2 D8 / S:DQ D9 H5 DJ / S:SA DT S4 D7"
    a = lead("A963.943.AKQ2.65", played)
    assert str(a.card) == "D2" and a.maxims[0] == "lead-into-partners-void"
    assert "no-thirteenth-card-before-trumps-out" not in a.maxims


def test_avoid_suit_opponents_void_only_while_they_may_ruff():
    """000 LST 17 read with its reason (Cavendish ch. 33: the ruff and the discard): once neither
    opponent can hold a trump, a suit both have shown out of is a string of winners."""
    played = "N:CA H2 C2 S2 / N:D3 H3 DA S3"  # both opponents show out of clubs (trumps) and diamonds
    a = advise(SeatView.build(hand="987.987.AKQJ4.32", trump="C", played=played, dealer="W"), "russian")
    v = a.verdict_for("DK")
    assert v is None or "avoid-suit-opponents-void" not in v.maxims
    assert "avoid-suit-opponents-void" not in a.maxims


def test_never_return_opponents_suit_is_silent_through_the_opener():
    """000 HNT 3 forbids leading up to the opener's strength; a suit the LEFT-hand opponent opened
    is led through him (he plays second, partner over him), as Cavendish ch. 18 and Pole advise
    ("lead through strength, up to weakness"). (Updated December 2026: the test had the two seats
    the other way round.)"""
    a = lead("943.9872.A93.543", "W:H5 H6 HA H2 / E:D5 DA D6 D7")
    v = a.verdict_for("H9")
    assert v is None or "never-return-opponents-suit" not in v.maxims
    assert a.verdict_for("D9").maxims[0] == "never-return-opponents-suit"  # East's diamonds: up to him
