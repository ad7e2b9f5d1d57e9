"""Leads as the classical books and the seeds give them: a table of positions, each citing its source.

Opening leads (every holding of Cavendish's Analysis of Leads that the books give, plain suits and
trumps), trump leads with two to seven trumps, answering a call and not, continuations of one's own
suit and returns of partner's, in both systems. Each row names the card the rule names first and
the cards accepted as just as right (another school of the same system).

Sources (the stored pages read):
- CAV: Cavendish, The Laws and Principles of Whist, 18th ed. (1889), ch. "Analysis of leads" (the
  holdings with their first and second cards; "American leads" = the fourth best) and "Returned
  leads".
- CHAM: Chambers's Encyclopaedia, article "Whist" (the list of leads; the return rule: "if the
  player has only two cards of it remaining ... return the highest; if more than two, the lowest.
  The exception is, if he has the winning card").
- HOY: Hoyle's Games, Improved and Enlarged, Whist: "how to lead trumps" nos. 13-35 (e.g. no. 27
  "If five trumps of a lower denomination, begin with the lowest"; no. 28 "If ace, king, and two
  small trumps, begin with a small one"), and the maxims on leads from weak suits.
- POLE: W. Pole, The Theory of Whist: forced leads from fewer than four (the highest); answering
  the call or returning partner's trumps: "with less than four, play out your best".
- Seeds: 000 LST n = «Ходы, масти, козыри» n, HNT n = «Намеки и подсказки» n.
"""

from __future__ import annotations

import pytest

from tutor.cards import Suit, parse_card
from tutor.conventions import SeatView, advise


def hand_with(holding: str, suit: Suit) -> str:
    """A 13-card hand holding ``holding`` in ``suit`` and dull cards in the others."""
    need = 13 - len(holding.replace("10", "T"))
    suits = dict.fromkeys(Suit, "")
    suits[suit] = holding
    others = [s for s in Suit if s != suit]
    pool = {s: list("54329876TJ") for s in others}
    i = 0
    while need:
        s = others[i % 3]
        if pool[s]:
            suits[s] += pool[s].pop(0)
            need -= 1
        i += 1
    return ".".join(suits[s] for s in Suit)


def card_led(holding: str, *, trump: bool, system: str) -> tuple[str, tuple[str, ...]]:
    """The card ``system`` leads from ``holding`` (spades; spades trumps when ``trump``), and the
    cards it accepts as just as right (verdict equal)."""
    suit = Suit.S
    hand = hand_with(holding, suit)
    trump_card = "S" if trump else "H"
    a = advise(SeatView.build(hand=hand, trump=trump_card), system, suit=suit)
    equal = tuple(sorted(str(v.card)[1:] for v in a.candidates if v.verdict == "equal"))
    return str(a.card)[1:], equal


