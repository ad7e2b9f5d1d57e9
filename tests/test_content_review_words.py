"""The December 2026 content review, language and the doubtful points it left to the content
(/work/shared/reviews/content-review.md, L-1 … L-7, E-7, D-3 … D-11): each test names the rule
of the texts it holds and fails on the text the review read.

What the learner reads comes from five places: the catalogue (titles, texts, scope, exceptions,
differences), the lessons and puzzles, the locale files, the study notes shown on the Maxims
page, and the rule sets and score items (the Rules page, ``tutor score``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
import yaml

import shipped
from tutor.content.loader import REPO_ROOT, ContentSet


@pytest.fixture(scope="module")
def content() -> ContentSet:
    return shipped.content()


def _strings(x: object, where: str) -> Iterator[tuple[str, str]]:
    if isinstance(x, dict):
        for k, v in x.items():
            yield from _strings(v, f"{where}.{k}")
    elif isinstance(x, (list, tuple)):
        for i, v in enumerate(x):
            yield from _strings(v, f"{where}[{i}]")
    elif isinstance(x, str):
        yield where, x


def _learner_texts(content: ContentSet, lang: str) -> list[tuple[str, str]]:
    """(where, text) in ``lang`` for every text a learner reads."""
    from tutor.content.lint import _texts
    from tutor.content.models import THEMES, TeachStep
    from tutor.conventions.catalogue import load_catalogue
    from tutor.rulesets import RULESETS

    out: list[tuple[str, str]] = []
    for loc in content.items():
        out += [(f"{loc.path}:{loc.line} {path}", getattr(text, lang)) for path, text in _texts(loc.item)]
    for les in content.lessons:
        texts = [les.item.title, les.item.summary] + [s.teach for s in les.item.steps if isinstance(s, TeachStep)]
        out += [(str(les.path), getattr(t, lang)) for t in texts]
    for m in load_catalogue().maxims:
        for field in ("title", "text", "scope", "exceptions", "differences"):
            text = getattr(m, field)  # a Text, or None for an optional field the maxim leaves out
            value = text[lang] if text is not None else None
            if value:
                out.append((f"catalogue {m.id}.{field}", value))
    locales = ("ru.yaml", "play.ru.yaml") if lang == "ru" else ("en.yaml", "play.en.yaml")
    for name in locales:
        out += list(_strings(yaml.safe_load((REPO_ROOT / "tutor" / "locales" / name).read_text(encoding="utf-8")), name))
    notes = yaml.safe_load((REPO_ROOT / "tutor" / "conventions" / "study" / "notes.yaml").read_text(encoding="utf-8"))
    out += [(w, t) for w, t in _strings(notes, "study notes") if w.endswith(f".{lang}")]
    for rs in RULESETS.values():
        out += [(f"rule set {rs.name}", rs.title.get(lang)), (f"rule set {rs.name}", rs.summary.get(lang))]
        out += [(f"rule set {rs.name} {v.name}", v.description.get(lang)) for v in rs.variants]
    out += [(f"theme {k}", v[1] if lang == "ru" else v[0]) for k, v in THEMES.items()]
    return out


# -- L-1, L-2: the sources are the Russian sources, never «семя», «сиды», "the seeds" --------------

#: «семя» and «сид» in any case form (not «семь», «сидеть», «сидящий»: those are other words).
_SEED_RU = re.compile(r"(?<![а-яё])(?:сем(?:я|ени|енем)|сид(?:а|ы|у|ом|е|ов|ам|ами|ах)?)(?![а-яё])", re.I)


def test_russian_learner_text_names_the_russian_sources_not_the_seeds(content: ContentSet) -> None:
    """L-1. «Семя» is a plant's seed and «сиды» no Russian word: the Russian text says «русские
    правила», «русский источник», «русское руководство по висту» (seed 000 by its title)."""
    bad = [(w, _SEED_RU.search(t).group(0)) for w, t in _learner_texts(content, "ru") if _SEED_RU.search(t)]  # type: ignore[union-attr]
    assert not bad, bad


def test_russian_seed_pattern_finds_the_words_the_review_quoted() -> None:
    """The pattern of the test above finds every form the review quoted, and no word of play."""
    for quoted in ("Семя говорит о козырях", "Русская система следует семени.", "В семени исключений нет",
                   "правила сидов", "(сиды)", "ни сиды, ни английские книги", "смысл сида"):
        assert _SEED_RU.search(quoted), quoted
    for fine in ("семи и более козырях", "вы сидите последним", "сидящий справа", "Сидя вторым", "игра до семи"):
        assert not _SEED_RU.search(fine), fine


def test_english_learner_text_says_the_russian_sources_not_the_seeds(content: ContentSet) -> None:
    """L-2. "The seeds" is the project's word for its files; the learner reads "the Russian
    sources" (or the guide by its title)."""
    pattern = re.compile(r"\bseeds?\b|\bseed's\b", re.I)
    random_seed = ("en.yaml.rules.seed", "play.en.yaml.seed")  # the number a random deal is drawn from
    bad = [(w, t) for w, t in _learner_texts(content, "en") if pattern.search(t) and w not in random_seed]
    assert not bad, bad


