"""The daily puzzle: one per date for everyone, no repeat within a cycle, harder at weekends."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from tutor.content.daily import EPOCH, DailyError, daily_pick, fits_day
from tutor.content.models import Puzzle

_BASE = {"title": {"en": "T", "ru": "Т"}, "themes": ["opening-lead"], "trump": "D7", "hand": "K742.985.J63.863",
             "question": "lead", "answer": "S2", "maxims": ["king-third-lead-small"],
             "hints": [{"en": "h", "ru": "х"}], "explanation": {"en": "e", "ru": "е"}}


def pool(difficulties: list[int]) -> list[Puzzle]:
    return [Puzzle(id=f"p-{i:02d}", difficulty=d, **_BASE) for i, d in enumerate(difficulties)]


def test_same_date_same_puzzle_whatever_the_pool_order():
    p = pool([1, 2, 3, 4, 5, 1, 2, 3])
    day = date(2026, 11, 30)
    assert daily_pick(p, day) == daily_pick(list(reversed(p)), day)


def test_no_repeat_until_the_pool_is_used_up():
    p = pool([3] * 11)
    start = EPOCH + timedelta(days=11 * 5)
    seen = [daily_pick(p, start + timedelta(days=i)).puzzle.id for i in range(11)]
    assert sorted(seen) == sorted(x.id for x in p)
    cycles = {daily_pick(p, start + timedelta(days=i)).cycle for i in range(11)}
    assert cycles == {5}


def test_each_cycle_has_its_own_order():
    p = pool([3] * 9)
    first = [daily_pick(p, EPOCH + timedelta(days=i)).puzzle.id for i in range(9)]
    second = [daily_pick(p, EPOCH + timedelta(days=9 + i)).puzzle.id for i in range(9)]
    assert sorted(first) == sorted(second) and first != second


def test_weekends_are_harder():
    """Lichess-style daily: a harder puzzle on Saturday and Sunday (difficulty >= 3), <= 3 on weekdays."""
    p = pool([1, 2, 1, 2, 3, 4, 5, 3, 2, 1] * 6)
    day = date(2026, 3, 2)  # a Monday
    picks = [daily_pick(p, day + timedelta(days=i)) for i in range(28)]
    assert all(fits_day(x.puzzle.difficulty, x.day) for x in picks)
    assert {x.puzzle.difficulty for x in picks if x.day.weekday() >= 5} <= {3, 4, 5}


def test_a_day_still_gets_a_puzzle_when_none_fits():
    """With only easy puzzles left in the cycle, Saturday takes the next one anyway."""
    saturday = date(2026, 3, 7)
    assert daily_pick(pool([1, 1, 2]), saturday).puzzle.difficulty in (1, 2)


def test_no_puzzle_before_the_epoch_or_from_an_empty_pool():
    with pytest.raises(DailyError):
        daily_pick(pool([1]), EPOCH - timedelta(days=1))
    with pytest.raises(DailyError):
        daily_pick([], EPOCH)
