"""The advice engine as a whole: the position it reads, the JSON contract, the catalogue ids,
"why is my card wrong", and robustness on random positions (design.md «Conventions engine»)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import Hand, Suit, parse_card
from tutor.conventions import (
    NotYourTurnError,
    PositionError,
    SeatView,
    advise,
    explain_card,
    legal_cards,
)
from tutor.conventions.advice import MAXIMS_USED, VERDICTS
from tutor.conventions.catalogue import load_catalogue
from tutor.conventions.position import knowledge
from tutor.deal import Deal
from tutor.errors import HandError, HistoryError, WhistError
from tutor.play import PlayState
from tutor.seats import Seat
from tutor.vocab import VocabularyError

# -- the position -----------------------------------------------------------------------------


def test_dealer_inferred_from_first_trick():
    """000 «Сдача» 17: the first trick's leader sits on the dealer's left."""
    pos = SeatView.build(hand="K74.AQ32.T98.765", trump="C", played="W:DK D4 D3 D8")
    assert pos.dealer == Seat.S
    assert SeatView.build(hand="K74.AQ32.T98.765", trump="C").dealer == Seat.E


def test_trump_card_belongs_to_the_dealer():
    """000 «Сдача» 9: the turned-up card is the dealer's; with S not dealing it cannot be in S's hand."""
    with pytest.raises(PositionError):
        SeatView.build(hand="K74.AQ32.T98.765", trump="C5")
    pos = SeatView.build(hand="K74.AQ32.T98.765", trump="C5", dealer="S", played="W:DK D4 D3 D8")
    assert pos.trump_card == parse_card("C5") and knowledge(pos).trump_card_with_dealer is None
    other = SeatView.build(hand="K74.AQ32.T98.765", trump="CA")
    assert knowledge(other).trump_card_with_dealer == parse_card("CA")


def test_bad_positions_raise_whist_errors():
    """000 «Масти и взятки» 1: a revoke by the student, a card twice, a card the student holds played by another."""
    with pytest.raises(HandError):
        SeatView.build(hand="K74.AQ32.T98.76", trump="C")
    with pytest.raises(HistoryError):  # S holds diamonds but discards a spade
        SeatView.build(hand="K74.AQ32.T98.765", trump="C", played="W:DK D4 D3 S4")
    with pytest.raises(HistoryError):  # W plays the student's ♦10
        SeatView.build(hand="K74.AQ32.T98.765", trump="C", played="W:DT D4 D3 D8")
    with pytest.raises(HistoryError):  # led out of turn
        SeatView.build(hand="K74.AQ32.T98.765", trump="C", played="W:DK D4 D3 D8 / N:H4")
    with pytest.raises(PositionError):
        SeatView.build(hand="K74.AQ32.T98.765", trump="C", rules="bridge")
    with pytest.raises(HistoryError):  # E, the dealer, discards on a trump lead yet holds the ♣A turned up
        SeatView.build(hand="K74.AQ32.T98.765", trump="CA", played="S:C7 C2 C3 H4")


def test_knowledge_reads_voids_leads_discards_and_ruffs():
    """000 first paragraph: follow the voids, the discards, who led what."""
    pos = SeatView.build(hand="943.9872.A93.543", trump="C", played="W:H5 S5 HA H2 / E:D5 DA D6 C7")
    k = knowledge(pos)
    assert k.voids[Seat.N] == frozenset({Suit.H, Suit.D})
    assert k.first_leads[Suit.H] == Seat.W and k.first_leads[Suit.D] == Seat.E
    assert k.opponents_suits == frozenset({Suit.H, Suit.D})
    assert k.first_discards[Seat.N] == parse_card("S5")
    assert not k.opponents_ruffed  # N (partner) ruffed, not an opponent
    assert k.remaining == Hand.parse("943.987.93.543")
    assert k.trumps_remaining == 13 - 3 - 1 and not k.trumps_out


def test_trick_in_progress_and_its_winner():
    """000 «Масти и взятки» 3: the highest card of the suit led, or the highest trump, wins."""
    pos = SeatView.build(hand="A2.8765.AQ4.9873", trump="C", played="W:D5 D9 DT")
    k = knowledge(pos)
    assert k.winning_seat == Seat.E and k.winning_card == parse_card("DT")
    assert legal_cards(pos) == tuple(parse_card(c) for c in ("DA", "DQ", "D4"))


def test_repr_is_evaluable():
    """python-chess style: the repr rebuilds an equal position."""
    from tutor.cards import Card, Hand, Suit  # noqa: F401  (names the repr uses)
    from tutor.play import Trick  # noqa: F401

    pos = SeatView.build(hand="K74.AQ32.T98.765", trump="C", played="W:DK D4 D3 D8")
    assert eval(repr(pos)) == pos


# -- the contract -----------------------------------------------------------------------------


def test_json_has_exactly_the_design_shape():
    """design.md: {"card", "maxims", "explanation", "candidates": [{"card","verdict","maxims","why"}], "system"}."""
    a = advise(SeatView.build(hand="K742.932.932.543", trump="C"))
    data = a.to_json()
    assert list(data) == ["card", "maxims", "explanation", "candidates", "system"]
    assert data["card"] == "S2" and data["maxims"][0] == "king-third-lead-small" and data["system"] == "russian"
    assert all(list(c) == ["card", "verdict", "maxims", "why"] for c in data["candidates"])
    assert len(data["candidates"]) == 12
    ru = a.to_json("ru")
    assert ru["explanation"] != data["explanation"] and ru["candidates"][0]["why"]


def test_every_emitted_maxim_exists_in_the_catalogue():
    """maxims.md: every piece of advice cites maxims of the catalogue, by id."""
    catalogue = load_catalogue()
    missing = [m for m in MAXIMS_USED if m not in catalogue]
    assert missing == [], f"ids the engine cites but the catalogue lacks: {missing}"


def test_explain_card_says_why_a_card_is_wrong():
    """anchors.md: say why a wrong answer is wrong -- the maxim it breaks (000 LST 3 here)."""
    pos = SeatView.build(hand="K742.932.932.543", trump="C")
    v = explain_card(pos, "SK")
    assert v.verdict == "worse" and v.maxims[0] == "king-third-lead-small"
    assert "♠K" in v.why["en"] and "♠К" in v.why["ru"]
    assert explain_card(pos, "S2").maxims[0] == "king-third-lead-small"


def test_must_follow_suit_explains_a_revoke():
    """000 «Масти и взятки» 1: holding the suit led, another suit is not allowed."""
    pos = SeatView.build(hand="A2.8765.KJ4.9873", trump="C", played="E:D5")
    v = explain_card(pos, "SA")
    assert v.verdict == "bad" and v.maxims == ("must-follow-suit",)
    with pytest.raises(WhistError):
        explain_card(pos, "SK")  # not held


def test_advice_refuses_when_not_the_students_turn():
    """000 «Сдача» 17: after W's lead it is N's turn, not S's."""
    pos = SeatView.build(hand="K74.AQ32.T98.765", trump="C", played="W:DK")
    with pytest.raises(NotYourTurnError):
        advise(pos)
    with pytest.raises(VocabularyError, match="unknown convention system 'bridge'"):
        advise(SeatView.build(hand="K74.AQ32.T98.765", trump="C"), "bridge")


