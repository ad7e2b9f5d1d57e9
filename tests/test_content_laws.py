"""Law exercises: revokes in the score, called exposed cards, a suit called after a lead out of turn.

Every answer is proved by the engine -- tutor.scoring.score_deal for the revoke penalty,
tutor.content.rulings for what a penalty leaves playable -- and a broken item fails the check with
a file:line message.
"""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import CARDS, Card, Hand, Suit
from tutor.content.describe import position_lines
from tutor.content.engine import number_for
from tutor.content.grading import grade
from tutor.content.lint import lint_paths, lint_text
from tutor.content.loader import REPO_ROOT, load_paths, parse_text
from tutor.content.rulings import PenaltyError, rule_on_penalties
from tutor.content.writer import puzzles_yaml
from tutor.deal import Deal
from tutor.play import Trick
from tutor.seats import Seat
from tutor.seatview import SeatView

LAW_MAXIMS = {"revoke-penalty-russian", "revoke-penalty-american", "exposed-card", "lead-out-of-turn"}

# Spades trumps (East holds the jack); NS hold two spade honours, EW three.
SCORE = textwrap.dedent("""\
    puzzles:
      - id: revoke-check
        title: {en: "A revoke", ru: "Ренонс"}
        themes: [laws]
        difficulty: 1
        rules: RULES
        dealer: E
        trump: SJ
        hand: QT.QJ542.54.AQ84
        deal: "N:9653.A7.7.KJ7652 AJ42.T6.AT98632. QT.QJ542.54.AQ84 K87.K983.KQJ.T93"
        question: score
        ask: ASK
        tricks: {NS: 6}
        revokes: REVOKES
        revoke_penalty: PENALTY
        answer: ANSWER
        maxims: [revoke-penalty-russian]
        hints:
          - {en: "What does the revoke give you?", ru: "Что вам даёт ренонс?"}
        explanation: {en: "The revoke is punished.", ru: "Ренонс наказывается."}
    """)

# South follows to a heart trick with the king exposed; clubs are trumps, South dealt.
LEGAL = textwrap.dedent("""\
    puzzles:
      - id: exposed-check
        title: {en: "An exposed card", ru: "Открытая карта"}
        themes: [laws]
        difficulty: 1
        dealer: S
        trump: C9
        hand: Q85.K73.AJ64.972
        DEAL
        played: "PLAYED"
        exposed: [HK]
        called: HK
        question: QUESTION
        answer: ANSWER
        maxims: [exposed-card]
        hints:
          - {en: "Who decides when an exposed card is played?", ru: "Кто решает, когда играть открытую карту?"}
        explanation: {en: "The opponents dispose of exposed cards.", ru: "Открытыми картами распоряжаются противники."}
    """)


def _south(hand: Hand, trick: Trick | None) -> SeatView:
    """South's view with ``hand`` left and the cards of ``trick`` in front of him, South to play
    next (the trick re-seated so; None: South leads)."""
    if trick is None:
        return SeatView(hand, None, None, Seat.E)
    leader = Seat((Seat.S - len(trick.cards)) % 4)
    return SeatView(hand, None, None, leader.rho, (Trick(leader, trick.cards),))


def score_text(answer: str = "5", revokes: str = "[EW]", penalty: str = "points", ask: str = "score-above-ns",
               rules: str = "russian") -> str:
    """A score item; its maxim is its own rule set's revoke penalty (a lint check refuses another's)."""
    return (SCORE.replace("RULES", rules).replace("revoke-penalty-russian", f"revoke-penalty-{rules}").replace("ASK", ask).replace("REVOKES", revokes)
            .replace("PENALTY", penalty).replace("ANSWER", answer))


#: A hidden deal in which every card of the default history is conventional (tutor.content.history).
LEGAL_DEAL = "N:AK.J.T73.AJT8653 JT9642.A962.K8.Q Q85.K73.AJ64.972 73.QT854.Q952.K4"


def legal_text(answer: str = "[HK]", played: str = "W:H4 HJ HA", question: str = "legal") -> str:
    deal = f'    deal: "{LEGAL_DEAL}"\n' if played == "W:H4 HJ HA" else ""
    return (LEGAL.replace("    DEAL\n", deal).replace("PLAYED", played).replace("QUESTION", question)
            .replace("ANSWER", answer))


