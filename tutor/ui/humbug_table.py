"""Humbug on the Play page: the four piles, the keep-or-change decision, 13 tricks of two cards.

Drawn by :mod:`tutor.ui.play_page` when its session is a :class:`tutor.humbug_session.HumbugSession`;
the page's own keys (the session, the error and the card buttons) are reused, so the page's tests
and the card-button styles work the same. The learner sees what 002 lets him see: his pile, the
turned-up card, the robot's decision with its reason -- never a pile face down on the table.
Texts: ``tutor/locales/humbug.{en,ru}.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from tutor.errors import WhistError
from tutor.humbug import humbug_honours
from tutor.i18n import t
from tutor.render import table_html
from tutor.seats import Seat
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_success
from tutor.ui.cardpick import card_hand
from tutor.ui.rules import sheet_html
from tutor.vocab import Lang

if TYPE_CHECKING:
    from tutor.humbug_session import HumbugSession

__all__ = ["htext", "humbug_table", "humbug_after_deal", "KEEP_KEY", "EXCHANGE_KEY"]

KEEP_KEY = "play:humbug:keep"
EXCHANGE_KEY = "play:humbug:exchange"
_LAST = "play:humbug:last"


def htext(key: str, lang: Lang, **fmt: Any) -> str:
    """A Humbug text in ``lang`` (``tutor/locales/humbug.{en,ru}.yaml``)."""
    return t(f"humbug.{key}", lang, **fmt)


def _act(action: Any) -> None:
    try:
        result = action(st.session_state[state.PLAY_SESSION])
    except WhistError as exc:
        st.session_state[state.PLAY_ERROR] = str(exc)
        return
    st.session_state[state.PLAY_ERROR] = None
    st.session_state[_LAST] = result


def _on_keep() -> None:
    _act(lambda s: s.decide("keep"))


def _on_exchange() -> None:
    _act(lambda s: s.decide("exchange"))


def _on_play(card: str) -> None:
    _act(lambda s: s.play(card))


def _on_next() -> None:
    try:
        st.session_state[state.PLAY_SESSION].next_deal()
    except WhistError as exc:
        st.session_state[state.PLAY_ERROR] = str(exc)
        return
    st.session_state[_LAST] = None


def _decision_lines(session: HumbugSession, lang: Lang) -> None:
    robot = session.robot_decision()
    if robot is not None:
        show_info(htext("robot_decision", lang, name=session.seating[Seat.N].name(lang), reason=robot.reason.get(lang)))
    mine = session.game.decisions.get(Seat.S)
    if mine is not None:
        st.caption(htext("you_kept" if mine == "keep" else "you_changed", lang))


def _trick_lines(session: HumbugSession, lang: Lang) -> None:
    game = session.game
    if game.current:
        st.markdown(htext("trick_now", lang, card=game.current[0].symbol(lang)))
    elif game.tricks:
        last = game.tricks[-1]
        cards = " ".join(f"{s.label(lang)} {c.symbol(lang)}" for s, c in zip((last.leader, last.leader.partner), last.cards))
        st.markdown(htext("last_trick", lang, cards=cards, winner=last.winner(game.trump).label(lang)))
    st.caption(htext("tricks", lang, s=game.tricks_won(Seat.S), n=game.tricks_won(Seat.N)))


def humbug_table(lang: Lang) -> None:
    """The Humbug table and the learner's action now (the decision, or a card)."""
    session: HumbugSession = st.session_state[state.PLAY_SESSION]
    game = session.game
    trump = game.trump.symbol if game.trump is not None else htext("no_trumps", lang)
    st.caption(htext("intro", lang))
    st.markdown(htext("deal_info", lang, deal=session.deal_number, robber=session.robber, trump=trump,
                      dealer=f"{session.dealer.label(lang)} ({session.seating[session.dealer].name(lang)})"))
    # The four piles: the learner's hand, the robot's as a count, the two piles face down.
    hands: dict[Seat, Any] = {Seat.S: session.hand(), Seat.N: len(game.hand(Seat.N)), Seat.E: 13, Seat.W: 13}
    kept = game.trump_card_kept
    on_table = game.deal.trump_card if (kept is None or (kept and not game.tricks and not game.current)) else None
    st.html(table_html(hands, dealer=session.dealer, trump_card=on_table, lang=lang, me=Seat.S,
                       trump=game.trump, hand_below=True))
    if st.session_state.get(state.PLAY_ERROR):
        show_error(str(st.session_state[state.PLAY_ERROR]))
    _decision_lines(session, lang)
    if session.awaiting_decision:
        st.markdown(htext("decide", lang))
        if session.dealer == Seat.S and game.deal.trump_card is not None:
            st.caption(htext("dealer_note", lang, card=game.deal.trump_card.symbol(lang)))
        card_hand(tuple(session.hand()), key=state.PLAY_CARD, lang=lang, on_pick=lambda c: None, playable=(),
                  keyboard=False, styled=False)
        row = st.container(horizontal=True, gap="small")
        row.button(htext("keep", lang), key=KEEP_KEY, on_click=_on_keep, type="primary")
        row.button(htext("exchange", lang), key=EXCHANGE_KEY, on_click=_on_exchange)
        return
    _trick_lines(session, lang)
    last = st.session_state.get(_LAST)
    if last is not None and getattr(last, "move", None) is not None and not last.move.as_rule:
        rc = last.move.rule_card
        st.caption(htext("rule_card", lang, card=rc.card.symbol(lang), reason=rc.reason.get(lang)))
    for rc in getattr(last, "robots", ()) or session.opening_robot_cards:
        st.markdown("- " + htext("robot_played", lang, card=rc.card.symbol(lang), reason=rc.reason.get(lang)))
    if session.awaiting_student:
        st.markdown(htext("your_turn", lang))
        card_hand(tuple(session.hand()), key=state.PLAY_CARD, lang=lang, on_pick=_on_play,
                  playable=session.legal_cards(), styled=False)


def humbug_after_deal(lang: Lang) -> None:
    """Below the table: the finished deal (tricks, honours) and the score sheet."""
    session: HumbugSession = st.session_state[state.PLAY_SESSION]
    if session.finished:
        rec = session.records[-1]
        show_success(htext("deal_over", lang, s=rec.won[Seat.S], n=rec.won[Seat.N]))
        st.caption(htext("honours", lang, s=humbug_honours(rec.hands[Seat.S], rec.deal.trump, session.options.rules)[0],
                         n=humbug_honours(rec.hands[Seat.N], rec.deal.trump, session.options.rules)[0]))
        st.subheader(htext("history", lang))
        st.table([{"#": i + 1, **{s.label(lang): c.symbol(lang) for s, c in zip((tr.leader, tr.leader.partner), tr.cards)}}
                  for i, tr in enumerate(rec.tricks)])
        st.button(t("play.next_deal", lang), key=state.PLAY_NEXT, on_click=_on_next, type="primary")
    st.subheader(t("play.sheet", lang))
    st.caption(htext("sheet_note", lang))
    st.html(sheet_html(session.sheet, lang))
