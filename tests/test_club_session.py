"""The club evening with the learner at the table (tutor/club_session.py), after 003: «После каждой
игры свободные игроки занимают места действующих игроков с наиболее низкими результатами»; «За каждую
заказанную взятку (т. е. взятку сверх шести) выигравшей стороне начисляется одно очко»."""

from __future__ import annotations

import pytest

from tutor.club import ClubError
from tutor.club_session import ClubSession, turned
from tutor.scoring import score_deal
from tutor.seats import Seat, Side
from tutor.session import SessionError, SessionOptions

OPTIONS = SessionOptions(samples=0, seed=3)


def _play_out(club: ClubSession) -> None:
    session = club.session
    assert session is not None
    while not club.game_over:
        if session.finished:
            session.next_deal()
        else:
            session.play(session.legal_cards()[0])


def test_the_learner_sits_south_with_the_tables_partners_and_order_kept():
    """Turning the table so that the learner sits South keeps who sits opposite whom and who plays
    after whom (003: partners by the four's draw; the seats are the lowest card's choice)."""
    seats = {Seat.N: "Anna", Seat.E: "Boris", Seat.S: "Vera", Seat.W: "You"}
    mine = turned(seats, "You")
    assert mine[Seat.S] == "You" and mine[Seat.N] == "Boris"  # Boris sat opposite West
    order = [seats[Seat((Seat.W + i) % 4)] for i in range(4)]
    assert [mine[Seat((Seat.S + i) % 4)] for i in range(4)] == order


def test_za_kazhduyu_vzyatku_sverkh_shesti_odno_ochko_the_learners_game_to_five():
    """The learner's club game is scored a point a trick over six (the ``simple`` rules), to five;
    the first dealer is the lowest card of the four's draw, and the deal passes to the left."""
    club = ClubSession(4, OPTIONS)
    session = club.session
    assert session is not None and session.options.rules == "simple" and club.learner_plays
    assert session.dealer == club.dealer and session.seating[club.dealer].name("en") == club.table.chooser
    _play_out(club)
    for i, rec in enumerate(session.records):
        odd = {Side.NS: max(rec.tricks_ns - 6, 0), Side.EW: max(7 - rec.tricks_ns, 0)}
        assert {s: rec.score.total(s, "below") for s in Side} == odd
        assert rec.score.items == score_deal(rec.deal, rec.tricks_ns, "simple").items
        assert rec.deal.dealer == Seat((club.dealer + i) % 4)
    assert max(session.sheet.totals.values()) >= 5
    with pytest.raises(SessionError, match="club rotates"):
        session.next_deal()


def test_posle_kazhdoy_igry_svobodnye_igroki_zanimayut_mesta_s_naibolee_nizkimi_rezultatami():
    """Six at the club: after each game the two waiting players take the places of the two lowest
    results; the evening's table adds each game's result to the player's points."""
    club = ClubSession(6, OPTIONS)
    for _ in range(3):
        waiting = club.evening.waiting
        if club.learner_plays:
            with pytest.raises(SessionError):
                club.watch_game()
            _play_out(club)
            rotation = club.finish_game()
        else:
            rotation = club.watch_game()
        game = rotation.game
        assert set(rotation.came) == set(waiting) and len(rotation.left) == 2
        assert all(game.results[p] <= min(v for q, v in game.results.items() if q not in rotation.left)
                   for p in rotation.left)
        assert set(club.table.seats.values()) == set(game.results) - set(rotation.left) | set(rotation.came)
    totals = {p: sum(g.results.get(p, 0) for g in club.evening.games) for p in club.evening.players}
    assert {p: v for p, v, _ in club.standings()} == totals


def test_a_club_game_cannot_be_finished_early_or_with_a_bad_number_of_players():
    club = ClubSession(4, OPTIONS)
    with pytest.raises(SessionError, match="finish this game first"):
        club.finish_game()
    with pytest.raises(ClubError, match="4 to 6"):
        ClubSession(7, OPTIONS)


def test_the_learners_results_are_his_sides_points():
    club = ClubSession(4, OPTIONS)
    _play_out(club)
    side = {Seat.S: Side.NS}
    sheet = club.session.sheet
    rotation = club.finish_game()
    assert rotation.game.results["You"] == sheet.totals[side[Seat.S]]
