"""The score of the game in progress in the seat's view (issue 21: "the score where the books make it
matter"): :class:`tutor.standing.Standing`, parsed once at the edge, carried by
:class:`tutor.seatview.SeatView`, passed by the session and the club to the robots and the advice.
Cavendish ch. 35 ("playing to the score") and old Hoyle's rules at eight and nine of the game
read it; the rule set says what it is worth."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.play import PlayState
from tutor.robots import Robot
from tutor.scoring import ScoreError, parse_standing
from tutor.seats import Seat, Side
from tutor.seatview import PositionError, SeatView
from tutor.session import Session, SessionOptions
from tutor.standing import Standing, StandingError


@given(st.integers(0, 99), st.integers(0, 99))
def test_standing_text_form_round_trips(ns: int, ew: int) -> None:
    """Parse and format are a pair, and ``repr`` evaluates back (design.md)."""
    s = Standing(ns, ew)
    assert Standing.parse(str(s)) == s
    assert eval(repr(s), {"Standing": Standing}) == s


@pytest.mark.parametrize("text, message", [
    ("NS=four", "not a standing score"),
    ("NS4", "not a standing score"),
    ("NS=4,ns=2", "names NS twice"),
    ("XY=3", "not a standing score"),
    ("NS=100", "no score of a game in progress"),
])
def test_a_bad_standing_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(StandingError, match=message):
        Standing.parse(text)


def test_the_score_commands_keep_their_error() -> None:
    """``tutor score --standing`` reads through the same parser; its error stays a ScoreError."""
    assert parse_standing("NS=4, EW=2") == {Side.NS: 4, Side.EW: 2}
    with pytest.raises(ScoreError, match="write NS=4,EW=2"):
        parse_standing("NS=four")


@pytest.mark.parametrize("rules, points, odd", [
    ("english-short", 4, 1), ("english-short", 3, 2), ("english-short", 0, 5),
    ("russian", 8, 1), ("russian", 9, 1), ("russian", 7, 2),  # 000: an odd trick (leve) scores two
    ("american", 6, 1), ("simple", 4, 1),
])
def test_odd_tricks_to_game_read_from_the_rule_set(rules: str, points: int, odd: int) -> None:
    """The tricks over six a side wants for the game: the rule set's target and points per trick."""
    assert Standing(points, 0).odd_tricks_to_game(Side.NS, rules) == odd


def test_the_view_carries_the_standing_in_its_text_form() -> None:
    v = SeatView.build(hand="KJ4.AQ32.T98.765", trump="C7", played="W:DK D4 D2", rules="english-short",
                       standing="NS=4,EW=2")
    assert str(v) == "seat=S hand=KJ4.AQ32.T98.765 trump=C7 dealer=S rules=english-short standing=NS=4,EW=2 | W:DK D4 D2"
    assert SeatView.parse(str(v)) == v and v.standing == Standing(4, 2)
    assert v.with_play(v.legal_cards()[0]).standing == v.standing
    assert SeatView.build(hand="KJ4.AQ32.T98.765", trump="C7", played="W:DK D4 D2") != v


def test_a_won_game_is_no_view_of_a_deal() -> None:
    """A side at the target has won the game: no deal of it is in progress (one clear error)."""
    with pytest.raises(PositionError, match="already won"):
        SeatView.build(hand="KJ4.AQ32.T98.765", trump="C2", rules="english-short", standing="NS=5")
    with pytest.raises(WhistError, match="not a standing score"):
        SeatView.parse("seat=S hand=KJ4.AQ32.T98.765 trump=C2 standing=NS=x")


def test_the_session_shows_the_sheet_to_the_robots_and_the_advice() -> None:
    """The robots play to the score the sheet shows (every player sees the sheet)."""
    session = Session(SessionOptions(seed=3, rules="english-short"))
    assert session.standing == Standing(0, 0)
    seat = session.state.to_play
    view = SeatView.from_state(session.state, seat, standing=session.standing, rules="english-short")
    assert view.standing == Standing(0, 0)


def test_the_robot_passes_the_standing_to_its_view() -> None:
    """Old Hoyle's rule at the adversaries' eight, played by a robot of the english system: South,
    without an honour and with three trumps, leads his best trump when the sheet shows EW one odd
    trick from the game -- and the fourth best of his long suit when no score is given."""
    deal = Deal.from_pbn("N:AKQ9.QT9.AQJ.AKJ JT75.876.T87.T98 862.AKJ.K953.Q74 43.5432.642.6532",
                         dealer="E", trump_card="S5")
    state = PlayState(deal)
    robot = Robot(Seat.S, "english", rules="english-short")
    at_the_score = robot.choose(state, Standing(1, 4))
    assert str(at_the_score.card) == "S8" and "lead-trumps-to-save-the-game" in at_the_score.maxims
    assert robot.choose(state).card.suit != deal.trump
