"""The club table of 003 (Раздел 5. Вист) and ``python -m tutor draw``: each test is named after the
sentence of 003 it checks, quoted."""

from __future__ import annotations

import json
import random

import pytest

from tutor.cards import Card, parse_card
from tutor.cli import main
from tutor.club import ClubDraw, ClubError, ClubEvening, Drawn, draw_club, draw_rank, draw_table
from tutor.seats import Seat, Side

NAMES = ("You", "Anna", "Boris", "Vera", "Gleb", "Dina")


def test_pri_zherebyovke_tuz_schitaetsya_mladshey_kartoy():
    """003 «Старшинство карт»: «При жеребьевке туз считается младшей картой» -- lower than the two."""
    assert draw_rank(parse_card("SA")) == 1 < draw_rank(parse_card("C2")) == 2 < draw_rank(parse_card("HK")) == 13


def test_chetyre_igroka_vzyavshie_samye_starshie_karty_pervymi_vstupayut_v_igru():
    """003 «Число игроков»: «Четыре игрока, взявшие из колоды самые старшие (в номинале) карты,
    получают право первыми вступить в игру»: with five or six, the four highest cards play (the ace
    low), the rest wait; a tie at the cut is drawn again."""
    for seed in range(200):
        for n in (5, 6):
            d = draw_club(random.Random(seed), NAMES[:n])
            last = {x.player: draw_rank(x.card) for x in d.rounds[-1]}
            assert len(d.playing) == 4 and len(d.waiting) == n - 4
            assert min(last[p] for p in d.playing) > max(last[p] for p in d.waiting)
            for earlier in d.rounds[:-1]:  # a round drawn again had a tie across the cut
                ranks = sorted((draw_rank(x.card) for x in earlier), reverse=True)
                assert ranks[3] == ranks[4]
    aces = [draw_club(random.Random(s), NAMES[:5]) for s in range(400)]
    assert any(any(x.card.rank == parse_card("SA").rank and x.player in d.waiting for x in d.rounds[-1])
               for d in aces)  # an ace drawn waits: it is the lowest card


def test_vzyavshie_starshie_karty_igrayut_protiv_mladshikh_pravo_vybora_za_mladshey():
    """003 «Жеребьевка»: «Участники, взявшие карты, играют в качестве партнеров против игроков,
    которым достались младшие карты. Право выбора колоды и мест остается за младшей картой»; and 000
    «Первым сдает тот, кто выбирает место: тот, у кого самая младшая карта»."""
    for seed in range(100):
        t = draw_table(random.Random(seed), NAMES[:4])
        rank = {x.player: draw_rank(x.card) for x in t.rounds[-1]}
        assert min(rank[p] for p in t.high) > max(rank[p] for p in t.low)
        assert rank[t.chooser] == min(rank.values())
        assert t.seats[t.dealer] == t.chooser
        sides = {p: s.side for s, p in t.seats.items()}
        assert sides[t.high[0]] == sides[t.high[1]] != sides[t.low[0]] == sides[t.low[1]]
    with pytest.raises(ClubError):
        draw_table(random.Random(0), NAMES[:3])


def test_a_table_is_four_to_six_players():
    """003 «Число игроков»: «В жеребьевке - все игроки, если состав желающих расширяется до 5-6»."""
    for n in (3, 7):
        with pytest.raises(ClubError):
            draw_club(random.Random(0), NAMES[:3] if n == 3 else (*NAMES, "Egor"))


def test_svobodnye_igroki_zanimayut_mesta_igrokov_s_naibolee_nizkimi_rezultatami():
    """003: «После каждой игры свободные игроки занимают места действующих игроков с наиболее низкими
    результатами»; «За каждую заказанную взятку ... одно очко»: each player's result is his side's
    points (a point a trick over six), the waiting come in for the lowest, the four draw again."""
    ev = ClubEvening(NAMES[:6], seed=4)
    game = ev.play_game()
    for (ns, ew) in game.tricks:
        assert ns + ew == 13
    assert game.points[game.winner] >= 5
    by_side = {s.side: p for s, p in game.table.seats.items()}
    assert game.results[by_side[Side.NS]] == game.points[Side.NS]
    waiting_before = set(ev.waiting)
    out = set(ev.leaving(game))
    assert len(out) == 2 and all(game.results[p] <= min(game.results[q] for q in game.results if q not in out)
                                 for p in out)
    table = ev.rotate()
    assert set(table.seats.values()) == (set(game.results) - out) | waiting_before
    assert set(ev.waiting) == out
    ev.play_game()
    assert sum(g for _, _, g in ev.standings()) == 8


def test_draw_command_json_shows_every_card_who_plays_partners_dealer_and_who_waits(capsys):
    code = main(["draw", "--players", "5", "--seed", "7", "--json"])
    assert code == 0
    d = json.loads(capsys.readouterr().out)
    assert d["ace"] == "low" and len(d["players"]) == 5 and len(d["rounds"][-1]) == 5
    assert len(d["playing"]) == 4 and len(d["waiting"]) == 1
    assert d["table"]["dealer"] == d["table"]["chooses"] and sorted(d["table"]["seats"]) == ["E", "N", "S", "W"]
    for r in d["rounds"][-1]:
        assert r["rank"] == (1 if r["card"][1] == "A" else draw_rank(Card.parse(r["card"])))


def test_draw_command_evening_prints_the_running_table(capsys):
    code = main(["draw", "--players", "5", "--seed", "2", "--games", "2", "--json"])
    assert code == 0
    d = json.loads(capsys.readouterr().out)
    assert len(d["games"]) == 2 and len(d["waiting"]) == 1
    totals = {r["player"]: r["points"] for r in d["standings"]}
    for p in totals:
        assert totals[p] == sum(g["results"].get(p, 0) for g in d["games"])


@pytest.mark.parametrize("argv", [["draw", "--players", "3"], ["draw", "--players", "7"], ["draw", "--seed", "-1"],
                                  ["draw", "--games", "99"], ["draw", "--players", ""]])
def test_draw_bad_input_exits_2_with_one_line(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error:")


def test_drawn_and_club_draw_are_values():
    d = Drawn("You", parse_card("SA"))
    assert d.to_json() == {"player": "You", "card": "SA", "rank": 1}
    assert isinstance(draw_club(random.Random(1), NAMES[:4]), ClubDraw)
    assert Seat.S in draw_club(random.Random(1), NAMES[:4]).table.seats
