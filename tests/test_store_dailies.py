"""The daily schedule kept in the progress store (issue 26, point 4): a day's puzzle is chosen once,
when the day is first served, from the standings as of then; it never changes when the ratings
move, and two app servers on one database keep one schedule. Each on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import UTC, date, datetime, timedelta

import pytest

from tutor.content.daily import EPOCH, Standing, plan
from tutor.content.models import Puzzle
from tutor.dailies import daily, standings_of
from tutor.progress import DailyRow, ProgressError, ProgressStore

_BASE = {"title": {"en": "T", "ru": "Т"}, "themes": ["opening-lead"], "trump": "D7", "hand": "K742.985.J63.863",
         "question": "lead", "answer": "S2", "maxims": ["king-third-lead-small"],
         "hints": [{"en": "h", "ru": "х"}], "explanation": {"en": "e", "ru": "е"}}
POOL = [Puzzle(id=f"lead-{i:02d}", difficulty=1 + i % 5, **_BASE) for i in range(40)]
TODAY = EPOCH + timedelta(days=9)
T0 = datetime(2024, 1, 10, 12, 0, tzinfo=UTC)


def _url(store: ProgressStore) -> str:
    return store.url or str(store.path)


def test_serving_a_day_keeps_it_and_every_day_before_it(any_store):
    pick = daily(POOL, TODAY, any_store, serve=True)
    rows = any_store.daily_rows()
    assert [r.day for r in rows] == [EPOCH + timedelta(days=i) for i in range(10)]
    assert pick.fixed and pick.puzzle.id == rows[-1].item_id
    assert [r.item_id for r in rows] == [plan(POOL, r.day).puzzle.id for r in rows]  # no ratings yet: as planned
    assert daily(POOL, TODAY, any_store, serve=True) == pick and len(any_store.daily_rows()) == 10


def test_a_day_served_never_changes_when_the_ratings_move(any_store):
    """Served on its day, then learners rate and report: that day's puzzle stays, and only the days
    not served yet are chosen from the new standings."""
    served = [daily(POOL, d, any_store, serve=True).puzzle.id for d in (TODAY - timedelta(days=1), TODAY)]
    tomorrow = TODAY + timedelta(days=1)
    planned = daily(POOL, tomorrow, any_store).puzzle.id
    assert not daily(POOL, tomorrow, any_store).fixed
    # the ratings move: the puzzle planned for tomorrow is reported, today's is failed by everyone
    ann = any_store.learner("Ann")
    any_store.report_problem(planned, "the answer looks wrong", ann.id, ts=T0)
    for i in range(8):
        who = any_store.learner(f"L{i}")
        any_store.record_attempt(who.id, served[1], "daily", correct=False, ts=T0, difficulty=3)
    assert any_store.item_standings()[planned].flag is not None
    assert [daily(POOL, d, any_store, serve=True).puzzle.id for d in (TODAY - timedelta(days=1), TODAY)] == served
    assert daily(POOL, tomorrow, any_store).puzzle.id != planned  # the flagged one waits
    kept = daily(POOL, tomorrow, any_store, serve=True)
    assert kept.fixed and kept.puzzle.id != planned and kept.puzzle.id not in served


def test_two_servers_on_one_database_keep_one_schedule(any_store):
    """The second server asks with other standings (its ratings read a moment later): it finds the
    day kept by the first and serves that puzzle; the days it adds follow on without a repeat."""
    other = ProgressStore(_url(any_store))
    try:
        first = daily(POOL, TODAY, any_store, serve=True)
        flagged_all = {p.id: Standing(stars=3, flagged=True) for p in POOL[:20]}

        def choose_other(kept: list[DailyRow], standings: dict) -> list[DailyRow]:
            raise AssertionError("the day is kept: nothing is chosen again")

        assert other.keep_dailies(TODAY, choose_other)[-1].item_id == first.puzzle.id
        assert daily(POOL, TODAY, other, serve=True) == first
        later = TODAY + timedelta(days=15)
        assert plan(POOL, later, [], flagged_all) is not None
        extended = daily(POOL, later, other, serve=True)
        rows = any_store.daily_rows()
        assert rows[-1].item_id == extended.puzzle.id and len({r.item_id for r in rows}) == len(rows) == 25
    finally:
        other.close()


def test_servers_serving_a_new_day_at_once_agree(any_store):
    """Four servers (each its own store object, as separate processes would hold) serve the same new
    day at the same moment: the lock lets one choose, the others read what it kept."""
    stores = [ProgressStore(_url(any_store)) for _ in range(4)]
    got: list[str] = []
    errors: list[BaseException] = []
    start = threading.Barrier(len(stores))

    def serve(store: ProgressStore) -> None:
        try:
            start.wait()
            got.append(daily(POOL, TODAY, store, serve=True).puzzle.id)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=serve, args=(s,)) for s in stores]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    for s in stores:
        s.close()
    assert errors == [] and len(set(got)) == 1 and len(got) == 4
    assert len(any_store.daily_rows()) == 10


def test_a_puzzle_comes_once_a_cycle_even_from_a_wrong_chooser(any_store):
    """The table's unique key refuses a chooser that repeats a puzzle within its cycle; nothing of
    that attempt is kept."""
    daily(POOL, EPOCH, any_store, serve=True)
    first = any_store.daily_rows()[0]

    def repeat(kept: list[DailyRow], standings: dict) -> list[DailyRow]:
        return [DailyRow(EPOCH + timedelta(days=1), first.item_id, first.cycle, 2)]

    with pytest.raises(ProgressError):
        any_store.keep_dailies(EPOCH + timedelta(days=1), repeat)
    assert any_store.daily_rows() == [first]

    def again(kept: list[DailyRow], standings: dict) -> list[DailyRow]:
        return [DailyRow(EPOCH, "lead-39", 0, 1), DailyRow(EPOCH + timedelta(days=2), "lead-38", 0, 2)]

    with pytest.raises(ProgressError, match="only extended"):
        any_store.keep_dailies(EPOCH + timedelta(days=2), again)


def test_the_standings_reach_the_schedule_as_stars_and_flags(any_store):
    ann = any_store.learner("Ann")
    any_store.report_problem("lead-03", "two cards win", ann.id, ts=T0)
    assert standings_of(any_store.item_standings()) == {"lead-03": Standing(None, True)}


def test_a_read_only_or_missing_store_still_gives_the_planned_puzzle(tmp_path):
    assert daily(POOL, TODAY, None) == plan(POOL, TODAY)
    path = tmp_path / "p.db"
    ProgressStore(path).close()
    path.chmod(0o444)
    try:
        ro = ProgressStore(path)
        assert ro.read_only is not None
        assert daily(POOL, TODAY, ro, serve=True).puzzle == plan(POOL, TODAY).puzzle
        ro.close()
    finally:
        path.chmod(0o644)


def test_a_kept_day_is_read_without_the_rest_of_the_schedule(any_store):
    daily(POOL, TODAY, any_store, serve=True)
    assert any_store.daily_row(TODAY) == any_store.daily_rows()[-1]
    assert any_store.daily_row(TODAY + timedelta(days=1)) is None
    assert any_store.daily_row(date(2023, 12, 31)) is None


def test_the_command_reads_the_days_the_app_kept(tmp_path, monkeypatch, capsys):
    """``tutor daily`` agrees with the app: a day kept in the store (here chosen with a flag that
    the plan without the store does not know) is the one it prints; it never keeps a day itself,
    and with no store it makes none."""
    import json

    from appkit import MORE_LEADS, write_content
    from tutor.cli import main
    from tutor.content.loader import load_paths

    content = write_content(tmp_path / "content")
    (content / "puzzles" / "more.yaml").write_text(MORE_LEADS, encoding="utf-8")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(content))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "none.db"))
    pool = [p.item for p in load_paths([content / "puzzles"]).puzzles]
    day = EPOCH + timedelta(days=2)
    main(["daily", "--date", day.isoformat(), "--json"])
    planned = json.loads(capsys.readouterr().out)
    assert planned["id"] == plan(pool, day).puzzle.id and planned["fixed"] is False
    assert not (tmp_path / "none.db").exists()
    path = tmp_path / "progress.db"
    store = ProgressStore(path)
    store.report_problem(planned["id"], "looks wrong", store.learner("Ann").id, ts=T0)
    kept = daily(pool, day, store, serve=True)
    store.close()
    assert kept.puzzle.id != planned["id"]
    monkeypatch.setenv("WHIST_TUTOR_DB", str(path))
    main(["daily", "--date", day.isoformat(), "--json"])
    read = json.loads(capsys.readouterr().out)
    assert (read["id"], read["fixed"]) == (kept.puzzle.id, True)
    main(["daily", "--date", (day + timedelta(days=1)).isoformat(), "--json"])
    assert json.loads(capsys.readouterr().out)["fixed"] is False
    assert len(ProgressStore(path).daily_rows()) == 3
