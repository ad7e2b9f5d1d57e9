"""Monte-Carlo lead analysis (tutor/simulate.py): what the samples respect, and the figures.

The dealer's last card is turned up and stays in his hand (000 «Сдача» 8-9), the player on his
left leads (000 «Сдача» 17), a player who fails to follow has none of the suit
(000 «Масти и взятки» 1-2): every sampled layout must respect all three.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tutor.cards import Card, Hand, Suit
from tutor.cli import main
from tutor.errors import WhistError
from tutor.seats import Seat
from tutor.simulate import (
    LeadAnalysis,
    SimulationError,
    clear_cache,
    sample_positions,
    simulate_lead,
    simulate_play,
    student_view,
)

HAND = "KJ4.AQ32.T98.765"
# S leads DT, W shows out of diamonds; N wins with DA and leads a club; the dealer E ruffs with
# the trump card H7 (showing out of clubs) and leads HK: South must follow in hearts.
PLAYED = "S:DT S2 DA D3 / N:C2 H7 C5 CA / E:HK"


def test_samples_keep_the_trump_card_with_the_dealer():
    """000 «Сдача» 8-9: the turned-up card belongs to the dealer; every sample puts it there,
    gives the student exactly his hand and spreads the other 38 cards 13/12/13."""
    view = student_view(HAND, "H7", dealer=Seat.E)
    for pos in sample_positions(view, 300, random.Random(1)):
        assert Card.parse("H7") in pos.hands[Seat.E]
        assert pos.hands[Seat.S] == Hand.parse(HAND)
        assert [len(h) for h in pos.hands] == [13, 13, 13, 13]
        assert pos.leader == Seat.S and pos.trump == Suit.H


def test_samples_are_uniform_over_the_unseen_cards():
    """Whist has no bidding, so each unseen card is equally likely in any free place: the ace of
    spades lies with N, E, W in proportion 13 : 12 : 13 (E's 13th place holds the trump card)."""
    view = student_view(HAND, "H7", dealer=Seat.E)
    n = 1900
    where = Counter(next(s for s in Seat if Card.parse("SA") in p.hands[s])
                    for p in sample_positions(view, n, random.Random(2)))
    for seat, places in ((Seat.N, 13), (Seat.E, 12), (Seat.W, 13)):
        expected = n * places / 38
        assert abs(where[seat] - expected) < 4 * (expected * (1 - places / 38)) ** 0.5, where


def test_samples_respect_shown_voids_and_played_cards():
    """000 «Масти и взятки» 1-2: W showed out of diamonds, E of clubs; no sample gives them any,
    no played card comes back, the played trump card is no longer pinned, sizes fit the tricks."""
    view = student_view(HAND, "H7", dealer=Seat.E, played=PLAYED)
    played = {Card.parse(c) for c in "DT S2 DA D3 C2 H7 C5 CA HK".split()}
    assert view.others_voids() == {Seat.W: frozenset({Suit.D}), Seat.E: frozenset({Suit.C})}
    for pos in sample_positions(view, 300, random.Random(3)):
        assert not pos.hands[Seat.W].has_suit(Suit.D)
        assert not pos.hands[Seat.E].has_suit(Suit.C)
        assert not played & {c for h in pos.hands for c in h}
        assert [len(h) for h in pos.hands] == [11, 10, 11, 11]
        assert pos.current == (Card.parse("HK"),) and pos.leader == Seat.E and pos.won == (1, 1)


def test_simulation_is_reproducible_under_a_seed():
    """Same position and seed: the same samples and figures, even with the cache cleared."""
    clear_cache()
    a = simulate_lead(HAND, "H7", played=PLAYED, samples=16, seed=7)
    clear_cache()
    b = simulate_lead(HAND, "H7", played=PLAYED, samples=16, seed=7)
    c = simulate_lead(HAND, "H7", played=PLAYED, samples=16, seed=8)
    assert a is not b and a.table == b.table and a.leads == b.leads
    assert c.table != a.table


def test_playing_to_a_trick_follows_suit():
    """000 «Масти и взятки» 1: South must follow the heart led: only hearts are analysed."""
    an = simulate_play(HAND, "H7", played=PLAYED, samples=12, seed=1)
    assert an.kind == "play"
    assert set(an.cards) == {Card.parse(c) for c in ("HA", "HQ", "H3", "H2")}


def test_figures_are_the_paired_statistics_of_the_table():
    """The mean is the column average; the best card's paired difference is 0; each card's
    difference equals the paired comparison with the best; best_share counts ties."""
    an = simulate_lead(HAND, "H7", played=PLAYED, samples=20, seed=3)
    assert an.leads[0].delta_vs_best == 0 and an.leads[0].delta_stderr == 0
    assert [s.mean for s in an.leads] == sorted((s.mean for s in an.leads), reverse=True)
    for j, card in enumerate(an.cards):
        st = an.stats(card)
        assert st.mean == pytest.approx(sum(r[j] for r in an.table) / 20)
        assert (st.delta_vs_best, st.delta_stderr) == pytest.approx(an.paired(card, an.best.card))
        assert st.best_share == sum(r[j] == max(r) for r in an.table) / 20
    # The trick already won by each side counts: totals are at least the tricks NS hold.
    assert min(min(r) for r in an.table) >= 1


def test_all_top_trumps_take_every_trick():
    """000 «Масти и взятки» 3: thirteen trumps win thirteen tricks whatever is led."""
    an = simulate_lead("AKQJT98765432...", "S", samples=4, seed=0)
    assert all(s.mean == 13 and s.stderr == 0 for s in an.leads)


def test_a_repeat_costs_nothing_and_reports_progress():
    """The in-process cache answers a repeat; the progress callback ends at (total, total)."""
    clear_cache()
    calls: list[tuple[int, int]] = []
    a = simulate_lead(HAND, "H7", played=PLAYED, samples=30, seed=5, progress=lambda d, n: calls.append((d, n)))
    assert calls[-1] == (30, 30) and len(calls) >= 2 and calls == sorted(calls)
    again: list[tuple[int, int]] = []
    b = simulate_lead(HAND, "H7", played=PLAYED, samples=30, seed=5, progress=lambda d, n: again.append((d, n)))
    assert b is a and again == [(30, 30)]


def test_candidates_restrict_the_cards_analysed():
    """Only legal cards may be candidates (000 «Масти и взятки» 1: hearts were led)."""
    an = simulate_lead(HAND, "H7", played=PLAYED, samples=6, seed=1, candidates=["HA", "H2"])
    assert an.cards == (Card.parse("HA"), Card.parse("H2"))
    with pytest.raises(SimulationError):
        simulate_lead(HAND, "H7", played=PLAYED, samples=6, candidates=["SK"])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"played": "S:DT S2 DA D3"},  # N is to lead now, not S
        {"trump_card": "H3"},  # the dealer's card cannot be in the student's hand
        {"dealer": Seat.S},  # the student deals: the trump card H7 would be his
        {"samples": 1},
        {"hand": "KJ4.AQ32.T98.76"},  # 12 cards, none played
        {"played": "S:DT S2 DA D3 / N:C2 C3 C5 CA / W:HK"},  # N won trick 2, not W
        {"played": "S:DT SK DA D3"},  # W cannot play South's king of spades
    ],
)
def test_impossible_questions_raise_a_whist_error(kwargs):
    """A position the student cannot be in is refused with one clear WhistError."""
    args = {"hand": HAND, "trump_card": "H7", "dealer": Seat.E, "samples": 4} | kwargs
    with pytest.raises(WhistError):
        simulate_lead(args.pop("hand"), args.pop("trump_card"), **args)


