"""One end-to-end flow in a real Chromium: open the Play page, play a whole deal by clicking the
legal cards, and see the review and the score sheet (000 «Масти и взятки» 1: only legal cards
are offered; «Правила записи»: the deal is written on the sheet).

The app is started with ``streamlit run app.py`` on a free port (tests/e2e/e2e_server.py) and the
page opened at ``/play``; the browser is Debian's chromium (never ``playwright install``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e_server import CHROMIUM, LAUNCH_ARGS, streamlit_server  # noqa: E402

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The real app over the shipped content, with a database of its own."""
    tmp = tmp_path_factory.mktemp("play")
    with streamlit_server(tmp, {"WHIST_TUTOR_DB": str(tmp / "progress.db")}) as base:
        yield base


def test_play_a_whole_deal_in_the_browser(server):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            page = browser.new_page()
            page.goto(f"{server}/play")
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
