"""End-to-end: the real app in a real Chromium (Playwright), clicking through the main flows.

A ``streamlit run app.py`` server is started on a free port over a small fixed course
(``WHIST_TUTOR_CONTENT_DIR``) and a temporary database; each test waits for
``[data-testid='stApp']`` and the page's heading, clicks like a learner, and writes a screenshot
of every page in both languages under ``tests/artifacts/`` (git-ignored). The Russian pages are
opened by a browser whose locale is ru-RU, so the default language from the locale is tested too.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from appkit import PUZZLES, write_content  # noqa: E402
from e2e_server import CHROMIUM, streamlit_server  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.ui.nav import available_pages  # noqa: E402

ARTIFACTS = ROOT / "tests" / "artifacts"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    """A streamlit server over the fixed course; yields its base URL."""
    tmp = tmp_path_factory.mktemp("e2e")
    content = write_content(tmp / "content")
    # the daily pool holds the lead puzzle only, so the daily flow is the same on every date
    (content / "puzzles" / "basics.yaml").write_text(PUZZLES.split("  - id: follow-hearts")[0], encoding="utf-8")
    env = {"WHIST_TUTOR_CONTENT_DIR": str(content), "WHIST_TUTOR_DB": str(tmp / "progress.db"),
           "WHIST_TUTOR_SAMPLES": "6"}
    with streamlit_server(tmp, env) as base:
        yield base


def _page(browser, locale: str):
    context = browser.new_context(locale=locale, viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    return context, page


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def _settle(page) -> None:
    """Wait until the script run has finished: no skeletons, no "running" status widget.

    The page heading appears before the body is drawn; a screenshot or an exception check taken
    then would see placeholders only.
    """
    page.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stSkeleton']\")"
        " && !document.querySelector(\"[data-testid='stStatusWidget'] button\")"
    )
    page.wait_for_timeout(300)


def _open(page, base: str, key: str, lang: str) -> None:
    page.goto(f"{base}/{key}" if key != "learn" else base)
    page.wait_for_selector("[data-testid='stApp']")
    page.get_by_role("heading", name=t(f"nav.{key}", lang)).first.wait_for()


def test_daily_puzzle_is_solved_with_a_click(server, browser):
    """Click the right card of the daily puzzle: it is confirmed and the evidence chart appears."""
    context, page = _page(browser, "en-US")
    try:
        _open(page, server, "daily", "en")
        page.get_by_role("button", name="two of spades", exact=True).click()
        page.get_by_text("Right: ♠2").wait_for()
        page.get_by_role("heading", name="Double-dummy evidence").wait_for()
        # the evidence is a chart now (its table folded under it: tutor/ui/evidence_chart.py)
        page.locator("[data-testid='stVegaLiteChart'], [data-testid='stArrowVegaLiteChart']").first.wait_for()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "daily-solved-en.png"), full_page=True)
    finally:
        context.close()


def test_lesson_exercise_answered_in_russian(server, browser):
    """A ru-RU browser gets the Russian app; a wrong lead is refused ("not this card", where to
    look -- the rule's words would name the card), and answered right the lesson is done."""
    context, page = _page(browser, "ru-RU")
    try:
        _open(page, server, "learn", "ru")
        page.get_by_text("С королём и маленькими ходят с самой младшей").wait_for()
        page.get_by_role("button", name="король пик", exact=True).click()
        page.get_by_text("Подумайте:").first.wait_for()
        assert page.get_by_text("Имея короля сам-третей").count() == 0
        page.get_by_role("button", name="Ещё раз").click()
        # the rerun has finished when the feedback is gone
        page.get_by_text("Подумайте:").first.wait_for(state="hidden")
        page.get_by_role("button", name="двойка пик", exact=True).click()
        try:
            page.get_by_text("Урок пройден").wait_for()
        except Exception:
            _shot(page, "learn-failed-ru.png")
            raise
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "learn-done-ru.png"), full_page=True)
    finally:
        context.close()


def test_workshop_preview_follows_the_editor(server, browser):
    """The workshop previews the template puzzle, then reports a broken edit by line."""
    context, page = _page(browser, "en-US")
    try:
        _open(page, server, "workshop", "en")
        page.get_by_text("All good: 1 puzzle(s)").wait_for()
        page.get_by_role("heading", name="Preview").wait_for()
        page.get_by_role("button", name="king of spades", exact=True).wait_for()
        # by its label: the Import tab's PBN box is a textarea too, and may come first while a run redraws
        editor = page.get_by_label("Puzzle YAML", exact=True)
        editor.fill("puzzles:\n  - id: x\n    difficulty: 7\n")
        editor.press("Control+Enter")
        page.get_by_text("line 3").first.wait_for()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "workshop-error-en.png"), full_page=True)
    finally:
        context.close()


