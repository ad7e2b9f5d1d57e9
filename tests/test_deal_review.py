"""The review of a whole played deal (issue 27): reading the play records (PBN 2.1 §3.6), every
card of all four seats annotated, the double-dummy costs against endplay's own solver, the
command line.

The deals with play records are Elwell's Illustrative Hands No. 9 and 11 (J. B. Elwell, *Bridge:
its principles and rules of play*, 1902), in tests/fixtures/review/elwell.pbn with the book's
trick tables (the fixture's header says how they were written down).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from endplay.dds import solve_board
from endplay.types import Deal as EDeal
from endplay.types import Denom, Player

from tutor.cards import Card
from tutor.cli import main
from tutor.deal_review import DealReview, ReviewError, annotate, costs_from, review_deal
from tutor.play import PlayState
from tutor.played_deal import PlayedDealError, from_autoplay, pick_board, read_played, read_played_file
from tutor.seats import Seat, Side
from tutor.vocab import ENGINE_VERDICTS, VocabularyError

FIXTURE = Path(__file__).parent / "fixtures" / "review" / "elwell.pbn"
ROBOTS = Path(__file__).parent / "fixtures" / "review" / "robots-seed3.txt"  # with a turned-up card


@functools.cache
def _reviews(system: str = "russian") -> tuple[DealReview, ...]:
    return tuple(review_deal(d, system) for d in read_played_file(FIXTURE))


# -- reading the record ------------------------------------------------------------------------
def test_the_book_deals_are_read_whole_and_make_the_books_result():
    """Elwell's No. 11: "The dealer makes a little slam" (Z = South: NS 12 tricks); No. 9: NS 10."""
    deals = read_played_file(FIXTURE)
    assert [d.board for d in deals] == [9, 11]
    for d in deals:
        assert len(d.cards) == 52 and d.trump_from == "Trump" and d.deal.trump is None
        assert d.deal.dealer is Seat.S and d.tricks[0].leader is Seat.W
    won = {d.board: PlayState.from_history(d.deal, d.tricks).tricks_won(Side.NS) for d in deals}
    assert won == {9: 10, 11: 12}


_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# E leads ♣A and wins; E's ♠10 is won by N's ♠A; N leads ♠K. Seat order on every line: E S W N.
_LINES = ("CA C8 C5 C2", "ST S5 S2 SA", "S9 S6 S3 SK")


def _pbn(*extra: str, play: str = "E", lines: tuple[str, ...] = _LINES) -> str:
    return "\n".join(['[Board "4"]', f'[Deal "{_DEAL}"]', *extra, f'[Play "{play}"]', *lines, ""])


def test_play_lines_list_the_cards_by_seat_from_the_play_tag_not_in_play_order():
    """PBN 2.1 §3.6: each line gives the trick's cards in seat order from the Play tag's seat; the
    trick after is led by the winner, whose card need not be the line's first."""
    (d,) = read_played(_pbn('[TrumpCard "C2"]', '[Dealer "N"]'))
    assert [str(t) for t in d.tricks] == ["E:CA C8 C5 C2", "E:ST S5 S2 SA", "N:SK S9 S6 S3"]
    assert d.deal.trump_card == Card.parse("C2") and d.trump_from == "TrumpCard" and d.deal.dealer is Seat.N


@pytest.mark.parametrize(("tag", "suit", "source"), [
    ('[Trump "H8"]', "H", "Trump"), ('[Trump "H"]', "H", "Trump"), ('[Contract "4S"]', "S", "Contract"),
    ('[Contract "3NT"]', None, "Contract"), ('[Trump "NT"]', None, "Trump"),
    ('[TrumpCard "D7"]\n[Contract "4S"]', "D", "TrumpCard"),
])
def test_the_trump_is_read_from_the_common_tags(tag, suit, source):
    (d,) = read_played(_pbn(tag))  # E leads, so N deals and turns up one of his cards (♥8, ♦7)
    assert (d.deal.trump.name if d.deal.trump is not None else None) == suit and d.trump_from == source


def test_end_of_play_and_cards_not_played_stop_the_record():
    (d,) = read_played(_pbn('[Trump "S"]', lines=("CA C8 C5 C2", "ST - - -", "*")))
    assert [str(t) for t in d.tricks] == ["E:CA C8 C5 C2", "E:ST"]


