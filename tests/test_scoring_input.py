"""What the scoring reads and the errors it gives (the CLI's `score`/`honours` print them as one
line, so their wording is behaviour), and the rules the mutation run found unpinned
(000 REC 3, 8, 9; 000 "Ошибки"; Laws of Short Whist 4-5; 004 "Ренонсирование")."""

from __future__ import annotations

import re

import pytest

from test_scoring import deal_with
from tutor.deal import Deal
from tutor.rulesets import find_ruleset
from tutor.scoring import (
    ScoreError,
    ScoreItem,
    coronkas,
    honours,
    item_maxim,
    parse_standing,
    parse_tricks,
    score_deal,
    what_label,
)
from tutor.seats import Side

NS, EW = Side.NS, Side.EW


def _raises(text: str):
    return pytest.raises(ScoreError, match=f"^{re.escape(text)}$")


# -- trick counts -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("given", "message"),
    [
        (14, "a side takes 0 to 13 tricks, not 14"),
        (-1, "a side takes 0 to 13 tricks, not -1"),
        ("", "not a trick count: '' (write NS=8 or EW=5)"),
        (",", "not a trick count: ',' (write NS=8 or EW=5)"),
        (" ; ", "not a trick count: ' ; ' (write NS=8 or EW=5)"),
        ("NS8", "not a trick count: 'NS8' (write NS=8 or EW=5)"),
        ("XY=3", "not a side: 'XY' in 'XY=3' (use NS or EW)"),
        ("NS=14", "a side takes 0 to 13 tricks, not 14 (NS=14)"),
        ("NS=8,NS=7", "NS given twice: 'NS=8,NS=7'"),
        ("NS=8,EW=4", "the two sides' tricks must add up to 13: 'NS=8,EW=4'"),
    ],
)
def test_a_bad_trick_count_is_refused_with_the_way_to_write_it(given, message):
    """A side takes 0 to 13 of the 13 tricks (000 "Масти и взятки"); separators alone are no
    count (they were once read as "NS took 0", an EW grand slam)."""
    with _raises(message):
        parse_tricks(given)


@pytest.mark.parametrize("given", [None, True, 8.0, "   "])
def test_what_is_no_text_and_no_whole_number_is_no_trick_count(given):
    with _raises(f"not a trick count: {given!r} (write NS=8 or EW=5)"):
        parse_tricks(given)


def test_thirteen_and_zero_tricks_are_counts():
    assert parse_tricks(13) == 13 and parse_tricks(0) == 0
    assert parse_tricks("EW=13") == 0 and parse_tricks("NS=0") == 0 and parse_tricks("EW=0") == 13


# -- standing ----------------------------------------------------------------------------------
@pytest.mark.parametrize("given", ["NS=4", {"NS": 4}, {NS: 4}])
def test_a_side_not_named_in_the_standing_stands_at_zero_ns(given):
    assert parse_standing(given) == {NS: 4, EW: 0}


@pytest.mark.parametrize("given", ["EW=2", {"EW": 2}, {EW: 2}])
def test_a_side_not_named_in_the_standing_stands_at_zero_ew(given):
    assert parse_standing(given) == {NS: 0, EW: 2}


def test_a_bad_standing_is_refused_with_the_way_to_write_it():
    with _raises("not a standing score: 'NS4' (write NS=4,EW=2)"):
        parse_standing("NS4")
    with _raises("a standing score cannot be negative"):
        parse_standing({"NS": -1})


# -- defaults: the russian rules ----------------------------------------------------------------
def test_the_russian_rules_are_the_default_everywhere():
    """The tutor teaches russian whist first (000): honours, coronkas and a deal's score default to it."""
    d = deal_with("H", N="HA HK HQ HJ HT")
    assert honours(d) == honours(d, "russian")
    assert honours(d).NS.points == 5
    assert coronkas(d) == coronkas(d, "russian") != []
    assert score_deal(d, "NS=8").ruleset == "russian"
    assert what_label("revoke") == "revoke penalty" and what_label("revoke", "ru") == "штраф за ренонс"


def test_the_maxim_of_an_entry_is_found_by_the_rule_sets_name_or_the_rule_set():
    assert item_maxim("honours", find_ruleset("russian")) == item_maxim("honours", "russian") == "honours-five"


