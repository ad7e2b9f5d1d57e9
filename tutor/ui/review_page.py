"""The Review page: any played deal, every card of all four seats read against the maxims and
double-dummy (the engine is :mod:`tutor.deal_review`; the input :mod:`tutor.played_deal`).

Paste or upload a PBN file with play records, ``tutor autoplay --json`` output or a typed record
(or take the deals just played on the Play page), then step through the deal card by card or
trick by trick: the four hands as they stand, the trick on the table, and the notes of the card
just played -- the card the conventions call for and its maxim, the verdict, what it told partner
and the opponents, its double-dummy cost. The costliest moments are buttons that jump to them, and
each can be made into a puzzle for the library, proved as ``tutor check`` proves a file.

The conventions' notes come first and are quick; the double-dummy costs are solved after the page
has drawn the deal and the first trick (the run then starts again with them). The page runs as its
own script too (the AppTest starts it so). Its texts are in ``tutor/locales/deal_review.{en,ru}.yaml``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import streamlit as st

from tutor.conventions.catalogue import maxim_title as _catalogue_title
from tutor.errors import WhistError
from tutor.i18n import t
from tutor.play import PlayState, Trick
from tutor.render import CSS, deck_css, table_html
from tutor.seats import Seat, Side
from tutor.text import in_lang
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_success, show_warning
from tutor.ui.cardpick import four_colour
from tutor.ui.lang import current_lang
from tutor.vocab import SYSTEMS, Lang, parse_system

if TYPE_CHECKING:
    from tutor.deal_review import CardNote, DealReview
    from tutor.played_deal import PlayedDeal

__all__ = ["render", "rtext", "STEP_KEY", "DEALS_KEY", "CACHE_KEY", "current_review"]

TEXT_KEY = state.DEAL_REVIEW_TEXT
UPLOAD_KEY = state.DEAL_REVIEW_UPLOAD
SYSTEM_KEY = state.DEAL_REVIEW_SYSTEM
BOARD_KEY = state.DEAL_REVIEW_BOARD
DEALS_KEY = state.DEAL_REVIEW_DEALS
CACHE_KEY = state.DEAL_REVIEW_CACHE
STEP_KEY = state.DEAL_REVIEW_STEP
ERROR_KEY = state.DEAL_REVIEW_ERROR


def rtext(key: str, lang: Lang, **fmt: Any) -> str:
    """A Review-page text in ``lang`` (``tutor/locales/deal_review.{en,ru}.yaml``)."""
    return t(f"deal_review.{key}", lang, **fmt)


def _title(maxim_id: str, lang: Lang) -> str:
    return _catalogue_title(maxim_id, lang) or maxim_id


# -- actions (callbacks) -----------------------------------------------------------------------
def _load(deals: list[PlayedDeal]) -> None:
    st.session_state[DEALS_KEY] = tuple(deals)
    st.session_state[CACHE_KEY] = {}
    st.session_state[BOARD_KEY] = 0
    st.session_state[STEP_KEY] = min(4, len(deals[0].cards))
    st.session_state[ERROR_KEY] = None


def _on_go() -> None:
    from tutor.played_deal import decode, read_played

    upload = st.session_state.get(UPLOAD_KEY)
    try:
        text = decode(upload.getvalue()) if upload is not None else str(st.session_state.get(TEXT_KEY) or "")
        _load(read_played(text))
    except WhistError as exc:
        st.session_state[ERROR_KEY] = str(exc)


def _play_records() -> list[PlayedDeal]:
    """The deals finished on the Play page in this browser session."""
    from tutor.played_deal import from_record

    session = st.session_state.get(state.PLAY_SESSION)
    records = getattr(session, "records", None) or []
    return [from_record(r.deal, r.history, number=r.number) for r in records]


def _on_from_play() -> None:
    try:
        deals = _play_records()
        if deals:
            _load(deals)
    except WhistError as exc:
        st.session_state[ERROR_KEY] = str(exc)


def _on_board() -> None:
    deals = st.session_state.get(DEALS_KEY) or ()
    i = int(st.session_state.get(BOARD_KEY) or 0)
    if 0 <= i < len(deals):
        st.session_state[STEP_KEY] = min(4, len(deals[i].cards))


def _on_step(to: int) -> None:
    st.session_state[STEP_KEY] = to


# -- the review --------------------------------------------------------------------------------
def current_review() -> DealReview | None:
    """The review of the chosen board in the chosen system: the conventions' notes at once (cached
    in session state), the double-dummy costs once solved."""
    from tutor.deal_review import annotate, costs_from

    deals = st.session_state.get(DEALS_KEY) or ()
    if not deals:
        return None
    i = int(st.session_state.get(BOARD_KEY) or 0)
    i = i if 0 <= i < len(deals) else 0
    system = parse_system(st.session_state.get(SYSTEM_KEY) or "russian")
    cache: dict[tuple[int, str], DealReview] = st.session_state.setdefault(CACHE_KEY, {})
    if (i, system) not in cache:
        review = annotate(deals[i], system)
        other = next((r for (j, _), r in cache.items() if j == i and r.solved), None)
        cache[(i, system)] = costs_from(review, other) if other is not None else review
    return cache[(i, system)]


def _solve_rest(lang: Lang) -> None:
    """After the page is drawn: the double-dummy costs of every card, then the page again."""
    from tutor.deal_review import solve_costs

    review = current_review()
    if review is None or review.solved:
        return
    deals = st.session_state[DEALS_KEY]
    i = deals.index(review.played)
    with st.spinner(rtext("solving", lang)):
        st.session_state[CACHE_KEY][(i, review.system)] = solve_costs(review)
    st.rerun()


def _position(review: DealReview, step: int) -> tuple[PlayState, Trick | None]:
    """The table after ``step`` cards: the state, and the trick to draw (in progress, or the one
    just completed)."""
    state_ = PlayState(review.deal)
    for _, card in review.played.cards[:step]:
        state_.play(card)
    if state_.current:
        return state_, Trick(state_.leader, tuple(state_.current))
    return state_, (state_.tricks[-1] if state_.tricks else None)


def _trump_line(review: DealReview, lang: Lang) -> str:
    d = review.played
    if d.deal.trump is None:
        trump = rtext("no_trumps", lang)
    elif d.deal.trump_card is not None:
        trump = d.deal.trump_card.symbol(lang)
    else:
        trump = d.deal.trump.symbol
    head = rtext("board", lang, n=d.board) if d.board is not None else rtext("deal", lang)
    return rtext("deal_line", lang, head=head, dealer=d.deal.dealer.label(lang), trump=trump,
                 source=rtext("source_" + d.trump_from, lang) if d.trump_from in ("typed", "autoplay", "session")
                 else f"[{d.trump_from}]")


def _note(note: CardNote, review: DealReview, lang: Lang) -> None:
    """The notes of one card: the conventions' word, what it told, its double-dummy cost."""
    who = note.seat.label(lang)
    card = note.card.symbol(lang)
    first = _title(note.maxims[0], lang) if note.maxims else ""
    if note.card == note.advised:
        head = rtext("note_best", lang, seat=who, card=card, maxim=first)
    elif note.conventional:
        head = rtext("note_equal", lang, seat=who, card=card, advised=note.advised.symbol(lang), maxim=first)
    else:
        broken = ", ".join(_title(m, lang) for m in note.broken) or first
        head = rtext("note_broke", lang, seat=who, card=card, advised=note.advised.symbol(lang), maxim=broken)
    body = in_lang(note.why, lang) if not note.conventional else note.explanation[lang]
    (show_success if note.conventional else show_warning)(f"{head} {body or ''}".strip())
    for key, told in (("told_partner", note.told_partner), ("told_opponents", note.told_opponents)):
        if told:
            st.markdown(f"*{rtext(key, lang)}:* " + "; ".join(x.text[lang] for x in told))
    if note.dd_before is None:
        st.caption(rtext("dd_pending", lang))
    elif note.cost > 0:
        best = " ".join(c.symbol(lang) for c in note.dd_best)
        show_error(rtext("dd_cost", lang, n=note.cost, best=best, before=note.dd_before, after=note.dd_after))
    else:
        st.caption(rtext("dd_ok", lang, n=note.dd_before))


