"""The definite errors of the content review (/work/shared/reviews/content-review.md, E-1 … E-10)
stay fixed: each test loads the item and asserts the corrected answer, text or law.

The card answers are the classical ones; whether the conventions engine agrees is proved by
``python -m tutor check`` (tests/test_content_library.py), not here.
"""

from __future__ import annotations

import pytest

import shipped
from tutor.cards import Card, Suit
from tutor.content.loader import ContentSet
from tutor.content.models import Item
from tutor.deal import Deal
from tutor.laws import judge_lead_out_of_turn
from tutor.play import PlayState, parse_history
from tutor.seats import Seat


@pytest.fixture(scope="module")
def content() -> ContentSet:
    return shipped.content()


def _item(content: ContentSet, item_id: str) -> Item:
    return content.puzzle(item_id)


def _exercise(content: ContentSet, lesson_id: str, step: int) -> Item:
    """The exercise at 1-based ``step`` of the lesson."""
    for loc in content.exercises:
        if loc.where == f"lesson {lesson_id} step {step}":
            return loc.item
    raise AssertionError(f"no exercise at {lesson_id} step {step}")


# -- E-1, E-2: a suit called after a lead out of turn -------------------------------------------

# Any layout does: only the seats matter.
_PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def _caller_of_south(dealer: Seat, offender: Seat) -> Seat:
    """Who may call a suit from South after ``offender`` (North) led out of turn, by the engine
    (004 «Внеочередной заход»: the opponent on the right of the player called from)."""
    state = PlayState(Deal.from_pbn(_PBN, dealer=dealer, trump_card={Seat.E: "CA", Seat.S: "CT"}[dealer]))
    card = state.hand(offender).cards[0]
    (caller,) = judge_lead_out_of_turn(state, offender, card, rules="american").callers_for(Seat.S)
    return caller


def test_lead_out_of_turn_exercise_names_east_as_the_caller(content: ContentSet) -> None:
    """E-1. 004 «Внеочередной заход»: «Штраф может взыскать только противник, сидящий справа от
    игрока, у которого на законных основаниях может быть отозвана масть». North led out of turn,
    the suit is called from South, so East -- South's right-hand opponent -- calls it."""
    (ex,) = [loc.item for loc in content.exercises if loc.where.startswith("lesson laws ") and loc.item.called_suit is not None]
    assert ex.called_suit_of is Suit.S
    caller = _caller_of_south(ex.dealer, Seat.N)
    assert caller is Seat.E
    assert f"{caller.label('en')}, on your right" in ex.prompt.en and "West, on your right" not in ex.prompt.en
    assert f"{caller.label('ru')}, сидящий справа от вас" in ex.prompt.ru and "Запад" not in ex.prompt.ru


def test_lead_out_of_turn_puzzle_names_east_as_the_caller(content: ContentSet) -> None:
    """E-2. 004 «Внеочередной заход»: West made the opening lead after South dealt, so West is
    South's left-hand opponent; the suit called from South is called by East."""
    p = _item(content, "suit-called-after-lead-out-of-turn")
    assert p.dealer is Seat.S and p.tricks_played[0].leader is Seat.W
    caller = _caller_of_south(p.dealer, Seat.N)
    assert caller is Seat.E
    assert "East, on your right" in p.prompt.en and "West, on your right" not in p.prompt.en
    assert "Восток, сидящий справа от вас" in p.prompt.ru and "Запад, сидящий справа" not in p.prompt.ru
    assert "справа от игрока, у которого" in p.explanation.ru


# -- E-3 … E-7: the lead from four or five trumps is the card from length ----------------------

