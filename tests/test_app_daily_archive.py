"""The Daily page (issue 26, points 4 and 5), under AppTest: the title from the situation, never the
holding; the archive of past dailies (pick a day, solve it, see what you did that day); the stars
the learners' ratings give on the Puzzles page; a link that opens one puzzle; the Workshop's list of
flagged puzzles with their reasons, links and "checked"."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from sqlalchemy import insert

from appkit import MORE_LEADS, db, open_page, open_tab, start
from tutor.content.daily import plan
from tutor.content.headline import headline
from tutor.content.loader import load_paths
from tutor.i18n import t
from tutor.locale_fmt import day as format_day
from tutor.progress.standings import MIN_TRIES
from tutor.storage import models as T
from tutor.ui import daily, state
from tutor.ui.puzzles import PUZZLE_PARAM
from tutor.ui.puzzles import SCOPE as PUZZLES
from tutor.ui.ratings import _standings


@pytest.fixture
def course(app_env):
    (app_env / "content" / "puzzles" / "more.yaml").write_text(MORE_LEADS, encoding="utf-8")
    _standings.clear()
    return app_env


def _pool(env):
    return [p.item for p in load_paths([env / "content" / "puzzles"]).puzzles]


def _card(day: date, puzzle_id: str, card: str) -> str:
    return state.widget_key(daily.SCOPE, f"{day.isoformat()}:{puzzle_id}", f"card-{card}")


def _pick(at, day: date):
    """Pick ``day`` in the archive as a learner does: its month, then its day of the month."""
    at.selectbox(key=daily.MONTH_KEY).set_value(day.year * 12 + day.month - 1).run()
    return at.selectbox(key=daily.DATE_KEY).set_value(day.day).run()


def _shown_day(at) -> date:
    year, index = divmod(at.selectbox(key=daily.MONTH_KEY).value, 12)
    return date(year, index + 1, at.selectbox(key=daily.DATE_KEY).value)


def _text(at) -> str:
    return " ".join([*(m.value for m in at.markdown), *(c.value for c in at.caption), *(i.value for i in at.info)])


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.slow(reason="1.3 s: the archive page over every shipped daily (CI runs it)")
def test_the_title_is_the_situation_never_the_holding(course, lang):
    """«Туз и король наверху» gave the idea away (issue 26): the heading says the trick, the trumps
    and the turned-up card; the puzzle's own title and its themes stay hidden until it is answered."""
    today = date.today()
    puzzle = plan(_pool(course), today).puzzle
    at = start(lang, learner="Ann")
    open_page(at, "daily")
    assert not at.exception
    assert f"### {headline(puzzle, lang)}" in [m.value for m in at.markdown]
    shown = _text(at)
    assert puzzle.title[lang] not in shown and "King" not in shown and "Корол" not in shown
    assert t("puzzles.themes", lang) not in shown
    at.button(key=_card(today, puzzle.id, "S2")).click().run()
    assert t("puzzles.themes", lang) in _text(at)


def test_a_past_day_is_picked_solved_and_said_what_was_done_that_day(course):
    """The archive: yesterday's puzzle, which Ann solved yesterday; the day before's, which she never
    tried. Solving a past day's puzzle now is a rated puzzle, not a daily: the streak stays."""
    today = date.today()
    yesterday, before = today - timedelta(days=1), today - timedelta(days=2)
    pool = _pool(course)
    store = db(course)
    ann = store.learner("Ann")
    at = start("en", learner="Ann")
    open_page(at, "daily")  # serving today keeps every day up to it
    kept = {r.day: r.item_id for r in store.daily_rows()}
    assert kept[today] == plan(pool, today).puzzle.id and kept[yesterday] == plan(pool, yesterday).puzzle.id
    store.record_attempt(ann.id, kept[yesterday], "daily", correct=True, day=yesterday, difficulty=2)
    _pick(at, yesterday)
    assert not at.exception
    info = " ".join(i.value for i in at.info)
    assert t("daily.archive_of", "en", day=format_day(yesterday, "en", "long")) in info
    assert t("daily.then_solved", "en") in info
    _pick(at, before)
    assert t("daily.then_none", "en") in " ".join(i.value for i in at.info)
    at.button(key=_card(before, kept[before], "S2")).click().run()
    assert not at.exception and at.success[0].value.startswith("Right")
    last = store.attempts(ann.id)[-1]
    assert (last.item_id, last.kind) == (kept[before], "puzzle")
    assert store.streak(ann.id, today) == 1  # yesterday's daily, not today's archive answer
    at.button(key=state.DAILY_TODAY).click().run()
    assert _shown_day(at) == today and not any(
        t("daily.then_none", "en") in i.value for i in at.info)


def test_the_archive_in_russian_and_without_a_name(course):
    yesterday = date.today() - timedelta(days=1)
    at = start("ru")
    open_page(at, "daily")
    _pick(at, yesterday)
    info = " ".join(i.value for i in at.info)
    assert t("daily.archive_of", "ru", day=format_day(yesterday, "ru", "long")) in info
    assert t("daily.then_unknown", "ru") in info
    assert at.selectbox(key=daily.MONTH_KEY).label == t("daily.archive_month", "ru")
    assert t("daily.archive", "ru") in [c.value.split(" · ")[0] for c in at.caption]


