"""The Play page under Streamlit's AppTest: a whole deal clicked through, flags, review, sheet.

Seeds: 000 «Масти и взятки» 1 (only legal cards are offered), «Сдача» 9 (the trump card by the
dealer), «Правила записи» (the score sheet after the deal).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest

from tutor.i18n import t
from tutor.ui import state
from tutor.ui.components import maxim_title
from tutor.ui.play_page import SESSION_KEY, ptext

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
    shown = _robot_block(at)
    for rc in session.robot_cards()[-3:]:
        # the maxim by its title, never its raw id (walkthrough defect 13)
        assert maxim_title(rc.maxim, "en") in shown and f"({rc.maxim})" not in shown and f"`{rc.maxim}`" not in shown


def _robot_block(at) -> str:
    """The text of the robots' lines (one HTML block beside the hand, issue 24 point 3)."""
    import html

    return html.unescape(" ".join(e.proto.body for e in at.get("html") if "wt-robots" in e.proto.body))


def test_play_page_texts_are_all_in_the_learners_language():
    """000 «Ошибки» 8 (only the last two tricks may be looked at) is cited in English on the
    English page; the robots' maxims are named in Russian on the Russian page."""
    import re

    assert not re.search("[А-Яа-яЁё]", ptext("last_tricks", "en") + ptext("robber_over", "en"))
    at = _page(lang="ru")
    session = at.session_state[SESSION_KEY]
    _card_buttons(at)[0].click().run()
    shown = _robot_block(at)
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
    at = _page(**{state.PLAY_SETTINGS: True})
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
    at = _page(**{"play:opt:robots": strength, state.PLAY_SETTINGS: True})
    session = at.session_state[SESSION_KEY]
    assert session.options.robots == strength
    assert {r.strength for r in session.robots.values()} == {strength}
    radio = at.radio(key="play:opt:robots")
    assert list(radio.options) == [ptext(f"robots_{s}", "en") for s in ("beginner", "classic", "strong")]
    assert ptext("robots_strong", "ru") != ptext("robots_strong", "en")


# -- issue 12: cards you click, keyboard play, Take back / Claim, tricks in view, one sheet ------------
def _htmls(at: AppTest) -> str:
    return "\n".join(h.value for h in at.get("html"))


def test_hand_is_drawn_as_card_buttons_legal_ones_enabled_the_rest_dimmed():
    """Issue 12 point 7: the whole hand is the row of buttons (click the card itself); the legal
    cards can be clicked, the others are there but disabled (000 «Масти и взятки» 1)."""
    at = _page()
    session = at.session_state[SESSION_KEY]
    hand = {str(c) for c in session.state.hand(session.state.to_play)}
    shown = {b.key.split(":")[-1]: b for b in _hand_buttons(at)}
    assert set(shown) == hand and len(hand) == 13
    legal = {str(c) for c in session.legal_cards()}
    assert {k for k, b in shown.items() if not b.disabled} == legal
    # the hand is not drawn a second time as suit lines in South's box of the table
    assert 'class="wt-hand"' not in _htmls(at).split('data-seat="S"')[1].split("</div></div>")[0]


@pytest.mark.parametrize("lang, spoken", [("en", r"^(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
                                                  r" of (spades|hearts|diamonds|clubs)$"),
                                          ("ru", r"^(двойка|тройка|четвёрка|пятёрка|шестёрка|семёрка|восьмёрка|девятка|"
                                                 r"десятка|валет|дама|король|туз) (пик|червей|бубен|треф)$")])
def test_every_card_button_has_a_spoken_name_in_the_pages_language(lang, spoken):
    """Issue 12 point 9: a screen reader says "king of spades" / "король пик" for each card."""
    import re

    at = _page(lang=lang)
    labels = [b.label for b in _hand_buttons(at)]
    assert labels and all(re.match(spoken, label) for label in labels), labels


