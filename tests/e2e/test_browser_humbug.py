"""Humbug (002) on the Play page in a real Chromium: the game chosen in the settings, the pile kept
or changed by a click, then 13 tricks of two cards clicked through to the sheet.

The app is started with ``streamlit run app.py`` on a free port (tests/e2e/e2e_server.py); the
browser is Debian's chromium (never ``playwright install``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tutor.i18n import t

sys.path.insert(0, str(Path(__file__).resolve().parent))
from e2e_server import ARTIFACTS, BROWSER_MARKS, PLAYABLE, app_with_fresh_store, choose_option
from e2e_server import settled as _settled

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with app_with_fresh_store(tmp_path_factory.mktemp("humbug")) as base:
        yield base


def test_humbug_chosen_kept_or_changed_and_played_to_the_sheet(server, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.goto(f"{server}/play")
        page.get_by_text("Play a deal").first.wait_for(timeout=60_000)
        page.get_by_text("Settings").first.click()
        game = page.locator("[data-testid='stSelectbox']").filter(has_text="Game").locator("input").first
        choose_option(page, game, "Humbug (whist for two, no dummies)")
        _settled(page)
        page.get_by_role("button", name="New session").click()
        _settled(page)
        page.get_by_role("button", name="Take the pile on my right").click()
        _settled(page)
        page.get_by_text("You took the pile on your right.").first.wait_for(timeout=60_000)
        for _ in range(13):
            page.locator(f"{PLAYABLE}, :text('Deal over')").first.wait_for(timeout=60_000)
            if page.get_by_text("Deal over").count():
                break
            page.locator(PLAYABLE).first.click()
            _settled(page)
        page.get_by_text("Deal over").first.wait_for(timeout=60_000)
        page.get_by_role("heading", name="Tricks of the deal").wait_for(timeout=60_000)
        # the sheet's heading as the page says it (play.sheet: "The rubber so far" since defect 23)
        page.get_by_role("heading", name=t("play.sheet", "en")).wait_for(timeout=60_000)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "humbug-en.png"), full_page=True)
    finally:
        page.close()