def line_of(text: str, start: str) -> int:
    """The 1-based line of the first line of ``text`` that starts (after indent) with ``start``."""
    return next(i for i, ln in enumerate(text.splitlines(), 1) if ln.strip().startswith(start))


def problems(text: str) -> list[tuple[int, str]]:
    return [(p.line, p.message) for p in lint_text(text, "law.yaml").problems]


# -- revokes in the score ---------------------------------------------------------------------

def test_revoke_fields_load_as_written():
    """000 «Масти и взятки» 4: the side that revoked and the penalty chosen are part of the item."""
    f = parse_text(score_text(), "law.yaml")
    assert not f.problems, f.problems
    item = f.puzzles[0].item
    assert item.revokes == ["EW"] and item.revoke_penalty == "points"
    assert not problems(score_text())


def test_russian_revoke_costs_five_points_or_three_tricks():
    """000 «Масти и взятки» 4: «на пять очков в пользу противника, или на три взятки»."""
    deal = Deal.from_pbn("N:9653.A7.7.KJ7652 AJ42.T6.AT98632. QT.QJ542.54.AQ84 K87.K983.KQJ.T93",
                         dealer="E", trump_card="SJ")
    base = number_for(deal, "score-above-ns", 6)
    points = number_for(deal, "score-above-ns", 6, revokes=["EW"], revoke_penalty="points")
    assert points.value - base.value == 5
    assert number_for(deal, "score-below-ns", 6).value == 0
    tricks = number_for(deal, "score-below-ns", 6, revokes=["EW"], revoke_penalty="tricks")
    assert tricks.value == 6  # six tricks become nine: three leve of 2
    assert any("3 tricks" in p.en for p in tricks.parts)


def test_american_revoke_moves_two_tricks():
    """004 «Ренонсирование»: «в передаче … двух взяток»; one point a trick over six (004 «Игра»)."""
    assert not problems(score_text(answer="2", penalty="tricks", ask="score-below-ns", rules="american"))
    bad = score_text(answer="3", penalty="tricks", ask="score-below-ns", rules="american")
    assert (line_of(bad, "answer:"), "answer: the rules give 2 for score-below-ns, not 3") in [
        (ln, m.split(" (")[0]) for ln, m in problems(bad)]


def test_wrong_revoke_number_fails_at_the_answer_line():
    """000 «Масти и взятки» 4: the linter proves the number with score_deal, never trusts the item."""
    text = score_text(answer="7")
    found = problems(text)
    assert found and found[0][0] == line_of(text, "answer:")
    assert "the rules give 5 for score-above-ns, not 7" in found[0][1]
    report = lint_text(text, "law.yaml")
    assert str(report.problems[0]).startswith(f"law.yaml:{line_of(text, 'answer:')}: ")


def test_revoke_by_a_side_that_does_not_exist_fails_at_its_line():
    """000 «Масти и взятки» 4 charges a side: NS or EW, nothing else."""
    text = score_text(revokes="[XY]")
    found = problems(text)
    assert found == [(line_of(text, "revokes:"), "revokes.0: Input should be 'NS' or 'EW'")]


def test_revoke_penalty_must_be_one_the_rules_know():
    """004 «Ренонсирование» knows only tricks; 001 §7 replays a revoked trick (no penalty at all)."""
    text = score_text(answer="2", penalty="points", ask="score-below-ns", rules="american")
    assert any(ln == line_of(text, "revoke_penalty:") and "know only tricks" in m for ln, m in problems(text))
    simple = score_text(rules="simple")
    assert any(ln == line_of(simple, "revokes:") and "no revoke penalty" in m for ln, m in problems(simple))


def test_revokes_belong_to_score_questions_only():
    """The revoke penalty changes the score (000 «Масти и взятки» 4); a card question has no use for it."""
    text = legal_text().replace("    exposed: [HK]\n    called: HK\n", "    revokes: [EW]\n")
    assert any("only a score question takes revokes" in m and ln == line_of(text, "revokes:")
               for ln, m in problems(text))


