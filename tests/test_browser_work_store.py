"""A browser's work before its learner is named (issue 24, point 2; walkthrough defect 1): kept in
the store from the first answer, and the learner's when he names himself or logs in -- on this
browser or on a second one -- with each first try counted once ("a first try is the first attempt
at an item by that person, whichever browser"). And issue 23's rules hold: such a row is never
listed nor found by a name, and once claimed nothing of it is readable by the browser key (F4).

Every test runs on SQLite and PostgreSQL (``any_store``)."""

from __future__ import annotations

import shutil
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.progress import BrowserWork, ProgressError, ProgressStore, Role
from tutor.progress.records import iso
from tutor.storage import models as T

KEY = "devicekey-one-12"
KEY2 = "devicekey-two-34"
T0 = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def progress_of(store: ProgressStore, learner_id: int) -> dict[str, object]:
    """Everything the Progress page reads of a learner (rating, themes, first tries, streak,
    lessons, review queue), rounded where floats are summed in another order."""
    rating = store.rating(learner_id)
    return {
        "rating": (round(rating.rating, 9), round(rating.rd, 9), round(rating.vol, 9)),
        "themes": {k: (round(v.rating, 9), round(v.rd, 9)) for k, v in store.theme_ratings(learner_id).items()},
        "accuracy": [(s.theme, s.attempts, s.correct) for s in store.accuracy_by_theme(learner_id)],
        "history": [(p.ts, round(p.rating, 9)) for p in store.rating_history(learner_id)],
        "streak": store.streak(learner_id, date(2026, 12, 1)),
        "lessons": store.lessons_done(learner_id),
        "queue": [(r.item_id, r.stage, r.due) for r in store.review_queue(learner_id)],
        "answers": len(store.attempts(learner_id)),
    }


def test_a_browsers_work_is_kept_from_the_first_answer_and_named_by_nobody(any_store):
    """The row exists only once the browser answers; it has no name, is never listed (open mode
    lists no names, issue 23), and gets no password, no role and no class."""
    store = any_store
    assert store.browser_learner(KEY) is None and not store.browser_work(KEY)
    guest = store.browser_learner(KEY, create=True, tz="Europe/Moscow")
    assert guest is not None and guest.browser and guest.name == "" and guest.tz == "Europe/Moscow"
    assert store.browser_learner(KEY, create=True) == guest  # one row per browser
    store.record_attempt(guest.id, "king-fourth", "puzzle", themes=["opening-lead"], correct=True, difficulty=1)
    assert store.browser_work(KEY) == BrowserWork(answers=1)
    ann = store.learner("Ann")
    assert store.learners() == [ann]
    teacher = store.set_role(store.learner("Tom").id, Role.TEACHER)
    klass = store.create_class("4B", teacher.id)
    for refused in (lambda: store.set_password(guest.id, "long enough pw"),
                    lambda: store.set_role(guest.id, Role.TEACHER),
                    lambda: store.join_class(klass.code, guest.id)):
        with pytest.raises(ProgressError, match="browser has no name"):
            refused()
    with pytest.raises(ProgressError, match="browser key"):
        store.browser_learner("x y", create=True)


def test_naming_yourself_makes_the_browsers_work_yours_exactly(any_store):
    """Lessons, the daily puzzle and puzzles answered unnamed, then a new name: the learner has
    all of it -- the same rating, themes, first tries, streak, lessons and review queue the
    browser had -- and the browser keeps nothing (defect 1: «Пройдено уроков 0/15», «Всего
    ответов 0», a streak of 0)."""
    store = any_store
    guest = store.browser_learner(KEY, create=True)
    assert guest is not None
    store.record_attempt(guest.id, "first-lead/2", "lesson", correct=True, ts=at(0))
    store.mark_lesson_done(guest.id, "first-lead", ts=at(1))
    store.record_attempt(guest.id, "daily-one", "daily", themes=["opening-lead"], correct=True, ts=at(2), difficulty=2)
    store.record_attempt(guest.id, "king-fourth", "puzzle", themes=["opening-lead"], correct=False, ts=at(3),
                         difficulty=1)
    store.record_attempt(guest.id, "king-fourth", "puzzle", themes=["opening-lead"], correct=True, ts=at(4))
    before = progress_of(store, guest.id)
    masha = store.learner("Маша")
    gained = store.claim_browser(KEY, masha.id)
    assert gained == BrowserWork(answers=4, lessons=1, daily_days=1)
    assert progress_of(store, masha.id) == before
    assert before["streak"] == 1 and before["lessons"] == {"first-lead"} and before["queue"]
    assert store.browser_learner(KEY) is None and not store.browser_work(KEY)
    assert store.claim_browser(KEY, masha.id) == BrowserWork()  # twice: nothing moves again
    assert progress_of(store, masha.id) == before


