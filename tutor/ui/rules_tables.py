"""The Rules page's calculators for the other tables, as the page offers them for whist: Humbug's
honours and a deal's score (002), the cut for the deal and the club's draw (000, 001, 003) and a
Cayenne deal's score (Foster, Parlett) -- each worked out by the engine that plays it
(:mod:`tutor.humbug`, :mod:`tutor.cut`, :mod:`tutor.cayenne`). Whist for two with two dummies is
scored as for four (002), by the page's own score calculator. Texts: ``tutor/locales/tables.*``.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from tutor.cards import Hand, Suit, parse_card
from tutor.cayenne import DECLARATIONS, Contract, score_cayenne
from tutor.content.sources import in_lang, named_sources
from tutor.cut import CUSTOMS, LEARNER, format_cut, parse_cut, player_name, rule_cut
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.humbug import humbug_honours, score_humbug
from tutor.i18n import t
from tutor.render import drawn_html, score_sheet_html
from tutor.rulesets import RelatedGame
from tutor.seats import Seat, Side
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info
from tutor.ui.common import show_html
from tutor.vocab import Lang

__all__ = ["tables_tab", "related_rules", "DEMO_CUT", "DEMO_HUMBUG"]

#: The cut shown first (lesson 17's: three customs give three different readings).
DEMO_CUT = {"You": "S5", "Anna": "HA", "Boris": "D9", "Vera": "C2"}
#: Two piles as played: South's and North's (the rules page's demo deal's South and North).
DEMO_HUMBUG = ("8742.J85.K95.AK3", "AQ5.AK42.T73.J84")
_DEMO_DEAL = "N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75"


def _tt(key: str, lang: Lang, **fmt: Any) -> str:
    return t(f"tables.{key}", lang, **fmt)


def related_rules(game: RelatedGame, lang: Lang) -> None:
    """A game the seeds only name: its rules point by point, under the source they come from."""
    if not game.rules:
        return
    with st.expander(_tt("rules_of", lang)):
        st.caption(t("rules.source", lang) + ": " + in_lang(game.source, "en", lang), unsafe_allow_html=True)
        for rule in game.rules:
            st.markdown(f"- {named_sources(rule.get(lang), lang)}", unsafe_allow_html=True)


def _humbug(lang: Lang) -> None:
    st.subheader(_tt("humbug.title", lang))
    st.session_state.setdefault(state.RULES_HUMBUG_S, DEMO_HUMBUG[0])
    st.session_state.setdefault(state.RULES_HUMBUG_N, DEMO_HUMBUG[1])
    st.text_input(_tt("humbug.south", lang), key=state.RULES_HUMBUG_S, persist_state="session")
    st.text_input(_tt("humbug.north", lang), key=state.RULES_HUMBUG_N, persist_state="session")
    c1, c2 = st.columns(2)
    options = ["NT", *(s.name for s in Suit)]
    trump_name = c1.selectbox(_tt("humbug.trump", lang), options, index=2, key=state.RULES_HUMBUG_TRUMP, persist_state="session",
                              format_func=lambda s: _tt("humbug.no_trump", lang) if s == "NT" else Suit[s].symbol)
    tricks = int(c2.number_input(_tt("humbug.tricks_s", lang), min_value=0, max_value=13, value=7, step=1,
                                 key=state.RULES_HUMBUG_TRICKS, persist_state="session"))
    trump = None if trump_name == "NT" else Suit[trump_name]
    try:
        hands = {Seat.S: Hand.parse(st.session_state[state.RULES_HUMBUG_S], size=13),
                 Seat.N: Hand.parse(st.session_state[state.RULES_HUMBUG_N], size=13)}
        if set(hands[Seat.S]) & set(hands[Seat.N]):
            raise WhistError("the two piles share a card")
        score = score_humbug(hands, {Seat.S: tricks, Seat.N: 13 - tricks}, trump, "russian")
    except WhistError as exc:
        show_error(_tt("humbug.bad", lang, error=str(exc)))
        return
    for seat in (Seat.S, Seat.N):
        count, points = humbug_honours(hands[seat], trump, "russian")
        st.markdown("- " + _tt("humbug.honours", lang, seat=seat.label(lang), count=count, points=points))
    show_html(score_sheet_html(score.items, lang))


def _draw(lang: Lang) -> None:
    st.subheader(_tt("draw.title", lang))
    st.session_state.setdefault(state.RULES_DRAW_CARDS, format_cut({p: parse_card(c) for p, c in DEMO_CUT.items()}, lang))
    st.text_input(_tt("draw.cards", lang), key=state.RULES_DRAW_CARDS, persist_state="session", help=_tt("draw.help", lang))
    custom = st.selectbox(_tt("draw.custom", lang), CUSTOMS, key=state.RULES_DRAW_CUSTOM, persist_state="session",
                          format_func=lambda c: t(f"club.custom.{c}", lang))
    try:
        cut = parse_cut(st.session_state[state.RULES_DRAW_CARDS])
        ruling = rule_cut(cut, custom)
    except WhistError as exc:
        show_error(_tt("draw.bad", lang, error=str(exc)))
        return
    marks = {player_name(ruling.dealer, lang): t("club.table.deals", lang)} if ruling.dealer else {}
    for w in ruling.waiting or ():
        marks[player_name(w, lang)] = t("club.table.waits", lang)
    show_html(drawn_html([(player_name(p, lang), c) for p, c in cut.items()], lang, marks=marks))

    def names(players: tuple[str, ...]) -> str:
        return ", ".join(player_name(p, lang) for p in players)

    if ruling.playing is None:
        show_info(_tt("draw.again", lang, what=_tt("draw.what_waiting", lang)))
        return
    if ruling.waiting:
        st.markdown("- " + _tt("draw.playing", lang, names=names(ruling.playing)))
        st.markdown("- " + _tt("draw.waiting", lang, names=names(ruling.waiting)))
    if ruling.dealer is None:
        st.markdown("- " + _tt("draw.again", lang, what=_tt("draw.what_dealer", lang)))
    else:
        st.markdown("- " + _tt("draw.dealer", lang, name=player_name(ruling.dealer, lang)))
    if custom == "highest":
        st.caption(_tt("draw.no_partners", lang))
    elif LEARNER in (ruling.playing or ()):
        partner = ruling.partner_of(LEARNER)
        st.markdown("- " + (_tt("draw.partner", lang, name=player_name(partner, lang)) if partner is not None
                            else _tt("draw.again", lang, what=_tt("draw.what_partner", lang))))
    st.caption(named_sources(t(f"club.cut.rule.{custom}.dealer", lang), lang), unsafe_allow_html=True)


def _cayenne(lang: Lang) -> None:
    st.subheader(_tt("cayenne.title", lang))
    st.session_state.setdefault(state.RULES_CAYENNE_DEAL, _DEMO_DEAL)
    st.text_input(_tt("cayenne.deal", lang), key=state.RULES_CAYENNE_DEAL, persist_state="session")
    c1, c2, c3 = st.columns(3)
    suit = c1.selectbox(_tt("cayenne.suit", lang), [s.name for s in Suit], key=state.RULES_CAYENNE_SUIT, persist_state="session",
                        format_func=lambda s: Suit[s].symbol)
    declaration = c2.selectbox(_tt("cayenne.contract", lang), DECLARATIONS, key=state.RULES_CAYENNE_CONTRACT, persist_state="session",
                               format_func=lambda d: Contract(Suit[suit], d, Seat.N).title(lang))
    tricks = int(c3.number_input(_tt("cayenne.tricks_ns", lang), min_value=0, max_value=13, value=8, step=1,
                                 key=state.RULES_CAYENNE_TRICKS, persist_state="session"))
    try:
        deal = Deal.from_pbn(st.session_state[state.RULES_CAYENNE_DEAL])
        if deal.size != 13:
            raise WhistError(f"a deal has 13 cards a hand, this one {deal.size}")
        score = score_cayenne(deal, Contract(Suit[suit], declaration, deal.dealer), tricks)
    except WhistError as exc:
        show_error(_tt("cayenne.bad", lang, error=str(exc)))
        return
    show_html(score_sheet_html(score.items, lang))
    st.caption(_tt("cayenne.total", lang, ns=score.below[Side.NS], ew=score.below[Side.EW]))
    st.caption(t("cayenne.table.not_offered", lang))


def tables_tab(lang: Lang) -> None:
    """The tab of the other tables' calculators."""
    st.caption(_tt("intro", lang))
    _humbug(lang)
    _draw(lang)
    _cayenne(lang)
