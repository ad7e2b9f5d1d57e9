"""The club evening on the Play page (003): the draw card by card, who plays and who waits, the
partners and the dealer, the evening's table of results, and the step from one game to the next.

Drawn by :mod:`tutor.ui.play_page` when its settings chose the club table: the page keeps the
:class:`tutor.club_session.ClubSession` under :data:`CLUB_KEY` and, while the learner plays a game,
that game's :class:`~tutor.club_session.ClubTableSession` under its own session key, so the table,
the hand, the review and the sheet are the Play page's own. When the learner waits, this module
shows the table's four and lets the robots play the game. Texts: ``tutor/locales/club.{en,ru}.yaml``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import streamlit as st

from tutor.cut import LEARNER, player_name
from tutor.errors import WhistError
from tutor.i18n import t
from tutor.locale_fmt import integer
from tutor.render import drawn_html
from tutor.seats import Seat
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info, show_success
from tutor.ui.common import show_html
from tutor.vocab import Lang

if TYPE_CHECKING:  # the evening (and its robots) is imported when the club table is chosen
    from tutor.club import ClubDraw, Drawn, TableDraw
    from tutor.club_session import ClubSession, Rotation

__all__ = ["CLUB_KEY", "WATCH_KEY", "NEXT_GAME_KEY", "ctext", "club_header", "club_waiting", "club_next_game",
           "club_standings", "finish_club_game"]

CLUB_KEY = state.PLAY_CLUB
WATCH_KEY = state.PLAY_CLUB_WATCH
NEXT_GAME_KEY = state.PLAY_CLUB_NEXT


def ctext(key: str, lang: Lang, **fmt: Any) -> str:
    """A club text in ``lang`` (``tutor/locales/club.{en,ru}.yaml``)."""
    return t(f"club.{key}", lang, **fmt)


def _names(names: Sequence[str], lang: Lang) -> str:
    return ", ".join(player_name(n, lang) for n in names)


def _round(rnd: Sequence[Drawn], lang: Lang, marks: dict[str, str] | None = None) -> str:
    return drawn_html([(player_name(d.player, lang), d.card) for d in rnd], lang, marks=marks)


def _table_draw(table: TableDraw, lang: Lang) -> None:
    """The four's second draw: every round card by card, then the partners and the chooser."""
    st.markdown(f"**{ctext('table.table_draw', lang)}**")
    last = len(table.rounds)
    for i, rnd in enumerate(table.rounds, 1):
        marks = {player_name(table.chooser, lang): ctext("table.deals", lang)} if i == last else None
        st.caption(ctext("table.table_round", lang, n=i))
        show_html(_round(rnd, lang, marks))
    if last > 1:
        st.caption(ctext("table.again", lang))
    hi, lo = table.high, table.low
    st.markdown(ctext("table.partners", lang, a=player_name(hi[0], lang), b=player_name(hi[1], lang),
                      c=player_name(lo[0], lang), d=player_name(lo[1], lang),
                      chooser=player_name(table.chooser, lang)))


def _first_draw(draw: ClubDraw, lang: Lang) -> None:
    """The evening's first draw: everyone's card, round by round, who plays and who waits."""
    last = len(draw.rounds)
    for i, rnd in enumerate(draw.rounds, 1):
        marks = {player_name(w, lang): ctext("table.waits", lang) for w in draw.waiting} if i == last else None
        st.caption(ctext("table.round", lang, n=i))
        show_html(_round(rnd, lang, marks))
    if last > 1:
        st.caption(ctext("table.again", lang))
    st.markdown(ctext("table.playing", lang, names=_names(draw.playing, lang)))
    if draw.waiting:
        st.markdown(ctext("table.waiting", lang, names=_names(draw.waiting, lang)))


def club_header(club: ClubSession, lang: Lang) -> None:
    """Above the table: the evening, the draw for this table (the first draw before the first game,
    the four's new draw after each), who sits where, the last game's result and rotation."""
    st.caption(ctext("table.intro", lang, n=len(club.evening.players)))
    st.markdown(f"**{ctext('table.game_line', lang, game=club.game_number)}**")
    if club.rotations:
        _rotation_lines(club.rotations[-1], lang)
    with st.expander(ctext("table.draw", lang), expanded=not club.evening.games):
        if not club.evening.games:
            _first_draw(club.evening.draw, lang)
        elif club.evening.waiting:
            st.markdown(ctext("table.waiting", lang, names=_names(club.evening.waiting, lang)))
        _table_draw(club.table, lang)
    seats = club.seats
    st.caption(ctext("table.seats", lang, seats=", ".join(
        f"{s.label(lang)} {player_name(seats[s], lang)}" for s in (Seat.S, Seat.W, Seat.N, Seat.E))))


def _rotation_lines(rot: Rotation, lang: Lang) -> None:
    game = rot.game
    winners = [p for p, v in game.results.items() if v == game.points[game.winner]]
    lost = max((v for v in game.points.values() if v != game.points[game.winner]), default=0)
    show_success(ctext("table.game_done", lang, game=game.number, winners=_names(winners, lang),
                       won=integer(game.points[game.winner], lang), lost=integer(lost, lang)))
    if rot.left:
        show_info(ctext("table.rotation", lang, left=_names(rot.left, lang), came=_names(rot.came, lang)))
    else:
        st.caption(ctext("table.rotation_none", lang))


def club_standings(club: ClubSession, lang: Lang) -> None:
    """The evening's running table: every player's points and games so far, the highest first."""
    st.subheader(ctext("table.standings", lang))
    rows = []
    for player, points, games in club.standings():
        name = player_name(player, lang)
        if player == LEARNER and lang == "en":
            name = f"{name} ✓"
        rows.append({ctext("table.col_player", lang): name, ctext("table.col_points", lang): integer(points, lang),
                     ctext("table.col_games", lang): integer(games, lang)})
    st.table(rows)


def _club_step(step: Callable[[ClubSession], object]) -> None:
    """A step of the evening from a callback: the robots' game, or the learner's put on the table;
    a refused one leaves its reason for the page."""
    club: ClubSession = st.session_state[CLUB_KEY]
    try:
        step(club)
    except WhistError as exc:
        st.session_state[state.PLAY_ERROR] = str(exc)
        return
    _after_rotation(club)


def _on_watch() -> None:
    _club_step(lambda club: club.watch_game())


def finish_club_game() -> None:
    """Callback of "Next game": the learner's game goes on the evening, the table rotates."""
    _club_step(lambda club: club.finish_game())


def _after_rotation(club: ClubSession) -> None:
    st.session_state[state.PLAY_ERROR] = None
    st.session_state[state.PLAY_NOTE] = None
    if club.session is not None:
        st.session_state[state.PLAY_SESSION] = club.session
        st.session_state[state.PLAY_LAST] = {"robots": club.session.opening_robot_cards, "flag": None}
    else:
        st.session_state.pop(state.PLAY_SESSION, None)
        st.session_state[state.PLAY_LAST] = None


def club_waiting(club: ClubSession, lang: Lang) -> None:
    """The learner waits this game: the four at the table, and the robots play it at his word."""
    if st.session_state.get(state.PLAY_ERROR):
        show_error(str(st.session_state[state.PLAY_ERROR]))
    show_info(ctext("table.you_wait", lang))
    st.button(ctext("table.watch", lang), key=WATCH_KEY, on_click=_on_watch, type="primary")


def club_next_game(lang: Lang) -> None:
    """The learner's game is over: the button to the next game (the rotation, the new draw)."""
    st.button(ctext("table.next_game", lang), key=NEXT_GAME_KEY, on_click=finish_club_game, type="primary")
