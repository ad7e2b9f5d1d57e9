"""The Play page: a whole deal against maxim-following robots, every card checked.

A thin page over :class:`tutor.session.Session` (the terminal's ``play-deal`` drives the same
object): the table from South's seat with the trump card by the dealer until his turn in the first
trick and the trick as four cards at their seats, the hand as card faces that are the buttons
(legal cards raised, the others dimmed; :mod:`tutor.ui.cardpick`), the last trick kept in view,
the robots' cards with the maxim each followed, flags on unconventional cards (at once or in the
review), the review after the deal and the score sheet, drawn once.

The table and hand are one ``st.fragment``: a card click and the robots' replies rerun only that
part, not the whole app (the session object, with its robots, lives in session state). Take back
and Claim are enabled only when the session would accept them.

The page runs as its own script too (``streamlit run tutor/ui/play_page.py``), which is how the
AppTest starts it; the browser test opens it in the app at ``/play``. Its texts live in
``tutor/locales/play.{en,ru}.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

import streamlit as st

from tutor.cut import CLUB_TABLE
from tutor.errors import WhistError
from tutor.i18n import t
from tutor.render import CSS, deck_css, history_html, last_trick_html, table_html
from tutor.rulesets import RULESET_NAMES, RULESETS
from tutor.seats import Seat, Side
from tutor.strengths import STRENGTHS
from tutor.text import in_lang
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_success, show_warning
from tutor.ui.cardpick import card_hand, draw_hand_styles, four_colour
from tutor.ui.cayenne_table import catext, cayenne_panel
from tutor.ui.club_table import CLUB_KEY, club_header, club_next_game, club_standings, club_waiting, ctext
from tutor.ui.components import maxim_title
from tutor.ui.humbug_table import humbug_after_deal, humbug_table
from tutor.ui.lang import current_lang
from tutor.ui.rules import sheet_html
from tutor.variants import VARIANT_NAMES, parse_variant
from tutor.vocab import SYSTEMS, Lang, parse_system

if TYPE_CHECKING:  # the session (and its robots) is imported when the first deal is dealt
    from tutor.records import StudentCard
    from tutor.review import ReviewLine
    from tutor.robots import RobotCard
    from tutor.session import Session

__all__ = ["render", "ptext", "rule_cell", "SESSION_KEY", "can_undo", "can_claim"]

#: Session-state keys of this page (prefixed, so they cannot collide with other pages').
SESSION_KEY = state.PLAY_SESSION
LAST_KEY = state.PLAY_LAST
ERROR_KEY = state.PLAY_ERROR
NOTE_KEY = state.PLAY_NOTE
OPT = state.PLAY_OPT
#: The key of the box holding the table and the hand (its CSS class is ``st-key-wt-play-area``).
PLAY_AREA = "wt-play-area"
#: The Game choice that opens a club evening of 003 (tutor.ui.club_table), and its players by default.
CLUB = "club"
CLUB_PLAYERS = 5

def ptext(key: str, lang: Lang, **fmt: Any) -> str:
    """A Play-page text in ``lang`` (its texts live in ``tutor/locales/play.{en,ru}.yaml``)."""
    return t(f"play.{key}", lang, **fmt)


# -- actions (button callbacks: they change the session before the page is drawn) ---------------
def _new_session() -> None:
    from tutor.session import Session, SessionOptions

    table = st.session_state.get(OPT + "variant", "classic")
    options = SessionOptions(
        rules=st.session_state.get(OPT + "rules", "russian"),
        system=parse_system(st.session_state.get(OPT + "system", "russian")),
        flag=st.session_state.get(OPT + "flag", "now"),
        variant=parse_variant("classic" if table == CLUB else table),
        samples=int(st.session_state.get(OPT + "samples", 20)),
        seed=int(st.session_state.get(OPT + "seed", 1)),
        robots=st.session_state.get(OPT + "robots", "classic"),
    )
    st.session_state.pop(CLUB_KEY, None)
    if table == CLUB:  # a club evening of 003: the evening holds the learner's games
        from tutor.club_session import ClubSession

        club = ClubSession(int(st.session_state.get(OPT + "club_players", CLUB_PLAYERS)), options)
        st.session_state[CLUB_KEY] = club
        st.session_state[ERROR_KEY] = None
        st.session_state[NOTE_KEY] = None
        if club.session is None:
            st.session_state.pop(SESSION_KEY, None)
            st.session_state[LAST_KEY] = None
        else:
            st.session_state[SESSION_KEY] = club.session
            st.session_state[LAST_KEY] = {"robots": club.session.opening_robot_cards, "flag": None}
        return
    if options.variant.cayenne:  # the contract is named after the deal: its own session, the same table
        from tutor.cayenne_session import CayenneSession

        cayenne = CayenneSession(options)
        st.session_state[SESSION_KEY] = cayenne
        st.session_state[LAST_KEY] = {"robots": cayenne.opening_robot_cards, "flag": None}
        st.session_state[ERROR_KEY] = None
        st.session_state[NOTE_KEY] = None
        return
    if options.variant.humbug:  # two players and an exchange of hands: its own session and table
        from tutor.humbug_session import HumbugSession

        st.session_state[SESSION_KEY] = HumbugSession(options)
        st.session_state[ERROR_KEY] = None
        st.session_state[NOTE_KEY] = None
        st.session_state[LAST_KEY] = None
        return
    session = Session(options)
    st.session_state[SESSION_KEY] = session
    st.session_state[LAST_KEY] = {"robots": session.opening_robot_cards, "flag": None}
    st.session_state[ERROR_KEY] = None
    st.session_state[NOTE_KEY] = None


def _act(action: Callable[[Any], Any]) -> tuple[bool, Any]:
    """Run one action on the session: a refused one (an illegal card, a claim not certain)
    leaves its reason for the page to show and changes nothing else; a done one clears it."""
    try:
        result = action(st.session_state[SESSION_KEY])
    except WhistError as exc:
        st.session_state[ERROR_KEY] = str(exc)
        return False, None
    st.session_state[ERROR_KEY] = None
    return True, result


def _shown(robots: Any = (), flag: Any = None, note: str | None = None) -> None:
    """What the next run shows beside the table: the robots' cards, a flag, a note."""
    st.session_state[NOTE_KEY] = note
    st.session_state[LAST_KEY] = {"robots": robots, "flag": flag}