def _trick_end(review: DealReview, trick: int) -> int:
    """The step at which ``trick`` is complete (or its last card played, for an unfinished one)."""
    return max(n.index + 1 for n in review.notes if n.trick == trick)


def _steps(review: DealReview, step: int, lang: Lang) -> None:
    """Back and forth by a card or by a trick (a trick's step shows it complete on the table)."""
    total = len(review.notes)
    trick = review.notes[step - 1].trick
    last = review.notes[-1].trick
    end = _trick_end(review, trick)
    next_trick = end if step < end else (_trick_end(review, trick + 1) if trick < last else total)
    prev_trick = _trick_end(review, trick - 1) if trick > 1 else 1
    row = st.container(horizontal=True, gap="small")
    row.button(rtext("prev_trick", lang), key=state.DEAL_REVIEW_NAV + "prev-trick", disabled=step <= 1,
               on_click=_on_step, args=(prev_trick,))
    row.button(rtext("prev_card", lang), key=state.DEAL_REVIEW_NAV + "prev-card", disabled=step <= 1,
               on_click=_on_step, args=(max(1, step - 1),))
    row.button(rtext("next_card", lang), key=state.DEAL_REVIEW_NAV + "next-card", disabled=step >= total,
               on_click=_on_step, args=(min(total, step + 1),), type="primary")
    row.button(rtext("next_trick", lang), key=state.DEAL_REVIEW_NAV + "next-trick", disabled=step >= total,
               on_click=_on_step, args=(next_trick,))


