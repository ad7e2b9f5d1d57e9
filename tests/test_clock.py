"""One clock: the daily puzzle, the day an attempt counts for and the streak read the learner's
calendar, in the learner's time zone, whatever the server's zone (issue 13 point 6).

Each test runs under several machine time zones (``TZ``), across midnight and across a change to
or from summer time.
"""

from __future__ import annotations

import time
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tutor.clock import learner_today, zone, zone_name
from tutor.progress import ProgressStore

#: The server's own zone: the issue names Honolulu (UTC-10), Kamchatka (UTC+12) and Moscow (UTC+3);
#: the others reach the ends of the clock and a zone with summer time.
MACHINE_ZONES = ["UTC", "Pacific/Honolulu", "Asia/Kamchatka", "Europe/Moscow", "America/Los_Angeles",
                 "Asia/Tokyo", "Pacific/Kiritimati"]


@pytest.fixture(params=MACHINE_ZONES)
def machine_tz(request, monkeypatch):
    """Run the test with the server's own clock in another zone."""
    monkeypatch.setenv("TZ", request.param)
    time.tzset()
    yield request.param
    monkeypatch.undo()
    time.tzset()


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_learner_date_does_not_depend_on_the_server(machine_tz):
    """Evening in Los Angeles is the next morning in UTC: the learner's date is his own."""
    at = utc(2026, 12, 1, 5, 30)  # 21:30 on 30 November in Los Angeles
    assert learner_today("America/Los_Angeles", at) == date(2026, 11, 30)
    assert learner_today("Europe/Moscow", at) == date(2026, 12, 1)
    assert learner_today("Asia/Tokyo", at) == date(2026, 12, 1)


def test_learner_date_across_the_spring_change(machine_tz):
    """New York moves its clocks on 8 March 2026 at 02:00: midnight still falls where it should."""
    assert learner_today("America/New_York", utc(2026, 3, 8, 4, 59)) == date(2026, 3, 7)  # 23:59 EST
    assert learner_today("America/New_York", utc(2026, 3, 8, 5, 0)) == date(2026, 3, 8)   # 00:00 EST
    assert learner_today("America/New_York", utc(2026, 3, 9, 3, 59)) == date(2026, 3, 8)  # 23:59 EDT
    assert learner_today("America/New_York", utc(2026, 3, 9, 4, 0)) == date(2026, 3, 9)   # 00:00 EDT


def test_unknown_zone_counts_in_utc_and_is_not_stored():
    """A strange browser setting never stops a page: the day is counted in UTC, nothing stored."""
    assert zone("Mars/Olympus_Mons") is UTC
    assert zone_name("Mars/Olympus_Mons") == ""
    assert zone_name("Europe/Kyiv") == "Europe/Kyiv"


def test_evening_answer_counts_for_the_learners_day(new_store_file, machine_tz):
    """A learner west of UTC who solves the daily puzzle in the evening keeps it on that day (the
    bug: the attempt took the UTC date, tomorrow)."""
    store = ProgressStore(new_store_file)
    ann = store.set_zone(store.learner("Ann").id, "America/Los_Angeles")
    store.record_attempt(ann.id, "d1", "daily", correct=True, ts=utc(2026, 12, 1, 5, 30))
    assert store.daily_days(ann.id) == {date(2026, 11, 30)}


def test_streak_across_midnight(new_store_file, machine_tz):
    """23:50 and 00:10 the next night on the learner's clock are two days of the streak, though
    both fall on the same UTC date."""
    store = ProgressStore(new_store_file)
    ann = store.set_zone(store.learner("Ann").id, "America/Los_Angeles")
    store.record_attempt(ann.id, "d1", "daily", correct=True, ts=utc(2026, 12, 1, 7, 50))   # 30 Nov 23:50
    store.record_attempt(ann.id, "d2", "daily", correct=True, ts=utc(2026, 12, 1, 8, 10))   # 1 Dec 00:10
    assert store.streak(ann.id, date(2026, 12, 1)) == 2


def test_streak_across_the_autumn_change(new_store_file, machine_tz):
    """Berlin's clocks go back on 25 October 2026: three evenings in a row stay three days."""
    store = ProgressStore(new_store_file)
    eva = store.set_zone(store.learner("Eva").id, "Europe/Berlin")
    for i, moment in enumerate([utc(2026, 10, 24, 21, 30), utc(2026, 10, 25, 22, 30), utc(2026, 10, 26, 22, 30)]):
        store.record_attempt(eva.id, f"d{i}", "daily", correct=True, ts=moment)
    assert store.daily_days(eva.id) == {date(2026, 10, 24), date(2026, 10, 25), date(2026, 10, 26)}
    assert store.streak(eva.id, date(2026, 10, 26)) == 3


def test_streak_today_defaults_to_the_learners_date(new_store_file, machine_tz, monkeypatch):
    """Without a date the streak counts to today on the learner's clock, not the server's."""
    import tutor.clock

    store = ProgressStore(new_store_file)
    ann = store.set_zone(store.learner("Ann").id, "America/Los_Angeles")
    store.record_attempt(ann.id, "d1", "daily", correct=True, ts=utc(2026, 12, 1, 5, 30))  # 30 Nov evening
    monkeypatch.setattr(tutor.clock, "utc_now", lambda: utc(2026, 12, 1, 6, 0))  # still 30 Nov there
    assert store.streak(ann.id) == 1


def test_time_zone_is_kept_with_the_learner(tmp_path):
    """The browser's zone is stored with the learner and read back on the next visit."""
    path = tmp_path / "p.db"
    store = ProgressStore(path)
    store.set_zone(store.learner("Ann").id, "Asia/Tokyo")
    assert ProgressStore(path).learner("ann").tz == "Asia/Tokyo"


@pytest.mark.parametrize("learner_zone", ["Pacific/Honolulu", "Asia/Kamchatka", "Europe/Moscow"])
def test_late_evening_and_early_morning_are_two_days_of_the_streak(new_store_file, machine_tz, learner_zone):
    """23:30 and 00:30 the next day on the learner's own clock are two days of the streak, and the
    evening answer keeps its day, whichever side of UTC the learner and the server are on."""
    store = ProgressStore(new_store_file)
    ann = store.set_zone(store.learner("Ann").id, learner_zone)
    evening = datetime(2026, 12, 1, 23, 30, tzinfo=ZoneInfo(learner_zone))
    for i, moment in enumerate([evening, evening + timedelta(hours=1)]):
        store.record_attempt(ann.id, f"d{i}", "daily", correct=True, ts=moment.astimezone(UTC))
    assert store.daily_days(ann.id) == {date(2026, 12, 1), date(2026, 12, 2)}
    assert store.streak(ann.id, date(2026, 12, 2)) == 2
