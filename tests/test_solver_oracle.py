"""DDS (tutor.solver) checked against the pure-Python minimax oracle (tutor.minimax) on endings.

Both must apply 000 «Масти и взятки» 1-3 (follow suit; highest trump, else highest card of the
suit led; the winner leads) and count tricks for the side to move from the trick in progress on.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import CARDS, Card, Hand, Suit
from tutor.deal import Deal
from tutor.minimax import MAX_CARDS, solve_ending
from tutor.play import PlayState
from tutor.seats import Seat
from tutor.solver import DDPosition, SolverError, solve, solve_many

TRUMPS = [Suit.S, Suit.H, Suit.D, Suit.C, None]


def _dealt_ending(rng: random.Random, size: int, trump: Suit | None, leader: Seat, extra: int) -> DDPosition:
    """Deal ``size`` random cards a hand from a shuffled pack, then play ``extra`` random cards."""
    pack = list(CARDS)
    rng.shuffle(pack)
    hands = [Hand(pack[i * size:(i + 1) * size]) for i in range(4)]
    state = PlayState(Deal(hands, dealer=leader.rho, trump=trump))
    for _ in range(extra):
        state.play(rng.choice(state.legal_cards()))
    return DDPosition.from_state(state)


def _played_ending(rng: random.Random, trump: Suit | None, leader: Seat, extra: int) -> DDPosition:
    """Play 8 random tricks of a random deal (5 cards a hand left), then ``extra`` cards more."""
    state = PlayState(Deal(Deal.random(rng).hands, dealer=leader.rho, trump=trump))
    for _ in range(32 + extra):
        state.play(rng.choice(state.legal_cards()))
    return DDPosition.from_state(state)


@pytest.mark.slow(reason="hundreds of endings solved twice (3.4 s of CPU); the fast loop keeps the hypothesis "
                         "property test_single_dds_call_agrees_with_minimax_on_any_ending and the named endings")
def test_dds_agrees_with_minimax_on_hundreds_of_endings():
    """000 «Масти и взятки» 1-3: 320 random endings of 1-5 cards, every trump suit and no trumps,
    every leader, at the start of a trick and after 1-3 cards of it: DDS equals the oracle."""
    rng = random.Random(4)
    positions = []
    for trump in TRUMPS:
        for leader in Seat:
            for extra in range(4):
                positions.append(_played_ending(rng, trump, leader, extra))
                positions.append(_dealt_ending(rng, 5, trump, leader, extra))
                positions.append(_dealt_ending(rng, rng.randint(1, 5), trump, leader, extra))
                positions.append(_dealt_ending(rng, rng.randint(2, 5), trump, leader, extra + 4 * rng.randint(0, 1)))
    assert len(positions) == 320
    covered = {(p.trump, Seat((p.to_play - len(p.current)) % 4), len(p.current)) for p in positions}
    assert covered == {(t, s, k) for t in TRUMPS for s in Seat for k in range(4)}
    dds = solve_many(positions)
    for pos, fast in zip(positions, dds):
        slow = solve_ending(pos)
        assert (slow.to_play, slow.won, dict(slow.tricks)) == (fast.to_play, fast.won, dict(fast.tricks)), pos


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(1, MAX_CARDS),
    trump=st.sampled_from(TRUMPS),
    leader=st.sampled_from(list(Seat)),
    extra=st.integers(0, 3),
)
@pytest.mark.slow(reason="0.7 s: hypothesis, minimax per ending (CI runs it)")
def test_single_dds_call_agrees_with_minimax_on_any_ending(seed, size, trump, leader, extra):
    """000 «Масти и взятки» 1-3: property -- for any dealt ending, one solve() call equals the oracle."""
    pos = _dealt_ending(random.Random(seed), size, trump, leader, extra)
    assert dict(solve(pos).tricks) == dict(solve_ending(pos).tricks)


def test_finesse_of_the_queen_depends_on_where_the_king_sits():
    """000 LST 13: holding A and Q, wait for the suit to come to you and finesse ("прорезать
    дамой"). S leads low to N's A-Q: with the king before the queen (W) both tricks are NS's."""
    king_west = DDPosition((Hand.parse("AQ..."), Hand.parse("54..."), Hand.parse("32..."), Hand.parse("K6...")),
                         None, Seat.S)
    king_east = DDPosition((Hand.parse("AQ..."), Hand.parse("K6..."), Hand.parse("32..."), Hand.parse("54...")),
                         None, Seat.S)
    for pos in (king_west, king_east):
        assert dict(solve_ending(pos).tricks) == dict(solve(pos).tricks)
    assert solve_ending(king_west).best == 2
    assert solve_ending(king_east).best == 1


def test_a_card_in_the_trick_separates_touching_cards():
    """000 HNT 9: touching cards are equal in play, and the oracle searches one of a run; but a
    card already in the trick splits a run: over N's S8, East's S9 wins and his S7 does not."""
    pos = DDPosition((Hand.parse("8.A.."), Hand.parse("97..."), Hand.parse("2.K.."), Hand.parse("3.Q..")),
                   Suit.H, Seat.N).after(Card.parse("S8"))
    sol = solve_ending(pos)
    assert dict(sol.tricks) == {Card.parse("S9"): 1, Card.parse("S7"): 0}
    assert dict(sol.tricks) == dict(solve(pos).tricks)
    run = DDPosition((Hand.parse("AT..."), Hand.parse("QJ..."), Hand.parse("2.K.."), Hand.parse("3.Q..")),
                   Suit.H, Seat.E)
    assert solve_ending(run).tricks[Card.parse("SQ")] == solve_ending(run).tricks[Card.parse("SJ")]


def test_oracle_refuses_large_positions():
    """The oracle is for endings of at most five cards a hand; a full deal is refused, not run for hours."""
    with pytest.raises(SolverError):
        solve_ending(DDPosition.from_deal(Deal.random(1)))
