"""Out of the suit led, and the trump signals, as the books read them (docs/conventions.md).

A table of positions, each with the book and chapter (or the seed paragraph) it rests on:
ruffing or not second, third and fourth hand with two to five trumps; thirteenth cards in both
systems; refused ruffs read and made; the call and the echo; discards with and without the
opponents' declared strength in trumps. Then, for every new rule, a test where it decides and one
where it is silent or overridden.

Sources (checked in the stored pages):
* Cavendish, *The Laws and Principles of Whist*, 18th ed. (1889): ch. 28 "Discarding" (weakest
  suit; "discarding from your best protected suit" when the opponents declare great strength in
  trumps "by leading trumps or asking for them"); ch. 32 "Trumping" ("a doubtful card is meant a
  card of a suit of which your partner may have the best"; weak -> trump it, strong -> throw a
  losing card; refusing "to trump a certain winning card" means no trump or "more probably four
  trumps and a powerful hand"; "seldom requisite if you have more than four trumps"); ch. 34
  (partner's thirteenth card: strong, "put on your best trump"; weak, "pass the card"; "No
  general rule").
* Hoyle's Games, Improved and Enlarged, p. 263 ("Always trump uncertain leads, and also 13th
  cards second hand where weak, but never if strong in trumps"; "if your friend refuse to trump an
  opponent's certain winning card, play trumps, as soon as you can obtain the lead"), p. 264
  ("when strong ... you should not trump the second best of a suit led by your friend").
* An 1880s whist handbook (Google Books KR0CAAAAYAAJ), rules 35-36 ("Refusing to ruff a winning
  card may be regarded as a call for trumps"; "Echo of the Call": with four trumps call yourself).
* Pole's verses, quoted in Middleton, *Memory Systems* p. 89: "When second hand, a doubtful trick
  you see, / Don't trump it if you hold more trumps than three; / But having three or less trump
  fearlessly"; "Watch also for your partner's trump request, / To which, with less than four, play
  out your best".
* 000 «Намеки и подсказки» 7, 8, 10, 12, 14 (HNT n).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tutor.cards import Suit
from tutor.conventions import SeatView, advise
from tutor.conventions.calls import read_refusals
from tutor.conventions.position import knowledge
from tutor.play import parse_history
from tutor.seats import Seat

# Twelve diamonds gone, the student void in them; East then leads the thirteenth (000 HNT 12).
TWELVE_DIAMONDS = "E:DA S3 DK DQ / E:DJ S4 DT D9 / E:D8 S5 D7 D6 / E:D5 S6 D4 D3 / E:D2"
# Partner led trumps (strength shown), then runs twelve diamonds and leads the thirteenth.
PARTNER_STRONG_13TH = ("N:CA C8 C3 C9 / N:DA DK S3 DQ / N:DJ DT S4 D9 / N:D8 D7 S5 D6 / "
                       "N:D5 D4 S6 D3 / N:D2 H2")
# The same, but partner has shown nothing in trumps (East led them).
NOTHING_SHOWN_13TH = ("E:C8 C3 C9 CA / N:DA DK S3 DQ / N:DJ DT S4 D9 / N:D8 D7 S5 D6 / "
                      "N:D5 D4 S6 D3 / N:D2 H2")
# N, void in hearts, throws ♦8 on West's ♥A second hand (a refused ruff); S wins a spade and leads.
REFUSAL = "W:HA D8 H3 H2 / W:S5 S6 S7 SA"
# East led trumps (strength declared against South); West leads ♦3, North wins with the ace.
TRUMPS_DECLARED = "E:C2 C4 CA C5 / W:D3 DA D5"
# Partner N has called (♥7 then ♥6); East wins West's ♦7 with the king.
N_CALLED = "W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D7 D2 DK"


@dataclass(frozen=True)
class Row:
    name: str
    hand: str
    played: str
    system: str
    card: str | None  #: the advised card, or None when only ``not_trump`` / the maxim is checked
    maxim: str  #: the maxim that must be cited (in a.maxims, or as the first reason against ``against``)
    against: str | None  #: a card whose verdict must cite ``maxim`` first (None: ``maxim`` in a.maxims)
    not_trump: bool | None  #: True: no trump is played; False: a trump is played; None: not checked
    source: str


ROWS: tuple[Row, ...] = (
    # -- second hand with a void: the doubtful-card rule ------------------------------------
    Row("second-hand-two-trumps-ruffs-a-doubtful-card", "AKQ765.AKQ76..32", "E:D5", "russian", "C2",
        "ruff-with-short-trumps", None, False,
        "Pole's verses (Middleton, Memory Systems p. 89): 'When second hand, a doubtful trick you see ... "
        "having three or less trump fearlessly'; Hoyle's Games Improved p. 263; 000 HNT 8"),
    Row("second-hand-three-trumps-ruffs-a-doubtful-card", "AKQ76.AKQ76..432", "E:D5", "english", "C2",
        "ruff-with-short-trumps", None, False,
        "Cavendish ch. 32 (weak in trumps: trump a doubtful card); Hoyle's Games Improved p. 263"),
    Row("second-hand-four-trumps-refuses-a-doubtful-card", "AKQ7.AKQ76..5432", "E:D5", "russian", "S7",
        "do-not-ruff-partners-winner", "C2", True,
        "Pole's verses: 'Don't trump it if you hold more trumps than three'; 000 HNT 7; Cavendish ch. 32"),
    Row("second-hand-five-trumps-refuses-a-doubtful-card", "AKQ.AKQ76..65432", "E:D5", "english", None,
        "do-not-ruff-partners-winner", "C2", True,
        "Cavendish ch. 32 (strong: throw a losing card instead); Hoyle's Games Improved p. 263 'never if strong'"),
    Row("second-hand-ruffs-the-opponents-ace", "AKQ765.AKQ76..32", "E:DA", "russian", "C2",
        "win-as-cheaply-as-possible", None, False,
        "Cavendish ch. 32: the ace is a certain winning card, no doubtful card; weak in trumps, take it"),
    # -- third hand -----------------------------------------------------------------------------
    Row("third-hand-three-trumps-ruffs-partners-jack", "AKQ6543.AKQ..432", "N:DJ D6", "russian", "C2",
        "ruff-with-short-trumps", None, False,
        "000 HNT 8 «менее четырех козырей (и без онеров), нужно бить козырем подобные карты»; Cavendish ch. 32"),
    Row("third-hand-two-trumps-with-an-honour-ruffs", "AKQ6543.AKQJ..K2", "N:DJ D6", "english", "C2",
        "ruff-with-short-trumps", None, False,
        "Cavendish ch. 32: 'an advantage to trump when you are weak' (weakness is numerical)"),
    Row("third-hand-four-trumps-keeps-them", "AKQ654.AKQ..5432", "N:DJ D6", "russian", None,
        "do-not-ruff-partners-winner", "C2", True,
        "000 HNT 7; Cavendish ch. 32 (strong: do not trump a doubtful card)"),
    Row("third-hand-does-not-trump-partners-king", "AKQ6543.AKQ..432", "N:DK D6", "russian", None,
        "do-not-trump-partners-sure-winner", "C2", True,
        "000 HNT 10 «королем, показывая партнеру, что и туз находится в вашей руке»; Cavendish ch. 32"),
    Row("third-hand-does-not-trump-partners-king-english", "AKQ6543.AKQ..432", "N:DK D6", "english", None,
        "do-not-trump-partners-sure-winner", "C2", True,
        "Cavendish ch. 32 (a card partner surely wins is not doubtful); Hoyle's Games Improved p. 264"),
    # -- fourth hand ----------------------------------------------------------------------------
    Row("fourth-hand-ruffs-the-opponents-trick", "AKQ765.AKQ76..32", "W:D5 D2 DK", "english", "C2",
        "win-as-cheaply-as-possible", None, False,
        "Cavendish ch. 32 (the trick is lost unless trumped); EB 'win as cheaply as possible'"),
    Row("fourth-hand-never-trumps-partners-trick", "AKQ765.AKQ76..32", "W:D5 DK D2", "russian", None,
        "do-not-trump-partners-sure-winner", "C2", True,
        "Cavendish ch. 32; Hoyle's Games Improved p. 264 (do not trump a suit your friend wins)"),
    # -- thirteenth cards -----------------------------------------------------------------------
    Row("thirteenth-second-hand-russian-not-ruffed", "AKQ6543.AKQ..432", TWELVE_DIAMONDS, "russian", None,
        "do-not-ruff-thirteenth-unless-last", "C2", True,
        "000 HNT 12 «Тринадцатую карту перекрывать козырем не следует, если вы сидите не последним»"),
    Row("thirteenth-second-hand-english-weak-ruffs", "AKQ6543.AKQ..432", TWELVE_DIAMONDS, "english", "C2",
        "ruff-with-short-trumps", None, False,
        "Hoyle's Games Improved p. 263: '13th cards second hand where weak'"),
    Row("thirteenth-second-hand-english-strong-does-not", "AKQ6543.AK..5432", TWELVE_DIAMONDS, "english", None,
        "do-not-ruff-partners-winner", "C2", True,
        "Hoyle's Games Improved p. 263: '... but never if strong in trumps'"),
    Row("partners-thirteenth-strong-leader-ruff-high", "AKQ6543.AK..K543", PARTNER_STRONG_13TH, "english", "CK",
        "thirteenth-card-by-leaders-trumps", None, False,
        "Cavendish ch. 34: 'If he is strong, he wants you to put on your best trump'"),
    Row("partners-thirteenth-russian-not-ruffed", "AKQ6543.AK..K543", PARTNER_STRONG_13TH, "russian", None,
        "do-not-ruff-thirteenth-unless-last", "CK", True,
        "000 HNT 12 (the russian system keeps the seed whoever led it)"),
    # -- refused ruffs: read and made -----------------------------------------------------------
    Row("partners-refused-ruff-is-answered", "A42.Q92.A932.KT5", REFUSAL, "russian", "CK",
        "refused-ruff-is-a-call", None, False,
        "Hoyle's Games Improved p. 263 'if your friend refuse to trump an opponent's certain winning card, "
        "play trumps'; GBK rule 35; Cavendish ch. 32"),
    Row("refuse-the-ruff-with-four-trumps-and-an-established-suit", "AKQJ2.-.9876.9753", "W:H5 H2 HK", "english",
        "D6", "refuse-ruff-to-call", "C3", True,
        "Cavendish ch. 32: refusing 'four trumps and a very strong suit, or a suit established'"),
    Row("take-the-force-with-five-trumps", "AKQJ2.-.987.97532", "W:H5 H2 HK", "english", "C2",
        "win-as-cheaply-as-possible", None, False,
        "Cavendish ch. 32: 'seldom requisite if you have more than four trumps'"),
    Row("take-the-force-without-an-established-suit", "KQ752.-.9876.9753", "W:H5 H2 HK", "russian", "C3",
        "win-as-cheaply-as-possible", None, False,
        "Cavendish ch. 32 (the refusal is for a very strong or established suit)"),
    # -- calls and echoes -------------------------------------------------------------------------
    # (issue 21, E-3: every card above the lowest echoes or calls, the highest named first as the
    # plainest -- these rows gave the 5 and the 7, the lowest "clear" card, before)
    Row("echo-with-a-clearly-high-card", "AKQ.53.8653.9876", N_CALLED, "russian", "D8",
        "echo-the-call", "D3", None,
        "GBK rule 36 'Echo of the Call' (four trumps: call yourself); content review D-4, E-3"),
    Row("call-with-an-unnecessarily-high-card", "A2.865.9743.AT98", "W:D5 DA D6", "english", "D9",
        "make-the-call", "D3", None,
        "Cassell's Blue Peter 'a ten before a seven'; content review D-3, E-3"),
    # -- discards ---------------------------------------------------------------------------------
    Row("discard-from-long-suit-when-trumps-declared-english", "432.KJ952..97643", TRUMPS_DECLARED, "english",
        "H2", "discard-from-strong-suit-against-trumps", "S2", True,
        "Cavendish ch. 28: 'discarding from your best protected suit, which is generally your longest'"),
    Row("discard-from-weakest-suit-when-trumps-declared-russian", "432.KJ952..97643", TRUMPS_DECLARED, "russian",
        "S2", "discard-from-weakest-suit", "H2", True,
        "000 HNT 14 «Первая карта, сбрасываемая партнером, бывает всегда от его слабой масти»"),
    Row("discard-from-weakest-suit-english-without-declaration", "432.KJ952..97643", "W:D3 DA D5", "english",
        "S2", "discard-from-weakest-suit", "H2", True,
        "Cavendish ch. 28: 'your first or original discard is from your weakest suit'"),
)


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_classical_position(row: Row) -> None:
    """Each row: the book's answer (see ``row.source``)."""
    a = advise(SeatView.build(hand=row.hand, trump="C", played=row.played), row.system)
    if row.card is not None:
        assert str(a.card) == row.card, (row.source, a.explanation["en"])
    if row.not_trump is not None:
        assert (a.card.suit != Suit.C) is row.not_trump, row.source
    if row.against is None:
        assert row.maxim in a.maxims, (row.source, a.maxims)
    else:
        v = a.verdict_for(row.against)
        assert v is not None and v.maxims[0] == row.maxim, (row.source, v)