def test_a_day_before_the_first_daily_or_after_today_cannot_be_picked(course):
    """The months run from the first daily's to this one; this month's days end today, the first
    month's begin on the first daily; the 31st picked, then a 30-day month, is its 30th."""
    today = date.today()
    at = start("en")
    open_page(at, "daily")
    months = at.selectbox(key=daily.MONTH_KEY).options
    assert months[0] == today.strftime("%B %Y") and months[-1] == daily.EPOCH.strftime("%B %Y")
    days = at.selectbox(key=daily.DATE_KEY).options
    assert len(days) == today.day and days[0] == today.strftime("%-d %B, %A")
    _pick(at, date(2025, 1, 31))
    at.selectbox(key=daily.MONTH_KEY).set_value(2025 * 12 + 3).run()  # April: 30 days
    assert _shown_day(at) == date(2025, 4, 30) and not at.exception


def test_the_archive_names_months_and_days_in_russian(course):
    """Every word of the archive's boxes in the page's language (issue 24 point 4: the date
    picker's calendar said "year", "month", "day", "Choose date" on a Russian page)."""
    at = start("ru")
    open_page(at, "daily")
    _pick(at, date(2025, 3, 8))
    assert at.selectbox(key=daily.MONTH_KEY).value == 2025 * 12 + 2
    assert "Март 2025" in at.selectbox(key=daily.MONTH_KEY).options
    assert "8 марта, суббота" in at.selectbox(key=daily.DATE_KEY).options


def _rate(store, item_id: str, rating: float) -> None:
    """As if MIN_TRIES learners had tried ``item_id`` and left it at ``rating``."""
    with store.db.write() as conn:
        conn.execute(insert(T.item_ratings).values(item_id=item_id, rating=rating, rd=90.0, vol=0.06, games=MIN_TRIES,
                                                   themes="[]"))


def test_the_puzzles_page_shows_and_filters_by_the_stars_the_ratings_give(course):
    """The author said one star; learners' first tries rate it at 1900: five stars, said so, and
    the difficulty filter finds it among the fives."""
    _rate(db(course), "king-fourth-lead", 1900.0)
    at = start("en", learner="Ann")
    open_page(at, "puzzles")
    at.selectbox(key=state.PUZZLE).set_value("king-fourth-lead").run()
    assert t("puzzles.level_rated", "en", n=5) in [c.value for c in at.caption]
    at.multiselect(key=state.PUZZLE_LEVELS).set_value([5]).run()
    assert at.selectbox(key=state.PUZZLE).options[0].endswith("★★★★★")
    assert len(at.selectbox(key=state.PUZZLE).options) == 1


def test_a_link_opens_one_puzzle(course):
    at = start("en")
    at.query_params[PUZZLE_PARAM] = "lead-b"
    open_page(at, "puzzles")
    assert at.selectbox(key=state.PUZZLE).value == "lead-b"
    assert PUZZLE_PARAM not in at.query_params


def test_the_next_puzzle_passes_over_a_flagged_one(course):
    """A puzzle flagged for a teacher is not handed out as the next one."""
    store = db(course)
    ann = store.learner("Ann")
    store.report_problem("lead-a", "the answer looks wrong", ann.id)
    store.report_problem("lead-c", "the answer looks wrong", ann.id)
    at = start("en", learner="Ann")
    open_page(at, "puzzles")
    at.selectbox(key=state.PUZZLE).set_value("king-fourth-lead").run()
    at.button(key=state.widget_key(PUZZLES, "king-fourth-lead", "card-S2")).click().run()
    at.button(key=state.PUZZLE_NEXT).click().run()
    assert at.selectbox(key=state.PUZZLE).value == "lead-b"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_workshop_lists_flagged_puzzles_with_reasons_and_links(course, lang):
    store = db(course)
    ann = store.learner("Ann")
    store.report_problem("lead-b", "two cards are right", ann.id)
    at = start(lang, learner="Ann")
    open_page(at, "workshop")
    open_tab(at, state.WORKSHOP_TAB, t("workshop.tab_flags", lang))
    assert not at.exception
    links = list(at.get("page_link"))
    assert [link.proto.label for link in links if "lead-b" in link.proto.label] == [
        "Снова король сам-четвёрт (b) (lead-b)" if lang == "ru" else "King fourth again (b) (lead-b)"]
    assert any(t("workshop.flag_reports", lang, n=1, note="two cards are right") in m.value for m in at.markdown)
    at.button(key=state.WORKSHOP_FLAG_CHECK + "lead-b").click().run()
    assert store.flags() == [] and t("workshop.no_flags", lang) in [c.value for c in at.caption]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_library_without_lead_problems_is_said_in_the_learners_language(app_env, lang):
    from appkit import PUZZLES

    legal_only = "puzzles:\n  - id: follow-hearts" + PUZZLES.split("  - id: follow-hearts")[1]
    (app_env / "content" / "puzzles" / "basics.yaml").write_text(legal_only, encoding="utf-8")
    at = start(lang)
    open_page(at, "daily")
    assert not at.exception
    assert [i.value for i in at.info] == [t("daily.none", lang, error=t("daily.error_no_leads", lang))]


def test_a_picker_left_on_today_follows_the_next_day(course, monkeypatch):
    """A page left open over midnight: the picker said today, so it moves to the new today; a past
    day the learner picked stays picked."""
    from tutor.ui import daily as page

    today = date.today()
    at = start("en")
    open_page(at, "daily")
    assert _shown_day(at) == today
    tomorrow = today + timedelta(days=1)
    monkeypatch.setattr(page, "learner_date", lambda: tomorrow)
    at.run()
    assert _shown_day(at) == tomorrow
    _pick(at, today)
    monkeypatch.setattr(page, "learner_date", lambda: tomorrow + timedelta(days=1))
    at.run()
    assert _shown_day(at) == today