def test_a_card_typed_and_entered_is_played():
    """Issue 12 point 9: the keyboard plays a card -- ``ks`` (rank first), ``♠К`` (Russian), ``SK``."""
    at = _page()
    session = at.session_state[SESSION_KEY]
    card = session.legal_cards()[0]
    typed = f"{card.rank.char.lower()}{card.suit.name.lower()}"
    at.text_input(key="play:card:typed").input(typed).run()
    assert not at.exception, at.exception
    session = at.session_state[SESSION_KEY]
    assert session.student_cards() and session.student_cards()[-1].card == card
    assert at.text_input(key="play:card:typed").value == ""


def test_a_bad_typed_card_gets_one_clear_message_and_the_text_is_kept():
    at = _page(lang="ru")
    at.text_input(key="play:card:typed").input("zz").run()
    assert not at.exception
    assert not at.session_state[SESSION_KEY].student_cards()
    assert any("«zz» — не карта" in e.value for e in at.error)
    assert at.text_input(key="play:card:typed").value == "zz"
    # a card not in the hand is named as such
    session = at.session_state[SESSION_KEY]
    missing = next(c for c in __import__("tutor.cards", fromlist=["CARDS"]).CARDS
                   if c not in session.state.hand(session.state.to_play))
    at.text_input(key="play:card:typed").input(missing.symbol("ru")).run()
    assert any("нет карты" in e.value for e in at.error)


def test_take_back_and_claim_are_enabled_only_when_they_can_be_used():
    """Issue 12 point 4: at the start nothing can be taken back; Claim is disabled whenever the
    session would refuse the claim (not on lead, or a trick could still be lost), and a claim
    clicked while enabled is accepted."""
    from tutor.session import ClaimError

    at = _page()
    assert at.button(key="play:undo").disabled
    for _ in range(13):
        session = at.session_state[SESSION_KEY]
        if not session.awaiting_student:
            break
        if at.button(key="play:claim").disabled:
            with pytest.raises(ClaimError):
                session.claim()  # refused before it changes anything
        else:
            at.button(key="play:claim").click().run()
            assert not at.exception and not at.error
            assert at.session_state[SESSION_KEY].finished
            break
        _card_buttons(at)[0].click().run()
        assert not at.exception
        if at.session_state[SESSION_KEY].awaiting_student:
            assert not at.button(key="play:undo").disabled


def test_a_finished_trick_stays_in_view_when_the_next_has_begun():
    """Issue 12 point 4 (finished tricks vanished): once the robots have led to the next trick,
    the trick just finished is still drawn beside the table (000 «Ошибки» 8: the last trick may
    be looked at)."""
    at = _page()
    for _ in range(13):
        session = at.session_state[SESSION_KEY]
        if session.state.tricks and session.state.current:
            last = session.state.tricks[-1]
            shown = _htmls(at)
            assert 'class="wt-last"' in shown
            block = shown[shown.index('class="wt-last"'):]
            for _, card in last.plays():
                assert f'aria-label="{__import__("tutor.render", fromlist=["card_name"]).card_name(card, "en")}"' in block
            return
        _card_buttons(at)[0].click().run()
    pytest.fail("the robots never led to a new trick in a whole deal")


def test_score_sheet_is_drawn_once_the_classic_way():
    """Issue 12 point 4: one sheet (no second copy as text) after a whole deal."""
    at = _page()
    while _card_buttons(at):
        _card_buttons(at)[0].click().run()
    assert at.session_state[SESSION_KEY].finished
    assert _htmls(at).count('class="wt-sheet"') == 1
    assert not at.code