def test_the_table_covers_the_brief() -> None:
    """At least twenty positions, both systems, each with its source."""
    assert len(ROWS) >= 20
    assert {r.system for r in ROWS} == {"russian", "english"}
    assert all(r.source for r in ROWS)


# -- do-not-trump-partners-sure-winner ---------------------------------------------------------


def test_do_not_trump_partners_sure_winner_decides_with_two_trumps():
    """Cavendish ch. 32: partner's ace is no doubtful card; even weak in trumps, do not trump it."""
    a = advise(SeatView.build(hand="AKQ765.AKQ76..32", trump="C", played="N:DA D6"))
    assert a.card.suit != Suit.C
    assert a.verdict_for("C2").maxims[0] == "do-not-trump-partners-sure-winner"
    assert a.verdict_for("C2").verdict == "bad"


def test_partners_best_card_is_doubtful_when_the_fourth_hand_may_ruff():
    """Cavendish ch. 32 (exception): West has shown out of diamonds and may trump partner's ace, so
    it is doubtful again -- with three trumps, ruff it (000 HNT 8)."""
    played = "E:D2 S3 S2 DT / N:DA D6"  # West throws ♠2 on trick 1: void in diamonds
    a = advise(SeatView.build(hand="AKQ6543.AKQ..432", trump="C", played=played))
    assert str(a.card) == "C2" and a.maxims[0] == "ruff-with-short-trumps"


