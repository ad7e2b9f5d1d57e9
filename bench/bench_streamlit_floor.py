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
import os
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))
from bench_pages_locale import profile, ready_tab  # noqa: E402
from timing import load, pct  # noqa: E402

from e2e_server import CHROMIUM, LAUNCH_ARGS, free_port, streamlit_process  # noqa: E402
from tutor.i18n import t  # noqa: E402

BARE_APP = '''import streamlit as st

st.title("Floor")
st.write("A bare Streamlit page: a title, this line and a button.")
st.button("Press")
'''


def bare_server(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """Start the bare app in ``folder`` (no config of the tutor's) and wait until it is healthy."""
    (folder / "floor.py").write_text(BARE_APP, encoding="utf-8")
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", "floor.py", "--server.headless", "true", "--server.port",
         str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
        cwd=folder, env=dict(os.environ, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as r:
                if r.status == 200:
                    return proc, base
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("the bare Streamlit app did not start")
        time.sleep(0.3)


def one_tab(ctx: Any, url: str, heading: str) -> tuple[float, float]:
    """Open ``url`` in a new tab of ``ctx``: its ready time and the tab's busy time (ms)."""
    page, ms, busy = ready_tab(ctx, url, heading)
    page.close()
    return ms, busy


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tabs", type=int, default=20, help="tabs of each app at each width (default 20)")
    args = ap.parse_args()
    if args.tabs < 1:
        ap.error("--tabs must be at least 1")
    from playwright.sync_api import sync_playwright

    print("start:", load())
    tmp = Path(tempfile.mkdtemp(prefix="bench-floor-"))
    proc, bare = bare_server(tmp)
    apps = {"bare Streamlit": (bare, "Floor"), "tutor Learn": (None, t("nav.learn", "en"))}
    ready: dict[str, list[float]] = {name: [] for name in apps}
    busy: dict[str, list[float]] = {name: [] for name in apps}
    try:
        with streamlit_process(tmp, {"WHIST_TUTOR_DB": str(tmp / "progress.db")}) as tutor, \
                sync_playwright() as pw:
            urls = {"bare Streamlit": bare, "tutor Learn": f"{tutor.base}?lang=en"}
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
            for width in (1280, 360):
                ctx = profile(browser, "en", width)
                for name, (_, heading) in apps.items():
                    one_tab(ctx, urls[name], heading)  # the first visit fills the cache: not counted
                for _ in range(args.tabs):
                    for name, (_, heading) in apps.items():
                        ms, tab = one_tab(ctx, urls[name], heading)
                        ready[name].append(ms)
                        busy[name].append(tab)
                ctx.close()
            browser.close()
    finally:
        proc.kill()
        proc.wait()
    for name in apps:
        r, b = ready[name], busy[name]
        print(f"{name:14}: {len(r)} tabs at 1280/360 px, ready median {pct(r, .5):.0f} ms, p95 {pct(r, .95):.0f} ms, "
              f"worst {max(r):.0f} ms; browser busy median {pct(b, .5):.0f} ms, p95 {pct(b, .95):.0f} ms")
    print("end:", load())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
