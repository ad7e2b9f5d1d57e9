"""The laws of irregularities: exposed cards, a lead out of turn, the last two tricks.

000 «Ошибки» 3, 7, 8; 002 (the same laws); 004 «Карты, подлежащие объявлению», «Внеочередной заход».
"""

from __future__ import annotations

import pytest

from tutor.cards import Suit, parse_card
from tutor.deal import Deal
from tutor.errors import IllegalPlayError
from tutor.laws import (
    CalledCard,
    CalledSuit,
    LawError,
    expire_penalties,
    judge_lead_out_of_turn,
    legal_under_penalties,
    verify_under_penalties,
)
from tutor.play import PlayState
from tutor.seats import Seat

# N: spades AKQJ, hearts T98, diamonds 765, clubs 432; E: T98.765.432.AKQJ; S: 765.432.AKQJ.T98; W: 432.AKQJ.T98.765
PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def state(dealer: str = "W") -> PlayState:
    trump = {"W": "C5", "N": "C2", "E": "CA", "S": "CT"}[dealer]
    return PlayState(Deal.from_pbn(PBN, dealer=dealer, trump_card=trump))


def c(text: str):
    return parse_card(text)


def test_exposed_card_must_be_played_when_called():
    """000 «Ошибки» 7: «Картами, открытыми до окончания игры, распоряжаются противники»."""
    st = state()  # N leads
    assert legal_under_penalties(st, [CalledCard(Seat.N, c("D5"))]) == (c("D5"),)
    with pytest.raises(IllegalPlayError, match="exposed D5"):
        verify_under_penalties(st, c("SA"), [CalledCard(Seat.N, c("D5"))])


def test_exposed_card_never_forces_a_revoke():
    """004 «Карты, подлежащие объявлению»: the exposed card is played «при условии реализации ходов без ренонса»."""
    st = state()
    st.play("SA")  # N leads a spade; E holds spades and must follow
    legal = legal_under_penalties(st, [CalledCard(Seat.E, c("H7"))])
    assert set(map(str, legal)) == {"ST", "S9", "S8"}


def test_called_suit_must_be_led_if_held():
    """000 «Ошибки» 3: the opponents may «требовать, чтобы он ходил с известной масти»."""
    st = state()
    legal = legal_under_penalties(st, [CalledSuit(Seat.N, Suit.H)])
    assert set(map(str, legal)) == {"HT", "H9", "H8"}
    with pytest.raises(IllegalPlayError, match="must lead"):
        verify_under_penalties(st, c("SA"), [CalledSuit(Seat.N, Suit.H)])


def test_called_suit_lapses_when_the_player_has_none():
    """004 «Внеочередной заход»: no penalty «в случае отсутствия у игрока карт в масти»."""
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", dealer="W", trump_card="CA")
    st = PlayState(deal)
    assert len(legal_under_penalties(st, [CalledSuit(Seat.N, Suit.H)])) == 13
    assert expire_penalties([CalledSuit(Seat.N, Suit.H)], Seat.N, c("SA"), led=True) == ()


def test_penalties_against_other_seats_do_not_bind_the_player_to_move():
    st = state()
    assert len(legal_under_penalties(st, [CalledSuit(Seat.E, Suit.H), CalledCard(Seat.S, c("DA"))])) == 13


def test_lead_out_of_turn_may_be_accepted():
    """000 «Ошибки» 3: «противники имеют право или признать карту»; play goes on from the offender."""
    st = state()  # N should lead
    ruling = judge_lead_out_of_turn(st, Seat.E, c("H7"))
    assert ruling.rightful_leader is Seat.N and set(ruling.decided_by) == {Seat.S, Seat.N}
    ruling.accept(st)
    assert st.leader is Seat.E and st.to_play is Seat.S and list(map(str, st.current)) == ["H7"]
    st.undo()
    assert st.to_play is Seat.N and st.leader is Seat.N and st.holds(Seat.E, c("H7"))


def test_lead_out_of_turn_suit_called_from_offender_russian():
    """000 «Ошибки» 3: the suit is demanded from the offender; his card stays exposed (000 «Ошибки» 7)."""
    st = state()
    exposed, called = judge_lead_out_of_turn(st, Seat.E, c("H7")).call_suit(Suit.C)
    assert exposed == CalledCard(Seat.E, c("H7")) and called == CalledSuit(Seat.E, Suit.C)


