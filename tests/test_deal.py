"""Seats and deals: the deal and the trump card (000 «Сдача и партнерство»; 001 §3; 003 «Сдача»)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import Card, Hand, Suit, parse_card
from tutor.deal import Deal, parse_trump, sample_layout
from tutor.errors import DealError, SeatError, WhistError
from tutor.seats import Seat, Side, parse_seat, parse_side

PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_partners_sit_opposite():
    """000 «Сдача и партнерство» 2: «Играющие вместе и сидящие друг против друга называются партнерами»."""
    assert Seat.N.partner is Seat.S and Seat.E.partner is Seat.W
    assert Seat.S.side is Side.NS and Seat.W.side is Side.EW


def test_play_goes_clockwise_to_the_left():
    """001 §3: cards are dealt and played clockwise; the next player is the left-hand opponent."""
    assert [s.next for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert Seat.S.lho is Seat.W and Seat.S.rho is Seat.E


def test_seat_and_side_parsing():
    assert parse_seat("south") is Seat.S and parse_seat("Ю") is Seat.S and parse_side("we") is Side.EW
    with pytest.raises(SeatError):
        parse_seat("X")
    with pytest.raises(SeatError):
        parse_side("NE")


def test_player_left_of_dealer_leads_first():
    """000 «Сдача» 17: «Первый ход всегда принадлежит игроку, сидящему слева от сдатчика»."""
    deal = Deal.from_pbn(PBN, dealer="E", trump_card="CA")
    assert deal.leader is Seat.S


def test_trump_card_belongs_to_the_dealer():
    """000 «Сдача» 9 and 001 §3: the last card is turned up, fixes trumps and stays in the dealer's hand."""
    deal = Deal.from_pbn(PBN, dealer="W", trump_card="C5")
    assert deal.trump is Suit.C and deal.holder("C5") is Seat.W
    with pytest.raises(DealError, match="must be in the dealer's"):
        Deal.from_pbn(PBN, dealer="E", trump_card="C5")


def test_random_deal_turns_up_the_dealers_last_card():
    """000 «Сдача» 8-9: dealt one by one from the dealer's left; the very last card is the dealer's trump card."""
    for seed in range(20):
        deal = Deal.random(seed, dealer=Seat(seed % 4))
        assert deal.trump_card in deal.hands[deal.dealer]
        assert all(len(h) == 13 for h in deal.hands)


def test_random_deals_are_reproducible_under_a_seed():
    assert Deal.random(42) == Deal.random(42)
    assert Deal.random(42) != Deal.random(43)


def test_deal_pbn_round_trip_and_evaluable_repr():
    deal = Deal.from_pbn(PBN, dealer="W", trump_card="C5")
    assert deal.pbn() == PBN
    assert Deal.from_pbn(deal.pbn("E"), dealer="W", trump_card="C5") == deal
    assert eval(repr(deal), {"Deal": Deal, "Seat": Seat, "Card": Card, "Suit": Suit}) == deal


@pytest.mark.parametrize(
    "pbn, message",
    [
        ("N:AKQJ.T98.765.43 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "different sizes"),
        ("N:AKQJ.T98.765.432 AKQJ.765.432.T98 765.432.AKQJ.T98 432.AKQJ.T98.765", "in both"),
        ("AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "not a PBN deal"),
        ("N:AKQJ.T98.765.432 T98.765.432.AKQJ", "four hands"),
        ("X:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", "not a PBN deal"),
    ],
)
def test_bad_deal_gives_one_clear_error(pbn, message):
    with pytest.raises(DealError, match=message):
        Deal.from_pbn(pbn)


def test_trump_option_takes_a_suit_or_a_card():
    """design.md CLI: --trump takes a suit (H, ♥) or a card (H7)."""
    assert parse_trump("H") == (Suit.H, None)
    assert parse_trump("♥") == (Suit.H, None)
    assert parse_trump("H7") == (Suit.H, parse_card("H7"))
    assert parse_trump("NT") == (None, None)
    with pytest.raises(DealError):
        parse_trump("X9")


def test_diagram_shows_south_at_the_bottom_and_the_trump_card():
    deal = Deal.from_pbn(PBN, dealer="W", trump_card="C5")
    lines = deal.diagram().splitlines()
    assert lines[0].strip() == "North" and "South" in lines[-6]
    assert "♣5" in lines[-1]
    assert "Юг" in deal.diagram("ru")


def test_constrained_deal_keeps_fixed_hand_trump_card_and_voids():
    south = Hand.parse("KJ4.AQ32.T98.765")
    for seed in range(30):
        deal = Deal.random(seed, dealer="E", fixed={Seat.S: south}, trump_card="SA", voids={Seat.W: [Suit.H]})
        assert deal.hands[Seat.S] == south
        assert deal.trump_card == parse_card("SA") and parse_card("SA") in deal.hands[Seat.E]
        assert not deal.hands[Seat.W].has_suit(Suit.H)


def test_sample_layout_is_uniform_over_fitting_layouts():
    """Sampling must be exact for the Monte-Carlo analysis: a small case counted by hand.

    Unknown: two spades and one heart for N (2 places) and E (1 place); E is void in hearts, so the
    heart is N's and one of the two spades goes to E: two layouts, equally likely.
    """
    known = {Seat.S: [], Seat.W: []}
    pool = [parse_card("S2"), parse_card("S3"), parse_card("H4")]
    rng = random.Random(1)
    counts = Counter()
    for _ in range(4000):
        layout = sample_layout(rng, known=known, sizes={Seat.N: 2, Seat.E: 1}, voids={Seat.E: [Suit.H]}, pool=pool)
        assert parse_card("H4") in layout[Seat.N]
        counts[str(layout[Seat.E])] += 1
    assert set(counts) == {".2..", ".3.."} or set(counts) == {"2...", "3..."}
    a, b = counts.values()
    assert abs(a - b) < 300


def test_sample_layout_reports_an_impossible_constraint():
    with pytest.raises(DealError, match="no layout"):
        sample_layout(random.Random(0), known={}, sizes={Seat.N: 1}, voids={Seat.N: [Suit.S]}, pool=[parse_card("S2")])


@settings(max_examples=60)
@given(st.text(max_size=80))
def test_any_string_parses_as_deal_or_raises_our_error(text):
    try:
        Deal.from_pbn(text)
    except WhistError:
        pass


@settings(max_examples=50)
@given(st.integers(min_value=0, max_value=10**9), st.sampled_from(list(Seat)))
def test_deal_format_parse_identity(seed, dealer):
    deal = Deal.random(seed, dealer=dealer)
    assert Deal.from_pbn(deal.pbn(), dealer=deal.dealer, trump_card=deal.trump_card) == deal
    assert Counter(len(h) for h in deal.hands) == Counter({13: 4})
