"""AppTest: the language on a first visit follows the browser's locale; the sidebar pick wins after.

A "reload" is a NEW AppTest given the previous run's URL query parameters (all a browser keeps).
"""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from appkit import APP, open_page, reload
from tutor.i18n import t


def test_first_visit_language_follows_the_browser_locale(app_env):
    """No choice made yet: ru-RU and uk-UA browsers get Russian (the seeds are Russian and
    Ukrainian, 000/002), de-DE gets English (design.md "App pages": language switch en/ru)."""
    for locale, lang in (("ru-RU", "ru"), ("uk-UA", "ru"), ("de-DE", "en"), ("en-GB", "en")):
        at = AppTest.from_file(APP, default_timeout=60)
        at.context["locale"] = locale
        at.run()
        assert at.session_state["lang"] == lang, locale
        assert at.title[0].value == t("nav.learn", lang), locale


def test_sidebar_language_wins_over_the_locale_afterwards(app_env):
    """A Russian browser switched to English stays English: on later runs, on other pages, and
    after a reload (the pick is kept in the URL)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.context["locale"] = "ru-RU"
    at.run()
    assert at.title[0].value == t("nav.learn", "ru")
    at.sidebar.button(key="lang_switch_en").click().run()
    assert at.title[0].value == t("nav.learn", "en")
    at.run()
    open_page(at, "puzzles")
    assert at.title[0].value == t("nav.puzzles", "en")
    assert at.query_params.get("lang") == "en"
    again = reload(at, lang=None, locale="ru-RU")
    assert again.session_state["lang"] == "en"
    assert again.title[0].value == t("nav.learn", "en")


def test_locale_alone_is_not_written_into_the_url(app_env):
    """Until the learner picks, the URL carries no language, so a shared link follows the reader's locale."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.context["locale"] = "ru-RU"
    at.run()
    assert "lang" not in at.query_params


# ------------------------------------------------------------------------------------------------
# The evidence chart (issue 12, point 6): each candidate card, mean tricks with an error bar, the
# maxim's card marked, axes titled in the page's language.

import json  # noqa: E402

import pytest  # noqa: E402

from appkit import PUZZLES  # noqa: E402
from tutor.ui.evidence_chart import Z, chart_rows, evidence_chart  # noqa: E402

_DATA = {"samples": 100, "comparison": {"advice": "S2"},
         "leads": [{"card": "S2", "mean": 6.41, "stderr": 0.05, "delta_vs_best": 0.0},
                   {"card": "SK", "mean": 6.10, "stderr": 0.06, "delta_vs_best": -0.31},
                   {"card": "HQ", "mean": 5.90, "stderr": 0.07, "delta_vs_best": -0.51}]}


def _lead_only(app_env):
    content = app_env / "content"
    (content / "puzzles" / "basics.yaml").write_text(PUZZLES.split("  - id: follow-hearts")[0], encoding="utf-8")


def _charts(at):
    out = []

    def walk(node):
        if getattr(node, "type", "") in ("vega_lite_chart", "arrow_vega_lite_chart"):
            out.append(json.loads(node.proto.spec))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return out


def test_evidence_rows_carry_an_error_bar_and_mark_the_maxims_card():
    rows = chart_rows(_DATA, "ru")
    assert [r["card"] for r in rows] == ["♠2", "♠К", "♥Д"]  # the page's rank letters, best first
    assert rows[1]["low"] == pytest.approx(6.10 - Z * 0.06) and rows[1]["high"] == pytest.approx(6.10 + Z * 0.06)
    assert [r["conventional"] for r in rows] == [True, False, False]
    assert rows[0]["kind"] == t("chart.conventional", "ru") != rows[1]["kind"]


