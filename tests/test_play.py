"""The play of the cards: following suit, who wins a trick, undo, revokes, the last two tricks.

Seeds: 000 «Масти и взятки» 1-4, «Сдача» 17, «Ошибки» 1, 8; 001 §5; 003 «Розыгрыш»; 004 «Ренонсирование».
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import Hand, Suit, parse_card
from tutor.deal import Deal
from tutor.errors import HistoryError, IllegalPlayError, WhistError
from tutor.play import (
    PlayState,
    Trick,
    find_revokes,
    follow_suit,
    format_history,
    must_follow_suit,
    parse_history,
    trick_winner,
)
from tutor.seats import Seat, Side
from tutor.seatview import SeatView, check_record

# N holds all spades high, E hearts, S diamonds, W clubs -- handy for following-suit cases.
PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def cards(text: str):
    return [parse_card(t) for t in text.split()]


def test_highest_card_of_suit_led_wins_without_trumps():
    """000 «Масти и взятки» 3; 001 §5.5: without a trump the highest card of the suit led wins."""
    assert trick_winner(Seat.W, cards("DK D4 DA D2"), Suit.S) is Seat.E
    assert trick_winner(Seat.W, cards("DK D4 CA D2"), Suit.S) is Seat.W  # an off-suit ace takes nothing


def test_highest_trump_wins():
    """001 §5.5 and §9: «выигрывает старший из сыгранных козырей»; a trump two beats a plain ace."""
    assert trick_winner(Seat.N, cards("DA S2 DK D3"), Suit.S) is Seat.E
    assert trick_winner(Seat.N, cards("DA S2 DK S3"), Suit.S) is Seat.W


def test_no_trump_deal_has_no_ruffs():
    """001 §11: «Вист без козыря … старшая карта масти захода выигрывает всегда»."""
    assert trick_winner(Seat.N, cards("DA S2 DK S3"), None) is Seat.N


def test_first_lead_belongs_to_dealers_left():
    """000 «Сдача» 17: the first lead is the dealer's left-hand opponent's."""
    state = PlayState(Deal.from_pbn(PBN, dealer="E", trump_card="CA"))
    assert state.to_play is Seat.S


def test_must_follow_suit():
    """000 «Масти и взятки» 1; 001 §5.2: «обязан сыграть карту этой масти»."""
    state = PlayState(Deal.from_pbn(PBN, dealer="N", trump_card="C2"))
    state.play("H7")  # E leads a heart
    assert set(map(str, state.legal_cards())) == {"H4", "H3", "H2"}  # S must follow
    with pytest.raises(IllegalPlayError, match="must follow suit"):
        state.play("DA")


def test_a_card_refused_by_following_suit_is_told_in_one_wording_by_the_engine_and_the_conventions():
    """Design review §1.2: one wording of "must follow suit", in both languages, from the suit led
    (``play.must_follow_suit``): the engine's error and the conventions' verdict both give it."""
    from tutor.conventions.advice import explain_card

    state = PlayState(Deal.from_pbn(PBN, dealer="N", trump_card="C2"))
    state.play("H7")  # E leads a heart; S holds hearts
    da = parse_card("DA")
    words = {lang: must_follow_suit(da, Suit.H, lang) for lang in ("en", "ru")}
    assert words["en"] == f"{da.symbol('en')} is not allowed: hearts were led and you hold hearts, so you must follow suit."
    assert words["ru"].startswith(f"{da.symbol('ru')} нельзя: в ходу черви") and "сносить масть" in words["ru"]
    with pytest.raises(IllegalPlayError) as refused:
        state.verify_play(da)
    assert words["en"] in str(refused.value) and "Масти и взятки" in str(refused.value)
    verdict = explain_card(SeatView.from_state(state, Seat.S), da)
    assert verdict.verdict == "bad" and verdict.why.to_json() == words


def test_void_player_may_play_any_card():
    """000 «Масти и взятки» 2; 001 §9: without the suit led any card may be played, a trump or not."""
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", dealer="W", trump_card="C2")
    state = PlayState(deal)
    assert state.to_play is Seat.N
    state.play("SA")
    assert len(state.legal_cards()) == 13  # E has no spade: any of his hearts


def test_winner_leads_next_and_tricks_are_counted_per_side():
    """000 «Сдача» 17: «следующие — взявшему взятку»."""
    state = PlayState(Deal.from_pbn(PBN, dealer="W", trump_card="C5"))
    assert state.to_play is Seat.N
    for c in ("SA", "ST", "S7", "S4"):
        state.play(c)
    assert state.to_play is Seat.N and state.tricks_won(Side.NS) == 1 and state.tricks_won(Side.EW) == 0


def test_card_not_held_is_refused():
    state = PlayState(Deal.random(3))
    seat = state.to_play
    other = next(c for c in state.deal.hands[seat.partner])
    with pytest.raises(IllegalPlayError, match="does not hold"):
        state.play(other)


def test_undo_restores_the_position_exactly():
    deal = Deal.random(11)
    state = PlayState(deal)
    rng = random.Random(5)
    snapshots = []
    while not state.is_over:
        snapshots.append((state.history(), state.to_play, tuple(state.legal_cards())))
        state.play(rng.choice(state.legal_cards()))
    assert state.tricks_won(Side.NS) + state.tricks_won(Side.EW) == 13
    while snapshots:
        state.undo()
        assert (state.history(), state.to_play, tuple(state.legal_cards())) == snapshots.pop()
    with pytest.raises(IllegalPlayError):
        state.undo()


def test_only_the_last_two_tricks_may_be_looked_at():
    """000 «Ошибки» 8: «Смотреть можно только две последние» (002: «дві останні хабара»)."""
    state = PlayState(Deal.random(2))
    rng = random.Random(1)
    for _ in range(12):
        state.play(rng.choice(state.legal_cards()))
    assert state.last_tricks() == tuple(state.tricks[-2:])
    assert len(state.last_tricks(5)) == 2


def test_revoke_is_found_in_a_supplied_history():
    """000 «Масти и взятки» 4: a player who holds the suit led but plays another card has revoked."""
    deal = Deal.from_pbn(PBN, dealer="W", trump_card="C5")
    revokes = find_revokes(deal, "N:SA H5 S7 S4")  # E holds spades (T98) but plays a heart
    assert [(r.trick, r.seat, str(r.card)) for r in revokes] == [(1, Seat.E, "H5")]
    assert find_revokes(deal, "N:SA ST S7 S4") == []


def test_strict_replay_refuses_a_revoke_with_the_law():
    deal = Deal.from_pbn(PBN, dealer="W", trump_card="C5")
    with pytest.raises(HistoryError, match="must follow suit"):
        PlayState.from_history(deal, "N:SA H5 S7 S4")


def test_history_out_of_turn_is_refused():
    """000 «Ошибки» 3: a lead out of turn is a breach; a record must name the right leader."""
    deal = Deal.from_pbn(PBN, dealer="W", trump_card="C5")
    with pytest.raises(HistoryError, match="should lead"):
        PlayState.from_history(deal, "E:HT D5 S4 SA")


def test_history_notation_round_trip():
    text = "W:DK D4 D9 D2 / W:DA D6 D3 H5 / W:S2 S3"
    tricks = parse_history(text)
    assert format_history(tricks) == text
    assert tricks[0].leader is Seat.W and str(tricks[1].cards[3]) == "H5"
    assert eval(repr(tricks[0]), {"Trick": Trick}) == tricks[0]


@pytest.mark.parametrize(
    "text, message",
    [
        ("W:DK D4 D9 / W:DA D6 D3 H5", "only the last may be unfinished"),
        ("DK D4 D9 D2", "does not say who led"),
        ("Q:DK D4", "not a seat"),
        ("W:DK DK", "twice"),
        ("W:DK D4 D9 D2 D3", "1 to 4 cards"),
        ("W:DX", "not a card"),
    ],
)
def test_bad_history_gives_one_clear_error(text, message):
    with pytest.raises(HistoryError, match=message):
        parse_history(text)


def test_a_seat_view_reads_voids_and_winners_from_the_students_view():
    """000 «Главное условие»: watch the others' play; a player who shows out is void in that suit."""
    south = Hand.parse("765.432.AKQJ.T98")
    view = SeatView(south, None, Suit.C, Seat.E, tuple(parse_history("S:DA D2 DT S9 / S:DK H5 D3 C2")), Seat.S)
    assert view.winners == (Seat.S, Seat.E)  # E, out of diamonds, ruffs the second round
    assert Suit.D in view.voids[Seat.W] and Suit.D in view.voids[Seat.E] and not view.voids[Seat.N]
    assert view.to_play is Seat.E and view.tricks_won(Side.EW) == 1
    assert view.remaining == south.without(*Hand.parse("..AK."))