# -- thirteenth-card-by-leaders-trumps -----------------------------------------------------------


def test_thirteenth_card_no_general_rule_when_partner_showed_nothing():
    """Cavendish ch. 34 'No general rule': with partner's trumps unknown, the best trump or a
    discard are equal; a small trump (overtrumped cheaply) is worse."""
    a = advise(SeatView.build(hand="AKQ6543.AK..K543", trump="C", played=NOTHING_SHOWN_13TH), "english")
    assert a.verdict_for("C4").maxims[0] == "thirteenth-card-by-leaders-trumps"
    equal = {str(v.card) for v in a.candidates if v.verdict == "equal"} | {str(a.card)}
    assert "CK" in equal and any(c.startswith("S") or c.startswith("H") for c in equal)


def test_thirteenth_card_by_leaders_trumps_silent_in_the_russian_system():
    """000 HNT 12 decides in the russian system (the maxim is english only)."""
    a = advise(SeatView.build(hand="AKQ6543.AK..K543", trump="C", played=NOTHING_SHOWN_13TH), "russian")
    assert "thirteenth-card-by-leaders-trumps" not in a.maxims and a.card.suit != Suit.C


# -- refuse-ruff-to-call / refused-ruff-is-a-call ------------------------------------------------


def test_refuse_ruff_to_call_overridden_on_a_doubtful_card():
    """Cavendish ch. 32: a doubtful card (second hand on a small lead) is no refusal question:
    with four trumps 000 HNT 7 keeps them, whatever the suit."""
    a = advise(SeatView.build(hand="AKQJ2.-.9876.9753", trump="C", played="E:H5"), "english")
    assert "refuse-ruff-to-call" not in a.maxims
    assert a.verdict_for("C3").maxims[0] == "do-not-ruff-partners-winner"


