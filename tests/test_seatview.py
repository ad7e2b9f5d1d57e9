"""The one type for what a seat sees of a deal in progress (tutor.seatview.SeatView, issue 13
point 2): its text form, what it copies from a whole deal, what it derives, the law it applies."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import Card, Hand, Suit
from tutor.deal import Deal
from tutor.errors import HistoryError, WhistError
from tutor.play import PlayState, Trick, follow_suit
from tutor.seats import Seat, Side
from tutor.seatview import PositionError, SeatView


def _played(seed: int, cards: int, dealer: Seat = Seat.E) -> PlayState:
    state = PlayState(Deal.random(seed, dealer=dealer))
    rng = random.Random(seed)
    for _ in range(cards):
        state.play(rng.choice(state.legal_cards()))
    return state


def test_text_form_round_trips_and_repr_evaluates():
    """``SeatView.parse(str(v)) == v``, and ``repr`` is that call (design.md: parse/format pairs)."""
    v = SeatView.build(hand="KJ4.AQ32.T98.765", trump="C7", played="W:DK D4 D2")
    assert str(v) == "seat=S hand=KJ4.AQ32.T98.765 trump=C7 dealer=S | W:DK D4 D2"
    assert SeatView.parse(str(v)) == v
    assert eval(repr(v), {"SeatView": SeatView}) == v
    no_trumps = SeatView.build(hand="KJ4.AQ32.T98.765", trump=None, seat="W", rules="english-short")
    assert str(no_trumps) == "seat=W hand=KJ4.AQ32.T98.765 trump=NT dealer=E rules=english-short"
    assert SeatView.parse(str(no_trumps)) == no_trumps


@pytest.mark.parametrize("text, message", [
    ("", "needs hand=, trump="),
    ("seat=S hand=KJ4.AQ32.T98.765", "needs trump="),
    ("seat=S hand=KJ4.AQ32.T98.765 trump=C7 colour=red", "not a part of a seat view: 'colour=red'"),
    ("seat=S seat=N hand=KJ4.AQ32.T98.765 trump=C7", "seat= is given twice"),
    ("seat=S hand=KJ4.AQ32.T98.765 trump=C7 dealer=S rules=bridge", "unknown rule set 'bridge'"),
])
def test_bad_text_gives_one_clear_error(text, message):
    with pytest.raises(PositionError, match=message):
        SeatView.parse(text)


def test_a_record_breaking_the_laws_is_refused_when_the_view_is_built():
    """000 «Масти и взятки» 1: South holds diamonds and discards a spade."""
    with pytest.raises(HistoryError, match="must follow suit"):
        SeatView.parse("seat=S hand=K74.AQ32.T98.765 trump=C dealer=S | W:DK D4 D3 S4")


def test_the_view_derives_the_table_once():
    """Who plays next, the trick in progress, tricks won, voids, hand sizes: read from the record."""
    v = SeatView.parse("seat=S hand=K742.Q853.A92.J6 trump=D7 dealer=E | S:S2 S3 SA S5 / N:D5")
    assert v.to_play is Seat.E and v.leader is Seat.N and v.on_table == (Card.parse("D5"),)
    assert v.tricks_won(Side.NS) == 1 and v.won == (1, 0) and v.kind == "play" and not v.is_lead
    assert dict(v.sizes) == {Seat.N: 11, Seat.E: 12, Seat.S: 12, Seat.W: 12}
    assert v.remaining == Hand.parse("K74.Q853.A92.J6") and v.legal_cards() == ()  # E's turn, not S's
    assert v.tricks == v.played[:1]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.integers(0, 51), dealer=st.sampled_from(list(Seat)))
def test_from_a_whole_deal_the_view_keeps_only_what_the_seat_may_see(seed, cards, dealer):
    """A seat sees its own cards, the turned-up card while the dealer holds it, and the table;
    the layouts it samples keep those and nothing of the real hidden hands; its legal cards are
    the law's (play.follow_suit) and the whole deal's."""
    state = _played(seed, cards, dealer)
    seat = state.to_play
    v = SeatView.from_state(state, seat)
    assert SeatView.parse(str(v)) == v
    assert v.remaining == state.hand(seat) and v.to_play == seat
    assert v.legal_cards() == follow_suit(state.hand(seat), state.suit_led) == state.legal_cards()
    others = {s for s in Seat if s != seat}
    shown = set(v.known()) - {seat}
    assert shown <= ({state.deal.dealer} & others)  # only the dealer's turned-up card is placed
    layout = v.layout_sampler().draw(random.Random(seed))
    assert layout[seat] == state.hand(seat)
    assert all(len(layout[s]) == len(state.hand(s)) for s in Seat)


def test_an_open_dummy_is_part_of_the_view():
    """Dummy whist (000 «Болваны»): the dummy's cards lie open, so the view holds them and the
    layouts keep them in place."""
    state = _played(3, 5)
    dummy = state.to_play.partner
    v = SeatView.from_state(state, state.to_play, exposed=[dummy])
    assert v.open_hands() == {dummy: state.hand(dummy)}
    assert SeatView.parse(str(v)) == v and f"open={dummy.name}:" in str(v)
    assert v.layout_sampler().draw(random.Random(1))[dummy] == state.hand(dummy)


def test_the_trump_card_must_lie_with_the_dealer():
    """000 «Сдача» 9: the turned-up card is the dealer's."""
    with pytest.raises(PositionError, match="belongs to the dealer"):
        SeatView.build(hand="KJ4.AQ32.T98.765", trump="C7", dealer="E")
    with pytest.raises(PositionError, match="not in the hand"):
        SeatView.build(hand="KJ4.AQ32.T98.765", trump="CA", dealer="S")


