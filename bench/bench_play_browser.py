"""Benchmark of the Play page in a real Chromium: from a card click to the robot's card on the table.

Aim (issue 12 point 5): p95 < 500 ms on this machine. Run:

    PYTHONPATH=. .venv/bin/python bench/bench_play_browser.py [--deals 2] [--url http://host:port]

Without ``--url`` the app is started here (``streamlit run app.py`` on a free port, with a
throwaway progress database: tests/e2e/e2e_server.py). The browser is Debian's Chromium
(``/usr/bin/chromium``; never ``playwright install``).

Each measure is taken inside the page, with ``performance.now()``: the card button is clicked
from JavaScript and the page is polled on every animation frame until the clicked card has left
the hand and the middle of the table shows the robots' reply (a card at a robot's seat, the
table redrawn). "idle" is the same click until Streamlit's running indicator is gone and no
element is drawn faded as stale (the fragment's rerun is over). The click that ends a deal
is counted apart (the review and the score sheet are drawn then); the last card of a deal with
no robot reply after it is not counted. The general app benchmark is
bench/bench_browser.py; this one measures the Play page alone.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from contextlib import nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_server import CHROMIUM, LAUNCH_ARGS, streamlit_server  # noqa: E402

PLAYABLE = "[class*='st-key-wtcards-'] button:not([disabled])"

#: Click the first playable card; resolve with [ms to the robot's card on the table, ms to idle,
#: whether the click ended the deal], or null when it ended the deal with nothing for a robot to
#: answer.
_CLICK_JS = """
async (sel) => {
  const btn = document.querySelector(sel);
  if (!btn) return null;
  const holder = btn.closest('[class*="st-key-play-card-"]');
  const key = [...holder.classList].find(c => c.startsWith('st-key-play-card-'));
  const centre = () => { const c = document.querySelector('.wt-center'); return c ? c.innerHTML : ''; };
  const before = centre();
  const running = () => !!document.querySelector("[data-testid='stStatusWidget'] button, [data-stale='true']");
  const t0 = performance.now();
  btn.click();
  let robot = null, idle = null, seenRunning = false;
  return await new Promise(resolve => {
    const tick = () => {
      const now = performance.now();
      const gone = !document.querySelector('.' + key);
      const html = centre();
      if (robot === null && gone && html !== before &&
          document.querySelector('.wt-center [data-seat]:not([data-seat="S"])')) robot = now - t0;
      if (running()) seenRunning = true;
      if (gone && robot !== null && !running() && (seenRunning || now - t0 > 150)) idle = now - t0;
      if (idle !== null) return resolve([robot, idle, document.body.innerText.includes('Deal over')]);
      if (document.body.innerText.includes('Deal over') && gone) return resolve(null);
      if (now - t0 > 30000) return resolve([NaN, NaN]);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
"""


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def run(url: str | None, deals: int) -> tuple[list[float], list[float], list[float]]:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = (nullcontext(url) if url else streamlit_server(Path(tmp), {"WHIST_TUTOR_DB": str(Path(tmp) / "p.db")}))
        with server as base, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(f"{base}/play?lang=en")
            page.wait_for_selector(PLAYABLE, timeout=90_000)
            page.wait_for_timeout(1000)
            robot: list[float] = []
            idle: list[float] = []
            ends: list[float] = []  # the click that ends a deal: the review and the sheet are drawn too
            for deal in range(deals):
                for _ in range(13):
                    page.wait_for_selector(f"{PLAYABLE}, :text('Deal over')", timeout=60_000)
                    if page.get_by_text("Deal over").count():
                        break
                    got = page.evaluate(_CLICK_JS, PLAYABLE)
                    if got is None:
                        break
                    if got[2]:
                        ends.append(got[0])
                        continue
                    robot.append(got[0])
                    idle.append(got[1])
                page.get_by_text("Deal over").first.wait_for(timeout=60_000)
                if deal + 1 < deals:
                    page.locator("[class*='st-key-play-next'] button").click()
                    page.wait_for_selector(PLAYABLE, timeout=60_000)
                    page.wait_for_timeout(500)
            browser.close()
    return robot, idle, ends


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", help="a running app (default: start one here)")
    ap.add_argument("--deals", type=int, default=2, help="deals to play (13 clicks each)")
    args = ap.parse_args(argv)
    before = os.getloadavg()
    robot, idle, ends = run(args.url, args.deals)
    after = os.getloadavg()
    print(f"clicks measured: {len(robot)} (and {len(ends)} that ended a deal)")
    for name, values in (("click -> robot card on the table", robot), ("click -> page idle", idle),
                         ("last click of a deal (+ review)", ends)):
        print(f"{name:<34} p50 {_pct(values, .5):7.0f} ms   p95 {_pct(values, .95):7.0f} ms   "
              f"max {max(values, default=float('nan')):7.0f} ms")
    print(f"load average at the start {before[0]:.2f} {before[1]:.2f} {before[2]:.2f}, at the end "
          f"{after[0]:.2f} {after[1]:.2f} {after[2]:.2f} (1/5/15 min) on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