# holding, trump?, system, named card, accepted (just as right), source
OPENING = [
    # -- Cavendish's analysis: plain suits
    ("AKQJ5", False, "english", "K", (), "CAV analysis: A-K-Q-J (plain) — king, then knave"),
    ("AKQ52", False, "english", "K", (), "CAV analysis: A-K-Q (plain) — king, then queen"),
    ("AKJ52", False, "english", "K", (), "CAV analysis: A-K-J — king, then ace"),
    ("AK532", False, "english", "K", (), "CAV analysis: A-K and small (plain) — king, then ace"),
    ("AK", False, "english", "A", (), "CAV analysis / Elwell: A-K only — ace, then king"),
    ("AQJ5", False, "english", "A", (), "CHAM: from ace, queen, knave — lead ace, then queen"),
    ("A8643", False, "english", "A", (), "CAV App. A: ace and four small (plain) — ace, then fourth best"),
    ("KQJ5", False, "english", "K", (), "CAV analysis: K-Q-J and one small — king, then knave"),
    ("KQJ52", False, "english", "J", (), "CHAM: K-Q-J and more than one small — knave"),
    ("KQ52", False, "english", "K", (), "CAV analysis: K-Q and small (plain) — king"),
    ("KJT9", False, "english", "9", (), "CHAM: from king, knave, ten, nine — lead nine"),
    ("KJT5", False, "english", "T", (), "CHAM: from king, knave, ten and small — lead ten"),
    ("QJT5", False, "english", "Q", (), "CHAM: from queen, knave, ten and small — lead queen"),
    ("JT95", False, "english", "J", (), "CHAM: from knave, ten, nine and small — lead knave"),
    ("K8642", False, "english", "4", ("2",), "CAV analysis: a strong suit without a leading combination — a small one (fourth best for an American leader)"),
    ("97532", False, "english", "3", ("2",), "CAV analysis: suits of four or more without an honour — a small card (fourth best)"),
    ("J8642", False, "english", "4", ("2",), "CAV analysis: strong suits headed by the knave — a small one (fourth best)"),
    ("QJ752", False, "english", "5", ("2",), "POLE; HOY maxims: Q-J and two or more small — the lowest (CAV: fourth best)"),
    ("QJ5", False, "english", "Q", (), "HOY maxims on leads: queen, knave and one small — the queen"),
    ("Q5", False, "english", "Q", (), "HOY maxims: queen or knave and one small — the highest"),
    ("752", False, "english", "7", (), "POLE: a forced lead from a suit of fewer than four — the highest"),
    ("K74", False, "english", "4", (), "POLE: an honour and two small — keep the honour back"),
    # -- Cavendish's analysis: trumps
    ("AKQJ5", True, "english", "J", (), "CAV analysis: A-K-Q-J in trumps — knave, then ace"),
    ("AKQ52", True, "english", "Q", (), "CAV analysis: A-K-Q in trumps — queen"),
    ("AKJ52", True, "english", "K", (), "CAV analysis: A-K-J — king, then ace, in trumps too"),
    ("AK532", True, "english", "3", ("2",), "CAV analysis: A-K and fewer than five small in trumps — a small one (fourth best)"),
    ("AK65432", True, "english", "K", (), "CAV analysis: A-K and five small in trumps — king, then ace"),
    ("KQ532", True, "english", "3", ("2",), "CAV analysis: K-Q and small in trumps, fewer than seven, no ten — a small one"),
    ("KQT52", True, "english", "K", (), "CAV analysis: K-Q and small in trumps holding the ten — king"),
    ("A8643", True, "english", "4", ("3",), "CAV App. A: ace and four small in trumps — a small one (A-J-9-8-7: the 8)"),
    ("AK52", True, "english", "2", (), "HOY trumps no. 28: ace, king and two small trumps — begin with a small one"),
    ("KQ52", True, "english", "2", (), "HOY trumps no. 30: king, queen and two small trumps — begin with a small one"),
    ("AT5", True, "english", "A", (), "POLE; HOY maxim 13: with three trumps or fewer led because one must — the highest"),
    ("74", True, "english", "7", (), "POLE: two trumps led in answer — the higher"),
    # -- the seeds (russian)
    ("K74", False, "russian", "4", (), "000 LST 3: «Имея короля сам-третей ... следует идти с маленькой»"),
    ("K742", False, "russian", "2", (), "000 LST 3: король сам-четверт — с маленькой"),
    ("A74", False, "russian", "4", (), "000 LST 2: «От туза с маленькими следует идти первоначально с маленькой»"),
    ("A7432", False, "russian", "A", (), "000 HNT 11: «При тузе сам-рять [sic] ходят с туза и продолжают с младшей»"),
    ("AK4", False, "russian", "K", (), "000 HNT 10: «Имея туза и короля, выходят сначала королем»"),
    ("AKQ4", False, "russian", "Q", (), "000 HNT 11: «При коронке ... первый выход должен быть с дамы»"),
    ("AKQJ4", False, "russian", "K", (), "000 HNT 11: «При кварт-мажоре ... ходят с короля и дамы»"),
    ("QJ94", False, "russian", "Q", (), "000 LST 1: «имея даму, валета, девятку, нужно ходить с дамы»"),
    ("Q5", False, "russian", "Q", (), "000 HNT 1: с дамы сам-друг ходят дамой (объявляя, что игры нет)"),
    ("752", False, "russian", "7", (), "seeds silent; POLE: forced lead from fewer than four — the highest"),
    # -- the seeds in trumps: HNT 13 only for three or fewer (content review E-3 … E-7)
    ("K863", True, "russian", "3", (), "000 LST 3 with HNT 13 in its scope; HOY trumps no. 13: king and three small — small (review E-3)"),
    ("Q9752", True, "russian", "2", ("5",), "HOY trumps no. 27: five trumps of a lower denomination — the lowest (review E-3; CAV: fourth best)"),
    ("J9742", True, "russian", "2", ("4",), "HOY trumps no. 27 (review E-5: not the jack)"),
    ("T763", True, "russian", "3", (), "HOY trumps no. 13: small trumps led from four — a small one (review E-7)"),
    ("AK52", True, "russian", "K", (), "000 HNT 10 in trumps too (A-K → K)"),
    ("AKQ5", True, "russian", "Q", (), "000 HNT 11: a coronka in trumps → the queen"),
    ("A8643", True, "russian", "A", (), "000 HNT 11: туз сам-пят → the ace, in trumps too"),
    ("AT5", True, "russian", "A", (), "000 HNT 13: «начинают всегда с самого старшего» — three trumps, led because one must"),
]