def _summary(review: DealReview, lang: Lang) -> None:
    st.subheader(rtext("summary", lang))
    state_ = PlayState.from_history(review.deal, review.played.tricks)
    rows = []
    for who, s, won in [(seat.label(lang), review.seat_summary(seat), None) for seat in Seat] + \
                       [(rtext(f"side_{side.value}", lang), review.side_summary(side), state_.tricks_won(side)) for side in Side]:
        rows.append({rtext("col_who", lang): who, rtext("col_cards", lang): s.cards,
                     rtext("col_by_maxims", lang): s.conventional,
                     rtext("col_lost", lang): s.tricks_lost if review.solved else "…",
                     rtext("col_taken", lang): "" if won is None else won})
    st.table(rows)
    if review.solved and review.dd_par_ns is not None:
        st.caption(rtext("par", lang, ns=review.dd_par_ns, ew=13 - review.dd_par_ns))


def _costliest(review: DealReview, lang: Lang) -> None:
    if not review.solved:
        return
    worst = review.costliest()
    st.subheader(rtext("costliest", lang))
    if not worst:
        show_info(rtext("no_cost", lang))
        return
    for n in worst:
        label = rtext("jump", lang, trick=n.trick, seat=n.seat.label(lang), card=n.card.symbol(lang), n=n.cost)
        st.button(label, key=f"{state.DEAL_REVIEW_JUMP}{n.index}", on_click=_on_step, args=(n.index + 1,))


def _made_key(review: DealReview) -> tuple[int, str]:
    deals = st.session_state.get(DEALS_KEY) or ()
    return (deals.index(review.played) if review.played in deals else 0, review.system)


def _on_make(index: int) -> None:
    """Callback: the card ``index`` of the current review as a puzzle, proved; kept for the page."""
    from tutor.content.moments import proved_yaml, puzzle_from_moment

    review = current_review()
    if review is None:
        return
    try:
        text, problems = proved_yaml([puzzle_from_moment(review, index, source="review")],
                                     rtext("puzzle_header", "en"))
    except WhistError as exc:
        text, problems = "", [str(exc)]
    st.session_state[state.DEAL_REVIEW_MADE] = (*_made_key(review), index, text, tuple(problems))


def _puzzle(review: DealReview, note: CardNote, lang: Lang) -> None:
    """Make the card just played into a puzzle, when it cost a trick and the deal has a trump card;
    the puzzle made is shown, to download or to open in the Workshop's editor."""
    if not review.solved or note.cost <= 0:
        return
    if review.deal.trump_card is None:
        st.caption(rtext("puzzle_no_card", lang))
        return
    st.button(rtext("make_puzzle", lang), key=f"{state.DEAL_REVIEW_PUZZLE}{note.index}", on_click=_on_make,
              args=(note.index,))
    made = st.session_state.get(state.DEAL_REVIEW_MADE)
    if not made or tuple(made[:3]) != (*_made_key(review), note.index):
        return
    _made_output(made[3], made[4], lang, f"review-card-{note.index + 1}.yaml", "card")


def _made_output(text: str, problems: tuple[str, ...], lang: Lang, file_name: str, which: str) -> None:
    """Puzzles made: proved (the YAML, a download, a button into the Workshop) or their problems."""
    if problems:
        show_error(rtext("puzzle_problems", lang) + " " + "; ".join(problems))
        return
    show_success(rtext("puzzle_proved", lang))
    st.code(text, language="yaml")
    row = st.container(horizontal=True, gap="small")
    row.download_button(rtext("puzzle_download", lang), data=text.encode("utf-8"), file_name=file_name,
                        mime="text/yaml", key=f"{state.DEAL_REVIEW_PUZZLE_DL}:{which}")
    if row.button(rtext("to_workshop", lang), key=f"{state.DEAL_REVIEW_TO_WORKSHOP}:{which}"):
        # the Workshop puts it after the teacher's own puzzles, as it does an imported PBN
        st.session_state[state.WORKSHOP_INCOMING] = (text, rtext("in_workshop", lang))
        st.switch_page("tutor/ui/pages/workshop.py")


