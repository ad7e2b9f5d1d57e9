"""``python -m tutor autoplay`` (issue 11 point 5) and ``play-deal --robots``: robots of a chosen
strength play whole deals; the JSON has exactly the documented shape; bad input exits 2 with one
``error:`` line (design.md)."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.deal import Deal
from tutor.play import PlayState, parse_history
from tutor.session import Session, SessionOptions
from tutor.strengths import STRENGTHS


def _run(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("strength", ["beginner", "classic"])
def test_autoplay_json_has_the_documented_shape(strength, capsys):
    """{"deals": [{"deal", "dealer", "trump", "history", "cards": [{"seat", "card", "maxims"}]}]};
    the history is leader-then-cards per trick and replays legally from the deal; progress on stderr."""
    code, out, err = _run(["autoplay", "--seed", "5", "--deals", "2", "--robots", strength, "--json"], capsys)
    assert code == 0 and "autoplay" in err
    data = json.loads(out)
    assert list(data) == ["deals"] and len(data["deals"]) == 2
    for d in data["deals"]:
        assert list(d) == ["deal", "dealer", "trump", "history", "cards"]
        assert d["deal"].startswith("N:") and d["dealer"] in "NESW" and d["trump"] in ("S", "H", "D", "C", "NT")
        assert len(d["cards"]) == 52
        for c in d["cards"]:
            assert list(c) == ["seat", "card", "maxims"] and c["maxims"]
        tricks = parse_history(d["history"])
        assert len(tricks) == 13 and d["history"].split(" / ")[0][1:3] == ": "
        played = [str(card) for t in tricks for card in t.cards]
        assert played == [c["card"] for c in d["cards"]]
        deal = Deal.from_pbn(d["deal"], dealer=d["dealer"], trump=d["trump"])
        PlayState.from_history(deal, tricks)  # replays without a revoke


def test_autoplay_is_reproducible_under_a_seed(capsys):
    a = _run(["autoplay", "--seed", "9", "--deals", "1", "--json"], capsys)[1]
    b = _run(["autoplay", "--seed", "9", "--deals", "1", "--json"], capsys)[1]
    assert a == b


@pytest.mark.parametrize("argv", [
    ["autoplay", "--deals", "0"],
    ["autoplay", "--deals", "-3"],
    ["autoplay", "--seed", "-1"],
    ["autoplay", "--robots", "expert"],
    ["autoplay", "--system", "french"],
    ["autoplay", "--samples", "0"],
    ["autoplay", "--deals", "many"],
])
def test_autoplay_bad_input_exits_2_with_one_error_line(argv, capsys):
    code, out, err = _run(argv, capsys)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:")


def test_play_deal_takes_the_robots_strength(capsys, monkeypatch):
    """--robots sets the strength of every robot at the table (issue 11 point 3)."""
    monkeypatch.setattr("builtins.input", lambda p: "quit")
    code, _, err = _run(["play-deal", "--robots", "beginner", "--samples", "0"], capsys)
    assert code == 0
    code, _, err = _run(["play-deal", "--robots", "expert"], capsys)
    assert code == 2 and err.strip().startswith("error:")


@pytest.mark.parametrize("strength", STRENGTHS)
def test_session_robots_play_at_the_chosen_strength(strength):
    session = Session(SessionOptions(samples=2, seed=4, robots=strength))
    assert {r.strength for r in session.robots.values()} == {strength}
