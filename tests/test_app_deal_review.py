"""The Review page under Streamlit's AppTest, in English and Russian (issue 27): a PBN file with
play records pasted, the deal stepped through, the costliest card jumped to, a puzzle made of a
costly card of a robots' deal. The deals: Elwell's Illustrative Hands No. 9 and 11 (J. B. Elwell,
*Bridge*, 1902; tests/fixtures/review/elwell.pbn)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest

from tutor.i18n import t
from tutor.ui import state
from tutor.ui.review_page import CACHE_KEY, STEP_KEY, rtext

PAGE = str(Path(__file__).resolve().parent.parent / "tutor" / "ui" / "review_page.py")
FIXTURE = Path(__file__).parent / "fixtures" / "review" / "elwell.pbn"
ROBOTS = Path(__file__).parent / "fixtures" / "review" / "robots-seed3.txt"  # with a turned-up card


def _page(lang: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    return at


def _button(at: AppTest, key: str):
    return next(b for b in at.button if b.key == key)


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption]
    parts += [a.value for a in (*at.success, *at.warning, *at.error, *at.info)]
    return "\n".join(str(p) for p in parts)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_paste_step_and_jump_to_the_costliest_card(lang):
    at = _page(lang)
    assert at.title[0].value == t("nav.review", lang)
    at.text_area(key=state.DEAL_REVIEW_TEXT).input(FIXTURE.read_text(encoding="utf-8"))
    _button(at, state.DEAL_REVIEW_GO).click().run()
    assert not at.exception, at.exception
    # the first trick is on the table and the review was solved after it was drawn (the run started again)
    assert at.session_state[STEP_KEY] == 4
    review = at.session_state[CACHE_KEY][(0, "russian")]
    assert review.solved and len(review.notes) == 52
    text = _texts(at)
    assert rtext("where", lang, card=4, total=52, trick=1, ns=0, ew=1) in text
    assert rtext("summary", lang) in [h.value for h in at.subheader]
    _button(at, state.DEAL_REVIEW_NAV + "next-card").click().run()
    assert at.session_state[STEP_KEY] == 5
    _button(at, state.DEAL_REVIEW_NAV + "next-trick").click().run()
    assert at.session_state[STEP_KEY] == 8
    _button(at, state.DEAL_REVIEW_NAV + "prev-trick").click().run()
    assert at.session_state[STEP_KEY] == 4
    worst = review.costliest()[0]
    _button(at, f"{state.DEAL_REVIEW_JUMP}{worst.index}").click().run()
    assert not at.exception, at.exception
    assert at.session_state[STEP_KEY] == worst.index + 1
    cost = rtext("dd_cost", lang, n=worst.cost, best=" ".join(c.symbol(lang) for c in worst.dd_best),
                 before=worst.dd_before, after=worst.dd_after)
    assert cost in _texts(at)
    # Elwell's deals are at no trumps: no turned-up card, so no puzzle -- the page says why
    assert rtext("puzzle_no_card", lang) in _texts(at)
    # the other system judges the cards again; the double-dummy costs carry over
    at.selectbox(key=state.DEAL_REVIEW_SYSTEM).select("english").run()
    assert not at.exception, at.exception
    english = at.session_state[CACHE_KEY][(0, "english")]
    assert english.solved and [n.cost for n in english.notes] == [n.cost for n in review.notes]
    # the other board of the file
    at.selectbox(key=state.DEAL_REVIEW_BOARD).select(1).run()
    assert not at.exception and at.session_state[STEP_KEY] == 4
    assert rtext("no_cost", lang) in _texts(at)


def test_a_broken_record_is_one_clear_error():
    at = _page("en")
    at.text_area(key=state.DEAL_REVIEW_TEXT).input(FIXTURE.read_text(encoding="utf-8").replace("D5 D9 S5 CA", "D5 D9 S5 C9"))
    _button(at, state.DEAL_REVIEW_GO).click().run()
    assert not at.exception
    (err,) = at.error
    assert err.value.startswith(rtext("error", "en", error="board 9: trick 7"))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_make_a_puzzle_of_a_costly_card(lang):
    at = _page(lang)
    at.text_area(key=state.DEAL_REVIEW_TEXT).input(ROBOTS.read_text(encoding="utf-8"))
    _button(at, state.DEAL_REVIEW_GO).click().run()
    review = at.session_state[CACHE_KEY][(0, "russian")]
    worst = review.costliest()[0]
    _button(at, f"{state.DEAL_REVIEW_JUMP}{worst.index}").click().run()
    _button(at, f"{state.DEAL_REVIEW_PUZZLE}{worst.index}").click().run()
    assert not at.exception, at.exception
    assert rtext("puzzle_proved", lang) in _texts(at)
    (code,) = at.code
    assert code.value.startswith("# ") and "question: " in code.value and f"answer: {worst.advised}" in code.value


def test_a_puzzle_made_on_the_review_page_opens_in_the_workshop(app_env):
    """In the whole app: the puzzle of the costliest card goes into the Workshop's editor, which
    validates it live like any puzzle file (no problems)."""
    from appkit import open_page, start

    at = start("en")
    open_page(at, "review")
    at.text_area(key=state.DEAL_REVIEW_TEXT).input(ROBOTS.read_text(encoding="utf-8"))
    _button(at, state.DEAL_REVIEW_GO).click().run()
    worst = at.session_state[CACHE_KEY][(0, "russian")].costliest()[0]
    _button(at, f"{state.DEAL_REVIEW_JUMP}{worst.index}").click().run()
    _button(at, f"{state.DEAL_REVIEW_PUZZLE}{worst.index}").click().run()
    made = at.session_state[state.DEAL_REVIEW_MADE]
    _button(at, state.DEAL_REVIEW_TO_WORKSHOP + ":card").click().run()
    assert not at.exception, at.exception
    assert at.title[0].value == t("nav.workshop", "en")
    assert at.text_area(key=state.WORKSHOP_TEXT).value == made[3]
    assert rtext("in_workshop", "en") in [s.value for s in at.success]
    assert not at.error, [e.value for e in at.error]


def test_the_deals_played_on_the_play_page_are_reviewed():
    """The app's own records: a deal South played on the Play page (here its session, driven as
    the page drives it) is offered on the Review page and reviewed whole."""
    from tutor.session import Session, SessionOptions

    session = Session(SessionOptions(samples=0, seed=2))
    while not session.finished:
        session.play(session.legal_cards()[0])
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["lang"] = "ru"
    at.session_state[state.PLAY_SESSION] = session
    at.run()
    _button(at, state.DEAL_REVIEW_FROM_PLAY).click().run()
    assert not at.exception, at.exception
    review = at.session_state[CACHE_KEY][(0, "russian")]
    record = session.records[-1]
    assert review.played.deal == record.deal and review.played.trump_from == "session"
    assert review.solved and len(review.notes) == len(review.played.cards)
    assert rtext("source_session", "ru") in _texts(at)


def test_every_boards_costliest_moments_as_one_file_of_puzzles():
    """The robots' deal: its three costliest cards make one proved file of puzzles; Elwell's boards,
    at no trumps with no turned-up card, offer no such button."""
    at = _page("en")
    at.text_area(key=state.DEAL_REVIEW_TEXT).input(ROBOTS.read_text(encoding="utf-8"))
    _button(at, state.DEAL_REVIEW_GO).click().run()
    _button(at, state.DEAL_REVIEW_ALL).click().run()
    assert not at.exception, at.exception
    _, text, problems, skipped, count = at.session_state[state.DEAL_REVIEW_MADE_ALL]
    assert problems == () and skipped == 0 and count == 3 and text.count("- id: review-") == 3
    assert rtext("puzzle_proved", "en") in _texts(at)
    at.text_area(key=state.DEAL_REVIEW_TEXT).input(FIXTURE.read_text(encoding="utf-8"))
    _button(at, state.DEAL_REVIEW_GO).click().run()
    assert not any(b.key == state.DEAL_REVIEW_ALL for b in at.button)  # no board of Elwell's has a trump card
