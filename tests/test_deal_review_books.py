"""The review of whole whist deals from the classic books (issue 27, "Must show": `tutor review`
on a PBN file of real deals with play records, made from deals of the classic books, cited).

The deals are Hands IV, XXVIII, XXXIII and XXXIX of "Cavendish", *The Laws and Principles of
Whist*, Part II (18th edition, 1889; Project Gutenberg #51039), in tests/fixtures/review/cavendish.pbn:
the hands whose play the book prints trick by trick to the twelfth, the thirteenth being the four
cards left (the fixture's header says how they were written down). Elwell's two bridge deals
(tests/fixtures/review/elwell.pbn, played as no-trump whist) stay beside them for the no-trump
case, in tests/test_deal_review.py.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from test_deal_review import _endplay_costs
from tutor.cards import Card
from tutor.cli import main
from tutor.deal_review import DealReview, review_deal
from tutor.play import PlayState
from tutor.played_deal import read_played_file
from tutor.seats import Seat, Side
from tutor.vocab import ENGINE_VERDICTS

FIXTURE = Path(__file__).parent / "fixtures" / "review" / "cavendish.pbn"
#: Each hand's turned-up card and the tricks of AB (East-West) at the end, as the book scores it:
#: IV and XXXIX "AB win the odd trick", XXVIII "AB score two by cards", XXXIII "YZ score two by cards".
BOOK = {4: ("CQ", 7), 28: ("S9", 8), 33: ("C9", 5), 39: ("DJ", 7)}


@functools.cache
def _reviews() -> dict[int, DealReview]:
    return {d.board: review_deal(d, "english") for d in read_played_file(FIXTURE)}  # Cavendish's school


def test_the_book_hands_are_read_whole_with_the_turned_up_card_and_make_the_books_result():
    deals = read_played_file(FIXTURE)
    assert [d.board for d in deals] == list(BOOK)
    for d in deals:
        turned, ab = BOOK[d.board]
        assert len(d.cards) == 52 and d.trump_from == "TrumpCard"
        assert d.deal.trump_card == Card.parse(turned) and Card.parse(turned) in d.deal.hands[Seat.S]  # Z deals
        assert d.deal.dealer is Seat.S and d.tricks[0].leader is Seat.W  # A leads
        assert PlayState.from_history(d.deal, d.tricks).tricks_won(Side.EW) == ab, d.board


@pytest.mark.slow(reason="0.7 s: reviews every book hand (CI runs it)")
def test_every_card_of_every_seat_of_the_book_hands_is_annotated():
    for review in _reviews().values():
        assert len(review.notes) == 52
        for note, (seat, card) in zip(review.notes, review.played.cards):
            assert (note.seat, note.card) == (seat, card)
            assert note.verdict in ("best", *ENGINE_VERDICTS)
            # a card the maxims decide names them; where none decides it says so
            assert note.maxims or (note.verdict == "equal" and "no maxim decides" in note.explanation["en"])
            assert note.explanation["en"] and note.explanation["ru"]
            if not note.conventional:
                assert note.broken and note.why["en"] and note.why["ru"]
            assert note.dd_before is not None and note.cost >= 0
        assert all(review.seat_summary(seat).cards == 13 for seat in Seat)


@pytest.mark.slow(reason="1.1 s: solves every book hand (CI runs it)")
def test_double_dummy_costs_of_the_book_hands_equal_endplays_on_the_true_deal():
    for review in _reviews().values():
        got = [(n.cost, frozenset(str(c) for c in n.dd_best)) for n in review.notes]
        assert got == _endplay_costs(review), review.played.board


def _note(board: int, trick: int, seat: Seat):
    return next(n for n in _reviews()[board].trick_notes(trick) if n.seat is seat)


def test_deschapelles_coup_is_the_only_card_that_keeps_the_trick():
    """Hand XXVIII, Remark (Trick 9): "Deschapelles' Coup ... B therefore leads the king of hearts.
    If he makes the usual lead of a small heart, he wins a trick less as the cards happen to lie."
    B = East: the king is the one double-dummy best card, and no card of his costs more."""
    east = _note(28, 9, Seat.E)
    assert str(east.card) == "HK" and east.cost == 0 and [str(c) for c in east.dd_best] == ["HK"]


def test_the_grand_coup_and_the_lead_the_book_calls_for():
    """Hand XXXIX, Remark (Trick 9): "B undertrumps his partner, the Grand coup" -- East's ♦3 under
    West's ♦4 is the only card that does not lose a trick; and the book's note after the hand: "At
    Trick 9, Z ought to lead knave of spades ... when YZ win the game" -- South's ♥3 costs a trick,
    and ♠J is the card that keeps it."""
    east, south = _note(39, 9, Seat.E), _note(39, 9, Seat.S)
    assert str(east.card) == "D3" and [str(c) for c in east.dd_best] == ["D3"]
    assert str(south.card) == "H3" and south.cost == 1 and [str(c) for c in south.dd_best] == ["SJ"]
    assert south in _reviews()[39].costliest()


def test_force_partner_for_the_odd_trick_reads_hand_iv_trick_12():
    """Hand IV, trick 12 (Cavendish, Part II; ch. 34, the exceptions to not forcing partner: "often
    when one trick saves or wins the game"): AB have six tricks, A holds the nine of spades and his
    last small trump, and B has shown out of spades (trick 10). A leads the spade for B to trump:
    the card force-partner-for-the-odd-trick calls for, and the small trump is the card it rejects.
    Double-dummy the trump lead would make one trick more (both adversaries' trumps fall at once),
    which A cannot see: a small trump led loses the trick when the last player holds the best trump
    behind partner's, the force loses it only if the second player can trump it higher."""
    west = _note(4, 12, Seat.W)
    assert str(west.card) == "S9" and west.conventional
    assert west.maxims[0] == "force-partner-for-the-odd-trick"
    assert [str(c) for c in west.dd_best] == ["C6"] and west.cost == 1
    assert "odd trick" in west.explanation["en"] and "лишн" in west.explanation["ru"]


@pytest.mark.parametrize("board", sorted(BOOK))
def test_review_command_prints_every_card_of_a_book_hand(capsys, board):
    assert main(["review", str(FIXTURE), "--board", str(board), "--system", "english"]) == 0
    out = capsys.readouterr().out
    assert out.count("✓") + out.count("✗") == 52 and "read from [TrumpCard]" in out
