"""Every page in both languages at a desktop and a phone width, in a real browser (issue 24):
foreign words on the page, sideways scroll, and the time until the page is ready.

    PYTHONPATH=. .venv/bin/python bench/bench_pages_locale.py [--rounds 2]

Starts ``streamlit run app.py`` on a free port over the shipped content with a throwaway
progress database (tests/e2e/e2e_server.py) and opens each of the 9 pages × en/ru × 1280/360 px
in a new tab (Debian's Chromium; never ``playwright install``). For each it counts:

- **foreign words**: on a Russian page, words in Latin letters in the page's visible text
  (``innerText``) and its screen-reader names (``aria-label``, ``placeholder``, ``title``), less the
  names that are the same in both languages (:data:`SAME_IN_BOTH`); on an English page, words in
  Cyrillic. The words are listed, so a count is never a mystery;
- **sideways scroll**: the page's and Streamlit's main area's scroll width over their width;
- **ready**: from ``goto`` to the page's heading shown and Streamlit's run over.

The machine's load is printed at the start and the end: a figure on a loaded machine means little.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
from timing import load, pct  # noqa: E402

from e2e_server import CHROMIUM, LAUNCH_ARGS, streamlit_server  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.ui.nav import available_pages  # noqa: E402

#: Names written the same on a Russian page: formats and notations a learner types or downloads
#: (PBN, YAML, CSV, JSON), card codes in the examples of the card box (SK, KS), the rating's
#: method, and the app's own environment settings a teacher is told to set. An editor box's
#: example (a PBN deal in the Workshop's placeholder) is code, left out like its contents.
SAME_IN_BOTH = {"PBN", "YAML", "CSV", "JSON", "SK", "KS", "HT", "Glicko", "FSRS", "Enter", "Ctrl", "ID", "N", "E",
                "S", "W", "T", "K", "Q", "J", "A", "x", "PDF", "URL", "SQLite", "WHIST_TUTOR_AUTH", "required"}
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
SETTLED_JS = """() => !document.querySelector("[data-testid='stSkeleton']")
 && !document.querySelector("[data-testid='stStatusWidget'] button")
 && !document.querySelector("[data-stale='true']")"""


def foreign(text: str, lang: str) -> list[str]:
    """The words of ``text`` not in ``lang``'s alphabet (see :data:`SAME_IN_BOTH`)."""
    if lang == "ru":
        return [w for w in re.findall(r"[A-Za-z][A-Za-z_'-]*", text) if w not in SAME_IN_BOTH]
    return re.findall(r"[А-Яа-яЁё]+", text)


def one_page(browser: Any, base: str, key: str, lang: str, width: int) -> tuple[float, list[str], int]:
    phone = width < 500
    ctx = browser.new_context(viewport={"width": width, "height": 740 if phone else 900}, is_mobile=phone,
                              has_touch=phone, locale="ru-RU" if lang == "ru" else "en-GB")
    page = ctx.new_page()
    try:
        url = (base if key == "learn" else f"{base}/{key}") + f"?lang={lang}"
        start = time.perf_counter()
        page.goto(url)
        page.get_by_role("heading", name=t(f"nav.{key}", lang)).first.wait_for(timeout=60_000)
        page.wait_for_function(SETTLED_JS, timeout=60_000)
        ms = 1000 * (time.perf_counter() - start)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'", timeout=10_000)
        page.wait_for_timeout(300)
        return ms, foreign(page.evaluate(TEXT_JS), lang), int(page.evaluate(WIDTH_JS))
    finally:
        ctx.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=1, help="times each page is opened (default 1)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    print("start:", load())
    tmp = Path(tempfile.mkdtemp(prefix="bench-pages-"))
    ready: list[float] = []
    words: Counter[str] = Counter()
    where: dict[str, set[str]] = {}
    sideways: list[str] = []
    with streamlit_server(tmp, {"WHIST_TUTOR_DB": str(tmp / "progress.db")}) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        one_page(browser, base, "learn", "en", 1280)  # the server's first run is not a visitor's figure
        for _ in range(args.rounds):
            for spec in available_pages():
                for lang in ("en", "ru"):
                    for width in (1280, 360):
                        ms, bad, over = one_page(browser, base, spec.key, lang, width)
                        ready.append(ms)
                        words.update(bad)
                        for w in bad:
                            where.setdefault(w, set()).add(f"{spec.key}/{lang}/{width}")
                        if over > 0:
                            sideways.append(f"{spec.key}/{lang}/{width}: {over} px")
                        print(f"{spec.key:9} {lang} {width:4} px  ready {ms:6.0f} ms  foreign {len(bad):2}  "
                              f"sideways {over} px", flush=True)
        browser.close()
    n = len(available_pages())
    print(f"\n{n} pages × en/ru × 1280/360 px × {args.rounds}: {len(ready)} page loads")
    print(f"foreign words: {sum(words.values())}" + "".join(f"\n  {w} ×{c}: {', '.join(sorted(where[w]))}"
                                                          for w, c in words.most_common()))
    print(f"sideways scroll: {len(sideways)}" + "".join(f"\n  {s}" for s in sideways))
    print(f"page ready: median {pct(ready, .5):.0f} ms, p95 {pct(ready, .95):.0f} ms, worst {max(ready):.0f} ms")
    print("end:", load())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
