"""The content schema: shapes the models accept and refuse, and the exported JSON Schema."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from tutor.cards import CARDS, Card, Hand
from tutor.content.models import THEMES, Lesson, Puzzle, Text, theme_label
from tutor.content.schema import SCHEMA_DIR, render, schemas
from tutor.text import TextError

BASE = {
    "id": "a-puzzle",
    "title": {"en": "Lead", "ru": "Ход"},
    "themes": ["opening-lead"],
    "difficulty": 1,
    "trump": "D7",
    "hand": "K742.985.J63.863",
    "question": "lead",
    "answer": "S2",
    "maxims": ["king-third-lead-small"],
    "hints": [{"en": "Longest suit?", "ru": "Самая длинная масть?"}],
    "explanation": {"en": "Lead small.", "ru": "С маленькой."},
}


def make(**changes):
    data = {**BASE, **changes}
    return Puzzle.model_validate({k: v for k, v in data.items() if v is not None})


def error_locs(exc: ValidationError) -> list[tuple]:
    return [e["loc"] for e in exc.errors()]


def test_hand_has_thirteen_cards():
    """000 «Сдача» 8: the cards are all dealt, thirteen to each player."""
    with pytest.raises(ValidationError) as exc:
        make(hand="K742.985.J63.86")
    assert ("hand",) in error_locs(exc.value)
    assert "12 cards" in str(exc.value)


def test_hand_refuses_a_duplicate_card():
    """000 «Порядок карт» 1: one pack per deal, each card once."""
    with pytest.raises(ValidationError, match="duplicate card"):
        make(hand="K742.985.J63.8633")


def test_card_spellings_are_stored_canonically():
    """design.md Notation: ♠K, K♠, H10 and Russian ranks are read once, into the engine's values;
    SK/HT is what is written back."""
    p = make(trump="♦7", answer="2♠", hand="♠K742 ♥985 ♦В63 ♣863")
    assert (p.trump, p.answer, p.hand) == (Card.parse("D7"), Card.parse("S2"), Hand.parse("K742.985.J63.863"))
    written = p.model_dump(mode="json")
    assert (written["trump"], written["answer"], written["hand"]) == ("D7", "S2", "K742.985.J63.863")


@given(st.sampled_from(CARDS), st.sampled_from(["{s}{r}", "{sym}{r}", "{r}{sym}"]))
def test_any_card_spelling_reads_back_to_the_same_card(card, form):
    """design.md Notation: every accepted spelling of a card is the same card."""
    rank = "10" if card.rank.char == "T" else card.rank.char
    text = form.format(s=card.suit.name, sym=card.suit.symbol, r=rank)
    p = make(trump=text, hand="K742.985.J63.863" if card not in Hand.parse("K742.985.J63.863") else "AQJ.AKQJ.AKQ.AKQ")
    assert p.trump is card and p.model_dump(mode="json")["trump"] == str(card)


def test_both_languages_are_required():
    """Team rule: everything a learner reads exists in English and Russian."""
    with pytest.raises(ValidationError) as exc:
        make(explanation={"en": "Lead small."})
    assert ("explanation", "ru") in error_locs(exc.value)
    with pytest.raises(ValidationError):
        make(explanation={"en": "x", "ru": "   "})
    with pytest.raises(TextError):  # the value itself, built in code (tutor.text.Text)
        Text(en="x", ru="   ")


def test_unknown_field_is_refused():
    """design.md Content: models are extra="forbid", so a typo is an error, not ignored."""
    with pytest.raises(ValidationError) as exc:
        make(colour="red")
    assert ("colour",) in error_locs(exc.value)


def test_themes_come_from_the_vocabulary():
    with pytest.raises(ValidationError):
        make(themes=["kings"])
    assert all(len(label) == 2 for label in THEMES.values())


def test_lead_answer_is_one_card_and_legal_answer_a_list():
    """A lead is one card; for 'legal' every legal card is listed (000 «Масти и взятки» 1-2)."""
    with pytest.raises(ValidationError, match="one card"):
        make(answer=["S2"])
    with pytest.raises(ValidationError, match="list of every legal card"):
        make(question="legal", answer="S2")
    p = make(question="legal", answer=["♥Q", "H8"], dealer="S", trump="C5", hand="K742.Q83.J63.965",
             played="W:HK H4 H2")
    assert p.answer == (Card.parse("HQ"), Card.parse("H8"))
    assert p.model_dump(mode="json")["answer"] == ["HQ", "H8"]


def test_honours_question_needs_ask_and_deal():
    """000 REC 3: honours are counted per side, from the whole deal."""
    with pytest.raises(ValidationError, match="needs ask"):
        make(question="honours", answer=2)
    with pytest.raises(ValidationError, match="whole deal"):
        make(question="honours", answer=2, ask="honours-points-ns")
    with pytest.raises(ValidationError, match="does not fit"):
        make(question="honours", answer=2, ask="score-below-ns")


def test_score_question_needs_tricks():
    """000 REC 4: leve is counted from the tricks taken over six."""
    deal = "N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75"
    base = {"question": "score", "answer": 4, "ask": "score-below-ns", "deal": deal, "trump": "H9", "hand": "8742.J85.K95.AK3"}
    with pytest.raises(ValidationError, match="tricks taken"):
        make(**base)
    assert make(**base, tricks={"NS": 8}).tricks.ns == 8
    with pytest.raises(ValidationError, match="do not make 13"):
        make(**base, tricks={"NS": 8, "EW": 6})


def test_lesson_teaches_first():
    """anchors.md (Bridge Classroom): the idea is taught before the exercise."""
    exercise = {k: v for k, v in BASE.items() if k not in ("id", "title", "themes", "difficulty")}
    lesson = {"id": "l", "order": 1, "title": BASE["title"], "summary": BASE["title"],
                  "steps": [{"exercise": exercise}, {"teach": BASE["title"]}]}
    with pytest.raises(ValidationError, match="teaches first"):
        Lesson.model_validate(lesson)
    lesson["steps"] = lesson["steps"][::-1]
    assert len(Lesson.model_validate(lesson).exercises()) == 1


def test_puzzles_are_frozen():
    p = make()
    with pytest.raises(ValidationError):
        p.answer = "SK"  # type: ignore[misc]


def test_exported_json_schema_is_in_sync_with_the_models():
    """The schema files are generated (python -m tutor.content.schema), never edited by hand."""
    for name, schema in schemas().items():
        path = SCHEMA_DIR / name
        assert path.read_text(encoding="utf-8") == render(schema), f"{path} is stale: run python -m tutor.content.schema"
        assert json.loads(path.read_text(encoding="utf-8"))["$id"] == name


def test_theme_label_names_a_theme_in_the_pages_language_and_shows_an_unknown_id_as_it_is() -> None:
    """The theme names live beside THEMES (not in a page that other pages import)."""
    assert theme_label("opening-lead", "en") == "The opening lead"
    assert theme_label("opening-lead", "ru") == "Первый ход"
    assert theme_label("no-such-theme", "ru") == "no-such-theme"


def test_no_page_imports_theme_label_from_another_page() -> None:
    """Pages used to import ``theme_label`` from the Progress page (design review §1.1)."""
    from pathlib import Path

    ui = Path(__file__).resolve().parents[1] / "tutor" / "ui"
    offenders = [p.name for p in ui.glob("*.py") if "progress_page import" in p.read_text(encoding="utf-8")
                 and "theme_label" in p.read_text(encoding="utf-8")]
    assert offenders == []
