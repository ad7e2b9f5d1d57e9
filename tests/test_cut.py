"""The cut for the deal as an exercise (issue 25): the rules of the cut under each seed's custom, the
``cut`` question kind (schema, the linter's proof, grading in both languages, the worksheet), and
lesson 17. Each rule test is named after the seed sentence it checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cards import CARDS, Card
from tutor.content.grading import GradingError, grade
from tutor.content.lint import lint_text
from tutor.content.loader import load_file
from tutor.content.models import Exercise
from tutor.content.worksheet import answer_text
from tutor.cut import CUSTOMS, PLAYER_NAMES, CutError, cut_rank, rule_cut

LESSON = Path(__file__).resolve().parents[1] / "lessons" / "17-who-deals.yaml"
C = Card.parse
FOUR = {"You": C("S5"), "Anna": C("HA"), "Boris": C("D9"), "Vera": C("C2")}


def test_pervym_sdaet_tot_u_kogo_samaya_mladshaya_karta():
    """000 «Сдача и партнерство» 6: «Первым сдает тот, кто выбирает место: тот, у кого самая младшая
    карта» -- the ace is the highest card (000 «Порядок карт» 2), so the two deals, not the ace."""
    assert rule_cut(FOUR, "lowest").answer("dealer") == "Vera"


def test_mladshaya_karta_igraet_s_mladshey_starshaya_so_starshey():
    """000 «Сдача и партнерство» 5: the two low cards (the two and the five) play together."""
    ruling = rule_cut(FOUR, "lowest")
    assert ruling.answer("partner") == "Vera" and ruling.partner_of("Anna") == "Boris"


def test_igrok_so_starshey_kartoy_sdaet_pervym_domashnyaya_dogovorennost():
    """001 §2: «игрок с выбранной старшей картой сдаёт первым» (the ace high); 001 names no rule for
    the partners, so a partner question under this custom is refused, not guessed."""
    ruling = rule_cut(FOUR, "highest")
    assert ruling.answer("dealer") == "Anna"
    with pytest.raises(CutError, match="001"):
        ruling.answer("partner")


def test_pri_zherebyovke_tuz_schitaetsya_mladshey_kartoy():
    """003 «Старшинство карт»: «При жеребьевке туз считается младшей картой» -- Anna's ace is the lowest
    card of the club's draw: she chooses the pack and seats and deals; the two high cards (nine and
    five) partner each other (003 «Жеребьевка»)."""
    assert cut_rank(C("HA"), "club") == 1 and cut_rank(C("HA"), "lowest") == 14
    ruling = rule_cut(FOUR, "club")
    assert ruling.answer("dealer") == "Anna"
    assert ruling.answer("partner") == "Boris" and ruling.partner_of("Anna") == "Vera"


def test_chetyre_igroka_vzyavshie_samye_starshie_karty_igrayut_pervymi():
    """003 «Число игроков»: of five, the four highest cards (the ace the lowest) play, one waits."""
    five = {**FOUR, "Gleb": C("SK")}
    ruling = rule_cut(five, "club")
    assert ruling.answer("waiting") == "Anna"
    assert set(ruling.playing or ()) == {"You", "Boris", "Vera", "Gleb"} and ruling.answer("dealer") == "Vera"


def test_esli_znacheniya_sovpali_tyanite_snova():
    """001 §2: «если значения совпали, тяните снова» -- equal cards that decide leave the question to
    a new draw, and the cut refuses to answer it; equal cards that decide nothing do not matter."""
    tie_low = {"You": C("S2"), "Anna": C("H2"), "Boris": C("D9"), "Vera": C("CK")}
    with pytest.raises(CutError, match="draw again"):
        rule_cut(tie_low, "lowest").answer("dealer")
    assert rule_cut(tie_low, "highest").answer("dealer") == "Vera"
    tie_middle = {"You": C("S2"), "Anna": C("H9"), "Boris": C("D9"), "Vera": C("CK")}
    assert rule_cut(tie_middle, "lowest").answer("dealer") == "You"
    with pytest.raises(CutError, match="partner"):
        rule_cut(tie_middle, "lowest").answer("partner")
    tie_cut = {"You": C("S3"), "Anna": C("H3"), "Boris": C("D9"), "Vera": C("CK"), "Gleb": C("SQ")}
    with pytest.raises(CutError):
        rule_cut(tie_cut, "club").answer("waiting")


@pytest.mark.parametrize(("cut", "custom", "match"), [
    ({"You": C("S2"), "Anna": C("H3"), "Boris": C("D4")}, "lowest", "4 players, not 3"),
    ({"You": C("S2"), "Anna": C("H3"), "Boris": C("D4"), "Vera": C("C5"), "Gleb": C("S6")}, "lowest", "not 5"),
    ({"You": C("S2"), "Anna": C("S2"), "Boris": C("D4"), "Vera": C("C5")}, "lowest", "twice"),
    ({"Zoe": C("S2"), "Anna": C("H3"), "Boris": C("D4"), "Vera": C("C5")}, "lowest", "unknown player"),
    ({"Dina": C("S2"), "Anna": C("H3"), "Boris": C("D4"), "Vera": C("C5")}, "lowest", "learner"),
    (FOUR, "french", "unknown custom"),
])
def test_a_cut_that_cannot_be_read_is_one_clear_error(cut, custom, match):
    with pytest.raises(CutError, match=match):
        rule_cut(cut, custom)


@given(st.sampled_from(CUSTOMS), st.integers(4, 6), st.randoms(use_true_random=False))
def test_property_the_dealer_is_the_extreme_card_and_partners_split_low_from_high(custom, n, rnd):
    """Property: whatever the cards, the dealer holds the lowest card of the four who play (the
    highest under 001) in the custom's ranks, the four who play are the highest, and each pair is
    either the two lower or the two higher cards."""
    n = 4 if custom != "club" else n
    cut = dict(zip(PLAYER_NAMES[:n], rnd.sample(CARDS, n)))
    ruling = rule_cut(cut, custom)
    rank = {p: cut_rank(c, custom) for p, c in cut.items()}
    if ruling.playing is None:
        return  # the fourth and fifth cards tie: they draw again
    assert all(rank[w] <= min(rank[p] for p in ruling.playing) for w in ruling.waiting or ())
    ranks = sorted(rank[p] for p in ruling.playing)
    if ruling.dealer is not None:
        want = ranks[-1] if custom == "highest" else ranks[0]
        assert rank[ruling.dealer] == want
    for pair in ruling.pairs or ():
        assert sorted(rank[p] for p in pair) in (ranks[:2], ranks[2:])


# -- the cut question kind ---------------------------------------------------------------------------
def _item(**over: object) -> Exercise:
    data = {"question": "cut", "custom": "lowest", "cut": {"You": "S5", "Anna": "HA", "Boris": "D9", "Vera": "C2"},
            "answer": "Vera", "maxims": ["cut-lowest-deals"],
            "explanation": {"en": "The two is the lowest.", "ru": "Двойка — младшая."}}
    data.update(over)
    return Exercise.model_validate(data)


def test_a_cut_question_is_asked_before_the_deal_without_hand_or_trump():
    item = _item()
    assert item.hand is None and item.trump is None and item.cut_ask == "dealer"
    for field, value in (("hand", "KJ4.AQ32.T98.765"), ("trump", "D7")):
        with pytest.raises(ValueError, match=f"leave {field}: out"):
            _item(**{field: value})
    with pytest.raises(ValueError, match="player's name"):
        _item(answer="S4")
    with pytest.raises(ValueError, match="does not fit the cut question"):
        _item(ask="honours-points-ns")
    with pytest.raises(ValueError, match="only a cut question"):
        Exercise.model_validate({"question": "lead", "trump": "D7", "hand": "KJ4.AQ32.T98.765", "answer": "S4",
                                 "maxims": ["king-third-lead-small"], "custom": "lowest",
                                 "explanation": {"en": "x", "ru": "х"}})


def test_grading_a_cut_names_the_rule_never_the_player_until_solved():
    item = _item()
    right = grade(item, "вера", "ru")
    assert right.correct and right.message.ru == "Верно: Вера."
    wrong = grade(item, "Anna", "en")
    assert not wrong.correct and wrong.message.en.startswith("Not Anna.")
    assert "Vera" not in wrong.message.en and "Вера" not in wrong.message.ru
    assert "lowest card" in wrong.message.en and "Vera" in wrong.explanation.en
    with pytest.raises(GradingError, match="not a player of this cut"):
        grade(item, "Gleb")
    assert answer_text(item, "ru") == "Вера"


LESSON_ITEM = """id: x
order: 99
title: {en: "Cut", ru: "Жребий"}
summary: {en: "The cut.", ru: "Жребий."}
steps:
  - teach: {en: "Draw.", ru: "Тяните."}
  - exercise:
      question: cut
      custom: CUSTOM
      cut: {You: S5, Anna: HA, Boris: D9, Vera: C2}
      prompt: {en: "PROMPT", ru: "Кто сдаёт?"}
      answer: ANSWER
      maxims: [cut-lowest-deals]
      explanation: {en: "The rule.", ru: "Правило."}
