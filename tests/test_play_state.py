"""The play of a deal, law by law, where the mutation run found it unpinned: undo, the lead out
of turn, the claim, the record of tricks and the errors a player reads (000 «Масти и взятки» 1-4,
«Ошибки» 3, 8; 003 «Розыгрыш»). The errors are shown to the student, so their wording is pinned."""

from __future__ import annotations

import re

import pytest

from tutor import play
from tutor.cards import Card, Hand, Suit
from tutor.deal import Deal
from tutor.errors import HistoryError, IllegalPlayError
from tutor.play import PlayState, Trick, parse_history, trick_winner
from tutor.seats import Seat, Side
from tutor.seatview import SeatView, check_record


def _exact(text: str) -> str:
    return f"^{re.escape(text)}$"


def _small(pbn: str, trump: str | None = None) -> PlayState:
    """A three-card ending, East deals so South leads (000 «Сдача» 17)."""
    return PlayState(Deal.from_pbn(pbn, dealer="E", trump=trump))


# -- undo -----------------------------------------------------------------------------------------
def test_undo_gives_each_trick_back_to_the_side_that_won_it():
    """Taking back the card that closed a trick takes the trick from its winners' count."""
    state = PlayState(Deal.random(11))
    while not state.is_over:
        state.play(state.legal_cards()[0])
    assert state.tricks_won(Side.NS) and state.tricks_won(Side.EW)
    while state.tricks or state.current:
        state.undo()
        for side in Side:
            assert state.tricks_won(side) == sum(1 for w in state.winners if w.side is side)
    assert state.tricks_won(Side.NS) == state.tricks_won(Side.EW) == 0
    with pytest.raises(IllegalPlayError, match=_exact("nothing to undo")):
        state.undo()


def test_a_revoke_is_recorded_with_the_suit_led_and_undone_with_its_card():
    """000 «Масти и взятки» 4: a card off suit while holding the suit led is a revoke."""
    state = PlayState(Deal.random(3), strict=False)
    lead = state.legal_cards()[0]
    state.play(lead)
    seat = state.to_play
    off = next(c for c in state.hand(seat) if c.suit != lead.suit)
    assert state.hand(seat).suit(lead.suit), "the deal must let the second hand revoke"
    state.play(off)
    (revoke,) = state.revokes
    assert (revoke.trick, revoke.seat, revoke.card, revoke.suit_led) == (1, seat, off, lead.suit)
    assert state.undo() == off and state.revokes == []


def test_the_deal_over_refuses_another_card_in_words():
    state = PlayState(Deal.random(5))
    while not state.is_over:
        state.play(state.legal_cards()[-1])
    with pytest.raises(IllegalPlayError, match=_exact("the deal is over: all 13 tricks are played")):
        state.verify_play(Card.parse("SA"))


# -- what a player holds and may play ---------------------------------------------------------------
def test_every_card_of_a_hand_is_held_and_playable_on_the_lead_deuces_included():
    """003 «Розыгрыш»: on the lead any card may be played, the twos as well as the aces."""
    play._MASK_CACHE.clear()  # the suit-mask table is filled lazily: build it afresh here
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    state = PlayState(deal)
    for seat in Seat:
        assert set(state.legal_cards(seat)) == set(deal.hands[seat])
        assert state.hand(seat) == deal.hands[seat]
        for card in deal.hands[seat]:
            assert state.holds(seat, card)
        for other in Seat:
            if other != seat:
                assert not any(state.holds(seat, c) for c in deal.hands[other])
    not_mine = next(iter(deal.hands[state.to_play.lho]))
    assert not state.is_legal(not_mine)


# -- the lead out of turn (000 «Ошибки» 3) ------------------------------------------------------------
def test_an_accepted_lead_out_of_turn_stands_and_may_be_named_as_text():
    state = PlayState(Deal.random(2))
    rightful = state.to_play
    seat = rightful.lho
    card = state.hand(seat).cards[0]
    state.accept_lead_out_of_turn(seat, str(card))
    assert state.current == [card] and state.leader == seat
    assert state.undo() == card and state.to_play == rightful == state.leader


def test_a_lead_out_of_turn_is_refused_in_words_where_it_is_none():
    state = PlayState(Deal.random(2))
    rightful = state.to_play
    with pytest.raises(IllegalPlayError, match=_exact(f"{rightful.name} is on lead: this is no lead out of turn")):
        state.accept_lead_out_of_turn(rightful, state.hand(rightful).cards[0])
    state.play(state.hand(rightful).cards[0])
    with pytest.raises(IllegalPlayError, match=_exact("a lead out of turn is made to an empty table")):
        state.accept_lead_out_of_turn(rightful.partner, state.hand(rightful.partner).cards[0])


def test_a_refused_lead_out_of_turn_leaves_the_lead_with_the_rightful_leader():
    state = PlayState(Deal.random(2))
    rightful = state.to_play
    seat = rightful.rho
    with pytest.raises(IllegalPlayError):
        state.accept_lead_out_of_turn(seat, next(iter(state.deal.hands[rightful])))  # not his card
    assert state.to_play == state.leader == rightful and state.current == []


