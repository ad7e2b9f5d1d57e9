"""The printable worksheet: diagrams with suit symbols, red hearts/diamonds, answer key on its own page."""

from __future__ import annotations

import re

from tutor.content.loader import REPO_ROOT, load_puzzles
from tutor.content.models import Puzzle
from tutor.content.worksheet import answer_text, one_line, worksheet_html
from tutor.conventions.catalogue import get_maxim

PUZZLES = load_puzzles([REPO_ROOT / "puzzles" / "examples.yaml"])


def test_key_comes_after_a_page_break_and_after_the_questions():
    html = worksheet_html(PUZZLES)
    assert "page-break-before: always" in html and "break-before: page" in html
    assert html.index('class="key"') > html.rindex('class="puzzle"')
    assert html.count('class="puzzle"') == 3


def test_hearts_and_diamonds_are_red_and_suits_shown_as_symbols():
    html = worksheet_html(PUZZLES)
    assert '<span class="red">♥</span>' in html and '<span class="red">♦</span>' in html
    assert '<span class="black">♠</span>' in html


def test_answers_in_the_key_in_the_learners_language():
    """design.md Notation: Russian rank letters in Russian (Д for the queen)."""
    by_id = {p.id: p for p in PUZZLES}
    assert answer_text(by_id["example-king-fourth-lead"], "en") == "♠2"
    assert answer_text(by_id["example-follow-suit"], "ru") == "любая из ♥Д ♥8 ♥3"
    assert answer_text(by_id["example-honours-three"]) == "2"
    html = worksheet_html(PUZZLES, "ru")
    assert 'lang="ru"' in html and "Ответы" in html


def test_everything_is_escaped():
    evil = Puzzle.model_validate({**PUZZLES[0].model_dump(), "title": {"en": "<script>alert(1)</script>", "ru": "Тест &"}})
    html = worksheet_html([evil], title="A & B <i>")
    assert "<script>" not in html and "&lt;script&gt;" in html and "A &amp; B &lt;i&gt;" in html


def test_puzzles_are_headed_by_number_not_by_a_title_that_gives_the_theme_away():
    """Issue 12 point 8: "King fourth" over the diagram tells the student the theme; the sheet says
    "Puzzle 1" / "Задача 1", and the title moves to the key."""
    for lang, word in (("en", "Puzzle"), ("ru", "Задача")):
        html = worksheet_html(PUZZLES, lang)
        sheet, key = html.split('class="key"')
        assert f"<h2>{word} 1</h2>" in sheet and f"<h2>{word} 3</h2>" in sheet
        for p in PUZZLES:
            assert p.title[lang] not in sheet and p.title[lang] in key


def test_sheet_has_name_and_date_lines():
    html = worksheet_html(PUZZLES, "en")
    assert "Name: <span class=\"line\"></span>" in html and "Date: <span class=\"line\"></span>" in html
    html = worksheet_html(PUZZLES, "ru")
    assert "Имя: <span class=\"line\"></span>" in html and "Дата: <span class=\"line\"></span>" in html


def test_key_names_the_rule_and_gives_a_one_line_reason_never_an_id():
    """The key lists the maxims by their titles (not ids such as king-third-lead-small) and the
    explanation's first sentence."""
    by_id = {p.id: p for p in PUZZLES}
    king = by_id["example-king-fourth-lead"]
    for lang in ("en", "ru"):
        html = worksheet_html([king], lang)
        key = html.split('class="key"')[1]
        assert get_maxim("king-third-lead-small").title_in(lang) in key
        assert "king-third-lead-small" not in html and "lead-long-suit" not in html
        assert one_line(king.explanation[lang]) in key


def test_russian_sheet_has_no_english_words():
    """`worksheet --lang ru`: every word of the sheet is Russian (card letters and the suit
    symbols aside)."""
    html = worksheet_html(PUZZLES, "ru")
    body = re.sub(r"<style>.*?</style>", "", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", body)
    assert re.findall(r"[A-Za-z]{2,}", text) == []


def test_generated_puzzles_are_titled_by_the_position_not_the_theme():
    """Issue 12 point 8: every generated puzzle was titled after its theme ("A king with small
    cards"); the title now names the dealer and the trump card, in both languages."""
    from tutor.content.generate import RECIPES, generate

    for theme in ("king-third", "honours"):
        for p in generate(theme, 2, seed=3):
            assert p.title.en != RECIPES[theme].title.en and p.title.ru != RECIPES[theme].title.ru
            assert p.trump_card.symbol("en") in p.title.en and p.trump_card.symbol("ru") in p.title.ru


def test_worksheet_command_writes_a_russian_sheet(tmp_path, capsys):
    from tutor.cli import main

    out = tmp_path / "sheet.html"
    assert main(["worksheet", str(REPO_ROOT / "puzzles" / "examples.yaml"), "--out", str(out), "--lang", "ru"]) == 0
    html = out.read_text(encoding="utf-8")
    assert 'lang="ru"' in html and "Задача 1" in html and "Ответы" in html and "Имя" in html