@pytest.mark.parametrize(
    ("where", "answer"),
    [
        (("lesson", "trumps-and-ruffing", 3), "S2"),      # E-3: ♠Q9752 -> the lowest (LST 7; Hoyle)
        (("puzzle", "king-fourth-in-trumps"), "S3"),      # E-4: ♠K863 -> small (LST 3)
        (("puzzle", "king-fourth-with-five-trumps"), "H2"),  # E-5: ♥J9742 -> the lowest
        (("puzzle", "five-trumps-lead-the-king"), "H4"),  # E-6: ♥KJ864 -> small (LST 3, 7)
        (("puzzle", "draw-trumps-for-the-spades"), "H3"),  # E-7: ♥T763 -> the lowest
    ],
)
def test_lead_from_four_or_five_trumps_follows_the_card_from_length(content: ContentSet, where: tuple, answer: str) -> None:
    """000 LST 12 («Если козырей на руках четыре или пять, рекомендуется ходить с козыря») with
    LST 3 and 7 for the card; HNT 13 («начинают всегда с самого старшего») is the forced lead from
    a few trumps. Hoyle's Games Improved, whist, leads of trumps 27: "If five trumps of a lower
    denomination, begin with the lowest"; 28, 30: A-K or K-Q and two small, "begin with a small one"."""
    item = _exercise(content, where[1], where[2]) if where[0] == "lesson" else _item(content, where[1])
    trumps = item.student_hand.suit(item.trump_card.suit)
    assert len(trumps) >= 4
    assert item.answer == Card.parse(answer) and Card.parse(answer).suit == item.trump_card.suit
    assert "lead-highest-trump" not in item.maxims and "lead-trumps-with-four-or-five" in item.maxims
    assert "highest first" not in item.explanation.en and "start with the highest, the" not in item.explanation.en


def test_king_fourth_in_trumps_teaches_that_the_rules_agree(content: ContentSet) -> None:
    """E-4. 000 LST 3: with king fourth «следует идти с маленькой» -- in trumps too."""
    p = _item(content, "king-fourth-in-trumps")
    assert "agree: small" in p.explanation.en and "king-third-lead-small" in p.maxims


def test_trump_lead_lesson_scopes_the_highest_to_forced_leads(content: ContentSet) -> None:
    """E-3. Lesson 12 no longer teaches "the highest first" for four or five trumps."""
    les = next(loc.item for loc in content.lessons if loc.item.id == "trumps-and-ruffing")
    assert "(the highest first)" not in les.summary.en and "(со старшего)" not in les.summary.ru
    assert "a lead you must make from a few trumps" in les.steps[0].teach.en


# -- E-8: partner's void is shown by a ruff ----------------------------------------------------

def test_lead_into_partners_void_history_shows_the_void_by_a_ruff(content: ContentSet) -> None:
    """E-8. 000 LST 9 (lead the suit partner is void in, «чтобы он мог прикрываться маленькими
    козырями»): the void must be one partner ruffed, not a discard under an opponent's winner
    (a refusal to ruff reads as a call for trumps: Hoyle, "Enquire Within" xvii); and South holds
    three trumps, so LST 12 does not call for a trump lead instead."""
    p = _item(content, "lead-into-partners-void")
    trump = p.trump_card.suit
    first = parse_history(p.played)[0]
    assert first.leader is Seat.E and first.suit_led != trump
    assert dict(first.plays())[Seat.N].suit == trump
    assert len(p.student_hand.suit(trump)) == 3
    assert p.answer in (Card.parse("D3"), Card.parse("D8"))


# -- E-9: the echo under a small card, not under an honour -------------------------------------

def test_echo_partners_call_is_made_under_a_plain_card_not_an_honour(content: ContentSet) -> None:
    """E-9. EB 14th ed., "Whist", second hand: "ace alone on an honour led"; the catalogue's
    cover-honour-with-honour. The echo (♠8 from ♠A865; not the ♠6, in sequence with the ♠5 and
    read as the lower of equals, 000 HNT 9 and content review D-4) is right only under a card
    that is no honour."""
    p = _item(content, "echo-partners-call")
    led = p.tricks_played[-1].cards[0]
    assert led.suit == Suit.S and not led.rank.is_honour
    assert p.answer == Card.parse("S8")
    assert "second hand plays low on a queen" not in p.explanation.en


# -- E-10: what partner can infer when third hand's jack loses ---------------------------------

def test_third_hand_queen_jack_explains_the_inference_truly(content: ContentSet) -> None:
    """E-10. 000 HNT 9: on another's lead play the lower of equals. If the jack loses to West's
    king, partner places the queen with South or East -- never with West."""
    p = _item(content, "third-hand-queen-jack")
    assert "partner knows you hold the queen" not in p.explanation.en
    assert "never with West" in p.explanation.en and "не у Запада" in p.explanation.ru


# -- L-1 … L-9: language ------------------------------------------------------------------------

