"""Every page in both languages at a desktop and a phone width, in a real browser (issue 24):
foreign words on the page, sideways scroll, and the time until the page is ready.

    PYTHONPATH=. .venv/bin/python bench/bench_pages_locale.py [--rounds 2]

Starts ``streamlit run app.py`` on a free port over the shipped content with a throwaway
progress database (tests/e2e/e2e_server.py) and opens each of the 10 pages × en/ru × 1280/360 px
in a new tab (Debian's Chromium; never ``playwright install``): a new Streamlit session, in the
browser of a learner who has opened the app before -- one browser profile per language and width,
its HTTP cache and compiled scripts kept, as a learner's own browser keeps them (the app's
scripts are served ``immutable``). That profile's very first page, with nothing cached, is the
*first visit*, timed and reported apart: the README's aims are < 1 s for a page, < 2 s for a
first load. (Before 2 Dec 2026 every page was opened in a fresh profile, so every figure was a
first visit.) For each page it counts:

- **foreign words**: on a Russian page, words in Latin letters in the page's visible text
  (``innerText``) and its screen-reader names (``aria-label``, ``placeholder``, ``title``), less the
  names that are the same in both languages (:data:`SAME_IN_BOTH`); on an English page, words in
  Cyrillic. The words are listed, so a count is never a mystery;
- **sideways scroll**: the page's and Streamlit's main area's scroll width over their width;
- **ready**: from ``goto`` to the page's heading shown and Streamlit's run over (its script state
  ``notRunning`` on the app's element, no skeleton or greyed element left; before 4 Dec 2026 the
  "running" indicator, which shows only after a while, was the sign);
- **server CPU**: the server process's CPU time over the load (its first script run of the new
  session, every thread), read inside it (``Served.cpu``): steady where the wall clock follows
  the machine's load;
- **browser busy**: the tab's main thread at work until the page is ready (Chromium's own
  ``TaskDuration``, read over the DevTools protocol): Streamlit's scripts run in the new tab,
  the page's elements drawn -- the browser's share of the wait, as the server CPU is the server's.

The machine's load is printed at the start and the end: a figure on a loaded machine means little.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
from timing import load, pct, spread  # noqa: E402

from e2e_server import CHROMIUM, LAUNCH_ARGS, Served, streamlit_process  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.ui.nav import available_pages  # noqa: E402

#: Names written the same on a Russian page: formats and notations a learner types or downloads
#: (PBN, YAML, CSV, JSON), card codes in the examples of the card box (SK, KS), the rating's
#: method, and the app's own environment settings a teacher is told to set. An editor box's
#: example (a PBN deal in the Workshop's placeholder) is code, left out like its contents.
SAME_IN_BOTH = {"PBN", "YAML", "CSV", "JSON", "SK", "KS", "HT", "Glicko", "FSRS", "Enter", "Ctrl", "ID", "N", "E",
                "S", "W", "T", "K", "Q", "J", "A", "x", "PDF", "URL", "SQLite", "WHIST_TUTOR_AUTH", "required",
                "English"}  # the language switch names each language in itself (tests/langcheck.py)
TEXT_JS = """() => {
  const names = [...document.querySelectorAll('[aria-label],[placeholder],[title]')]
    .filter(e => e.closest('[data-testid="stApp"]') && e.tagName !== 'TEXTAREA')
    .flatMap(e => ['aria-label', 'placeholder', 'title'].map(a => e.getAttribute(a) || ''));
  // the page's words as a reader meets them: Material icons are ligature names (aria-hidden), and
  // code and editor boxes hold what a teacher types (YAML, PBN), not words to translate
  const hidden = [...document.querySelectorAll("[data-testid='stIconMaterial'], pre, code, textarea, span")]
    .filter(e => e.tagName !== 'SPAN' || getComputedStyle(e).fontFamily.includes('Material'));
  hidden.forEach(e => { e.dataset.wtHide = e.style.display; e.style.display = 'none'; });
  const text = document.body.innerText;
  hidden.forEach(e => { e.style.display = e.dataset.wtHide; delete e.dataset.wtHide; });
  return [text, ...names].join('\\n');
}"""
WIDTH_JS = """() => { const m = document.querySelector("[data-testid='stMain']") || document.documentElement;
  return Math.max(document.documentElement.scrollWidth - innerWidth, m.scrollWidth - m.clientWidth); }"""
#: The script run is over: no skeleton, no "running" indicator, no stale (greyed) element left, and
#: Streamlit's own script state says so (the indicator shows only after a while: a slow first run
#: looked settled before 4 Dec 2026). Every browser bench waits on this one.
SETTLED_JS = """() => !document.querySelector("[data-testid='stSkeleton']")
 && !document.querySelector("[data-testid='stStatusWidget'] button")
 && !document.querySelector("[data-stale='true']")
 && document.querySelector("[data-testid='stApp']")?.dataset.testScriptState === 'notRunning'"""


#: Russian words written the same on an English page: the language switch names Russian in itself.
SAME_IN_BOTH_EN = {"Русский"}


def foreign(text: str, lang: str) -> list[str]:
    """The words of ``text`` not in ``lang``'s alphabet (see :data:`SAME_IN_BOTH`)."""
    if lang == "ru":
        return [w for w in re.findall(r"[A-Za-z][A-Za-z_'-]*", text) if w not in SAME_IN_BOTH]
    return [w for w in re.findall(r"[А-Яа-яЁё]+", text) if w not in SAME_IN_BOTH_EN]


