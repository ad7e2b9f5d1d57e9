"""Fault injection (issue 16): kill -9 during writes, a disk that fills, a lock held by another
process, corrupt files. After each, nothing acknowledged is lost and the app and CLI still start.

The writes run in a separate process (``fault_worker.py``) that prints ``ack I`` only after a
write returned; the test kills it, fills its disk or locks it out, then reopens the files.

The full disk is a small tmpfs where this machine lets root mount one, else a size-capped file
(``RLIMIT_FSIZE``: a write past the cap fails as it would on a full disk).
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.progress import ProgressError, ProgressStore, StoreBusy, check_store

REPO = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).resolve().parent / "fault_worker.py"
APP = str(REPO / "app.py")


# -- helpers -------------------------------------------------------------------------------------
def start_worker(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    full = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    return subprocess.Popen([sys.executable, str(WORKER), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.PIPE, text=True, env=full, cwd=REPO)


def acks_until_killed(proc: subprocess.Popen[str], kill_after: int, *, delay: float = 0.0,
                      timeout: float = 60) -> list[int]:
    """Read acks until ``kill_after`` of them, then SIGKILL (after ``delay``); every ack printed
    before the kill counts, read from the pipe afterwards too."""
    acks: list[int] = []
    started = time.monotonic()
    assert proc.stdout is not None
    while len(acks) < kill_after:
        line = proc.stdout.readline()
        if not line:
            break
        assert line.startswith("ack "), (line, proc.stderr.read() if proc.stderr else "")
        acks.append(int(line.split()[1]))
        assert time.monotonic() - started < timeout, "the worker is too slow"
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    rest, err = proc.communicate(timeout=30)
    acks += [int(x.split()[1]) for x in rest.splitlines() if x.startswith("ack ")]
    assert "Traceback" not in err, err
    return acks


def cli_starts(db: Path) -> None:
    """The CLI starts and reads the file: ``db check`` (a subprocess, as a teacher runs it)."""
    proc = subprocess.run([sys.executable, "-m", "tutor", "db", "check", "--db", str(db)], capture_output=True,
                          text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode in (0, 1), (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr + proc.stdout


def app_starts(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app starts on that file and serves the Learn and Progress pages."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("WHIST_TUTOR_DB", str(db))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    at.session_state["learner"] = "Ann"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    at.switch_page("tutor/ui/pages/progress.py").run()
    assert not at.exception, [e.value for e in at.exception]


def recorded_items(db: Path) -> set[str]:
    store = ProgressStore(db)
    ann = store.learner("Ann")
    return {a.item_id for a in store.attempts(ann.id)}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- kill -9 during writes -------------------------------------------------------------------------
@pytest.mark.slow(reason="starts a writer process and kills it -9 three times, reopening the store after each")
def test_kill_9_during_attempts_loses_no_acknowledged_attempt(tmp_path, monkeypatch):
    db = tmp_path / "progress.db"
    rng = random.Random(16)
    total = 0
    for _ in range(4):
        before = recorded_items(db) if db.exists() else set()
        proc = start_worker("attempts", str(db), "1000000")
        acks = acks_until_killed(proc, rng.randint(5, 80), delay=rng.random() * 0.05)
        assert acks, "the worker acknowledged nothing"
        after = recorded_items(db)
        # the worker numbers its items from 0 each run; what it acknowledged must be there
        assert {f"item-{i}" for i in acks} <= after
        assert before <= after
        total = len(after)
    assert total >= 5
    cli_starts(db)
    app_starts(db, monkeypatch)


@pytest.mark.slow(reason="starts a writer process and kills it -9, reopening the store after each")
def test_kill_9_during_draft_saves_keeps_the_newest_acknowledged_version(tmp_path, monkeypatch):
    db = tmp_path / "progress.db"
    rng = random.Random(3)
    for _ in range(3):
        proc = start_worker("drafts", str(db), "1000000", "3000")
        acks = acks_until_killed(proc, rng.randint(3, 40), delay=rng.random() * 0.05)
        store = ProgressStore(db)
        ann = store.learner("Ann")
        newest = store.latest_draft("workshop", learner_id=ann.id)
        assert newest is not None
        assert int(newest.text.split()[1]) >= max(acks), "an acknowledged draft version was lost"
    cli_starts(db)
    app_starts(db, monkeypatch)


@pytest.mark.slow(reason="starts a writer process and kills it -9 in the middle of large writes")
def test_kill_9_during_an_atomic_write_leaves_the_old_file_or_the_new_one(tmp_path):
    """``--out`` files, Workshop saves, backups: a complete file, never half of one."""
    out = tmp_path / "sheet.html"
    size = 3_000_000
    rng = random.Random(9)
    for _ in range(4):
        proc = start_worker("atomic", str(out), "1000000", str(size))
        acks_until_killed(proc, rng.randint(1, 4), delay=rng.random() * 0.03)
        data = out.read_bytes()
        assert len(data) == size, "a partly written file"
        assert len(set(data.split(b"\n")[:-1])) == 1, "a file mixing two writes"


# -- a disk that fills -----------------------------------------------------------------------------
@pytest.fixture
def small_disk(tmp_path) -> Iterator[tuple[Path, dict[str, str]]]:
    """A folder on a 1 MB tmpfs (and no extra environment), or a plain folder and ``FAULT_FSIZE``
    (the worker caps its file size) where mounting is not allowed."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = shutil.which("mount") is not None and subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True).returncode == 0
    try:
        yield disk, ({} if mounted else {"FAULT_FSIZE": str(600_000)})
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(disk)], capture_output=True)