def test_refused_ruff_is_read_on_knowledge():
    """Cavendish ch. 32; GBK rule 35: North's ♦8 on West's ♥A is a refused ruff, a call."""
    k = knowledge(SeatView.build(hand="A42.Q92.A932.KT5", trump="C", played=REFUSAL))
    assert [(c.seat, str(c.high), str(c.low)) for c in k.refused_ruffs] == [(Seat.N, "HA", "D8")]
    assert k.has_called(Seat.N) and k.has_refused_ruff(Seat.N) and k.calls == ()


def test_refused_ruff_not_read_when_partner_was_winning():
    """Cavendish ch. 32 speaks of the opponents' winning card: a discard on partner's ace is none."""
    pos = SeatView.build(hand="A42.AQ9.A932.KT5", trump="C", played="S:HA H3 D8 H4")
    assert knowledge(pos).refused_ruffs == ()
    a = advise(pos)
    assert a.card.suit != Suit.C and "answer-the-call" not in a.maxims


def test_refused_ruff_withdrawn_when_the_refuser_had_no_trump():
    """Cavendish ch. 32 'either that you have no trump, or ...': North shows out of trumps
    without having trumped since, so his discard was no refusal."""
    played = REFUSAL.replace(" / W:S5 S6 S7 SA", " / W:C2 DJ C3 CK")
    pos = SeatView.build(hand="A42.Q92.A932.KT5", trump="C", played=played)
    assert knowledge(pos).refused_ruffs == ()
    assert "answer-the-call" not in advise(pos).maxims