def _on_make_all() -> None:
    """Callback: the costliest moments of every board read (with a turned-up card) as puzzles."""
    from tutor.content.moments import moment_puzzles, proved_yaml
    from tutor.deal_review import annotate, solve_costs

    deals = st.session_state.get(DEALS_KEY) or ()
    system = parse_system(st.session_state.get(SYSTEM_KEY) or "russian")
    cache: dict[tuple[int, str], DealReview] = st.session_state.setdefault(CACHE_KEY, {})
    puzzles, skipped = [], 0
    try:
        for i, d in enumerate(deals):
            if d.deal.trump_card is None:
                skipped += 1
                continue
            review = cache.get((i, system)) or annotate(d, system)
            cache[(i, system)] = review = solve_costs(review)
            puzzles.extend(moment_puzzles(review, source="review"))
        text, problems = proved_yaml(puzzles, rtext("puzzle_header", "en")) if puzzles else ("", [])
    except WhistError as exc:
        text, problems = "", [str(exc)]
    st.session_state[state.DEAL_REVIEW_MADE_ALL] = (system, text, tuple(problems), skipped, len(puzzles))


def _all_boards(lang: Lang) -> None:
    """Every board's costliest moments as one file of puzzles (a club session for the library)."""
    deals = st.session_state.get(DEALS_KEY) or ()
    if not any(d.deal.trump_card is not None for d in deals):
        return
    st.button(rtext("make_all", lang, n=len(deals)), key=state.DEAL_REVIEW_ALL, on_click=_on_make_all)
    made = st.session_state.get(state.DEAL_REVIEW_MADE_ALL)
    if not made or made[0] != (parse_system(st.session_state.get(SYSTEM_KEY) or "russian")):
        return
    _, text, problems, skipped, count = made
    if skipped:
        st.caption(rtext("skipped", lang, n=skipped))
    if not count and not problems:
        show_info(rtext("no_cost", lang))
        return
    _made_output(text, problems, lang, "review-puzzles.yaml", "all")


def _input(lang: Lang) -> None:
    # folded: Streamlit draws its own drop-zone words in English only; the page's words come first
    with st.expander(rtext("upload_open", lang), expanded=st.session_state.get(UPLOAD_KEY) is not None):
        st.file_uploader(rtext("upload", lang), type=["pbn", "json", "txt"], key=UPLOAD_KEY)
    st.text_area(rtext("paste", lang), key=TEXT_KEY, height=140, placeholder=rtext("paste_hint", lang))
    row = st.container(horizontal=True, gap="small")
    row.button(rtext("go", lang), key=state.DEAL_REVIEW_GO, on_click=_on_go, type="primary")
    session = st.session_state.get(state.PLAY_SESSION)
    if getattr(session, "records", None):
        row.button(rtext("from_play", lang), key=state.DEAL_REVIEW_FROM_PLAY, on_click=_on_from_play)
    st.selectbox(rtext("system", lang), SYSTEMS, key=SYSTEM_KEY, format_func=lambda s: t(f"system.{s}", lang))
    if st.session_state.get(ERROR_KEY):
        show_error(rtext("error", lang, error=st.session_state[ERROR_KEY]))


def render(standalone: bool = False) -> None:
    """Draw the page (one script pass); ``standalone``: run as its own script (the AppTest)."""
    lang = current_lang()
    if standalone:
        st.html(f"<style>{CSS}{deck_css(four_colour())}</style>")
    st.title(t("nav.review", lang))
    st.caption(rtext("intro", lang))
    _input(lang)
    deals = st.session_state.get(DEALS_KEY) or ()
    if not deals:
        return
    if len(deals) > 1:
        st.selectbox(rtext("choose_board", lang), list(range(len(deals))), key=BOARD_KEY, on_change=_on_board,
                     format_func=lambda i: rtext("board", lang, n=deals[i].board if deals[i].board is not None else i + 1)
                     + (f" — {deals[i].title}" if deals[i].title else ""))
    try:
        review = current_review()
    except WhistError as exc:
        show_error(str(exc))
        return
    assert review is not None
    total = len(review.notes)
    step = int(st.session_state.get(STEP_KEY) or 1)
    step = min(max(step, 1), total)
    st.markdown(_trump_line(review, lang))
    table_state, trick = _position(review, step)
    hands = {s: table_state.hand(s) for s in Seat}
    trump_card = review.deal.trump_card
    if trump_card is not None and trump_card not in hands[review.deal.dealer]:
        trump_card = None
    st.html(table_html(hands, dealer=review.deal.dealer, trump_card=trump_card, lang=lang, me=Seat.S, trick=trick,
                       trump=review.deal.trump, seated=False))
    note = review.notes[step - 1]
    st.caption(rtext("where", lang, card=step, total=total, trick=note.trick,
                     ns=table_state.tricks_won(Side.NS), ew=table_state.tricks_won(Side.EW)))
    _steps(review, step, lang)
    _note(note, review, lang)
    _puzzle(review, note, lang)
    _costliest(review, lang)
    _summary(review, lang)
    _all_boards(lang)
    _solve_rest(lang)


if __name__ == "__main__":
    render(standalone=True)
