"""The club evening of 003 on the Play page in a real Chromium: chosen in the settings with six
players, the draw card by card (the ace low), the four at the table, a card played, the evening's
table -- in English on a desktop and in Russian on a phone 360 px wide (nothing wider than the screen);
the app and the browser as every browser test has them (tests/e2e/e2e_server.py)."""

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
    with app_with_fresh_store(tmp_path_factory.mktemp("club")) as base:
        yield base


def _open_club(page, base: str, lang: str) -> None:
    page.goto(f"{base}/play?lang={lang}")
    page.get_by_text(t("play.title", lang)).first.wait_for(timeout=60_000)
    _settled(page)
    page.get_by_text(t("play.settings", lang)).first.click()
    game = page.locator("[data-testid='stSelectbox']").filter(has_text=t("play.variant", lang)).locator("input").first
    choose_option(page, game, t("club.title", lang))
    _settled(page)
    players = page.locator("[data-testid='stNumberInput']").filter(has_text=t("club.table.players", lang))
    box = players.locator("input").first
    box.fill("6")
    box.press("Enter")
    _settled(page)
    page.get_by_role("button", name=t("play.new_session", lang)).click()
    _settled(page)
    page.get_by_text(t("club.table.game_line", lang, game=1)).first.wait_for(timeout=60_000)


@pytest.mark.parametrize(("lang", "width"), [("en", 1280), ("ru", 360)])
def test_club_evening_chosen_drawn_and_played_on_desktop_and_phone(server, browser, lang, width):
    phone = width < 500
    page = browser.new_page(viewport={"width": width, "height": 900 if not phone else 740}, is_mobile=phone,
                            has_touch=phone, locale="ru-RU" if lang == "ru" else "en-GB")
    try:
        _open_club(page, server, lang)
        # the first draw: six cards over six names, the ace counted low
        drawn = page.locator(".wt-drawn").first
        drawn.wait_for(timeout=60_000)
        assert drawn.locator(".wt-face").count() == 6
        ARTIFACTS.mkdir(exist_ok=True)
        drawn.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"club-draw-{lang}-{width}.png"))
        page.get_by_text(t("club.table.table_draw", lang)).first.wait_for(timeout=60_000)
        page.get_by_role("heading", name=t("club.table.standings", lang)).wait_for(timeout=60_000)
        # the learner plays (seed 1: his card is among the four highest) or waits for the robots' game
        if page.get_by_text(t("club.table.you_wait", lang)).count():
            page.get_by_role("button", name=t("club.table.watch", lang)).click()
            _settled(page)
            page.get_by_text(t("club.table.game_line", lang, game=2)).first.wait_for(timeout=60_000)
        page.locator(PLAYABLE).first.wait_for(timeout=60_000)
        page.locator(PLAYABLE).first.click()
        _settled(page)
        page.locator(f"{PLAYABLE}, :text('{t('play.next_deal', lang)}')").first.wait_for(timeout=60_000)
        if phone:
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            rows = page.locator(".wt-drawn").first.bounding_box()
            assert rows is not None and rows["width"] <= width
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"club-{lang}-{width}.png"), full_page=True)
    finally:
        page.close()
