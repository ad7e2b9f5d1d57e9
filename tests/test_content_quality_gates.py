"""The quality gates of issue 26 point 6 over hand-written content, not only the library's:
``tutor check`` fails "a hint that names the answer's rank, a title that names the holding, an
explanation shared word for word by more than a few puzzles". The editor's review
(shared/reviews/generated-puzzles.md) found hint 2 naming the card ("lead the lowest of K-x-x-x")
and titles giving the holding away («Туз и король наверху»); a teacher's YAML is held to the same
rules, reported at its file and line, and a card on the table or a seat is not taken for the holding.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from tutor.cards import Rank, parse_card
from tutor.content.lint import lint_paths, names_holding
from tutor.content.quality import SHARED_MAX, names_holding_ru, names_rank

# a hand-written lead from king fourth (no evidence_layouts: not a library puzzle)
PUZZLE = textwrap.dedent("""\
    puzzles:
      - id: gate-me
        title: {en: "Opening lead, 4-3-3-3, ♦7 turned up", ru: "Первый ход, 4-3-3-3, открыта ♦7"}
        themes: [opening-lead, king-third]
        difficulty: 1
        dealer: E
        trump: D7
        hand: K742.985.J63.863
        question: lead
        prompt: {en: "You lead first.", ru: "Вы ходите первым."}
        answer: S2
        maxims: [king-third-lead-small]
        hints:
          - {en: "Which suit is your longest?", ru: "Какая масть у вас самая длинная?"}
          - {en: "Keep your honour for later.", ru: "Берегите свой онер на потом."}
        explanation: {en: "Lead small from K-x-x-x.", ru: "С короля сам-четверт ходят с маленькой."}
    """)


def _found(tmp_path: Path, text: str, name: str = "hand.yaml") -> list[tuple[str, int, str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [(p.path, p.line, p.message) for p in lint_paths([path]).problems]


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_the_control_puzzle_passes_every_gate(tmp_path):
    assert _found(tmp_path, PUZZLE) == []


def test_hint_naming_the_answers_rank_fails_a_hand_written_puzzle_at_its_line(tmp_path):
    """Issue 26 point 6, "a hint that names the answer's rank": the review's hint 2 naming the card."""
    bad_en = PUZZLE.replace('"Keep your honour for later."', '"From the king fourth lead the deuce."')
    bad_ru = PUZZLE.replace('"Берегите свой онер на потом."', '"Ходите двойкой."')
    for text, needle in ((bad_en, "lead the deuce"), (bad_ru, "Ходите двойкой")):
        assert text != PUZZLE
        got = _found(tmp_path, text)
        assert got == [(str(tmp_path / "hand.yaml"), _line(text, needle),
                        "hints.1 gives the answer away: it names the answer's rank (2)")], got


def test_hint_naming_the_answers_rank_fails_a_lessons_exercise(tmp_path):
    """The hint gate holds in a lesson too: an exercise's hint is read before its answer (lesson 8's
    «Сосчитайте карты при вашем тузе» named the ace that was the answer)."""
    lesson = textwrap.dedent("""\
        id: gate-lesson
        order: 99
        title: {en: "A lesson", ru: "Урок"}
        summary: {en: "From king fourth lead small.", ru: "С короля сам-четверт — с маленькой."}
        steps:
          - teach: {en: "From king fourth lead the smallest.", ru: "С короля сам-четверт ходят младшей."}
          - exercise:
              question: lead
              dealer: E
              trump: D7
              hand: K742.985.J63.863
              prompt: {en: "You lead first.", ru: "Вы ходите первым."}
              answer: S2
              maxims: [king-third-lead-small]
              hints:
                - {en: "Lead your two.", ru: "Ходите с двойки."}
              explanation: {en: "Lead small from K-x-x-x.", ru: "С короля сам-четверт ходят с маленькой."}
        """)
    got = [(line, msg) for _, line, msg in _found(tmp_path, lesson, "lesson.yaml")]
    assert (_line(lesson, "Lead your two"), "hints.0 gives the answer away: it names the answer's rank (2)") in got


def test_title_naming_the_holding_fails_a_hand_written_puzzle_at_its_line(tmp_path):
    """Issue 26 point 6, "a title that names the holding" («Туз и король наверху»), en and ru alike:
    before, a hand-written Russian title was not checked at all."""
    title = PUZZLE.split("title: ")[1].split("\n")[0]
    for new in ('{en: "King fourth", ru: "Первый ход"}', '{en: "Opening lead", ru: "Король сам-четверт"}'):
        text = PUZZLE.replace(title, new)
        got = _found(tmp_path, text)
        assert got == [(str(tmp_path / "hand.yaml"), _line(text, "title:"), "title gives the answer away: it names the holding the "
                        "card is played from (name the situation instead)")], (new, got)


