"""Robots that play by the maxims from their own seat, with a double-dummy fallback.

Seeds: 000 «Масти и взятки» 1-2 (follow suit), «Сдача» 9 (the trump card is seen by all and is
the dealer's); the maxims themselves are cited by id (maxims.md). anchors.md: robots must follow
the maxims and say which one.
"""

from __future__ import annotations

import random

import pytest

from tutor.cards import Card
from tutor.conventions.catalogue import load_catalogue
from tutor.deal import Deal
from tutor.play import PlayState
from tutor.robots import DOUBLE_DUMMY, FORCED, READING, SEARCH, Robot, RobotCard, RobotError, sample_positions
from tutor.seats import Seat
from tutor.seatview import SeatView

CATALOGUE = load_catalogue()


def _play_out(deal: Deal, *, samples: int, seed: int = 0) -> list[RobotCard]:
    state = PlayState(deal)
    robots = {s: Robot(s, samples=samples, seed=seed) for s in Seat}
    cards = []
    while not state.is_over:
        rc = robots[state.to_play].choose(state)
        assert rc.card in state.legal_cards()
        state.play(rc.card)
        cards.append(rc)
    return cards


def test_robot_card_always_names_a_maxim_reading_search_or_double_dummy():
    """anchors.md («our robots follow the maxims and say which one»), issue 11 point 4: every card
    cites a catalogue maxim id first, or "reading" (its note says the inference), or "search"
    (the sampled check among the cards the maxims left equal), or "double-dummy" where no maxim
    spoke."""
    seen_tie = False
    for seed in range(3):
        for rc in _play_out(Deal.random(100 + seed), samples=3, seed=seed):
            assert rc.maxims, rc
            assert rc.maxim in (DOUBLE_DUMMY, READING, SEARCH) or rc.maxim in CATALOGUE, rc.maxim
            assert all(m in (DOUBLE_DUMMY, READING, SEARCH) or m in CATALOGUE for m in rc.maxims)
            assert rc.explanation["en"] and rc.explanation["ru"]
            if rc.maxim in (DOUBLE_DUMMY, READING, SEARCH):
                # the note says what decided in a beginner's words (issue 24, defect 25)
                lead = {SEARCH: "tried on ", READING: "reading: "}.get(rc.maxim, rc.maxim)
                assert rc.note is not None and rc.note["en"].startswith(lead)
                seen_tie = True
    assert seen_tie, "no position left the maxims undecided"


#: Deals per strength in the slow legality test. Issue 11 asks for 10,000 per strength; classic
#: (the default robots) runs all 10,000 here, beginner and strong fewer to keep CI time reasonable
#: (strong solves a Monte-Carlo sample at most cards: about a second a deal). The full count for
#: every strength: ``python bench/bench_robot_legality.py --deals 10000``.
LEGALITY_DEALS = {"classic": 10_000, "beginner": 2_000, "strong": 100}


@pytest.mark.slow
@pytest.mark.parametrize("strength", list(LEGALITY_DEALS))
def test_robots_never_revoke_over_whole_deals(strength):
    """000 «Масти и взятки» 1: over many random deals (every dealer), played out in full by four
    robots of one strength, every card is legal and names what decided it."""
    deals = LEGALITY_DEALS[strength]
    robots = {s: Robot(s, strength=strength, samples=0 if strength != "strong" else 4) for s in Seat}
    played = 0
    for i in range(deals):
        state = PlayState(Deal.random(i, dealer=Seat(i % 4)))
        while not state.is_over:
            rc = robots[state.to_play].choose(state)
            state.verify_play(rc.card)  # raises IllegalPlayError on a revoke or a card not held
            assert rc.maxims, f"deal {i}: {rc.card} names no maxim"
            state.play(rc.card)
            played += 1
        assert len(state.tricks) == 13
    assert played == deals * 52


def test_robot_decides_from_its_own_view_only():
    """A robot sees its hand, the trump card and the tricks (000 «Сдача» 9), never the hidden
    hands: exchanging cards between two other hands does not change its card."""
    base = Deal.random(42, dealer=Seat.S)  # W leads first
    n, e = base.hands[Seat.N], base.hands[Seat.E]
    a = next(c for c in n if c != base.trump_card)
    b = next(c for c in e if c != base.trump_card)
    hands = list(base.hands)
    hands[Seat.N] = n.without(a).with_cards(b)
    hands[Seat.E] = e.without(b).with_cards(a)
    other = Deal(hands, dealer=base.dealer, trump_card=base.trump_card)
    robot = Robot(Seat.W, samples=4, seed=7)
    assert robot.choose(PlayState(base)) == robot.choose(PlayState(other))


def test_robot_is_deterministic_under_a_seed():
    """Replaying a deal with the same seeds repeats every card and reason."""
    deal = Deal.random(5)
    assert _play_out(deal, samples=2, seed=3) == _play_out(deal, samples=2, seed=3)


def test_only_legal_card_cites_the_law():
    """000 «Масти и взятки» 1: with a single card of the suit led the law decides."""
    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
                         dealer="W", trump_card="C5")
    state = PlayState(deal)
    state.play("SA")  # N leads; E holds three spades, S three, W three
    state.play("ST")
    state.play("S7")
    state.play("S4")
    # N leads again; make W's only spade left matter: play to the point where W has one spade
    for card in ("SK", "S9", "S6", "S3", "SQ", "S8", "S5"):
        state.play(card)
    rc = Robot(Seat.W, samples=0).choose(state)
    assert rc.card == Card.parse("S2") and rc.maxims == (FORCED,)


def test_samples_respect_what_the_robot_has_seen():
    """The fallback's layouts keep the robot's own cards, the dealer's trump card (000 «Сдача» 9)
    and the voids shown in play (000 «Масти и взятки» 2)."""
    deal = Deal.random(11, dealer=Seat.N)
    state = PlayState(deal)
    for _ in range(6):
        state.play(Robot(state.to_play, samples=0).choose(state).card)
    view = SeatView.from_state(state, state.to_play)
    voids = view.others_voids()
    for pos in sample_positions(view, random.Random(1), 20):
        assert pos.hands[view.seat] == view.remaining
        if deal.trump_card not in {c for t in view.played for c in t.cards}:
            assert deal.trump_card in pos.hands[deal.dealer]
        for seat, suits in voids.items():
            assert not any(pos.hands[seat].has_suit(s) for s in suits)
        assert all(len(pos.hands[s]) == view.sizes[s] for s in Seat)


def test_robot_refuses_to_play_out_of_turn():
    """A robot plays only at its turn (000 «Ошибки» 3 deals with leads out of turn)."""
    state = PlayState(Deal.random(1, dealer=Seat.E))  # S leads
    with pytest.raises(RobotError):
        Robot(Seat.N).choose(state)
