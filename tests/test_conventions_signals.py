"""Trump signals end to end: reading a call, answering, making and echoing it
(000 first paragraph «приглашения для козырного хода», LST 8; Foster; Cavendish; Pole).
"""

from __future__ import annotations

from tutor.conventions.position import knowledge
from tutor.cards import Suit, parse_card
from tutor.conventions import SeatView, advise
from tutor.conventions.calls import read_calls, read_signals
from tutor.play import parse_history
from tutor.seats import Seat

# The student S: ♠Q42 ♥942 ♦A932 ♣KT5 (three trumps). Partner N plays ♥8 then ♥6 while E wins.
CALL = "S:S2 SK S7 SA / E:HA H2 H3 H8 / E:HK H4 H5 H6 / E:D5 DA D6 D7"
# The same ♥8-♥6, but the 8 won trick 2 (an attempt to win): no call.
FORCED = "S:S2 SK S7 SA / E:H3 H2 H5 H8 / N:S9 SJ S4 ST / E:HK H4 H7 H6 / E:D5 DA D6 D7"
HAND = "Q42.942.A932.KT5"


def test_call_for_trumps_is_read():
    """Foster/Cavendish (maxims.md call-for-trumps): a higher card, then a lower, not trying to win."""
    pos = SeatView.build(hand=HAND, trump="C", played=CALL)
    (call,) = knowledge(pos).calls
    assert (call.seat, str(call.high), str(call.low), call.trick) == (Seat.N, "H8", "H6", 3)
    assert knowledge(pos).has_called(Seat.N)


def test_call_for_trumps_not_cited_without_trumps_to_lead():
    """Pole: the call asks for trumps; holding none, the student cannot answer and other maxims decide."""
    pos = SeatView.build(hand="QJ42.9742.A9832.", trump="C", played=CALL)
    assert knowledge(pos).has_called(Seat.N)
    a = advise(pos)
    assert "call-for-trumps" not in a.maxims and "answer-the-call" not in a.maxims


def test_answer_the_call():
    """Pole; 000 LST 8: partner called -> lead trumps. answer-the-call picks the suit; the card
    (with three or fewer, the highest) comes from the lead-card rules that follow it."""
    a = advise(SeatView.build(hand=HAND, trump="C", played=CALL))
    assert str(a.card) == "CK"
    assert a.maxims[1:3] == ("answer-the-call", "call-for-trumps")
    assert a.verdict_for("CT").maxims[0] != "answer-the-call"  # the card is not answer-the-call's business
    assert a.verdict_for("SQ").maxims[0] == "answer-the-call"
    assert "♥8" in a.explanation["en"]


def test_answer_the_call_silent_without_a_call():
    """000 LST 8 (few-trumps-wait-for-call) decides when partner's high-low was no call."""
    a = advise(SeatView.build(hand=HAND, trump="C", played=FORCED))
    assert a.card.suit != Suit.C and "answer-the-call" not in a.maxims


def test_forced_high_card_is_not_a_call():
    """Pole: a high card played to win is no signal; the student keeps waiting (000 LST 8)."""
    pos = SeatView.build(hand=HAND, trump="C", played=FORCED)
    assert knowledge(pos).calls == ()
    partner = [(str(c.high), str(c.low)) for c in knowledge(pos).false_calls if c.seat == Seat.N]
    assert partner == [("H8", "H6")]
    a = advise(pos)
    assert a.card.suit != Suit.C
    assert "forced-high-card-is-not-a-call" in a.maxims
    assert a.verdict_for("CK").maxims == ("few-trumps-wait-for-call", "forced-high-card-is-not-a-call")


def test_forced_high_card_is_not_a_call_third_hand():
    """000 LST 14 forces third hand's highest, so it is no signal (Pole's forced card)."""
    h = parse_history("W:DA D7 D3 D2 / W:DK D6 D4 D5")  # E is third hand on W's lead both times
    assert [c.seat for c in read_calls(h, Suit.C)] == [Seat.N]
    h2 = parse_history("W:D2 D3 D9 D4 / W:DA D5 D6 D7")  # E: 9 then 6, the 9 third hand
    assert read_calls(h2, Suit.C) == ()
    assert [c.seat for c in read_signals(h2, Suit.C) if c.forced] == [Seat.E]


def test_make_the_call():
    """Cavendish; EB: five trumps with an honour, a trick not to win -> the unnecessarily high card."""
    a = advise(SeatView.build(hand="A2.865.874.AT987", trump="C", played="W:D5 DA D6"))
    assert str(a.card) == "D7" and a.maxims[0] == "make-the-call"
    assert a.verdict_for("D4").maxims[0] == "make-the-call"


def test_make_the_call_is_then_read_as_a_call():
    """The card make-the-call gives, followed by the lower one, reads as a call for the partner."""
    pos = SeatView.build(hand="A2.865.874.AT987", trump="C", played="W:D5 DA D6")
    first = advise(pos).card
    after = pos.with_play(first)  # N won with the ace; he leads diamonds again
    pos2 = SeatView.build(hand="A2.865.874.AT987", trump="C",
                          played=" / ".join(str(t) for t in after.played) + " / N:D9 DT")
    second = advise(pos2).card
    assert str(second) == "D4"
    calls = read_calls(pos2.with_play(second).played, Suit.C)
    assert [(c.seat, str(c.high), str(c.low)) for c in calls] == [(Seat.S, "D7", "D4")]


def test_make_the_call_overridden_by_winning_the_trick():
    """Fourth hand wins the opponents' trick first (win-as-cheaply ranks above make-the-call)."""
    a = advise(SeatView.build(hand="A2.865.T74.AT987", trump="C", played="W:D5 D2 D9"))
    assert str(a.card) == "DT" and "make-the-call" not in a.maxims


def test_make_the_call_needs_strength_in_trumps():
    """Cavendish: only a hand strong in trumps (5+, or 4 with an honour) calls."""
    a = advise(SeatView.build(hand="A2.8765.874.9873", trump="C", played="W:D5 DA D6"))
    assert str(a.card) == "D4" and "make-the-call" not in a.maxims


def test_echo_the_call():
    """Modern Whist §45: partner called, the student holds four trumps -> call back."""
    pos = SeatView.build(hand="AKQ2.53.874.9876", trump="C",
                         played="W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D5 D2 DK")
    a = advise(pos)
    assert str(a.card) == "D7" and a.maxims[0] == "echo-the-call"


def test_echo_the_call_overridden_by_winning_the_trick():
    """Winning the opponents' trick cheaply ranks above the echo."""
    pos = SeatView.build(hand="AKQ2.53.T84.9876", trump="C",
                         played="W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D5 D2 D9")
    a = advise(pos)
    assert str(a.card) == "DT" and "echo-the-call" not in a.maxims


def test_echo_is_read_as_an_echo():
    """An echo is a call made after partner's call (maxims.md echo-the-call)."""
    h = parse_history("W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D5 D2 DK D7 / E:D8 D4 DQ D3")
    calls = read_calls(h, Suit.C)
    assert [(c.seat, c.echo) for c in calls] == [(Seat.N, False), (Seat.S, True)]