def test_title_naming_the_holding_fails_a_play_puzzle(tmp_path):
    """A play puzzle's title is held to the rule too: «Король с одной картой» (following.yaml) named
    the king doubleton that second hand low is about."""
    play = textwrap.dedent("""\
        puzzles:
          - id: gate-play
            title: {en: "East leads small", ru: "Король с одной картой"}
            themes: [second-hand]
            difficulty: 2
            dealer: N
            trump: C2
            hand: K7.Q9842.J95.T64
            deal: "N:A82.AK3.8732.Q72 QT964.75.AT6.K98 K7.Q9842.J95.T64 J53.JT6.KQ4.AJ53"
            played: "E:S4"
            question: play
            prompt: {en: "East leads a small spade. You play second.", ru: "Восток ходит маленькой пикой. Вы играете вторым."}
            answer: S7
            maxims: [second-hand-low]
            hints:
              - {en: "Who is more likely to hold the spade ace?", ru: "У кого вероятнее туз пик?"}
            explanation: {en: "Second hand plays low.", ru: "Вторая рука кладёт маленькую."}
        """)
    got = [(line, msg) for _, line, msg in _found(tmp_path, play)]
    assert [line for line, msg in got if msg.startswith("title gives")] == [_line(play, "title:")], got
    fixed = play.replace("Король с одной картой", "Восток ходит маленькой")
    assert _found(tmp_path, fixed) == []


def test_a_card_on_the_table_or_a_seat_is_the_situation_not_the_holding():
    """False positives the widened gate must not make (the hand-written titles it first refused):
    partner's or an opponent's honour, a small card led, the seat one plays from."""
    clubs = [parse_card(c) for c in ("CA", "C6", "C4")]  # you hold the ace; partner led the king
    assert not names_holding("Partner leads a king, you play third", clubs)
    assert not names_holding_ru("Партнёр ходит королём, вы — третья рука", clubs)
    assert not names_holding("East leads small", clubs) and not names_holding_ru("Восток ходит маленькой", clubs)
    assert not names_holding("Trick 3: West leads a small card, you play third", clubs)
    assert not names_holding_ru("К вам пошли онером", clubs)  # one honour led, not "honours" held
    # and what is the holding still is
    assert names_holding("Partner's king, your ace", clubs) and names_holding_ru("Король партнёра, ваш туз", clubs)
    assert names_holding("Two small trumps", clubs) and names_holding_ru("Два маленьких козыря", clubs)
    assert names_holding("Lead from king third", clubs) and names_holding_ru("Онеры подряд", clubs)


def test_explanation_shared_by_more_than_a_few_hand_written_puzzles_fails_each(tmp_path):
    """Issue 26 point 6, "an explanation shared word for word by more than a few puzzles": the
    review's one explanation per theme; hand-written puzzles are counted like the library's."""
    body = PUZZLE.split("puzzles:\n")[1]
    many = "puzzles:\n" + "".join(body.replace("id: gate-me", f"id: gate-me-{i}") for i in range(SHARED_MAX + 1))
    got = _found(tmp_path, many)
    lines = [i for i, line in enumerate(many.splitlines(), 1) if line.strip().startswith("explanation:")]
    assert [(line, msg.split(":")[0]) for _, line, msg in got] == [(n, "explanation") for n in lines], got
    few = "puzzles:\n" + "".join(body.replace("id: gate-me", f"id: gate-me-{i}") for i in range(SHARED_MAX))
    assert _found(tmp_path, few) == []


def test_a_word_that_only_looks_like_a_rank_is_not_the_rank():
    """The hint gate's false positives: «восьмая взятка» is the eighth trick, not the eight; a bare
    count ("three trumps", «3 козыря») is not a card; a rank that is not the answer's is allowed."""
    assert not names_rank("В восьмой взятке партнёр уже сбросил", Rank.EIGHT, "ru")
    assert names_rank("Ходите восьмёркой", Rank.EIGHT, "ru") and names_rank("Ходите с ♠8", Rank.EIGHT, "ru")
    assert not names_rank("You hold three trumps", Rank.THREE, "en") and not names_rank("У вас 3 козыря", Rank.THREE, "ru")
    assert not names_rank("Who can beat partner's king?", Rank.FOUR, "en")