def test_grading_a_revoke_score_explains_the_penalty():
    """000 «Масти и взятки» 4: the wrong count is answered with what the right one is made of."""
    item = parse_text(score_text(answer="6", penalty="tricks", ask="score-below-ns"), "x").puzzles[0].item
    right, wrong = grade(item, "6"), grade(item, 2)
    assert right.correct and right.verdict == "right"
    assert not wrong.correct and wrong.verdict == "wrong"
    assert "3 tricks go to North-South" in wrong.message.en and "3 взятки" in wrong.message.ru


# -- exposed cards ----------------------------------------------------------------------------

def test_called_exposed_card_must_be_played_when_it_is_no_revoke():
    """004 «Карты, подлежащие объявлению»: «должен ходить этими картами при условии … без ренонса»."""
    hand = Hand.parse("Q85.K73.AJ64.972")
    ruling = rule_on_penalties(_south(hand, Trick.parse("W:H4 HJ HA")), exposed=[Card.parse("HK")], called=Card.parse("HK"))
    assert ruling.cards == (Card.parse("HK"),) and ruling.binds and ruling.maxim == "exposed-card"


def test_call_never_forces_a_revoke():
    """004: the call binds only without a revoke; the card may be called again on the next trick."""
    hand = Hand.parse("Q85.T73.AJ64.K92")
    trick = Trick.parse("W:D3 D9 DK")
    ruling = rule_on_penalties(_south(hand, trick), exposed=[Card.parse("SQ")], called=Card.parse("SQ"))
    assert set(ruling.cards) == set(hand.suit(Suit.D)) and not ruling.binds
    assert "revoke" in ruling.why.en and "ренонс" in ruling.why.ru


def test_called_card_is_the_only_card_when_void_in_the_suit_led():
    """000 «Масти и взятки» 2 frees a void hand; the call then decides (004): no ruff, no other discard."""
    ruling = rule_on_penalties(_south(Hand.parse("Q85.KT73.AJ6542.-"), Trick.parse("W:C4 C8 CQ")),
                               exposed=[Card.parse("SQ")], called=Card.parse("SQ"))
    assert ruling.cards == (Card.parse("SQ"),)


def test_exposed_card_not_called_leaves_the_choice_free():
    """000 «Ошибки» 7: the opponents dispose of the card -- until they call it, following suit rules."""
    hand = Hand.parse("Q85.K73.AJ64.972")
    trick = Trick.parse("W:H4 HJ HA")
    ruling = rule_on_penalties(_south(hand, trick), exposed=[Card.parse("HK")])
    assert ruling.cards == _south(hand, trick).legal_cards() and not ruling.binds


def test_a_call_needs_an_exposed_card_still_held():
    """004: only a card shown on the table may be called; a played card is gone."""
    hand = Hand.parse("Q85.K73.AJ64.972")
    with pytest.raises(PenaltyError) as exc:
        rule_on_penalties(_south(hand, None), exposed=[Card.parse("SQ")], called=Card.parse("HK"))
    assert exc.value.field == "called"
    with pytest.raises(PenaltyError) as exc:
        rule_on_penalties(_south(hand.without(Card.parse("SQ")), None), exposed=[Card.parse("SQ")])
    assert exc.value.field == "exposed"


_HANDS = st.lists(st.sampled_from(CARDS), min_size=1, max_size=13, unique=True).map(lambda cs: Hand(tuple(cs)))


@settings(max_examples=150, deadline=None)
@given(hand=_HANDS, led=st.sampled_from(list(Suit)), pick=st.integers(min_value=0, max_value=12))
def test_a_call_only_ever_narrows_the_legal_cards(hand: Hand, led: Suit, pick: int):
    """000 «Масти и взятки» 1-2 and 004: a call picks among the legal cards, never beyond them."""
    others = [c for c in CARDS if c not in hand and c.suit is led]
    if not others:
        return
    trick = Trick.parse(f"W:{others[0]}")
    called = hand.cards[pick % len(hand)]
    ruling = rule_on_penalties(_south(hand, trick), exposed=[called], called=called)
    legal = _south(hand, trick).legal_cards()
    assert ruling.cards and set(ruling.cards) <= set(legal)
    assert (ruling.cards == (called,)) == (called in legal)


