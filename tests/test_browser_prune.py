"""The unnamed work of browsers nobody names is pruned (issue 24, point 2: a browser's work is kept
in the store from the first click, so without pruning a school's database grows with every
visitor's browser for ever).

The rules: a browser is idle when nothing was done under it -- no answer, no lesson done, no
draft -- for ``days`` days (by its last activity, not by when its row was made); its row and
everything under it go (answers, lessons done, review cards, ratings by theme, its anonymous
drafts); work already claimed by a learner is his and is never counted or removed; a named
learner is never touched, however long idle. ``python -m tutor db check`` counts them without
writing, ``--fix`` removes them and says what went, bad input is one ``error:`` line.

The store's tests run on SQLite and PostgreSQL (``any_store``); so does ``db check --fix``."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import func, select, update

from tutor.cli import main
from tutor.progress import IDLE_DAYS, IdleBrowsers, ProgressError, ProgressStore
from tutor.progress.browsers import _candidates, _cutoff
from tutor.progress.records import iso
from tutor.storage import models as T

NOW = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
LONG_AGO = NOW - timedelta(days=IDLE_DAYS + 20)
LATELY = NOW - timedelta(days=IDLE_DAYS - 20)


def made(store: ProgressStore, learner_id: int, ts: datetime) -> None:
    """Date the row's making (a browser's row is made at its first answer, "now")."""
    with store.db.write() as conn:
        conn.execute(update(T.learners).where(T.learners.c.id == learner_id).values(created=iso(ts)))


def guest(store: ProgressStore, key: str, *, since: datetime = LONG_AGO) -> int:
    row = store.browser_learner(key, create=True)
    assert row is not None
    made(store, row.id, since)
    return row.id


def answered(store: ProgressStore, learner_id: int, ts: datetime, *, item: str = "king-fourth",
             correct: bool = True) -> None:
    store.record_attempt(learner_id, item, "puzzle", themes=["opening-lead"], correct=correct, ts=ts, difficulty=1)


def everything_of(store: ProgressStore, learner_id: int) -> dict[str, object]:
    """What the Progress page shows of a learner."""
    rating = store.rating(learner_id)
    return {"rating": (rating.rating, rating.rd), "themes": sorted(store.theme_ratings(learner_id)),
            "attempts": [(a.item_id, a.correct, a.ts) for a in store.attempts(learner_id)],
            "streak": store.streak(learner_id, date(2026, 12, 1)), "lessons": store.lessons_done(learner_id),
            "queue": [r.item_id for r in store.review_queue(learner_id)]}


def rows_of(store: ProgressStore, learner_id: int) -> dict[str, int]:
    with store.db.read() as conn:
        return {t.name: int(conn.execute(select(func.count()).select_from(t).where(t.c.learner_id == learner_id))
                            .scalar_one())
                for t in (T.attempts, T.lessons_done, T.reviews, T.theme_ratings, T.drafts)}


def test_only_browsers_idle_since_their_last_activity_are_pruned(any_store):
    """Idle by the last thing done, not by age: an old row answered lately stays, an old row whose
    last answer is long ago goes with all its rows; a key with only old anonymous drafts goes, one
    with a recent draft stays (and so does the row it belongs to)."""
    store = any_store
    gone = guest(store, "devicekey-gone-01")
    answered(store, gone, LONG_AGO, correct=False)  # wrong: a review card too
    store.record_attempt(gone, "first-lead/1", "lesson", correct=True, ts=LONG_AGO)
    store.record_attempt(gone, "daily-1", "daily", themes=["opening-lead"], correct=True, ts=LONG_AGO, difficulty=1)
    store.mark_lesson_done(gone, "first-lead", ts=LONG_AGO)
    store.save_draft("answer:puzzle:king-fourth", "SK", browser="devicekey-gone-01", ts=LONG_AGO)
    assert all(rows_of(store, gone)[t] for t in ("attempts", "lessons_done", "reviews", "theme_ratings"))
    back = guest(store, "devicekey-back-02")  # made long ago, answered lately
    answered(store, back, LONG_AGO)
    answered(store, back, LATELY, item="ace-fifth")
    drafted = guest(store, "devicekey-draft-03")  # its last answer long ago, a draft lately
    answered(store, drafted, LONG_AGO)
    store.save_draft("report:king-fourth", "a note", browser="devicekey-draft-03", ts=LATELY)
    new = guest(store, "devicekey-new-004", since=LATELY)  # made lately, nothing done since
    store.save_draft("report:x", "old text", browser="devicekey-only-05", ts=LONG_AGO)  # drafts, no row
    store.save_draft("report:x", "new text", browser="devicekey-only-06", ts=LATELY)

    found = store.idle_browsers(at=NOW)
    assert found == IdleBrowsers(IDLE_DAYS, browsers=2, answers=3, lessons=1, drafts=2)
    assert store.prune_browsers(at=NOW) == found
    assert store.browser_learner("devicekey-gone-01") is None and not store.browser_work("devicekey-gone-01")
    assert rows_of(store, gone) == dict.fromkeys(rows_of(store, gone), 0)
    assert not store.drafts("report:x", browser="devicekey-only-05")
    for key, row in (("devicekey-back-02", back), ("devicekey-draft-03", drafted), ("devicekey-new-004", new)):
        kept = store.browser_learner(key)
        assert kept is not None and kept.id == row
    assert len(store.attempts(back)) == 2 and len(store.attempts(drafted)) == 1
    assert store.drafts("report:king-fourth", browser="devicekey-draft-03")
    assert store.drafts("report:x", browser="devicekey-only-06")
    assert store.idle_browsers(at=NOW) == IdleBrowsers(IDLE_DAYS)
    assert store.prune_browsers(at=NOW) == IdleBrowsers(IDLE_DAYS)  # a second prune removes nothing


def test_named_and_claimed_work_is_never_counted_nor_touched(any_store):
    """A named learner idle for years keeps everything; a browser claimed by Masha long ago is
    hers (its row is gone with the claim): nothing of it is counted idle a second time, and her
    answers, streak, lessons and review queue are what they were."""
    store = any_store
    ann = store.learner("Ann")
    made(store, ann.id, LONG_AGO - timedelta(days=900))
    answered(store, ann.id, LONG_AGO - timedelta(days=800))
    store.save_draft("workshop", "yaml", learner_id=ann.id, ts=LONG_AGO)
    masha = store.learner("Маша")
    made(store, masha.id, LONG_AGO)
    browser = guest(store, "devicekey-masha-1")
    answered(store, browser, LONG_AGO)
    store.record_attempt(browser, "daily-1", "daily", themes=["opening-lead"], correct=True, ts=LONG_AGO, difficulty=1)
    store.mark_lesson_done(browser, "first-lead", ts=LONG_AGO)
    store.save_draft("report:x", "before naming", browser="devicekey-masha-1", ts=LONG_AGO)
    store.claim_browser("devicekey-masha-1", masha.id)
    before = {who: (everything_of(store, who), rows_of(store, who)) for who in (ann.id, masha.id)}
    assert before[masha.id][1]["attempts"] == 2 and before[masha.id][1]["drafts"] == 1

    assert store.idle_browsers(days=1, at=NOW) == IdleBrowsers(1)
    assert store.prune_browsers(days=1, at=NOW) == IdleBrowsers(1)
    assert {who: (everything_of(store, who), rows_of(store, who)) for who in (ann.id, masha.id)} == before
    assert [x.name for x in store.learners()] == ["Ann", "Маша"]


def test_a_browser_that_comes_back_while_pruning_is_kept(any_store):
    """The browsers found idle are looked at again inside each write transaction: one that
    answered, or wrote a draft, since the look is kept, all of it."""
    store = any_store
    answers, drafts = guest(store, "devicekey-came-01"), guest(store, "devicekey-came-02")
    for row in (answers, drafts):
        answered(store, row, LONG_AGO)
    store.save_draft("report:x", "old", browser="devicekey-came-02", ts=LONG_AGO)
    store.save_draft("report:x", "old", browser="devicekey-came-03", ts=LONG_AGO)  # no row yet
    cutoff = _cutoff(IDLE_DAYS, NOW)
    with store.db.read() as conn:
        found = _candidates(conn, cutoff)
    assert len(found) == 3
    answered(store, answers, NOW, item="ace-fifth")
    store.save_draft("report:x", "new", browser="devicekey-came-02", ts=NOW)
    guest(store, "devicekey-came-03", since=NOW)  # its first answer: the row is made
    assert store.browsers._prune(cutoff, IDLE_DAYS, found) == IdleBrowsers(IDLE_DAYS)
    assert len(store.attempts(answers)) == 2 and len(store.attempts(drafts)) == 1
    assert [d.text for d in store.drafts("report:x", browser="devicekey-came-03")] == ["old"]


@pytest.mark.parametrize("days", [0, -1, 36_501, True, 1.5, "180"])
def test_an_idle_time_outside_1_to_36500_days_is_refused(new_store_file, days):
    store = ProgressStore(new_store_file)
    with pytest.raises(ProgressError, match="whole number of days from 1 to 36500"):
        store.idle_browsers(days)
    with pytest.raises(ProgressError, match="whole number of days"):
        store.prune_browsers(days)


# -- python -m tutor db check [--idle-days DAYS] [--fix] ------------------------------------------------
def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def old_guests(store: ProgressStore) -> int:
    """Two idle browsers (three answers, a draft) and a named learner: the learner's id."""
    now = datetime.now(UTC)
    for key, answers in (("devicekey-cli-001", 1), ("devicekey-cli-002", 2)):
        row = guest(store, key, since=now - timedelta(days=400))
        for i in range(answers):
            answered(store, row, now - timedelta(days=300), item=f"p{i}")
    store.save_draft("report:x", "text", browser="devicekey-cli-001", ts=now - timedelta(days=300))
    ann = store.learner("Ann")
    answered(store, ann.id, now - timedelta(days=300))
    return ann.id