def test_refused_ruff_not_read_on_a_doubtful_card_or_a_thirteenth():
    """Hoyle's Games Improved p. 263 ('uncertain leads', '13th cards second hand'): a discard on
    those is no refusal of a certain winner."""
    assert read_refusals(parse_history("W:H5 D8 HA H2"), Suit.C) == ()
    assert read_refusals(parse_history("W:HA D8 H3 H2"), Suit.C) != ()


def test_answer_the_call_chooses_the_suit_only():
    """Pole; EB: with three trumps the highest -- chosen by the lead-card rules, not by the call."""
    a = advise(SeatView.build(hand="A42.Q92.A932.KT5", trump="C", played=REFUSAL))
    assert a.card.suit == Suit.C
    assert "answer-the-call" in a.maxims and a.maxims[0] != "answer-the-call"
    assert "refused" in a.explanation["en"] or "would not trump" in a.explanation["en"]


# -- discard-from-strong-suit-against-trumps ------------------------------------------------------


def test_discard_from_strong_suit_against_trumps_overridden_by_ruffing():
    """Taking the opponents' trick by a ruff ranks above any discard (win-as-cheaply-as-possible)."""
    a = advise(SeatView.build(hand="432.KJ952..97643", trump="C", played="E:C2 C4 CA C5 / W:D3 D2 DK"), "english")
    assert a.card.suit == Suit.C and "discard-from-strong-suit-against-trumps" not in a.maxims


def test_russian_discard_names_the_english_reading():
    """Content review D-7, D-8: the russian system keeps 000 HNT 14 «всегда» and says where the
    English reading differs."""
    a = advise(SeatView.build(hand="432.KJ952..97643", trump="C", played=TRUMPS_DECLARED), "russian")
    assert "Cavendish" in a.explanation["en"] and "Кавендиш" in a.explanation["ru"]


