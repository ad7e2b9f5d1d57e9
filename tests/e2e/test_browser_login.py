"""End-to-end: logging in on a club's server (``WHIST_TUTOR_AUTH=required``) in a real Chromium.

A wrong password is refused with one clear message and, after repeated failures, throttled (the
right password too, until the lock ends); the right password logs in; a teacher opens the Classes
page and reads the grid; a learner cannot open the Workshop (nor read the problem reports) and
sees no class's results. Navigation is by the sidebar's links, as a user does: a new URL would be a
new session, logged out.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from appkit import write_content  # noqa: E402
from e2e_server import CHROMIUM, streamlit_server  # noqa: E402
from tutor.accounts import FREE_FAILURES  # noqa: E402
from tutor.i18n import t  # noqa: E402
from tutor.progress import ProgressStore, Role  # noqa: E402

ARTIFACTS = ROOT / "tests" / "artifacts"
PW = "correct horse battery"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Chromium is not installed at /usr/bin/chromium"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[str]:
    """A server that requires logins, with a teacher, his class 5B (Ann in it, homework set,
    Ann's wrong try), a learner Bob outside it, and a problem report of Ann's."""
    tmp = tmp_path_factory.mktemp("e2e-login")
    content = write_content(tmp / "content")
    db = tmp / "progress.db"
    store = ProgressStore(db)
    teacher, ann, bob, cara = (store.learner(n) for n in ("Teach", "Ann", "Bob", "Cara"))
    for who in (teacher, ann, bob, cara):
        store.set_password(who.id, PW)
    store.set_role(teacher.id, Role.TEACHER)
    cls = store.create_class("5B", teacher.id)
    store.join_class(cls.code, ann.id)
    store.assign(cls.id, ["king-fourth-lead"])
    store.record_attempt(ann.id, "king-fourth-lead", "puzzle", themes=["opening-lead"], correct=False,
                         ts=datetime(2026, 11, 29, tzinfo=UTC))
    store.report_problem("king-fourth-lead", "secret note of Ann", learner_id=ann.id)
    store.close()
    env = {"WHIST_TUTOR_CONTENT_DIR": str(content), "WHIST_TUTOR_DB": str(db), "WHIST_TUTOR_SAMPLES": "4",
           "WHIST_TUTOR_AUTH": "required"}
    with streamlit_server(tmp, env) as base:
        yield base


def _settle(page) -> None:
    """Wait until the script run has finished (no skeletons, no "running" widget)."""
    page.wait_for_function(
        "() => !document.querySelector(\"[data-testid='stSkeleton']\")"
        " && !document.querySelector(\"[data-testid='stStatusWidget'] button\")"
    )
    page.wait_for_timeout(300)


def _start(browser, base: str):
    context = browser.new_context(locale="en-US", viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(base)
    page.wait_for_selector("[data-testid='stApp']")
    page.get_by_role("heading", name=t("nav.learn", "en")).first.wait_for()
    _settle(page)
    return context, page


def _login(page, name: str, password: str) -> None:
    """Type the name and the password in the sidebar (each committed with Enter) and click Log in."""
    side = page.locator("[data-testid='stSidebar']")
    box = side.get_by_label(t("app.learner", "en"), exact=True)
    box.fill(name)
    box.press("Enter")
    _settle(page)
    pw = side.get_by_label(t("account.password", "en"), exact=True)
    pw.fill(password)
    pw.press("Enter")
    _settle(page)
    side.get_by_role("button", name=t("account.login", "en"), exact=True).click()
    _settle(page)


def _go(page, key: str, *, heading: bool = True) -> None:
    """Open a page by its sidebar link (the same session, still logged in); a page refused to
    a learner has no heading, only the refusal."""
    title = t(f"nav.{key}", "en")
    page.locator("[data-testid='stSidebarNav'] a", has_text=title).first.click()
    page.wait_for_url(re.compile(rf"/{key}(\?|$)"))
    if heading:
        page.get_by_role("heading", name=title).first.wait_for()
    _settle(page)


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def test_a_wrong_password_is_refused_then_throttled_even_for_the_right_one(server, browser):
    context, page = _start(browser, server)
    try:
        side = page.locator("[data-testid='stSidebar']")
        _login(page, "Cara", "not my password")
        side.get_by_text(t("account.wrong", "en")).wait_for()
        assert side.get_by_text(t("account.logged_in", "en", name="Cara")).count() == 0
        for _ in range(FREE_FAILURES - 1):
            _login(page, "Cara", "not my password")
        _login(page, "Cara", PW)  # right, but too soon after the failures
        try:
            side.get_by_text("Too many wrong passwords").wait_for()
        except Exception:
            _shot(page, "login-throttle-failed.png")
            raise
        assert side.get_by_text(t("account.logged_in", "en", name="Cara")).count() == 0
        assert page.locator("[data-testid='stException']").count() == 0
        _shot(page, "login-throttled-en.png")
    finally:
        context.close()


def test_the_right_password_logs_a_teacher_in_and_he_opens_his_class(server, browser):
    context, page = _start(browser, server)
    try:
        _login(page, "Teach", PW)
        page.locator("[data-testid='stSidebar']").get_by_text(
            t("account.logged_in", "en", name="Teach")).wait_for()
        _go(page, "classes")
        page.get_by_text(t("classes.code", "en", code="").replace("**", "").strip()).first.wait_for()
        grid = page.locator("[data-testid='stDataFrame']").last
        grid.wait_for()
        page.get_by_test_id("stDownloadButton").get_by_text(t("classes.csv", "en")).wait_for()
        assert page.locator("[data-testid='stException']").count() == 0
        _shot(page, "login-teacher-classes-en.png")
        _go(page, "workshop")
        assert page.get_by_text(t("account.teachers_only", "en")).count() == 0
        page.get_by_text(t("workshop.editor", "en")).first.wait_for()
    finally:
        context.close()


def test_a_learner_cannot_open_the_teachers_pages(server, browser):
    context, page = _start(browser, server)
    try:
        _login(page, "Bob", PW)
        page.locator("[data-testid='stSidebar']").get_by_text(t("account.logged_in", "en", name="Bob")).wait_for()
        _go(page, "workshop", heading=False)
        page.get_by_text(t("account.teachers_only", "en")).wait_for()
        assert page.get_by_text("secret note of Ann").count() == 0
        assert page.locator("textarea").count() == 0  # no editor
        _shot(page, "login-learner-workshop-en.png")
        _go(page, "classes")
        page.get_by_text(t("classes.join", "en")).first.wait_for()
        assert page.get_by_text(t("classes.mine", "en")).count() == 0
        assert page.locator("[data-testid='stDataFrame']").count() == 0
        assert page.get_by_text("Ann").count() == 0 and page.get_by_text("5B").count() == 0
        assert page.locator("[data-testid='stException']").count() == 0
        _shot(page, "login-learner-classes-en.png")
    finally:
        context.close()
