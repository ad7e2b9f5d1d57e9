"""The layout sampler of the simulation is exact: every layout that fits is equally likely.

Whist has no bidding, so given what the student has seen (his hand, the trump card with the
dealer, 000 «Сдача» 8-9; the voids shown, 000 «Масти и взятки» 1-2) all fitting layouts are
equally likely; the sampler must draw them so, voids or not.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import CARDS, Card, Suit
from tutor.deal import LayoutSampler, sample_layout
from tutor.errors import DealError
from tutor.seats import Seat

POOL = [Card.parse(c) for c in "SA SK SQ HA HK HQ DA DK DQ".split()]
SIZES = {Seat.N: 3, Seat.E: 3, Seat.W: 3}
VOIDS = {Seat.W: [Suit.S]}


def _exact_layouts() -> list[dict[Seat, frozenset[Card]]]:
    """Every way to give the nine cards 3/3/3 to N, E, W with W holding no spade."""
    out = []
    for north in itertools.combinations(POOL, 3):
        rest = [c for c in POOL if c not in north]
        for east in itertools.combinations(rest, 3):
            west = frozenset(c for c in rest if c not in east)
            if not any(c.suit == Suit.S for c in west):
                out.append({Seat.N: frozenset(north), Seat.E: frozenset(east), Seat.W: west})
    return out


def _events(layout) -> tuple[bool, bool, bool]:
    return (Card.parse("SA") in layout[Seat.N],
            sum(c.suit == Suit.H for c in layout[Seat.E]) == 3,
            sum(c.suit == Suit.S for c in layout[Seat.E]) == 2)


def test_sampler_counts_every_fitting_layout():
    """The count of layouts equals brute-force enumeration (with a void) and the multinomial (without)."""
    exact = _exact_layouts()
    sampler = LayoutSampler(known={}, sizes=SIZES, voids=VOIDS, pool=POOL)
    assert sampler.total == len(exact)
    free = LayoutSampler(known={Seat.S: CARDS[:13]}, sizes=dict.fromkeys(Seat, 13), voids={}, pool=CARDS)
    assert free.total == math.factorial(39) // math.factorial(13) ** 3


@pytest.mark.slow(reason="0.8 s: thousands of samples (CI runs it)")
def test_sampler_frequencies_match_exact_probabilities_and_sample_layout():
    """000 «Масти и взятки» 1-2: with W void in spades, the frequency of three events over 6000
    draws is within 4 standard errors of the exact probability, for our sampler and for
    tutor.deal.sample_layout alike."""
    exact = _exact_layouts()
    probs = [sum(_events(l)[i] for l in exact) / len(exact) for i in range(3)]
    n = 6000
    sampler = LayoutSampler(known={}, sizes=SIZES, voids=VOIDS, pool=POOL)
    rng = random.Random(9)
    ours = [_events({s: frozenset(h) for s, h in zip(Seat, sampler.draw(rng))}) for _ in range(n)]
    rng2 = random.Random(10)
    theirs = [_events({s: frozenset(h) for s, h in sample_layout(rng2, known={}, sizes=SIZES, voids=VOIDS, pool=POOL).items()})
              for _ in range(n)]
    for i, p in enumerate(probs):
        se = (p * (1 - p) / n) ** 0.5
        assert abs(sum(e[i] for e in ours) / n - p) < 4 * se
        assert abs(sum(e[i] for e in theirs) / n - p) < 4 * se


def test_sampler_refuses_layouts_that_cannot_exist():
    """Two players void in the same suit cannot take its cards when the third has no room."""
    with pytest.raises(DealError):
        LayoutSampler(known={}, sizes=SIZES, voids={Seat.W: [Suit.S], Seat.E: [Suit.S], Seat.N: [Suit.S]}, pool=POOL)
    with pytest.raises(DealError):
        LayoutSampler(known={Seat.W: [POOL[0]]}, sizes=SIZES, voids=VOIDS, pool=POOL)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), voids=st.lists(st.tuples(st.sampled_from([Seat.N, Seat.E, Seat.W]),
                                                             st.sampled_from(list(Suit))), max_size=3))
def test_every_draw_respects_sizes_and_voids(seed, voids):
    """Property: whatever voids, each draw fills every hand to size, with no void suit and no card twice."""
    rng = random.Random(seed)
    pack = list(CARDS)
    rng.shuffle(pack)
    void_map: dict[Seat, list[Suit]] = {}
    for seat, suit in voids:
        void_map.setdefault(seat, []).append(suit)
    known = {Seat.S: pack[:13]}
    try:
        sampler = LayoutSampler(known=known, sizes=dict.fromkeys(Seat, 13), voids=void_map, pool=CARDS)
    except DealError:
        return  # e.g. two seats void in one suit with more of it than the third can hold
    hands = sampler.draw(rng)
    assert [len(h) for h in hands] == [13] * 4
    assert len({c for h in hands for c in h}) == 52 and set(hands[Seat.S]) == set(pack[:13])
    for seat, suits in void_map.items():
        assert not any(hands[seat].has_suit(s) for s in suits)
