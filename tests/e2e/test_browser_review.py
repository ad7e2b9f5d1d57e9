"""The Review page in a real Chromium on a 360 px phone (issue 27): upload a played deal, step
through it, jump to the costliest card, make a puzzle of it.

The deal is tests/fixtures/review/robots-seed3.txt (four beginner robots, with the turned-up card,
so a puzzle can be made). The page draws the table and the first trick from the conventions' notes
and solves double-dummy after; the costliest moment it offers must be the one the review module
computes. The app is started with ``streamlit run app.py`` on a free port (tests/e2e/e2e_server.py);
the browser is Debian's chromium (never ``playwright install``).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e_server import CHROMIUM, streamlit_server
from e2e_server import settled as _settled

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]

RECORD = Path(__file__).resolve().parents[1] / "fixtures" / "review" / "robots-seed3.txt"
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("review")
    with streamlit_server(tmp, {"WHIST_TUTOR_DB": str(tmp / "progress.db")}) as base:
        yield base


def test_upload_step_jump_to_the_costliest_card_and_make_a_puzzle(server, browser):
    from tutor.deal_review import review_deal
    from tutor.played_deal import read_played_file

    worst = review_deal(read_played_file(RECORD)[0]).costliest()[0]
    page = browser.new_page(viewport={"width": 360, "height": 800})
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.goto(f"{server}/review")
        page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
        page.get_by_text("Review a deal").first.wait_for(timeout=60_000)
        page.get_by_text("Upload a file").first.click()
        page.locator("[data-testid='stFileUploader'] input[type='file']").set_input_files(str(RECORD))
        _settled(page)
        page.get_by_role("button", name="Review", exact=True).click()
        page.locator(".wt-table").first.wait_for(timeout=60_000)
        page.get_by_text("Card 4 of 52").wait_for(timeout=60_000)
        # the costly moments appear once the deal is solved double-dummy
        page.get_by_text("The costliest moments", exact=True).wait_for(timeout=60_000)
        _settled(page)
        page.get_by_role("button", name="Next card ▶").click()
        page.get_by_text("Card 5 of 52").wait_for(timeout=30_000)
        _settled(page)
        page.get_by_role("button", name="Next trick ▶▶").click()
        page.get_by_text("Card 8 of 52").wait_for(timeout=30_000)
        _settled(page)
        jump = page.get_by_role("button", name=f"(−{worst.cost})").first
        assert f"Trick {worst.trick}:" in jump.inner_text()
        jump.click()
        page.get_by_text(f"Card {worst.index + 1} of 52").wait_for(timeout=30_000)
        page.get_by_text(f"this card cost {worst.cost} trick(s)").wait_for(timeout=30_000)
        _settled(page)
        # a phone: nothing scrolls sideways
        widths = page.evaluate("""() => { const main = document.querySelector("[data-testid='stMain']") || document.body;
            return {doc: document.documentElement.scrollWidth, inner: innerWidth, main: main.scrollWidth,
                    mainClient: main.clientWidth}; }""")
        assert widths["doc"] <= widths["inner"] and widths["main"] <= widths["mainClient"], widths
        page.get_by_role("button", name="Make a puzzle of this card").click()
        page.get_by_text("The puzzle is proved").wait_for(timeout=60_000)
        code = page.locator("[data-testid='stCode']").first.inner_text()
        assert f"answer: {worst.advised}" in code and "question:" in code
        page.screenshot(path=str(ARTIFACTS / "review-360.png"), full_page=True)
    finally:
        page.close()
