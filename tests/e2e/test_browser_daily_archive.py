"""Issue 26 in a real Chromium: the archive of past dailies on a desktop (English) and on a 360×740
phone (Russian) -- a past day picked by its month and day, its puzzle titled by the situation, what the
learner did that day, the puzzle solved with a click -- and the page fits the phone's width.

The app is started with ``streamlit run app.py`` over the fixed course and three more lead
problems (tests/appkit.py); the browser is Debian's chromium (never ``playwright install``).
Screenshots go to ``tests/artifacts/``.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from appkit import MORE_LEADS, write_content  # noqa: E402
from e2e_server import CHROMIUM, choose_option, settled, streamlit_server  # noqa: E402
from tutor.content.daily import plan  # noqa: E402
from tutor.content.headline import headline  # noqa: E402
from tutor.content.loader import load_paths  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.locale_fmt import day as format_day  # noqa: E402

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]

ARTIFACTS = ROOT / "tests" / "artifacts"
#: The archive: a month box and a day box (st.date_input's calendar spoke English, issue 24).
ARCHIVE = ".st-key-daily_month, .st-key-daily_date, .st-key-daily_today"
MONTH, DAY = ".st-key-daily_month", ".st-key-daily_date"
#: The archive's words and screen-reader names, as the bench reads a page (bench/bench_pages_locale.py).
WORDS_JS = """(sel) => [...document.querySelectorAll(sel)].flatMap(box => {
  // Material icons are ligature names ("today"), hidden from screen readers: not words
  const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT), text = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode())
    if (!n.parentElement.closest("[data-testid='stIconMaterial']")) text.push(n.nodeValue);
  return [...text, ...[...box.querySelectorAll('[aria-label],[placeholder],[title]')].flatMap(
     e => ['aria-label', 'placeholder', 'title'].map(a => e.getAttribute(a) || ''))]; }).join(' ')"""
#: The archive's controls a finger taps: their height and width in CSS px.
CONTROLS_JS = """(sel) => [...document.querySelectorAll(sel)].flatMap(box =>
  [...box.querySelectorAll("[data-testid='stSelectbox'] [role='group'], [data-testid^='stBaseButton']")]
   .filter(e => e.offsetParent !== null)).map(e => { const r = e.getBoundingClientRect();
     return [e.tagName, Math.round(r.width), Math.round(r.height)]; })"""


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("daily-archive")
    content = write_content(tmp / "content")
    (content / "puzzles" / "more.yaml").write_text(MORE_LEADS, encoding="utf-8")
    env = {"WHIST_TUTOR_CONTENT_DIR": str(content), "WHIST_TUTOR_DB": str(tmp / "progress.db"),
           "WHIST_TUTOR_SAMPLES": "4", "WHIST_TUTOR_WARM": "0"}
    with streamlit_server(tmp, env) as base:
        yield base, content


def _box(page, key: str):
    return page.locator(f"{key} input").first


def _picked(page) -> tuple[str, str]:
    """What the month and the day boxes show."""
    return _box(page, MONTH).input_value(), _box(page, DAY).input_value()


def _month_name(day: date, lang: str) -> str:
    text = format_day(day, lang, "LLLL y")
    return text[:1].upper() + text[1:]


def _pick_day(page, day: date, lang: str) -> None:
    """The month, then the day of it, chosen from the boxes' lists as a learner taps them."""
    _box(page, MONTH).wait_for(timeout=60_000)
    if _picked(page)[0] != _month_name(day, lang):
        choose_option(page, _box(page, MONTH), _month_name(day, lang))
        settled(page)
    choose_option(page, _box(page, DAY), format_day(day, lang, "d MMMM, EEEE"))
    settled(page)
    assert _picked(page) == (_month_name(day, lang), format_day(day, lang, "d MMMM, EEEE"))


def _archive(page, base: str, content: Path, lang: str, name: str) -> None:
    two_days_ago = date.today() - timedelta(days=2)
    pool = [p.item for p in load_paths([content / "puzzles"]).puzzles]
    puzzle = plan(pool, two_days_ago).puzzle
    page.goto(f"{base}/daily?lang={lang}")
    page.wait_for_selector("[data-testid='stApp']", timeout=60_000)
    page.get_by_role("heading", name=t("nav.daily", lang)).first.wait_for(timeout=60_000)
    settled(page)
    _pick_day(page, two_days_ago, lang)
    page.get_by_text(t("daily.archive_of", lang, day=format_day(two_days_ago, lang, "long"))).wait_for(timeout=60_000)
    page.get_by_role("heading", name=headline(puzzle, lang)).wait_for()
    assert page.get_by_text(puzzle.title[lang]).count() == 0  # the holding is not named
    page.get_by_role("button", name=t("daily.archive_today", lang)).wait_for()
    two = "двойка пик" if lang == "ru" else "two of spades"
    page.get_by_role("button", name=two, exact=True).click()
    page.get_by_text("Верно: ♠2" if lang == "ru" else "Right: ♠2").wait_for(timeout=60_000)
    settled(page)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def test_a_past_daily_is_picked_and_solved_on_a_desktop(course, browser):
    base, content = course
    context = browser.new_context(locale="en-US", viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        _archive(page, base, content, "en", "daily-archive-en.png")
        page.get_by_role("button", name=t("daily.archive_today", "en")).click()
        settled(page)
        page.get_by_role("button", name=t("daily.archive_today", "en")).wait_for(state="hidden")
        assert _picked(page) == (_month_name(date.today(), "en"), format_day(date.today(), "en", "d MMMM, EEEE"))
    finally:
        context.close()


def test_a_past_daily_is_picked_and_solved_on_a_phone_in_russian(course, browser):
    """360 px: the picker, the heading and the hand are within the screen's width (nothing scrolls
    sideways)."""
    base, content = course
    context = browser.new_context(locale="ru-RU", viewport={"width": 360, "height": 740}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        _archive(page, base, content, "ru", "daily-archive-phone-ru.png")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 360, f"the page is {width} px wide on a 360-px phone"
        for key in (MONTH, DAY):
            box = page.locator(key).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        # every word of the archive in Russian: the date picker's calendar said "year", "month",
        # "day" and "Choose date" (bench/bench_pages_locale.py counted 5 English words)
        latin = re.findall(r"[A-Za-z][A-Za-z_'-]*", page.evaluate(WORDS_JS, ARCHIVE))
        assert latin == [], f"English in the Russian archive: {latin}"
        # and every control a finger taps at least 40 px each way (issue 24 point 3)
        small = [c for c in page.evaluate(CONTROLS_JS, ARCHIVE) if min(c[1], c[2]) < 40]
        assert small == [], f"controls under 40 px: {small}"
    finally:
        context.close()
