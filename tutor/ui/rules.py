"""The Rules & scoring page: each rule set as data, an honours calculator and a score
calculator over :mod:`tutor.scoring` (a deal typed in PBN, or a random deal from a seed)."""

from __future__ import annotations

import re
from typing import Any

import streamlit as st

from tutor.content.sources import in_lang, named_sources
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.locale_fmt import count
from tutor.render import robber_sheet_html, table_html
from tutor.rulesets import RULESET_NAMES, Ruleset, find_ruleset
from tutor.scoring import DealScore, ScoreSheet, coronkas, honours
from tutor.seats import Seat, Side
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info
from tutor.ui.common import open_tabs, show_html
from tutor.ui.lang import current_lang, tr
from tutor.ui.rules_tables import related_rules, tables_tab
from tutor.vocab import Lang

__all__ = ["show", "describe_ruleset", "source_text", "score_on_sheet", "sheet_html"]

#: A seed cited in a rule set's text (``000 REC 8``, ``002``, ``001 §7``).
_SEED_CITE = re.compile(r"(?<!\d)00[0-4](?!\d)")

DEMO_PBN = "N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75"



def _forms(key: str) -> dict[str, str]:
    """A noun's plural forms from the locale files (``KEY.one`` … ``KEY.other``)."""
    return {form: tr(f"{key}.{form}") for form in ("one", "few", "many", "other")}

def source_text(text: str, lang: Lang) -> str:
    """A rule set's source or note as HTML, its citations by name (:func:`named_sources`: "000 REC 8"
    is "the Russian whist guide, section “Rules of scoring”, item 8"); a source citing no seed is
    a book's English title, marked as English on a Russian page."""
    if not _SEED_CITE.search(text):
        return in_lang(text, "en", lang)
    return named_sources(text, lang)


def describe_ruleset(rs: Ruleset, lang: Lang) -> None:
    """A rule set's values in plain words, and which variants the tutor supports."""
    st.markdown(f"**{rs.title.get(lang)}** — {named_sources(rs.summary.get(lang), lang)}", unsafe_allow_html=True)
    sources = tr("rules.source") + ": " + source_text(rs.source, lang)
    if rs.revoke is not None:
        sources += " · " + tr("rules.revoke_source", source=source_text(rs.revoke.source, lang))
    st.caption(sources, unsafe_allow_html=True)
    rows = [
        (tr("rules.trick_points"), str(rs.trick_points)),
        (tr("rules.game_target"), str(rs.game_target)),
        (tr("rules.games_to_win"), str(rs.games_to_win)),
        (tr("rules.game_bonus"), str(rs.game_bonus)),
        (tr("rules.rubber_bonus"), str(rs.rubber_bonus)),
    ]
    if rs.honours is None:
        rows.append((tr("rules.honours"), tr("rules.none")))
    else:
        ranks = " ".join(r.display(lang) for r in rs.honours.ranks)
        points = ", ".join(tr("rules.honours_points", n=c, p=p) for c, p in rs.honours.points)
        rows.append((tr("rules.honours"), f"{ranks}: {points}"))
        if rs.honours.barred_at is not None:
            rows.append((tr("rules.honours_barred"), str(rs.honours.barred_at)))
    if rs.coronkas is None:
        rows.append((tr("rules.coronkas"), tr("rules.none")))
    else:
        sc = rs.coronkas
        runs = ", ".join(f"{sc.min_length + i}: {p}" for i, p in enumerate(sc.plain))
        rows.append((tr("rules.coronkas"), tr("rules.coronka_scale", runs=runs, step=sc.step, factor=sc.trump_factor)))
    if rs.slam_bonus:
        rows.append((tr("rules.slams"), ", ".join(tr("rules.slam_item", tricks=t_, p=p) for t_, p in rs.slam_bonus)))
    if rs.revoke is not None:
        rv = rs.revoke
        # counted and declined by Babel: «3 взятки или 5 очков» (it read «3 взятки / очков: 5», defect 24)
        what = count(rv.tricks, _forms("rules.tricks_forms"), lang)
        if rv.points is not None:
            what = tr("rules.revoke_either", tricks=what, points=count(rv.points, _forms("rules.points_forms"), lang))
        rows.append((tr("rules.revoke"), what))  # its source under the table, by name
    st.table({tr("rules.rule"): [r[0] for r in rows], tr("rules.value"): [r[1] for r in rows]})
    if rs.variants:
        st.markdown("**" + tr("rules.variants") + "**")
        for v in rs.variants:
            mark = "✓ " + tr("rules.supported") if v.supported else "✗ " + tr("rules.not_supported")
            st.markdown(f"- **{v.title.get(lang)}** ({mark}): {named_sources(v.description.get(lang), lang)}",
                        unsafe_allow_html=True)
            related_rules(v, lang)


def _random_deal() -> None:
    """Callback: deal a random hand from the seed and put it in the PBN box."""
    deal = Deal.random(int(_box(state.RULES_DEAL_SEED)), dealer=_box(state.RULES_DEAL_DEALER))
    st.session_state[state.RULES_DEAL_PBN] = deal.pbn()
    st.session_state[state.RULES_DEAL_TRUMP] = str(deal.trump_card)


#: The deal's boxes before the learner types: the demo deal, East dealing, the nine of hearts up.
DEAL_DEFAULTS: dict[str, str | int] = {state.RULES_DEAL_PBN: DEMO_PBN, state.RULES_DEAL_TRUMP: "H9",
                                    state.RULES_DEAL_DEALER: Seat.E.name, state.RULES_DEAL_SEED: 1}


