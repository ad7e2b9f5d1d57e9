"""Streamlit's own floor for a page opened in a new tab (issue 24, "page ready p95 < 1 s"): a
bare Streamlit app -- a title, a line of text and a button -- timed exactly as
``bench_pages_locale.py`` times the tutor's pages, beside the tutor's Learn page in the same
browser and on the same machine, so the two figures share their load.

    PYTHONPATH=. .venv/bin/python bench/bench_streamlit_floor.py [--tabs 20]

Each of the two servers (the bare app from a temporary folder, the tutor's ``app.py`` on the
shipped content and a throwaway store) is opened ``--tabs`` times at 1280 and at 360 px, the tabs
of the two interleaved, each a new tab of a browser profile that has opened it before (HTTP cache
and compiled scripts kept). **Ready** is from ``goto`` to the page's heading shown and Streamlit's
run over; **browser busy** is the tab's main thread at work until then (Chromium's
``TaskDuration``). What a bare app takes is what any Streamlit page costs a new tab on this
machine: Streamlit's scripts started anew, its websocket opened, the first run's elements drawn.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
from bench_pages_locale import profile, ready_tab  # noqa: E402
from timing import load, spread  # noqa: E402

from e2e_server import CHROMIUM, LAUNCH_ARGS, streamlit_process  # noqa: E402
from tutor.i18n import t  # noqa: E402

BARE_APP = """import streamlit as st

st.title("Floor")
st.write("A bare Streamlit page: a title, this line and a button.")
st.button("Press")
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tabs", type=int, default=20, help="tabs of each app at each width (default 20)")
    args = ap.parse_args()
    if args.tabs < 1:
        ap.error("--tabs must be at least 1")
    from playwright.sync_api import sync_playwright

    print("start:", load())
    tmp = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    bare_dir, tutor_dir = tmp / "bare", tmp / "tutor"
    bare_dir.mkdir()
    tutor_dir.mkdir()
    (bare_dir / "floor.py").write_text(BARE_APP, encoding="utf-8")
    ready: dict[str, list[float]] = {}
    busy: dict[str, list[float]] = {}
    with streamlit_process(bare_dir, {}, script=bare_dir / "floor.py") as bare, \
            streamlit_process(tutor_dir, {"WHIST_TUTOR_DB": str(tutor_dir / "progress.db")}) as tutor, \
            sync_playwright() as pw:
        pages = {"bare Streamlit": (bare.base, "Floor"), "tutor Learn": (f"{tutor.base}?lang=en", t("nav.learn", "en"))}
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for width in (1280, 360):
            ctx = profile(browser, "en", width)
            for rounds, counted in ((1, False), (args.tabs, True)):  # the first visit fills the cache
                for _ in range(rounds):
                    for name, (url, heading) in pages.items():
                        with ready_tab(ctx, url, heading) as (_, ms, tab):
                            if counted:
                                ready.setdefault(name, []).append(ms)
                                busy.setdefault(name, []).append(tab)
            ctx.close()
        browser.close()
    for name, values in ready.items():
        print(f"{name:14}: {len(values)} tabs at 1280/360 px, ready {spread(values)}; browser busy {spread(busy[name])}")
    print("end:", load())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