@pytest.mark.slow(reason="starts a writer process and lets it fill a small disk")
def test_full_disk_refuses_the_write_cleanly_and_keeps_every_acknowledged_attempt(small_disk, monkeypatch):
    disk, env = small_disk
    db = disk / "progress.db"
    proc = start_worker("attempts", str(db), "100000", "4000", env=env)
    out, err = proc.communicate(timeout=120)
    assert "Traceback" not in err, err
    assert proc.returncode == 3, (proc.returncode, out[-300:], err[-300:])
    last = out.strip().splitlines()[-1]
    assert last.startswith("error Store"), last  # one of the store's own errors, in words
    acks = [int(x.split()[1]) for x in out.splitlines() if x.startswith("ack ")]
    assert len(acks) >= 10
    items = recorded_items(db)
    assert {f"item-{i}" for i in acks} <= items
    report = subprocess.run([sys.executable, "-m", "tutor", "db", "check", "--db", str(db)], capture_output=True,
                            text=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60)
    assert report.returncode == 0, report.stdout + report.stderr
    app_starts(db, monkeypatch)


@pytest.mark.slow(reason="0.9 s: fills a small disk write by write (CI runs it)")
def test_full_disk_never_leaves_half_a_written_file(small_disk):
    disk, env = small_disk
    out = disk / "sheet.html"
    out.write_bytes(b"old\n" * 1000)
    before = digest(out)
    proc = start_worker("atomic", str(out), "5", str(2_000_000), env=env)
    stdout, err = proc.communicate(timeout=60)
    assert "Traceback" not in err, err
    assert proc.returncode == 3 and "cannot write" in stdout, (stdout, err)
    assert digest(out) == before
    assert [p.name for p in disk.iterdir() if p.name.endswith(".tmp")] == [], "a temporary file left behind"


# -- a lock held by another process ----------------------------------------------------------------
def _hold_lock(db: Path, seconds: float | str) -> subprocess.Popen[str]:
    proc = start_worker("lock", str(db), str(seconds))
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    return proc


@pytest.mark.slow(reason="waits for a lock another process holds for seconds, then starts the app and the CLI")
def test_a_short_lock_delays_the_write_and_the_app_and_cli_still_start(tmp_path, monkeypatch):
    db = tmp_path / "progress.db"
    store = ProgressStore(db)
    ann = store.learner("Ann")
    holder = _hold_lock(db, 2.0)
    try:
        started = time.monotonic()
        store.record_attempt(ann.id, "during-lock", "puzzle", correct=True)
        assert time.monotonic() - started >= 0.5, "the write should have waited for the lock"
    finally:
        holder.communicate(timeout=30)
    assert "during-lock" in recorded_items(db)
    holder = _hold_lock(db, 20.0)  # longer than the app and the CLI take to start on a loaded CI machine
    try:
        started = time.monotonic()
        cli_starts(db)  # opening and reading need no lock
        app_starts(db, monkeypatch)
        assert time.monotonic() - started < 20.0, "the app and the CLI must not wait for the lock"
    finally:
        holder.kill()
        holder.communicate(timeout=30)


@pytest.mark.slow(reason="waits out a lock another process holds past the store's busy timeout")
def test_a_lock_longer_than_the_busy_timeout_is_a_clear_error_and_loses_nothing(tmp_path, monkeypatch):
    """The same as the 10 s case below with a 1 s timeout, so it runs in the fast suite."""
    from tutor.storage import files

    db = tmp_path / "progress.db"
    store = ProgressStore(db)
    ann = store.learner("Ann")
    store.record_attempt(ann.id, "before", "puzzle", correct=True)
    monkeypatch.setattr(files, "BUSY_TIMEOUT_MS", 1000)
    holder = _hold_lock(db, 3.0)
    try:
        with pytest.raises(StoreBusy, match="locked by another program"):
            store.record_attempt(ann.id, "refused", "puzzle", correct=True)
    finally:
        holder.communicate(timeout=30)
    store.record_attempt(ann.id, "after", "puzzle", correct=True)
    assert {"before", "after"} <= recorded_items(db) and "refused" not in recorded_items(db)


