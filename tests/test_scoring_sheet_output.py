"""The score sheet as the learner reads it (`play-deal`, the Play page): every line pinned, in
English and Russian, for a russian robber of three parties and an english rubber with an honour
that came too late (000 REC 1, 7, 8; 000 "Порядок карт и роберы" 4-7; Laws of Short Whist 5, 8-9).

The sheet is shown as text, so its wording and columns are behaviour: these tests fail on any
change of a label, a column, the line, the order above/below, or a figure.
"""

from __future__ import annotations

from test_scoring import deal_with
from test_scoring_sheet import _rec8_deals, leve
from tutor.scoring import ScoreSheet
from tutor.seats import Side

NS, EW = Side.NS, Side.EW
RULE = "─" * 42


def _russian_robber() -> ScoreSheet:
    """000 REC 8's partie (EW finish it with fewer points), then NS and EW one partie each."""
    sheet = ScoreSheet("russian")
    for deal, tricks in _rec8_deals():
        sheet.score(deal, tricks)
    sheet.record(leve(NS, 10))
    sheet.record(leve(EW, 10))
    return sheet


def _english_rubber() -> ScoreSheet:
    """Laws of Short Whist 5: NS make game by tricks on deal 3, EW's honours on it do not count."""
    sheet = ScoreSheet("english-short")
    plain, held = deal_with("H"), deal_with("H", E="HA HK HQ HJ", N="HT")
    sheet.score(plain, "NS=10")
    sheet.score(plain, "EW=9")
    sheet.score(held, "NS=7")
    sheet.score(plain, "NS=11")
    return sheet


def test_russian_robber_sheet_reads_above_the_line_then_below_then_the_netted_partie():
    """000 REC 1 (honours and coronkas above, leve below), REC 8 (41 - 31 -> 10 / 0), and
    "Порядок карт и роберы" 7 (5 for a partie, 10 for the robber)."""
    assert _russian_robber().lines("en") == [
        "Russian whist (partie and rubber)",
        "                                  NS    EW",
        "Partie 1",
        "  deal 1 honours                         4",
        "  deal 1 coronka                  20      ",
        "  deal 2 honours                   2      ",
        "  deal 2 coronka                  10      ",
        "  deal 2 coronka                        10",
        "  deal 3 honours                         2",
        "  deal 3 coronka                   5      ",
        "  partie bonus                           5",
        RULE,
        "  deal 1 leve                      4      ",
        "  deal 2 leve                            6",
        "  deal 3 leve                            4",
        "  partie to EW: NS 41 / EW 31 → NS 10, EW 0",
        "Partie 2",
        "  partie bonus                     5      ",
        RULE,
        "  deal 4 leve                     10      ",
        "  partie to NS: NS 15 / EW 0 → NS 15, EW 0",
        "Partie 3",
        "  partie bonus                           5",
        RULE,
        "  deal 5 leve                           10",
        "  partie to EW: NS 0 / EW 15 → NS 0, EW 15",
        "rubber bonus                            10",
        "Totals                            25    25",
        "Rubber won by EW",
    ]


def test_russian_robber_sheet_in_russian_uses_the_seed_words():
    """The seeds' words: партия, сдача, онеры, коронка, леве, за партию, за робер."""
    assert _russian_robber().lines("ru") == [
        "Русский вист (партии и робер)",
        "                                  NS    EW",
        "Партия 1",
        "  сдача 1 онеры                          4",
        "  сдача 1 коронка                 20      ",
        "  сдача 2 онеры                    2      ",
        "  сдача 2 коронка                 10      ",
        "  сдача 2 коронка                       10",
        "  сдача 3 онеры                          2",
        "  сдача 3 коронка                  5      ",
        "  за партию                              5",
        RULE,
        "  сдача 1 леве                     4      ",
        "  сдача 2 леве                           6",
        "  сдача 3 леве                           4",
        "  партия за EW: NS 41 / EW 31 → NS 10, EW 0",
        "Партия 2",
        "  за партию                        5      ",
        RULE,
        "  сдача 4 леве                    10      ",
        "  партия за NS: NS 15 / EW 0 → NS 15, EW 0",
        "Партия 3",
        "  за партию                              5",
        RULE,
        "  сдача 5 леве                          10",
        "  партия за EW: NS 0 / EW 15 → NS 0, EW 15",
        "за робер                                10",
        "Итого                             25    25",
        "Робер выиграли EW",
    ]