def test_check_record_refuses_another_seat_playing_the_students_card():
    south = Hand.parse("765.432.AKQJ.T98")
    with pytest.raises(HistoryError, match="holds it"):
        check_record("S:DA H2 D3 D4", Suit.C, Seat.S, known={Seat.S: south})


def test_check_record_refuses_a_card_the_student_does_not_hold():
    south = Hand.parse("765.432.AKQJ.T98")
    with pytest.raises(HistoryError, match="does not hold"):
        check_record("S:SA S2 S3 S4", Suit.C, Seat.S, known={Seat.S: south})


def test_check_record_refuses_a_suit_after_showing_out():
    with pytest.raises(HistoryError, match="after showing out"):
        check_record("S:DA H2 D3 D4 / S:D5 D6 D7 D8", Suit.C, Seat.S)


def test_claim_is_certain_with_all_top_cards():
    deal = Deal.from_pbn(PBN, dealer="W", trump_card="C5")
    state = PlayState(deal)  # N leads, holds every top spade but plain winners can be ruffed by E? E has clubs
    assert not state.claim_is_certain()
    deal2 = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765", dealer="W", trump=None)
    assert not PlayState(deal2).claim_is_certain()  # N's hearts are not top
    solo = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    assert PlayState(Deal.from_pbn(solo, dealer="W", trump=None)).claim_is_certain()  # no one can ruff
    assert not PlayState(Deal.from_pbn(solo, dealer="W", trump_card="CA")).claim_is_certain()  # W ruffs


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=0, max_value=10**9))
def test_random_deals_play_out_legally_to_thirteen_tricks(deal_seed, play_seed):
    """001 §5: every card played is legal; 13 tricks are played and counted."""
    deal = Deal.random(deal_seed)
    state = PlayState(deal)
    rng = random.Random(play_seed)
    while not state.is_over:
        legal = state.legal_cards()
        assert legal and all(state.is_legal(c) for c in legal)
        held = state.hand(state.to_play)
        if state.current and held.has_suit(state.current[0].suit):
            assert all(c.suit == state.current[0].suit for c in legal)
        state.play(rng.choice(legal))
    assert len(state.tricks) == 13
    assert state.tricks_won(Side.NS) + state.tricks_won(Side.EW) == 13
    replay = PlayState.from_history(deal, state.history())
    assert replay.tricks_won(Side.NS) == state.tricks_won(Side.NS)
    assert find_revokes(deal, state.history()) == []
    assert parse_history(state.history()) == state.tricks


