"""AppTest: nothing a user writes is lost -- the workshop's YAML, its PBN box, a report's note.

A "reload" is a NEW AppTest on the same database: the session (and every widget value) is gone,
only the URL's query parameters (the anonymous browser key, a picked language) and the database
remain -- exactly what a browser keeps over a reload.
"""

from __future__ import annotations

import sqlite3

from appkit import db, open_page, open_tab, reload, report_note, start
from tutor.i18n import t
from tutor.progress import ProgressStore
from tutor.ui import state
from tutor.ui.drafts import BROWSER_PARAM
from tutor.ui.workshop import TEMPLATE

MINE = TEMPLATE.replace("my-first-puzzle", "teachers-own-puzzle").replace("East deals, ♦7 turned up", "Teacher's own lead")
EDITOR = "workshop_text"
PBN = ('[Board "1"]\n[Dealer "E"]\n'
       '[Deal "N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75"]\n')


def test_workshop_text_comes_back_after_a_reload(app_env):
    """The teacher's YAML is autosaved under this browser's key and restored in a new session."""
    at = start("en")
    open_page(at, "workshop")
    key = at.query_params.get(BROWSER_PARAM)
    assert key and len(key) >= 8
    at.text_area(key=EDITOR).input(MINE).run()
    assert any(c.value.startswith("Saved at") and "Ctrl+Enter" in c.value for c in at.caption)
    again = open_page(reload(at), "workshop")
    assert not again.exception
    assert again.text_area(key=EDITOR).value == MINE
    assert again.query_params.get(BROWSER_PARAM) == key
    # the restored puzzle is previewed, as before the reload
    assert [b for b in again.button if b.key and b.key.startswith("w:workshop:teachers-own-puzzle:card-")]


def test_another_browser_starts_from_the_template(app_env):
    """Anonymous drafts belong to one browser: a browser without the key sees the template."""
    at = start("en")
    open_page(at, "workshop")
    at.text_area(key=EDITOR).input(MINE).run()
    other = open_page(start("en"), "workshop")
    assert other.text_area(key=EDITOR).value == TEMPLATE
    assert other.query_params.get(BROWSER_PARAM) != at.query_params.get(BROWSER_PARAM)


def test_learners_draft_follows_them_to_another_browser(app_env):
    """With a name in the sidebar the draft is also the learner's: another browser finds it."""
    at = start("en", learner="Ann")
    open_page(at, "workshop")
    at.text_area(key=EDITOR).input(MINE).run()
    elsewhere = open_page(start("en", learner="ann"), "workshop")
    assert elsewhere.text_area(key=EDITOR).value == MINE


def test_opening_pages_saves_nothing(app_env):
    """Only a change is saved: visiting the workshop and a puzzle writes no draft."""
    at = start("en", learner="Ann")
    open_page(at, "workshop")
    open_page(at, "puzzles")
    open_page(at, "workshop")
    assert db(app_env).count_drafts() == 0


def test_workshop_text_survives_leaving_the_page(app_env):
    """Streamlit drops a widget's value when its page is left; the draft brings it back."""
    at = start("en")
    open_page(at, "workshop")
    at.text_area(key=EDITOR).input(MINE).run()
    open_page(at, "rules")
    assert open_page(at, "workshop").text_area(key=EDITOR).value == MINE


def test_restoring_the_template_keeps_the_text_it_replaced(app_env):
    """"Start again from the example" is undoable: the replaced text is a saved version, shown with
    its time, and opens again in the editor."""
    at = start("en")
    open_page(at, "workshop")
    at.text_area(key=EDITOR).input(MINE).run()
    at.button(key="workshop_reset").click().run()
    assert at.text_area(key=EDITOR).value == TEMPLATE
    assert any("Saved versions" in s.value for s in at.success)
    assert [e.label for e in at.expander if e.label.startswith("Saved versions")] == ["Saved versions (2)"]
    versions = at.selectbox(key=f"{EDITOR}:version")
    assert "id: teachers-own-puzzle" in versions.options[1] and "UTC" in versions.options[1]
    assert at.button(key=f"{EDITOR}:open").disabled  # the newest is what the editor holds
    older = [d.id for d in db(app_env).drafts("workshop", browser=at.query_params[BROWSER_PARAM])][1]
    at.selectbox(key=f"{EDITOR}:version").set_value(older).run()
    at.button(key=f"{EDITOR}:open").click().run()
    assert not at.exception
    assert at.text_area(key=EDITOR).value == MINE
    # after a reload the newest version is the reopened text
    assert open_page(reload(at), "workshop").text_area(key=EDITOR).value == MINE


def test_generated_puzzles_do_not_lose_the_teachers_text(app_env):
    """Generating replaces the editor's text, which stays among the saved versions."""
    at = start("en")
    open_page(at, "workshop")
    at.text_area(key=EDITOR).input(MINE).run()
    at.selectbox(key="workshop_theme").set_value("king-third").run()
    at.button(key="workshop_generate").click().run()
    assert "gen-king-third" in at.text_area(key=EDITOR).value
    texts = [d.text for d in db(app_env).drafts("workshop", browser=at.query_params[BROWSER_PARAM])]
    assert len(texts) == 2 and "gen-king-third" in texts[0] and texts[1] == MINE


def test_pbn_box_comes_back_after_a_reload(app_env):
    at = start("en")
    open_page(at, "workshop")
    open_tab(at, state.WORKSHOP_TAB, t("workshop.tab_pbn", "en"))
    at.text_area(key="workshop_pbn").input(PBN).run()
    again = open_tab(open_page(reload(at), "workshop"), state.WORKSHOP_TAB, t("workshop.tab_pbn", "en"))
    assert again.text_area(key="workshop_pbn").value == PBN


def test_report_note_is_kept_until_sent(app_env):
    """A half-written report survives a reload; once sent it is a report and no longer a draft."""
    at = start("en", learner="Fay")
    open_page(at, "puzzles")
    report_note(at).input("The second hint gives the answer away").run()
    again = open_page(reload(at, learner="Fay"), "puzzles")
    assert report_note(again).value == "The second hint gives the answer away"
    again.button(key="puzzle_report_send").click().run()
    assert [r.note for r in db(app_env).reports()] == ["The second hint gives the answer away"]
    third = open_page(reload(again, learner="Fay"), "puzzles")
    assert report_note(third).value == ""


def test_a_draft_that_cannot_be_saved_warns_and_keeps_the_text(app_env, monkeypatch):
    """A locked or broken database never breaks the editor: a warning says so, the text stays."""

    def locked(self, *args, **kwargs):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(ProgressStore, "save_draft", locked)
    at = start("en")
    open_page(at, "workshop")
    at.text_area(key=EDITOR).input(MINE).run()
    assert not at.exception
    assert any("Could not save a draft: database is locked" in w.value for w in at.warning)
    assert at.text_area(key=EDITOR).value == MINE
