"""Server time of each app action, without a browser: what one Streamlit script run costs.

    PYTHONPATH=. .venv/bin/python bench/bench_server.py [--rounds 5] [--profile ACTION]

The browser figures (bench/bench_browser.py) add the websocket round trip and the browser's
drawing; the real server's own CPU per click, and many learners at once, are bench/bench_load.py's;
this one times only the Python side, through Streamlit's AppTest over the shipped
content and a throwaway progress database: the first run of each page, a page switch, a
language switch, a puzzle answer (the fragment's run), "next puzzle" and a card on the Play page.
``--profile ACTION`` prints the cProfile of that action's runs (top 25 by cumulative time).
The machine's load is printed with the figures: they mean little on a loaded machine.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from timing import load, pct  # noqa: E402 - bench/ is the script's folder, on the path first

APP = str(ROOT / "app.py")




def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--profile", default="", help="an action name to profile (e.g. 'puzzle: answer')")
    args = ap.parse_args(argv)
    tmp = tempfile.mkdtemp()
    os.environ["WHIST_TUTOR_DB"] = os.path.join(tmp, "progress.db")
    os.environ["WHIST_TUTOR_WARM"] = "0"
    from streamlit.testing.v1 import AppTest

    from tutor.ui.nav import available_pages

    results: dict[str, list[float]] = defaultdict(list)
    prof = cProfile.Profile()

    def timed(name: str, run) -> None:  # type: ignore[no-untyped-def]
        on = args.profile and name.startswith(args.profile)
        if on:
            prof.enable()
        start = time.perf_counter()
        run()
        results[name].append((time.perf_counter() - start) * 1000)
        if on:
            prof.disable()

    print(load(), flush=True)
    keys = [p.key for p in available_pages()]
    for r in range(args.rounds):
        at = AppTest.from_file(APP, default_timeout=120)
        timed("first run (learn)" if r else "first run of the process", lambda: at.run())
        for key in keys[1:]:
            timed(f"page: {key}", lambda key=key: at.switch_page(f"tutor/ui/pages/{key}.py").run())
            if at.exception:
                print(f"page {key}: {at.exception[0].value}")
        at.switch_page("tutor/ui/pages/puzzles.py").run()
        for _ in range(3):
            cards = [b for b in at.button if str(b.key or "").startswith("w:puzzles:") and "card-" in str(b.key)
                     and not b.disabled]
            if not cards:
                break
            timed("puzzle: answer", lambda: cards[0].click().run())
            nxt = [b for b in at.button if b.key == "puzzle_next"]
            if not nxt:
                break
            timed("puzzle: next", lambda: nxt[0].click().run())
        timed("language switch", lambda: at.sidebar.selectbox(key="lang").set_value("ru").run())
        at.sidebar.selectbox(key="lang").set_value("en").run()
        at.switch_page("tutor/ui/pages/play.py").run()
        for _ in range(4):
            cards = [b for b in at.button if str(b.key or "").startswith("play:card:") and not b.disabled]
            if not cards:
                break
            timed("play: card", lambda: cards[0].click().run())
    print(load())
    print(f"\n{'action (server, AppTest)':34} {'n':>4} {'p50 ms':>8} {'p95 ms':>8}")
    for name, values in results.items():
        print(f"{name:34} {len(values):>4} {pct(values, .5):>8.0f} {pct(values, .95):>8.0f}")
    if args.profile:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