def _learner_texts(content: ContentSet) -> list[tuple[str, str, str]]:
    """(where, lang, text) for every text a learner reads in lessons and puzzles."""
    from tutor.content.lint import _texts
    from tutor.content.models import TeachStep

    out: list[tuple[str, str, str]] = []
    for loc in content.items():
        for path, text in _texts(loc.item):
            out += [(f"{loc.path}:{loc.line} {path}", "en", text.en), (f"{loc.path}:{loc.line} {path}", "ru", text.ru)]
    for les in content.lessons:
        texts = [les.item.title, les.item.summary] + [s.teach for s in les.item.steps if isinstance(s, TeachStep)]
        for t in texts:
            out += [(les.path, "en", t.en), (les.path, "ru", t.ru)]
    return out


def _catalogue_and_locale_english() -> list[tuple[str, str]]:
    import yaml

    from tutor.content.loader import REPO_ROOT
    from tutor.conventions.catalogue import load_catalogue

    out = [(m.id, m.title_in("en") + " " + m.text_in("en")) for m in load_catalogue().maxims]
    for name in ("en.yaml", "play.en.yaml"):
        def walk(x, where):
            if isinstance(x, dict):
                for k, v in x.items():
                    walk(v, f"{where}.{k}")
            elif isinstance(x, str):
                out.append((where, x.replace("{robber}", "")))
        walk(yaml.safe_load((REPO_ROOT / "tutor" / "locales" / name).read_text(encoding="utf-8")), name)
    return out


def test_english_says_rubber_not_robber(content: ContentSet) -> None:
    """L-1. «робер» is "rubber" in English; "robber" is a transliteration (the id partie-and-robber stays)."""
    import re

    bad = [w for w, lang, t in _learner_texts(content) if lang == "en" and re.search(r"\brobbers?\b", t, re.I)]
    bad += [w for w, t in _catalogue_and_locale_english() if re.search(r"\brobbers?\b", t, re.I)]
    assert not bad, bad


def test_english_texts_use_english_quotation_marks(content: ContentSet) -> None:
    """L-5. English texts quote with “…”, not with Russian guillemets."""
    bad = [(w, t) for w, lang, t in _learner_texts(content) if lang == "en" and ("«" in t or "»" in t)]
    assert not bad, bad


def test_russian_discard_is_sbros_not_snos(content: ContentSet) -> None:
    """L-2. The seeds «сносят» a suit they follow and «сбрасывают» a discard («Первая карта,
    сбрасываемая партнером», 000 HNT 14): a partner's discard is never «снос»."""
    import re

    pattern = re.compile(r"снос партн|первый снос|партн[её]р сн[её]с|что сн[её]с", re.I)
    bad = [(w, t) for w, lang, t in _learner_texts(content) if lang == "ru" and pattern.search(t)]
    assert not bad, bad


def test_one_spelling_of_sam_chetvert_and_the_section_names(content: ContentSet) -> None:
    """L-4, L-6, L-7, L-9: «сам-четверт» as the seed spells it; "Hints §" for «Намеки и подсказки»;
    the section «Порядок карт и роберы» by its full name; the echo is «эхо»."""
    texts = _learner_texts(content)
    assert not [w for w, lang, t in texts if "сам-четвёрт" in t]
    assert not [w for w, lang, t in texts if lang == "en" and "Tips §" in t]
    assert not [w for w, lang, t in texts if "«Порядок карт»" in t]
    assert not [w for w, lang, t in texts if lang == "ru" and "ответный сигнал" in t.lower()]


def test_crossruff_has_a_russian_whist_title() -> None:
    """L-3. «Перекрёстное козыряние», not a calque."""
    from tutor.conventions.catalogue import get_maxim

    assert get_maxim("crossruff-with-partner").title_in("ru") == "Перекрёстное козыряние с партнёром"


def test_american_revoke_penalty_is_a_rule_set_law_in_both_systems() -> None:
    """D-13. 004 «Ренонсирование»: the two-trick penalty belongs to the American laws, whichever
    convention system is taught; the English (Clay) laws take three tricks (Hoyle's Games
    Modernized, the laws, law 75)."""
    from tutor.conventions.catalogue import get_maxim

    m = get_maxim("revoke-penalty-american")
    assert set(m.systems) == {"russian", "english"}
    assert "American laws" in m.text_in("en") and "rule set" in m.text_in("en")
