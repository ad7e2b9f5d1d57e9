"""AppTest of every page of the Streamlit app, in both languages, over a small fixed course.

The content is written to a temporary folder (``WHIST_TUTOR_CONTENT_DIR``) and progress goes to a
temporary database (``WHIST_TUTOR_DB``), so these tests depend neither on the course being
written in parallel nor on the user's own progress file.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from appkit import APP, open_page, open_tab, start, write_content
from tutor.i18n import t
from tutor.ui import state
from tutor.ui.nav import available_pages

PAGE_KEYS = [p.key for p in available_pages() if p.key != "play"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_page_renders_in_both_languages(app_env, lang):
    """Each page runs without an exception and is titled in the chosen language (design.md "App pages")."""
    at = start(lang, learner="Ann")
    assert not at.exception
    for key in PAGE_KEYS:
        open_page(at, key)
        assert not at.exception, (key, [e.value for e in at.exception])
        assert at.title[0].value == t(f"nav.{key}", lang), key


def test_language_switch_translates_labels_and_content(app_env):
    """The sidebar switch changes page titles and the puzzle's own texts."""
    at = start("en")
    open_page(at, "puzzles")
    assert at.title[0].value == "Puzzles"
    at.sidebar.button(key="lang_switch_ru").click().run()
    assert at.title[0].value == "Задачи"
    assert "ru" == at.session_state["lang"]
    assert any("Король сам-четвёрт" in str(o) for o in at.selectbox(key="puzzle").options)


def test_default_language_without_a_locale_is_english(app_env):
    """No choice made and no locale sent by the browser: the app speaks English (i18n.DEFAULT_LANG);
    the locale cases are in test_app_drafts (anchors: st.context.locale)."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert at.session_state["lang"] == "en"
    assert at.title[0].value == t("nav.learn", "en")


def test_broken_content_file_is_shown_with_line_and_rest_served(app_env, tmp_path):
    """A broken puzzle file shows its file:line problems; the other puzzles are still served."""
    write_content(tmp_path / "content", broken=True)
    at = start("en")
    open_page(at, "puzzles")
    assert not at.exception
    errors = " ".join(e.value for e in at.error)
    assert "zz-broken.yaml:5" in errors and "difficulty" in errors
    assert any(o.endswith(". King fourth · ★") for o in at.selectbox(key="puzzle").options)


@pytest.mark.parametrize("page", ["learn", "puzzles", "daily"])
def test_every_content_page_has_one_header_its_title_then_the_broken_files(app_env, tmp_path, page):
    """Learn, Puzzles and Daily share one head (``library.content_page``): the page's title, then
    the broken file's problems in an error box."""
    write_content(tmp_path / "content", broken=True)
    at = start("en")
    open_page(at, page)
    assert not at.exception
    assert at.title[0].value == t(f"nav.{page}", "en")
    assert t("content.broken", "en") in at.error[0].value and "zz-broken.yaml:5" in at.error[0].value


def test_maxims_page_shows_source_quote_and_puzzles(app_env):
    """Each maxim shows its source quote in the original language and the puzzles citing it (000 LST 3)."""
    at = start("en")
    open_page(at, "maxims")
    at.text_input(key="maxims_query").input("king-third").run()
    text = " ".join(m.value for m in at.markdown) + " ".join(c.value for c in at.caption)
    assert "Имея короля сам-третей" in text
    assert "King fourth" in text and "king-fourth-lead" not in text  # puzzles by title, not id


