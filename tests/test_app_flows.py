"""AppTest of the app's main flows: lessons, the daily puzzle, hints, review, reports, workshop."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from appkit import PUZZLES, db, open_page, open_tab, report_note, start
from tutor.i18n import t
from tutor.ui import state
from tutor.ui.learn import SCOPE as LESSON
from tutor.ui.puzzles import SCOPE as PUZZLES_PAGE

#: The widgets' keys come from tutor.ui.state, as the pages build them (none spelled here).
LESSON_ITEM = "first-lead/2"


def card(scope: str, item: str, name: str) -> str:
    """The key of the card button ``name`` (``"S2"``) of one item's hand."""
    return state.widget_key(scope, item, f"card-{name}")


def test_lesson_exercise_right_marks_lesson_done(app_env):
    """K-x-x-x: the smallest card is right (000 LST 3); the lesson is then done."""
    at = start("en", learner="Ann")
    assert "With a king and small cards" in " ".join(m.value for m in at.markdown)
    at.button(key=card(LESSON, LESSON_ITEM, "S2")).click().run()
    assert not at.exception
    assert at.success[0].value.startswith("Right")
    store = db(app_env)
    ann = store.learner("Ann")
    assert store.lessons_done(ann.id) == {"first-lead"}
    [attempt] = store.attempts(ann.id)
    assert attempt.kind == "lesson" and attempt.correct and attempt.answer == "S2"


def test_lesson_exercise_wrong_quotes_the_maxim(app_env):
    """Leading the king from K-x-x-x is wrong (000 LST 3): the first miss says "not this card" and
    where to look, without the rule's title (it would name ♠2); retry works; a second miss shows
    the answer with the maxim quoted from its source."""
    at = start("ru", learner="Ann")
    at.button(key=card(LESSON, LESSON_ITEM, "SK")).click().run()
    assert not at.exception
    assert at.error and "♠К" in at.error[0].value and "♠2" not in at.error[0].value  # said only on request
    assert any("Подумайте" in i.value for i in at.info)
    notes = " ".join(m.value for m in at.markdown)
    assert "Имея короля сам-третей" not in notes and "с маленькой" not in at.error[0].value
    store = db(app_env)
    ann = store.learner("Ann")
    assert store.lessons_done(ann.id) == set()
    # retry clears the answer and the card buttons come back
    at.button(key=state.widget_key(LESSON, LESSON_ITEM, "retry")).click().run()
    assert at.button(key=card(LESSON, LESSON_ITEM, "S2"))
    at.button(key=card(LESSON, LESSON_ITEM, "H9")).click().run()
    notes = " ".join(m.value for m in at.markdown)
    assert "Имея короля сам-третей" in notes and "♠2" in notes  # the answer, with its reason
    at.button(key=state.widget_key(LESSON, LESSON_ITEM, "retry")).click().run()
    assert at.button(key=card(LESSON, LESSON_ITEM, "S2"))


def _daily_item(at) -> str:
    key = next(b.key for b in at.button if b.key and b.key.startswith("w:daily:") and b.key.endswith(":hint"))
    return key.split(":")[2] + ":" + key.split(":")[3]


def test_daily_puzzle_solved_counts_streak_and_shows_evidence(app_env):
    """The daily puzzle is answered, recorded as daily, the streak is 1, and the double-dummy table
    lists every legal card (design.md "Solver and simulation")."""
    only_lead = PUZZLES.split("  - id: follow-hearts")[0]
    (app_env / "content" / "puzzles" / "basics.yaml").write_text(only_lead, encoding="utf-8")
    at = start("en", learner="Bob")
    open_page(at, "daily")
    item = _daily_item(at)
    assert item == f"{date.today().isoformat()}:king-fourth-lead"
    at.button(key=f"w:daily:{item}:card-S2").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.success[0].value.startswith("Right")
    store = db(app_env)
    bob = store.learner("Bob")
    assert store.streak(bob.id, date.today()) == 1
    assert [a.kind for a in store.attempts(bob.id)] == ["daily"]
    at.session_state[state.DAILY_EVIDENCE_TABLE] = True  # the table is drawn once its expander is opened
    at.run()
    table = at.dataframe[0].value
    assert len(table) == 13
    assert at.info and "tricks" in at.info[-1].value


