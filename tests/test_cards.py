"""Cards and hands: the notation of design.md, and the order of cards (000 «Порядок карт»)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import CARDS, Card, Hand, Rank, Suit, parse_card, parse_rank, parse_suit
from tutor.errors import CardError, HandError, WhistError


def test_card_order_ace_high_down_to_two():
    """000 «Порядок карт» 2: «туз, король, дама, валет, десятка, девятка — и так до двойки»."""
    order = [Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE]
    assert order == sorted(order, reverse=True)
    assert min(Rank) == Rank.TWO and max(Rank) == Rank.ACE


def test_five_honours_are_ace_to_ten():
    """000 «Порядок карт» 3: «туз, король, дама, валет и десятка — носят название онеров»."""
    assert [r for r in Rank if r.is_honour] == [Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE]


def test_deck_has_52_cards():
    """000 «Порядок карт» 1: a pack of 52 cards (two packs are used alternately)."""
    assert len(CARDS) == 52 and len(set(CARDS)) == 52


@pytest.mark.parametrize(
    "text, expected",
    [
        ("SK", "SK"), ("sk", "SK"), ("♠K", "SK"), ("K♠", "SK"), ("H10", "HT"), ("10♥", "HT"),
        ("HT", "HT"), ("♦Д", "DQ"), ("♣Т", "CA"), ("♥В", "HJ"), ("SК", "SK"), ("♤A", "SA"),
    ],
)
def test_card_notation_accepts_every_design_form(text, expected):
    """design.md «Notation»: SK, 10 for T, symbols before or after, Russian ranks Т К Д В."""
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "S", "X5", "S1", "S11", "SKK", "♠", "10", "KS5", None, 7])
def test_bad_card_raises_card_error(text):
    with pytest.raises(CardError):
        parse_card(text)  # type: ignore[arg-type]


def test_cards_are_interned_and_immutable():
    card = Card(Suit.S, Rank.KING)
    assert card is parse_card("SK")
    with pytest.raises(AttributeError):
        card.rank = Rank.ACE  # type: ignore[misc]


def test_card_repr_is_evaluable():
    card = parse_card("♦10")
    assert eval(repr(card)) is card
    assert repr(card) == "Card.parse('DT')"


def test_card_symbol_uses_locale_rank_letters():
    """design.md: display uses symbols and the locale's rank letters."""
    assert parse_card("HA").symbol() == "♥A"
    assert parse_card("HA").symbol("ru") == "♥Т"
    assert parse_card("CT").symbol("ru") == "♣10"


def test_suit_parse_and_colour():
    assert parse_suit("♥") is Suit.H and parse_suit("d") is Suit.D
    assert Suit.H.is_red and Suit.D.is_red and not Suit.S.is_red
    with pytest.raises(CardError):
        parse_suit("X")
    with pytest.raises(CardError):
        parse_rank("1")


HAND = "KJ4.AQ32.T98.765"


@pytest.mark.parametrize(
    "text",
    [
        "KJ4.AQ32.T98.765",
        "♠KJ4 ♥AQ32 ♦T98 ♣765",
        "S:KJ4 H:AQ32 D:T98 C:765",
        "♠KJ4 ♥AQ32 ♦1098 ♣765",
        "SK SJ S4 HA HQ H3 H2 DT D9 D8 C7 C6 C5",
        "♠КВ4 ♥ТД32 ♦1098 ♣765",
    ],
)
def test_hand_notation_accepts_every_design_form(text):
    """design.md «Notation»: PBN, symbol sections, S: sections, and lists of cards."""
    assert Hand.parse(text).pbn() == HAND


def test_hand_void_written_as_dash_or_empty():
    """design.md: ``-`` or empty for a void."""
    assert Hand.parse("KJ4..T98.765432").pbn() == "KJ4..T98.765432"
    assert Hand.parse("S:KJ4 H:- D:T98 C:765432").pbn() == "KJ4..T98.765432"
    assert Hand.parse("KJ4..T98.765432").symbols() == "♠KJ4 ♥— ♦1098 ♣765432"


def test_twelve_card_hand_is_refused_where_thirteen_are_needed():
    with pytest.raises(HandError, match="hand has 12 cards"):
        Hand.parse("KJ4.AQ32.T98.76", size=13)


def test_duplicate_card_is_refused():
    with pytest.raises(HandError, match="duplicate card: SK"):
        Hand.parse("KK4.AQ32.T98.765")


def test_hand_repr_is_evaluable_and_shows_suits_high_first():
    hand = Hand.parse("4JK.23QA.89T.567")
    assert hand.pbn() == HAND
    assert eval(repr(hand)) == hand
    assert [str(c) for c in hand.suit(Suit.S)] == ["SK", "SJ", "S4"]


def test_hand_without_and_with():
    hand = Hand.parse(HAND)
    smaller = hand.without("SK")
    assert len(smaller) == 12 and "SK" not in smaller and "SK" in hand
    assert smaller.with_cards("SK") == hand
    with pytest.raises(HandError):
        smaller.without("SK")


# -- property tests ------------------------------------------------------------------------

card_strategy = st.sampled_from(CARDS)
hands = st.lists(card_strategy, min_size=0, max_size=13, unique=True).map(Hand)


@given(st.text(max_size=12))
def test_any_string_parses_as_card_or_raises_our_error(text):
    try:
        card = parse_card(text)
    except WhistError:
        return
    assert isinstance(card, Card)


@given(st.text(alphabet="SHDCshdc♠♥♦♣AKQJT1098765432ТКДВ.:- ", max_size=40))
def test_any_string_parses_as_hand_or_raises_our_error(text):
    try:
        hand = Hand.parse(text)
    except WhistError:
        return
    assert isinstance(hand, Hand)


@given(card_strategy)
def test_card_format_parse_identity(card):
    assert parse_card(str(card)) is card
    assert parse_card(card.symbol()) is card
    assert parse_card(card.symbol("ru")) is card
    assert eval(repr(card)) is card


@given(hands)
def test_hand_format_parse_identity(hand):
    assert Hand.parse(hand.pbn()) == hand
    assert Hand.parse(hand.symbols()) == hand
    assert Hand.parse(hand.symbols("ru")) == hand
    assert eval(repr(hand)) == hand


def test_russian_suit_letters_read_a_card_typed_on_a_phone():
    """Walkthrough defect 28: «кп» (король пик) was refused; a phone's keyboard has no ♠."""
    from tutor.cards import parse_card

    assert [str(parse_card(x)) for x in ("кп", "КП", "тт", "тп", "дч", "10б", "вт")] == \
        ["SK", "SK", "CA", "SA", "HQ", "DT", "CJ"]
    assert str(parse_card("ST")) == "ST"  # the Latin T is still the ten