@pytest.mark.parametrize("holding, trump, system, card, accepted, source", OPENING,
                         ids=[f"{r[2]}-{'T' if r[1] else 'P'}-{r[0]}" for r in OPENING])
def test_classical_opening_lead(holding, trump, system, card, accepted, source):
    """The first lead of a suit, as the source in the row gives it."""
    got, equal = card_led(holding, trump=trump, system=system)
    assert got == card, f"{source}: led {got}, the book leads {card}"
    assert set(accepted) <= set(equal), f"{source}: {accepted} should be accepted as just as right, got {equal}"


# -- later leads: the student (S) has won a trick and leads again ---------------------------------
# Dealer E, so S leads the first trick; clubs are trumps unless said otherwise.

LATER = [
    # own suit, continued (S opened spades with the first card and won)
    ("AK32.5432.5432.5", "C", "S:SK S4 S5 S6", "russian", "SA", (), "000 HNT 10: A-K — the king, then the ace"),
    ("AKQJ4.432.432.54", "C", "S:SK S2 S3 S5", "russian", "SQ", (), "000 HNT 11: кварт-мажор — «с короля и дамы»"),
    ("AKQJ4.432.432.54", "C", "S:SK S2 S3 S5", "english", "SJ", (), "CAV analysis: A-K-Q-J (plain) — king, then knave"),
    ("A8643.432.432.54", "C", "S:SA S2 S5 S7", "russian", "S3", (), "000 HNT 11: «ходят с туза и продолжают с младшей»"),
    ("A8643.432.432.54", "C", "S:SA S2 S5 S7", "english", "S4", ("S3",), "CAV App. A: ace and four small — ace, then the original fourth best"),
    ("KQ64.5432.5432.5", "C", "S:SK S2 S3 S5", "english", "S4", (), "CAV analysis: K-Q and small — if the king wins, the original fourth best"),
    ("KQJ4.5432.5432.5", "C", "S:SK S2 S3 S5", "english", "SJ", (), "CAV analysis: K-Q-J and one small — king, then knave"),
    ("32.432.5432.AKQJ", "C", "S:CJ C2 C3 C5", "english", "CA", (), "CAV analysis: A-K-Q-J in trumps — knave, then ace"),
]


@pytest.mark.parametrize("hand, trump, played, system, card, accepted, source", LATER,
                         ids=[f"{r[3]}-{r[0]}" for r in LATER])
def test_classical_continuation(hand, trump, played, system, card, accepted, source):
    """The second card of the leader's own suit (the second column of the lead table)."""
    a = advise(SeatView.build(hand=hand, trump=trump, played=played, dealer="E"), system,
               suit=parse_card(card).suit)
    assert str(a.card) == card, f"{source}: led {a.card}, the book leads {card}"
    equal = {str(v.card) for v in a.candidates if v.verdict == "equal"}
    assert set(accepted) <= equal