def test_legal_item_with_a_called_card_lints_and_grades():
    """000 «Ошибки» 7; 004: the only legal card is the called one, and a low heart is refused by the law."""
    assert not problems(legal_text())
    item = parse_text(legal_text(), "x").puzzles[0].item
    assert grade(item, "HK").correct
    low = grade(item, "H3")
    assert not low.correct and low.verdict == "illegal" and low.maxims == ("exposed-card",)
    assert "004" in low.message.en and "ренонс" in low.message.ru
    off = grade(item, "D4")
    assert off.verdict == "illegal" and off.maxims == ("must-follow-suit",)


def test_wrong_legal_set_under_a_call_fails_at_the_answer_line():
    """004 «Карты, подлежащие объявлению»: the hearts are not all legal once the king is called."""
    text = legal_text(answer="[HK, H7, H3]")
    assert (line_of(text, "answer:"),
            "answer: the legal cards are HK (not legal H7 H3; exposed-card binds)") in problems(text)


def test_called_card_not_exposed_fails_at_its_line():
    """004: only an exposed card may be called."""
    text = legal_text().replace("called: HK", "called: H7")
    assert problems(text) == [(line_of(text, "called:"), "called: H7 is not one of the exposed cards")]


def test_exposed_card_already_played_fails_at_its_line():
    """004: «Наказание теряет силу, если игрок сможет избавиться от этой карты»: a played card is no penalty."""
    text = legal_text(played="W:H4 HJ HA HK / E:S2", answer="[SQ, S8, S5]")
    assert problems(text) == [(line_of(text, "exposed:"),
                               "exposed: the exposed card HK is not among South's cards left")]


def test_play_question_forced_by_a_call_needs_no_convention():
    """004: when the law leaves one card, it is the answer, whatever a convention would prefer."""
    assert not problems(legal_text(answer="HK", question="play"))
    text = legal_text(answer="H3", question="play")
    assert any(ln == line_of(text, "answer:") and "the penalty (exposed-card) allows only HK" in m
               for ln, m in problems(text))


# -- a lead out of turn -----------------------------------------------------------------------

def test_called_suit_must_be_led_if_held():
    """000 «Ошибки» 3: «требовать, чтобы он ходил с известной масти»; 004 «Внеочередной заход»."""
    hand = Hand.parse("KT4.Q962.J85.73")
    ruling = rule_on_penalties(_south(hand, None), called_suit=Suit.D)
    assert ruling.cards == hand.suit(Suit.D) and ruling.maxim == "lead-out-of-turn"


def test_called_suit_not_held_cannot_be_exacted():
    """004 «Внеочередной заход»: «Штраф не может быть взыскан в случае отсутствия у игрока карт в масти»."""
    hand = Hand.parse("-.AQ853.KJ72.T962")
    ruling = rule_on_penalties(_south(hand, None), called_suit=Suit.S)
    assert ruling.cards == hand.cards and not ruling.binds and "нет пик" in ruling.why.ru


def test_suit_is_called_only_from_a_lead():
    """004: the suit is called «при первом же подходе очереди» to lead -- not while following."""
    text = legal_text().replace("    exposed: [HK]\n    called: HK\n", "    called_suit: D\n")
    assert any(ln == line_of(text, "called_suit:") and "South is following" in m for ln, m in problems(text))


def test_lead_question_under_a_called_suit_with_several_cards_is_refused():
    """The conventions engine does not know the penalty: a lead item must leave one card, else ask legal."""
    text = textwrap.dedent("""\
        puzzles:
          - id: called-suit-lead
            title: {en: "A called suit", ru: "Названная масть"}
            themes: [laws]
            difficulty: 2
            dealer: E
            trump: S7
            hand: AJ3.K864.Q92.J75
            called_suit: D
            question: lead
            answer: D2
            maxims: [lead-out-of-turn]
            hints:
              - {en: "Which suit was called?", ru: "Какую масть назвали?"}
            explanation: {en: "Lead the called suit.", ru: "Ходите в названную масть."}
        """)
    assert any(ln == line_of(text, "question:") and "leaves 3 cards" in m for ln, m in problems(text))


# -- writing and describing -------------------------------------------------------------------

def test_writer_keeps_the_law_fields():
    """The generator and the Workshop write puzzles back: revokes and exposed cards must survive."""
    for text in (score_text(), legal_text()):
        puzzle = parse_text(text, "x").puzzles[0].item
        again = parse_text(puzzles_yaml([puzzle]), "y")
        assert not again.problems and again.puzzles[0].item == puzzle


