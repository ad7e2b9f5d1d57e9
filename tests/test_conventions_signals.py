"""Trump signals end to end: reading a call, answering, making and echoing it
(000 first paragraph «приглашения для козырного хода», LST 8; Foster; Cavendish; Pole).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import Card, Suit
from tutor.conventions import SeatView, advise
from tutor.conventions.calls import read_calls, read_signals
from tutor.conventions.position import knowledge
from tutor.deal import Deal
from tutor.play import PlayState, format_history, parse_history
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
    """Cavendish; EB: five trumps with an honour, a trick not to win -> the unnecessarily high card (issue 21, content review E-3: every card above the lowest calls, 8 then 4 and 7 then 4 alike; the highest, the plainest, is named first -- Cassell: "a ten before a seven". It was the 7.)"""
    a = advise(SeatView.build(hand="A2.865.874.AT987", trump="C", played="W:D5 DA D6"))
    assert str(a.card) == "D8" and a.maxims[0] == "make-the-call"
    assert a.verdict_for("D4").maxims[0] == "make-the-call"
    assert a.verdict_for("D7").verdict == "equal"


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
    assert [(c.seat, str(c.high), str(c.low)) for c in calls] == [(Seat.S, "D8", "D4")]


def test_make_the_call_overridden_by_winning_the_trick():
    """Fourth hand wins the opponents' trick first (win-as-cheaply ranks above make-the-call)."""
    a = advise(SeatView.build(hand="A2.865.T74.AT987", trump="C", played="W:D5 D2 D9"))
    assert str(a.card) == "DT" and "make-the-call" not in a.maxims


def test_make_the_call_needs_strength_in_trumps():
    """Cavendish: only a hand strong in trumps (5+, or 4 with an honour) calls."""
    a = advise(SeatView.build(hand="A2.8765.874.9873", trump="C", played="W:D5 DA D6"))
    assert str(a.card) == "D4" and "make-the-call" not in a.maxims


def test_echo_the_call():
    """Modern Whist §45: partner called, the student holds four trumps -> call back (issue 21, content review E-3: every card above the lowest calls, 8 then 4 and 7 then 4 alike; the highest, the plainest, is named first -- Cassell: "a ten before a seven". It was the 7.)"""
    pos = SeatView.build(hand="AKQ2.53.874.9876", trump="C",
                         played="W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D5 D2 DK")
    a = advise(pos)
    assert str(a.card) == "D8" and a.maxims[0] == "echo-the-call"
    assert a.verdict_for("D7").verdict == "equal"


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


# Calls made in discards and third hand's discards (Cavendish, *Whist Developments* (1885) and Foster
# on the call in discards; Pembridge, *Whist or Bumblepuppy?* Lecture VII on the legitimate reason
# for a call, catalogue make-the-call; 000 LST 8, 14, 16, HNT 14).

# -- reading a call made in discards ----------------------------------------------------------

# N (void in hearts) throws ♦8 on trick 1 and ♦6 on trick 2; then S wins a spade and leads.
DISCARD_CALL = "W:HA D8 H3 H2 / W:HK D6 H5 H4 / W:S3 S6 S8 SQ"
S_HAND = "Q42.942.A932.KT5"  # three trumps (clubs)


def test_call_in_discards_is_read():
    """Cavendish, Whist Developments; Foster: a higher discard, then a lower one of the same
    suit, is a call for trumps; Knowledge.calls marks it as made in discards."""
    pos = SeatView.build(hand=S_HAND, trump="C", played=DISCARD_CALL)
    (call,) = knowledge(pos).calls
    assert (call.seat, str(call.high), str(call.low), call.trick, call.discard) == (Seat.N, "D8", "D6", 2, True)
    assert knowledge(pos).has_called(Seat.N)


def test_call_in_following_is_not_marked_as_discard():
    """000 first paragraph; Foster: the ordinary call in following suit keeps discard=False."""
    h = parse_history("W:DA D7 D3 D2 / W:DK D6 D4 D5")
    (call,) = read_calls(h, Suit.C)
    assert (call.seat, call.discard) == (Seat.N, False)


def test_answer_the_call_made_in_discards():
    """Pole; 000 LST 8 «пока этого не захочет партнер»: partner called in his discards -> lead
    trumps, the highest from three."""
    a = advise(SeatView.build(hand=S_HAND, trump="C", played=DISCARD_CALL))
    assert str(a.card) == "CK"  # the suit from answer-the-call, the card from the lead-card rules
    assert a.maxims[1:3] == ("answer-the-call", "call-for-trumps")
    assert "discards" in a.explanation["en"] and "сбросами" in a.explanation["ru"]
    assert a.verdict_for("D2").maxims[0] == "answer-the-call"