"""


@pytest.mark.parametrize(("custom", "answer", "prompt", "problem"), [
    ("lowest", "Vera", "Who deals?", None),
    ("lowest", "Anna", "Who deals?", "the answer is Vera, not Anna"),
    ("highest", "Vera", "Who deals?", "the answer is Anna, not Vera"),
    ("club", "Anna", "Does Anna deal?", "gives the answer away"),
])
def test_tutor_check_proves_a_cut_question_by_the_custom(custom, answer, prompt, problem):
    text = LESSON_ITEM.replace("CUSTOM", custom).replace("ANSWER", answer).replace("PROMPT", prompt)
    report = lint_text(text, "x.yaml")
    if problem is None:
        assert report.ok, report.problems
    else:
        assert not report.ok and any(problem in p.message for p in report.problems), report.problems


def test_lesson_17_teaches_the_three_customs_and_every_exercise_is_a_proved_cut():
    """000 «самая младшая карта», 001 «старшей картой сдаёт первым», 003 «туз считается младшей картой»
    and «самые старшие (в номинале) карты»: quoted in the lesson, each custom asked at least once."""
    loaded = load_file(LESSON)
    assert loaded.kind == "lesson" and not loaded.problems
    lesson = loaded.lessons[0].item
    text = " ".join(s.teach.en + " " + s.teach.ru for s in lesson.steps if hasattr(s, "teach"))
    for quote in ("самая младшая карта", "старшей картой сдаёт первым", "туз считается младшей картой",
                  "самые старшие карты", "lowest card", "higher card deals first", "ace counts as the lowest card"):
        assert quote in text
    items = [e for _, e in lesson.exercises()]
    assert {e.question for e in items} == {"cut"}
    assert {e.custom for e in items} == set(CUSTOMS)
    assert {e.cut_ask for e in items} == {"dealer", "partner", "waiting"}
    assert lint_text(LESSON.read_text(encoding="utf-8"), str(LESSON)).ok