def test_a_second_device_counts_each_first_try_once(any_store, tmp_path):
    """Ann answers on her first device under her name; a second device, unnamed, had answered one
    of the same puzzles earlier, and another. After she logs in there: one first try per puzzle
    (the earlier, whichever device), and her rating, themes, accuracy and review queue are those
    of one learner who made those answers in that order on one device."""
    store = any_store
    ann = store.learner("Ann")
    guest = store.browser_learner(KEY2, create=True)
    assert guest is not None
    answers = [  # (who, item, correct, minutes): in the order they were made
        (guest.id, "b", False, 0), (ann.id, "a", True, 1), (ann.id, "b", True, 2), (guest.id, "c", True, 3),
        (guest.id, "b", True, 4), (ann.id, "d", False, 5),
    ]
    for who, item, correct, minutes in answers:
        store.record_attempt(who, item, "puzzle", themes=["opening-lead", f"theme-{item}"], correct=correct,
                             ts=at(minutes), difficulty=2)
    store.claim_browser(KEY2, ann.id)

    one = ProgressStore(tmp_path / "one-device.db")
    alone = one.learner("Ann")
    for _who, item, correct, minutes in answers:
        one.record_attempt(alone.id, item, "puzzle", themes=["opening-lead", f"theme-{item}"], correct=correct,
                           ts=at(minutes), difficulty=2)
    merged, reference = progress_of(store, ann.id), progress_of(one, alone.id)
    assert merged == reference
    by_theme = {theme: (tried, right) for theme, tried, right in merged["accuracy"]}  # type: ignore[attr-defined]
    assert by_theme["opening-lead"] == (4, 2) and by_theme["theme-b"] == (1, 0)  # b once: wrong at first
    assert len(merged["history"]) == 4  # four rated games, not five
    with store.db.read() as conn:
        firsts = conn.execute(T.attempts.select().with_only_columns(T.attempts.c.item_id, T.attempts.c.ts)
                              .where(T.attempts.c.learner_id == ann.id, T.attempts.c.first_try == 1)
                              .order_by(T.attempts.c.item_id)).all()
    assert [(r[0], datetime.fromisoformat(r[1])) for r in firsts] == [("a", at(1)), ("b", at(0)), ("c", at(3)),
                                                                       ("d", at(5))]
    one.close()


def test_a_claim_keeps_lessons_once_and_the_earlier_date(any_store):
    store = any_store
    ann = store.learner("Ann")
    store.mark_lesson_done(ann.id, "first-lead", ts=at(10))
    guest = store.browser_learner(KEY, create=True)
    assert guest is not None
    store.mark_lesson_done(guest.id, "first-lead", ts=at(2))
    store.mark_lesson_done(guest.id, "second-hand", ts=at(3))
    assert store.claim_browser(KEY, ann.id).lessons == 1
    assert store.export_learner(ann.id)["lessons_done"] == [
        {"lesson": "first-lead", "ts": iso(at(2))}, {"lesson": "second-hand", "ts": iso(at(3))}]


def test_a_claimed_browsers_drafts_are_the_learners_and_no_longer_the_keys(any_store):
    """Issue 23, F4: a draft of a learner is never readable by the browser key alone -- the key
    travels in every link he shares. So the anonymous drafts become his at the claim."""
    store = any_store
    store.save_draft("report", "the ♠2 is wrong here", browser=KEY)
    assert store.browser_work(KEY) == BrowserWork(drafts=1)
    ann = store.learner("Ann")
    assert store.claim_browser(KEY, ann.id) == BrowserWork(drafts=1)
    assert store.latest_draft("report", browser=KEY) is None
    found = store.latest_draft("report", learner_id=ann.id, browser=KEY)
    assert found is not None and found.text == "the ♠2 is wrong here"
    assert store.export_learner(ann.id)["drafts"][0]["text"] == "the ♠2 is wrong here"


def test_only_a_named_learner_claims(any_store):
    store = any_store
    guest = store.browser_learner(KEY, create=True)
    other = store.browser_learner(KEY2, create=True)
    assert guest is not None and other is not None
    store.record_attempt(guest.id, "a", "puzzle", correct=True)
    with pytest.raises(ProgressError, match="claimed by a named learner"):
        store.claim_browser(KEY, other.id)
    with pytest.raises(ProgressError, match="no learner"):
        store.claim_browser(KEY, 10_000)
    assert store.browser_work(KEY) == BrowserWork(answers=1)


_answer = st.tuples(st.sampled_from(["p1", "p2", "p3", "p4"]), st.booleans(), st.integers(0, 2),
                    st.sampled_from([("opening-lead",), ("opening-lead", "trumps"), ("laws",)]))


@settings(max_examples=25)
@given(answers=st.lists(_answer, min_size=1, max_size=8), split=st.integers(0, 8))
@pytest.mark.slow(reason="2.4 s: hypothesis, a store per example (CI runs it)")
def test_a_merge_is_one_learner_answering_in_time_order(_sqlite_migrated_template, tmp_path_factory, answers, split):
    """Property: whatever answers two devices made, and however they fall between the named
    learner and the browser, the merged progress equals one learner's making them in time order
    (the claim replays ratings and review cards; first tries are the earliest)."""
    folder = tmp_path_factory.mktemp("merge")
    for name in ("two.db", "one.db"):  # copies of a migrated store: migrating each costs ~80 ms
        shutil.copyfile(_sqlite_migrated_template, folder / name)
    store, one = ProgressStore(folder / "two.db"), ProgressStore(folder / "one.db")
    try:
        ann, alone = store.learner("Ann"), one.learner("Ann")
        guest = store.browser_learner(KEY, create=True)
        assert guest is not None
        for n, (item, correct, hints, themes) in enumerate(answers):
            who = guest.id if n % 3 == split % 3 or n >= split else ann.id
            for s, learner_id in ((store, who), (one, alone.id)):
                s.record_attempt(learner_id, item, "puzzle", themes=themes, correct=correct, hints_used=hints,
                                 ts=at(n), difficulty=1 + n % 5)
        store.claim_browser(KEY, ann.id)
        assert progress_of(store, ann.id) == progress_of(one, alone.id)
    finally:
        store.close()
        one.close()
