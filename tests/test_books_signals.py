"""Signals, the turned-up card and what a seat knows, position by position from the books and seeds.

Issue 21 (points 1 and 3; content review E-3, E-4, E-8). Every row names its source; the engine
is checked only through its public API: :func:`tutor.conventions.advice.advise` and the seat's
knowledge (:func:`tutor.conventions.position.knowledge`, its ``inferences`` and the questions
``certain_holder``, ``holders``, ``placed``, ``above``, ``beaters_with``), with
:func:`tutor.conventions.calls.read_calls` for the tricks read as a watching player reads them.

Sources (the stored pages, one chapter each):

* Cassell, *Book of In-door Amusements*, Whist, technical terms: the Blue Peter is "a ten before
  a seven or a five before a deuce".
* W. Pole, *Theory of Whist*: "in the trump signal it must be played unnecessarily"; answering the
  call, "with less than four, play out your best".
* Pembridge, *Whist or Bumblepuppy?*, Lecture VII: "first a ten and then a deuce".
* Cavendish, *Laws and Principles of Whist*, 18th ed.: ch. 16 (Analysis of leads: "King, queen,
  and small ones (in plain suits): Lead king"), ch. 21 (second hand), ch. 25 (third hand: "you play
  your highest, remembering that you play the lowest of a sequence"; "In trumps you may finesse
  ace, knave, if an honour is turned up to your right"), ch. 28 (discards), ch. 32 (refusing to
  trump).
* *Hoyle's Games, Improved and Enlarged*, Whist: cases of trumps ("Suppose the ten turned up, and
  that you have king, knave, nine, and two small trumps ... begin with the knave"; "The nine being
  turned up, and you have ten, eight, and two small trumps, by leading the ten"); leading ("Having
  an ace, or king of trumps, with sequence from ten downwards, and queen or knave turned up on the
  left, lead the ten"); hints ("keep the card turned up as long as possible when the friend leads a
  trump, but act differently when an opponent is the leader"); cases ("If your partner lead the
  king, and you have none of that suit, pass it, by throwing away a losing card").
* EB (late ed.), "Whist": from four trumps answering the call lead the lowest; second hand.
* Seed 000 «Намеки и подсказки» 9, 10 (the king led from K-Q and from A-K), 14 (the first discard
  is from the weak suit); «Ходы, масти, козыри» 8 (wait for partner's call).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from shipped import shipped_puzzles
from tutor.cards import Card, Suit
from tutor.content.loader import load_lessons
from tutor.content.situation import item_view
from tutor.conventions.advice import advise
from tutor.conventions.calls import read_calls, read_signals
from tutor.conventions.catalogue import get_maxim
from tutor.conventions.position import Knowledge, knowledge
from tutor.play import parse_history
from tutor.reading import read
from tutor.seats import Seat
from tutor.seatview import SeatView

C = Card.parse

# Partner (N) calls with the seven then the six of West's hearts.
N_CALLED = "W:HA H7 H2 H3 / W:HK H6 H4 H5"
# East leads trumps (clubs), then West's diamond ace: South, void, discards with trumps declared against him.
TRUMPS_DECLARED = "E:C2 C4 CA C5 / W:D3 DA D5"


@dataclass(frozen=True)
class Play:
    """One position for the advice: South's hand and what he has seen; the book's card."""

    name: str
    source: str
    hand: str
    trump: str
    played: str | None
    card: str
    maxim: str  #: the maxim the advice must name
    equal: tuple[str, ...] = ()  #: cards the book accepts as well (verdict ``equal``)
    worse: tuple[str, ...] = ()  #: cards the book rejects, citing ``maxim``
    system: str = "russian"
    dealer: str | None = None
    suit: Suit | None = None
    absent: str | None = None  #: a maxim that must NOT be cited


PLAYS: tuple[Play, ...] = (
    # -- the echo and the call, made with any higher-then-lower pair (E-3) ------------------------
    Play("echo-eight-six-or-three-lesson-13", "Cassell, Blue Peter ('a ten before a seven or a five before a deuce'); "
         "Pembridge Lecture VII ('first a ten and then a deuce'); content review E-3 (lesson 13 ex. 3)",
         "K85.54.8632.9653", "C7", "E:HQ H4 H2 H6 / E:HK H5 H8 H3 / E:D4", "D8", "echo-the-call",
         equal=("D6", "D3"), worse=("D2",), dealer="N"),
    Play("echo-eight-or-six-puzzle", "Pole ('it must be played unnecessarily'); content review E-3 (echo-partners-call)",
         "A865.9742.J54.Q3", "HJ", "E:DQ D4 D2 D8 / E:DK D5 D3 D7 / E:S9", "S8", "echo-the-call",
         equal=("S6",), worse=("S5", "SA"), dealer="N"),
    Play("echo-seven-or-eight-after-partners-call", "EB, 'with four or more trumps echo'; Cassell", "AKQ2.53.874.9876",
         "C", N_CALLED + " / W:D5 D2 DK", "D8", "echo-the-call", equal=("D7",), worse=("D4",)),
    Play("call-eight-or-seven-fourth-hand", "Cavendish (the call); Cassell ('a ten before a seven')",
         "A2.865.874.AT987", "C", "W:D5 DA D6", "D8", "make-the-call", equal=("D7",), worse=("D4",)),
    Play("call-six-then-five", "Cassell: 'a five before a deuce' -- six then five calls as plainly",
         "A2.8654.65.AKT98", "C", "W:D4 DA D7", "D6", "make-the-call", worse=("D5",)),
    Play("call-three-then-two-second-hand", "content review E-3: 'three then two' is a call too; Pole",
         "A2.8654.32.AKT98", "C", "E:D4", "D3", "make-the-call", worse=("D2",)),
    Play("call-nine-seven-or-four", "Cassell, Blue Peter; Pole", "A2.865.9743.AT98", "C", "W:D5 DA D6", "D9",
         "make-the-call", equal=("D7", "D4"), worse=("D3",), system="english"),
    # -- the answer to the call -------------------------------------------------------------------
    Play("answer-with-three-the-highest", "Pole: 'with less than four, play out your best'; 000 LST 8",
         "A42.Q53.A932.KT5", "C", N_CALLED + " / W:S5 S6 S7 SA", "CK", "answer-the-call"),
    Play("answer-with-four-the-lowest", "EB: answering the call 'from four, lead the lowest'",
         "A4.Q53.A932.KT52", "C", N_CALLED + " / W:S5 S6 S7 SA", "C2", "answer-the-call"),
    Play("answer-the-refused-ruff", "Cavendish ch. 32; Hoyle's Games Improved ('if your friend refuse to trump ... play trumps')",
         "A42.Q92.A932.KT5", "C", "W:HA D8 H3 H2 / W:S5 S6 S7 SA", "CK", "answer-the-call"),
    # -- discards in both systems ----------------------------------------------------------------
    Play("discard-weakest-against-trumps-russian", "000 «Намеки и подсказки» 14 (always the weak suit)",
         "5432.KQJ74..8643", "C", TRUMPS_DECLARED, "S2", "discard-from-weakest-suit"),
    Play("discard-protected-against-trumps-english", "Cavendish ch. 28: 'your best protected suit'",
         "5432.KQJ74..8643", "C", TRUMPS_DECLARED, "H4", "discard-from-strong-suit-against-trumps", system="english"),
    Play("partners-first-discard-not-led-english", "Cavendish ch. 28 (trumps not declared: the discard is weak)",
         "A94.943.9876.432", "C", "S:C2 C5 D2 CA / E:S5 SA S6 S7", "H9", "first-discard-shows-weak-suit",
         worse=("D9",), system="english"),
    Play("partners-discard-after-trumps-declared-still-weak-russian",
         "000 «Намеки и подсказки» 14: «Первая карта, сбрасываемая партнером, бывает всегда от его слабой масти»",
         "K32.A7542.A.8643", "C", "E:C2 C4 CA C5 / W:D3 S9 D5 DA", "HA", "first-discard-shows-weak-suit",
         worse=("S2", "SK")),
    # Cavendish ch. 28 goes on: the partner "will, unless he has a very strong suit of his own,
    # select for his lead the suit in which you have shown strength by your discard" -- A-7-5-4-2
    # is no very strong suit, so the spade is led (lead-partners-discard-against-trumps)
    Play("partners-discard-after-trumps-declared-protected-english",
         "Cavendish ch. 28 (trumps declared against him: the discard is from his best-protected suit)",
         "K32.A7542.A.8643", "C", "E:C2 C4 CA C5 / W:D3 S9 D5 DA", "S2", "lead-partners-discard-against-trumps",
         worse=("HA",), system="english", absent="first-discard-shows-weak-suit"),
    # -- partner's king, the queen against a short king (E-4, E-8) ---------------------------------
    Play("do-not-trump-partners-king", "Cavendish, Analysis of leads; Hoyle case 14 ('pass it, by throwing away a losing card')",
         "Q742.-.K8532.J963", "C5", "N:HK H3", "S2", "do-not-trump-partners-sure-winner", dealer="W"),
    Play("short-king-under-a-queen-eb-passes", "EB (second hand); Mathews in Pembridge (cover with three)",
         "A2.8765.K74.9873", "C", "E:DQ", "D4", "cover-queen-with-short-king", equal=("DK",)),
    Play("king-ten-under-a-queen-cassell-passes", "Cassell: 'with ace or king, ten or another, pass it'",
         "A2.8765.KT4.9873", "C", "E:DQ", "D4", "cover-queen-with-short-king", equal=("DK",)),
    # -- the turned-up card: leads ----------------------------------------------------------------
    Play("knave-from-king-knave-nine-under-ten-on-right", "Hoyle, cases of trumps: 'the ten turned up ... begin with the knave'",
         "842.KJ952.AQ3.K6", "HT", None, "HJ", "trump-lead-by-turned-up-card", worse=("HK", "H9", "H2"),
         dealer="E", suit=Suit.H),
    Play("ten-from-ten-eight-under-nine-on-right", "Hoyle, cases of trumps: 'the nine being turned up ... leading the ten'",
         "842.T853.AQ3.K62", "H9", None, "HT", "trump-lead-by-turned-up-card", dealer="E", suit=Suit.H),
    Play("ten-through-queen-on-left", "Hoyle, leading: 'queen or knave turned up on the left, lead the ten'",
         "84.AT95.AQ3.A632", "HQ", "N:C4 C5 CA C7", "HT", "trump-lead-by-turned-up-card", dealer="W", suit=Suit.H),
    Play("no-knave-without-the-nine", "Hoyle's case needs the nine to finesse on the return (puzzle five-trumps-lead-the-king)",
         "83.KJ864.Q72.A95", "HT", None, "H4", "lead-trumps-with-four-or-five", dealer="E",
         absent="trump-lead-by-turned-up-card"),
    Play("partners-turn-up-changes-no-lead", "Hoyle: the case is an opponent's ten; partner's is his side's own",
         "842.KJ952.AQ3.A6", "HT", "E:C2 CA C3 C4", "H2", "lead-low-from-long-trumps", dealer="N", suit=Suit.H,
         absent="trump-lead-by-turned-up-card"),
    # -- the turned-up card: second and third hand ------------------------------------------------
    Play("third-hand-knave-with-partners-queen-turned-up", "Cavendish ch. 25: 'play your highest ... the lowest of a sequence'",
         "K84.KJ4.AQ32.632", "HQ", "E:C4 C2 C5 CA / N:H2 H3", "HJ", "partners-turned-up-card-in-sequence",
         worse=("HK", "H4"), dealer="N"),
    Play("second-hand-knave-with-partners-queen-turned-up", "Cavendish ch. 21: a high sequence second hand, its lowest",
         "K84.KJ4.AQ32.632", "HQ", "E:CK C2 C5 C7 / E:H3", "HJ", "partners-turned-up-card-in-sequence",
         worse=("HK",), dealer="N"),
    Play("finesse-knave-over-king-turned-up-on-right", "Cavendish ch. 25: 'you may finesse ace, knave, if an honour is turned up to your right'",
         "K84.AJ5.AQ32.632", "HK", "S:D2 D4 DK D5 / N:H2 H3", "HJ", "third-hand-finesse-over-turned-up-honour",
         equal=("HA",), worse=("H5",), dealer="E"),
    Play("dealer-keeps-the-turned-up-queen", "Hoyle: 'keep the card turned up as long as possible when the friend leads a trump'",
         "K84.KQ5.AQ62.632", "HQ", "W:D4 DK D5 D6 / N:H2 H3", "HK", "keep-the-turned-up-card", worse=("HQ",), dealer="S"),
    Play("lowest-of-sequence-without-a-turn-up", "Cavendish ch. 25 (the lowest of a sequence: the control row)",
         "K84.KQ5.AQ62.632", "H2", "S:D2 D4 DK D5 / N:H3 H4", "HQ", "win-with-lower-of-equals", worse=("HK",), dealer="E"),
)


@pytest.mark.parametrize("row", PLAYS, ids=[r.name for r in PLAYS])
def test_the_books_card(row: Play) -> None:
    """Each row: the book's card, the maxim named, the cards the book also accepts (``equal``) and
    those it rejects by the same maxim (``worse``/``bad``)."""
    view = SeatView.build(hand=row.hand, trump=row.trump, played=row.played, dealer=row.dealer)
    a = advise(view, row.system, suit=row.suit)
    assert str(a.card) == row.card, (row.source, a.explanation["en"])
    assert row.maxim in a.maxims, (row.source, a.maxims)
    for card in row.equal:
        v = a.verdict_for(card)
        assert v is not None and v.verdict == "equal", (row.source, card, v)
    for card in row.worse:
        v = a.verdict_for(card)
        assert v is not None and v.verdict in ("worse", "bad") and v.maxims[0] == row.maxim, (row.source, card, v)
    if row.absent is not None:
        assert row.absent not in a.maxims, (row.source, a.maxims)
    assert a.explanation["en"] != a.explanation["ru"]


# -- signals read as players read them ----------------------------------------------------------


@dataclass(frozen=True)
class Signal:
    name: str
    source: str
    history: str
    calls: tuple[tuple[Seat, str, str, bool], ...]  #: (seat, high, low, echo) read as calls
    trump: Suit = Suit.C


SIGNALS: tuple[Signal, ...] = (
    Signal("eight-then-two", "Pembridge: 'first a ten and then a deuce'", "W:HA H8 H3 H4 / W:HK H2 H5 H6",
           ((Seat.N, "H8", "H2", False),)),
    Signal("six-then-five", "Cassell: 'a five before a deuce' -- any higher card first", "W:HA H6 H3 H4 / W:HK H5 H7 H8",
           ((Seat.N, "H6", "H5", False),)),
    Signal("three-then-two", "content review E-3: 3 then 2 is a call", "W:HA H3 H4 H5 / W:HK H2 H6 H7",
           ((Seat.N, "H3", "H2", False),)),
    Signal("second-hand-eight-heading-the-trick", "Cavendish ch. 21 (second hand low: the eight was not needed); E-3",
           "W:H4 H8 HK H3 / E:HA H5 H6 H2", ((Seat.N, "H8", "H2", False),)),
    Signal("second-hand-nine-heading-is-no-call", "Cavendish ch. 21 (10-9: the lowest of a sequence put on); Pole",
           "W:H4 H9 HK H3 / E:HA H5 H6 H2", ()),
    Signal("third-hand-high-is-no-call", "000 «Ходы, масти, козыри» 14 (third hand must play his highest); Pole",
           "S:H4 H5 H9 HK / E:HA H2 H6 H3", ()),
    Signal("fourth-hand-winning-card-is-no-call", "Foster: 'when no attempt is made to win the trick'",
           "E:H4 H5 H6 H8 / N:S2 S3 S4 SA / W:HK H2 H3 H7", ()),
    Signal("call-in-discards", "Cavendish, Whist Developments; Foster (a call in discards)",
           "W:DA H7 D2 D3 / W:DK H3 D4 D5", ((Seat.N, "H7", "H3", False),)),
    Signal("the-echo", "EB ('with four or more trumps echo your partner's call'); GBK rule 36",
           "W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D5 D2 DK D7 / E:D8 D4 DQ D3",
           ((Seat.N, "H7", "H6", False), (Seat.S, "D7", "D4", True))),
)


@pytest.mark.parametrize("row", SIGNALS, ids=[r.name for r in SIGNALS])
def test_the_call_as_players_read_it(row: Signal) -> None:
    calls = read_calls(parse_history(row.history), row.trump)
    assert [(c.seat, str(c.high), str(c.low), c.echo) for c in calls] == list(row.calls), row.source


def test_second_hand_eight_was_no_call_before_issue_21() -> None:
    """E-3: the pair read today and not before -- the high card headed the trick second hand; the
    reading and the making agree (the same eight is offered by echo-the-call, lesson 13 ex. 3)."""
    signals = read_signals(parse_history("W:H4 H8 HK H3 / E:HA H5 H6 H2"), Suit.C)
    assert [c.forced for c in signals] == [False]


# -- what a seat knows: the one model ------------------------------------------------------------


def _k(hand: str, trump: str, played: str | None, dealer: str | None = None, seat: str = "S") -> Knowledge:
    return knowledge(SeatView.build(hand=hand, trump=trump, played=played, dealer=dealer, seat=seat))


def _king_lead(k: Knowledge) -> None:
    (inf,) = k.shown(Seat.W, "honour-lead")
    assert inf.card == C("SK") and inf.shows() == {C("SA"), C("SQ")} and inf.maxim == "ace-king-lead-king"
    assert "ace or the queen" in inf.describe("en") and "туза или даму" in inf.describe("ru")
    assert not inf.holds(SeatView.build(hand="K432.5432.432.32", trump="C").hand)


def _king_lead_places_the_queen(k: Knowledge) -> None:
    p = k.placed(C("SQ"))  # South holds the ace: the king was led from K-Q
    assert p is not None and p.seat == Seat.W and not p.certain
    assert p.because is not None and p.because.card == C("SK") and "ace or the queen" in p.describe("en")


def _partners_king_places_the_ace(k: Knowledge) -> None:
    p = k.placed(C("HA"))  # South holds the queen: partner's king was led from A-K
    assert p is not None and p.seat == Seat.N and p.because is not None and p.because.kind == "honour-lead"
    assert "partner" in p.because.describe("en", Seat.S)


def _call_shows_four_trumps(k: Knowledge) -> None:
    (inf,) = k.shown(Seat.N, "call")
    assert inf.maxim == "call-for-trumps" and inf.card == C("H6") and inf.suit == Suit.C
    assert not inf.holds(SeatView.build(hand="AKQ.AKQJ.AKQ.432", trump="C", seat="N").hand)


def _echo_shows_four_trumps(k: Knowledge) -> None:
    (inf,) = k.shown(Seat.S, "call")
    assert inf.maxim == "echo-the-call" and "echo" in inf.describe("en")


def _void_shown(k: Knowledge) -> None:
    (inf,) = k.shown(Seat.N, "void")
    assert inf.certain and inf.suit == Suit.H and inf.card == C("D8")
    assert not k.can_hold(Seat.N, C("HK")) and Seat.N not in k.holders(C("HK"))


def _refused_ruff(k: Knowledge) -> None:
    (inf,) = k.shown(Seat.N, "refused-ruff")
    assert inf.maxim == "refuse-ruff-to-call" and inf.card == C("D8")


def _turn_up_is_certain(k: Knowledge) -> None:
    assert k.certain_holder(C("H7")) == Seat.E and k.holders(C("H7")) == {Seat.E}
    p = k.placed(C("H7"))
    assert p is not None and p.certain and p.because is not None and p.because.kind == "turn-up"
    assert "dealer" in p.describe("en")


def _turn_up_gone_once_played(k: Knowledge) -> None:
    assert k.certain_holder(C("H7")) is None and k.shown(Seat.E, "turn-up") == ()


def _beaters_with_partner(k: Knowledge) -> None:
    assert k.above(C("HK")) == (C("HA"),)
    assert k.beaters_with(C("HK"), frozenset({Seat.N}))
    assert not k.beaters_with(C("HJ"), frozenset({Seat.N}))  # the queen may be anywhere


def _first_discard_weak(k: Knowledge) -> None:
    (inf,) = k.shown(Seat.N, "first-discard")
    assert inf.card == C("D2") and inf.maxim == "discard-from-weakest-suit"


def _discard_against_declared_trumps(k: Knowledge) -> None:
    (inf,) = k.shown(Seat.N, "protected-discard")
    assert inf.card == C("S9") and "best-protected" in inf.describe("en")


def _robots_read_the_same_model(k: Knowledge) -> None:
    view = SeatView.build(hand="A94.943.9876.432", trump="C", played="S:C2 C5 D2 CA / E:S5 SA S6 S7")
    weighed = read(view)
    assert weighed and set(weighed) <= set(knowledge(view).inferences)
    assert all(not i.certain for i in weighed)


@dataclass(frozen=True)
class Known:
    name: str
    source: str
    hand: str
    trump: str
    played: str | None
    check: Callable[[Knowledge], None]
    dealer: str | None = None
    seat: str = "S"


KNOWN: tuple[Known, ...] = (
    Known("king-lead-shows-ace-or-queen", "Cavendish ch. 16 ('King, queen, and small ones: Lead king'); 000 HNT 9, 10",
          "A32.5432.432.432", "C", "W:SK S5 S8", _king_lead),
    Known("king-lead-places-the-queen", "Cavendish ch. 16: the king is led from A-K or K-Q; South has the ace",
          "A32.5432.432.432", "C", "W:SK S5 S8", _king_lead_places_the_queen),
    Known("partners-king-places-the-ace", "000 HNT 10 (A-K: the king); South holds the queen",
          "432.Q32.5432.432", "C", "N:HK H4", _partners_king_places_the_ace, dealer="W"),
    Known("call-shows-four-trumps", "EB; Cavendish (the call is made with four trumps or more)",
          "A42.Q53.A932.KT5", "C", N_CALLED, _call_shows_four_trumps),
    Known("echo-shows-four-trumps", "GBK rule 36 (echo of the call); EB", "T54.J976.J32.AKQ", "C",
          "W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D5 D2 DK D7 / E:D8 D4 DQ D3", _echo_shows_four_trumps, seat="N"),
    Known("void-shown", "000 «Масти и взятки» 1-2 (the law of following suit)", "A42.Q92.A932.KT5", "C",
          "W:HA D8 H3 H2", _void_shown),
    Known("refused-ruff-read", "Cavendish ch. 32: 'no trump, or more probably four trumps and a powerful hand'",
          "A42.Q92.A932.KT5", "C", "W:HA D8 H3 H2", _refused_ruff),
    Known("turned-up-card-is-in-the-dealers-hand", "Hoyle, maxim 22; the laws (the trump card is turned up)",
          "A42.Q92.A932.KT5", "H7", None, _turn_up_is_certain),
    Known("turned-up-card-gone-once-played", "the laws: once played it is a card gone like another",
          "A42.Q92.A932.KT5", "H7", "S:H2 H3 HK H7", _turn_up_gone_once_played),
    Known("partners-turned-up-ace-beats-my-king", "Cavendish ch. 25 (the cards that can beat it are with partner)",
          "K84.KJ4.AQ32.632", "HA", None, _beaters_with_partner, dealer="N"),
    Known("first-discard-weak", "000 «Намеки и подсказки» 14; Cavendish ch. 28", "A94.943.9876.432", "C",
          "S:C2 C5 D2 CA / E:S5 SA S6 S7", _first_discard_weak),
    Known("discard-after-trumps-declared-protected", "Cavendish ch. 28: 'discarding from your best protected suit'",
          "432.KJ952..97643", "C", "E:C2 C4 CA C5 / W:D3 S9", _discard_against_declared_trumps),
    Known("the-robots-read-the-same-model", "issue 21 point 1: one model for advice, robots, explanations",
          "A94.943.9876.432", "C", None, _robots_read_the_same_model),
)


@pytest.mark.parametrize("row", KNOWN, ids=[r.name for r in KNOWN])
def test_what_the_seat_knows(row: Known) -> None:
    row.check(_k(row.hand, row.trump, row.played, row.dealer, row.seat))


def test_at_least_thirty_five_positions() -> None:
    assert len(PLAYS) + len(SIGNALS) + len(KNOWN) >= 35


# -- E-4: the king lead does not show the ace ----------------------------------------------------


def test_partners_king_is_not_trumped_for_cavendishs_reason() -> None:
    """E-4: the reason given is the ace OR the queen, and Cavendish's "you want the adversary to
    play it"; before issue 21 the reason was "his king shows the ace"."""
    view = SeatView.build(hand="Q742.-.K8532.J963", trump="C5", played="N:HK H3", dealer="W")
    a = advise(view)
    v = a.verdict_for("C3")
    assert v is not None and v.verdict == "bad" and v.maxims[0] == "do-not-trump-partners-sure-winner"
    assert "ace or the queen" in v.why["en"] and "туза или даму" in v.why["ru"]
    assert "Partner's ♥K lead shows the ace or the queen" in a.explanation["en"]
    assert "Ход партнёра ♥К показывает туза или даму" in a.explanation["ru"]
    m = get_maxim("do-not-trump-partners-sure-winner")
    assert "ace or the queen" in m.text["en"] and "туза или даму" in m.text["ru"]
    assert "holds the ace" not in m.text["en"] and "the king shows the ace" not in m.scope["en"]
    assert "значит, у него туз" not in m.text["ru"]


