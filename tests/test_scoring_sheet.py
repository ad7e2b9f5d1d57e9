"""The score sheet: parties, games, netting and the robber/rubber (000 REC 2, 7, 8; 002; 004; Short Whist)."""

from __future__ import annotations

import pytest

from test_scoring import deal_with
from tutor.scoring import DealScore, ScoreError, ScoreItem, ScoreSheet, net_partie, score_deal
from tutor.seats import Side

NS, EW = Side.NS, Side.EW


def leve(side: Side, points: int, ruleset: str = "russian") -> DealScore:
    """A deal that writes nothing but tricks below the line."""
    return DealScore(ruleset=ruleset, items=(ScoreItem(side, "leve", points, "below"),))


# -- netting ------------------------------------------------------------------------------------
def test_partie_netting_example_of_000_rec8():
    """000 REC 8: A 12 6 5 8 5 5 = 41, B 5 4 5 5 6 6 = 31: A writes 10 above, B writes 0."""
    assert net_partie({NS: 12 + 6 + 5 + 8 + 5 + 5, EW: 5 + 4 + 5 + 5 + 6 + 6}) == {NS: 10, EW: 0}


def test_partie_netting_example_of_002():
    """002: "у перших 37, у других - 27. За вирахуванням 27, у перших залишається 10" -> 10 / 0."""
    assert net_partie({NS: 10 + 4 + 5 + 10 + 4 + 4, EW: 3 + 2 + 5 + 6 + 6 + 5}) == {NS: 10, EW: 0}


def _rec8_deals():
    """Three real deals whose entries add up to 000 REC 8's totals: NS 41, EW 31 with the partie
    bonus, EW reaching 10 below the line."""
    d1 = deal_with("H", E="HA HK S9", W="HQ HJ", N="HT SA SK SQ SJ ST")  # EW honours 4; N coronka 20
    d2 = deal_with("D", N="DA DK DQ", E="DJ DT CA CK CQ CJ", S="CT")  # NS honours 2 + trump coronka 10; E coronka 10
    d3 = deal_with("S", E="SA SK", W="SQ HJ", N="SJ ST", S="HA HK HQ")  # EW honours 2; S coronka 5
    return [(d1, "NS=8"), (d2, "EW=9"), (d3, "EW=8")]


def test_partie_counts_for_the_side_that_finished_it_even_with_zero():
    """000 REC 8: "если какая-нибудь из сторон выиграет партию даже с 'нулем' ... партия остается
    за нею"; the richer side keeps the difference above: NS 41 - EW 31 -> NS 10, EW 0."""
    sheet = ScoreSheet("russian")
    for deal, tricks in _rec8_deals():
        sheet.score(deal, tricks)
    (partie,) = sheet.games
    assert partie.winner is EW
    assert partie.total(NS) == 41 and partie.total(EW) == 31
    assert dict(partie.result) == {NS: 10, EW: 0}
    assert sheet.games_won(EW) == 1 and not sheet.is_over
    assert sheet.totals == {NS: 10, EW: 0}
    assert sheet.standing == {NS: 0, EW: 0}  # a new partie starts clean below the line


def test_partie_bonus_five_is_written_for_the_winner():
    """000 "Порядок карт и роберы" 7: "К окончанию партии приписывают 5 очков"."""
    sheet = ScoreSheet("russian")
    sheet.record(leve(NS, 6))
    sheet.record(leve(NS, 4))
    (partie,) = sheet.games
    assert [(e.item.side, e.item.what, e.item.points) for e in partie.entries if e.deal == 0] == [(NS, "partie", 5)]
    assert dict(partie.result) == {NS: 15, EW: 0}


def test_robber_two_parties_running_with_ten_bonus():
    """000 "Порядок карт и роберы" 4, 6, 7: a robber is two parties; +10 for it."""
    sheet = ScoreSheet("russian")
    for _ in range(2):
        sheet.record(leve(EW, 10))
    assert sheet.is_over and sheet.winner is EW and len(sheet.games) == 2
    assert sheet.totals == {NS: 0, EW: 15 + 15 + 10}
    with pytest.raises(ScoreError):
        sheet.record(leve(NS, 2))


def test_robber_two_of_three():
    """000 "Порядок карт и роберы" 6: "две партии подряд (или две из трех)"."""
    sheet = ScoreSheet("russian")
    sheet.record(leve(NS, 10))
    sheet.record(leve(EW, 12))
    assert not sheet.is_over
    sheet.record(leve(NS, 10))
    assert sheet.winner is NS and len(sheet.games) == 3
    assert sheet.totals == {NS: 15 + 15 + 10, EW: 17}


