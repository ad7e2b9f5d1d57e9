"""End-to-end (real Chromium): a card click reruns only the answer area, and the puzzle flow around
it (next puzzle, "why not this card") still works -- what AppTest, which always runs the whole
script, cannot show (issue 12, points 2 and 6)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from appkit import write_content  # noqa: E402
from e2e_server import CHROMIUM, streamlit_server  # noqa: E402

ARTIFACTS = ROOT / "tests" / "artifacts"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]

#: Counts the times the page heading (outside the answer's fragment) is marked stale: Streamlit
#: marks every element stale while a whole-page run redraws it, and none outside a fragment run.
WATCH_HEADING = """() => {
  window.__stale = 0;
  const box = document.querySelector("[data-testid='stHeading']").closest("[data-testid='stElementContainer']");
  new MutationObserver(ms => { for (const m of ms) { if (m.target.getAttribute('data-stale') === 'true') window.__stale++; } })
    .observe(box, {attributes: true, attributeFilter: ['data-stale']});
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("e2e-feedback")
    content = write_content(tmp / "content")
    env = {"WHIST_TUTOR_CONTENT_DIR": str(content), "WHIST_TUTOR_DB": str(tmp / "progress.db"),
           "WHIST_TUTOR_SAMPLES": "4"}
    with streamlit_server(tmp, env) as base:
        yield base


def _puzzles(browser, server: str):
    context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{server}/puzzles")
    page.wait_for_selector("[data-testid='stApp']")
    page.get_by_role("heading", name="Puzzles").first.wait_for()
    page.get_by_role("button", name="queen of hearts", exact=True).wait_for()
    page.wait_for_timeout(500)
    return context, page


def test_a_card_click_reruns_only_the_answer_area(server, browser):
    """The answer area is an st.fragment: the page heading is not redrawn by a card click."""
    context, page = _puzzles(browser, server)
    try:
        page.evaluate(WATCH_HEADING)
        page.get_by_role("button", name="queen of hearts", exact=True).click()
        page.get_by_text("Right: ♥Q").first.wait_for()
        page.wait_for_timeout(500)
        assert page.evaluate("() => window.__stale") == 0
    finally:
        context.close()


def test_next_puzzle_works_from_inside_the_answer_area(server, browser):
    """"Next puzzle" (a button inside the fragment) opens the next puzzle, which is then answered
    with its feedback, its themes named only once solved ("why not this card" keeping the puzzle
    is in test_app_feedback: AppTest sets a selectbox more reliably than a click can)."""
    context, page = _puzzles(browser, server)
    try:
        page.get_by_role("button", name="queen of hearts", exact=True).click()
        page.get_by_role("button", name="Next puzzle").click()
        page.get_by_role("button", name="two of spades", exact=True).wait_for()
        picker = page.locator("[data-testid='stMain'] [data-testid='stSelectbox'] input").first
        assert "King fourth" in picker.input_value()
        assert page.get_by_text("King third").count() == 0  # the theme waits for the answer
        page.get_by_role("button", name="two of spades", exact=True).click()
        page.get_by_text("Right: ♠2").first.wait_for()
        page.get_by_text("Themes:").first.wait_for()
        assert "King fourth" in picker.input_value()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "puzzle-next-en.png"), full_page=True)
    finally:
        context.close()
