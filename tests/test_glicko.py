"""Glicko-2 (issue 14 point 2): Glickman's worked example, and the tutor's games."""

from __future__ import annotations

import pytest

from tutor.glicko import MAX_RD, MIN_RD, Rating, expected, game, result_of, update


def test_glickmans_worked_example():
    """1500/200/0.06 against 1400/30, 1550/100, 1700/300 scoring 1, 0, 0 with tau 0.5 gives
    1464.06, 151.52, 0.05999 (the paper rounds its intermediate steps; exact figures agree
    within 0.01 and 0.00001)."""
    r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
                                         (Rating(1700, 300), 0.0)], tau=0.5)
    assert r.rating == pytest.approx(1464.06, abs=0.01)
    assert r.rd == pytest.approx(151.52, abs=0.01)
    assert r.vol == pytest.approx(0.05999, abs=0.00001)


def test_a_period_without_games_only_widens_the_deviation():
    r = update(Rating(1600, 100, 0.06), [])
    assert r.rating == 1600 and r.rd > 100


def test_a_win_raises_the_learner_and_lowers_the_puzzle_and_a_loss_the_reverse():
    learner, puzzle = Rating(), Rating(1500, 200)
    up, down = game(learner, puzzle, 1.0)
    assert up.rating > 1500 > down.rating
    lo, hi = game(learner, puzzle, 0.0)
    assert lo.rating < 1500 < hi.rating


def test_hints_are_a_partial_loss_smaller_with_fewer_hints():
    assert result_of(True, 0) == 1.0 and result_of(False, 0) == 0.0
    assert 0.0 < result_of(True, 3) < result_of(True, 1) < 0.5
    mid, _ = game(Rating(), Rating(1500, 200), result_of(True, 1))
    assert mid.rating < 1500  # "a partial loss": below an even result


def test_the_deviation_stays_within_its_bounds_after_many_games():
    r, p = Rating(), Rating()
    for i in range(300):
        r, p = game(r, p, float(i % 2))
    assert MIN_RD <= r.rd <= MAX_RD and MIN_RD <= p.rd


def test_expected_score_is_a_half_between_equals():
    assert expected(Rating(1500, 50), Rating(1500, 50)) == pytest.approx(0.5)


def test_a_score_outside_zero_to_one_is_refused():
    with pytest.raises(ValueError):
        game(Rating(), Rating(), 1.5)