@settings(max_examples=80)
@given(st.text(alphabet="NESW: /SHDC♠♥AKQJT98765432", max_size=60))
def test_any_string_parses_as_history_or_raises_our_error(text):
    try:
        parse_history(text)
    except WhistError:
        pass


def test_check_record_keeps_the_turned_up_card_with_the_dealer():
    """000 «Сдача» 9: the turned-up card is the dealer's; nobody else may play it, and the dealer
    cannot show out of trumps while it is still in his hand."""
    with pytest.raises(HistoryError, match="lies in the dealer's"):
        check_record("S:D7 DA D2 D3", Suit.C, Seat.S, trump_card=parse_card("D7"))  # dealer is E
    with pytest.raises(HistoryError, match="still holds the turned-up trump card"):
        check_record("S:C2 C3 C4 H5", Suit.C, Seat.S, trump_card=parse_card("CA"))  # E shows out of clubs
    south = Hand.parse("AKQ.AKQJ.AKQ.T92")
    view = SeatView(south, parse_card("CA"), Suit.C, Seat.E, tuple(parse_history("S:C2 C3 C4 CA")), Seat.S)
    assert view.winners == (Seat.E,)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), cards=st.integers(0, 51))
def test_follow_suit_allows_the_suit_led_else_any_card(seed: int, cards: int) -> None:
    """000 «Масти и взятки» 1-2: follow suit if able, else any card -- follow_suit() on a Hand
    agrees with the play engine's own masks at every point of a random play."""
    rng = random.Random(seed)
    state = PlayState(Deal.random(seed))
    for _ in range(cards):
        state.play(rng.choice(state.legal_cards()))
    assert follow_suit(state.hand(state.to_play), state.suit_led) == state.legal_cards()