def test_single_discard_is_no_call():
    """Foster: a call needs the higher card AND a lower one after it; one discard says nothing
    about trumps (000 HNT 14 reads it as the weak suit instead)."""
    # N discards second hand on West's doubtful ♥5 (not on a sure winner: that would be a refused
    # ruff, a call of its own -- Cavendish ch. 32).
    pos = SeatView.build(hand=S_HAND, trump="C", played="W:H5 D8 HA H2 / E:S3 SQ S6 S8")
    assert knowledge(pos).calls == () and knowledge(pos).false_calls == ()
    assert knowledge(pos).refused_ruffs == ()
    a = advise(pos)
    assert a.card.suit != Suit.C and "answer-the-call" not in a.maxims


def test_low_then_high_discard_is_no_call():
    """Cavendish: the call is high THEN low; a lower discard followed by a higher one is none."""
    h = parse_history("W:HA D6 H3 H2 / W:HK D8 H5 H4")
    assert read_signals(h, Suit.C) == ()


def test_discard_after_leading_the_high_card_is_no_call():
    """forced-high-card-is-not-a-call (Pole): a led card follows the lead conventions, so a
    lower discard after it is no call."""
    h = parse_history("N:D8 D2 DA D4 / S:H2 H5 D6 H3")  # N leads ♦8, later throws ♦6
    assert [c for c in read_signals(h, Suit.C) if c.seat == Seat.N] == []


def test_discard_after_third_hand_high_is_no_call():
    """000 LST 14 forces third hand's highest; a lower discard after it completes no call."""
    h = parse_history("W:D2 D3 D9 D4 / W:HA H5 D6 H3")  # E: ♦9 third hand, then throws ♦6
    assert read_calls(h, Suit.C) == ()
    assert [(c.seat, str(c.high), str(c.low)) for c in read_signals(h, Suit.C) if c.forced] == [(Seat.E, "D9", "D6")]


def test_discard_after_trying_to_win_is_no_call():
    """Pole: a high card that took the lead of the trick was played to win; a lower discard
    later is no call."""
    h = parse_history("W:D2 D9 D4 DK / S:H2 H5 D6 H3")  # N's ♦9 headed the trick, then ♦6 thrown
    assert read_calls(h, Suit.C) == ()
    assert [c.seat for c in read_signals(h, Suit.C) if c.forced] == [Seat.N]


def test_third_hand_discard_is_free():
    """000 LST 14 binds only a player who follows suit: third hand's discards call like any other."""
    h = parse_history("W:HA H2 D8 H3 / W:HK H4 D6 H5")  # E throws ♦8, then ♦6, as third hand
    (call,) = read_calls(h, Suit.C)
    assert (call.seat, str(call.high), str(call.low), call.discard) == (Seat.E, "D8", "D6", True)


def _random_history(seed: int, tricks: int) -> tuple[list, Suit]:
    rng = random.Random(seed)
    deal = Deal.random(seed)
    state = PlayState(deal)
    while len(state.tricks) < tricks:
        state.play(rng.choice(state.legal_cards()))
    return list(state.tricks), deal.trump


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), tricks=st.integers(2, 13))
def test_calls_read_from_any_legal_history_are_high_then_low(seed: int, tricks: int):
    """Foster (maxims.md call-for-trumps): every call read from a legal history is a higher then
    a lower card of one plain suit by one seat; its high card was neither a lead nor third hand's
    follow (000 LST 14); ``discard`` is True exactly when the high card was thrown on another suit."""
    history, trump = _random_history(seed, tricks)
    plays = {(seat, card): (n, i, t.suit_led) for n, t in enumerate(history, 1) for i, (seat, card) in enumerate(t.plays())}
    for call in read_calls(history, trump):
        assert call.high.suit == call.low.suit == call.suit != trump and call.high.rank > call.low.rank
        n_high, i_high, led_high = plays[(call.seat, call.high)]
        n_low, i_low, _ = plays[(call.seat, call.low)]
        assert n_high < n_low == call.trick and i_low > 0
        assert call.discard == (call.high.suit != led_high)
        assert i_high != 0 and (call.discard or i_high != 2)
    assert len({c.seat for c in read_calls(history, trump)}) == len(read_calls(history, trump))


# -- making a call in discards ----------------------------------------------------------------

STRONG = "73.-.KQJ642.AKT98"  # five trumps with honours; spades 7-3 the weakest suit
AT_RISK = "W:H2 HA S5"  # partner's ace wins; East shows out of hearts: hearts will be ruffed


def test_make_the_call_in_discards():
    """Cavendish, Whist Developments; Pembridge Lecture VII: strong in trumps, with winners that
    will be ruffed, the first discard is an unnecessarily high card of the weak suit (the 7 from 7-3)."""
    a = advise(SeatView.build(hand=STRONG, trump="C", played=AT_RISK))
    assert str(a.card) == "S7" and a.maxims[0] == "make-the-call"
    assert a.verdict_for("S3").maxims[0] == "make-the-call"
    assert a.verdict_for("CA").maxims[0] == "do-not-trump-partners-sure-winner"  # S plays last
    assert "♠3" in a.explanation["en"] and "♠3" in a.explanation["ru"]


