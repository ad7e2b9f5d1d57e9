"""``python -m tutor play-deal`` on the terminal: the same session, typed commands.

Seeds: 000 «Масти и взятки» 1 (an illegal card is refused citing the law), «Сдача» 9 (the trump
card shown by the dealer).
"""

from __future__ import annotations

import io
import json

import pytest

from tutor.cli import main
from tutor.commands.play_deal import play_loop, table_text
from tutor.deal import Deal
from tutor.seats import Seat
from tutor.session import Session, SessionOptions


def _feed(lines):
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_terminal_refuses_illegal_card_with_the_law_and_plays_a_legal_one():
    """000 «Масти и взятки» 1: a card off the suit led is refused with the law quoted."""
    session = Session(SessionOptions(samples=0, seed=1), deal=Deal.random(21, dealer=Seat.S))
    led = session.state.current[0].suit
    off = next(c for c in session.state.hand(Seat.S) if c.suit != led)
    legal = session.legal_cards()[0]
    out = io.StringIO()
    play_loop(session, input_fn=_feed([str(off), "♠" + "X", str(legal), "quit"]), out=out)
    text = out.getvalue()
    assert "must follow suit" in text and "Масти и взятки" in text
    assert "not a card" in text
    assert session.student_cards()[0].card == legal


def test_terminal_shows_trump_card_by_the_dealer_before_his_turn():
    """000 «Сдача» 9: the turned-up card lies by the dealer until his turn in the first trick."""
    deal = Deal.random(21, dealer=Seat.S)
    session = Session(SessionOptions(samples=0), deal=deal)
    assert f"[dealer {deal.trump_card.symbol('en')}]" in table_text(session)
    assert f"[сдаёт {deal.trump_card.symbol('ru')}]" in table_text(session, "ru")


def test_play_deal_json_after_a_whole_deal(monkeypatch, capsys):
    """--json prints every finished deal with its score and review; the table goes to stderr."""
    session_holder = {}

    def fake_input(prompt: str) -> str:
        s = session_holder["s"]
        if s.finished:
            return "quit"
        return str(s.legal_cards()[0])

    import tutor.commands.play_deal as mod

    real_session = mod.Session

    def make(*a, **kw):
        s = real_session(*a, **kw)
        session_holder["s"] = s
        return s

    monkeypatch.setattr(mod, "Session", make)
    monkeypatch.setattr("builtins.input", fake_input)
    code = main(["play-deal", "--seed", "3", "--samples", "0", "--deals", "1", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["deals"]) == 1
    d = data["deals"][0]
    assert d["tricks"]["NS"] + d["tricks"]["EW"] == 13
    assert d["review"]["cards"] == 13 and data["sheets"][0]["ruleset"] == "russian"


@pytest.mark.parametrize("argv", [["play-deal", "--flag", "sometimes"], ["play-deal", "--variant", "bezique"],
                                  ["play-deal", "--variant", "humbug", "--puzzle", "ace-fifth-ace-first"],
                                  ["play-deal", "--deal", "N:AK.. x"]])
def test_play_deal_bad_options_exit_2(argv, capsys, monkeypatch):
    """Bad input ends with exit code 2 and one ``error:`` line (design.md)."""
    monkeypatch.setattr("builtins.input", lambda p: "quit")
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:")


def test_terminal_words_help_sheet_undo_and_review_each_do_their_one_thing_and_redraw_only_after_a_change():
    """The loop's words: help and the sheet print and keep the table; undo takes the student's
    card back and draws the table again; an undo with nothing to take back is one error line."""
    session = Session(SessionOptions(samples=0, seed=1), deal=Deal.random(21, dealer=Seat.S))
    legal = session.legal_cards()[0]
    out = io.StringIO()
    play_loop(session, input_fn=_feed(["undo", "help", "sheet", str(legal), "undo", "quit"]), out=out)
    text = out.getvalue()
    assert "error: nothing to take back" in text
    assert text.count("Took back") == 1 and f"Took back {legal.symbol()}." in text
    assert not session.student_cards()
    head = table_text(session).splitlines()[0]
    # the table is drawn at the start, after the card and after the undo that took it back; the
    # refused undo, help and the sheet leave it as it was
    assert text.count(head) == 3
    between = text.split("error: nothing to take back")[1].split("Took back")[0]
    assert between.count(head) == 1 and "Totals" in between and "undo, claim, review" in between
