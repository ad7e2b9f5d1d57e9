"""One end-to-end flow in a real Chromium: open the Play page, play a whole deal by clicking the
legal cards, and see the review and the score sheet (000 «Масти и взятки» 1: only legal cards
are offered; «Правила записи»: the deal is written on the sheet).

The server is started on a free port with ``streamlit run`` on a one-line entry calling the page and polled on
``/_stcore/health``; the browser is Debian's chromium (never ``playwright install``).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[2]



def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed at /usr/bin/chromium")
    # A one-line entry script outside tutor/ui, so Streamlit does not read tutor/ui/pages/ as
    # the pages of a multipage app; the page is the same module the app navigates to.
    entry = tmp_path_factory.mktemp("play") / "play_app.py"
    entry.write_text("from tutor.ui.play_page import render\nrender()\n", encoding="utf-8")
    port = _free_port()
    env = dict(os.environ, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false")
    log_path = entry.with_name("server.log")
    log = log_path.open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(entry), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false"],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("streamlit did not start:\n" + log_path.read_text())
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_play_a_whole_deal_in_the_browser(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            page = browser.new_page()
            page.goto(server)
            page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
            page.get_by_text("Play a deal").first.wait_for(timeout=60_000)
            # The trump card lies by the dealer on the drawn table.
            page.locator(".wt-table").first.wait_for(timeout=60_000)
            cards = page.locator("div[class*='st-key-play-card-']")
            for _ in range(13):
                page.locator("div[class*='st-key-play-card-'], :text('Deal over')").first.wait_for(timeout=60_000)
                if page.get_by_text("Deal over").count():
                    break
                box = cards.first
                key = next(c for c in (box.get_attribute("class") or "").split() if c.startswith("st-key-play-card-"))
                box.locator("button").click()
                # the card leaves the hand once the click is handled (and the robots have answered)
                page.locator(f"div.{key}").wait_for(state="detached", timeout=60_000)
            page.get_by_text("Deal over").first.wait_for(timeout=60_000)
            page.get_by_text("Review of the deal").first.wait_for(timeout=60_000)
            assert page.locator("table.wt-sheet").count() >= 1
        finally:
            browser.close()