def test_english_rubber_sheet_marks_the_honours_that_came_too_late():
    """Laws of Short Whist 5 (tricks before honours), 8-9 (game values 1 and 3, rubber +2)."""
    sheet = _english_rubber()
    assert sheet.lines("en") == [
        "English short whist",
        "                                  NS    EW",
        "Game 1",
        "  game value                       1      ",
        RULE,
        "  deal 1 odd tricks                4      ",
        "  deal 2 odd tricks                      3",
        "  deal 3 odd tricks                1      ",
        "  deal 3 honours (not counted)           4",
        "  game to NS: NS 1, EW 0",
        "Game 2",
        "  game value                       3      ",
        RULE,
        "  deal 4 odd tricks                5      ",
        "  game to NS: NS 3, EW 0",
        "rubber bonus                       2      ",
        "Totals                             6     0",
        "Rubber won by NS",
    ]
    assert sheet.lines("ru") == [
        "Английский короткий вист",
        "                                  NS    EW",
        "Игра 1",
        "  цена игры                        1      ",
        RULE,
        "  сдача 1 взятки сверх шести       4      ",
        "  сдача 2 взятки сверх шести             3",
        "  сдача 3 взятки сверх шести       1      ",
        "  сдача 3 онеры (не в счёт)              4",
        "  игра за NS: NS 1, EW 0",
        "Игра 2",
        "  цена игры                        3      ",
        RULE,
        "  сдача 4 взятки сверх шести       5      ",
        "  игра за NS: NS 3, EW 0",
        "за робер                           2      ",
        "Итого                              6     0",
        "Робер выиграли NS",
    ]


def test_sheet_of_a_partie_in_progress_has_no_result_and_no_winner():
    """While a partie goes on the sheet shows its entries and the running totals, nothing more."""
    sheet = ScoreSheet("russian")
    sheet.record(leve(NS, 4))
    assert sheet.lines("en") == [
        "Russian whist (partie and rubber)",
        "                                  NS    EW",
        "Partie 1",
        RULE,
        "  deal 1 leve                      4      ",
        "Totals                             4     0",
    ]
    assert sheet.lines() == sheet.lines("en")


def _entry(deal: int, side: str, what: str, points: int, where: str, counted: bool = True) -> dict[str, object]:
    return {"deal": deal, "side": side, "what": what, "points": points, "where": where, "counted": counted}


def test_english_rubber_json_has_every_game_entry_and_the_rubber_bonus():
    """design.md's sheet shape: games numbered from 1, their entries (deal 0 for what the end of
    a game writes), below/above counting only counted entries, the final rubber bonus."""
    assert _english_rubber().to_json() == {
        "ruleset": "english-short",
        "games": [
            {"number": 1, "winner": "NS", "below": {"NS": 5, "EW": 3}, "above": {"NS": 1, "EW": 0},
             "result": {"NS": 1, "EW": 0},
             "entries": [_entry(1, "NS", "odd-tricks", 4, "below"), _entry(2, "EW", "odd-tricks", 3, "below"),
                         _entry(3, "NS", "odd-tricks", 1, "below"), _entry(3, "EW", "honours", 4, "below", False),
                         _entry(0, "NS", "game", 1, "above")]},
            {"number": 2, "winner": "NS", "below": {"NS": 5, "EW": 0}, "above": {"NS": 3, "EW": 0},
             "result": {"NS": 3, "EW": 0},
             "entries": [_entry(4, "NS", "odd-tricks", 5, "below"), _entry(0, "NS", "game", 3, "above")]},
        ],
        "final": [_entry(0, "NS", "rubber", 2, "above")],
        "games_won": {"NS": 2, "EW": 0},
        "totals": {"NS": 6, "EW": 0},
        "is_over": True,
        "winner": "NS",
    }


def test_russian_sheet_json_shows_the_partie_in_progress_without_a_winner():
    """000 "Порядок карт и роберы" 7: the finished partie carries its 5; the one in progress has
    no winner yet and its running points count in the totals."""
    sheet = ScoreSheet()
    sheet.record(leve(NS, 10))
    sheet.record(leve(EW, 4))
    assert sheet.ruleset.name == "russian"
    assert sheet.to_json() == {
        "ruleset": "russian",
        "games": [
            {"number": 1, "winner": "NS", "below": {"NS": 10, "EW": 0}, "above": {"NS": 5, "EW": 0},
             "result": {"NS": 15, "EW": 0},
             "entries": [_entry(1, "NS", "leve", 10, "below"), _entry(0, "NS", "partie", 5, "above")]},
            {"number": 2, "winner": None, "below": {"NS": 0, "EW": 4}, "above": {"NS": 0, "EW": 0},
             "result": {"NS": 0, "EW": 4}, "entries": [_entry(2, "EW", "leve", 4, "below")]},
        ],
        "final": [],
        "games_won": {"NS": 1, "EW": 0},
        "totals": {"NS": 15, "EW": 4},
        "is_over": False,
        "winner": None,
    }


def test_russian_robber_bonus_is_written_as_robber():
    """000 "Порядок карт и роберы" 7: the russian sheet writes "robber" (10), the others "rubber"."""
    assert _russian_robber().to_json()["final"] == [_entry(0, "EW", "robber", 10, "above")]