@pytest.mark.parametrize("lang, expected", [
    ("en", "+0.16 tricks against the cards it rules out (±0.03), 1,240 positions"),
    ("ru", "+0,16 взятки против карт, которые правило отвергает (±0,03), 1\u00a0240 позиций"),
])
def test_maxims_page_shows_rule_figure_beside_source(app_env, monkeypatch, lang, expected):
    """Each card-play maxim shows its double-dummy figure beside its source, in words and with its n,
    no id on screen (issue 10 point 5; 000 LST 3 for the maxim shown)."""
    import json

    from tutor.conventions.figures import RuleFigure

    study = app_env / "study"
    study.mkdir()
    figs = [RuleFigure("russian", "king-third-lead-small", 1240, (0.16, 0.03), (0.1, 0.02), 0.92),
            RuleFigure("russian", "ace-small-lead-small", 1000, (-0.09, 0.02), (-0.2, 0.03), 0.8)]
    (study / "2026-02-01_0.1.0-test.json").write_text(json.dumps(
        {"schema": 1, "engine": {"version": "0.1.0"}, "rules": [f.as_json() for f in figs]}), encoding="utf-8")
    (study / "notes.yaml").write_text(
        "ace-small-lead-small: {en: Its value is information to partner., ru: Её ценность — сведения для партнёра.}\n",
        encoding="utf-8")
    monkeypatch.setenv("WHIST_TUTOR_STUDY_DIR", str(study))
    at = start(lang)
    open_page(at, "maxims")
    at.text_input(key="maxims_query").input("king-third" if lang == "en" else "Король сам-третей").run()
    captions = [c.value for c in at.caption]
    lines = [c for c in captions if expected in c]
    assert lines and all("king-third" not in c for c in lines), captions
    at.text_input(key="maxims_query").input("ace-small").run()
    costs = " ".join(c.value for c in at.caption)
    assert ("Costs 0.09 tricks double-dummy" in costs and "information to partner" in costs) if lang == "en" \
        else ("стоит 0,09 взятки" in costs and "сведения для партнёра" in costs)


def test_rules_page_calculates_honours_of_the_demo_deal(app_env):
    """Russian rules: A, K (North) and J (South) of hearts are three honours = 2 points (000 REC 3)."""
    at = start("en")
    open_page(at, "rules")
    open_tab(at, state.RULES_TAB, t("rules.tab_honours", "en"))
    tables = [tb.value for tb in at.table]
    honours = next(tb for tb in tables if "Honours held" in tb.columns)
    assert list(honours["Honours held"]) == [3, 2] and list(honours["Points"]) == [2, 0]


def test_rules_page_random_deal_is_seeded(app_env):
    """A random deal from a seed is the same deal every time (Deal.random)."""
    at = start("en")
    open_page(at, "rules")
    open_tab(at, state.RULES_TAB, t("rules.tab_honours", "en"))
    at.number_input(key="rules_deal_seed").set_value(7).run()
    at.button(key="rules_random").click().run()
    first = at.text_input(key="rules_deal_pbn").value
    # the button must deal (not leave the demo deal), and deal the seed's own deal, every time
    from tutor.deal import Deal
    from tutor.ui.rules import DEMO_PBN

    assert first != DEMO_PBN
    assert first == Deal.random(7, dealer="E").pbn()
    at.button(key="rules_random").click().run()
    assert at.text_input(key="rules_deal_pbn").value == first
    assert not at.exception and not at.error


def test_rules_page_draws_only_the_open_tab(app_env):
    """A new tab of the browser waits for one tab's widgets (issue 24, page ready): the rules are
    shown first, the calculators' boxes only once their tab is opened."""
    at = start("en")
    open_page(at, "rules")
    assert at.main.table and not at.main.text_input and not at.main.number_input  # the rules, no calculator
    open_tab(at, state.RULES_TAB, t("rules.tab_honours", "en"))
    assert at.text_input(key=state.RULES_DEAL_PBN).value and not at.exception


