"""Two app servers over one PostgreSQL (issue 14 point 5, "must show"): two processes, each with
its own store engine and 8 worker threads, record 4,000 attempts for 50 learners at once. Every
attempt is there exactly once, and the ratings equal a serial replay of the same attempts in the
order the database gave them (their ids).

The same on one SQLite file (fewer attempts, in the fast suite): there the threads of one process
share commits (group commit, ``ProgressStore._group_write``), which must lose and double nothing
either, and a writer's own refusal inside a group undoes only its own part."""

from __future__ import annotations

import multiprocessing
import random
import threading

import pytest

from tutor.glicko import game, result_of
from tutor.progress import ProgressError, ProgressStore, seed_rating

PROCESSES, WORKERS, ATTEMPTS, LEARNERS, PUZZLES = 2, 8, 4000, 50, 120


def _plan(count: int = ATTEMPTS) -> list[tuple[int, str, bool, int, str]]:
    """The 4,000 attempts: (learner index, puzzle, correct, hints, a tag unique to the attempt)."""
    rng = random.Random(14)
    return [(rng.randrange(LEARNERS), f"pz{rng.randrange(PUZZLES):03d}", rng.random() < 0.6,
             rng.choice((0, 0, 0, 1, 2)), f"a{n:05d}") for n in range(count)]


def _server(url: str, index: int, ids: list[int], errors: multiprocessing.Queue,  # type: ignore[type-arg]
            count: int = ATTEMPTS) -> None:
    """One app server: its own engine, WORKERS threads sharing its share of the plan."""
    store = ProgressStore(url)
    plan = _plan(count)[index::PROCESSES]
    failures: list[str] = []

    def work(w: int) -> None:
        try:
            for learner, puzzle, correct, hints, tag in plan[w::WORKERS]:
                store.record_attempt(ids[learner], puzzle, "puzzle", themes=["t"], correct=correct,
                                     hints_used=hints, answer=tag, difficulty=3)
        except BaseException as exc:  # noqa: BLE001 - reported to the test
            failures.append(f"{type(exc).__name__}: {exc}")

    threads = [threading.Thread(target=work, args=(w,)) for w in range(WORKERS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    store.close()
    errors.put(failures)


@pytest.mark.slow
def test_two_servers_record_4000_attempts_once_each_with_serially_equal_ratings(pg_url):
    _two_servers(pg_url, ATTEMPTS)


@pytest.mark.slow(reason="starts two writer processes on one file (5 s of CPU); the fast loop keeps the threads' "
                         "test of the same group commit")
def test_two_processes_on_one_sqlite_file_share_commits_and_lose_nothing(tmp_path):
    """2 × 8 writers on one SQLite file: each process's threads share commits; every attempt is
    there once and the ratings equal the serial replay."""
    _two_servers(str(tmp_path / "progress.db"), 400)


def test_threads_share_commits_and_a_refused_writer_undoes_only_its_own_part(new_store_file, monkeypatch):
    """8 threads of one process: fewer commits than attempts (they were grouped), and a writer
    refused inside a group (no such learner) takes nobody else's attempt with it."""
    from tutor.storage.writers import Writers

    commits = []
    real = Writers.commit_batch

    def counted(self, errors):  # type: ignore[no-untyped-def]
        commits.append(self.batch.size if self.batch else 0)
        return real(self, errors)

    monkeypatch.setattr(Writers, "commit_batch", counted)
    store = ProgressStore(new_store_file)
    ann = store.learner("Ann")
    refused: list[str] = []

    def work(w: int) -> None:
        for n in range(30):
            learner = ann.id if (w + n) % 5 else 999_999  # one in five: a learner who does not exist
            try:
                store.record_attempt(learner, f"w{w}-{n}", "puzzle", themes=["t"], correct=True, difficulty=3)
            except ProgressError:
                refused.append(f"w{w}-{n}")

    threads = [threading.Thread(target=work, args=(w,)) for w in range(WORKERS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    kept = {a.item_id for a in store.attempts(ann.id)}
    assert len(refused) == WORKERS * 30 // 5 and not kept & set(refused)
    assert len(kept) == WORKERS * 30 - len(refused)
    assert len(commits) < WORKERS * 30 and max(commits) > 1, "no commit was shared"
    with store.db.write(group=True) as conn:  # a lone writer after the crowd: a group of one
        conn.exec_driver_sql("SELECT 1")
    store.close()


def _two_servers(url: str, count: int) -> None:
    store = ProgressStore(url)
    ids = [store.learner(f"learner{i:02d}").id for i in range(LEARNERS)]
    ctx = multiprocessing.get_context("spawn")
    errors = ctx.Queue()
    procs = [ctx.Process(target=_server, args=(url, i, ids, errors, count)) for i in range(PROCESSES)]
    for p in procs:
        p.start()
    reported = [errors.get(timeout=900) for _ in procs]
    for p in procs:
        p.join(timeout=60)
        assert p.exitcode == 0
    assert reported == [[], []]

    from sqlalchemy import text

    with store.db.read() as conn:
        rows = conn.execute(text("SELECT id, learner_id, item_id, correct, hints_used, first_try, answer"
                                 " FROM attempts ORDER BY id")).all()
        learners = {int(r[0]): (float(r[1]), float(r[2])) for r in conn.execute(
            text("SELECT id, rating, rd FROM learners"))}
        items = {str(r[0]): (float(r[1]), float(r[2]), int(r[3])) for r in conn.execute(
            text("SELECT item_id, rating, rd, games FROM item_ratings"))}
    tags = [r[6] for r in rows]
    assert len(rows) == count and sorted(tags) == sorted(t for *_, t in _plan(count))  # each once

    # the serial replay, in id order
    from tutor.glicko import DEFAULT

    me = dict.fromkeys(ids, DEFAULT)
    them: dict[str, object] = {}
    seen: set[tuple[int, str]] = set()
    for _, learner_id, item_id, correct, hints, first_try, _ in rows:
        first = (learner_id, item_id) not in seen
        seen.add((learner_id, item_id))
        assert bool(first_try) == first
        if first:
            item = them.get(item_id, seed_rating(3))
            me[learner_id], them[item_id] = game(me[learner_id], item, result_of(bool(correct), int(hints)))
    for learner_id, r in me.items():
        assert learners[learner_id] == pytest.approx((r.rating, r.rd), abs=1e-6)
    assert set(items) == set(them)
    for item_id, r in them.items():
        assert items[item_id][:2] == pytest.approx((r.rating, r.rd), abs=1e-6)
    assert sum(g for *_, g in items.values()) == len(seen)
    store.close()