# -- L-3: one form of a seed citation ------------------------------------------------------------

def test_catalogue_and_rule_sets_cite_the_seed_in_one_form(content: ContentSet) -> None:
    """L-3. A seed paragraph is cited "000 Leads §15" / «Ходы, масти, козыри» 15 (which
    :func:`tutor.content.sources.named_sources` names for the learner), never by the file's code
    labels "LST 15", "000 HNT 12", "000 REC 8"."""
    codes = re.compile(r"\b(?:LST|HNT|REC)\b")
    for lang in ("en", "ru"):
        bad = [(w, t) for w, t in _learner_texts(content, lang) if codes.search(t)]
        assert not bad, bad


def test_lesson_and_puzzle_citations_are_named_in_one_form() -> None:
    """L-3 at the source: the texts of lessons and puzzles (``plain_citations``) name "000 Leads
    §14", "000 Scoring §9" and 000 «Ходы, масти, козыри» 14 as the Maxims page does
    (``named_sources``), not as "the Russian whist guide Leads §14"."""
    from tutor.content.sources import named_sources, plain_citations

    for text in ("third hand high (000 Leads §14).", "(000 Scoring §9)", "(000 «Ходы, масти, козыри» 14)",
                 "(000 HNT 12)", "(000 “Order of the cards and rubbers” 6)"):
        for lang in ("en", "ru"):
            plain = plain_citations(text, lang)
            assert not re.search(r"\b(?:Leads|Hints|Scoring) §|\b(?:LST|HNT|REC)\b", plain), plain
            assert plain == re.sub(r"<[^>]+>", "", named_sources(text, lang)), (plain, lang)
    # the seed's own words after its number stay a quotation
    assert plain_citations("(000 «Каждый игрок обязан сносить требуемую масть»)", "ru") == (
        "(русское руководство по висту «Каждый игрок обязан сносить требуемую масть»)")


# -- L-4: the seeds' vocabulary of ruffing ---------------------------------------------------------

def test_russian_ruffing_words_are_the_seeds_not_bridge_calques(content: ContentSet) -> None:
    """L-4. «установленная масть», «удар» (for a ruff) and «форс» are bridge calques; the Russian
    text says «разыгранная масть», «побить козырем» (000 «Масти и взятки»: «перебивать ее козырем»)."""
    pattern = re.compile(r"установленн|(?<![а-яё])удар|(?<![а-яё])форс", re.I)
    bad = [(w, t) for w, t in _learner_texts(content, "ru") if pattern.search(t)]
    assert not bad, bad


# -- L-5: lesson 2's Russian title ----------------------------------------------------------------

def test_following_suit_lesson_title_says_answer_the_suit(content: ContentSet) -> None:
    """L-5. «Снос» in Russian card games is a discard; the lesson on following suit is named with
    001's words «отвечать в масть» (001 §5 «Обязанность отвечать в масть»)."""
    (lesson,) = [les.item for les in content.lessons if les.item.id == "following-suit"]
    assert "Снос" not in lesson.title.ru and "в масть" in lesson.title.ru
    from tutor.content.models import THEMES

    assert "Снос" not in THEMES["following-suit"][1]


# -- L-6: English and American whist score odd tricks -----------------------------------------------

_PBN = "N:AKQJ.AKQ.AKQ.AKQ 5432.5432.5432.5 T987.T987.T98.T9 6.J6.J76.J876432"