def digests(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


def test_db_check_counts_idle_browsers_without_writing(capsys, new_store_file):
    store = ProgressStore(new_store_file)
    old_guests(store)
    store.close()
    before = digests(new_store_file.parent)
    code, out, err = cli(capsys, "db", "check", "--db", str(new_store_file))
    assert code == 0 and err == ""
    assert ("2 unnamed browser(s) idle for 180 day(s) or more (3 answer(s), 0 lesson(s) done, 1 draft version(s)); "
            "`db check --fix` removes them") in out
    code, out, _ = cli(capsys, "db", "check", "--db", str(new_store_file), "--idle-days", "301")
    assert code == 0 and "no unnamed browser idle for 301 day(s) or more" in out
    code, out, _ = cli(capsys, "db", "check", "--db", str(new_store_file), "--json")
    assert json.loads(out)["idle_browsers"] == {"idle_days": 180, "browsers": 2, "answers": 3, "lessons": 0,
                                                "drafts": 1}
    assert digests(new_store_file.parent) == before


def test_db_check_fix_removes_the_idle_browsers_and_says_what_went(capsys, new_store_file):
    store = ProgressStore(new_store_file)
    ann = old_guests(store)
    kept = everything_of(store, ann)
    store.close()
    code, out, err = cli(capsys, "db", "check", "--db", str(new_store_file), "--fix")
    assert code == 0 and err == "" and "--fix` removes" not in out
    assert out.splitlines()[1] == ("removed 2 unnamed browser(s) idle for 180 day(s) or more: 3 answer(s), "
                                   "0 lesson(s) done, 1 draft version(s)")
    store = ProgressStore(new_store_file)
    assert store.browser_learner("devicekey-cli-001") is None and store.browser_learner("devicekey-cli-002") is None
    assert everything_of(store, ann) == kept and store.count_attempts() == 1
    store.close()
    code, out, _ = cli(capsys, "db", "check", "--db", str(new_store_file), "--fix", "--json")
    data = json.loads(out)
    assert code == 0 and data["removed"]["browsers"] == 0 and data["idle_browsers"]["browsers"] == 0


def test_db_check_fix_on_postgresql(capsys, pg_store_url):
    """A school's PostgreSQL: counted and pruned the same way (its integrity is pg_amcheck's)."""
    store = ProgressStore(pg_store_url)
    ann = old_guests(store)
    kept = everything_of(store, ann)
    store.close()
    code, out, err = cli(capsys, "db", "check", "--db", pg_store_url)
    assert code == 0 and err == "" and "a database server" in out and "2 unnamed browser(s) idle" in out
    code, out, _ = cli(capsys, "db", "check", "--db", pg_store_url, "--fix")
    assert code == 0 and out.splitlines()[1].startswith("removed 2 unnamed browser(s)")
    store = ProgressStore(pg_store_url)
    assert everything_of(store, ann) == kept and store.idle_browsers() == IdleBrowsers(IDLE_DAYS)
    store.close()


@pytest.mark.parametrize("bad", ["-5", "0", "36501", "x", ""])
def test_db_check_bad_idle_days_is_one_error_line(capsys, new_store_file, bad):
    before = digests(new_store_file.parent)
    code, out, err = cli(capsys, "db", "check", "--db", str(new_store_file), "--fix", f"--idle-days={bad}")
    assert code == 2 and out == "" and err.startswith("error: argument --idle-days") and err.count("\n") == 1, err
    assert "Traceback" not in err and digests(new_store_file.parent) == before


def test_db_check_fix_on_a_read_only_file_removes_nothing(capsys, new_store_file):
    """A teacher who made the file read-only (``chmod a-w``) means it, whoever runs the command."""
    store = ProgressStore(new_store_file)
    old_guests(store)
    store.close()
    new_store_file.chmod(0o444)
    try:
        code, out, err = cli(capsys, "db", "check", "--db", str(new_store_file), "--fix")
    finally:
        new_store_file.chmod(0o644)
    assert code == 2 and out == "" and err.startswith("error: ") and err.count("\n") == 1
    assert "read-only" in err and "nothing was removed" in err
    assert ProgressStore(new_store_file).idle_browsers().browsers == 2