@pytest.mark.parametrize("locale, lang", [("en-US", "en"), ("ru-RU", "ru")])
def test_screenshot_of_every_page(server, browser, locale, lang):
    """Every page opens in a real browser in both languages, with no exception box."""
    context, page = _page(browser, locale)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        _open(page, server, "learn", lang)
        for spec in available_pages():
            title = t(spec.title_key, lang)
            page.locator("[data-testid='stSidebarNav'] a", has_text=title).first.click()
            try:
                page.get_by_role("heading", name=title).first.wait_for()
            except Exception:
                _shot(page, f"failed-{spec.key}-{lang}.png")
                raise
            _settle(page)
            assert page.locator("[data-testid='stException']").count() == 0, spec.key
            page.screenshot(path=str(ARTIFACTS / f"page-{spec.key}-{lang}.png"), full_page=True)
    finally:
        context.close()


def test_wrong_lead_keeps_the_answer_until_the_solution_is_asked(server, browser):
    """000 LST 3: a wrong lead is shown whole («♠К — не та карта…», the suit symbol not eaten as
    the alert's icon) without the right card; "Show the solution" then names ♠2."""
    context, page = _page(browser, "ru-RU")
    try:
        _open(page, server, "learn", "ru")
        page.get_by_role("button", name="король пик", exact=True).click()
        page.get_by_text("♠К — не та карта").wait_for()
        assert page.get_by_text("Правильно: ♠2").count() == 0
        page.get_by_role("button", name="Показать решение").click()
        try:
            page.get_by_text("Правильно: ♠2").first.wait_for()
        except Exception:
            _shot(page, "solution-failed-ru.png")
            raise
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "solution-shown-ru.png"), full_page=True)
    finally:
        context.close()


def test_a_page_opened_in_a_new_tab_connects_at_the_servers_base_first(server, browser):
    """Issue 24, page ready (tutor.page_base): a tab opened on /rules asked /rules/_stcore/health
    first, got a 404 and waited 40-110 ms before it asked /_stcore/health; the page now says where
    the server is, and a proxy's prefix (/whist/rules) is kept."""
    from tutor.page_base import base_script
    from tutor.ui.nav import PAGES

    context, page = _page(browser, "en-US")
    try:
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url.replace(server, "")) if "/_stcore/" in r.url else None)
        page.goto(f"{server}/rules?lang=en")
        page.get_by_role("heading", name=t("nav.rules", "en")).first.wait_for()
        assert page.evaluate("window.__streamlit.BACKEND_BASE_URL") == server + "/"
        assert "/_stcore/health" in asked and not [p for p in asked if p.startswith("/rules/")], asked
        # behind a proxy that adds /whist: the script keeps the prefix, less the page's name
        script = base_script(p.key for p in PAGES).decode()
        page.route("http://whist.test/**", lambda route: route.fulfill(
            content_type="text/html", body=f"<html><head>{script}</head><body></body></html>"))
        for path, base in (("/whist/rules", "http://whist.test/whist/"), ("/whist/", "http://whist.test/whist/"),
                           ("/", "http://whist.test/")):
            page.goto("http://whist.test" + path)
            assert page.evaluate("window.__streamlit.BACKEND_BASE_URL") == base, path
    finally:
        context.close()


def test_the_daily_page_loads_the_chart_code_before_the_answer(server, browser):
    """Issue 15, the first daily answer's evidence in under 1 s: the page loads Streamlit's chart
    code once it is drawn, while the learner reads the puzzle, without drawing a hidden chart
    (which made the page itself wait for that code, issue 24)."""
    context, page = _page(browser, "en-US")
    try:
        loaded: list[str] = []
        page.on("requestfinished", lambda r: loaded.append(r.url) if "ArrowVegaLiteChart" in r.url else None)
        page.goto(f"{server}/daily?lang=en")
        page.get_by_role("heading", name=t("nav.daily", "en")).first.wait_for()
        _settle(page)
        assert page.locator("[data-testid='stArrowVegaLiteChart'], [data-testid='stVegaLiteChart']").count() == 0
        page.wait_for_timeout(4000)  # the learner reads; nothing is clicked
        assert loaded, "the chart's code was not loaded before the answer"
    finally:
        context.close()