def test_must_follow_suit_for_a_single_card():
    """000 «Масти и взятки» 1: a single card of the suit led must be played."""
    a = advise(SeatView.build(hand="A.87654.KJ4.9873", trump="C", played="E:S5"))
    assert str(a.card) == "SA" and a.maxims == ("must-follow-suit",) and a.candidates == ()


# -- random positions -------------------------------------------------------------------------


def _random_position(seed: int, cut: int, trump_as_card: bool) -> SeatView:
    """A random deal, ``cut`` random legal cards played, seen by the player to move (as text)."""
    rng = random.Random(seed)
    deal = Deal.random(rng, dealer=rng.choice(list(Seat)))
    state = PlayState(deal)
    for _ in range(cut):
        state.play(rng.choice(state.legal_cards()))
    seat = state.to_play
    return SeatView.build(
        hand=deal.hands[seat].pbn(),
        trump=str(deal.trump_card) if trump_as_card else deal.trump.name,
        played=state.history() or None,
        dealer=deal.dealer.name,
        seat=seat.name,
    )


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 51), as_card=st.booleans(),
       system=st.sampled_from(["russian", "english"]))
def test_advice_is_legal_and_judges_every_other_card(seed, cut, as_card, system):
    """000 «Масти и взятки» 1-2: on any reachable position the advice is a legal card, every other
    legal card gets a verdict, every cited maxim is one the engine declares, texts exist in en and ru."""
    pos = _random_position(seed, cut, as_card)
    a = advise(pos, system)
    legal = set(pos.legal_cards())
    assert a.card in legal
    judged = [v.card for v in a.candidates]
    assert sorted(judged) == sorted(legal - {a.card})
    assert all(v.verdict in VERDICTS for v in a.candidates)
    cited = set(a.maxims) | {m for v in a.candidates for m in v.maxims}
    assert cited <= set(MAXIMS_USED)
    assert a.maxims or len(legal) > 1
    assert a.explanation["en"] and a.explanation["ru"]
    assert all(v.why["en"] and v.why["ru"] for v in a.candidates)
    assert all(v.maxims for v in a.candidates if v.verdict != "equal")


def test_documented_priority_matches_the_code():
    """design.md «Conventions engine»: the priority order is explicit -- the advice module's
    docstring lists the rules in exactly the order of LEAD_ORDER, FOLLOW_ORDER and VOID_ORDER."""
    import re

    from tutor.conventions import advice

    aliases = {"ruff_as_cheaply_as_possible": "win-as-cheaply-as-possible",
               "keep_trumps_when_not_winning": "play-low-when-not-winning",
               "unblock_ace_knave_on_king": "unblock-ace-doubleton-on-king"}  # the ace-knave case of that maxim
    doc = advice.__doc__
    sections = re.split(r"\n\* ", doc.split("Priority, highest first")[1])[1:]
    assert len(sections) == 3
    for section, order in zip(sections, (advice.LEAD_ORDER, advice.FOLLOW_ORDER, advice.VOID_ORDER)):
        ids = [aliases.get(r.__name__, r.__name__.replace("_", "-")) for r in order if r.__name__ != "lead_card"]
        positions = [section.find(i) for i in ids]
        assert all(p >= 0 for p in positions), [i for i, p in zip(ids, positions) if p < 0]
        assert positions == sorted(positions)