@pytest.mark.parametrize(("text", "message"), [
    (_pbn('[Trump "S"]', lines=("CA H2 C5 C2",)), "board 4: trick 1"),  # S holds clubs: a revoke
    (_pbn('[Trump "S"]', lines=("CA C8 C5 XX",)), "not a card in the play record"),
    (_pbn('[Trump "S"]', lines=("CA - C5 C2",)), "a card follows a card not played"),
    (_pbn(), "no trump"),
    (_pbn('[TrumpCard "CA"]', '[Dealer "S"]'), "in whist the player on the dealer's left leads"),
    (_pbn('[Contract "Pass"]'), "names no trump suit"),
    (_pbn('[Trump "S"]', play="Q"), "does not name a seat"),
    ('[Board "1"]\n[Deal "' + _DEAL + '"]\n', "no board of this PBN file has a play record"),
    ("", "the text is empty"),
    ("{not json", "not JSON"),
    ('{"deals": []}', "not autoplay output"),
    ("deal: " + _DEAL + "\ntrump: S\n", "no played"),
    ("hello", "line 1: write"),
])
def test_bad_records_give_one_clear_error(text, message):
    with pytest.raises(PlayedDealError, match=message):
        read_played(text)


def test_a_board_out_of_range_names_the_boards_there_are():
    with pytest.raises(PlayedDealError, match=r"no board 3: the file holds board\(s\) 9, 11"):
        pick_board(read_played_file(FIXTURE), 3)


def test_typed_records_and_autoplay_output_are_read_too():
    (typed,) = read_played(f"deal: {_DEAL}\ntrump: SJ\nplayed: E:CA C8 C5 C2 / E:ST S5 S2 SA")
    assert typed.trump_from == "typed" and len(typed.cards) == 8 and typed.deal.dealer is Seat.N
    (russian,) = read_played(f"сдача: {_DEAL}\nкозырь: SJ\nрозыгрыш: E:CA C8 C5 C2 / E:ST S5 S2 SA")
    assert russian.deal == typed.deal and russian.tricks == typed.tricks
    from tutor.commands.autoplay import autoplay

    data = {"deals": autoplay(5, 1)}
    (robots,) = from_autoplay(data)
    assert robots.board == 1 and len(robots.cards) == 52 and robots.deal.pbn() == data["deals"][0]["deal"]


# -- the review --------------------------------------------------------------------------------
def test_every_card_of_every_seat_is_annotated():
    for review in _reviews():
        assert len(review.notes) == 52
        for note, (seat, card) in zip(review.notes, review.played.cards):
            assert (note.seat, note.card) == (seat, card)
            assert note.maxims and note.verdict in ("best", *ENGINE_VERDICTS)
            assert note.explanation["en"] and note.explanation["ru"]
            assert note.conventional == (note.verdict in ("best", "equal"))
            if not note.conventional:
                assert note.broken and note.why["en"] and note.why["ru"]
            assert note.dd_before is not None and note.cost >= 0
        for seat in Seat:
            assert review.seat_summary(seat).cards == 13


def _endplay_costs(review: DealReview) -> list[tuple[int, frozenset[str]]]:
    """Each card's cost and the best cards, by endplay's own Deal and solve_board on the true deal."""
    d = review.played
    deal = EDeal.from_pbn(d.deal.pbn())
    deal.first = Player.find(d.tricks[0].leader.name)
    deal.trump = Denom.nt if d.deal.trump is None else Denom.find(d.deal.trump.name)
    out = []
    for _, card in d.cards:
        scores = {f"{c.suit.name[0].upper()}{c.rank.name[1]}": t for c, t in solve_board(deal)}
        best = max(scores.values())
        out.append((best - scores[str(card)], frozenset(k for k, v in scores.items() if v == best)))
        deal.play(str(card))
    return out


def test_double_dummy_costs_equal_endplays_on_the_true_deal():
    for review in _reviews():
        expected = _endplay_costs(review)
        got = [(n.cost, frozenset(str(c) for c in n.dd_best)) for n in review.notes]
        assert got == expected


def test_the_costliest_moments_and_the_sides_add_up():
    """No. 9: EW's defence gives three tricks double-dummy (par NS 7, taken 10); No. 11 is faultless
    double-dummy (par 12, taken 12, as the book's "little slam")."""
    nine, eleven = _reviews()
    assert nine.dd_par_ns + nine.side_summary(Side.EW).tricks_lost - nine.side_summary(Side.NS).tricks_lost \
        == nine.tricks_won(Side.NS)
    worst = nine.costliest()
    assert 0 < len(worst) <= 3 and all(n.cost > 0 for n in worst)
    assert [n.cost for n in worst] == sorted((n.cost for n in worst), reverse=True)
    assert worst[0].cost == max(n.cost for n in nine.notes)
    assert eleven.dd_par_ns == eleven.tricks_won(Side.NS) == 12 and eleven.costliest() == ()


def test_what_a_card_told_partner_and_the_opponents():
    """No. 9, trick 3: North discards ♣5 on a heart -- both sides now know he has no hearts."""
    nine = _reviews()[0]
    north = next(n for n in nine.trick_notes(3) if n.seat is Seat.N)
    kinds = {t.kind for t in north.told_partner} | {t.kind for t in north.told_opponents}
    assert "void" in kinds
    assert any("♥" in t.text["en"] and "♥" in t.text["ru"] for t in north.told_partner)


