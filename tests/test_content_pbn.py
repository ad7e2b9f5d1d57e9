"""PBN import: tags read, boards chosen, the trump card from the dealer's hand, the engine's answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import Card
from tutor.content.lint import lint
from tutor.content.loader import ContentSet, parse_text
from tutor.content.pbn import PbnError, load_pbn, puzzle_from_board, read_pbn
from tutor.content.writer import puzzles_yaml
from tutor.errors import WhistError
from tutor.seats import Seat

FILE = Path(__file__).parent / "fixtures" / "content" / "pbn" / "two_boards.pbn"


def test_reads_boards_dealers_and_deals_skipping_comments_and_auction():
    boards = load_pbn(FILE)
    assert [(b.number, b.dealer) for b in boards] == [(1, Seat.N), (2, Seat.E)]
    assert boards[0].deal.startswith("N:AQ5.AK42") and boards[1].tags["Event"] == "Club night"  # "#" repeats


def test_east_dealer_gives_an_opening_lead_from_the_engine():
    """000 «Сдача» 17: South leads first when East deals; the trump card is East's."""
    p = puzzle_from_board(load_pbn(FILE)[1], "club")
    assert p.question == "lead" and p.id == "pbn-club-2" and p.dealer is Seat.E
    assert p.trump_card in p.full_deal().hands[Seat.E]
    assert p.trump_card == puzzle_from_board(load_pbn(FILE)[1], "club").trump_card  # reproducible


def test_other_dealer_gives_an_honours_question():
    """000 REC 3: honours are counted from the whole deal."""
    p = puzzle_from_board(load_pbn(FILE)[0], "club")
    assert p.question == "honours" and p.dealer is Seat.N and p.trump_card in p.full_deal().hands[Seat.N]
    with pytest.raises(PbnError, match="only when East deals"):
        puzzle_from_board(load_pbn(FILE)[0], "club", question="lead")
    assert puzzle_from_board(load_pbn(FILE)[0], "club", dealer="E", trump="HQ", question="honours").trump == Card.parse("HQ")
    with pytest.raises(PbnError, match="not in the dealer"):
        puzzle_from_board(load_pbn(FILE)[0], "club", trump="SK")


def test_imported_puzzles_pass_the_linter():
    puzzles = [puzzle_from_board(b, "club") for b in load_pbn(FILE)]
    f = parse_text(puzzles_yaml(puzzles), "imported.yaml")
    assert [str(p) for p in lint(ContentSet((f,))).problems] == []


def test_a_file_without_deals_is_refused():
    with pytest.raises(PbnError, match="no \\[Deal"):
        read_pbn('[Event "x"]\n[Board "1"]\n')


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(['[Deal "N:AKQ.. .. .."]', '[Board "x"]', '[Dealer "Q"]', "{", "}", "%x", "",
                                 '[Deal "#"]', "[Bad", '[Dealer "S"]']), max_size=12).map("\n".join))
def test_parser_fails_only_with_whist_errors(text):
    """A broken PBN file ends in one clear error (exit 2), never a traceback."""
    try:
        for board in read_pbn(text):
            puzzle_from_board(board, "x")
    except WhistError:
        pass