def test_hint_costs_part_of_the_score(app_env):
    """Opening one of two hints leaves two thirds of the score for a right answer (anchors: graded hints)."""
    at = start("en", learner="Cy")
    open_page(at, "puzzles")
    at.selectbox(key=state.PUZZLE).set_value("king-fourth-lead").run()
    at.button(key=state.widget_key(PUZZLES_PAGE, "king-fourth-lead", "hint")).click().run()
    assert "Which suit is your longest?" in at.info[0].value
    at.button(key=card(PUZZLES_PAGE, "king-fourth-lead", "S2")).click().run()
    assert "67%" in at.success[0].value
    store = db(app_env)
    [attempt] = store.attempts(store.learner("Cy").id)
    assert attempt.hints_used == 1 and attempt.score == pytest.approx(0.667, abs=1e-3)


def test_failed_puzzle_comes_back_for_review_and_why_explains_any_card(app_env):
    """A wrong answer puts the puzzle in the review queue; "why not" explains any card by its maxim."""
    at = start("en", learner="Dee")
    open_page(at, "puzzles")
    at.selectbox(key=state.PUZZLE).set_value("king-fourth-lead").run()
    at.button(key=card(PUZZLES_PAGE, "king-fourth-lead", "SK")).click().run()
    assert "♠K" in at.error[0].value and "♠2" not in at.error[0].value
    store = db(app_env)
    dee = store.learner("Dee")
    [due] = store.due_reviews(dee.id, datetime.now(UTC) + timedelta(days=1))
    assert due.item_id == "king-fourth-lead"
    # "why not another card" would give the answer away: it comes with the solution
    assert not _has_key(at, "why:puzzles:king-fourth-lead")
    at.button(key=state.widget_key(PUZZLES_PAGE, "king-fourth-lead", "solution")).click().run()
    at.selectbox(key=state.why_key(PUZZLES_PAGE, "king-fourth-lead")).set_value("SK").run()
    assert not at.exception
    assert any("King third or fourth" in m.value for m in at.markdown)


def test_illegal_card_is_refused_citing_the_law(app_env):
    """A spade on a heart lead while holding hearts is a revoke (000 "Масти и взятки" 1)."""
    at = start("en", learner="Eve")
    open_page(at, "puzzles")
    at.selectbox(key=state.PUZZLE).set_value("follow-hearts").run()
    at.button(key=card(PUZZLES_PAGE, "follow-hearts", "SK")).click().run()
    assert "“Follow suit if you can”" in at.error[0].value  # the law, quoted; not the suit that answers (defect 18)


def test_report_a_problem_is_saved(app_env):
    at = start("en", learner="Fay")
    open_page(at, "puzzles")
    report_note(at).input("The hint is unclear").run()
    at.button(key=state.REPORT_SEND).click().run()
    assert at.success and "report is saved" in at.success[0].value
    [report] = db(app_env).reports()
    assert report.note == "The hint is unclear"


def test_workshop_broken_yaml_shows_line_numbers(app_env):
    """Pasted YAML is validated live; each problem names its line, and nothing is previewed."""
    at = start("en")
    open_page(at, "workshop")
    assert at.success and "All good" in at.success[0].value
    broken = ("puzzles:\n  - id: Bad Id\n    title: {en: a, ru: b}\n    themes: [opening-lead]\n"
              "    difficulty: 1\n    trump: D7\n    hand: K742.985.J63.86\n    question: lead\n"
              "    answer: S2\n    maxims: [king-third-lead-small]\n    hints: [{en: a, ru: b}]\n"
              "    explanation: {en: a, ru: b}\n")
    at.text_area(key=state.WORKSHOP_TEXT).input(broken).run()
    assert not at.exception
    message = at.error[0].value
    assert "line 2" in message and "line 7" in message
    assert not [b for b in at.button if b.key and b.key.startswith("w:workshop:")]


def test_workshop_refuses_python_tags(app_env):
    """Nothing pasted is executed: a python tag is a problem on its line, never constructed."""
    at = start("en")
    open_page(at, "workshop")
    at.text_area(key=state.WORKSHOP_TEXT).input("puzzles: !!python/object/apply:os.system ['echo hacked']\n").run()
    assert not at.exception
    assert "line 1" in at.error[0].value


def test_progress_page_creates_learner_and_shows_accuracy(app_env):
    at = start("en")
    open_page(at, "progress")
    at.text_input(key=state.LEARNER_NEW).input("Gus").run()
    at.button(key=state.PROGRESS_CREATE).click().run()
    assert at.session_state[state.LEARNER] == "Gus"
    store = db(app_env)
    gus = store.learner("Gus")
    store.record_attempt(gus.id, "king-fourth-lead", "puzzle", themes=["opening-lead"], correct=False)
    at.run()
    assert not at.exception
    assert at.dataframe and list(at.dataframe[0].value["Accuracy, %"]) == [0]
    # the puzzle to review is named by its title, never by its id (issue 12 point 5)
    assert any("King fourth" in m.value for m in at.markdown)
    assert not any("king-fourth-lead" in m.value for m in at.markdown)


