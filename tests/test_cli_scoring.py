"""The ``honours``, ``score`` and ``deal`` commands: JSON shapes of design.md, tables, errors."""

from __future__ import annotations

import json

import pytest

from test_scoring import deal_with
from tutor.cli import main
from tutor.deal import Deal

# N holds A K Q J of spades (a plain coronka of 10) and, with S, the heart honours.
CORONKA_DEAL = deal_with("H", N="SA SK SQ SJ HA HK", S="HQ", E="ST HJ HT H9").pbn()


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_honours_json_shape_with_a_coronka(capsys):
    """design.md honours shape; 000 REC 3 (three honours 2) and REC 9 (A-K-Q-J plain 10)."""
    data = run_json(capsys, "honours", "--deal", CORONKA_DEAL, "--trump", "H", "--rules", "russian")
    assert data == {
        "NS": {"honours": 3, "points": 2},
        "EW": {"honours": 2, "points": 0},
        "coronkas": [{"seat": "N", "suit": "S", "length": 4, "trump": False, "points": 10}],
    }


def test_honours_table_in_both_languages(capsys):
    """A learner reads the table in English or Russian (team rule)."""
    code, out, _ = run(capsys, "honours", "--deal", CORONKA_DEAL, "--trump", "♥")
    assert code == 0 and "3 honours → 2 points" in out and "A-K-Q-J" in out
    code, out, _ = run(capsys, "honours", "--deal", CORONKA_DEAL, "--trump", "H", "--lang", "ru")
    assert code == 0 and "онеров 3 → 2" in out and "Т-К-Д-В" in out


@pytest.mark.parametrize("rules,ns", [("english-short", {"honours": 3, "points": 2}),
                                      ("simple", {"honours": 0, "points": 0}),
                                      ("american", {"honours": 0, "points": 0})])
def test_honours_under_other_rule_sets(capsys, rules, ns):
    """Short Whist law 3: A K Q J only, three of them 2 (the ten E holds is no honour there);
    001 and 004 have no honours; none of them has coronkas."""
    data = run_json(capsys, "honours", "--deal", CORONKA_DEAL, "--trump", "H", "--rules", rules)
    assert data["NS"] == ns and data["coronkas"] == []


def test_score_json_shape_small_slam_and_coronka(capsys):
    """design.md score shape; 000 REC 4-5: twelve tricks 12 below, slam 10 above; REC 9 coronka 10."""
    data = run_json(capsys, "score", "--deal", CORONKA_DEAL, "--trump", "H", "--tricks", "NS=12")
    assert data["below"] == {"NS": 12, "EW": 0}
    assert data["above"] == {"NS": 2 + 10 + 10, "EW": 0}
    whats = [(i["side"], i["what"], i["points"], i["where"]) for i in data["items"]]
    assert whats == [("NS", "leve", 12, "below"), ("NS", "honours", 2, "above"),
                     ("NS", "coronka", 10, "above"), ("NS", "small-slam", 10, "above")]


def test_score_grand_slam_for_the_other_side(capsys):
    """000 REC 6: thirteen tricks, 14 below and 20 above; EW=13 means NS took none."""
    data = run_json(capsys, "score", "--deal", CORONKA_DEAL, "--trump", "H", "--tricks", "EW=13")
    assert data["below"] == {"NS": 0, "EW": 14}
    assert ("EW", "grand-slam", 20, "above") in [(i["side"], i["what"], i["points"], i["where"]) for i in data["items"]]


def test_score_revoke_penalty_choice(capsys):
    """000 "Масти и взятки" 4: five points to the opponents, or three tricks they take."""
    pts = run_json(capsys, "score", "--deal", CORONKA_DEAL, "--trump", "H", "--tricks", "NS=7", "--revoke", "EW")
    assert {"side": "NS", "what": "revoke", "points": 5, "where": "above"} in pts["items"]
    tr = run_json(capsys, "score", "--deal", CORONKA_DEAL, "--trump", "H", "--tricks", "NS=7",
                  "--revoke", "EW", "--revoke-penalty", "tricks")
    assert tr["tricks"] == {"NS": 10, "EW": 3} and tr["below"]["NS"] == 8


@pytest.mark.parametrize("rules,below,above", [
    ("english-short", 6 + 2, 0),  # honours count towards the game, below the line
    ("simple", 6, 0),
    ("american", 6, 0),
])
def test_score_slam_under_other_rule_sets(capsys, rules, below, above):
    """001 §1, 004 "Игра", Short Whist 2-3: one point a trick over six, no slam bonus."""
    data = run_json(capsys, "score", "--deal", CORONKA_DEAL, "--trump", "H", "--tricks", "NS=12", "--rules", rules)
    assert data["below"]["NS"] == below and data["above"]["NS"] == above