@pytest.mark.parametrize("rules", ["american", "english-short", "simple"])
def test_score_outside_russian_whist_says_odd_tricks_in_both_languages(rules: str) -> None:
    """L-6. "Leve" is Russian whist's word (000 «Правила записи» 4 «лишняя взятка (леве)»); the
    English laws score odd tricks, and 001, 003, 004 «взятки сверх шести»."""
    from tutor.commands.score import score_text
    from tutor.deal import Deal
    from tutor.rulesets import RULESETS
    from tutor.scoring import score_deal

    rs = RULESETS[rules]
    ds = score_deal(Deal.from_pbn(_PBN, trump="S"), "NS=9", rules)
    assert "odd-tricks" in [i.what for i in ds.items] and "leve" not in [i.what for i in ds.items]
    en, ru = score_text(rs, ds, 9, "en"), score_text(rs, ds, 9, "ru")
    assert "odd tricks" in en and "leve" not in en.lower()
    assert "взятки сверх шести" in ru and "леве" not in ru


def test_russian_whist_keeps_its_leve() -> None:
    """000 «Правила записи» 2, 4: Russian whist writes the leve below the line."""
    from tutor.commands.score import score_text
    from tutor.deal import Deal
    from tutor.rulesets import RULESETS
    from tutor.scoring import score_deal

    ds = score_deal(Deal.from_pbn(_PBN, trump="S"), "NS=9", "russian")
    assert "leve" in [i.what for i in ds.items] and "odd-tricks" not in [i.what for i in ds.items]
    assert "леве" in score_text(RULESETS["russian"], ds, 9, "ru")


# -- E-7: the cross-system note names the other system's lead ------------------------------------

def test_english_lead_note_names_the_russian_lead_not_a_card_of_a_suit_it_would_not_open() -> None:
    """E-7. From 7.K853.AQ642.J94 (lesson 9, exercise 2) Russian whist leads ♥3: A-Q is not
    opened (000 «Ходы, масти, козыри» 13). The English explanation of its ♦4 names ♥3 and the
    maxim that keeps Russian whist out of diamonds, not the ♦2 it would lead if it did open them."""
    from tutor.conventions.advice import advise
    from tutor.seatview import SeatView

    view = SeatView.parse("seat=S hand=7.K853.AQ642.J94 trump=S2 dealer=E")
    assert advise(view, "russian").card.symbol("en") == "♥3"
    en = advise(view, "english").explanation
    assert "Russian whist leads ♥3" in en["en"] and "♦2 here" not in en["en"]
    assert "ходят ♥3" in en["ru"]
    assert "ace and queen of ♦" in en["en"]  # its own words, not only the rule's title (issue 26)


def test_lead_note_within_one_suit_says_from_this_suit() -> None:
    """E-7, the other reading: asked only which diamond to lead, the note compares the suit and
    says so ("From this suit Russian whist leads ♦2")."""
    from tutor.cards import Suit
    from tutor.conventions.advice import advise
    from tutor.seatview import SeatView

    view = SeatView.parse("seat=S hand=7.K853.AQ642.J94 trump=S2 dealer=E")
    en = advise(view, "english", suit=Suit.D).explanation
    assert "From this suit Russian whist leads ♦2" in en["en"] and "Из этой масти" in en["ru"]


# -- D-3: the histories are played as players play --------------------------------------------------

def _histories(content: ContentSet) -> Iterator[tuple[str, object, tuple]]:
    for loc in content.items():
        it = loc.item
        if getattr(it, "deal", None) is not None and getattr(it, "played", None):
            yield (getattr(it, "id", None) or loc.where), it.deal, tuple(it.played)


def _faults(content: ContentSet, lead: bool) -> list[tuple[str, str, str]]:
    """The history faults of every item (tutor.content.quality.history_faults): the underleads of
    an ace (``lead``) or the discards that bare one."""
    from tutor.content.quality import history_faults

    return [(where, str(t), str(c)) for where, deal, tricks in _histories(content)
            for t, c in history_faults(deal, tricks) if (c == t.cards[0]) == lead]


def test_no_history_underleads_an_ace_after_cashing_the_king_and_queen(content: ContentSet) -> None:
    """D-3 (answer-the-call-king-third, answer-the-call-two-trumps): having cashed king and
    queen of a suit, a player cashes the ace too before he leads a small card of it; leading the
    two into second hand's knave while keeping the ace is a play no player makes."""
    bad = _faults(content, lead=True)
    assert not bad, bad