def profile(browser: Any, lang: str, width: int) -> Any:
    """A browser profile of a learner at ``width`` px in ``lang`` (a phone below 500 px)."""
    phone = width < 500
    return browser.new_context(viewport={"width": width, "height": 740 if phone else 900}, is_mobile=phone,
                               has_touch=phone, locale="ru-RU" if lang == "ru" else "en-GB")


@contextmanager
def ready_tab(ctx: Any, url: str, heading: str) -> Iterator[tuple[Any, float, float]]:
    """Open ``url`` in a new tab of ``ctx`` and wait until ``heading`` is shown and Streamlit's run
    is over: yields the tab, its ready time and the tab's main thread busy until then (ms), and
    closes the tab after. Shared with ``bench_streamlit_floor.py``, so both time a page the same way."""
    page = ctx.new_page()
    try:
        devtools = ctx.new_cdp_session(page)
        devtools.send("Performance.enable")
        start = time.perf_counter()
        page.goto(url)
        page.get_by_role("heading", name=heading).first.wait_for(timeout=60_000)
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        ms = 1000 * (time.perf_counter() - start)
        metrics = {m["name"]: m["value"] for m in devtools.send("Performance.getMetrics")["metrics"]}
        yield page, ms, 1000 * metrics.get("TaskDuration", 0.0)
    finally:
        page.close()


def one_page(ctx: Any, server: Served, key: str, lang: str) -> tuple[float, float, list[str], int, float]:
    """Open page ``key`` in a new tab of ``ctx``: its ready time (ms), the server's CPU over it
    (ms), its foreign words, its sideways scroll (px) and the tab's main thread busy until it was
    ready (ms)."""
    url = (server.base if key == "learn" else f"{server.base}/{key}") + f"?lang={lang}"
    cpu = server.cpu()
    with ready_tab(ctx, url, t(f"nav.{key}", lang)) as (page, ms, busy):
        used = 1000 * (server.cpu() - cpu)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'", timeout=10_000)
        page.wait_for_timeout(300)
        words, over = foreign(page.evaluate(TEXT_JS), lang), int(page.evaluate(WIDTH_JS))
        return ms, used, words, over, busy


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=1, help="times each page is opened (default 1)")
    ap.add_argument("--pages", nargs="*", metavar="PAGE", help="only these pages (keys: learn, rules, ...)")
    args = ap.parse_args()
    pages = [spec for spec in available_pages() if not args.pages or spec.key in args.pages]
    from playwright.sync_api import sync_playwright

    print("start:", load())
    tmp = Path(tempfile.mkdtemp(prefix="bench-pages-"))
    ready: list[float] = []
    cpu: list[float] = []
    busy: list[float] = []
    first: list[float] = []
    slow: dict[str, list[float]] = {}
    words: Counter[str] = Counter()
    where: dict[str, set[str]] = {}
    sideways: list[str] = []
    with streamlit_process(tmp, {"WHIST_TUTOR_DB": str(tmp / "progress.db")}, cpu_probe=True) as server, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        warm = profile(browser, "en", 1280)
        one_page(warm, server, "learn", "en")  # the server's first run is not a visitor's figure
        warm.close()
        profiles: dict[tuple[str, int], Any] = {}
        for lang in ("en", "ru"):
            for width in (1280, 360):
                profiles[lang, width] = ctx = profile(browser, lang, width)
                ms = one_page(ctx, server, "learn", lang)[0]  # nothing cached yet
                first.append(ms)
                print(f"first visit {lang} {width:4} px  ready {ms:6.0f} ms", flush=True)
        for _ in range(args.rounds):
            for spec in pages:
                for lang in ("en", "ru"):
                    for width in (1280, 360):
                        ms, used, bad, over, tab = one_page(profiles[lang, width], server, spec.key, lang)
                        ready.append(ms)
                        cpu.append(used)
                        busy.append(tab)
                        slow.setdefault(spec.key, []).append(ms)
                        words.update(bad)
                        for w in bad:
                            where.setdefault(w, set()).add(f"{spec.key}/{lang}/{width}")
                        if over > 0:
                            sideways.append(f"{spec.key}/{lang}/{width}: {over} px")
                        print(f"{spec.key:9} {lang} {width:4} px  ready {ms:6.0f} ms  server CPU {used:4.0f} ms  "
                              f"browser busy {tab:5.0f} ms  foreign {len(bad):2}  sideways {over} px", flush=True)
        for ctx in profiles.values():
            ctx.close()
        browser.close()
    n = len(pages)
    print(f"\n{n} pages × en/ru × 1280/360 px × {args.rounds}: {len(ready)} page loads")
    print(f"foreign words: {sum(words.values())}" + "".join(f"\n  {w} ×{c}: {', '.join(sorted(where[w]))}"
                                                          for w, c in words.most_common()))
    print(f"sideways scroll: {len(sideways)}" + "".join(f"\n  {s}" for s in sideways))
    print(f"page ready: {spread(ready)}")
    print(f"server CPU a page load (the session's first run): {spread(cpu)}")
    print(f"browser main thread busy a page load: median {pct(busy, .5):.0f} ms, p95 {pct(busy, .95):.0f} ms")
    print("ready by page (median / worst, ms): " + ", ".join(
        f"{key} {pct(v, .5):.0f} / {max(v):.0f}" for key, v in sorted(slow.items(), key=lambda kv: -pct(kv[1], .5))))
    print(f"first visit (nothing cached), {len(first)} profiles: median {pct(first, .5):.0f} ms, "
          f"worst {max(first):.0f} ms")
    print("end:", load())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