def _whole_page_if_over() -> None:
    """From a callback: a deal just ended (or the next began), so the review and the score sheet
    below the table change -- the whole page reruns at once (they are drawn outside the table's
    fragment, so an ordinary card click does not redraw them)."""
    session = st.session_state.get(SESSION_KEY)
    if session is not None and session.finished:
        st.rerun()


def _on_play(card: str) -> None:
    done, result = _act(lambda session: session.play(card))
    if done:
        _shown(result.robots, result.flag)
        _whole_page_if_over()


def _on_undo() -> None:
    if _act(lambda session: session.undo())[0]:
        _shown()


def _on_claim() -> None:
    if _act(lambda session: session.claim())[0]:
        _shown(note="claim_done")
        _whole_page_if_over()


def _on_next() -> None:
    done, opening = _act(lambda session: session.next_deal())
    if done:
        _shown(opening)
        st.rerun()  # the review of the last deal goes, the sheet below the table has its deal


# -- drawing --------------------------------------------------------------------------------------
def _settings(lang: Lang) -> None:
    """The table's settings, drawn only while their box is open (a click on it reruns the page):
    a new tab waits for the table, not for eight hidden widgets (issue 24, page ready). Each keeps
    its value for the session (``persist_state``); :func:`_new_session` reads them, or their
    defaults before the box was ever opened."""
    box = st.expander(ptext("settings", lang), key=state.PLAY_SETTINGS, on_change="rerun")
    if not box.open:
        return
    with box:
        c1, c2, c3 = st.columns(3)
        # by their names in the page's language, never the ids (issue 12 point 5)
        c1.selectbox(ptext("rules", lang), RULESET_NAMES, key=OPT + "rules",
                     format_func=lambda r: RULESETS[r].title.get(lang), persist_state="session")
        c2.selectbox(ptext("system", lang), SYSTEMS, key=OPT + "system",
                     format_func=lambda s_: t(f"system.{s_}", lang), persist_state="session")
        c3.radio(ptext("flag", lang), ("now", "review"), key=OPT + "flag",
                 format_func=lambda v: ptext("flag_" + v, lang), horizontal=True, persist_state="session")
        d1, d2, d3 = st.columns(3)
        d1.selectbox(ptext("variant", lang), (*VARIANT_NAMES, CLUB), key=OPT + "variant",
                     format_func=lambda v: ctext("title", lang) if v == CLUB else parse_variant(v).title(lang),
                     persist_state="session")
        d2.number_input(ptext("samples", lang), min_value=0, max_value=32, value=20, step=1, key=OPT + "samples",
                        persist_state="session")
        d3.number_input(ptext("seed", lang), min_value=0, max_value=2**32 - 1, value=1, step=1, key=OPT + "seed",
                        persist_state="session")
        st.radio(ptext("robots", lang), STRENGTHS, index=STRENGTHS.index("classic"), key=OPT + "robots",
                 format_func=lambda v: ptext("robots_" + v, lang), horizontal=True, persist_state="session")
        st.number_input(ctext("table.players", lang), min_value=CLUB_TABLE[0], max_value=CLUB_TABLE[1], value=CLUB_PLAYERS,
                        step=1, key=OPT + "club_players", persist_state="session")
        st.caption(ptext("humbug", lang))
        st.button(ptext("new_session", lang), on_click=_new_session, key=state.PLAY_NEW, type="primary")