def test_ruff_with_two_small_trumps_puzzle_no_longer_says_the_king_shows_the_ace() -> None:
    """E-4, the puzzle ruff-with-two-small-trumps: the king lead shows the ace or the queen."""
    item = next(p for p in shipped_puzzles() if p.id == "ruff-with-two-small-trumps")
    assert "it would show the ace too" not in item.explanation["en"]
    assert "ace or the queen" in item.explanation["en"] and "туза или даму" in item.explanation["ru"]


# -- E-8: Cassell only for K-10-x -----------------------------------------------------------------


def test_cassell_is_cited_only_for_the_ten_ace() -> None:
    """E-8: "Should the queen come from your right in a lead with ace or king, ten or another, pass
    it; this gives you a ten ace" -- Cassell speaks of K-10-x, not of K-x-x (EB passes generally)."""
    short = advise(SeatView.build(hand="A2.8765.K74.9873", trump="C", played="E:DQ")).verdict_for("DK")
    ten = advise(SeatView.build(hand="A2.8765.KT4.9873", trump="C", played="E:DQ")).verdict_for("DK")
    assert short is not None and ten is not None
    assert "Cassell" not in short.why["en"] and "EB" in short.why["en"]
    assert "Cassell" in ten.why["en"] and "Касселл" in ten.why["ru"]
    m = get_maxim("cover-queen-with-short-king")
    assert "Cassell passes a queen led from the right;" not in m.quote
    assert "ten ace" in m.quote


