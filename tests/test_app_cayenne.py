"""Cayenne on the Play page (Streamlit's AppTest), in English and Russian: the cayenne suit shown, the
robots' words on the contract with their reasons, the learner's choice when it is his (the dealer may
leave it to his partner, the partner must decide -- Foster), the deal played at the contract and
written on Cayenne's sheet."""

from __future__ import annotations

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest

from appkit import play_page
from tutor.cayenne import colours
from tutor.ui.cayenne_table import CALL_KEY, catext
from tutor.ui.play_page import SESSION_KEY, ptext


def _page(seed: int, lang: str) -> AppTest:
    return play_page("cayenne", lang, seed=seed)


def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                     + [getattr(e, "value", "") for e in (*at.info, *at.success)])


def _calls(at: AppTest) -> set[str]:
    return {b.key.rsplit(":", 1)[1] for b in at.button if b.key and b.key.startswith(CALL_KEY)}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_learner_deals_and_leaves_the_contract_to_his_partner(lang):
    at = _page(4, lang)  # South deals the first deal
    session = at.session_state[SESSION_KEY]
    assert session.dealer.name == "S" and session.awaiting_declaration
    texts = _texts(at)
    assert catext("table.cayenne_suit", lang, suit=session.cayenne.symbol) in texts
    assert catext("table.your_call", lang, partner=session.partner.name(lang)) in texts
    assert _calls(at) == {"cayenne", "second", "third", "fourth", "grand", "nullo", "pass"}
    assert not [b for b in at.button if b.key and b.key.startswith("play:card:") and not b.disabled]
    at.button(key=f"{CALL_KEY}:pass").click().run()
    assert not at.exception, at.exception
    session = at.session_state[SESSION_KEY]
    contract = session.contract
    assert contract is not None and contract.named_by.name == "N"
    texts = _texts(at)
    assert session.calls[-1][1].reason.get(lang) in texts
    assert catext("table.contract_line", lang, contract=contract.title(lang), seat=contract.named_by.label(lang)) in texts
    while not session.finished:
        session.play(session.legal_cards()[0])
    at.run()
    assert not at.exception, at.exception
    heads = [h.value for h in at.subheader]
    assert ptext("sheet", lang) in heads
    if contract.declaration == "nullo":
        assert catext("table.nullo_review", lang) in _texts(at)
    else:
        assert ptext("review", lang) in heads


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_partner_must_name_the_contract_and_may_not_pass(lang):
    at = _page(27, lang)  # North deals and leaves the choice to South
    session = at.session_state[SESSION_KEY]
    assert session.dealer.name == "N" and session.awaiting_declaration and session.calls[0][1].declaration is None
    assert session.calls[0][1].reason.get(lang) in _texts(at)
    assert catext("table.your_call_partner", lang, partner=session.partner.name(lang)) in _texts(at)
    assert _calls(at) == {"cayenne", "second", "third", "fourth", "grand", "nullo"}
    at.button(key=f"{CALL_KEY}:nullo").click().run()
    assert not at.exception, at.exception
    session = at.session_state[SESSION_KEY]
    assert session.contract.declaration == "nullo" and session.deal.trump is None
    cards = [b for b in at.button if b.key and b.key.startswith("play:card:") and not b.disabled]
    if session.awaiting_student:
        assert {b.key.split(":")[-1] for b in cards} == {str(c) for c in session.legal_cards()}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_learner_names_another_suit_trumps_and_it_is_scored_by_its_colour(lang):
    """Foster: the dealer «may either select cayenne or any of the other suits»; Parlett: «if the
    cayenne suit was clubs and the trump suit spades (second colour), the basic score is multiplied
    by 3». The learner names the second colour on the Play page: that suit is trumps, the contract
    line says it with its ×3, and the sheet's points are a multiple of three."""
    at = _page(27, lang)  # North deals and leaves the choice to South
    session = at.session_state[SESSION_KEY]
    at.button(key=f"{CALL_KEY}:second").click().run()
    assert not at.exception, at.exception
    session = at.session_state[SESSION_KEY]
    second = colours(session.cayenne)[1]
    assert session.contract.declaration == "second" and session.deal.trump == second
    assert second.is_red == session.cayenne.is_red and second != session.cayenne
    line = catext("table.contract_line", lang, contract=session.contract.title(lang), seat=session.contract.named_by.label(lang))
    assert line in _texts(at) and "×3" in line and second.symbol in line
    while not session.finished:
        session.play(session.legal_cards()[0])
    at.run()
    assert not at.exception, at.exception
    points = [item.points for item in session.records[-1].score.items]
    assert points and all(p % 3 == 0 for p in points)
