"""Benchmark of the app: time to first render of each page, and the answer-check round trip.

Targets: under 1 s per page, under 200 ms per answer. Run:

    .venv/bin/python bench/bench_app.py [--repeat 3]

Pages are rendered with Streamlit's AppTest (the script run, without a browser) over the
repository's own lessons and puzzles, with progress in a throwaway database. "First render" is
the first run of a fresh session (cold caches are included in the first page's figure);
"cold" is the same page opened in a fresh Python process (nothing imported or cached yet: what
the first visitor after a server start waits for, minus the server itself). "answer" is the
grader alone (``tutor.content.grading.grade``), the full round trip of a card click on the
Puzzles page (callback, grading, recording, rerun), and the daily puzzle's click, which also
draws the double-dummy evidence (``$WHIST_TUTOR_SAMPLES`` layouts, 20 here).
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


class _NoBareRunWarning(logging.Filter):
    """Calls timed outside a page run (the grader on its own) make Streamlit warn about a missing
    script-run context; the warning is harmless and would bury the figures."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "missing ScriptRunContext" not in record.getMessage()


def _quiet_streamlit() -> None:
    import streamlit  # noqa: F401 - configures its loggers, so the filter goes on afterwards

    logging.getLogger("streamlit.runtime.scriptrunner_utils.script_run_context").addFilter(_NoBareRunWarning())

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _open(app: str, key: str, default: bool):
    """A fresh session opened on page ``key``; returns (AppTest, seconds of that page's run)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(app, default_timeout=120)
    at.session_state["lang"] = "en"
    at.session_state["learner"] = "bench"
    t0 = time.perf_counter()
    at.run()  # the default page (Learn) is the first render of a session
    if not default:
        t0 = time.perf_counter()
        at.switch_page(f"tutor/ui/pages/{key}.py").run()
    return at, time.perf_counter() - t0


def _cold(key: str) -> float | None:
    """The page's first render in a new process (``--cold-one``), in seconds."""
    out = subprocess.run([sys.executable, __file__, "--cold-one", key], capture_output=True, text=True,
                         env=os.environ.copy(), timeout=300)
    try:
        return float(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cold-one", metavar="PAGE", help=argparse.SUPPRESS)
    args = parser.parse_args()
    _quiet_streamlit()
    if "WHIST_TUTOR_DB" not in os.environ or not args.cold_one:
        tmp = tempfile.mkdtemp(prefix="bench-app-")
        os.environ["WHIST_TUTOR_DB"] = str(Path(tmp) / "progress.db")
    os.environ.setdefault("WHIST_TUTOR_SAMPLES", "20")

    logging.getLogger("streamlit").setLevel(logging.ERROR)
    from streamlit.testing.v1 import AppTest

    from tutor.content.grading import grade
    from tutor.ui.library import content_root
    from tutor.ui.nav import available_pages

    app = str(ROOT / "app.py")
    if args.cold_one:
        spec = next(p for p in available_pages() if p.key == args.cold_one)
        print(_open(app, spec.key, spec.default)[1])
        return 0
    print(f"content: {content_root()}  (repeat {args.repeat})")
    # the daily schedule alone (first call of the process: builds the schedule up to today)
    from datetime import date

    from tutor.content.daily import plan as daily_plan
    from tutor.content.loader import load_paths

    pool = [p.item for p in load_paths([content_root() / "puzzles"]).puzzles]
    t0 = time.perf_counter()
    daily_plan(pool, date.today())
    first_pick = time.perf_counter() - t0
    t0 = time.perf_counter()
    daily_plan(pool, date.today())
    print(f"daily_plan(): {len(pool)} puzzles, first {first_pick * 1000:.1f} ms, "
          f"again {(time.perf_counter() - t0) * 1000:.2f} ms")
    print(f"{'page':<10} {'cold ms':>8} {'first ms':>9} {'median ms':>10}  verdict")
    worst = 0.0
    for spec in available_pages():
        cold = _cold(spec.key)
        times = []
        for _ in range(args.repeat):
            at, seconds = _open(app, spec.key, spec.default)
            times.append(seconds)
            if at.exception:
                print(f"{spec.key}: exception {at.exception[0].value[:200]}")
                break
        med = statistics.median(times)
        worst = max(worst, med, cold or 0.0)
        cold_ms = f"{cold * 1000:8.0f}" if cold is not None else f"{'?':>8}"
        ok = med < 1 and (cold is None or cold < 1)
        print(f"{spec.key:<10} {cold_ms} {times[0] * 1000:9.0f} {med * 1000:10.0f}  {'ok' if ok else 'SLOW'}")

    # the grader alone, over every puzzle of the library (a wrong card: the slowest path)
    from tutor.content.situation import item_view

    grades = []
    for p in pool:
        if p.question in ("lead", "play"):
            view = item_view(p)
            wrong = next((c for c in view.legal_cards() if str(c) != p.answer), None)
            response = str(wrong) if wrong else p.answer
        elif p.question == "legal":
            response = p.answer[0]
        else:
            response = int(p.answer) + 1
        t0 = time.perf_counter()
        grade(p, response, "en")
        grades.append(time.perf_counter() - t0)
    if grades:
        print(f"grade(): {len(grades)} puzzles, median {statistics.median(grades) * 1000:.1f} ms, "
              f"max {max(grades) * 1000:.1f} ms")

    # the full round trip of a click on the Puzzles page
    at = AppTest.from_file(app, default_timeout=120)
    at.session_state["lang"] = "en"
    at.session_state["learner"] = "bench"
    at.run()
    at.switch_page("tutor/ui/pages/puzzles.py").run()
    trips = []
    for _ in range(args.repeat):
        card = next((b for b in at.button if b.key and ":card-" in b.key), None)
        if card is None:
            break
        t0 = time.perf_counter()
        card.click().run()
        trips.append(time.perf_counter() - t0)
        retry = next((b for b in at.button if b.key and b.key.endswith(":retry")), None)
        if retry is None:
            break
        retry.click().run()
    if trips:
        med = statistics.median(trips)
        print(f"answer round trip (click → graded page): median {med * 1000:.0f} ms  "
              f"{'ok' if med < 0.2 else 'SLOW'}")
    # the daily puzzle's click: grading, recording, and the double-dummy evidence (first: cold solver)
    daily = []
    for _ in range(args.repeat):
        at, _seconds = _open(app, "daily", False)
        card = next((b for b in at.button if b.key and b.key.startswith("w:daily:") and ":card-" in b.key), None)
        if card is None:
            break
        t0 = time.perf_counter()
        card.click().run()
        daily.append(time.perf_counter() - t0)
    if daily:
        print(f"daily answer with evidence ({os.environ['WHIST_TUTOR_SAMPLES']} layouts): first "
              f"{daily[0] * 1000:.0f} ms, median {statistics.median(daily) * 1000:.0f} ms")
    print(f"slowest page (cold or median): {worst * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