def test_workshop_generates_puzzles_into_the_editor_and_previews_them(app_env):
    """Generated puzzles land in the editor as YAML that validates; the engine gave the answers."""
    at = start("en")
    open_page(at, "workshop")
    at.selectbox(key=state.WORKSHOP_THEME).set_value("king-third").run()
    at.number_input(key=state.WORKSHOP_COUNT).set_value(2).run()
    at.button(key=state.WORKSHOP_GENERATE).click().run()
    assert not at.exception
    assert "gen-king-third-1-1" in at.text_area(key=state.WORKSHOP_TEXT).value
    assert any("All good: 2 puzzle(s)" in s.value for s in at.success)
    assert [b for b in at.button if b.key and b.key.startswith("w:workshop:gen-king-third-1-1:card-")]


def test_workshop_draws_only_the_open_tab_and_its_boxes_keep_their_values(app_env):
    """Issue 24, page ready: the Workshop draws the editor, its preview and one tab; the generator's
    choices are still there after the teacher looked at another tab."""
    at = start("en")
    open_page(at, "workshop")
    assert at.number_input(key=state.WORKSHOP_COUNT).value == 3
    assert not [w for w in at.text_area if w.key == state.WORKSHOP_PBN]  # the Import tab is not drawn
    at.number_input(key=state.WORKSHOP_COUNT).set_value(5).run()
    open_tab(at, state.WORKSHOP_TAB, t("workshop.tab_pbn", "en"))
    assert not [w for w in at.number_input if w.key == state.WORKSHOP_COUNT]
    assert at.text_area(key=state.WORKSHOP_PBN).value == ""
    open_tab(at, state.WORKSHOP_TAB, t("workshop.tab_generate", "en"))
    assert at.number_input(key=state.WORKSHOP_COUNT).value == 5 and not at.exception


def test_workshop_imports_a_pbn_deal(app_env):
    """A PBN deal (East dealing) becomes an opening-lead puzzle in the editor."""
    at = start("en")
    open_page(at, "workshop")
    open_tab(at, state.WORKSHOP_TAB, t("workshop.tab_pbn", "en"))
    pbn = ('[Board "1"]\n[Dealer "E"]\n'
           '[Deal "N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75"]\n')
    at.text_area(key=state.WORKSHOP_PBN).input(pbn).run()
    at.button(key=state.WORKSHOP_IMPORT).click().run()
    assert not at.exception
    text = at.text_area(key=state.WORKSHOP_TEXT).value
    assert "hand: 8742.J85.K95.AK3" in text and "question: lead" in text


def test_workshop_saves_only_under_the_configured_folder(app_env, monkeypatch):
    """With WHIST_TUTOR_WORKSHOP_DIR set, the YAML is saved there under a cleaned name."""
    folder = app_env / "saved"
    monkeypatch.setenv("WHIST_TUTOR_WORKSHOP_DIR", str(folder))
    at = start("en")
    open_page(at, "workshop")
    open_tab(at, state.WORKSHOP_TAB, t("workshop.tab_export", "en"))
    at.text_input(key=state.WORKSHOP_NAME).input("../../etc/My Set!").run()
    at.button(key=state.WORKSHOP_SAVE).click().run()
    assert not at.exception
    assert [p.name for p in folder.iterdir()] == ["etc-my-set.yaml"]
    assert "my-first-puzzle" in (folder / "etc-my-set.yaml").read_text(encoding="utf-8")


def test_workshop_lists_learners_reports(app_env):
    """Teachers see the problems learners reported: who sent it (here a visitor, not logged in),
    the puzzle by its title with a link that opens it, and the note."""
    db(app_env).report_problem("king-fourth-lead", "Two answers look right", browser="b" * 16)
    at = start("en")
    open_page(at, "workshop")
    open_tab(at, state.WORKSHOP_TAB, t("workshop.tab_reports", "en"))
    assert not at.exception
    reports = at.dataframe[0].value
    assert list(reports["Puzzle"]) == ["King fourth"] and list(reports["What looks wrong"]) == ["Two answers look right"]
    assert list(reports["Sent by"]) == [t("workshop.report_visitor", "en")]
    assert list(reports["Open"]) == ["puzzles?puzzle=king-fourth-lead"]


def _has_key(at, key: str) -> bool:
    return any(w.key == key for w in at.selectbox)