def test_score_american_revoke_and_english_standing(capsys):
    """004: a revoke transfers two tricks; Short Whist 4: no honours for a side at four."""
    data = run_json(capsys, "score", "--deal", CORONKA_DEAL, "--trump", "H", "--tricks", "NS=9",
                    "--rules", "american", "--revoke", "N")
    assert data["tricks"] == {"NS": 7, "EW": 6} and data["below"]["NS"] == 1
    held = deal_with("H", E="HA HK", W="HQ HJ", N="HT").pbn()
    base = ["score", "--deal", held, "--trump", "H", "--tricks", "NS=7", "--rules", "english-short"]
    assert run_json(capsys, *base)["below"]["EW"] == 4
    assert run_json(capsys, *base, "--standing", "EW=4")["below"]["EW"] == 0


def test_score_table_draws_the_line(capsys):
    """000 REC 1: above the line honours and coronkas, below it the leve."""
    code, out, _ = run(capsys, "score", "--deal", CORONKA_DEAL, "--trump", "H", "--tricks", "NS=8")
    lines = out.splitlines()
    rule = next(i for i, l in enumerate(lines) if l.startswith("─"))
    assert code == 0 and any("coronka" in l for l in lines[:rule]) and "leve" in lines[rule + 1]


def test_trump_card_must_be_the_dealers_only_when_dealer_given(capsys):
    """000 "Сдача" 9: the turned-up card is the dealer's; without --dealer its holder is taken as dealer."""
    deal = Deal.from_pbn(CORONKA_DEAL, trump="H")
    holder = deal.holder("H2").name
    other = next(s for s in "NESW" if s != holder)
    assert run(capsys, "honours", "--deal", CORONKA_DEAL, "--trump", "H2")[0] == 0
    assert run(capsys, "honours", "--deal", CORONKA_DEAL, "--trump", "H2", "--dealer", holder)[0] == 0
    code, out, err = run(capsys, "honours", "--deal", CORONKA_DEAL, "--trump", "H2", "--dealer", other)
    assert code == 2 and err.startswith("error:") and "dealer" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [
    ["score", "--trump", "H", "--tricks", "NS=14"],
    ["score", "--trump", "H", "--tricks", "XX=3"],
    ["score", "--trump", "H", "--tricks", "NS=8", "--rules", "bridge"],
    ["score", "--trump", "H", "--tricks", "NS=8", "--rules", "simple", "--revoke", "NS"],
    ["score", "--trump", "H", "--tricks", "NS=8", "--rules", "american", "--revoke", "NS",
     "--revoke-penalty", "points"],
    ["honours", "--trump", "Z9"],
    ["honours", "--trump", "H", "--rules", "nope"],
])
def test_bad_input_is_one_error_line(capsys, argv):
    """design.md: bad input exits 2 with one line ``error: …`` on stderr, never a traceback."""
    code, out, err = run(capsys, argv[0], "--deal", CORONKA_DEAL, *argv[1:])
    assert code == 2 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1


def test_bad_deal_is_one_error_line(capsys):
    """A deal with a missing card is refused cleanly."""
    code, _, err = run(capsys, "honours", "--deal", "N:AKQ... - - -", "--trump", "S")
    assert code == 2 and err.startswith("error: ")


def test_deal_command_is_seeded_and_follows_the_laws(capsys):
    """000 "Сдача" 9, 17: the last card is the dealer's trump card; the player on his left leads."""
    a = run_json(capsys, "deal", "--seed", "11", "--dealer", "N")
    b = run_json(capsys, "deal", "--seed", "11", "--dealer", "N")
    assert a == b and set(a) == {"pbn", "dealer", "trump_card", "leader"}
    assert a["dealer"] == "N" and a["leader"] == "E"
    deal = Deal.from_pbn(a["pbn"], dealer="N", trump_card=a["trump_card"])
    assert a["trump_card"] in [str(c) for c in deal.hands[deal.dealer]]
    code, out, _ = run(capsys, "deal", "--seed", "11", "--lang", "ru")
    assert code == 0 and "Сдаёт: Восток" in out and "Зерно: 11" in out
    code, _, err = run(capsys, "deal", "--dealer", "X")
    assert code == 2 and err.startswith("error: ")


# Each side's cards in one suit: N spades high, E hearts, S diamonds, W clubs.
LAYOUT = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_russian_honours_table_uses_russian_rank_letters(capsys: pytest.CaptureFixture[str]) -> None:
    """Everything a learner reads exists in Russian: the honours are «Т К Д В 10», and a
    coronka of four is «4 карты»."""
    assert main(["honours", "--deal", LAYOUT, "--trump", "S2", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "онеры: Т К Д В 10" in out
    assert "(4 карты, козырная)" in out and "4 карт " not in out