def test_lead_out_of_turn_american_only_right_hand_opponent_decides():
    """004 «Внеочередной заход»: «Штраф может взыскать только противник, сидящий справа от игрока»;
    the suit may be called from the offender or his partner, each time by the opponent on the
    right of the player it is called from (E's right: N; W's right: S)."""
    ruling = judge_lead_out_of_turn(state(), Seat.E, c("H7"), rules="american")
    assert ruling.suit_may_be_called_from == (Seat.E, Seat.W)
    assert ruling.callers_for(Seat.E) == (Seat.N,) and ruling.callers_for(Seat.W) == (Seat.S,)
    assert ruling.decided_by == (Seat.N, Seat.S)


def test_lead_out_of_turn_suit_called_from_partner_by_the_opponent_on_his_right():
    """004 «Внеочередной заход»: «Штраф может взыскать только противник, сидящий справа от игрока,
    у которого на законных основаниях может быть отозвана масть». North leads out of turn before
    South's opening lead (East dealt); the suit called from South is called by South's right-hand
    opponent, East -- not by North's right-hand opponent West (content review E-1, E-2)."""
    st = state(dealer="E")  # S should lead
    ruling = judge_lead_out_of_turn(st, Seat.N, c("SA"), rules="american")
    assert ruling.callers_for(Seat.S) == (Seat.E,)
    assert ruling.callers_for(Seat.N) == (Seat.W,)
    exposed, called = ruling.call_suit(Suit.H, from_seat=Seat.S, by=Seat.E)
    assert exposed == CalledCard(Seat.N, c("SA")) and called == CalledSuit(Seat.S, Suit.H)
    with pytest.raises(LawError, match="only E may"):
        ruling.call_suit(Suit.H, from_seat=Seat.S, by=Seat.W)


def test_lead_out_of_turn_suit_called_from_offender_by_the_opponent_on_his_right():
    """004 «Внеочередной заход»: from the offender himself the suit is called by the offender's
    right-hand opponent; his partner's side cannot be called from by anyone else."""
    st = state(dealer="E")
    ruling = judge_lead_out_of_turn(st, Seat.N, c("SA"), rules="american")
    with pytest.raises(LawError, match="only W may"):
        ruling.call_suit(Suit.C, from_seat=Seat.N, by=Seat.E)
    with pytest.raises(LawError, match="no suit may be called from E"):
        ruling.call_suit(Suit.C, from_seat=Seat.E)


def test_lead_out_of_turn_russian_either_opponent_calls_from_the_offender_only():
    """000 «Ошибки» 3: «противники имеют право … требовать, чтобы он ходил с известной масти» --
    the opponents (either) and from him, the offender, only."""
    st = state(dealer="E")
    ruling = judge_lead_out_of_turn(st, Seat.N, c("SA"))
    assert set(ruling.callers_for(Seat.N)) == {Seat.E, Seat.W} and ruling.callers_for(Seat.S) == ()
    with pytest.raises(LawError, match="no suit may be called from S"):
        ruling.call_suit(Suit.C, from_seat=Seat.S)


def test_no_lead_out_of_turn_by_the_rightful_leader_or_mid_trick():
    st = state()
    with pytest.raises(LawError, match="is on lead"):
        judge_lead_out_of_turn(st, Seat.N, c("SA"))
    with pytest.raises(LawError, match="does not hold"):
        judge_lead_out_of_turn(st, Seat.E, c("SA"))
    st.play("SA")
    with pytest.raises(LawError, match="empty table"):
        judge_lead_out_of_turn(st, Seat.S, c("S7"))


def test_called_card_is_spent_once_played():
    pens = (CalledCard(Seat.N, c("D5")), CalledSuit(Seat.E, Suit.H))
    assert expire_penalties(pens, Seat.N, c("D5"), led=True) == (CalledSuit(Seat.E, Suit.H),)
    assert expire_penalties(pens, Seat.N, c("D6"), led=False) == pens