# -- the claim -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("pbn", "trump", "certain"),
    [
        # two top trumps against two: drawing them leaves the top heart (the counts are equal)
        ("N:-.543.-.- -.876.-.- AK.A.-.- QJ.2.-.-", "S", True),
        # one top trump against one, two top hearts
        ("N:-.654.-.- -.987.-.- A.AK.-.- Q.32.-.-", "S", True),
        # one top trump against two: the second trump is out
        ("N:-.654.-.- -.987.-.- A.AK.-.- QJ.2.-.-", "S", False),
        # trumps all played: top hearts are good
        ("N:-.-.432.- -.-.-.432 -.AKQ.-.- -.432.-.-", "S", True),
        # the king with East (not the last seat asked) beats South's jack
        ("N:-.-.-.432 -.K32.-.- -.AQJ.-.- -.-.-.765", None, False),
        # the ace is no help to the deuce: West's king wins the second round
        ("N:-.-.-.432 -.-.-.765 -.A2.Q.- -.K3.2.-", None, False),
        # void in spades, a loser in diamonds further on
        ("N:-.-.AKQ.- -.-.-.432 -.A.43.- -.-.-.765", None, False),
    ],
)
def test_a_claim_is_certain_only_when_every_card_left_is_a_winner(pbn, trump, certain):
    """A sufficient test: trumps drawn by higher trumps at least as many as anyone's, and every
    other card the best of its suit (000 «Ошибки»: a claim shows the hand)."""
    assert _small(pbn, trump).claim_is_certain() is certain


def test_no_claim_in_the_middle_of_a_trick():
    """Only the player on lead to an empty table may claim: after South's lead West holds all
    the top spades, but the trick is not his to lead."""
    state = _small("N:-.765.-.- -.T98.-.- -.432.-.- AKQ.-.-.-")
    state.play(Card.parse("H2"))
    assert state.claim_is_certain() is False


# -- the record of tricks -------------------------------------------------------------------------------
def test_a_trick_may_name_its_leader_in_small_letters_and_part_its_cards_with_commas():
    assert Trick.parse("w:DK,D4,D9,D2") == Trick.parse("W:DK D4 D9 D2")
    assert str(Trick.parse("w:DK,D4")) == "W:DK D4"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("W:DK D4 D9 D2 / / W:DA", "trick 2 is empty in 'W:DK D4 D9 D2 / / W:DA'"),
        ("W:DK D4 / N:DA", "trick 1 (W:DK D4) has 2 cards; only the last may be unfinished"),
    ],
)
def test_a_broken_record_names_the_trick_by_its_number(text, message):
    with pytest.raises(HistoryError, match=_exact(message)):
        parse_history(text)


def test_an_empty_trick_has_no_winner():
    with pytest.raises(HistoryError, match=_exact("an empty trick has no winner")):
        trick_winner(Seat.N, [], None)


def test_check_record_names_the_trick_that_breaks_the_laws():
    """000 «Масти и взятки» 1, 3: the winner leads next; a card is played once; suit is followed."""
    with pytest.raises(HistoryError, match=_exact("trick 1 is led by N, but W should lead")):
        check_record("N:DK D4 D9 D2", None, Seat.W)
    with pytest.raises(HistoryError, match=_exact("card DK is played twice (trick 2)")):
        check_record("W:DK D4 D9 D2 / W:DK", None, Seat.W)
    south = Deal.from_pbn("N:-.-.-.432 -.K3.2.- -.A2.Q.- -.-.-.765").hands[Seat.S]
    with pytest.raises(HistoryError, match=_exact(
        f"S plays DQ in trick 1 while holding {Suit.H.symbol}: must follow suit "
        "(000 «Масти и взятки» 1: «Каждый игрок обязан сносить требуемую масть»)"
    )):
        check_record("E:HK DQ", None, Seat.E, known={Seat.S: south})


def test_the_table_counts_each_sides_tricks():
    west = Hand.parse("AKQJT98765..AK.2")
    view = SeatView(west, None, None, Seat.S, tuple(parse_history("W:DK D4 D9 D2 / W:DA D6 D3 H5 / W:C2 CA")), Seat.W)
    assert view.tricks_won(Side.EW) == 2 and view.tricks_won(Side.NS) == 0


def test_a_replayed_record_names_the_trick_that_breaks_the_laws():
    deal = Deal.random(4)
    state = PlayState(deal)
    for _ in range(4):
        state.play(state.legal_cards()[0])
    first = state.history()
    wrong = state.to_play.lho
    with pytest.raises(HistoryError, match=_exact(f"trick 2 is led by {wrong.name}, but {state.to_play.name} should lead")):
        PlayState.from_history(deal, f"{first} / {wrong.name}:{state.hand(wrong).cards[0]}")
    not_held = next(iter(deal.hands[deal.leader.lho]))
    with pytest.raises(HistoryError, match=_exact(f"trick 1: {deal.leader.name} does not hold {not_held}")):
        PlayState.from_history(deal, f"{deal.leader.name}:{not_held}")


def test_the_card_winning_the_trick_so_far_is_the_highest_of_the_suit_led_or_the_highest_trump():
    """000 «Масти и взятки» 3, for a trick not yet finished (``trick_winner`` on the cards on the
    table): South leads the H2, West the HK wins so far, North's trump takes over."""
    state = _small("N:2.-.43.- -.65.-.2 -.72.-.3 -.K8.-.4", trump="S")
    for card, winning in (("H2", Seat.S), ("HK", Seat.W), ("S2", Seat.N)):
        state.play(Card.parse(card))
        assert trick_winner(state.leader, state.current, state.trump) is winning
    state.play(Card.parse("H5"))
    assert not state.current and state.winners == (Seat.N,)
