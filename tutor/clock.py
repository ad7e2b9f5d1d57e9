"""One clock for the whole tutor: the learner's calendar day, in the learner's time zone.

The daily puzzle, the day an attempt counts for and the daily streak must all read the same
calendar. Before this module the Daily page took the server's local date and an attempt the UTC
date of its timestamp, so a learner west of UTC who solved the puzzle in the evening had it
counted for tomorrow and lost the streak. Now every date a learner sees or earns comes from
:func:`learner_today`, given the learner's time zone (the browser's, stored with the learner);
timestamps are stored in UTC.

>>> from datetime import datetime, timezone
>>> at = datetime(2026, 12, 1, 5, 30, tzinfo=timezone.utc)
>>> learner_today("America/Los_Angeles", at)
datetime.date(2026, 11, 30)
>>> learner_today("Europe/Moscow", at)
datetime.date(2026, 12, 1)
"""

from __future__ import annotations

from datetime import UTC, date, datetime, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

__all__ = ["utc_now", "zone", "zone_name", "learner_today", "learner_time"]


def utc_now() -> datetime:
    """The current moment, aware, in UTC (every stored timestamp)."""
    return datetime.now(UTC)


def zone(name: str | None) -> tzinfo:
    """The time zone called ``name`` (IANA, e.g. ``Europe/Moscow``); the machine's own zone when
    ``name`` is None or empty (the command line runs on the learner's machine); UTC for a name
    this machine does not know, so a strange browser setting never stops a page.

    >>> zone("UTC")
    zoneinfo.ZoneInfo(key='UTC')
    >>> zone("Mars/Olympus_Mons")
    datetime.timezone.utc
    """
    if not name:
        local = datetime.now().astimezone().tzinfo
        return local if local is not None else UTC
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def zone_name(name: str | None) -> str:
    """``name`` if it names a time zone this machine knows, else "" (nothing to store)."""
    if not name:
        return ""
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ""
    return name


def learner_time(name: str | None, at: datetime | None = None) -> datetime:
    """``at`` (default: now) on the learner's clock. A naive ``at`` is taken as UTC."""
    moment = at or utc_now()
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone(name))


def learner_today(name: str | None, at: datetime | None = None) -> date:
    """The learner's calendar date at ``at`` (default: now) in time zone ``name``: the day of the
    daily puzzle, of an attempt and of the streak."""
    return learner_time(name, at).date()