def test_the_system_chooses_the_conventions():
    """No. 11: West opens ♦6 from Q-9-7-6-5-4, the fourth best -- Cavendish's lead (english); the
    Russian seeds lead the lowest of a long suit (♦4)."""
    eleven = read_played_file(FIXTURE)[1]
    russian, english = annotate(eleven, "russian").notes[0], annotate(eleven, "english").notes[0]
    assert str(english.card) == str(english.advised) == "D6" and english.verdict == "best"
    assert english.maxims[0] == "fourth-best-from-long-suit"
    assert str(russian.advised) == "D4" and russian.verdict != "best"
    with pytest.raises(VocabularyError, match="unknown convention system 'german'"):
        annotate(eleven, "german")


def test_costs_carry_over_to_the_other_system():
    nine = _reviews()[0]
    english = costs_from(annotate(nine.played, "english"), nine)
    assert english.solved and [n.cost for n in english.notes] == [n.cost for n in nine.notes]
    assert english.system == "english" and english.dd_par_ns == nine.dd_par_ns
    with pytest.raises(ReviewError):
        costs_from(annotate(_reviews()[1].played), nine)


def test_a_pbn_file_may_open_with_a_comment():
    """PBN 2.1 §2.3 and §3.8: commentary in braces may stand before the first tag."""
    text = "{ a club evening }\n" + _pbn('[Trump "S"]')
    (d,) = read_played(text)
    assert len(d.tricks) == 3


def test_the_first_pass_needs_no_solver():
    review = annotate(read_played_file(FIXTURE)[0])
    assert not review.solved and all(n.dd_before is None for n in review.notes)
    assert review.as_json()["cards"][0]["dd"] is None


# -- the command line ----------------------------------------------------------------------------
def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_review_command_prints_every_card_and_the_summary(capsys):
    code, out, _ = run(capsys, "review", str(FIXTURE), "--board", "9")
    assert code == 0
    assert out.count("✓") + out.count("✗") == 52
    assert "The costliest moments:" in out and "read from [Trump]" in out


def test_review_command_json_has_the_documented_shape(capsys):
    code, out, _ = run(capsys, "review", str(FIXTURE), "--board", "11", "--json", "--system", "english")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"board", "title", "deal", "dealer", "trump", "trump_from", "system", "solved", "tricks",
                         "cards", "seats", "sides", "costliest"}
    assert data["system"] == "english" and data["board"] == 11 and len(data["cards"]) == 52
    assert set(data["cards"][0]) == {"index", "trick", "seat", "card", "advised", "maxims", "verdict", "conventional",
                                     "broken", "why", "explanation", "told", "dd"}
    assert set(data["sides"]["NS"]) == {"cards", "conventional", "tricks_lost", "tricks_lost_unconventional",
                                        "tricks_won", "dd_par"}


@pytest.mark.parametrize(("argv", "message"), [
    (("review", "no-such-file.pbn"), "no such file"),
    (("review", str(FIXTURE), "--board", "0"), "must be from 1"),
    (("review", str(FIXTURE), "--board", "12"), "no board 12"),
    (("review",), "give a FILE"),
    (("review", "--deal", _DEAL, "--trump", "S", "--played", "E:CA H2 C5 C2", "--dealer", "N"), "must follow suit"),
])
def test_review_command_bad_input_is_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err


@pytest.mark.slow(reason="0.6 s: solves a whole deal (CI runs it)")
def test_the_costliest_moments_become_puzzles_that_tutor_check_proves(capsys, tmp_path):
    """A robots' deal with its turned-up card: the three costliest cards as puzzles, each from the
    seat that played it turned to South, with the table's history (its unconventional cards named
    deliberate) -- and ``tutor check`` proves the file."""
    code, out, err = run(capsys, "review", str(ROBOTS), "--puzzles", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["puzzles"] == 3 and data["problems"] == []
    path = tmp_path / "moments.yaml"
    path.write_text(data["yaml"], encoding="utf-8")
    code, out, err = run(capsys, "check", str(path))
    assert code == 0, out + err
    assert "3 puzzle(s)" in out
    from tutor.content.loader import parse_text

    review = review_deal(read_played_file(ROBOTS)[0])
    loaded = parse_text(data["yaml"]).puzzles
    for note, puzzle in zip(review.costliest(), (p.item for p in loaded)):
        assert puzzle.answer_card == note.advised and f"{note.card.symbol('en')} was played" in puzzle.explanation.en


def test_puzzles_need_a_turned_up_card(capsys):
    code, out, err = run(capsys, "review", str(FIXTURE), "--puzzles")
    assert code == 2 and "no puzzle made" in err and "skipped: no turned-up trump card" in err
