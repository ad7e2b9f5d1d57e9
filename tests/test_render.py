"""HTML/SVG pictures: cards in suit colours, the table from South's seat, tricks, score sheets."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import CARDS, Card, Hand
from tutor.deal import Deal
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


# -- issue 12: card faces, spoken names, the four-colour deck, phones, contrast, one sheet -----------
from tutor.cards import Suit  # noqa: E402
from tutor.render import (  # noqa: E402
    BLUE,
    CSS,
    FOUR_COLOURS,
    GREEN,
    RED,
    TWO_COLOURS,
    card_face_html,
    card_name,
    deck_css,
    last_trick_html,
    robber_sheet_html,
)


def test_cards_have_spoken_names_in_both_languages():
    """Issue 12 point 9: "king of spades", "король пик" -- what a screen reader says."""
    assert card_name(Card.parse("SK"), "en") == "king of spades"
    assert card_name(Card.parse("SK"), "ru") == "король пик"
    assert card_name(Card.parse("HT"), "ru") == "десятка червей"
    assert card_name(Card.parse("D2"), "en") == "two of diamonds"
    assert 'aria-label="туз треф"' in card_html(Card.parse("CA"), "ru")
    assert 'aria-label="queen of hearts"' in card_face_html(Card.parse("HQ"), "en")
    assert 'aria-label="ace of clubs"' in card_svg(Card.parse("CA"), "en")


def test_four_colour_deck_draws_diamonds_blue_and_clubs_green():
    """Issue 12 point 9: spades black, hearts red, diamonds blue, clubs green; every picture
    takes its suit colour from the deck's CSS variables."""
    assert FOUR_COLOURS == {Suit.S: "#1b1b1b", Suit.H: RED, Suit.D: BLUE, Suit.C: GREEN}
    assert f"--wt-D:{BLUE}" in deck_css(True) and f"--wt-C:{GREEN}" in deck_css(True)
    assert f"--wt-D:{RED}" in deck_css(False)
    for card in ("SK", "HK", "DK", "CK"):
        c = Card.parse(card)
        assert f"wt-suit-{c.suit.name}" in card_html(c) and f"wt-suit-{c.suit.name}" in card_face_html(c)
        assert f".wt-suit-{c.suit.name} {{ color: var(--wt-{c.suit.name}); }}" in CSS
    assert BLUE in card_svg(Card.parse("D7"), four_colour=True) and GREEN in card_svg(Card.parse("C7"), four_colour=True)


def _luminance(hex_colour: str) -> float:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("background", ["#ffffff", "#fbfbf8", "#e8f3ea"])
def test_suit_and_text_colours_meet_wcag_aa_contrast(background):
    """Issue 12 point 9: text at WCAG AA (4.5:1) on the card, the seat boxes and the table's
    centre -- the suit colours of both decks and every grey the pictures write text in."""
    colours = set(TWO_COLOURS.values()) | set(FOUR_COLOURS.values())
    colours |= set(re.findall(r"(?<![-\w])color: (#[0-9a-fA-F]{6})", CSS))
    assert len(colours) >= 6
    for colour in colours:
        assert _contrast(colour, background) >= 4.5, (colour, background)


def test_suits_are_never_told_by_colour_alone():
    """Every card picture carries its suit symbol (and a hand line its suit's symbol)."""
    for card in CARDS:
        assert card.suit.symbol in card_face_html(card) and card.suit.symbol in card_html(card)


def test_trick_is_four_card_faces_each_at_its_seat():
    """Issue 12 point 7: the trick in the middle as four cards at their seats (W left, N top,
    E right, S bottom from South's seat)."""
    html = trick_html(Trick.parse("W:DK D4 DA D2"), "en")
    assert well_formed(html) and html.count('class="wt-face') == 4
    where = dict(re.findall(r'style="(grid-row:\d;grid-column:\d)" data-seat="(\w)"', html))
    assert {v: k for k, v in where.items()} == {"W": "grid-row:2;grid-column:1", "N": "grid-row:1;grid-column:2",
                                                "E": "grid-row:2;grid-column:3", "S": "grid-row:3;grid-column:2"}


def test_last_trick_is_drawn_with_its_winner():
    """000 «Ошибки» 8: the last trick may be looked at -- drawn small, its winner named."""
    html = last_trick_html(Trick.parse("W:DK D4 DA D2"), "ru")
    assert well_formed(html) and "Последняя взятка" in html and "Восток" in html and html.count("wt-face") == 4


def test_table_is_a_compact_diagram_on_phones():
    """Issue 12 point 3: on a narrow screen the hidden hands are a count, not 13 backs, and no
    box keeps a desktop minimum width."""
    html = table_html({Seat.S: Hand.parse("K742.985.J63.863")}, dealer=Seat.E, lang="ru")
    assert html.count('class="wt-count"') == 3 and "карт: 13" in html
    phone = CSS[CSS.index("@media (max-width: 640px)"):]
    assert ".wt-backs { display: none; }" in phone and ".wt-count { display: inline-block; }" in phone
    assert ".wt-seat { min-width: 0;" in phone


def test_table_leaves_out_the_hand_drawn_below_it():
    """The Play page draws the student's hand as the cards he clicks: his seat shows only its name."""
    hand = Hand.parse("K742.985.J63.863")
    html = table_html({Seat.S: hand}, dealer=Seat.E, hand_below=True)
    south = html[html.index('data-seat="S"'):]
    assert "wt-hand" not in south and "(13)" in south


def test_robber_sheet_draws_every_partie_on_one_sheet():
    """One sheet, the classic way: each partie's entries above and below its line, the robber
    bonus, each side's total."""
    from tutor.scoring import ScoreSheet

    deal = Deal.from_pbn("N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75",
                         dealer="E", trump_card="H9")
    sheet = ScoreSheet("russian")
    sheet.score(deal, 13)
    games = [(f"Partie {g.number}", [e.item for e in g.entries if e.counted]) for g in sheet.games]
    html = robber_sheet_html(games, sheet.to_json()["final"], sheet.totals, "en")
    assert well_formed(html) and html.count("<table") == 1 and "Partie 1" in html and "partie bonus" in html
    assert f"<td>{sheet.totals[Side.NS]}</td>" in html
