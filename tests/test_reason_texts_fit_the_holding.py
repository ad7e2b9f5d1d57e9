"""The engine's reason texts are true of the holding they are said of (issue 26, the editor's
reading of the puzzle worksheet: "ace with small cards" said of A-Q-8-3 and A-J-10-8, "king with
small cards" of K-J-10-2, "no honours in sequence" of K-J-10-9-5-2, an English-whist aside that
gave only a rule's title, «пойти можно в козыри … или трефы» without its second «в»).

The rules themselves are the seed's (000 «Ходы, масти, козыри» 2: «От туза с маленькими следует
идти первоначально с маленькой»; 3: «Имея короля сам-третей … или сам-четверт … следует идти с
маленькой»; 7: a long suit from the lowest, never a middle card); their scope is wider than
their names, so the words name what the holding really is."""

from __future__ import annotations

from tutor.cards import Suit
from tutor.conventions.advice import advise
from tutor.seatview import SeatView


def _lead(hand: str, system: str = "russian", suit: Suit = Suit.S) -> tuple[str, str, str]:
    view = SeatView.parse(f"seat=S hand={hand} trump=D2 dealer=E")
    a = advise(view, system, suit=suit)  # type: ignore[arg-type]
    return a.card.symbol("en"), a.explanation["en"], a.explanation["ru"]


def test_ace_and_a_lower_honour_is_not_called_ace_with_small_cards() -> None:
    for hand, card in (("AQ83.K74.953.863", "♠3"), ("AJT8.K74.953.863", "♠8")):
        led, en, ru = _lead(hand)
        assert led == card  # the card is the seed's: the smallest
        assert "small cards" not in en and "с маленькими" not in ru
        assert "the ace without the king, in three or four cards" in en
        assert "От туза без короля" in ru


def test_ace_with_cards_below_the_ten_is_still_ace_with_small_cards() -> None:
    led, en, ru = _lead("A83.9742.Q53.863")
    assert led == "♠3"
    assert "From the ace with small cards" in en and "От туза с маленькими" in ru


def test_king_with_knave_and_ten_is_not_called_king_with_small_cards() -> None:
    led, en, ru = _lead("KJT2.A74.953.863")
    assert led == "♠2"
    assert "small cards" not in en.split("(")[0]
    assert "From the king without the queen, in three or four cards" in en
    assert "короля без дамы" in ru


def test_king_with_cards_below_the_ten_is_still_king_with_small_cards() -> None:
    led, en, ru = _lead("K72.9843.Q53.863")
    assert led == "♠2"
    assert "From the king with two or three small cards" in en and "сам-третей" in ru


def test_long_suit_with_a_sequence_under_the_king_is_not_said_to_have_no_honours_in_sequence() -> None:
    led, en, ru = _lead("KJT952.74.953.86")
    assert led == "♠2"
    assert "no honours in sequence" not in en and "без старших ровных" not in ru
    assert "at most one of the ace, king and queen" in en and "не больше одной карты" in ru


def test_other_systems_lead_is_explained_by_its_own_reason_not_only_a_rules_title() -> None:
    # K-J-10-2: English whist leads the ten (Cavendish ch. 15, the lowest of the sequence under
    # the honour); the note says so in words, not "(… leads ♠10 here: <title>.)"
    _, en, ru = _lead("KJT2.A74.953.863")
    assert "(From this suit English whist leads ♠10. Lead the lowest of the sequence under your honour, not ♠2.)" in en
    assert "(Из этой масти в английском висте ходят ♠10. Ходят младшей из ряда под онером, а не ♠2.)" in ru


def test_the_russian_hint_puts_v_before_every_suit_one_may_lead() -> None:
    # lib-2026-later-lead-346: «пойти можно в бубны (…) или в трефы (…)», not «… или трефы»
    from tutor.content.library import Draft, Turn, decide
    from tutor.content.library_text import hints_of
    from tutor.deal import Deal
    from tutor.seats import Seat

    deal = Deal.from_pbn("N:84.K6.KQ85.K9532 AQT6532.75.93.QJ K.A432.AJ2.AT876 J97.QJT98.T764.4",
                         dealer=Seat.S, trump_card="HA")
    draft = decide(Turn("test", "later-lead", deal, "W:HQ H6 H5 HA / S:CA C4 C2 CJ"))
    assert isinstance(draft, Draft)
    ru = hints_of(draft)[0].ru
    assert "пойти можно в бубны (три карты) или в трефы (четыре карты)" in ru


def test_cards_of_two_suits_rejected_together_are_not_said_to_be_of_that_suit() -> None:
    # lib-2026-discard-247: ♠10, ♥A and ♥J are rejected by one rule (discard from the weakest suit);
    # the editor read "♠10 or ♥A or ♥J is not the lowest card of your weakest suit; partner would
    # read that suit as weak" -- two suits, one "that suit"
    from tutor.content.library import Draft, Turn, decide
    from tutor.content.library_text import explanation_of
    from tutor.deal import Deal
    from tutor.seats import Seat

    deal = Deal.from_pbn("N:J9.Q53.QJT87.Q53 83.98.2.KJT97642 AKT52.AKJ.AK943. Q764.T7642.65.A8",
                         dealer=Seat.E, trump_card="CT")
    draft = decide(Turn("test", "discard", deal, "S:SK S4 S9 S8 / S:DK D5 D7 D2 / S:SA S6 SJ S3 / S:DA D6 D8 C2 / E:C4"))
    assert isinstance(draft, Draft)
    text = explanation_of(draft, None)
    assert "that suit" not in text.en and "эту масть" not in text.ru
    assert " or ♥A or " not in text.en and " или ♥Т или " not in text.ru
    assert "is not the lowest card of your weakest suit; partner reads the suit of a discard as weak." in text.en
    assert "масть сброшенной карты партнёр сочтёт слабой" in text.ru
