"""The AppTest harness the app's tests share: a small fixed course written to a temporary folder,
and the few steps every page test takes (start a session, open a page, reload the browser).

The ``app_env`` fixture that points the app at this course is in ``tests/conftest.py``.
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from tutor.progress import ProgressStore

#: The app under test (the repository's app.py).
APP = str(Path(__file__).resolve().parents[1] / "app.py")

LESSON = """\
id: first-lead
order: 1
title: {en: "The first lead", ru: "Первый ход"}
summary: {en: "Which card opens a long suit.", ru: "С какой карты открывают длинную масть."}
steps:
  - teach:
      en: "With a king and small cards, lead the smallest: the king waits for the second round."
      ru: "С королём и маленькими ходят с самой младшей: король ждёт второго круга."
    diagram: {hand: K742.985.J63.863, trump: D7, caption: {en: "Your hand", ru: "Ваша рука"}}
  - exercise:
      question: lead
      dealer: E
      trump: D7
      hand: K742.985.J63.863
      answer: S2
      maxims: [king-third-lead-small, lead-long-suit]
      hints:
        - {en: "Which suit is your longest?", ru: "Какая масть у вас самая длинная?"}
      explanation:
        en: "Spades are your longest suit; from K-x-x-x lead the smallest card."
        ru: "Пики — самая длинная масть; с короля сам-четвёрт ходят с маленькой."
"""

PUZZLES = """\
puzzles:
  - id: king-fourth-lead
    title: {en: "King fourth", ru: "Король сам-четвёрт"}
    themes: [opening-lead, king-third]
    difficulty: 1
    dealer: E
    trump: D7
    hand: K742.985.J63.863
    question: lead
    answer: S2
    maxims: [king-third-lead-small, lead-long-suit]
    hints:
      - {en: "Which suit is your longest?", ru: "Какая масть у вас самая длинная?"}
      - {en: "With the king and small cards, the king waits.", ru: "С королём и маленькими король ждёт."}
    explanation:
      en: "Spades are your longest suit; from K-x-x-x lead the smallest card."
      ru: "Пики — самая длинная масть; с короля сам-четвёрт ходят с маленькой."
  - id: follow-hearts
    title: {en: "Which cards may you play?", ru: "Какими картами можно сыграть?"}
    themes: [following-suit, laws]
    difficulty: 1
    dealer: S
    trump: C5
    hand: K742.Q83.J63.965
    played: "W:HK H4 H2"
    question: legal
    answer: [HQ, H8, H3]
    maxims: [must-follow-suit]
    hints:
      - {en: "Look at the suit that was led.", ru: "Посмотрите, какая масть в ходу."}
    explanation:
      en: "Hearts were led and you hold hearts: play one of them."
      ru: "В ходу черви, и они у вас есть: сносите черву."
"""

#: Three more lead problems (the first one's hand, other trump cards and difficulties), so that the
#: days of the daily's archive have puzzles of their own.
MORE_LEADS = "puzzles:\n" + "".join(f"""\
  - id: lead-{name}
    title: {{en: "King fourth again ({name})", ru: "Снова король сам-четвёрт ({name})"}}
    themes: [opening-lead, king-third]
    difficulty: {level}
    dealer: E
    trump: {trump}
    hand: K742.985.J63.863
    question: lead
    answer: S2
    maxims: [king-third-lead-small, lead-long-suit]
    hints:
      - {{en: "Which suit is your longest?", ru: "Какая масть у вас самая длинная?"}}
    explanation:
      en: "Spades are your longest suit; from K-x-x-x lead the smallest card."
      ru: "Пики — самая длинная масть; с короля сам-четвёрт ходят с маленькой."
""" for name, level, trump in (("a", 2, "D8"), ("b", 3, "D9"), ("c", 4, "DT")))

BROKEN = """\
puzzles:
  - id: broken-one
    title: {en: "Broken", ru: "Сломанная"}
    themes: [opening-lead]
    difficulty: 9
    trump: D7
    hand: K742.985.J63.863
    question: lead
    answer: S2
    maxims: [king-third-lead-small]
    hints: [{en: "x", ru: "x"}]
    explanation: {en: "x", ru: "x"}