def test_no_discard_in_a_history_bares_an_ace(content: ContentSet) -> None:
    """D-3 (partners-discard-warns): a discard "from the weak suit" (000 «Намеки и подсказки» 14)
    is never the small card beside an ace, which would leave the ace bare: that suit is not weak."""
    bad = _faults(content, lead=False)
    assert not bad, bad


def test_history_faults_find_both_plays_no_player_makes() -> None:
    """The check itself fails on each fault (so the two tests above can fail): an underled ace
    after the king and queen, and a discard that leaves an ace bare (000 «Намеки и подсказки» 14)."""
    from tutor.content.quality import history_faults
    from tutor.deal import Deal
    from tutor.play import parse_history

    deal = Deal.from_pbn("N:AKQ2.32.5432.432 JT9.AKQJ.KQJ.JT9 876.T987.A98.A87 543.654.T76.KQ65")
    under = history_faults(deal, parse_history("N:SK S9 S8 S3 / N:SQ ST S7 S4 / N:S2 SJ S6 S5"))
    assert [str(c) for _, c in under] == ["S2"]
    # East cashes four hearts; South, out of them at the fourth, throws ♣7 from ♣A-7: the ace is bare
    bare = Deal.from_pbn("N:AKQ2.32.5432.432 JT9.AKQJT.KQ.JT9 876.987.AJ986.A7 543.654.T7.KQ865")
    got = history_faults(bare, parse_history("E:HA H9 H4 H3 / E:HK H8 H5 H2 / E:HQ H7 H6 D2 / E:HJ C7 S3 D3"))
    assert [str(c) for _, c in got] == ["C7"]


def test_lesson_two_first_exercise_west_leads_from_his_long_suit(content: ContentSet) -> None:
    """D-3 (the following-suit exercise): West opened from 6-5-2 holding A-Q-10-9-8-5-4 of
    hearts. Now West's lead comes from his longest suit (000 «Ходы, масти, козыри» 1)."""
    (loc,) = [x for x in content.exercises if x.where == "lesson following-suit step 4"]
    it = loc.item
    lead = it.played[0].cards[0]
    west = it.deal[it.deal.holder(lead)]
    assert len(west.suit(lead.suit)) == max(len(west.suit(s)) for s in type(lead.suit))


def test_partners_diamond_lead_is_explained_by_the_ace_queen_ban(content: ContentSet) -> None:
    """D-3 (own-strong-suit-before-partners): North, with A-Q-J-10-9-7 of hearts, opened from
    Q-8-5 of diamonds: only the Russian rule against opening A-Q (000 «Ходы, масти, козыри» 13)
    explains it, and the explanation says so."""
    p = content.puzzle("own-strong-suit-before-partners")
    assert "Leads §13" in p.explanation.en and "«Ходы, масти, козыри» 13" in p.explanation.ru


# -- D-4: second hand low by the books that teach it ---------------------------------------------

def test_second_hand_low_is_cited_to_cavendish_pole_and_hoyle(content: ContentSet) -> None:
    """D-4. EB 14th ed. calls "second hand low" no rule of modern whist; the lesson cites the
    books that teach it (Cavendish, the play of the second hand; Pole; Hoyle), and covers a ten
    by the Victorian manual (rule 16), not by an unchecked "Cavendish ch. 23"."""
    (lesson,) = [les.item for les in content.lessons if les.item.id == "second-and-third-hand"]
    step = lesson.steps[0].teach
    for name in ("Cavendish", "Pole", "Hoyle"):
        assert name in step.en
    for name in ("Кавендиш", "Пол", "Хойл"):
        assert name in step.ru
    assert "EB1911" not in step.en and "ch. 23" not in step.en and "гл. 23" not in step.ru


# -- D-5: cash the master card ---------------------------------------------------------------------

def test_the_last_spade_cashes_the_master_king_first(content: ContentSet) -> None:
    """D-5. Partner's ace has gone and the king is the master heart: it is the model answer, the
    small hearts accepted, and the explanation says why the answer changed."""
    p = content.puzzle("the-last-spade")
    assert str(p.answer) == "HK"
    assert {str(a.answer) for a in p.accept} == {"H5", "H8"}
    assert "model answer before" in p.explanation.en and "Раньше образцом" in p.explanation.ru