def test_rules_calculator_and_play_page_agree_on_the_partie_bonus():
    """Issue 12 point 4: the calculator scored the deal alone (``score_deal``), the Play page on
    its sheet (``ScoreSheet.score``), so a deal that ends a partie had its bonus on one page only.
    Both now write the deal on a sheet and draw it with the same function."""
    from tutor.deal import Deal
    from tutor.scoring import ScoreSheet, what_label
    from tutor.ui.rules import DEMO_PBN

    at = AppTest.from_file(str(Path(PAGE).parent / "pages" / "rules.py"), default_timeout=60)
    at.session_state["rules_tricks_ns"] = 13
    at.session_state["rules_tab"] = t("rules.tab_score", "en")  # only the open tab is drawn
    at.run()
    assert not at.exception, at.exception
    deal = Deal.from_pbn(DEMO_PBN, dealer="E", trump_card="H9")
    sheet = ScoreSheet("russian")
    sheet.score(deal, 13)  # what the Play page's session does when N-S take 13 tricks
    assert any(e.item.what == "partie" for g in sheet.games for e in g.entries)
    shown = _htmls(at)
    assert what_label("partie", "en") in shown  # the calculator shows the partie bonus too

    from tutor.ui.rules import sheet_html  # ... drawn as the Play page draws its sheet

    assert sheet_html(sheet, "en") in shown


def test_four_colour_deck_is_kept_in_the_session_and_used_on_the_page():
    """Issue 12 point 9: the four-colour deck chosen in the sidebar (session state) colours the
    Play page's cards: diamonds blue, clubs green."""
    from tutor.render import BLUE, GREEN
    from tutor.ui.cardpick import DECK_KEY

    classic = _htmls(_page())
    assert f"--wt-D:{BLUE}" not in classic
    four = _htmls(_page(**{DECK_KEY: True}))
    assert f"--wt-D:{BLUE}" in four and f"--wt-C:{GREEN}" in four


def test_the_table_and_hand_rerun_as_a_fragment():
    """Issue 12 point 5: a card click reruns only the table and hand (``st.fragment``), not the
    whole app; the page's settings stay outside it."""
    from tutor.ui import play_page

    assert getattr(play_page._table_area, "__wrapped__", None) is not None or "fragment" in repr(play_page._table_area)


def test_settings_typed_before_a_click_are_kept():
    """Nothing the learner entered is lost on a rerun: the settings of the next session survive
    card clicks (they live outside the table's fragment) and a closed settings box (drawn only
    while open) until "New session" uses them."""
    at = _page()
    assert not at.number_input and not at.selectbox  # the box is closed: its widgets are not drawn
    at.session_state[state.PLAY_SETTINGS] = True  # the learner opens it
    at.run()
    at.number_input(key="play:opt:seed").set_value(7).run()
    at.selectbox(key="play:opt:rules").select("english-short").run()
    _card_buttons(at)[0].click().run()
    at.session_state[state.PLAY_SETTINGS] = False
    at.run()
    assert not at.number_input
    at.session_state[state.PLAY_SETTINGS] = True
    at.run()
    assert at.number_input(key="play:opt:seed").value == 7
    assert at.selectbox(key="play:opt:rules").value == "english-short"
    at.button(key="play:new").click().run()
    assert at.session_state[SESSION_KEY].options.seed == 7


def test_review_names_seats_not_codes():
    """Issue 12: no internal codes on screen -- the review names the seat ("South", "Юг")."""
    at = _page(lang="ru")
    while _card_buttons(at):
        _card_buttons(at)[0].click().run()
    cells = " ".join(str(v) for v in at.table[0].value.iloc[:, 1])
    assert "Юг" in cells and " S " not in f" {cells} "


def test_card_faces_are_drawn_by_css_for_every_card_in_the_suit_colour():
    """Each card button's face: its rank (the learner's letters) and suit symbol in the suit's
    colour variable (so the four-colour deck applies); the style does not change between clicks."""
    from tutor.cards import CARDS
    from tutor.ui.cardpick import element_class, hand_css

    css = hand_css("play:card", "ru")
    for card in CARDS:
        rule = css[css.index(f".{element_class(f'play:card:{card}')} button"):].split("}")[0]
        assert f'--wt-rank: "{card.rank.display("ru")}"' in rule and f'--wt-pip: "{card.suit.symbol}"' in rule
        assert f"var(--wt-{card.suit.name})" in rule
    assert 'content: var(--wt-rank) / ""' in css  # the face is not read aloud a second time
