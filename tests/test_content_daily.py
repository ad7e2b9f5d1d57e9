"""The daily puzzle's schedule (tutor/content/daily.py): a lead problem, one a date for everyone, no
repeat within a cycle, harder at weekends, drawn from the puzzles learners vouch for once they have
rated them -- and a day once kept never changes (issue 26, point 4)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from tutor.content.daily import EPOCH, DailyError, Fixed, Standing, extend, fits_day, lead_pool, plan
from tutor.content.models import Puzzle

_BASE = {"title": {"en": "T", "ru": "Т"}, "themes": ["opening-lead"], "trump": "D7", "hand": "K742.985.J63.863",
         "question": "lead", "answer": "S2", "maxims": ["king-third-lead-small"],
         "hints": [{"en": "h", "ru": "х"}], "explanation": {"en": "e", "ru": "е"}}
#: The same hand asked as a play question (a following-suit position): never a daily.
_PLAY = {**_BASE, "question": "play", "played": "W:HK", "answer": "H5", "hand": "K742.985.J63.863",
         "maxims": ["second-hand-low"]}


def pool(difficulties: list[int], prefix: str = "p") -> list[Puzzle]:
    return [Puzzle(id=f"{prefix}-{i:03d}", difficulty=d, **_BASE) for i, d in enumerate(difficulties)]


def days(n: int, start: date = EPOCH) -> list[date]:
    return [start + timedelta(days=i) for i in range(n)]


def test_same_date_same_puzzle_whatever_the_pool_order():
    p = pool([1, 2, 3, 4, 5, 1, 2, 3])
    day = date(2026, 11, 30)
    assert plan(p, day) == plan(list(reversed(p)), day)


def test_only_lead_problems_are_drawn():
    """Issue 26: the daily is a lead problem. A pool of counting and play questions beside the
    leads gives only the leads, and a pool with no lead problem gives none."""
    leads = pool([3] * 5)
    others = [Puzzle(id=f"q-{i}", difficulty=3, **_PLAY) for i in range(20)]
    assert {plan(leads + others, d).puzzle.id for d in days(30)} == {p.id for p in leads}
    assert all(plan(leads + others, d).puzzle.question == "lead" for d in days(30))
    with pytest.raises(DailyError, match="no lead problems"):
        plan(others, EPOCH)


def test_no_repeat_until_the_pool_is_used_up():
    p = pool([3] * 11)
    start = EPOCH + timedelta(days=11 * 5)
    seen = [plan(p, d).puzzle.id for d in days(11, start)]
    assert sorted(seen) == sorted(x.id for x in p)
    assert {plan(p, d).cycle for d in days(11, start)} == {5}


@pytest.mark.slow(reason="0.8 s: 1,095 days planned (CI runs it)")
def test_three_years_of_a_big_enough_pool_are_all_distinct():
    """1,095 days from the epoch with 1,200 lead problems: 1,095 different puzzles, one cycle."""
    p = pool([1 + i % 5 for i in range(1200)])
    picks = [plan(p, d) for d in days(1095)]
    assert len({x.puzzle.id for x in picks}) == 1095
    assert {x.cycle for x in picks} == {0} and [x.number for x in picks] == list(range(1, 1096))


def test_each_cycle_has_its_own_order():
    p = pool([3] * 9)
    first = [plan(p, d).puzzle.id for d in days(9)]
    second = [plan(p, d).puzzle.id for d in days(9, EPOCH + timedelta(days=9))]
    assert sorted(first) == sorted(second) and first != second


def test_weekends_are_harder():
    """Lichess-style daily: a harder puzzle on Saturday and Sunday (difficulty >= 3), <= 3 on weekdays."""
    p = pool([1, 2, 1, 2, 3, 4, 5, 3, 2, 1] * 6)
    picks = [plan(p, d) for d in days(28, date(2026, 3, 2))]  # from a Monday
    assert all(fits_day(x.puzzle.difficulty, x.day) for x in picks)
    assert {x.puzzle.difficulty for x in picks if x.day.weekday() >= 5} <= {3, 4, 5}


def test_a_day_still_gets_a_puzzle_when_none_fits():
    """With only easy puzzles left in the cycle, Saturday takes the next one anyway."""
    assert plan(pool([1, 1, 2]), date(2026, 3, 7)).puzzle.difficulty in (1, 2)


def test_adding_puzzles_keeps_the_others_order():
    """The cycle's order is a hash of the cycle and the id: a library that grows does not reshuffle
    the puzzles already in it (their relative order on the days stays)."""
    small = pool([3] * 30)
    grown = small + pool([3] * 30, prefix="new")
    before = [plan(small, d).puzzle.id for d in days(30)]
    after = [x for x in (plan(grown, d).puzzle.id for d in days(60)) if not x.startswith("new")]
    assert after == before


def test_rated_unflagged_puzzles_come_first():
    """Once ratings exist the day is drawn from the best-rated: puzzles with an established rating
    before unrated ones, a flagged puzzle (reported, or failed by strong learners) last."""
    p = pool([3] * 40)
    ids = [x.id for x in p]
    standings = {i: Standing(stars=3) for i in ids[:10]} | {ids[10]: Standing(stars=3, flagged=True)}
    firsts = [plan(p, d, standings=standings).puzzle.id for d in days(10)]
    assert sorted(firsts) == sorted(ids[:10])
    served = [plan(p, d, standings=standings).puzzle.id for d in days(40)]
    assert served[-1] == ids[10]


def test_stars_from_the_ratings_decide_the_weekend():
    """A puzzle its author marked easy but learners rate at five stars is a weekend puzzle."""
    p = pool([1] * 20)
    hard = {p[7].id: Standing(stars=5)}
    saturday = date(2024, 1, 6)  # the first Saturday: on the weekdays before it the five-star one waited
    assert plan(p, saturday, standings=hard).puzzle.id == p[7].id


def test_a_kept_day_never_changes_when_the_ratings_move():
    """The days served are kept (Fixed) and read back as they were; only the days after the last
    kept one follow the new standings, and never repeat a kept puzzle of their cycle."""
    p = pool([3] * 50)
    through = EPOCH + timedelta(days=19)
    kept = extend(p, [], through)
    assert [f.day for f in kept] == days(20)
    moved = {x.id: Standing(stars=3, flagged=True) for x in p[:25]}  # the ratings moved: half flagged
    for f in kept:
        again = plan(p, f.day, kept, moved)
        assert again.fixed and again.puzzle.id == f.puzzle_id
    later = [plan(p, d, kept, moved) for d in days(30, through + timedelta(days=1))]
    assert not any(x.fixed for x in later)
    assert {x.puzzle.id for x in later}.isdisjoint(f.puzzle_id for f in kept)
    assert len({x.puzzle.id for x in later}) == 30
    # what is planned from the kept days is what extending them keeps
    more = extend(p, kept, through + timedelta(days=30), moved)
    assert [f.puzzle_id for f in more] == [x.puzzle.id for x in later]
    assert extend(p, kept, through) == []


def test_a_kept_puzzle_gone_from_the_library_is_said():
    p = pool([3] * 5)
    kept = [Fixed(EPOCH, "gone", 0, 1)]
    with pytest.raises(DailyError, match="gone"):
        plan(p, EPOCH, kept)
    assert plan(p, EPOCH + timedelta(days=1), kept).number == 2


def test_two_lead_problems_with_one_id_are_refused():
    twice = pool([3]) + pool([4])
    with pytest.raises(DailyError, match="p-000"):
        lead_pool(twice)


def test_no_puzzle_before_the_epoch_or_after_the_last_day():
    with pytest.raises(DailyError):
        plan(pool([1]), EPOCH - timedelta(days=1))
    with pytest.raises(DailyError):
        plan(pool([1]), date(2200, 1, 1))
    with pytest.raises(DailyError):
        plan([], EPOCH)
