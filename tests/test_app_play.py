"""The Play page under Streamlit's AppTest: a whole deal clicked through, flags, review, sheet.

Seeds: 000 «Масти и взятки» 1 (only legal cards are offered), «Сдача» 9 (the trump card by the
dealer), «Правила записи» (the score sheet after the deal).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest  # noqa: E402

from tutor.ui.components import maxim_title  # noqa: E402
from tutor.ui.play_page import SESSION_KEY, ptext  # noqa: E402

PAGE = str(Path(__file__).resolve().parent.parent / "tutor" / "ui" / "play_page.py")


def _page(**state) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["play:opt:samples"] = 0
    for k, v in state.items():
        at.session_state[k] = v
    at.run()
    assert not at.exception, at.exception
    return at


def _hand_buttons(at: AppTest):
    """Every card of the hand drawn as a button (legal or not)."""
    return [b for b in at.button if b.key and b.key.startswith("play:card:")]


def _card_buttons(at: AppTest):
    """The cards that can be clicked now (the legal ones)."""
    return [b for b in _hand_buttons(at) if not b.disabled]


def test_play_page_offers_only_legal_cards_and_plays_a_whole_deal():
    """Only the legal cards are buttons (000 «Масти и взятки» 1); clicking through a deal ends
    with the review and the score sheet."""
    at = _page()
    session = at.session_state[SESSION_KEY]
    assert {b.key.split(":")[-1] for b in _card_buttons(at)} == {str(c) for c in session.legal_cards()}
    clicks = 0
    while _card_buttons(at):
        _card_buttons(at)[0].click().run()
        assert not at.exception, at.exception
        clicks += 1
        assert clicks <= 13
    session = at.session_state[SESSION_KEY]
    assert session.finished and clicks == 13
    assert any(ptext("review", "en") in h.value for h in at.subheader)
    assert any(ptext("sheet", "en") in h.value for h in at.subheader)
    assert len(at.table) == 1
    assert any(b.key == "play:next" for b in at.button)


def test_play_page_shows_robots_cards_with_their_maxims():
    """Each robot card is shown with the maxim it followed (or double-dummy)."""
    at = _page()
    session = at.session_state[SESSION_KEY]
    _card_buttons(at)[0].click().run()
    shown = " ".join(m.value for m in at.markdown)
    for rc in session.robot_cards()[-3:]:
        # the maxim by its title; the raw id only in the line's tooltip
        assert maxim_title(rc.maxim, "en") in shown and f"`{rc.maxim}`" not in shown
        assert any(rc.maxim in m.proto.help for m in at.markdown)


def test_play_page_texts_are_all_in_the_learners_language():
    """000 «Ошибки» 8 (only the last two tricks may be looked at) is cited in English on the
    English page; the robots' maxims are named in Russian on the Russian page."""
    import re

    assert not re.search("[А-Яа-яЁё]", ptext("last_tricks", "en") + ptext("robber_over", "en"))
    at = _page(lang="ru")
    session = at.session_state[SESSION_KEY]
    _card_buttons(at)[0].click().run()
    shown = " ".join(m.value for m in at.markdown)
    for rc in session.robot_cards()[-3:]:
        assert maxim_title(rc.maxim, "ru") in shown


def test_play_page_flags_an_unconventional_card_at_once():
    """flag=now: a card against the maxims is flagged with the maxim it breaks."""
    at = _page()
    for _ in range(13):
        session = at.session_state[SESSION_KEY]
        bad = next((c for c in session.legal_cards() if not session.judge(c).conventional), None)
        if bad is not None:
            at.button(key=f"play:card:{bad}").click().run()
            assert not at.exception
            assert at.warning and "Against the conventions" in at.warning[0].value
            return
        _card_buttons(at)[0].click().run()
    pytest.fail("no unconventional card was offered in a whole deal")


def test_play_page_in_russian():
    """Everything a learner reads exists in Russian too."""
    at = _page(lang="ru")
    assert at.title[0].value == ptext("title", "ru")
    assert any("Сдача" in m.value for m in at.markdown)


def test_play_page_new_session_with_dummy_variant():
    """Dummy whist: the student sees the dummy's hand and chooses its cards."""
    at = _page()
    at.selectbox(key="play:opt:variant").select("dummy").run()
    at.button(key="play:new").click().run()
    assert not at.exception
    session = at.session_state[SESSION_KEY]
    assert session.variant.dummy and set(session.robots) == {session.student_seat.lho, session.student_seat.rho}


def test_play_page_text_keys_match_in_both_languages():
    """Both locale files of the page have the same keys and placeholders."""
    import string

    from tutor.i18n import catalog

    en = {k: v for k, v in catalog("en").items() if k.startswith("play.")}
    ru = {k: v for k, v in catalog("ru").items() if k.startswith("play.")}
    assert en and set(en) == set(ru)
    for key in en:
        names = lambda s: {n for _, n, _, _ in string.Formatter().parse(s) if n}  # noqa: E731
        assert names(en[key]) == names(ru[key]), key


@pytest.mark.parametrize("strength", ["beginner", "strong"])
def test_play_page_table_takes_the_robots_strength(strength):
    """Issue 11 point 3: the robots' strength is chosen per table in the settings (a radio with
    the three strengths, named in the learner's language) and the session's robots play at it."""
    at = _page(**{"play:opt:robots": strength})
    session = at.session_state[SESSION_KEY]
    assert session.options.robots == strength
    assert {r.strength for r in session.robots.values()} == {strength}
    radio = at.radio(key="play:opt:robots")
    assert list(radio.options) == [ptext(f"robots_{s}", "en") for s in ("beginner", "classic", "strong")]
    assert ptext("robots_strong", "ru") != ptext("robots_strong", "en")