"""


def write_content(root: Path, *, broken: bool = False) -> Path:
    """A one-lesson course and two puzzles (and optionally a broken file) under ``root``."""
    (root / "lessons").mkdir(parents=True, exist_ok=True)
    (root / "puzzles").mkdir(parents=True, exist_ok=True)
    (root / "lessons" / "01-first-lead.yaml").write_text(LESSON, encoding="utf-8")
    (root / "puzzles" / "basics.yaml").write_text(PUZZLES, encoding="utf-8")
    if broken:
        (root / "puzzles" / "zz-broken.yaml").write_text(BROKEN, encoding="utf-8")
    return root


def start(lang: str = "en", learner: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = lang
    if learner:
        at.session_state["learner"] = learner
    at.run()
    return at


def open_page(at: AppTest, key: str) -> AppTest:
    return at.switch_page(f"tutor/ui/pages/{key}.py").run()


def open_tab(at: AppTest, key: str, label: str) -> AppTest:
    """Click the tab ``label`` of the tabs kept under ``key`` (:func:`tutor.ui.common.open_tabs`):
    a page draws only its open tab, as a click on a tab reruns it."""
    at.session_state[key] = label
    return at.run()


def report_note(at: AppTest):  # -> TextArea
    """The Puzzles page's "report a problem" note box, opened as the learner opens it (its
    widgets are drawn only while the box is open)."""
    at.session_state["puzzle_report_open"] = True
    return at.run().text_area(key="puzzle_report_note")


def reload(at: AppTest, *, learner: str | None = None, lang: str | None = "en", locale: str | None = None) -> AppTest:
    """A new session in the same browser: same URL parameters, nothing else."""
    fresh = AppTest.from_file(APP, default_timeout=60)
    fresh.query_params.update(at.query_params)
    if lang:
        fresh.session_state["lang"] = lang
    if learner:
        fresh.session_state["learner"] = learner
    if locale:
        fresh.context["locale"] = locale
    fresh.run()
    return fresh


def db(env: Path) -> ProgressStore:
    """The progress store the app of ``env`` (an ``app_env`` folder) writes to."""
    return ProgressStore(env / "progress.db")


PLAY_PAGE = str(Path(__file__).resolve().parent.parent / "tutor" / "ui" / "play_page.py")


def play_page(variant: str, lang: str, **options: object) -> AppTest:
    """The Play page on its own (its script), no robot search (``samples`` 0), the Game ``variant``
    chosen and the other settings given by name (``seed=3``, ``club_players=6``), run once."""
    at = AppTest.from_file(PLAY_PAGE, default_timeout=60)
    at.session_state["play:opt:samples"] = 0
    at.session_state["play:opt:variant"] = variant
    for name, value in options.items():
        at.session_state[f"play:opt:{name}"] = value
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    return at


def write_school(path: Path, password: str, *, worked: bool = False) -> None:
    """A club in the store at ``path``: the teacher Teach and the learner Ann (both with
    ``password``), Ann in Teach's class 5B with a puzzle (king-fourth-lead) and a lesson
    (first-lead) to do. ``worked``: Ann tried the puzzle (wrong), finished the lesson and
    reported a problem with the puzzle."""
    from datetime import UTC, datetime

    from tutor.progress import Role

    store = ProgressStore(path)
    teacher, ann = store.learner("Teach"), store.learner("Ann")
    for who in (teacher, ann):
        store.set_password(who.id, password)
    store.set_role(teacher.id, Role.TEACHER)
    cls = store.create_class("5B", teacher.id)
    store.join_class(cls.code, ann.id)
    store.assign(cls.id, ["king-fourth-lead"])
    store.assign(cls.id, ["first-lead"], kind="lesson")
    if worked:
        store.record_attempt(ann.id, "king-fourth-lead", "puzzle", themes=["opening-lead", "king-third"],
                             correct=False, ts=datetime(2026, 11, 29, tzinfo=UTC))
        store.mark_lesson_done(ann.id, "first-lead")
        store.report_problem("king-fourth-lead", "Two answers look right", learner_id=ann.id)
    store.close()