def test_every_reader_gets_the_same_answer_on_whose_turn_and_what_is_legal():
    """The view is the one place the law is applied for one seat: a seat not on turn has no legal card."""
    v = SeatView.build(hand="KJ4.AQ32.T98.765", trump=Suit.C, played="W:DK")
    assert v.to_play is Seat.N and v.legal_cards() == ()
    after = SeatView.build(hand="KJ4.AQ32.T98.765", trump=Suit.C, played="W:DK D4 D3")
    assert [str(c) for c in after.legal_cards()] == ["DT", "D9", "D8"]
    assert after.with_play(Card.parse("D8")).to_play is Seat.W  # W's king holds the trick
    with pytest.raises(WhistError):
        after.with_play(Card.parse("S4"))  # a revoke


def test_a_vouched_view_of_a_play_state_is_the_checked_constructors_view():
    """SeatView.from_state skips walking the record under the laws for a strict play state without a
    revoke (each card was checked as it was played): the view is field for field the one the checked
    constructor builds, for every seat and sight, at every card of whole robot deals."""
    import dataclasses

    from tutor.robots import Robot

    for i in range(4):
        state = PlayState(Deal.random(40 + i, dealer=Seat(i)))
        robots = {s: Robot(s, samples=0) for s in Seat}
        while True:
            tricks = list(state.tricks) + ([Trick(state.leader, tuple(state.current))] if state.current else [])
            for seat in Seat:
                for sight in ((), (seat.partner,), (Seat.N, Seat.W)):
                    fast = SeatView.from_state(state, seat, exposed=sight)
                    slow = SeatView(state.deal.hands[seat], state.deal.trump_card, state.deal.trump, state.deal.dealer,
                                    tuple(tricks), seat, "russian",
                                    {s: state.deal.hands[s] for s in sight if s != seat})
                    for f in dataclasses.fields(SeatView):
                        if f.name != "_memo":
                            assert getattr(fast, f.name) == getattr(slow, f.name), f.name
            if state.is_over:
                break
            state.play(robots[state.to_play].choose(state).card)


def test_a_play_state_with_a_revoke_is_still_checked_when_a_view_is_built():
    """A lax play state (law exercises) may hold a revoke: its views walk the record under the laws
    and refuse the revoke of a seat whose hand they know."""
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
                         dealer="W", trump_card="C5")
    state = PlayState(deal, strict=False)
    state.play("SA")
    state.play("H7")  # East revokes: he holds spades
    with pytest.raises(HistoryError, match="must follow suit"):
        SeatView.from_state(state, Seat.E)
