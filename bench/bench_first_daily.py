"""Benchmark: the first daily answer on a fresh install, in a real browser (issue 15's "first daily
answer with evidence shown in < 1 s").

    PYTHONPATH=. .venv/bin/python bench/bench_first_daily.py [--runs 5] [--samples 100] [--read 0] [--no-warm]

Each run is a fresh install: a new empty data folder (progress database, user evidence store,
``XDG_DATA_HOME`` and ``HOME``), a new ``streamlit run app.py`` server over the shipped content
(tests/e2e/e2e_server.py), and a new Chromium profile (a persistent context on an empty folder:
nothing cached, the Streamlit bundle downloaded). The visitor opens the Daily page, the page
settles, and clicks today's right card (at once, or after ``--read`` seconds of reading it: the page
loads the chart's code once it is drawn, so a click at once waits for that code); the figures are the time from the click to the feedback
(the "try again"/answer box), to the evidence's heading (the server has sent it) and to the
evidence chart drawn (the figure the issue asks for: the browser has drawn it).
Printed: every run, p50/p95 of each figure, and the load average before and after (2 shared
cores here: the figures depend on what else runs).

The evidence of the shipped daily puzzles is shipped (tutor/content/evidence/), so a fresh
install reads it; ``--no-warm`` turns off the server's warm-up thread (``WHIST_TUTOR_WARM=0``) to
show the page's own path.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
from bench_pages_locale import SETTLED_JS  # noqa: E402 - the one sign that a run is over
from timing import pct  # noqa: E402 - bench/ is the script's folder, on the path first

from e2e_server import CHROMIUM, LAUNCH_ARGS, streamlit_server  # noqa: E402
from tutor.i18n import t  # noqa: E402

CHART = "[data-testid='stVegaLiteChart'], [data-testid='stArrowVegaLiteChart']"


def todays_answer() -> tuple[str, str]:
    """Today's (UTC) daily puzzle id and its right card as its button reads in English (its
    spoken name, "two of spades": the card faces' accessible names)."""
    from datetime import UTC, datetime

    from tutor.cards import Card
    from tutor.content.daily import plan as daily_plan
    from tutor.content.loader import load_puzzles
    from tutor.render import card_name

    puzzle = daily_plan(load_puzzles(), datetime.now(UTC).date()).puzzle
    if puzzle.question not in ("lead", "play") or not isinstance(puzzle.answer, Card):
        raise SystemExit(f"today's daily puzzle ({puzzle.id}) asks a {puzzle.question}: no evidence to time")
    return puzzle.id, card_name(puzzle.answer, "en")


def visit(pw: Any, base: str, profile: Path, card: str, read: float = 0.0) -> dict[str, float]:
    """One visitor with a new browser profile: open Daily, let it settle, read the puzzle for
    ``read`` seconds, click the right card."""
    ctx = pw.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, args=LAUNCH_ARGS,
                                                locale="en-US", timezone_id="UTC",
                                                viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        t1 = time.perf_counter()
        page.goto(f"{base}/daily")
        page.get_by_role("heading", name=t("nav.daily", "en")).first.wait_for(timeout=60_000)
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        loaded = time.perf_counter() - t1
        page.wait_for_timeout(read * 1000)
        button = page.get_by_role("button", name=card, exact=True).first
        retry = page.get_by_role("button", name=t("item.retry", "en")).first
        start = time.perf_counter()
        button.click()
        retry.wait_for(timeout=120_000)
        answer = time.perf_counter() - start
        page.get_by_role("heading", name=t("daily.evidence", "en")).first.wait_for(timeout=120_000)
        heading = time.perf_counter() - start
        # the evidence chart drawn: visible (not the page's hidden prefetch chart), its canvas there
        page.locator(CHART).locator("visible=true").locator("canvas, svg").first.wait_for(timeout=120_000)
        chart = time.perf_counter() - start
    finally:
        ctx.close()
    return {"daily page loaded ms": loaded * 1000, "click → feedback ms": answer * 1000,
            "click → evidence heading ms": heading * 1000, "click → evidence chart ms": chart * 1000}


def one_run(pw: Any, samples: str, warm: bool, card: str, later: int, read: float = 0.0) -> list[dict[str, float]]:
    """A fresh install and its first visitor, then ``later`` more visitors (new profiles)."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        env = {"WHIST_TUTOR_DB": str(data / "progress.db"), "WHIST_TUTOR_EVIDENCE_DIR": str(data / "evidence"),
               "XDG_DATA_HOME": str(data / "share"), "HOME": str(data / "home"), "WHIST_TUTOR_SAMPLES": samples,
               "WHIST_TUTOR_WARM": "1" if warm else "0"}
        (data / "home").mkdir()
        t0 = time.perf_counter()
        with streamlit_server(data, env) as base:
            up = time.perf_counter() - t0
            out = []
            for v in range(1 + later):
                r = visit(pw, base, data / f"profile-{v}", card, read)
                out.append({"server up s": up, **r} if v == 0 else r)
        return out



def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="fresh installs to time (default 5)")
    ap.add_argument("--samples", default="100", help="WHIST_TUTOR_SAMPLES (default 100, as the app)")
    ap.add_argument("--later", type=int, default=0,
                    help="after each first visitor, this many more visitors (new profiles) on the same server")
    ap.add_argument("--read", type=float, default=0.0,
                    help="seconds the visitor reads the puzzle before the click (default 0: at once)")
    ap.add_argument("--no-warm", action="store_true", help="no warm-up thread on the server (WHIST_TUTOR_WARM=0)")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    pid, card = todays_answer()
    load_before = os.getloadavg()
    print(f"daily puzzle {pid}, right card {card}; {args.runs} fresh installs, samples {args.samples}, "
          f"warm-up {'off' if args.no_warm else 'on'}; load average before {load_before[0]:.2f} "
          f"{load_before[1]:.2f} {load_before[2]:.2f}", flush=True)
    runs: list[dict[str, float]] = []
    later: list[dict[str, float]] = []
    with sync_playwright() as pw:
        for i in range(args.runs):
            first, *more = one_run(pw, args.samples, not args.no_warm, card, args.later, args.read)
            runs.append(first)
            later += more
            for j, r in enumerate([first, *more]):
                who = "first visitor" if j == 0 else f"visitor {j + 1}"
                print(f"run {i + 1}, {who}: " + ", ".join(f"{k} {v:.1f}" if k.endswith(" s") else f"{k} {v:.0f}"
                                                         for k, v in r.items()), flush=True)
    load_after = os.getloadavg()
    for title, rows in (("fresh install, first visitor", runs), ("later visitors, same server", later)):
        if not rows:
            continue
        print(f"\n{title} ({len(rows)}):")
        for key in rows[0]:
            vals = [r[key] for r in rows]
            unit = "s" if key.endswith(" s") else "ms"
            print(f"  {key[: -len(unit) - 1]:<28} p50 {pct(vals, 0.5):8.1f} {unit}   p95 {pct(vals, 0.95):8.1f} {unit}   "
                  f"(min {min(vals):.1f}, max {max(vals):.1f}, mean {statistics.fmean(vals):.1f})")
    print(f"load average after: {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f} (1/5/15 min; 2 cores)")
    ok = pct([r["click → evidence chart ms"] for r in runs], 0.95) < 1000
    print("aim (< 1 s from click to evidence, p95): " + ("met" if ok else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
