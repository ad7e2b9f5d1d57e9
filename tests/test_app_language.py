"""AppTest: the language on a first visit follows the browser's locale; the sidebar pick wins after.

A "reload" is a NEW AppTest given the previous run's URL query parameters (all a browser keeps).
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from test_app_drafts import reload
from test_app_pages import APP, app_env, open_page  # noqa: F401 - the fixture is used by name
from tutor.i18n import t


def test_first_visit_language_follows_the_browser_locale(app_env):  # noqa: F811
    """No choice made yet: ru-RU and uk-UA browsers get Russian (the seeds are Russian and
    Ukrainian, 000/002), de-DE gets English (design.md "App pages": language switch en/ru)."""
    for locale, lang in (("ru-RU", "ru"), ("uk-UA", "ru"), ("de-DE", "en"), ("en-GB", "en")):
        at = AppTest.from_file(APP, default_timeout=60)
        at.context["locale"] = locale
        at.run()
        assert at.session_state["lang"] == lang, locale
        assert at.title[0].value == t("nav.learn", lang), locale


def test_sidebar_language_wins_over_the_locale_afterwards(app_env):  # noqa: F811
    """A Russian browser switched to English stays English: on later runs, on other pages, and
    after a reload (the pick is kept in the URL)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.context["locale"] = "ru-RU"
    at.run()
    assert at.title[0].value == t("nav.learn", "ru")
    at.sidebar.selectbox(key="lang").select("en").run()
    assert at.title[0].value == t("nav.learn", "en")
    at.run()
    open_page(at, "puzzles")
    assert at.title[0].value == t("nav.puzzles", "en")
    assert at.query_params.get("lang") == "en"
    again = reload(at, lang=None, locale="ru-RU")
    assert again.session_state["lang"] == "en"
    assert again.title[0].value == t("nav.learn", "en")


def test_locale_alone_is_not_written_into_the_url(app_env):  # noqa: F811
    """Until the learner picks, the URL carries no language, so a shared link follows the reader's locale."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.context["locale"] = "ru-RU"
    at.run()
    assert "lang" not in at.query_params