# -- E-3: the lesson, the puzzle and the catalogue agree --------------------------------------------


def test_lesson_puzzle_and_catalogue_agree_on_the_echo() -> None:
    """E-3: lesson 13 ex. 3 and echo-partners-call accept exactly the cards the engine calls right
    (the advised card and its ``equal`` echoes); the catalogue no longer limits the echo to cards
    out of sequence with the lowest, and the puzzle no longer cites 000 Hints §9 for it."""
    lesson = next(le for le in load_lessons() if le.id == "calling-for-trumps")
    exercise = next(s.exercise for s in lesson.steps
                    if getattr(s, "exercise", None) is not None and str(s.exercise.hand) == "K85.54.8632.9653")
    puzzle = next(p for p in shipped_puzzles() if p.id == "echo-partners-call")
    for item in (exercise, puzzle):
        accepted = {str(item.answer), *(str(a.answer) for a in item.accept)}
        a = advise(item_view(item))
        right = {str(a.card), *(str(v.card) for v in a.candidates if v.verdict == "equal")}
        assert accepted == right
    assert "§9" not in puzzle.explanation["en"] and "lower of two equals" not in puzzle.explanation["en"]
    scope = get_maxim("echo-the-call").scope["en"]
    assert "in sequence with the lowest only" not in scope and "8 then 2, 6 then 5, 3 then 2" in scope
