"""``python -m tutor lead`` and ``python -m tutor play`` (design.md «Command line»)."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_lead_json_has_the_design_shape(capsys):
    """000 LST 3 through the CLI: K-x-x-x leads the small card; JSON exactly as design.md."""
    code, out, _ = run(capsys, "lead", "--hand", "K742.932.932.543", "--trump", "C", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["card", "maxims", "explanation", "candidates", "system"]
    assert data["card"] == "S2" and data["maxims"][0] == "king-third-lead-small"
    assert {c["card"] for c in data["candidates"]} == {
        "SK", "S7", "S4", "H9", "H3", "H2", "D9", "D3", "D2", "C5", "C4", "C3"}


def test_lead_text_shows_card_titles_and_the_other_cards(capsys):
    """000 HNT 11 through the CLI, in Russian: the coronka leads the queen."""
    code, out, _ = run(capsys, "lead", "--hand", "AKQ2.932.932.543", "--trump", "C", "--lang", "ru")
    assert code == 0
    assert out.startswith("Ходите ♠Д")
    assert "coronka-lead-queen" in out and "Другие карты:" in out and "♠К" in out


def test_lead_suit_and_system_options(capsys):
    """Cavendish vs 000 HNT 11: the english system leads the king from A-K-Q."""
    code, out, _ = run(capsys, "lead", "--hand", "AKQ2.932.932.543", "--trump", "C", "--suit", "S",
                       "--system", "english", "--json")
    data = json.loads(out)
    assert code == 0 and data["card"] == "SK" and data["system"] == "english"
    assert {c["card"] for c in data["candidates"]} == {"SA", "SQ", "S2"}


def test_play_follows_to_a_trick(capsys):
    """000 LST 15 through the CLI: partner's king is not overtaken."""
    code, out, _ = run(capsys, "play", "--hand", "A2.8765.AJ4.9873", "--trump", "C", "--played", "N:DK D6", "--json")
    data = json.loads(out)
    assert code == 0 and data["card"] == "D4" and data["maxims"][0] == "do-not-overtake-partners-king"
    assert [c["verdict"] for c in data["candidates"] if c["card"] == "DA"] == ["bad"]


@pytest.mark.parametrize(
    "argv, message",
    [
        (["lead", "--hand", "K74.AQ32.T98.76", "--trump", "C"], "hand has 12 cards"),
        (["lead", "--hand", "K74.AQ32.T98.765", "--trump", "C", "--played", "W:DK"], "not on lead"),
        (["play", "--hand", "K74.AQ32.T98.765", "--trump", "C", "--played", "W:DK D4 D3 S4"], "must follow suit"),
        (["lead", "--hand", "K74.AQ32.T98.765", "--trump", "X9"], "not a trump"),
        (["lead", "--hand", "K74.AQ32.T98.765", "--trump", "C", "--suit", "Z"], "not a suit"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(capsys, argv, message):
    """design.md: bad input -> exit code 2 and one clear line on stderr, never a traceback."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1