# -- errors of the full deal and of items -------------------------------------------------------
def test_honours_and_coronkas_need_all_thirteen_cards_a_hand():
    """000 REC 3, 9: honours and coronkas are counted from the hands as dealt."""
    d = Deal.from_pbn("N:AKQ.-.-.- JT9.-.-.- 876.-.-.- 543.-.-.-", trump="S")
    with _raises("honours are counted from the full deal; this one has 3 cards a hand"):
        honours(d)
    with _raises("coronkas are counted from the full deal; this one has 3 cards a hand"):
        coronkas(d)


def test_a_score_item_names_its_kind_and_its_place():
    with _raises("unknown score item 'bonus'"):
        ScoreItem(NS, "bonus", 1, "below")
    with _raises("a score item is written above or below the line, not 'beside'"):
        ScoreItem(NS, "leve", 1, "beside")  # type: ignore[arg-type]


# -- coronkas -----------------------------------------------------------------------------------
def test_a_run_not_from_the_ace_is_no_coronka():
    """000 REC 9: a coronka runs from the ace; K Q J 10 without the ace is none."""
    d = deal_with("H", N="SK SQ SJ ST S9")
    assert [c for c in coronkas(d) if c.suit.name == "S"] == []


# -- revokes ------------------------------------------------------------------------------------
def test_each_revoke_of_a_side_costs_three_tricks():
    """000 "Ошибки" (russian): the opponents may take three tricks for each revoke; two revokes
    by one side move six."""
    ds = score_deal(deal_with("H"), "NS=5", revokes=["EW", "EW"], revoke_penalty="tricks")
    assert dict(ds.tricks) == {NS: 11, EW: 2}
    assert ds.transferred == ((NS, 6),)


def test_tricks_moved_by_revokes_of_both_sides_are_listed_ew_then_ns():
    ds = score_deal(deal_with("H"), "NS=7", revokes=["EW", "NS"], revoke_penalty="tricks")
    assert ds.transferred == ((EW, 3), (NS, 3))
    assert dict(ds.tricks) == {NS: 7, EW: 6}


def test_revokes_may_be_named_by_side_or_seat():
    d = deal_with("H")
    by_text = score_deal(d, "NS=5", revokes=["EW"], revoke_penalty="tricks")
    assert score_deal(d, "NS=5", revokes=[EW], revoke_penalty="tricks") == by_text
    assert score_deal(d, "NS=5", revokes=["W"], revoke_penalty="tricks") == by_text


# -- a revoking side cannot win the game on that deal ---------------------------------------------
def test_american_side_at_six_that_revoked_writes_nothing_below():
    """004 "Ренонсирование": the side that revoked cannot win the game on that deal; at six of
    seven it has no room left, so its tricks write nothing."""
    ds = score_deal(deal_with("H"), "NS=13", "american", revokes=["NS"], standing="NS=6")
    assert [i for i in ds.items if i.side is NS and i.where == "below"] == []


def test_english_revoking_side_is_held_one_short_over_all_its_items():
    """Laws of Short Whist (revoke): the revoking side cannot make game on that deal, tricks and
    honours together stop at four of five."""
    d = deal_with("H", N="HA HK HQ HJ")
    ds = score_deal(d, "NS=13", "english-short", revokes=["NS"])
    assert [(i.what, i.points) for i in ds.items if i.side is NS] == [("odd-tricks", 4)]


def test_the_other_sides_items_are_written_after_a_side_held_short_writes_nothing():
    d = deal_with("H", E="HA HK HQ HJ")
    ds = score_deal(d, "NS=13", "english-short", revokes=["NS"], standing="NS=4")
    assert [(i.side, i.what, i.points) for i in ds.items] == [(EW, "honours", 4)]


# -- the sheet refuses what does not belong on it, in words -----------------------------------------
def test_the_sheet_says_why_it_refuses_a_deal():
    from test_scoring_sheet import leve
    from tutor.scoring import ScoreSheet

    sheet = ScoreSheet("english-short")
    sheet.score(deal_with("H"), "NS=10")
    with _raises("this deal was scored for another standing; score it with standing NS=4,EW=0 (ScoreSheet.score)"):
        sheet.record(score_deal(deal_with("H"), "NS=8", "english-short"))
    with _raises("a deal scored under 'russian' rules cannot go on a 'english-short' sheet"):
        sheet.record(leve(NS, 2, "russian"))
    russian = ScoreSheet("russian")
    russian.record(leve(NS, 10))
    russian.record(leve(NS, 10))
    with _raises("the rubber is over; start a new sheet"):
        russian.record(leve(NS, 2))