def test_rules_score_tab_scores_the_deal_typed_in_the_honours_tab(app_env):
    """The Score tab scores the Honours tab's deal, which it does not draw; the deal and the tricks
    are still in their boxes after another page (000 REC 3: honours above the line, tricks below)."""
    from tutor.deal import Deal
    from tutor.rulesets import find_ruleset
    from tutor.seats import Side
    from tutor.ui.rules import DEMO_PBN, score_on_sheet, sheet_html

    at = start("en")
    open_page(at, "rules")
    open_tab(at, state.RULES_TAB, t("rules.tab_honours", "en"))
    at.number_input(key=state.RULES_DEAL_SEED).set_value(7).run()
    at.button(key=state.RULES_RANDOM).click().run()
    open_tab(at, state.RULES_TAB, t("rules.tab_score", "en"))
    at.number_input(key=state.RULES_TRICKS).set_value(9).run()
    deal, rs = Deal.random(7, dealer="E"), find_ruleset("russian")
    result, sheet = score_on_sheet(deal, 9, rs)
    demo = score_on_sheet(Deal.from_pbn(DEMO_PBN, dealer="E", trump_card="H9"), 9, rs)[1]
    shown = [h.proto.body for h in at.main.get("html") if "wt-sheet" in h.proto.body]
    # this deal's sheet (its coronka above the line), not the demo deal's
    assert shown == [sheet_html(sheet, "en")] and sheet_html(demo, "en") != shown[0]
    assert [m.value for m in at.metric] == [str(result.below[Side.NS]), str(result.below[Side.EW])]
    open_page(at, "play")
    open_page(at, "rules")
    open_tab(at, state.RULES_TAB, t("rules.tab_score", "en"))
    assert at.number_input(key=state.RULES_TRICKS).value == 9
    open_tab(at, state.RULES_TAB, t("rules.tab_honours", "en"))
    assert at.text_input(key=state.RULES_DEAL_PBN).value == deal.pbn() and not at.exception


@pytest.mark.parametrize("lang, label, words", [
    ("en", "Where it applies", "three trumps or fewer"),
    ("ru", "Где действует", "с трёх козырей или меньше"),
])
def test_maxims_page_states_scope_and_exceptions(app_env, lang, label, words):
    """A maxim is shown with its scope and exceptions, as a strong player reads it (issue 10 point 1:
    000 HNT 13 is the rule for three trumps or fewer, led because one must), and without its id."""
    at = start(lang)
    open_page(at, "maxims")
    at.text_input(key="maxims_query").input("lead-highest-trump").run()
    captions = [c.value for c in at.caption]
    scope = [c for c in captions if c.startswith(label)]
    assert scope and words in scope[0], captions
    assert any(c.startswith("Exceptions" if lang == "en" else "Исключения") for c in captions)
    assert all(e.label != "" and "lead-highest-trump" not in e.label for e in at.expander)


def test_maxims_page_names_maxims_by_title_not_id(app_env):
    """The catalogue's exceptions cite other maxims by id; the page shows their titles (issue 12
    point 5: no slugs on screen) -- here A-x-x's exception names the ace-fifth rule."""
    at = start("en")
    open_page(at, "maxims")
    at.text_input(key="maxims_query").input("Ace with small").run()
    captions = " ".join(c.value for c in at.caption)
    assert "Ace and four or more small" in captions
    assert "ace-fifth-lead-ace" not in captions


def test_puzzle_picker_lists_a_stretch_of_a_long_list(app_env, monkeypatch):
    """The picker lists at most PICKER_WINDOW puzzles, the stretch around the one on screen (the
    whole library's 2,250 labels were 0.27 s of a new tab, issue 24), and says which stretch; it
    moves with the puzzle on screen."""
    from tutor.ui import puzzles
    from tutor.ui.library import library

    at = start("en")
    open_page(at, "puzzles")
    ids = list(at.selectbox(key="puzzle").options)  # the labels
    assert len(ids) == 2  # the course's two puzzles the page offers
    second = [p.id for p in puzzles.filter_puzzles(library().puzzles, [], [])][1]
    monkeypatch.setattr(puzzles, "PICKER_WINDOW", 1)
    at.run()
    picker = at.selectbox(key="puzzle")
    assert list(picker.options) == ids[:1]
    assert t("puzzles.window", "en", first=1, last=1, n=2) in [c.value for c in at.caption]
    at.query_params["puzzle"] = second  # a homework link opens it, as "Next puzzle" would
    at.run()
    assert list(at.selectbox(key="puzzle").options) == ids[1:]
    assert t("puzzles.window", "en", first=2, last=2, n=2) in [c.value for c in at.caption]
    monkeypatch.setattr(puzzles, "PICKER_WINDOW", 200)
    at.run()
    assert list(at.selectbox(key="puzzle").options) == ids
    assert not [c for c in at.caption if c.value.startswith("Listed:")]
