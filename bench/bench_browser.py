"""Benchmark of the app in a real browser: click → the answer shown, the robot's card on the
table, the page or the language switched; p50 / p95 per action.

    PYTHONPATH=. .venv/bin/python bench/bench_browser.py [--deal-seconds 120] [--switches 8]

Starts ``streamlit run app.py`` on a free port over the shipped content with a throwaway
progress database (tests/e2e/e2e_server.py) and drives Debian's Chromium (Playwright; never
``playwright install``) through:

- first load of every page (a fresh tab per page: the figure a visitor waits for),
- the daily puzzle's answer (click → the feedback; and → the evidence chart drawn),

Clicks are timed inside the page (``performance.now()`` from the click to the result on
screen, polled every frame; :data:`CLICK_JS`), as bench_play_browser.py does: timed from Python,
Playwright's round trips and its wait for a "stable" (animated) card added hundreds of ms under
load. First loads and the language switch (a button since 3 Dec 2026, a dropdown before) are timed from Python. The machine's
load average is printed at the start and the end: the figures mean little on a loaded machine.
- ten puzzle answers on the Puzzles page (click → the feedback) and "next puzzle",
- a played deal on the Play page (click → the card has left the hand and the robots have
  answered), for as many cards as ``--deal-seconds`` allows,
- page switches (sidebar link → the new page's heading, the run finished) and language
  switches (the sidebar's button for the other language → the heading in that language).

Aims (issue 12): p95 < 500 ms from click to answer / robot card, < 1 s page or language
switch, < 2 s first load of any page. The figures depend on the machine (2 shared cores here).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

sys.path.insert(0, str(ROOT / "bench"))
from bench_pages_locale import SETTLED_JS  # noqa: E402 - the one sign that a run is over
from bench_play_browser import _CLICK_JS as PLAY_CLICK_JS  # noqa: E402
from timing import load, pct  # noqa: E402 - bench/ is the script's folder, on the path first

from e2e_server import CHROMIUM, LAUNCH_ARGS, streamlit_server  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.ui.lang import NAMES  # noqa: E402
from tutor.ui.nav import available_pages  # noqa: E402

#: A card of the student's hand that may be clicked now (tutor.ui.cardpick: each card face is a
#: button named by the card's spoken name, "king of spades"; the cards not playable are disabled).
PLAYABLE = "[class*='st-key-wtcards-'] button:not([disabled])"


#: Click an element and time, inside the page (``performance.now()``, polled on every animation
#: frame), until a condition holds: the figure the learner sees, without Playwright's own round
#: trips and its wait for a "stable" element (the raised card faces are animated), which added
#: hundreds of milliseconds under load to every click measured from Python.
#: ``what.click``: {css} | {button: text} | {name: the button's spoken name} | {link: sidebar text};
#: ``what.done``: {button: text shown} | {gone: button text no longer shown, css: element present}
#: | {heading: h1 text}; ``settled``: and the run is over. Resolves to ms, null (nothing to
#: click) or NaN (timed out).
CLICK_JS = """
async (what) => {
  const settled = () => !document.querySelector(
    "[data-testid='stSkeleton'], [data-testid='stStatusWidget'] button, [data-stale='true']");
  const buttons = () => [...document.querySelectorAll('button')];
  const hasButton = (text) => buttons().some(b => b.innerText.trim().includes(text));
  const c = what.click, d = what.done;
  let el = null;
  if (c.css) el = document.querySelector(c.css);
  else if (c.button) el = buttons().find(b => !b.disabled && b.innerText.trim().includes(c.button));
  else if (c.name) el = buttons().find(b => !b.disabled && b.innerText.trim() === c.name);
  else if (c.link) el = [...document.querySelectorAll("[data-testid='stSidebarNav'] a")]
                          .find(a => a.innerText.trim().includes(c.link));
  if (!el) return null;
  const t0 = performance.now();
  el.click();
  return await new Promise(resolve => {
    const tick = () => {
      const now = performance.now() - t0;
      let ok = false;
      if (d.button) ok = hasButton(d.button);
      else if (d.gone) ok = !hasButton(d.gone) && !!document.querySelector(d.css || 'body');
      else if (d.heading) ok = [...document.querySelectorAll('h1')].some(h => h.innerText.trim().startsWith(d.heading));
      if (ok && what.settled && !settled()) ok = false;
      if (ok) return resolve(now);
      if (now > 60000) return resolve(NaN);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}
"""


#: Bytes the server sent over the websocket, per page (Playwright's ``framereceived``): what one
#: action makes the browser receive and draw, a figure the machine's load does not change.
RECEIVED: dict[int, int] = defaultdict(int)
#: kB received per action name (the run's messages, until it settled).
KB: dict[str, list[float]] = defaultdict(list)


def count_bytes(page: Any) -> None:
    """Count what the server sends to ``page`` into :data:`RECEIVED`."""
    def on_ws(ws: Any) -> None:
        ws.on("framereceived", lambda payload: RECEIVED.__setitem__(id(page), RECEIVED[id(page)] + len(payload)))

    page.on("websocket", on_ws)


def in_page(page: Any, results: dict[str, list[float]], name: str, what: dict[str, Any]) -> float | None:
    """:data:`CLICK_JS`: one click timed in the page; recorded under ``name`` (None: nothing to
    click), with the kB the server sent for it (until the run settled)."""
    before = RECEIVED[id(page)]
    ms = page.evaluate(CLICK_JS, what)
    if ms is None:
        return None
    settled(page)
    page.wait_for_timeout(50)  # the last frames' events reach Python
    results[name].append(float(ms))
    KB[name].append((RECEIVED[id(page)] - before) / 1024)
    return float(ms)


def settled(page: Any, timeout: float = 60_000) -> None:
    page.wait_for_function(SETTLED_JS, timeout=timeout)


def timed(results: dict[str, list[float]], name: str, act: Callable[[], None], wait: Callable[[], None]) -> float:
    start = time.perf_counter()
    act()
    wait()
    ms = (time.perf_counter() - start) * 1000
    results[name].append(ms)
    return ms


def heading(page: Any, key: str, lang: str) -> Any:
    return page.get_by_role("heading", name=t(f"nav.{key}", lang)).first


def first_loads(browser: Any, base: str, results: dict[str, list[float]], lang: str) -> None:
    """Each page opened as a new session: in a fresh browser profile (nothing cached: the
    Streamlit bundle is downloaded too) and in a new tab of a browser that has seen the app
    before (its HTTP cache warm: a returning visitor, or a link opened from another page)."""
    locale = "ru-RU" if lang == "ru" else "en-US"
    warm = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    first = warm.new_page()
    first.goto(base)  # the server's first session (imports, caches) is not a visitor's figure
    heading(first, "learn", lang).wait_for(timeout=60_000)
    settled(first)
    for spec in available_pages():
        url = base if spec.key == "learn" else f"{base}/{spec.key}"
        for cache, ctx in (("fresh profile", None), ("cache warm", warm)):
            own = ctx is None
            ctx = ctx or browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
            page = ctx.new_page()

            def wait(page: Any = page) -> None:
                heading(page, spec.key, lang).wait_for(timeout=60_000)
                settled(page)

            ms = timed(results, f"first load, {cache} ({lang})", lambda page=page: page.goto(url), wait)
            results[f"  first load, {cache} → {spec.key}"].append(ms)
            page.close()
            if own:
                ctx.close()
    warm.close()


def answer_daily(page: Any, base: str, results: dict[str, list[float]]) -> None:
    page.goto(f"{base}/daily")
    heading(page, "daily", "en").wait_for(timeout=60_000)
    settled(page)
    cards = page.locator(PLAYABLE)
    if not cards.count():
        return
    right = daily_answer()
    click = {"name": right} if right is not None else {"css": PLAYABLE}
    done = {"button": t("item.retry", "en")}
    start = time.perf_counter()
    if in_page(page, results, "daily: answer shown", {"click": click, "done": done}) is None:
        in_page(page, results, "daily: answer shown", {"click": {"css": PLAYABLE}, "done": done})
    try:
        page.locator("[data-testid='stVegaLiteChart'], [data-testid='stArrowVegaLiteChart']").first.wait_for(
            timeout=120_000)
        results["daily: evidence chart shown"].append((time.perf_counter() - start) * 1000)
    except Exception:  # noqa: BLE001 - a wrong answer (or a question without evidence): no chart
        pass
    settled(page)


def daily_answer() -> str | None:
    """Today's daily answer as its button reads in English ("two of spades"), so the bench solves it and the
    evidence is drawn; None for a question not answered by one card."""
    from datetime import UTC, datetime

    from tutor.cards import Card
    from tutor.content.daily import plan as daily_plan
    from tutor.content.loader import load_paths
    from tutor.render import card_name

    content = load_paths([ROOT / "puzzles"])
    try:
        pick = daily_plan([p.item for p in content.puzzles], datetime.now(UTC).date())
    except Exception:  # noqa: BLE001
        return None
    answer = pick.puzzle.answer
    return card_name(answer, "en") if isinstance(answer, Card) else None


def answer_puzzles(page: Any, base: str, results: dict[str, list[float]], n: int) -> None:
    page.goto(f"{base}/puzzles")
    heading(page, "puzzles", "en").wait_for(timeout=60_000)
    settled(page)
    retry, nxt = t("item.retry", "en"), t("puzzles.next", "en")
    answered = 0
    for _ in range(3 * n):
        if answered >= n:
            return
        if in_page(page, results, "puzzle: answer shown", {"click": {"css": PLAYABLE}, "done": {"button": retry}}):
            answered += 1
            settled(page)
        # the next puzzle: the feedback of this one gone, its board drawn, the run over (a puzzle
        # answered by a number has no card buttons: it is skipped on the next round)
        if in_page(page, results, "puzzle: next puzzle shown",
                   {"click": {"button": nxt}, "done": {"gone": retry, "css": "[class*='st-key-wtcards-'], input"},
                    "settled": True}) is None:
            return
        settled(page)


def play_deal(page: Any, base: str, results: dict[str, list[float]], seconds: float) -> None:
    page.goto(f"{base}/play")
    heading(page, "play", "en").wait_for(timeout=60_000)
    settled(page)
    end = time.monotonic() + seconds
    played = 0
    while time.monotonic() < end and played < 13:
        try:
            page.locator(f"{PLAYABLE}, :text('Deal over'), :text('Сдача окончена')").first.wait_for(timeout=60_000)
        except Exception:  # noqa: BLE001
            break
        # the click, then the robots' cards on the table (bench_play_browser.py); null: the deal is over
        before = RECEIVED[id(page)]
        got = page.evaluate(PLAY_CLICK_JS, PLAYABLE)
        if got is None:
            break
        name = "play: card → robots' cards on the table" if not got[2] else "play: the deal's last card (+ review)"
        results[name].append(float(got[0]))
        played += 1
        settled(page)
        page.wait_for_timeout(50)
        KB[name].append((RECEIVED[id(page)] - before) / 1024)
    results["play: cards played"].append(float(played))


def switches(page: Any, base: str, results: dict[str, list[float]], rounds: int) -> None:
    page.goto(base)
    heading(page, "learn", "en").wait_for(timeout=60_000)
    settled(page)
    lang = "en"
    keys = [p.key for p in available_pages()]
    for i in range(rounds):
        for key in keys:
            if i == 0 and key == keys[0]:
                continue  # the page it starts on
            title = t(f"nav.{key}", lang)
            ms = in_page(page, results, "page switch",
                         {"click": {"link": title}, "done": {"heading": title}, "settled": True})
            if ms is not None:
                results[f"  page switch → {key}"].append(ms)
                KB[f"  page switch → {key}"].append(KB["page switch"][-1])
            settled(page)
        # the language, on the page reached last
        other = "ru" if lang == "en" else "en"
        # the sidebar's one button for the other language, named in it (tutor/ui/lang.py)
        option = page.locator("[data-testid='stSidebar']").get_by_role("button", name=NAMES[other])

        def wait_lang(other: str = other) -> None:
            heading(page, keys[-1], other).wait_for(timeout=60_000)
            settled(page)

        timed(results, "language switch", lambda: option.click(), wait_lang)
        lang = other




def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deal-seconds", type=float, default=120.0, help="time allowed for the played deal")
    ap.add_argument("--switches", type=int, default=3, help="rounds of page switches (all pages) + a language switch")
    ap.add_argument("--puzzles", type=int, default=10)
    ap.add_argument("--samples", default="100", help="WHIST_TUTOR_SAMPLES for the daily evidence")
    ap.add_argument("--only", default="", help="comma list of: loads,daily,puzzles,play,switches (default all)")
    args = ap.parse_args(argv)
    results: dict[str, list[float]] = defaultdict(list)
    before = load()
    print(f"start: {before}", flush=True)
    try:
        run(args, results)
    finally:
        report(results)
        print(f"\nload at the start: {before}\nload at the end:   {load()}")
    return 0


def run(args: argparse.Namespace, results: dict[str, list[float]]) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        env = {"WHIST_TUTOR_DB": os.path.join(tmp, "progress.db"), "WHIST_TUTOR_SAMPLES": args.samples}
        t0 = time.perf_counter()
        with streamlit_server(Path(tmp), env) as base:
            print(f"server up in {time.perf_counter() - t0:.1f} s at {base}", flush=True)
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
                try:
                    only = set(filter(None, args.only.split(","))) or {"loads", "daily", "puzzles", "play", "switches"}
                    if "loads" in only:
                        for lang in ("en", "ru"):
                            first_loads(browser, base, results, lang)
                    ctx = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
                    page = ctx.new_page()
                    count_bytes(page)
                    page.set_default_timeout(60_000)
                    if "daily" in only:
                        answer_daily(page, base, results)
                    if "puzzles" in only:
                        answer_puzzles(page, base, results, args.puzzles)
                    if "play" in only:
                        play_deal(page, base, results, args.deal_seconds)
                    if "switches" in only:
                        switches(page, base, results, args.switches)
                    ctx.close()
                finally:
                    browser.close()


def report(results: dict[str, list[float]]) -> None:
    print(f"\n{'action':44} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'kB p50':>7}")
    for name, values in results.items():
        if name == "play: cards played":
            print(f"{name:44} {int(values[0]):>4}")
            continue
        kb = f"{pct(KB[name], 0.5):>7.1f}" if KB.get(name) else ""
        print(f"{name:44} {len(values):>4} {pct(values, 0.5):>8.0f} {pct(values, 0.95):>8.0f} {max(values):>8.0f} {kb}")


if __name__ == "__main__":
    sys.exit(main())