def test_call_made_in_discards_is_then_read_by_partner():
    """The discard make-the-call gives, followed by the lower one, reads as a call in discards."""
    pos = SeatView.build(hand=STRONG, trump="C", played=AT_RISK)
    after = pos.with_play(advise(pos).card)  # N's ace wins; he leads hearts again
    pos2 = SeatView.build(hand=STRONG, trump="C", played=format_history(after.played) + " / N:HK D3")
    second = advise(pos2).card
    assert str(second) == "S3"
    (call,) = read_calls(pos2.with_play(second).played, Suit.C)
    assert (call.seat, str(call.high), str(call.low), call.discard) == (Seat.S, "S7", "S3", True)


def test_call_begun_in_discards_is_completed_with_the_lowest():
    """Foster: the lower card completes the call; from 8-7-3, the 7 and then the 3 -- the 8
    after the 7 would read as no call at all."""
    hand = "873.-.KQJ64.AKT98"
    pos = SeatView.build(hand=hand, trump="C", played=AT_RISK)
    assert str(advise(pos).card) == "S7"
    pos2 = SeatView.build(hand=hand, trump="C", played=format_history(pos.with_play(advise(pos).card).played) + " / N:HK D3")
    a = advise(pos2)
    assert str(a.card) == "S3" and a.maxims[0] == "make-the-call"
    assert a.verdict_for("S8").maxims[0] == "make-the-call"
    assert "♠7" in a.explanation["en"] and "♠7" in a.explanation["ru"]


def test_call_begun_in_following_is_completed_with_the_lowest():
    """Foster; Cavendish: a call begun in following suit (the 7 from 9-8-7-4) is completed with
    the lowest card, not with another unnecessarily high one. (The call may begin with the 9, 8
    or 7; the engine names the 9 first since issue 21, E-3; the 7 is the one played here.)"""
    hand = "A2.865.9874.AT98"
    pos = SeatView.build(hand=hand, trump="C", played="W:D5 DA D6")
    assert str(advise(pos).card) == "D9" and advise(pos).verdict_for("D7").verdict == "equal"
    history = format_history(pos.with_play(Card.parse("D7")).played) + " / N:HQ H3 H5 HK / W:D2 D3 DQ"
    a = advise(SeatView.build(hand=hand, trump="C", played=history))
    assert str(a.card) == "D4" and a.maxims[0] == "make-the-call"
    (call,) = read_calls(SeatView.build(hand=hand, trump="C", played=history).with_play(a.card).played, Suit.C)
    assert (call.seat, str(call.high), str(call.low), call.discard) == (Seat.S, "D7", "D4", False)


def test_echo_begun_is_completed_with_the_lowest():
    """Modern Whist §45: the echo is a call, completed like one -- the 7 from 8-7-4, then the 4
    (the 8 or the 7 begins it; the 8 is named first since issue 21, E-3)."""
    hand = "AKQ2.53.874.9876"
    pos = SeatView.build(hand=hand, trump="C", played="W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D5 D2 DK")
    assert advise(pos).verdict_for("D7").verdict == "equal"
    pos2 = SeatView.build(hand=hand, trump="C", played="W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D5 D2 DK D7 / E:D9")
    a = advise(pos2)
    assert str(a.card) == "D4" and a.maxims[0] == "echo-the-call"


def test_no_call_in_discards_without_a_reason():
    """Pembridge Lecture VII (the legitimate reason: winners that would be ruffed) and 000 HNT 14:
    on trick one nothing shows a ruff coming, so the first discard is the plain weak-suit one."""
    a = advise(SeatView.build(hand=STRONG, trump="C", played="W:H2 HA H3"))
    assert str(a.card) == "S3" and "make-the-call" not in a.maxims
    assert a.maxims[0] == "discard-from-weakest-suit"


def test_no_call_from_a_singleton():
    """Foster: a call needs a lower card of the suit to follow; a singleton discard is no call."""
    a = advise(SeatView.build(hand="7.-.KQJ6432.AKT98", trump="C", played=AT_RISK))
    assert str(a.card) == "S7" and "make-the-call" not in a.maxims


def test_no_call_in_discards_when_weak_in_trumps():
    """Cavendish (make-the-call): four trumps without an honour are no calling hand."""
    a = advise(SeatView.build(hand="732.-.KQJ642.9876", trump="C", played=AT_RISK))
    assert str(a.card) == "S2" and "make-the-call" not in a.maxims


def test_no_call_with_an_honour_as_the_high_card():
    """A discarded honour reads as strength, not as a call: from Q-3 the call is not made."""
    a = advise(SeatView.build(hand="Q3.-.KQJ642.AKT98", trump="C", played=AT_RISK))
    assert str(a.card) == "S3" and "make-the-call" not in a.maxims


def test_ruffing_the_opponents_trick_comes_before_the_call():
    """win-as-cheaply-as-possible ranks above make-the-call: with a trick to take by ruffing, ruff."""
    a = advise(SeatView.build(hand=STRONG, trump="C", played="W:D5 DA S5 D2 / N:H3 HK"))
    assert str(a.card) == "C8" and "make-the-call" not in a.maxims