def test_evidence_axis_fits_the_data_and_is_titled_in_the_page_language():
    """Bars from zero made tenths of a trick invisible: the axis now spans the error bars only."""
    for lang in ("en", "ru"):
        spec = evidence_chart(_DATA, lang)
        x = spec["layer"][1]["encoding"]["x"]
        assert x["title"] == t("chart.mean_tricks", lang)
        assert x["scale"]["zero"] is False
        lo, hi = x["scale"]["domain"]
        assert 5.5 < lo < 5.76 and 6.51 < hi < 7
        assert spec["layer"][0]["mark"]["type"] == "rule" and spec["layer"][0]["encoding"]["x2"]["field"] == "high"
        assert spec["layer"][1]["encoding"]["y"]["title"] == t("chart.card", lang)
        # marked by shape as well as colour, with a word in the legend
        assert spec["layer"][1]["encoding"]["shape"]["scale"]["range"][0] != spec["layer"][1]["encoding"]["shape"]["scale"]["range"][1]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_daily_evidence_is_drawn_as_a_readable_chart(app_env, lang):
    """Solve the daily lead: the chart shows each card in the page's language, the axis titled
    in it, and the maxim's card marked (before: st.bar_chart with a bare "Mean" axis from zero)."""
    _lead_only(app_env)
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    open_page(at, "daily")
    from tutor.cards import parse_card
    from tutor.render import card_name

    next(b for b in at.button if b.label == card_name(parse_card("S2"), lang)).click().run()
    assert not at.exception
    charts = [c for c in _charts(at) if "layer" in c]  # not the page's hidden, empty prefetch chart
    assert len(charts) == 1
    text = json.dumps(charts[0], ensure_ascii=False)
    assert t("chart.mean_tricks", lang) in text and t("chart.card", lang) in text
    assert t("chart.conventional", lang) in text
    assert charts[0]["layer"][1]["encoding"]["y"]["field"] == "card"  # one row per card (rows: chart_rows)


# ------------------------------------------------------------------------------------------------
# The progress chart (issue 12, point 6): accuracy by theme over time, weak themes highlighted,
# the axis a percentage titled in the page's language (before: a bar chart with an "index" axis).

from datetime import UTC, date, datetime  # noqa: E402

from tutor.content.models import theme_label  # noqa: E402
from tutor.progress import Attempt  # noqa: E402
from tutor.ui.progress_page import WEAK_PCT, theme_timeline  # noqa: E402


def _attempt(n, item, themes, correct, day, kind="puzzle"):
    return Attempt(id=n, learner_id=1, item_id=item, kind=kind, themes=themes, correct=correct, hints_used=0,
                   score=float(correct), answer="S2", ts=datetime(2026, 11, day, 12, n, tzinfo=UTC),
                   day=date(2026, 11, day))


def test_timeline_is_cumulative_first_try_accuracy_per_theme_and_day():
    attempts = [_attempt(1, "a", ("opening-lead",), True, 1), _attempt(2, "b", ("opening-lead",), False, 2),
                _attempt(3, "b", ("opening-lead",), True, 2),  # a retry: not counted
                _attempt(4, "c", ("laws",), True, 2), _attempt(5, "d", ("opening-lead",), False, 3),
                _attempt(6, "e", ("laws",), False, 3, kind="lesson")]  # lessons are not in the chart
    rows = theme_timeline(attempts, "en")
    lead = [(r["day"], r["accuracy"]) for r in rows if r["theme"] == theme_label("opening-lead", "en")]
    assert lead == [("2026-11-01", 100), ("2026-11-02", 50), ("2026-11-03", 33)]
    assert {r["weak"] for r in rows if r["theme"] == theme_label("opening-lead", "en")} == {True}
    assert {r["weak"] for r in rows if r["theme"] == theme_label("laws", "en")} == {False}
    assert all(r["kind"] == t("chart.weak", "en", pct=WEAK_PCT) for r in rows if r["weak"])


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_progress_chart_shows_accuracy_over_time_in_the_page_language(app_env, lang):
    from tutor.progress import ProgressStore, default_db_path

    db = ProgressStore(str(default_db_path()))
    ann = db.learner("Ann")
    db.record_attempt(ann.id, "king-fourth-lead", "puzzle", themes=("opening-lead", "king-third"), correct=False,
                      hints_used=0, score=0.0, answer="SK")
    db.record_attempt(ann.id, "follow-hearts", "puzzle", themes=("following-suit",), correct=True,
                      hints_used=0, score=1.0, answer="HQ")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = lang
    at.session_state["learner"] = "Ann"
    at.run()
    open_page(at, "progress")
    assert not at.exception
    # the accuracy chart (the page also draws the rating's course since issue 14)
    (spec,) = [s for s in _charts(at) if t("chart.accuracy", lang) in json.dumps(s, ensure_ascii=False)]
    enc = spec["layer"][0]["encoding"]
    # a day is a step of the axis, written in the page's language (defect 7: seconds, no date)
    assert enc["x"]["type"] == "ordinal" and enc["x"]["title"] == t("chart.date", lang)
    assert enc["y"]["title"] == t("chart.accuracy", lang) and enc["y"]["scale"]["domain"] == [0, 100]
    assert enc["color"]["title"] == t("chart.theme", lang)
    assert t("chart.weak", lang, pct=WEAK_PCT) in json.dumps(spec, ensure_ascii=False)