def test_position_lines_tell_the_penalties_in_both_languages():
    """Everything a learner reads exists in English and Russian."""
    score = parse_text(score_text(), "x").puzzles[0].item
    assert "Revoke: East-West (penalty: points to the opponents)" in position_lines(score, "en")
    legal = parse_text(legal_text(), "x").puzzles[0].item
    ru = position_lines(legal, "ru")
    assert "Открытые карты: ♥К" in ru and "Противники требуют: ♥К" in ru


# -- the library ------------------------------------------------------------------------------

def test_law_puzzles_are_proved_and_graded():
    """puzzles/laws.yaml: 5-8 puzzles, theme laws, difficulties 1-4, every law maxim used, all proved."""
    path = REPO_ROOT / "puzzles" / "laws.yaml"
    report = lint_paths([path])
    assert report.ok, report.problems
    puzzles = [p.item for p in load_paths([path]).puzzles]
    assert 5 <= len(puzzles) <= 8
    assert all("laws" in p.themes for p in puzzles)
    assert {p.difficulty for p in puzzles} == {1, 2, 3, 4}
    assert LAW_MAXIMS <= {m for p in puzzles for m in p.maxims}
    for p in puzzles:
        right = p.answer if not isinstance(p.answer, tuple) else p.answer[0]
        assert grade(p, right).correct, p.id


def test_lesson_fifteen_teaches_then_exercises_the_laws():
    """Issue: «teach first, then exercises» for the laws (000 «Масти и взятки» 4; «Ошибки» 3, 7)."""
    path = next((REPO_ROOT / "lessons").glob("15-*.yaml"))
    report = lint_paths([path])
    assert report.ok, report.problems
    content = load_paths([path])
    exercises = [e.item for e in content.exercises]
    used = {m for e in exercises for m in e.maxims}
    assert {"revoke-penalty-russian", "exposed-card", "lead-out-of-turn"} <= used
    assert any(e.revokes for e in exercises) and any(e.called for e in exercises) and any(e.called_suit is not None for e in exercises)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000), moves=st.integers(min_value=0, max_value=30),
       pick=st.integers(min_value=0, max_value=12), suit=st.sampled_from(list(Suit)))
def test_south_view_agrees_with_the_penalty_engine_on_whole_deals(seed: int, moves: int, pick: int, suit: Suit):
    """000 «Ошибки» 3, 7; 004: South's own view gives the same cards as tutor.laws on the full PlayState."""
    import random

    from tutor.laws import CalledCard, CalledSuit, legal_under_penalties
    from tutor.play import PlayState
    from tutor.seats import Seat

    state = PlayState(Deal.random(seed, dealer="E"))
    rng = random.Random(seed)
    played = 0
    while played < moves or state.to_play != Seat.S:
        state.play(rng.choice(state.legal_cards()))
        played += 1
    remaining = state.hand(Seat.S)
    current = Trick(state.leader, tuple(state.current)) if state.current else None
    called = remaining.cards[pick % len(remaining)]
    view = SeatView.from_state(state, Seat.S)
    assert view.remaining == remaining and view.current == current
    ruling = rule_on_penalties(view, exposed=[called], called=called)
    assert ruling.cards == legal_under_penalties(state, [CalledCard(Seat.S, called)])
    if current is None:
        ruling = rule_on_penalties(view, called_suit=suit)
        assert ruling.cards == legal_under_penalties(state, [CalledSuit(Seat.S, suit)])


@settings(max_examples=80, deadline=None)
@given(side=st.text(alphabet="NSEWnsewX ", min_size=0, max_size=3))
def test_revokes_parser_takes_a_side_and_nothing_else(side: str):
    """000 «Масти и взятки» 4 penalises a side: only NS or EW is read; anything else is refused."""
    from pydantic import ValidationError

    from tutor.content.loader import read_yaml
    from tutor.content.models import PuzzleFile

    data, _, _ = read_yaml(score_text(), "x")
    data["puzzles"][0]["revokes"] = [side]
    if side in ("NS", "EW"):
        assert PuzzleFile.model_validate(data).puzzles[0].revokes == [side]
    else:
        with pytest.raises(ValidationError):
            PuzzleFile.model_validate(data)
