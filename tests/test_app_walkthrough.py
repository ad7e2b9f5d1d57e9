"""AppTest of the bugs a learner's walk-through found (QA screenshots in /tmp/qa/shots/).

Each test drives the app as a learner does and fails on the old behaviour: the daily puzzle
crashing for the second learner, a wrong answer giving the right card away, suit symbols eaten as
alert icons, English validator messages on the Russian workshop, raw maxim ids, unlabelled
score-sheet totals, played tricks folded away.
"""

from __future__ import annotations

from datetime import date

from appkit import PUZZLES, open_page, open_tab, start
from tutor.i18n import t
from tutor.progress import ProgressStore
from tutor.ui import state
from tutor.ui.daily import TABLE_KEY as DAILY_TABLE

LEAD_RIGHT = "w:{scope}:{item}:card-S2"
LEAD_WRONG = "w:{scope}:{item}:card-SK"


def _only_lead_daily(app_env) -> str:
    only_lead = PUZZLES.split("  - id: follow-hearts")[0]
    (app_env / "content" / "puzzles" / "basics.yaml").write_text(only_lead, encoding="utf-8")
    return f"{date.today().isoformat()}:king-fourth-lead"


def test_daily_evidence_serves_every_learner_on_the_same_date(app_env):
    """The daily puzzle is the same for everyone on a date (design.md "Daily puzzle"); the
    second learner to answer it gets the cached evidence, not a CacheReplayClosureError."""
    item = _only_lead_daily(app_env)
    for learner in ("First", "Second"):
        at = start("en", learner=learner)
        open_page(at, "daily")
        at.button(key=f"w:daily:{item}:card-S2").click().run()
        assert not at.exception, (learner, [e.value for e in at.exception])
        at.session_state[DAILY_TABLE] = True  # the evidence table, drawn once opened
        at.run()
        assert len(at.dataframe[0].value) == 13, learner


def test_wrong_answer_hides_the_right_card_until_the_solution_is_asked(app_env):
    """000 LST 3 (king fourth: lead small): a wrong lead says why -- the kind of rule it breaks (the
    rule's own title, "lead small", would name the card) and where to look -- but not which card
    is right; "Show the solution" names it, explains, and the puzzle counts as failed."""
    at = start("en", learner="Gus")
    open_page(at, "puzzles")
    at.selectbox(key="puzzle").set_value("king-fourth-lead").run()
    at.button(key=LEAD_WRONG.format(scope="puzzles", item="king-fourth-lead")).click().run()
    assert not at.exception
    page = " ".join([e.value for e in at.error] + [m.value for m in at.markdown] + [i.value for i in at.info])
    assert "♠K" in at.error[0].value and "♠2" not in page
    assert "“King third or fourth — …”" in at.error[0].value  # the case the rule governs (defect 17)
    assert not any("King third" in m.value for m in at.markdown) and any("Think:" in i.value for i in at.info)
    assert at.button(key="w:puzzles:king-fourth-lead:hint") and at.button(key="w:puzzles:king-fourth-lead:retry")
    assert not at.dataframe  # nothing else gives it away
    at.button(key="w:puzzles:king-fourth-lead:solution").click().run()
    assert not at.exception
    shown = " ".join(m.value for m in at.markdown)
    assert "♠2" in shown and "smallest card" in shown
    # solving it after seeing the solution does not count
    at.button(key="w:puzzles:king-fourth-lead:retry").click().run()
    at.button(key=LEAD_RIGHT.format(scope="puzzles", item="king-fourth-lead")).click().run()
    assert at.success and "♠2" in at.success[0].value
    assert any("smallest card" in m.value for m in at.markdown)  # the explanation stays visible
    store = ProgressStore(app_env / "progress.db")
    attempts = store.attempts(store.learner("Gus").id)
    assert [a.correct for a in attempts] == [False]
    assert not store.solved(store.learner("Gus").id, "king-fourth-lead")


def test_hint_under_a_wrong_answer_opens_a_hint_and_brings_the_cards_back(app_env):
    """A hint after a wrong try (Lichess/chess.com puzzles): the hint shows, the learner answers again."""
    at = start("ru", learner="Hal")
    open_page(at, "puzzles")
    at.selectbox(key="puzzle").set_value("king-fourth-lead").run()
    at.button(key=LEAD_WRONG.format(scope="puzzles", item="king-fourth-lead")).click().run()
    assert "♠2" not in at.error[0].value
    at.button(key="w:puzzles:king-fourth-lead:hint").click().run()
    assert "Какая масть у вас самая длинная?" in at.info[0].value
    assert at.button(key=LEAD_RIGHT.format(scope="puzzles", item="king-fourth-lead"))