def test_sheet_draws_above_then_below_the_line():
    """000 REC 1: honours, coronkas and penalties above the horizontal line, the leve below it."""
    sheet = ScoreSheet("russian")
    for deal, tricks in _rec8_deals():
        sheet.score(deal, tricks)
    for lang, word in (("en", "leve"), ("ru", "леве")):
        lines = sheet.lines(lang)
        rule = next(i for i, l in enumerate(lines) if l.startswith("─"))
        honours_word = "honours" if lang == "en" else "онеры"
        assert any(honours_word in l for l in lines[:rule])
        assert all(word not in l for l in lines[:rule])
        assert any(word in l for l in lines[rule:])
    data = sheet.to_json()
    assert data["games"][0]["result"] == {"NS": 10, "EW": 0} and data["games"][0]["winner"] == "EW"
    assert data["is_over"] is False and data["winner"] is None


# -- english short whist ------------------------------------------------------------------------
def test_english_game_values_and_rubber_bonus():
    """Laws of Short Whist 1, 8-9: game of five; value 3 if losers 0, 1 if they have 3-4; rubber +2."""
    d = deal_with("H")  # no side holds three of A K Q J of hearts here
    sheet = ScoreSheet("english-short")
    sheet.score(d, "NS=11")  # 5 points: game, EW at 0
    assert [dict(g.result) for g in sheet.games] == [{NS: 3, EW: 0}]
    sheet.score(d, "EW=9")
    sheet.score(d, "NS=9")
    sheet.score(d, "NS=8")  # NS 5, EW 3
    assert sheet.is_over and sheet.winner is NS
    assert [dict(g.result)[NS] for g in sheet.games] == [3, 1]
    assert sheet.totals == {NS: 3 + 1 + 2, EW: 0}


def test_english_tricks_score_before_honours():
    """Laws of Short Whist 5: tricks score before honours, so the side that makes game by tricks
    wins even if the other side's honours would have taken it out too."""
    plain = deal_with("H")
    held = deal_with("H", E="HA HK HQ HJ", N="HT")
    sheet = ScoreSheet("english-short")
    sheet.score(plain, "NS=10")  # NS 4
    sheet.score(plain, "EW=9")  # EW 3
    sheet.score(held, "NS=7")  # NS 5 by tricks; EW's 4 honours would make 7 but come too late
    (game,) = sheet.games
    assert game.winner is NS
    assert [(e.item.what, e.counted) for e in game.entries if e.deal == 3] == [("odd-tricks", True), ("honours", False)]
    assert dict(game.result) == {NS: 1, EW: 0}  # losers at 3: a single game


def test_deal_scored_for_another_standing_is_refused():
    """Laws of Short Whist 4: honours depend on the standing, so a deal must be scored against the sheet."""
    sheet = ScoreSheet("english-short")
    sheet.score(deal_with("H"), "NS=10")
    with pytest.raises(ScoreError, match="standing"):
        sheet.record(score_deal(deal_with("H"), "NS=8", "english-short"))
    with pytest.raises(ScoreError):
        sheet.record(leve(NS, 2, "russian"))


# -- american and simple ------------------------------------------------------------------------
def test_american_game_of_seven_worth_seven_minus_losers():
    """004 "Игра": game is 7 points; its value is seven minus the losers' points."""
    d = deal_with("H")
    sheet = ScoreSheet("american")
    sheet.score(d, "NS=10")
    sheet.score(d, "EW=9")
    assert not sheet.is_over
    sheet.score(d, "NS=9")
    assert sheet.winner is NS and dict(sheet.games[0].result) == {NS: 4, EW: 0}


def test_american_revoking_side_cannot_win_on_that_deal():
    """004 "Ренонсирование": the side that revoked cannot win the game on that deal."""
    d = deal_with("H")
    sheet = ScoreSheet("american")
    sheet.score(d, "NS=10")  # NS 4
    sheet.score(d, "NS=13", revokes=["NS"])  # 11 tricks after the penalty, but held at 6
    assert sheet.standing == {NS: 6, EW: 0} and not sheet.is_over


def test_simple_first_side_to_five_wins():
    """001 §1, §8: the pair that first reaches five points wins; no bonuses."""
    d = deal_with("H")
    sheet = ScoreSheet("simple")
    sheet.score(d, "NS=8")
    sheet.score(d, "EW=10")
    sheet.score(d, "EW=7")
    assert sheet.winner is EW and sheet.totals == {NS: 2, EW: 5}