def test_remaining_hand_is_accepted_as_well_as_the_whole_hand():
    """The student may give his whole hand or what is left of it: the analysis is the same."""
    whole = simulate_lead(HAND, "H7", played=PLAYED, samples=6, seed=2)
    rest = simulate_lead("KJ4.AQ32.98.76", "H7", played=PLAYED, samples=6, seed=2)
    assert whole.table == rest.table and isinstance(rest, LeadAnalysis)


def test_cli_simulate_json_shape(capsys):
    """design.md "Command line": {"samples": N, "leads": [{"card", "mean", "stderr", "delta_vs_best"}…]}."""
    code = main(["simulate", "--hand", HAND, "--trump", "H7", "--played", PLAYED, "--samples", "8",
                 "--seed", "4", "--json", "--progress"])
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert code == 0 and data["samples"] == 8 and "8/8" in out.err
    assert {d["card"] for d in data["leads"]} == {"HA", "HQ", "H3", "H2"}
    assert data["leads"][0]["delta_vs_best"] == 0
    assert [d["mean"] for d in data["leads"]] == sorted((d["mean"] for d in data["leads"]), reverse=True)
    assert {"card", "mean", "stderr", "delta_vs_best", "delta_stderr", "best_share"} <= set(data["leads"][0])


def test_cli_simulate_bad_input_is_one_error_line(capsys):
    """Bad input: exit 2 and one line on stderr."""
    code = main(["simulate", "--hand", "KJ4.AQ32.T98", "--trump", "H7"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1