def _box(key: str) -> Any:
    """A deal box's value: what the learner typed, or its default before the box was drawn."""
    return st.session_state.get(key, DEAL_DEFAULTS[key])


def _deal_input(lang: Lang) -> None:
    """The deal's boxes (the Honours tab). They keep their values for the session
    (``persist_state``): the Score tab, drawn without them, scores the same deal."""
    for key, value in DEAL_DEFAULTS.items():
        st.session_state.setdefault(key, value)
    st.text_input(tr("rules.deal_pbn"), key=state.RULES_DEAL_PBN, help=tr("rules.deal_help"), persist_state="session")
    c1, c2, c3, c4 = st.columns([1, 1, 1, 1.2])
    c1.selectbox(tr("rules.dealer"), [s.name for s in Seat], key=state.RULES_DEAL_DEALER,
                 format_func=lambda s: Seat[s].label(lang), persist_state="session")
    c2.text_input(tr("rules.trump_card"), key=state.RULES_DEAL_TRUMP, help=tr("rules.trump_help"), persist_state="session")
    c3.number_input(tr("rules.seed"), min_value=0, max_value=10**9, step=1, key=state.RULES_DEAL_SEED,
                    persist_state="session")
    c4.button(tr("rules.random_deal"), key=state.RULES_RANDOM, on_click=_random_deal)


def _deal(*, say: bool) -> Deal | None:
    """The deal of the boxes (the demo deal before they are drawn), or None with the error said
    when ``say`` (the Honours tab, under its boxes)."""
    try:
        return Deal.from_pbn(_box(state.RULES_DEAL_PBN), dealer=_box(state.RULES_DEAL_DEALER),
                             trump_card=str(_box(state.RULES_DEAL_TRUMP)).strip() or None)
    except WhistError as exc:
        if say:
            show_error(tr("rules.bad_deal", error=str(exc)))
        return None


def _honours_tab(rs: Ruleset, lang: Lang) -> None:
    _deal_input(lang)
    deal = _deal(say=True)
    if deal is None:
        return
    show_html(table_html({s: deal.hands[s] for s in Seat}, dealer=deal.dealer, trump_card=deal.trump_card,
                         trump=deal.trump, lang=lang))
    h = honours(deal, rs)
    st.table({
        tr("rules.side"): [tr("score.side.NS"), tr("score.side.EW")],
        tr("rules.honours_held"): [h.NS.honours, h.EW.honours],
        tr("rules.points"): [h.NS.points, h.EW.points],
    })
    runs = coronkas(deal, rs)
    if runs:
        for c in runs:
            trump_word = tr("rules.in_trumps") if c.trump else ""
            st.markdown("- " + tr("rules.coronka_found", seat=c.seat.label(lang), suit=c.suit.symbol,
                                     cards=c.cards(), points=c.points, trump=trump_word))
    elif rs.coronkas is not None:
        st.caption(tr("rules.no_coronkas"))


def _score_tab(rs: Ruleset, lang: Lang) -> None:
    deal = _deal(say=False)
    if deal is None:
        show_info(tr("rules.deal_first"))
        return
    st.session_state.setdefault(state.RULES_TRICKS, 7)
    tricks = st.number_input(tr("rules.tricks_ns"), min_value=0, max_value=13, step=1, key=state.RULES_TRICKS,
                             persist_state="session")
    try:
        result, sheet = score_on_sheet(deal, int(tricks), rs)
    except WhistError as exc:
        show_error(str(exc))
        return
    st.caption(tr("rules.tricks_ew", n=13 - int(tricks)))
    show_html(sheet_html(sheet, lang))
    m1, m2 = st.columns(2)
    m1.metric(tr("rules.below_ns"), result.below[Side.NS])
    m2.metric(tr("rules.below_ew"), result.below[Side.EW])


def show() -> None:
    """The rule set chosen, then its tabs; only the open tab is drawn (:func:`open_tabs`)."""
    lang = current_lang()
    st.title(tr("nav.rules"))
    st.session_state.setdefault(state.RULES_SET, "russian")
    name = st.selectbox(tr("rules.ruleset"), RULESET_NAMES, key=state.RULES_SET,
                        format_func=lambda n: find_ruleset(n).title.get(lang))
    rs = find_ruleset(name)
    open_tabs(state.RULES_TAB, [(tr("rules.tab_rules"), lambda: describe_ruleset(rs, lang)),
                                (tr("rules.tab_honours"), lambda: _honours_tab(rs, lang)),
                                (tr("rules.tab_score"), lambda: _score_tab(rs, lang)),
                                (tr("tables.tab"), lambda: tables_tab(lang))])


def score_on_sheet(deal: Deal, tricks_ns: int, rs: Ruleset) -> tuple[DealScore, ScoreSheet]:
    """Score one deal the way the Play page does: written on a fresh score sheet
    (:meth:`ScoreSheet.score`), so a deal that reaches the game target gets its partie bonus and
    netting here too -- ``score_deal`` alone scores the deal, not the partie it ends."""
    sheet = ScoreSheet(rs)
    return sheet.score(deal, tricks_ns), sheet


def sheet_html(sheet: ScoreSheet, lang: Lang) -> str:
    """A score sheet drawn once, the classic way -- the same drawing as the Play page's."""
    word = sheet.ruleset.game_word.get(lang).capitalize()
    games = [(f"{word} {g.number}", [e.item for e in g.entries if e.counted]) for g in sheet.games]
    return robber_sheet_html(games, sheet.to_json()["final"], sheet.totals, lang, us=Side.NS)
