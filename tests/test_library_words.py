"""The puzzle library's words as an editor reads them (issue 26, point 2: "an explanation from the
engine's reasons about this hand's real alternatives, with the source cited"; the editor's reading
of the worksheet): each rejected card in a sentence of its own that names it, no hint repeating the
explanation, no "waiting lead" for a trump lead, no "0.00" of a trick, the deciding maxim's own
source for the puzzle's hand. Each draft is built from a concrete position of the shipped library."""

from __future__ import annotations

import re

from tutor.cards import CARDS, Card, Hand, Suit, parse_card
from tutor.content.library import Draft, Turn, decide
from tutor.content.library_text import dd_note, explanation_of, hints_of, title_of
from tutor.deal import Deal
from tutor.seats import Seat


def _opening(hand: str, trump: str) -> Draft:
    """The opening lead of South holding ``hand``, East dealing with ``trump`` turned up (the
    other hands filled in order: nothing South sees depends on them)."""
    south = Hand.parse(hand)
    tc = parse_card(trump)
    rest = [c for c in CARDS if c not in south and c != tc]
    deal = Deal({Seat.S: south, Seat.W: Hand(rest[:13]), Seat.N: Hand(rest[13:26]), Seat.E: Hand([tc, *rest[26:]])},
                dealer=Seat.E, trump_card=tc)
    got = decide(Turn("test", "opening-lead", deal, ""))
    assert isinstance(got, Draft), got
    return got


def _third_hand() -> Draft:
    """lib-2026-third-hand-6: North leads ♦K to trick 5, East plays ♦4, South holds ♦Q-J-5-2."""
    deal = Deal.from_pbn("N:QJ83.AJ.KT983.J3 K962.K97.64.Q987 T5.QT42.QJ52.KT6 A74.8653.A7.A542",
                         dealer=Seat.S, trump_card="ST")
    played = "W:C2 C3 CQ CK / S:DQ DA D3 D6 / W:H3 HJ HK H2 / E:H9 HT H5 HA / N:DK D4"
    got = decide(Turn("test", "third-hand", deal, played))
    assert isinstance(got, Draft), got
    return got


def _record(draft: Draft, best: str, means: dict[str, float]) -> dict[str, object]:
    answer = str(draft.advice.card)
    return {"comparison": {"verdict": "costs", "best": best, "samples": 10, "cost": means[best] - means[answer]},
            "leads": [{"card": c, "mean": m} for c, m in means.items()]}


def test_each_rejected_card_is_named_in_a_sentence_of_its_own_never_as_them():
    # lib-2026-opening-lead-1: four trumps, the alternatives ♦A and ♣J (the editor's "rather than them")
    draft = _opening("Q532.8.AJT7.JT87", "S4")
    text = explanation_of(draft, None)
    for alt in draft.plausible:
        assert alt.symbol("en") in text.en and alt.symbol("ru") in text.ru
    assert not re.search(r"\bthem\b", text.en) and not re.search(r"\bих\.", text.ru)
    assert "Not ♦A or ♣J:" not in text.en
    assert "Lead a trump rather than ♦A or ♣J." in text.en
    # the clause the engine's own reason has just said is not said twice
    assert text.en.count("With four or more trumps") == 1


def test_a_reason_naming_the_strong_suit_reads_as_a_sentence_for_cards_of_other_suits():
    # lib-2026-opening-lead-6: the editor's "Not ♠J or ♥J or ♦K: Draw trumps to protect your ♦ before leading them."
    draft = _opening("A7.AQJT.AK72.KT4", "H7")
    text = explanation_of(draft, None)
    assert "before leading them" not in text.en and "protect your ♦ before" not in text.en
    assert re.search(r"Draw trumps first, not ♠A, ♦A or ♣K: until the opponents' trumps are out, your ♦ "
                     r"suit can be ruffed\.", text.en), text.en
    assert "масть ♦ могут побить" in text.ru and "♠Т, ♦Т или ♣К" in text.ru  # a list, not «или … или» (issue 26)


def test_no_hint_repeats_a_sentence_of_the_explanation():
    for draft in (_opening("Q532.8.AJT7.JT87", "S4"), _opening("A7.AQJT.AK72.KT4", "H7"), _third_hand()):
        text = explanation_of(draft, None)
        for hint in hints_of(draft):
            for sentence in re.split(r"(?<=[.?!])\s+", hint.en):
                assert sentence not in text.en, sentence
            for sentence in re.split(r"(?<=[.?!])\s+", hint.ru):
                assert sentence not in text.ru, sentence


def test_the_second_hint_asks_about_the_rule_the_strongest_alternative_breaks():
    draft = _third_hand()
    hint = hints_of(draft)[1]
    assert hint.en == "♦J is tempting. Does it keep to the rule “Play low when you are not winning”?"
    assert hint.ru == "♦В соблазняет. Не нарушает ли эта карта правило «Не берёте — кладите младшую»?"


def test_a_trump_lead_the_solver_prefers_is_not_called_a_waiting_lead():
    # lib-2026-opening-lead-4: ♠K from A-K-10-x-x-x, hearts trumps; the solver's best a trump (♥A)
    draft = _opening("AKT652.AT4..Q962", "H6")
    assert draft.advice.card == Card.parse("SK")
    note = dd_note(draft, _record(draft, "HA", {"HA": 8.0, "SK": 7.5, "SA": 7.2}))
    assert note is not None
    assert "waiting" not in note.en and "выжидательный" not in note.ru
    assert "a lead of trumps gives nothing away" in note.en and "ход в козыри" in note.ru


