"""The double-dummy wrapper (tutor/solver.py) against endplay called directly, and its contract.

The laws the solver must apply are those of 000 «Масти и взятки» 1-3 (follow suit; the highest
trump, else the highest card of the suit led, wins; the winner leads) and 000 «Сдача» 17 (the
dealer's left leads first).
"""

from __future__ import annotations

import json
import random

import pytest
from endplay.dds import solve_all_boards
from endplay.types import Deal as EpDeal
from endplay.types import Denom, Player

from tutor.cards import Card, Hand, Suit, parse_card
from tutor.cli import main
from tutor.deal import Deal
from tutor.play import PlayState
from tutor.seats import Seat, Side
from tutor.solver import BATCH_LIMIT, DDPosition, Solution, SolverError, solve, solve_many

TRUMPS = [Suit.S, Suit.H, Suit.D, Suit.C, None]


def _endplay_direct(deal: Deal, leader: Seat, trump: Suit | None, cards: list[Card]) -> EpDeal:
    """The same position built only with endplay's public API: PBN, first, trump, Deal.play."""
    ep = EpDeal(deal.pbn())
    ep.first = Player(int(leader))
    ep.trump = Denom.nt if trump is None else Denom(int(trump))
    for c in cards:
        ep.play(str(c))
    return ep


@pytest.mark.slow(reason="1.9 s: solves against endplay (CI runs it)")
def test_solver_applies_the_laws_like_endplay_for_every_trump_and_leader():
    """000 «Масти и взятки» 1-3: on random deals, with every trump suit (and no trumps, 002) and
    every first leader, at the opening lead and after 1-40 random cards (so also in the middle of
    a trick), our tricks per card equal endplay's own answer for the same position."""
    rng = random.Random(20261129)
    ours, theirs, expected_to_play, openings = [], [], [], set()
    for trump in TRUMPS:
        for leader in Seat:
            for k in (0, 0, rng.randrange(1, 20), rng.randrange(20, 41)):
                deal = Deal(Deal.random(rng).hands, dealer=leader.rho, trump=trump)
                state = PlayState(deal)
                cards = []
                for _ in range(k):
                    cards.append(rng.choice(state.legal_cards()))
                    state.play(cards[-1])
                if k == 0:
                    openings.add((trump, state.to_play))
                ours.append(DDPosition.from_state(state))
                theirs.append(_endplay_direct(deal, leader, trump, cards))
                expected_to_play.append(state.to_play)
    assert len(openings) == 20 and any(p.current for p in ours)
    mine = solve_many(ours)
    direct = solve_all_boards(theirs)
    for pos, sol, ep, seat in zip(ours, mine, direct, expected_to_play):
        assert sol.to_play == seat
        assert dict(sol.tricks) == {parse_card(str(c)): t for c, t in ep}, pos


def test_single_solve_equals_batch_solve():
    """000 «Сдача» 17: the dealer's left leads; solve() and solve_many() agree on that lead."""
    rng = random.Random(5)
    deals = [Deal.random(rng, dealer=Seat(i % 4)) for i in range(4)]
    singles = [solve(d) for d in deals]
    assert [s.to_play for s in singles] == [d.dealer.lho for d in deals]
    assert [dict(s.tricks) for s in singles] == [dict(s.tricks) for s in solve_many(deals)]


def test_every_legal_card_is_scored_once_the_suit_led_is_forced():
    """000 «Масти и взятки» 1: a player holding the suit led must follow, so only those cards
    are scored; one without it may play any card, and every one is scored."""
    deal = Deal.from_pbn("N:AK2.3.4.5 QJ.A2.3.4 T9.K.A2.3 87.Q.K.A2", dealer=Seat.W, trump=Suit.C)
    sol = solve(deal, played="N:SA")
    assert set(sol.tricks) == {Card.parse("SQ"), Card.parse("SJ")}
    sol2 = solve(deal, played="N:H3")
    assert set(sol2.tricks) == {Card.parse("HA"), Card.parse("H2")}
    sol3 = solve(deal, played="N:D4")
    assert set(sol3.tricks) == {Card.parse("D3")}
    void = Deal.from_pbn("N:AK2.3.4.5 QJ3.A2..4 T9.K.A2.3 87.Q.K.A2", dealer=Seat.W, trump=Suit.C)
    sol4 = solve(void, played="N:D4")
    assert set(sol4.tricks) == set(void.hands[Seat.E])


