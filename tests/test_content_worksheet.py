"""The printable worksheet: diagrams with suit symbols, red hearts/diamonds, answer key on its own page."""

from __future__ import annotations

from tutor.content.loader import REPO_ROOT, load_puzzles
from tutor.content.models import Puzzle
from tutor.content.worksheet import answer_text, worksheet_html

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
