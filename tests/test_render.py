"""HTML/SVG pictures: cards in suit colours, the table from South's seat, tricks, score sheets."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import CARDS, Card, Hand
from tutor.play import Trick
from tutor.render import (
    ScoreLine,
    back_svg,
    card_html,
    card_svg,
    hand_html,
    history_html,
    score_sheet_html,
    seat_positions,
    table_html,
    trick_html,
)
from tutor.scoring import score_deal
from tutor.deal import Deal
from tutor.seats import Seat, Side


class _Balanced(HTMLParser):
    """Checks that every opened tag is closed in order (the markup is well formed)."""

    VOID = {"br", "img", "hr", "input", "meta", "link"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, (tag, self.stack)
        self.stack.pop()


def well_formed(markup: str) -> bool:
    p = _Balanced()
    p.feed(markup)
    p.close()
    return not p.stack


def test_red_suits_are_red_and_black_suits_black():
    """Display uses symbols, red for ♥♦ (design.md "Notation")."""
    assert 'wt-red' in card_html(Card.parse("HT")) and "♥10" in card_html(Card.parse("HT"))
    assert 'wt-black' in card_html(Card.parse("SK"))
    assert "♠К" in card_html(Card.parse("SK"), "ru")


@pytest.mark.parametrize("card", [Card.parse(c) for c in ("SA", "HT", "D2", "CQ")])
def test_card_svg_face_shows_rank_and_suit(card):
    svg = card_svg(card, "ru")
    assert svg.startswith("<svg") and well_formed(svg)
    assert card.rank.display("ru") in svg and card.suit.symbol in svg
    assert ("#c62828" in svg) == card.suit.is_red


def test_hand_lines_high_first_and_void_as_dash():
    html = hand_html(Hand.parse("KJ4.AQ32..T98765"), "en")
    text = re.sub(r"<[^>]+>", "", html)
    assert "♠ K J 4" in text and "♥ A Q 3 2" in text and "♦ —" in text and "♣ 10 9 8" in text
    assert well_formed(html)


def test_table_puts_south_at_the_bottom_and_hides_unknown_hands():
    """From the student's seat: S at the bottom, N on top, W left, E right; unseen hands as backs."""
    assert seat_positions() == {"bottom": Seat.S, "left": Seat.W, "top": Seat.N, "right": Seat.E}
    html = table_html({Seat.S: Hand.parse("K742.985.J63.863")}, dealer=Seat.E, trump_card=Card.parse("D7"))
    assert well_formed(html)
    south = re.search(r'<div class="wt-seat wt-me" style="grid-row:3;grid-column:2" data-seat="S">', html)
    north = re.search(r'style="grid-row:1;grid-column:2" data-seat="N"', html)
    assert south and north
    assert html.count('class="wt-back"') == 39


def test_trump_card_is_shown_by_the_dealers_seat():
    """The turned-up card lies in the dealer's hand (000 "Сдача" 8-9), so it is drawn there."""
    html = table_html({Seat.S: Hand.parse("K742.985.J63.863")}, dealer=Seat.E, trump_card=Card.parse("D7"))
    east = html[html.index('data-seat="E"'):]
    east = east[:east.index('data-seat="N"') if 'data-seat="N"' in east else len(east)]
    assert "wt-dealer" in east and "♦7" in east


def test_trick_outlines_the_winner():
    """The highest card of the suit led wins without trumps in it (000 "Масти и взятки" 3)."""
    trick = Trick.parse("W:DK D4 DA D2")
    html = trick_html(trick, "en", trump=None)
    winner = re.search(r'data-seat="(\w)"[^>]*><span class="wt-face wt-suit-D wt-win"', html)
    assert winner and winner.group(1) == "E"
    ruffed = trick_html(Trick.parse("W:DK D4 DA C2"), "en", trump=Card.parse("C5").suit)
    assert re.search(r'data-seat="S"[^>]*><span class="wt-face wt-suit-C wt-win"', ruffed)


def test_history_table_has_a_row_per_trick():
    html = history_html([Trick.parse("W:DK D4 D9 D2"), Trick.parse("W:DA D6 D3 H5")], "en")
    assert html.count("<tr>") == 3 and well_formed(html)


def test_score_sheet_puts_leve_below_and_honours_above_the_line():
    """Russian: 8 tricks = 4 below the line; 3 honours = 2 above (000 REC 3, REC 5)."""
    deal = Deal.from_pbn("N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75",
                         dealer="E", trump_card="H9")
    result = score_deal(deal, 8, "russian")
    html = score_sheet_html(result.items, "en")
    assert well_formed(html)
    above = re.search(r'data-where="above"[^>]*><td>(\d+)</td><td>(\d+)</td>', html)
    below = re.search(r'data-where="below"[^>]*><td>(\d+)</td><td>(\d+)</td>', html)
    assert (int(above.group(1)), int(below.group(1))) == (result.above[Side.NS], result.below[Side.NS]) == (2, 4)
    assert html.index("wt-line") > html.index("2 <span")


def test_score_line_from_the_json_shape():
    line = ScoreLine.coerce({"side": "EW", "what": "leve", "points": 4, "where": "below"})
    assert line == ScoreLine(Side.EW, "leve", 4, "below")
    with pytest.raises(ValueError):
        ScoreLine.coerce({"side": "EW", "what": "leve", "points": 4, "where": "beside"})


@given(st.text(max_size=40))
def test_any_text_in_a_score_item_is_escaped(what):
    """Text from content never becomes markup (html.escape)."""
    html = score_sheet_html([{"side": "NS", "what": what, "points": 1, "where": "above"}], "en")
    assert "<script" not in html.lower() or "&lt;script" in html.lower()
    assert well_formed(html)


def test_backs_are_drawn_for_hidden_cards_only():
    assert "wt-back" in back_svg()
    html = table_html({s: Hand(CARDS[13 * i:13 * i + 13]) for i, s in enumerate(Seat)}, dealer=Seat.S)
    assert "wt-back" not in html