# partner (N) led; S won a trick and returns partner's suit. Dealer W, so N leads first.
RETURNS = [
    ("A32.5432.5432.54", "C", "N:S4 S5 SA S6", "S3",
     "CHAM: ace, three and two -- won with the ace, return the three (two left: the higher)"),
    ("A952.543.5432.54", "C", "N:S4 S6 SA S7", "S2", "CAV, CHAM: three or more left -- the lowest"),
    ("KQ52.A43.5432.54", "C", "N:SA S3 S2 S6 / N:H6 H7 HA H8", "SK",
     "CHAM: holding the winning card, return it whatever the number"),
    ("K9743.5432.5432.", "S", "N:S5 S6 SK S8", "S3",
     "POLE: returning partner's trump lead with four or more -- the lowest"),
    ("K74.5432.5432.54", "S", "N:S5 S6 SK S8", "S7",
     "POLE: «with less than four, play out your best» -- returning trumps with two left"),
]


@pytest.mark.parametrize("hand, trump, played, card, source", RETURNS, ids=[r[3] for r in RETURNS])
@pytest.mark.parametrize("system", ["russian", "english"])
def test_classical_return(hand, trump, played, card, source, system):
    """Returning partner's suit after winning a trick (000 LST 5 for the suit; the card by CAV,
    CHAM and POLE in both systems)."""
    a = advise(SeatView.build(hand=hand, trump=trump, played=played, dealer="W"), system, suit=Suit.S)
    assert str(a.card) == card, f"{source}: returned {a.card}, the book returns {card}"


def test_english_leads_trumps_from_five_not_from_four_without_a_suit():
    """CAV "Leading trumps": with five or more trumps lead them almost always; with four only when
    there is a strong suit to bring in (EB; Foster). The seeds (000 LST 12) lead from four or five."""
    four = "97.9753.975.AT54"
    assert advise(SeatView.build(hand=four, trump="C2"), "english").card.suit != Suit.C
    assert advise(SeatView.build(hand=four, trump="C2"), "russian").card.suit == Suit.C
    five = "97.975.975.AT542"
    assert advise(SeatView.build(hand=five, trump="C3"), "english").card.suit == Suit.C


def test_ace_king_opened_with_the_ace_after_ruffing():
    """CAV analysis: "When opening a plain suit, headed by ace, king, after having been forced to
    trump, lead the ace first" -- partner, void, might otherwise trump the king."""
    played = "W:C9 CT CJ H9"  # dealer S; West leads clubs, South (void) ruffs and wins
    for system in ("russian", "english"):
        a = advise(SeatView.build(hand="AK32.AQJT9.Q432.", trump="H", played=played, dealer="S"), system,
                   suit=Suit.S)
        assert str(a.card) == "SA" and a.maxims[0] == "ace-king-after-ruffing-lead-ace"


# North calls for trumps (the 9, then the 6 of diamonds, neither trying to win); South wins the
# third trick and answers. Dealer N, so East leads first; clubs are trumps.
CALL = "E:DK D2 D3 D9 / E:DA D4 D5 D6 / E:SK SA S2 S3"


@pytest.mark.parametrize("system", ["russian", "english"])
@pytest.mark.parametrize("hand, card, source", [
    ("A54.T987.42.K973", "C3", "POLE: answering the call with four or more trumps — the lowest"),
    ("A54.T9876.42.K97", "CK", "POLE: «with less than four, play out your best»; 000 HNT 13 in its scope"),
    ("A54.T98765.42.K9", "CK", "POLE; EB #7: answering with two trumps — the higher"),
])
def test_classical_answer_to_the_call(hand, card, source, system):
    """Partner's call is answered at the first opportunity (POLE; EB #7; 000 LST 8 «пока этого не
    захочет партнер»), and the trump led follows the count of trumps."""
    a = advise(SeatView.build(hand=hand, trump="C", played=CALL, dealer="N"), system)
    assert str(a.card) == card, f"{source}: led {a.card}"
    assert "answer-the-call" in a.maxims
