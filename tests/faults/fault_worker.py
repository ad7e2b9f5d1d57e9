"""A process the fault tests kill, starve of disk or lock out: it writes and acknowledges.

    python fault_worker.py attempts DB N [ANSWER_BYTES]   record N attempts, "ack I" after each commit
    python fault_worker.py drafts DB N                    save N versions of a draft, "ack I" after each
    python fault_worker.py atomic FILE N BYTES            write FILE N times atomically, "ack I" after each
    python fault_worker.py lock DB SECONDS                hold the write lock, "locked" once held
    python fault_worker.py lock DB stdin                  the same, until a line (or EOF) on stdin

An "ack" is printed (and flushed) only after the call returned, so every acknowledged write must
survive whatever happens to the process next. A refused write prints one line
``error CLASS REASON: message`` and ends with exit 3; anything else escaping is a traceback
(exit 1), which the tests treat as a failure.
"""

from __future__ import annotations

import resource
import signal
import sqlite3
import sys
import time
from pathlib import Path


def _fsize_limit() -> None:
    """``FSIZE=N`` in the environment: a size-capped file (the disk "fills" at N bytes)."""
    import os

    limit = os.environ.get("FAULT_FSIZE")
    if limit:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the cap fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (int(limit), int(limit)))


def main(argv: list[str]) -> int:
    from tutor.errors import WhistError
    from tutor.progress import ProgressStore

    mode, target = argv[0], Path(argv[1])
    if mode == "lock":
        conn = sqlite3.connect(target, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        print("locked", flush=True)
        if argv[2] == "stdin":
            sys.stdin.readline()
        else:
            time.sleep(float(argv[2]))
        conn.execute("COMMIT")
        conn.close()
        return 0
    count = int(argv[2])
    try:
        if mode in ("attempts", "drafts"):
            store = ProgressStore(target)
            ann = store.learner("Ann")
            _fsize_limit()
            size = int(argv[3]) if len(argv) > 3 else 20
            for i in range(count):
                if mode == "attempts":
                    store.record_attempt(ann.id, f"item-{i}", "puzzle", correct=i % 3 == 0, answer="x" * size)
                else:
                    store.save_draft("workshop", f"version {i}\n" + "y" * size, learner_id=ann.id)
                print(f"ack {i}", flush=True)
        elif mode == "atomic":
            from tutor.outfiles import write_atomic

            _fsize_limit()
            size = int(argv[3])
            for i in range(count):
                write_atomic(target, (f"{i:08d}\n".encode() * (size // 9 + 1))[:size])
                print(f"ack {i}", flush=True)
        else:
            print(f"unknown mode {mode}", file=sys.stderr)
            return 2
    except WhistError as exc:
        print(f"error {type(exc).__name__} {getattr(exc, 'reason', '-')}: {exc}", flush=True)
        return 3
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