def test_trumps_declared_against_is_exposed_on_knowledge():
    """Cavendish ch. 28: partner reads the first discard by whether trumps were declared against
    the discarder (first-discard-shows-weak-suit uses it)."""
    pos = SeatView.build(hand="432.KJ952..97643", trump="C", played="E:C2 C4 CA C5 / W:D3 DA S9")
    k = knowledge(pos)
    assert k.trumps_declared_against(Seat.N) and not k.trumps_declared_against(Seat.E)
    assert k.discarded_against_declared_trumps(Seat.E) is False  # E's own side declared them
    pos2 = SeatView.build(hand="432.KJ952..97643", trump="C", played="E:C2 C4 CA C5 / W:D3 S9")
    assert knowledge(pos2).discarded_against_declared_trumps(Seat.N) is True
    pos3 = SeatView.build(hand="432.KJ952..97643", trump="C", played="W:D3 S9")
    assert knowledge(pos3).discarded_against_declared_trumps(Seat.N) is False


def test_echo_and_call_accept_every_legible_high_card():
    """Content review D-3, D-4, D-5; Cassell (Blue Peter: "a ten before a seven or a five before
    a deuce"); GBK rule 36: any unnecessarily high card starts the high-low -- equal verdicts."""
    echo = advise(SeatView.build(hand="AKQ.53.8653.9876", trump="C", played=N_CALLED))
    assert echo.verdict_for("D5").verdict == echo.verdict_for("D6").verdict == "equal"
    call = advise(SeatView.build(hand="A2.865.9743.AT98", trump="C", played="W:D5 DA D6"), "english")
    assert call.verdict_for("D7").verdict == call.verdict_for("D4").verdict == "equal"
    assert call.verdict_for("D3").verdict == "worse"


# -- discard-from-weakest-suit: the card thrown is a losing one --------------------------------

# Partner runs ♠A K Q (the student follows with ♠J ♠10 ♠9, the opponents' spades fall), then
# leads ♦2: the student, void, holds ♠8 7 6 -- every spade left, winners by the count -- and seven
# small hearts.
SPADES_RUN = "N:SA S2 SJ S3 / N:SK S4 ST S5 / N:SQ DA S9 DK / N:D2 D3"


def test_discard_from_weakest_suit_throws_a_losing_card_not_a_winner():
    """Cavendish ch. 28 ("you do but little harm by throwing from a suit in which you are already
    weak") and ch. 32 ("discard a losing card"; old Hoyle: "throwing away a losing card"): the
    spades have no honour but are the best cards left -- not a weak suit. The heart goes."""
    a = advise(SeatView.build(hand="JT9876.8765432..", trump="C", played=SPADES_RUN), "russian")
    assert str(a.card) == "H2" and a.maxims[0] == "discard-from-weakest-suit"
    assert a.verdict_for("S6").maxims[0] == "discard-from-weakest-suit"


def test_discard_from_weakest_suit_keeps_the_guard_of_a_king_when_weak_in_trumps():
    """The schools differ. Mathews (quoted by Pembridge, Lecture V): "If weak in trumps, keep guard
    on your adversary's suits"; Pembridge: "by guarding honours ... a trick is often won". Pole
    (Theory of Whist, discarding): good players "will even unguard a king or a queen for the sake
    of adhering to" the rule. With four small trumps the ♥3 would bare the king: the spade is named
    first, the ♥3 accepted as Pole's card; any other card is still wrong."""
    a = advise(SeatView.build(hand="AT98765.K3..5432", trump="C", played="W:D2 DA D3"), "russian")
    assert str(a.card) == "S5" and a.maxims[0] == "discard-from-weakest-suit"
    assert a.verdict_for("H3").verdict == "equal" and "Pole" in a.verdict_for("H3").why["en"]
    assert a.verdict_for("S6").verdict == "worse"
    assert a.verdict_for("HK").maxims[0] == "discard-from-weakest-suit"


def test_discard_from_weakest_suit_may_unguard_a_king_when_strong_in_trumps():
    """Pembridge, Lecture V: "Honours in weak suits may be freely unguarded by the players who have
    strong trumps": with ♣A K 3 2 the general rule stands and the ♥3 goes."""
    a = advise(SeatView.build(hand="AT98765.K3..AK32", trump="C", played="W:D2 DA D3"), "russian")
    assert str(a.card) == "H3" and a.maxims[0] == "discard-from-weakest-suit"