def test_a_zero_difference_is_written_level_never_as_0_00():
    draft = _opening("AKT652.AT4..Q962", "H6")
    note = dd_note(draft, _record(draft, "C2", {"C2": 8.0, "SK": 7.5, "SA": 7.5}))
    assert note is not None
    assert "0.00" not in note.en and "0,00" not in note.ru
    assert "rates ♠K level with ♠A" in note.en and "ставит ♠К вровень с ♠Т" in note.ru
    level = dd_note(draft, _record(draft, "C2", {"C2": 7.5, "SK": 7.5}))
    # level is not a disagreement: the note says so and explains nothing
    assert level is not None and level.en == "Double-dummy over 10 layouts, ♣2 and ♠K score level."
    assert level.ru == "В открытую на 10 раскладах ♣2 и ♠К дают поровну."


def test_a_third_hand_play_low_cites_its_maxims_source_on_the_third_hand_not_cassell_on_the_fourth():
    draft = _third_hand()
    assert draft.deciding == "play-low-when-not-winning"
    text = explanation_of(draft, None)
    assert "(Source: Cavendish, play of the third hand.)" in text.en
    assert "fourth player" not in text.en and "Касселла" not in text.ru


def _turn(kind: str, pbn: str, dealer: Seat, trump: str, played: str) -> Draft:
    got = decide(Turn("test", kind, Deal.from_pbn(pbn, dealer=dealer, trump_card=trump), played))
    assert isinstance(got, Draft), got
    return got


def test_the_reason_does_not_say_again_the_opening_phrase_the_engines_own_reason_has_just_said():
    # lib-2026-third-hand-535: "On partner's lead, third hand plays high. On partner's lead play your highest, not ♦5."
    draft = _turn("third-hand", "N:83.Q953.9832.AQ7 654.A7.QJT76.J32 KQJT72.T64.K5.94 A9.KJ82.A4.KT865",
                  Seat.W, "DA", "N:D2 DT")
    text = explanation_of(draft, None)
    assert text.en.count("On partner's lead") == 1
    assert "Play your highest, not ♦5." in text.en


def test_a_later_lead_after_your_own_lead_is_not_called_your_sides_first_lead():
    # lib-2026-later-lead-346: South led ♣A to trick 2, partner has not led
    draft = _turn("later-lead", "N:84.K6.KQ85.K9532 AQT6532.75.93.QJ K.A432.AJ2.AT876 J97.QJT98.T764.4",
                  Seat.S, "HA", "W:HQ H6 H5 HA / S:CA C4 C2 CJ")
    title = title_of(draft)
    assert "first lead" not in title.en and "первый ход" not in title.ru
    assert title.en == "On lead, trick three: partner has not led yet, three trumps left"
    hint = hints_of(draft)[0]
    assert "open" not in hint.en and "открыть" not in hint.ru
    assert hint.en.startswith("You hold three trumps; you might lead diamonds (three cards) or clubs (four cards).")


def test_second_hand_low_is_not_said_twice_before_the_card_it_rejects():
    # lib-2026-second-hand-384: "Second hand plays low. Second hand plays low; ♦J spends a card partner may not need."
    draft = _turn("second-hand", "N:973.9754.T32.T65 Q5.J8.K865.AJ832 AT84.AT3.J9.KQ74 KJ62.KQ62.AQ74.9",
                  Seat.E, "DK", "S:CK C9 C5 CA / E:D5")
    text = explanation_of(draft, None)
    assert text.en.count("Second hand plays low") == 1 and "♦J spends a card partner may not need." in text.en
    assert text.ru.count("Вторая рука кладёт маленькую") == 1 and "♦В тратится зря." in text.ru


def test_a_long_suit_the_engine_rules_out_altogether_is_answered_too():
    # lib-2026-opening-lead-1427: six spades to A-Q-10 are never led (never-lead-ace-queen); the
    # editor asks "why not my six-card suit?", so the explanation says it
    draft = _opening("AQT962.KJ.K43.J9", "HT")
    assert all(c.suit != Suit.S for c in draft.plausible)
    text = explanation_of(draft, None)
    assert "You hold ace and queen of ♠: let others lead it and finesse the queen; not ♠A." in text.en
    assert "♠Т" in text.ru


def test_a_discard_says_why_not_trump_when_the_seat_holds_trumps():
    # lib-2026-discard-475: South, void in clubs with five trumps, discards; the editor asks "why not trump?"
    draft = _turn("discard", "N:T8743.J.AQT8.A85 AQ.AK3.72.QJ7432 KJ6.QT76542.KJ3. 952.98.9654.KT96",
                  Seat.S, "H6", "W:C6 C5 CJ H2 / S:H4 H8 HJ HK / E:C2")
    text = explanation_of(draft, None)
    assert "♥5 trumps a card partner may win; with four trumps or more, keep them to draw the opponents'." in text.en
    assert "♥5 бьёт карту, которую может взять партнёр" in text.ru