def _robot_lines(session: Session, robots: Sequence[RobotCard], lang: Lang) -> None:
    """The robots' cards of the last click, each with the maxim (or note) it followed, as one
    compact block beside the hand (defect 3: below the fold on a phone). On a phone each line is
    the seat, the card and the maxim; the longer reason opens on a tap (``details``)."""
    if not robots:
        return
    wide: list[str] = []
    narrow: list[str] = []
    for rc in robots:
        name = session.seating[rc.seat].name(lang)
        # the maxim by its title in the learner's language (or the reading / search / habit note)
        head = rc.note[lang] if rc.note is not None else maxim_title(rc.maxim, lang)
        why = rc.explanation[lang]
        said = (f'<b>{escape(rc.seat.label(lang))} ({escape(name)}): {escape(rc.card.symbol(lang))}</b> — '
                f'<i>{escape(head)}</i>')
        wide.append(f"<li>{said} · {escape(why)}</li>")
        short = f"<b>{escape(rc.seat.label(lang))}: {escape(rc.card.symbol(lang))}</b> — <i>{escape(head)}</i>"
        narrow.append(f'<li><details class="wt-robot"><summary>{short}</summary>{escape(name)}: {escape(why)}'
                      f"</details></li>")
    title = f'<div class="wt-robots-title">{escape(ptext("robots_played", lang))}</div>'
    st.html(f'<div class="wt-robots wt-wide">{title}<ul>{"".join(wide)}</ul></div>'
            f'<div class="wt-robots wt-narrow"><ul>{"".join(narrow)}</ul></div>')


def _flag(card: StudentCard, lang: Lang) -> None:
    broken = ", ".join(f"«{maxim_title(m, lang)}»" if lang == "ru" else f"“{maxim_title(m, lang)}”"
                       for m in card.broken) or card.verdict
    text = in_lang(card.why, lang) or in_lang(card.explanation, lang)
    show_warning(f"{ptext('flag_title', lang, card=card.advised.symbol(lang))} ({broken}). {text}")


def _review(session: Session, lang: Lang) -> None:
    review = session.review()
    st.subheader(ptext("review", lang))
    show_info(review.summary(lang))
    rows = []
    for ln in review.lines:
        rows.append({
            # the columns a learner looks for first come first: on a phone the table scrolls
            # sideways inside its box and the last columns were out of sight (defect 20)
            ptext("col_trick", lang): ln.trick,
            ptext("col_card", lang): f"{'✓' if ln.conventional else '✗'} {ln.seat.label(lang)} {ln.card.symbol(lang)}",
            ptext("col_cost", lang): ln.cost,
            ptext("col_advised", lang): ln.advised.symbol(lang),
            ptext("col_maxim", lang): rule_cell(ln, lang),
            ptext("col_dd", lang): f"{ln.dd_before} → {ln.dd_after}",
        })
    st.table(rows)
    st.html(history_html(session.state.tricks, lang, trump=session.deal.trump))


def rule_cell(ln: ReviewLine, lang: Lang) -> str:
    """The review's «Правило» cell: the maxims the card broke, else the one behind the card
    advised; with no maxim at all (the only card, or none decides), the engine's own words for
    that -- never an empty cell (defect 22: trick 12 had none)."""
    titles = [maxim_title(m, lang) for m in (ln.broken or ln.maxims[:1])]
    if any(titles):
        return ", ".join(t_ for t_ in titles if t_)
    said = (ln.explanation.get(lang) or "").split(": ", 1)[-1].strip()  # "♠В: Это единственная…" -> the sentence
    return said or ptext("rule_none", lang)


