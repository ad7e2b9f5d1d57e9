"""The student's hand is drawn once on a question page (issue 12): as the card faces he clicks,
under the table -- not also as suit lines at his seat in the table above them."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from appkit import open_page, start
from tutor.ui.state import widget_key

CARD_KEY = "w:puzzles:king-fourth-lead:card-"


def html_blocks(at: AppTest) -> list[str]:
    """The markup of every ``st.html`` element of the page."""
    return [str(e.proto.body) for e in at.get("html")]


def hands_drawn(at: AppTest) -> int:
    """How many times a hand is drawn as suit lines (``tutor.render.hand_html``)."""
    return sum(b.count('class="wt-hand"') for b in html_blocks(at))


def card_buttons(at: AppTest) -> list[str]:
    return [str(b.key) for b in at.button if str(b.key or "").startswith(CARD_KEY)]


def test_question_page_draws_the_hand_only_as_the_cards_to_click(app_env):
    at = start("en")
    open_page(at, "puzzles")
    at.selectbox(key="puzzle").set_value("king-fourth-lead").run()
    assert not at.exception
    assert len(card_buttons(at)) == 13
    assert hands_drawn(at) == 0, "the table draws the hand at South's seat too"
    assert any("Your cards (13) are shown below" in b for b in html_blocks(at))


def test_after_the_answer_the_hand_is_drawn_once_under_the_table(app_env):
    at = start("ru")
    open_page(at, "puzzles")
    at.selectbox(key="puzzle").set_value("king-fourth-lead").run()
    at.button(key=widget_key("puzzles", "king-fourth-lead", "card-S2")).click().run()
    assert not at.exception
    assert card_buttons(at) == []
    assert hands_drawn(at) == 1


def test_the_card_faces_style_is_drawn_once_by_the_page_not_with_the_hand(app_env, monkeypatch):
    """Issue 12 "Fast": the card faces' CSS is drawn once per page run, before the answer's
    fragment (:func:`tutor.ui.cardpick.draw_hand_styles`), not by the hand inside it -- so a click
    there does not send it again (it was 7 kB of each click)."""
    import tutor.ui.cardpick as cardpick

    per_hand: list[str] = []
    real = cardpick.hand_css
    monkeypatch.setattr(cardpick, "hand_css", lambda key, *a, **k: per_hand.append(key) or real(key, *a, **k))
    at = start("en")
    open_page(at, "puzzles")
    at.selectbox(key="puzzle").set_value("king-fourth-lead").run()
    at.button(key=widget_key("puzzles", "king-fourth-lead", "hint")).click().run()  # a fragment run
    assert not at.exception
    assert per_hand == [], "the hand draws its own style sheet"
    assert len([b for b in html_blocks(at) if "--wt-rank" in b]) == 1


def test_every_card_face_has_its_rank_and_suit_in_the_page_language():
    from tutor.cards import CARDS
    from tutor.ui.cardpick import hand_styles

    css = hand_styles("ru")
    for card in CARDS:
        rule = css[css.index(f'[class*="-{card}"] button'):].split("}")[0]
        assert f'--wt-rank: "{card.rank.display("ru")}"' in rule and f'--wt-pip: "{card.suit.symbol}"' in rule


def test_a_lesson_draws_the_card_faces_style_once_for_all_its_exercises(app_env):
    at = start("en")  # the Learn page: the first lesson, its exercise
    at.button(key=widget_key("lesson", "first-lead/2", "card-S2")).click().run()
    assert not at.exception
    assert len([b for b in html_blocks(at) if "--wt-rank" in b]) == 1
