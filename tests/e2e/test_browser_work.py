"""Issue 24 "Must show" (real Chromium, a 360 × 740 phone in Russian): a learner does two lessons,
the daily puzzle and a puzzle without a name, then names himself -- and the Progress page shows
all of it, the daily streak counting the day.

Before (walkthrough defect 1): after two lessons, the daily and three puzzles, the name «Маша»
showed «Пройдено уроков 0/15», «Всего ответов 0» and a streak of 0 -- an answer was recorded only
if a name was set when it was given. The browser's work is now kept in the store from the first
click and becomes the learner's (``tutor/progress/browsers.py``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(HERE))
from appkit import LESSON, PUZZLES, write_content  # noqa: E402
from e2e_server import CHROMIUM, open_phone_menu, settled, streamlit_server  # noqa: E402
from tutor.cards import parse_card  # noqa: E402
from tutor.content.daily import plan  # noqa: E402
from tutor.content.loader import parse_text  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.render import card_name  # noqa: E402

ARTIFACTS = ROOT / "tests" / "artifacts"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]

#: The card that answers each puzzle of the course (a lead, and a legal card of the suit led).
ANSWER = {"king-fourth-lead": "S2", "follow-hearts": "HQ"}


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Iterator[tuple[str, str, str]]:
    """Two lessons and two puzzles; the puzzle that is not today's daily is first on the Puzzles
    page. Yields the server's URL, the daily's id and the other puzzle's id."""
    tmp = tmp_path_factory.mktemp("browser-work")
    content = write_content(tmp / "content")
    (content / "lessons" / "02-second.yaml").write_text(
        LESSON.replace("id: first-lead", "id: second-lead").replace("order: 1", "order: 2")
        .replace('"The first lead"', '"The first lead again"').replace('"Первый ход"', '"Снова первый ход"'),
        encoding="utf-8")
    puzzles = [p.item for p in parse_text(PUZZLES).puzzles]
    daily = plan(puzzles, datetime.now(UTC).date()).puzzle.id
    before, mark, after = PUZZLES.partition("  - id: follow-hearts")
    lead, hearts = before.removeprefix("puzzles:\n"), mark + after
    other = "follow-hearts" if daily == "king-fourth-lead" else "king-fourth-lead"
    first, second = (hearts, lead) if other == "follow-hearts" else (lead, hearts)
    (content / "puzzles" / "basics.yaml").write_text("puzzles:\n" + first + second, encoding="utf-8")
    env = {"WHIST_TUTOR_CONTENT_DIR": str(content), "WHIST_TUTOR_DB": str(tmp / "progress.db"),
           "WHIST_TUTOR_SAMPLES": "4", "WHIST_TUTOR_WARM": "0"}
    with streamlit_server(tmp, env) as base:
        yield base, daily, other


def _card(page, card: str) -> None:
    page.get_by_role("button", name=card_name(parse_card(card), "ru"), exact=True).first.click()


def _menu(page, title_key: str) -> None:
    """Open the phone's menu and choose a page in it (the way a learner changes page)."""
    open_phone_menu(page)
    page.locator("[data-testid='stSidebarNavLink']", has_text=t(title_key, "ru")).tap()
    page.locator("h1", has_text=t(title_key, "ru")).first.wait_for(timeout=60_000)
    settled(page)


def test_work_done_before_naming_shows_on_progress_once_named(course, browser):
    base, daily, other = course
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  locale="ru-RU", timezone_id="UTC")
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{base}/?lang=ru")
        page.locator("h1", has_text=t("nav.learn", "ru")).first.wait_for()
        settled(page)
        for _lesson in range(2):  # lesson 1, then "next lesson", lesson 2: each answered right
            _card(page, "S2")
            page.get_by_text(t("learn.lesson_done", "ru")).first.wait_for()
            settled(page)
            if _lesson == 0:  # said once: kept for this browser, and how it becomes hers ("in the menu")
                page.get_by_text(t("feedback.no_learner", "ru")).first.wait_for()
                page.get_by_role("button", name=t("learn.next", "ru", title="Снова первый ход")).click()
                page.get_by_role("heading", name="Снова первый ход").first.wait_for()
                settled(page)
        _menu(page, "nav.daily")
        _card(page, ANSWER[daily])
        page.get_by_text("Верно", exact=False).first.wait_for()
        settled(page)
        _menu(page, "nav.puzzles")
        _card(page, ANSWER[other])
        page.get_by_text("Верно", exact=False).first.wait_for()
        settled(page)

        open_phone_menu(page)
        name = page.locator("[data-testid='stSidebar'] [data-testid='stTextInput'] input").first
        name.wait_for()
        name.fill("Миша")
        name.press("Enter")
        what = "4 ответа, 2 пройденных урока и 1 день ежедневной задачи"
        page.get_by_text(t("browser.gained", "ru", what=what)).first.wait_for()
        settled(page)
        _menu(page, "nav.progress")  # the menu closed once the name was typed: open it again
        page.get_by_text(t("progress.of", "ru", name="Миша")).first.wait_for()
        settled(page)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "browser_work_progress_named.png"), full_page=True)
        metrics = dict(page.locator("[data-testid='stMetric']").evaluate_all(
            "ms => ms.map(m => [m.querySelector(\"[data-testid='stMetricLabel']\").innerText.trim(),"
            " m.querySelector(\"[data-testid='stMetricValue']\").innerText.trim()])"))
        assert metrics[t("progress.streak", "ru")] == "1", metrics  # the streak counts the day
        assert metrics[t("progress.lessons_done", "ru")] == "2/2", metrics
        assert metrics[t("progress.attempts", "ru")] == "4", metrics
        done = page.locator("[data-testid='stMarkdownContainer']", has_text="Снова первый ход").first
        assert done.count()
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
