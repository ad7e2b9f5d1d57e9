"""Cayenne on the Play page: the cayenne suit of the deal, the contract named (the robots' words
with their reasons), and -- when it is the learner's to name -- his hand and the choices.

Drawn by :mod:`tutor.ui.play_page` above its table when the session is a
:class:`tutor.cayenne_session.CayenneSession`; once the contract is named the page's own table, hand,
review and sheet play the deal (at nullo the review is not given: :attr:`CayenneSession.reviewable`).
Texts: ``tutor/locales/cayenne.{en,ru}.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from tutor.cayenne import DECLARATIONS, Contract
from tutor.errors import WhistError
from tutor.i18n import t
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info
from tutor.ui.cardpick import card_hand
from tutor.vocab import Lang

if TYPE_CHECKING:
    from tutor.cayenne_session import CayenneSession

__all__ = ["catext", "cayenne_panel", "CALL_KEY"]

#: The prefix of the contract buttons' keys (``play:cayenne:call:grand``).
CALL_KEY = state.PLAY_CAYENNE_CALL


def catext(key: str, lang: Lang, **fmt: Any) -> str:
    """A Cayenne text in ``lang`` (``tutor/locales/cayenne.{en,ru}.yaml``)."""
    return t(f"cayenne.{key}", lang, **fmt)


def _on_call(choice: str) -> None:
    session: CayenneSession = st.session_state[state.PLAY_SESSION]
    try:
        opening = session.declare(choice)
    except WhistError as exc:
        st.session_state[state.PLAY_ERROR] = str(exc)
        return
    st.session_state[state.PLAY_ERROR] = None
    st.session_state[state.PLAY_LAST] = {"robots": opening, "flag": None}


def cayenne_panel(session: CayenneSession, lang: Lang) -> bool:
    """The deal's cayenne suit and contract; True when the learner is to name it (then his hand and
    the choices are drawn here and the page draws no table yet)."""
    st.caption(catext("table.intro", lang))
    st.markdown(catext("table.cayenne_suit", lang, suit=session.cayenne.symbol))
    for seat, decision in session.calls:
        if seat not in session.student_seats:
            show_info(catext("table.robot_call", lang, seat=seat.label(lang), name=session.seating[seat].name(lang),
                             reason=decision.reason.get(lang)))
    if session.contract is not None:
        st.markdown(catext("table.contract_line", lang, contract=session.contract.title(lang),
                           seat=session.contract.named_by.label(lang)))
        return False
    if not session.awaiting_declaration:
        return False
    if st.session_state.get(state.PLAY_ERROR):
        show_error(str(st.session_state[state.PLAY_ERROR]))
    partner = session.partner.name(lang)
    must = session.caller != session.dealer
    st.markdown(catext("table.your_call_partner" if must else "table.your_call", lang, partner=partner))
    card_hand(session.hand(), key=state.PLAY_CARD, lang=lang, on_pick=lambda c: None, playable=(), keyboard=False,
              styled=False)
    row = st.container(horizontal=True, gap="small")
    labels = {d: Contract(session.cayenne, d, session.dealer).title(lang) for d in DECLARATIONS}
    labels.update({"cayenne": catext("table.name_cayenne", lang, suit=session.cayenne.symbol),
                   "grand": catext("table.name_grand", lang), "nullo": catext("table.name_nullo", lang)})
    for choice in DECLARATIONS:
        row.button(labels[choice], key=f"{CALL_KEY}:{choice}", on_click=_on_call, args=(choice,),
                   type="primary" if choice == "cayenne" else "secondary")
    if not must:
        row.button(catext("table.pass", lang), key=f"{CALL_KEY}:pass", on_click=_on_call, args=("pass",))
    st.caption(catext("table.not_offered", lang))
    return True
