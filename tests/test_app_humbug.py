"""The Play page with the two games for two: Humbug (002) and whist for two with two dummies (000
«"Болваны" в висте»), under Streamlit's AppTest, in English and Russian."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest

from appkit import play_page
from tutor.i18n import t
from tutor.seats import Seat
from tutor.ui.humbug_table import EXCHANGE_KEY, KEEP_KEY, htext
from tutor.ui.play_page import SESSION_KEY, ptext


def _page(variant: str, lang: str) -> AppTest:
    return play_page(variant, lang)


def _playable(at: AppTest):
    return [b for b in at.button if b.key and b.key.startswith("play:card:") and not b.disabled]


def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                     + [getattr(e, "value", "") for e in at.info] + [getattr(e, "value", "") for e in at.success])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_humbug_on_the_play_page_keep_or_exchange_then_thirteen_tricks(lang):
    """002 «кожен гравець вирішує, чи грає він на своїх картах або скидає їх і купує інші»: the
    learner's pile is shown with no card to play, Keep and Exchange offered; after the decision the
    robot's decision with its reason, 13 tricks of two cards, the tricks and the sheet."""
    at = _page("humbug", lang)
    session = at.session_state[SESSION_KEY]
    assert type(session).__name__ == "HumbugSession"
    assert htext("intro", lang) in _texts(at)
    if not session.awaiting_decision:  # impossible: the learner decides first or second, never skipped
        pytest.fail("the learner has no decision to make")
    assert _playable(at) == []  # a pile is looked at, not played, before the decision
    assert htext("decide", lang) in _texts(at)
    at.button(key=EXCHANGE_KEY).click().run()
    assert not at.exception, at.exception
    session = at.session_state[SESSION_KEY]
    assert session.game.decisions[Seat.S] == "exchange"
    assert session.game.hands[Seat.S] == session.deal.hands[Seat.E]
    robot = session.robot_decision()
    assert robot is not None and robot.reason.get(lang)[:20] in _texts(at)
    clicks = 0
    while _playable(at):
        assert {b.key.split(":")[-1] for b in _playable(at)} == {str(c) for c in session.legal_cards()}
        _playable(at)[0].click().run()
        assert not at.exception, at.exception
        session = at.session_state[SESSION_KEY]
        clicks += 1
        assert clicks <= 13
    assert session.finished and clicks == 13
    heads = [h.value for h in at.subheader]
    assert htext("history", lang) in heads and t("play.sheet", lang) in heads
    assert len(at.table) == 1 and len(at.table[0].value) == 13
    assert any(b.key == "play:next" for b in at.button)
    at.button(key="play:next").click().run()
    assert not at.exception, at.exception
    assert at.session_state[SESSION_KEY].deal_number == 2


def test_humbug_keep_button_keeps_the_learners_pile():
    at = _page("humbug", "en")
    pile = at.session_state[SESSION_KEY].hand()
    at.button(key=KEEP_KEY).click().run()
    assert not at.exception, at.exception
    session = at.session_state[SESSION_KEY]
    assert session.game.hands[Seat.S] == pile and htext("you_kept", "en") in _texts(at)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_dummies_on_the_play_page_the_learner_plays_south_and_north(lang):
    """000 «недостающих игроков заменяют "болваны" — открытые карты»: the learner chooses the cards
    of South and the open North; the robot plays East and the open West; a whole deal clicks through."""
    at = _page("two-dummies", lang)
    session = at.session_state[SESSION_KEY]
    assert session.variant.two_dummies and set(session.robots) == {Seat.E, Seat.W}
    assert ptext("two_dummies_partner", lang) in _texts(at)
    hands = session.visible_hands()
    assert not isinstance(hands[Seat.N], int) and not isinstance(hands[Seat.W], int)
    assert isinstance(hands[Seat.E], int)
    seats = set()
    clicks = 0
    while _playable(at):
        seats.add(at.session_state[SESSION_KEY].state.to_play)
        _playable(at)[0].click().run()
        assert not at.exception, at.exception
        clicks += 1
        assert clicks <= 26
    session = at.session_state[SESSION_KEY]
    assert session.finished and clicks == 26 and seats == {Seat.S, Seat.N}
    assert any(ptext("sheet", lang) in h.value for h in at.subheader)
