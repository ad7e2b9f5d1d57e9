"""The club evening of 003 on the Play page (Streamlit's AppTest), in English and Russian: the draw
card by card with the ace low, who plays and who waits, partners and the dealer by the four's second
draw, the learner's game scored a point a trick over six, the waiting players coming in for the
lowest results, and the evening's table of results."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

pytest.importorskip("streamlit")
from streamlit.testing.v1 import AppTest

from appkit import play_page
from tutor.cut import player_name
from tutor.ui.club_table import CLUB_KEY, NEXT_GAME_KEY, WATCH_KEY, ctext
from tutor.ui.play_page import SESSION_KEY


def _page(players: int, seed: int, lang: str) -> AppTest:
    return play_page("club", lang, club_players=players, seed=seed)


def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [c.value for c in at.caption]
                     + [getattr(e, "value", "") for e in (*at.info, *at.success)])


def _htmls(at: AppTest) -> str:
    return html.unescape("\n".join(h.value for h in at.get("html")))


def _standings(at: AppTest) -> list[dict[str, str]]:
    table = at.table[-1].value
    return [dict(zip(table.columns, (str(v) for v in row))) for row in table.itertuples(index=False)]


def _finish_the_learners_game(at: AppTest) -> None:
    """Play the learner's game out through the session (the page's own object), one legal card at a
    time, deal after deal, until the game of five is over."""
    session = at.session_state[SESSION_KEY]
    while not session.game_over:
        if session.finished:
            session.next_deal()
        else:
            session.play(session.legal_cards()[0])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_club_evening_draw_table_game_rotation_and_the_evenings_table(lang):
    """003 «Число игроков», «Жеребьевка», «Подсчет очков»: six players draw (the ace low), the four
    highest play and two wait, the four draw again for partners and the deal; the learner plays South
    with his partner opposite; his game is scored a point a trick over six; "Next game" puts the
    results on the evening's table, the waiting two come in for the lowest results and the new four
    draw again."""
    at = _page(6, 3, lang)
    club = at.session_state[CLUB_KEY]
    draw = club.evening.draw
    shown = _htmls(at)
    for d in draw.rounds[-1]:  # every card of the draw, over its player's name
        assert player_name(d.player, lang) in shown and d.card.rank.display(lang) in shown
    texts = _texts(at)
    assert ctext("table.playing", lang, names=", ".join(player_name(p, lang) for p in draw.playing)) in texts
    assert ctext("table.waiting", lang, names=", ".join(player_name(p, lang) for p in draw.waiting)) in texts
    assert club.learner_plays and club.seats[club.dealer] == club.table.chooser
    session = at.session_state[SESSION_KEY]
    assert session is club.session and session.options.rules == "simple"
    partner = club.table.high[1] if club.table.high[0] == "You" else club.table.high[0]
    if "You" in club.table.low:
        partner = club.table.low[1] if club.table.low[0] == "You" else club.table.low[0]
    assert session.partner.name("en") == player_name(partner, "en")
    cards = [b for b in at.button if b.key and b.key.startswith("play:card:") and not b.disabled]
    cards[0].click().run()  # one card through the page, then the game to its end
    assert not at.exception, at.exception
    _finish_the_learners_game(at)
    at.run()
    keys = [b.key for b in at.button]
    assert NEXT_GAME_KEY in keys and "play:next" not in keys
    sheet = session.sheet
    assert sheet.is_over and max(sheet.totals.values()) >= 5
    at.button(key=NEXT_GAME_KEY).click().run()
    assert not at.exception, at.exception
    club = at.session_state[CLUB_KEY]
    game = club.evening.games[0]
    rotation = club.rotations[0]
    assert len(rotation.left) == 2 and set(rotation.came) == set(draw.waiting)
    assert set(rotation.left) <= set(draw.playing) and all(game.results[p] == min(game.results.values())
                                                           for p in rotation.left)
    rows = _standings(at)
    assert len(rows) == 6
    points = {r[ctext("table.col_player", lang)].replace(" ✓", ""): r[ctext("table.col_points", lang)] for r in rows}
    for player, value in game.results.items():
        assert points[player_name(player, lang)] == str(value)
    texts = _texts(at)
    assert ctext("table.game_line", lang, game=2) in texts
    assert ctext("table.rotation", lang, left=", ".join(player_name(p, lang) for p in rotation.left),
                 came=", ".join(player_name(p, lang) for p in rotation.came)) in texts


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_club_learner_waits_and_the_robots_play_the_game(lang):
    """Of five, the learner's card is the lowest (the ace low): he waits, sees the four at the table,
    and the robots play the game at his word; then he comes in for the lowest result."""
    at = _page(5, 2, lang)
    club = at.session_state[CLUB_KEY]
    assert club.evening.draw.waiting == ("You",) and not club.learner_plays
    assert SESSION_KEY not in at.session_state
    assert ctext("table.you_wait", lang) in _texts(at)
    at.button(key=WATCH_KEY).click().run()
    assert not at.exception, at.exception
    club = at.session_state[CLUB_KEY]
    assert len(club.evening.games) == 1 and club.learner_plays
    assert at.session_state[SESSION_KEY] is club.session
    rows = _standings(at)
    games = {r[ctext("table.col_player", lang)].replace(" ✓", ""): r[ctext("table.col_games", lang)] for r in rows}
    assert games[player_name("You", lang)] == "0" and sorted(games.values()).count("1") == 4


def test_a_cut_question_on_the_learn_page_is_answered_by_naming_the_player(app_env):
    """Lesson 17 on the Learn page (Russian): the cut's cards over the players' names and the custom;
    the answer is a button per player; a wrong name is told the rule of the cut without the right
    player; the right one is recorded as the player's name."""
    from appkit import db, start
    from tutor.ui import state
    from tutor.ui.learn import SCOPE

    lessons = app_env / "content" / "lessons"
    for old in lessons.glob("*.yaml"):
        old.unlink()
    (lessons / "17-who-deals.yaml").write_text(
        (Path(__file__).resolve().parents[1] / "lessons" / "17-who-deals.yaml").read_text(encoding="utf-8"),
        encoding="utf-8")
    at = start("ru", learner="Ann")
    assert not at.exception, at.exception
    shown = _htmls(at)
    for name in ("Вы", "Анна", "Борис", "Вера"):
        assert f">{name}<" in shown
    item = "who-deals/4"
    at.button(key=state.widget_key(SCOPE, item, "player-Anna")).click().run()
    assert not at.exception, at.exception
    assert at.error and at.error[0].value.startswith("Не Анна.") and "Вера" not in at.error[0].value
    at.button(key=state.widget_key(SCOPE, item, "retry")).click().run()
    at.button(key=state.widget_key(SCOPE, item, "player-Vera")).click().run()
    assert at.success and at.success[0].value.startswith("Верно: Вера")
    store = db(app_env)
    attempts = store.attempts(store.learner("Ann").id)
    assert [(a.correct, a.answer) for a in attempts] == [(False, "Anna"), (True, "Vera")]