def test_alert_starting_with_a_suit_symbol_keeps_its_symbol(app_env):
    """000 «Масти и взятки» 1: «♠K нельзя…» -- the suit symbol stays in the text, not taken as the icon."""
    at = start("en", learner="Eve")
    open_page(at, "puzzles")
    at.selectbox(key="puzzle").set_value("follow-hearts").run()
    at.button(key="w:puzzles:follow-hearts:card-SK").click().run()
    assert at.error[0].value.startswith("♠K is not allowed")
    assert at.error[0].icon == ":material/close:"


CALL_PUZZLE = """\
  - id: answer-the-call
    title: {en: "Answer the call", ru: "Ответ на приглашение"}
    themes: [call-for-trumps]
    difficulty: 3
    dealer: E
    trump: C7
    hand: K852.954.A73.Q94
    played: "S:S2 SJ S4 SA / E:HA H4 H3 H7 / E:HK H5 H2 H6 / E:D5 DA D4 D2"
    question: lead
    answer: CQ
    maxims: [answer-the-call, call-for-trumps]
    hints:
      - {en: "What did partner tell you with his two hearts?", ru: "Что партнёр сказал вам двумя червями?"}
    explanation:
      en: "North played the seven and then the six of hearts: a call for trumps. Lead the highest of three."
      ru: "Север положил семёрку, потом шестёрку червей — приглашение к козырям. С трёх козырей — старшим."
"""


def test_tricks_a_question_depends_on_are_shown_open(app_env):
    """000 LST 8 (answer partner's call for trumps): the call is in the earlier tricks, so they
    are shown open, not folded in a collapsed expander (lesson 13)."""
    path = app_env / "content" / "puzzles" / "basics.yaml"
    path.write_text(path.read_text(encoding="utf-8") + CALL_PUZZLE, encoding="utf-8")
    at = start("en")
    open_page(at, "puzzles")
    at.selectbox(key="puzzle").set_value("answer-the-call").run()
    assert not at.exception
    [played] = [e for e in at.expander if e.label.startswith("Tricks played")]
    assert played.proto.expanded


def test_russian_workshop_translates_the_validator_messages(app_env):
    """A Russian teacher reads the common validator messages in Russian, each on its line."""
    at = start("ru")
    open_page(at, "workshop")
    broken = ("puzzles:\n  - id: bad\n    title: {en: a, ru: b}\n    themes: [opening-lead]\n"
              "    difficulty: 9\n    trump: D7\n    hand: K742.985.J63.863\n    question: lead\n"
              "    answer: X9\n    maxims: [king-third-lead-small]\n    hints: [{en: a, ru: b}]\n"
              "    explanation: {en: a, ru: b}\n    colour: red\n")
    at.text_area(key="workshop_text").input(broken).run()
    assert not at.exception
    message = at.error[0].value
    assert "строка 5: difficulty: значение должно быть не больше 5" in message
    assert "answer: это не карта: 'X9'" in message
    assert "неизвестное поле 'colour'" in message
    assert "Input should" not in message and "unknown field" not in message


def test_rules_score_sheet_totals_are_labelled(app_env):
    """000 REC 3/5: tricks are scored below the line, honours above; each total row says which."""
    at = start("ru")
    open_page(at, "rules")
    open_tab(at, state.RULES_TAB, t("rules.tab_score", "ru"))
    assert not at.exception
    sheets = [h.proto.body for h in at.get("html") if "wt-sheet" in h.proto.body]
    assert sheets and "Над чертой</th>" in sheets[0] and "Под чертой</th>" in sheets[0]


def test_maxims_page_lists_puzzles_by_title(app_env):
    """A maxim's puzzles are named by their titles in the learner's language, not by their ids."""
    at = start("ru")
    open_page(at, "maxims")
    at.text_input(key="maxims_query").input("сам-третей").run()  # a search opens the maxims it finds
    captions = " ".join(c.value for c in at.caption)
    assert "Король сам-четвёрт" in captions and "king-fourth-lead" not in captions


def test_validator_message_translation_keeps_the_field_path_and_marks_the_rest():
    """The workshop's message mapping: the path before the colon stays; an unknown kind is kept
    verbatim (in English, flagged) rather than guessed."""
    from tutor.ui.validator_text import translate_message

    assert translate_message("themes.0: missing field 'ru'", "ru").text == "themes.0: нет обязательного поля 'ru'"
    rare = translate_message("answer: SA is not in South's hand", "ru")
    assert rare.verbatim and rare.text == "answer: SA is not in South's hand"
    assert translate_message("difficulty: Input should be less than or equal to 5", "en").text.startswith("difficulty: Input")


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@given(st.text(max_size=80))
def test_any_validator_text_is_translated_or_kept_whole(message):
    """No message makes the mapping fail; a verbatim one is returned unchanged."""
    from tutor.ui.validator_text import translate_message

    out = translate_message(message, "ru")
    assert isinstance(out.text, str) and (not out.verbatim or out.text == message)