def test_tricks_count_for_the_movers_side_including_the_trick_in_progress():
    """000 «Масти и взятки» 3: the highest card of the suit led wins. S to play third after N
    led the ace: the current trick is NS's, and it is counted in S's remaining tricks."""
    deal = Deal.from_pbn("N:A... K... Q... J...", dealer=Seat.W, trump=None)
    sol = solve(deal, played="N:SA SK")
    assert sol.to_play == Seat.S and sol.side is Side.NS
    assert dict(sol.tricks) == {Card.parse("SQ"): 1}
    sol_e = solve(deal, played="N:SA")
    assert sol_e.to_play == Seat.E and dict(sol_e.tricks) == {Card.parse("SK"): 0}


def test_tricks_already_won_are_added_in_the_total():
    """000 «Масти и взятки» 3: a trick already taken stays taken; totals add it to what is left."""
    deal = Deal.from_pbn("N:A.K.. K.A.. Q.Q.. J.J..", dealer=Seat.W, trump=Suit.S)
    sol = solve(deal, played="N:SA SK SQ SJ")
    assert sol.to_play == Seat.N and sol.won == 1
    assert sol.total(Card.parse("HK")) == 1 + sol.tricks[Card.parse("HK")]
    assert sol.as_json() == {"leader": "N", "tricks": {"HK": 1}}


def test_highest_trump_wins_in_the_solver():
    """000 «Масти и взятки» 3: a ruff beats the ace of the suit led."""
    deal = Deal.from_pbn("N:A2... K3... Q4... .AK..", dealer=Seat.W, trump=Suit.H)
    sol = solve(deal)  # N leads
    assert sol.best == 0  # West ruffs both spade leads


def test_impossible_positions_raise_solver_error():
    """An ending whose hand sizes do not fit the trick in progress is refused with SolverError."""
    with pytest.raises(SolverError):
        DDPosition((Hand.parse("A..."), Hand.parse("K..."), Hand.parse("Q..."), Hand.parse("J...")),
                 None, Seat.N, (Card.parse("S2"),))
    with pytest.raises(SolverError):
        DDPosition((Hand.parse("A..."), Hand.parse("A..."), Hand.parse("Q..."), Hand.parse("J...")), None, Seat.N)
    with pytest.raises(SolverError):
        DDPosition((Hand(), Hand(), Hand(), Hand()), None, Seat.N)
    deal = Deal.from_pbn("N:A... K... Q... J...", dealer=Seat.W, trump=None)
    with pytest.raises(SolverError):
        solve(deal, played="N:SA SK SQ SJ")  # nothing left
    with pytest.raises(SolverError):
        solve(deal, played="E:SK")  # N should lead
    with pytest.raises(SolverError):
        DDPosition.from_deal(deal).after(Card.parse("SK"))


def test_solve_many_chunks_beyond_the_dds_batch_limit():
    """DDS takes at most 200 boards a call; more are solved in chunks, order kept."""
    ending = Deal.from_pbn("N:A... K... Q... J...", dealer=Seat.W, trump=None)
    positions = [DDPosition.from_deal(ending, leader=Seat(i % 4)) for i in range(BATCH_LIMIT + 3)]
    calls = []
    out = solve_many(positions, chunk=64, progress=lambda d, n: calls.append((d, n)))
    assert [s.to_play for s in out] == [Seat(i % 4) for i in range(BATCH_LIMIT + 3)]
    assert [s.best for s in out[:4]] == [1, 0, 1, 0]
    assert calls[-1] == (BATCH_LIMIT + 3, BATCH_LIMIT + 3) and len(calls) == 4


def test_solution_lists_cards_in_hand_order_and_reads_back():
    """Cards are listed in hand order (spades first, high first); the repr evaluates back."""
    sol = Solution(Seat.S, Seat.S, None, {Card.parse("H2"): 1, Card.parse("SA"): 2})
    assert list(sol.tricks) == [Card.parse("SA"), Card.parse("H2")]
    assert sol.best_cards() == (Card.parse("SA"),)
    assert eval(repr(sol), {"Solution": Solution, "Seat": Seat, "Card": Card, "Suit": Suit}) == sol


def test_cli_solve_prints_tricks_for_the_leaders_side(capsys):
    """000 «Сдача» 17: with dealer E, South leads; the JSON gives tricks for NS over the deal."""
    deal = Deal.random(11, dealer=Seat.E)
    code = main(["solve", "--deal", deal.pbn(), "--trump", str(deal.trump_card), "--dealer", "E", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["leader"] == "S"
    expected = solve(deal)
    assert data["tricks"] == {str(c): t for c, t in expected.tricks.items()}
    assert set(data["tricks"]) == {str(c) for c in deal.hands[Seat.S]}


def test_cli_solve_bad_input_is_one_error_line(capsys):
    """Bad input: exit 2 and one line on stderr (design.md, "Command line")."""
    code = main(["solve", "--deal", "N:A... K... Q... J...", "--trump", "NT", "--dealer", "W", "--played", "E:SK"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