def _sheet(session: Session, lang: Lang) -> None:
    """The robber's score sheet, drawn once, the classic way: every partie on one sheet (the
    same drawing as the rules calculator's, :func:`tutor.ui.rules.sheet_html`)."""
    club_game = getattr(session, "club_game", None)  # a club game: its sheet is the game, not a rubber
    st.subheader(ctext("table.sheet", lang, game=club_game) if club_game is not None else ptext("sheet", lang))
    st.html(sheet_html(session.sheet, lang))


def can_undo(session: Session) -> bool:
    """Take back is possible: the deal is not over and the student has played a card in it."""
    return not session.finished and any(type(m).__name__ == "StudentCard" for m in session.moves)


def can_claim(session: Session) -> bool:
    """Claim is possible: the student (or his dummy) is on lead, no card of the trick is down,
    and every remaining trick is certain (the session refuses any other claim)."""
    return bool(session.awaiting_student and not session.state.current and session.state.claim_is_certain())


def _last_trick(session: Session, lang: Lang) -> None:
    """The last finished trick stays in view once the next one has begun (it never vanishes);
    the trick before it is one click away -- only the last two may be looked at (000 «Ошибки» 8).
    On a desktop it is a small picture; on a phone one line of text beside the trick count, so
    the table, the trick, the feedback and the hand fit one screen (issue 24 point 3)."""
    tricks = session.state.tricks
    if not tricks or session.finished or not session.state.current:
        return  # no trick yet, or the last finished trick still lies in the middle of the table
    last, trump = tricks[-1], session.deal.trump
    won = last.winner(trump).label(lang) if last.complete else ""
    cards = " · ".join(f"{seat.label(lang)[:1]} {card.symbol(lang)}" for seat, card in last.plays())
    line = (f'<div class="wt-narrow wt-last-line">{escape(t("cards.last_trick", lang))}'
            f'{" (" + escape(t("cards.won_by", lang, seat=won)) + ")" if won else ""}: {escape(cards)}</div>')
    st.html(f'<div class="wt-wide">{last_trick_html(last, lang, trump=trump, me=Seat.S)}</div>{line}')


def _hand(session: Session, lang: Lang) -> None:
    """The hand of the seat to play (South, or the dummy in dummy whist) as cards to click: the
    legal ones raised, the others dimmed; a card typed and Enter plays too."""
    seat = session.state.to_play
    st.markdown(ptext("dummy_turn" if seat != Seat.S else "your_turn", lang, seat=seat.label(lang)))
    hand = tuple(session.state.hand(seat))
    card_hand(hand, key=state.PLAY_CARD, lang=lang, on_pick=_on_play, playable=session.legal_cards(), styled=False)


def _controls(session: Session, lang: Lang) -> None:
    undo_ok, claim_ok = can_undo(session), can_claim(session)
    row = st.container(horizontal=True, gap="small")
    row.button(ptext("undo", lang), key=state.PLAY_UNDO, on_click=_on_undo, disabled=not undo_ok,
               help=None if undo_ok else ptext("undo_off", lang))
    row.button(ptext("claim", lang), key=state.PLAY_CLAIM, on_click=_on_claim, disabled=not claim_ok,
               help=None if claim_ok else ptext("claim_off", lang))


@st.fragment
def _table_area(lang: Lang) -> None:
    """The table, the hand and what the last click did: a card click reruns only this part."""
    session = st.session_state.get(SESSION_KEY)
    if session is None:
        return
    last = st.session_state.get(LAST_KEY) or {"robots": (), "flag": None}
    # one keyed box, so the phone's styles (tutor/ui/common.py) tighten this part only
    with st.container(key=PLAY_AREA):
        _turn(session, last, lang)