def test_maxims_page_builds_a_maxim_only_when_opened(app_env):
    """A page switch to Maxims no longer builds the whole catalogue (~1000 elements, seconds in a
    browser): closed maxims are headers only; opening one (or a search finding a few) shows it."""
    from tutor.conventions.catalogue import load_catalogue
    from tutor.ui.maxims import FIRST_SHOWN, open_key

    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    at.run()
    open_page(at, "maxims")
    assert len(at.expander) == FIRST_SHOWN < len(load_catalogue())
    assert len(at.caption) < 10  # the intro, the count and the sidebar: no maxim body
    at.session_state[open_key("king-third-lead-small")] = True
    at.run()
    assert any("Имея короля сам-третей" in m.value for m in at.markdown)


def test_maxims_page_lists_the_rest_on_a_click(app_env):
    """A new tab lists the first maxims (each is a widget to draw, issue 24 page ready); "Show the
    other N" lists the whole catalogue, and a new filter starts from the first again."""
    from tutor.conventions.catalogue import load_catalogue
    from tutor.ui.maxims import FIRST_SHOWN

    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    at.run()
    open_page(at, "maxims")
    total = len(load_catalogue())
    more = at.button(key="maxims_more")
    assert more.label == t("maxims.show_rest", "en", n=total - FIRST_SHOWN)
    more.click().run()
    assert len(at.expander) == total
    assert not [b for b in at.button if b.key == "maxims_more"]
    assert t("maxims.count", "en", shown=total, total=total) in [c.value for c in at.main.caption]
    at.selectbox(key="maxims_category").select("lead-card").run()
    found = [m for m in load_catalogue() if m.category == "lead-card"]
    assert len(at.expander) == min(FIRST_SHOWN, len(found))


def test_daily_evidence_is_ready_before_the_first_answer(app_env):
    """The server computes today's daily evidence in the background on its first run, so the
    first answer of the day does not wait 5-9 s for the simulation (issue 12, timings)."""
    from datetime import datetime

    from tutor.ui import daily, shell

    _lead_only(app_env)
    shell._WARMED.clear()
    daily._EVIDENCE.clear()
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()  # the first run starts the warm-up (its thread lives in this process)
    thread = next((th for th in __import__("threading").enumerate() if th.name == "warm-daily-evidence"), None)
    if thread is not None:
        thread.join(60)
    from tutor.content.daily import plan as daily_plan
    from tutor.ui.library import library

    today = daily_plan(library().puzzles, datetime.now(UTC).date()).puzzle
    # the daily page's own arguments (tutor/ui/daily.show_evidence): found there without solving
    assert any(key[0] == today.hand and key[7] == daily.EVIDENCE_SEED for key in daily._EVIDENCE)


def test_every_card_keeps_its_label_on_the_evidence_axis():
    """13 cards: none of the labels is dropped as overlapping (the phone walk showed every other one)."""
    leads = [{"card": c, "mean": 6.0 - i * 0.01, "stderr": 0.3, "delta_vs_best": 0.0}
             for i, c in enumerate(["S2", "S4", "S7", "SK", "H3", "H8", "HQ", "D3", "D6", "DJ", "C5", "C6", "C9"])]
    spec = evidence_chart({"samples": 6, "leads": leads, "comparison": {"advice": "S2"}}, "en")
    assert spec["layer"][0]["encoding"]["y"]["axis"]["labelOverlap"] is False
    assert spec["height"] >= 13 * 24
