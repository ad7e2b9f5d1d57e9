"""The student's view of a position: the cards he may play, the tricks gone, a record refused."""

from __future__ import annotations

import pytest

from tutor.cards import Card
from tutor.errors import HistoryError
from tutor.seats import Seat
from tutor.seatview import SeatView


def seat_view(hand: str, trump: str, dealer: str, played: str) -> SeatView:
    return SeatView.build(hand=hand, trump=trump, dealer=dealer, played=played)


def test_must_follow_suit_limits_the_legal_cards():
    """Holding the suit led, only its cards may be played (000 "Масти и взятки" 1)."""
    view = seat_view("K742.Q83.J63.965", "C5", "S", "W:HK H4 H2")
    assert view.to_play == Seat.S
    assert [str(c) for c in view.legal_cards()] == ["HQ", "H8", "H3"]
    assert dict(view.sizes) == {Seat.N: 12, Seat.E: 12, Seat.S: 13, Seat.W: 12}


def test_void_in_suit_led_may_play_any_card():
    """Without the suit led, any card may be played (000 "Масти и взятки" 2)."""
    view = seat_view("K742..J8632.9652", "C5", "S", "W:HK H4 H2")
    assert len(view.legal_cards()) == 13


def test_played_tricks_leave_the_hand_and_count_for_sides():
    view = seat_view("K742.Q853.A92.J6", "D7", "E", "S:S2 S3 SA S5 / N:D5")
    assert Card.parse("S2") not in view.remaining and len(view.remaining) == 12
    assert view.won == (1, 0)
    assert view.to_play == Seat.E and view.current is not None


def test_a_record_breaking_the_laws_is_refused():
    """South cannot play a card he does not hold."""
    with pytest.raises(HistoryError):
        seat_view("K742.985.J63.863", "D7", "E", "S:SA S3 S4 S5")
