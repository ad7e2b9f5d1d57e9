"""The daily puzzle: the same for everyone on a date, no repeat until the pool is used up.

The days since :data:`EPOCH` are served in cycles. Each cycle walks the pool (sorted by id) in a
permutation seeded by the cycle number, so the order is a function of the pool and the date
only. Weekends are harder: on Saturday and Sunday the day takes the first unused puzzle of the
cycle order with difficulty >= 3, on weekdays the first with difficulty <= 3; when none is left
that fits, the first unused one. When every puzzle has been served the next cycle begins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from tutor.content.models import Puzzle
from tutor.errors import WhistError

__all__ = ["EPOCH", "LAST_DAY", "DailyError", "DailyPick", "daily_pick", "fits_day"]

#: The first day of the daily puzzle (a Monday).
EPOCH = date(2024, 1, 1)
#: The last day served. The schedule is built day by day from the epoch, so a far date (year 9999
#: ran past ``date.max`` and crashed; year 9000 took seconds) is refused as bad input instead.
LAST_DAY = date(2199, 12, 31)


class DailyError(WhistError):
    """No daily puzzle can be given: an empty pool or a date before the epoch."""


@dataclass(frozen=True)
class DailyPick:
    """The puzzle of a day, with its place in the cycle (``cycle`` counts from 0)."""

    day: date
    puzzle: Puzzle
    cycle: int
    number: int  # 1-based position of the day in its cycle


def fits_day(difficulty: int, day: date) -> bool:
    """Weekends (Sat, Sun) want difficulty >= 3, weekdays <= 3."""
    return difficulty >= 3 if day.weekday() >= 5 else difficulty <= 3


def _cycle_order(n: int, cycle: int) -> list[int]:
    order = list(range(n))
    random.Random(f"whist-daily-cycle-{cycle}").shuffle(order)
    return order


@lru_cache(maxsize=8)
def _schedule(difficulties: tuple[int, ...], days: int) -> tuple[tuple[int, int, int], ...]:
    """(pool index, cycle, number in cycle) for each day since the epoch, ``days`` of them."""
    n = len(difficulties)
    out: list[tuple[int, int, int]] = []
    cycle, order, used = 0, _cycle_order(n, 0), 0
    for d in range(days):
        if used == n:
            cycle, order, used = cycle + 1, _cycle_order(n, cycle + 1), 0
        day = date.fromordinal(EPOCH.toordinal() + d)
        pos = next((i for i, p in enumerate(order) if fits_day(difficulties[p], day)), 0)
        out.append((order.pop(pos), cycle, used + 1))
        used += 1
    return tuple(out)


def daily_pick(pool: Sequence[Puzzle], day: date) -> DailyPick:
    """The puzzle for ``day`` from ``pool`` (the order of ``pool`` does not matter)."""
    if not pool:
        raise DailyError("there are no puzzles to choose from")
    if day < EPOCH:
        raise DailyError(f"the daily puzzle starts on {EPOCH.isoformat()}, not {day.isoformat()}")
    if day > LAST_DAY:
        raise DailyError(f"the daily puzzle is scheduled up to {LAST_DAY.isoformat()}, not {day.isoformat()}")
    ordered = sorted(pool, key=lambda p: p.id)
    if len({p.id for p in ordered}) != len(ordered):
        raise DailyError("puzzle ids in the pool are not unique")
    # schedules are cached per pool and extended in whole years, so nearby dates share the work
    span = ((day - EPOCH).days // 366 + 1) * 366
    schedule = _schedule(tuple(p.difficulty for p in ordered), span)
    index, cycle, number = schedule[(day - EPOCH).days]
    return DailyPick(day, ordered[index], cycle, number)