def _turn(session: Session, last: dict[str, Any], lang: Lang) -> None:
    """One turn: the deal's line, the table, the last trick, what the last click did, the hand."""
    if session.variant.dummy:
        partner = ptext("dummy_partner", lang)
    elif session.variant.two_dummies:
        partner = ptext("two_dummies_partner", lang)
    else:
        partner = ptext("partner", lang, name=session.partner.name(lang))
    dealer = f"{session.dealer.label(lang)} ({session.seating[session.dealer].name(lang)})"
    game = getattr(session, "club_game", None)  # a club game of 003: its deals, no rubber
    line = (ctext("table.deal_info", lang, deal=session.deal_number, game=game, dealer=dealer) if game is not None
            else ptext("deal_info", lang, deal=session.deal_number, robber=session.robber, dealer=dealer))
    st.caption(line + " · " + partner)

    hands = session.visible_hands()
    mine_below = session.awaiting_student and session.state.to_play == Seat.S
    # the last trick beside the table on a desktop (the hand stays in view under them); on a
    # phone the columns stack and the last trick is one line of text
    table, beside = st.columns([3, 1], vertical_alignment="bottom")
    table.html(table_html(hands, dealer=session.dealer, trump_card=session.trump_card_on_table, lang=lang,
                          me=Seat.S, trick=session.display_trick(), trump=session.deal.trump, hand_below=mine_below))
    with beside:
        st.caption(ptext("tricks", lang, ns=session.state.tricks_won(Side.NS), ew=session.state.tricks_won(Side.EW)))
        _last_trick(session, lang)

    # what the last click did, between the table and the hand: in view on a phone (defect 3)
    if st.session_state.get(ERROR_KEY):
        show_error(f"{ptext('illegal', lang)}: {st.session_state[ERROR_KEY]}")
    if st.session_state.get(NOTE_KEY):
        show_success(ptext(st.session_state[NOTE_KEY], lang))
    if last.get("flag") is not None:
        _flag(last["flag"], lang)
    _robot_lines(session, last.get("robots") or (), lang)

    if session.awaiting_student:
        _hand(session, lang)
        _controls(session, lang)

    if not session.variant.dummy and session.draw is not None:
        with st.expander(ptext("draw", lang)):
            st.write(session.draw.describe(lang))

    if session.state.tricks and not session.finished:
        # Only the last two tricks may be looked at (000 «Ошибки» 8).
        with st.expander(ptext("last_tricks", lang)):
            st.html(history_html(session.state.last_tricks(), lang, trump=session.deal.trump))

    if session.finished:
        show_success(ptext("deal_over", lang, ns=session.records[-1].tricks_ns, ew=13 - session.records[-1].tricks_ns))
        if getattr(session, "game_over", False):  # a club game: the evening's next game, not a new rubber
            club_next_game(lang)
            return
        if session.sheet.is_over:
            show_info(ptext("robber_over", lang))
        st.button(ptext("next_deal", lang), key=state.PLAY_NEXT, on_click=_on_next, type="primary")


def _after_deal(lang: Lang) -> None:
    """Under the table, outside its fragment: the review of a finished deal and the score sheet.
    They change only when a deal ends or the next begins (those clicks rerun the whole page), so
    a card click does not send and redraw them."""
    session = st.session_state.get(SESSION_KEY)
    if session is None:
        return
    if session.finished:
        if getattr(session, "reviewable", True):
            _review(session, lang)
        else:  # Cayenne's nullo: the maxims and the double-dummy costs are made for winning tricks
            show_info(catext("table.nullo_review", lang))
            st.html(history_html(session.state.tricks, lang, trump=session.deal.trump))
    _sheet(session, lang)


def render(standalone: bool = False) -> None:
    """Draw the page (one Streamlit script pass). ``standalone``: run as its own script (the
    AppTest, ``streamlit run tutor/ui/play_page.py``), so it draws the styles the app's frame
    otherwise draws once for every page."""
    lang = current_lang()
    if standalone:
        st.html(f"<style>{CSS}{deck_css(four_colour())}</style>")
    st.title(ptext("title", lang))
    st.caption(ptext("intro", lang))
    _settings(lang)
    if SESSION_KEY not in st.session_state and CLUB_KEY not in st.session_state:
        try:
            _new_session()
        except WhistError as exc:
            show_error(str(exc))
            return
    draw_hand_styles(lang)  # once per page run: a card click (the fragment) sends no style sheet
    club = st.session_state.get(CLUB_KEY)
    if club is not None:
        club_header(club, lang)
        if club.session is None:
            club_waiting(club, lang)
        else:
            _table_area(lang)
            _after_deal(lang)
        club_standings(club, lang)
        return
    if st.session_state[SESSION_KEY].variant.humbug:
        # Humbug's table is drawn whole on every click (no fragment): a decision or the last card
        # changes what lies below the table too.
        humbug_table(lang)
        humbug_after_deal(lang)
        return
    session = st.session_state[SESSION_KEY]
    if session.variant.cayenne and cayenne_panel(session, lang):
        _sheet(session, lang)  # the learner names the contract: no table until he has
        return
    _table_area(lang)
    _after_deal(lang)


if __name__ == "__main__":
    render(standalone=True)