def test_opening_a_second_store_during_a_lock_keeps_this_process_wal_locks(tmp_path):
    """The cause of the 10 s lock failure, in a second: opening another store on the file in
    this process must not drop the locks this process's open connections hold (a plain
    ``open()``/``close()`` of the file does, in POSIX), or the lock holder's last close deletes
    the ``-wal``/``-shm`` files under them."""
    db = tmp_path / "progress.db"
    store = ProgressStore(db)
    ann = store.learner("Ann")
    store.record_attempt(ann.id, "before", "puzzle", correct=True)
    holder = _hold_lock(db, "stdin")
    try:
        other = ProgressStore(db)  # as the app does when it starts
        assert [a.item_id for a in other.attempts(ann.id)] == ["before"]
        check_store(db)  # as `tutor db check` does
    finally:
        holder.communicate("go\n", timeout=30)
    assert Path(str(db) + "-wal").exists() and Path(str(db) + "-shm").exists()
    other.record_attempt(ann.id, "after", "puzzle", correct=True)
    assert recorded_items(db) == {"before", "after"}


@pytest.mark.slow
def test_a_lock_held_for_ten_seconds(tmp_path, monkeypatch):
    """A lock longer than the 10 s busy timeout, taken while this process has the store open and
    the app starts during it: the write waits, then says so once; after the lock every store in
    this process (the old one, the app's, a new one) works and nothing acknowledged is lost.

    It used to fail: opening the app's store read the file's header with ``open()``/``close()``,
    which dropped this process's WAL locks, so the lock holder's last close deleted the
    ``-wal``/``-shm`` files under our open connections ("disk I/O error" afterwards)."""
    db = tmp_path / "progress.db"
    store = ProgressStore(db)
    ann = store.learner("Ann")
    store.record_attempt(ann.id, "before", "puzzle", correct=True)
    holder = _hold_lock(db, "stdin")  # held until released below, however long the app took
    try:
        app_starts(db, monkeypatch)
        started = time.monotonic()
        with pytest.raises(StoreBusy, match="locked by another program for more than 10 s; nothing was saved"):
            store.record_attempt(ann.id, "refused", "puzzle", correct=True)
        assert time.monotonic() - started >= 9.0
    finally:
        _, err = holder.communicate("go\n", timeout=30)  # the holder commits and closes normally
    assert holder.returncode == 0, err
    assert Path(str(db) + "-wal").exists(), "the -wal file went while this process had it open"
    store.record_attempt(ann.id, "after", "puzzle", correct=True)
    fresh = ProgressStore(db)
    fresh.record_attempt(ann.id, "fresh", "puzzle", correct=True)
    assert recorded_items(db) == {"before", "after", "fresh"}
    app_starts(db, monkeypatch)
    cli_starts(db)


# -- corrupt files ---------------------------------------------------------------------------------
def _good_db(path: Path) -> None:
    store = ProgressStore(path)
    ann = store.learner("Ann")
    for i in range(40):
        store.record_attempt(ann.id, f"p{i}", "puzzle", correct=i % 2 == 0, answer="a" * 100)
    store.save_draft("workshop", "puzzles: []", learner_id=ann.id)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()


def test_corrupt_progress_files_are_never_modified_and_never_crash(tmp_path, capsys):
    """Seeded corruptions (flipped bytes, truncation, a zeroed page): the store either opens and
    works or refuses with one of its errors; a refused file is left byte for byte."""
    good = tmp_path / "good.db"
    _good_db(good)
    data = good.read_bytes()
    rng = random.Random(1616)
    refused = 0
    for n in range(24):
        bad = bytearray(data)
        kind = n % 3
        if kind == 0:
            for _ in range(rng.randint(1, 40)):
                bad[rng.randrange(len(bad))] = rng.randrange(256)
        elif kind == 1:
            bad = bad[: rng.randrange(1, len(bad))]
        else:
            page = rng.randrange(len(bad) // 4096)
            bad[page * 4096:(page + 1) * 4096] = bytes(4096)
        path = tmp_path / f"bad{n}.db"
        path.write_bytes(bytes(bad))
        before = digest(path)
        try:
            store = ProgressStore(path)
            ann = store.learner("Ann")
            store.attempts(ann.id)
        except ProgressError:
            refused += 1
            assert digest(path) == before, f"corruption {n}: a refused file was modified"
        code = main(["db", "check", "--db", str(path)])
        out, err = capsys.readouterr()
        assert code in (0, 1, 2) and "Traceback" not in err, (n, code, err)
    assert refused >= 8, "most corruptions must be noticed"