# -- D-6: the rule cited has the scope of the holding -------------------------------------------------

def test_king_fifth_cites_the_long_suit_rule_not_king_third(content: ContentSet) -> None:
    """D-6. king-third-lead-small is scoped to three or four cards (000 «Ходы, масти, козыри» 3);
    K-8-6-4-2 is a long suit, led by the long-suit rule (Leads §7; Pole, old Hoyle)."""
    from tutor.conventions.catalogue import get_maxim

    p = content.puzzle("king-fifth-top-or-bottom")
    assert "king-third-lead-small" not in p.maxims and p.maxims[0] == "long-suit-lead-lowest"
    assert "three or four" in get_maxim("king-third-lead-small").scope_in("en")


# -- D-7: hints ----------------------------------------------------------------------------------------

def test_first_hint_never_states_the_answer(content: ContentSet) -> None:
    """D-7. The last hint may narrow to the answer; the first never names the card (by its symbol)
    or the count."""
    bad = []
    for loc in content.items():
        it = loc.item
        if len(it.hints) < 2:
            continue
        first = it.hints[0]
        a = it.answer
        if isinstance(a, int) and re.search(rf"(?<![\d§]){a}(?!\d)", first.en):
            bad.append((loc.where, first.en))
        elif hasattr(a, "symbol") and (a.symbol("en") in first.en or a.symbol("ru") in first.ru):
            bad.append((loc.where, first.en))
    assert not bad, bad


#: Second hints the review read as stating the card or the count (D-7), now pointing at the reason.
_STATED = ("Second hand plays low.", "Ace-queen waits; the king with small cards leads its smallest.",
           "Two cards are led in turn: the second highest, then the third.",
           "With ace-king-queen, Russian whist starts with the lowest of the three.",
           "first the second highest", "from ace-king the king", "opens with the king.",
           "Five honours between partners score 5.", "Ace to jack in a plain suit: 10.", "Ace to ten in trumps is 40",
           "with three, the highest.", "however few trumps you hold, with the highest.",
           # first hints that already narrowed to one play (the exception named, the sequence named)
           "This is the exception to second hand low.", "A ten is an honour too.",
           "Your long suit is a sequence.", "Your long suit is headed by touching honours.")


def test_second_hints_point_at_the_reasoning_not_the_card(content: ContentSet) -> None:
    """D-7. The hints the review quoted no longer state the card or the count, and no first hint
    names the one play left (the exception, the sequence)."""
    bad = [(loc.where, h.en) for loc in content.items() for h in loc.item.hints if any(s in h.en for s in _STATED)]
    assert not bad, bad


# -- D-9, D-10, D-11: the score sheet, the coronka, a source named -------------------------------------

def test_netting_example_says_the_side_that_finished_the_partie_writes_zero(content: ContentSet) -> None:
    """D-9. 000 «Правила записи» 8: «Вторые, окончившие партию, пишут» 0 — the side with fewer
    points finished the partie and keeps it, «даже с нулем»."""
    (lesson,) = [les.item for les in content.lessons if les.item.id == "score-sheet"]
    step = lesson.steps[2].teach
    assert "finished the partie" in step.en and "окончил партию" in step.ru


def test_coronka_in_one_hand_is_named_as_the_russian_tradition(content: ContentSet) -> None:
    """D-10. 000 «Правила записи» 9 does not say "in one hand" of coronkas, while 000 «Правила
    записи» 3 says honours may be split: the lesson names it the tradition, not the seed."""
    (lesson,) = [les.item for les in content.lessons if les.item.id == "honours-and-coronkas"]
    texts = [s.teach for s in lesson.steps if getattr(s, "teach", None) is not None]
    assert any("tradition of Russian whist" in t.en and "традиция русского виста" in t.ru for t in texts)


def test_no_learner_text_cites_modern_whist_section_45(content: ContentSet) -> None:
    """D-11. "Modern Whist §45" named no book (it was page 45 of the unidentified Victorian
    manual, rule 36 "Echo of the Call"); the echo is cited by the manual's rule and Cavendish."""
    for lang in ("en", "ru"):
        assert not [w for w, t in _learner_texts(content, lang) if "Modern Whist" in t]
    p = content.puzzle("echo-after-partners-trump-lead")
    assert "rule 36" in p.explanation.en and "правило 36" in p.explanation.ru
