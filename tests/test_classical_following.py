"""Second, third and fourth hand as the classical books play them: a table of positions.

Each row is one position from the books (plain suits and trumps, both systems where they
differ), with the book and chapter -- or the seed paragraph -- it is taken from. The books were
read in the stored copies of these pages (search corpus ``pages``):

* CAV-21, CAV-23, CAV-25 -- Cavendish, *The Laws and Principles of Whist*, 18th ed. (1889): the
  chapters "Second hand" (hornygo.com, Chapter_21: the general rule and sequences), the second
  hand table of holdings (Chapter_23: "Knave led. Play ace. It is useless to cover with the
  queen"), "Third hand" (Chapter_25: finesse A-Q, not K-J; queen, knave and ten led).
* GBK-16, GBK-19 -- an unidentified Victorian manual (Google Books KR0CAAAAYAAJ, pp. 26 and 31):
  rule 16, second hand exceptions (1)-(9); rule 19, third hand.
* EB -- Encyclopaedia Britannica, a late edition (gluedideas.com, vol. Vase-Zygote, "Whist"):
  second hand play, "ace alone on an honour led", "the lower one of any two higher cards in sequence".
* POLE -- W. Pole, *Theory of Whist* (Google Books PA70): second hand, general rule lowest;
  Pole's verses (Middleton, *Memory Systems*): "if you've king and queen, or ace and king".
* CAS-147, CAS-148 -- *Cassell's Book of In-door Amusements*: the fourth player; a queen led
  from the right with ace or king, ten: pass it ("some players, however, think it best to cover").
* HOY-209 ... HOY-269 -- *Hoyle's Games, Improved and Enlarged* (childrensnursery.org.uk pages
  0209, 0212, 0213, 0219, 0243, 0254, 0258, 0265, 0269): putting up at second hand; the king of
  trumps led from the right (ace and four small: pass; the ace turned up with one small: put it
  on, with two or three: a small one); the king on a queen of trumps led with two or three
  trumps; K-Q-x, Q-J-x, J-10-x second hand (no. 14); the lowest of sequences; maxim 37;
  partner's ace then queen, king and two more; be fearful of finessing the third best when
  second hand has played the fourth.
* BUMB -- Pembridge, *Whist or Bumblepuppy?*, "The play of the second, third, and fourth hand":
  Mathews, "Put an honour on an honour, with only three of a suit; with four or more you should not".
* 000 LST n / HNT n -- the seed /work/shared/seeds/000, «Ходы, масти, козыри» n / «Намеки и подсказки» n.

The student sits S; E leads when he is second hand, N (partner) when third, W when fourth.
Trumps are clubs; the suit studied is diamonds unless the row says clubs.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tutor.conventions import SeatView, advise

RANKS = "AKQJT98765432"
BOTH = ("russian", "english")
SIX_TRICKS = ("N:SA S9 S2 ST / N:SK S8 S3 SJ / N:SQ S7 S4 S6 / "
              "N:HA H9 H2 HT / N:HK H8 H3 HJ / N:HQ H7 H4 H6")


def hand(diamonds: str, clubs: str = "32", *, spades: str | None = None, hearts: str | None = None,
         avoid: str = "") -> str:
    """A 13-card hand around the studied holding: the rest spades, then hearts, from the top,
    skipping cards named in ``avoid`` (cards the other players hold in the history)."""
    s = spades if spades is not None else ""
    h = hearts if hearts is not None else ""
    need = 13 - len(diamonds) - len(clubs) - len(s) - len(h)
    if spades is None:
        pool = [r for r in RANKS if f"S{r}" not in avoid]
        take = min(need, 6)
        s, need = "".join(pool[:take]), need - take
    if hearts is None:
        pool = [r for r in RANKS if f"H{r}" not in avoid]
        h, need = "".join(pool[:need]), 0
    assert need == 0
    return f"{s}.{h}.{diamonds}.{clubs}"


@dataclass(frozen=True)
class Row:
    name: str
    hand: str
    played: str
    expect: str  #: the card advised
    source: str  #: book and chapter, or seed paragraph
    systems: tuple[str, ...] = BOTH
    maxim: str | None = None  #: the deciding maxim, where the row checks it
    equal: str | None = None  #: a second card the authorities also accept (verdict ``equal``)


ROWS: tuple[Row, ...] = (
    # -- second hand, a small card led --------------------------------------------------------
    Row("2nd K-Q-x: queen", hand("KQ4"), "E:D5", "DQ",
        "CAV-21 (a sequence of high cards: put one on); HOY-219 no. 14 (king, queen and one small: the queen); "
        "000 HNT 9 «ставят младшую — то есть даму»",
        maxim="second-hand-with-sequence"),
    Row("2nd A-K-x-x: king", hand("AK43"), "E:D5", "DK",
        "CAV-23 (ace, king: play king); POLE verses (\"or ace and king, then one of these\")",
        maxim="second-hand-with-sequence"),
    Row("2nd K-Q-J-x: knave", hand("KQJ2"), "E:D5", "DJ",
        "HOY-243 (king, queen and knave: put on the knave); CAV-21", maxim="second-hand-with-sequence"),
    Row("2nd Q-J-10-x: ten", hand("QJT3"), "E:D5", "DT",
        "HOY-243 (queen, knave and ten: put on the ten)", maxim="second-hand-with-sequence"),
    Row("2nd Q-J-x, numerically weak: knave", hand("QJ3"), "E:D5", "DJ",
        "CAV-21 (moderate sequence, numerically weak: the lowest of it); HOY-219 no. 14 (queen, knave and one "
        "small: the knave)", maxim="second-hand-with-sequence"),
    Row("2nd Q-J-x-x: small", hand("QJ32"), "E:D5", "D2",
        "CAV-21 (with more than three cards of the suit, pass a small card led)", maxim="second-hand-low"),
    Row("2nd J-10-x: ten", hand("JT2"), "E:D4", "DT",
        "CAV-21 (knave, ten when numerically weak); HOY-219 no. 14 (knave, ten and one small: the ten)", maxim="second-hand-with-sequence"),
    Row("2nd 9-8-x: lowest", hand("982"), "E:D3", "D2",
        "CAV-21 (a sequence lower than ten, nine: the lowest)", maxim="second-hand-low"),
    Row("2nd K-x-x: small", hand("K72"), "E:D5", "D2",
        "POLE PA70 (second hand: play your lowest); HOY-209 no. 1 (king and small: do not put on)",
        maxim="second-hand-low"),
    Row("2nd Q-x: small", hand("Q3"), "E:D5", "D3", "HOY-209 no. 2 (queen and one small: do not put on)",
        maxim="second-hand-low"),
    Row("2nd trumps K-Q-x: queen", hand("T98", clubs="KQ4"), "E:C5", "CQ",
        "CAV-21 (the sequence rule; trumps alike); 000 HNT 9", maxim="second-hand-with-sequence"),
    # -- second hand, an honour led -----------------------------------------------------------
    Row("2nd A-Q-x on a led knave: ace", hand("AQ4"), "E:DJ", "DA",
        "CAV-23 (\"Knave led. Play ace. It is useless to cover with the queen\"); GBK-16 (4)",
        maxim="second-hand-ace-on-honour"),
    Row("2nd A-x-x on a led king: ace", hand("A74"), "E:DK", "DA", "EB (second hand: \"ace alone on an honour led\")",
        maxim="second-hand-ace-on-honour"),
    Row("2nd A-x-x-x on a led queen: ace (content review E-9)", hand("A865"), "E:DQ", "DA",
        "EB (\"ace alone on an honour led\")", maxim="second-hand-ace-on-honour"),
    Row("2nd A-K-x on a led queen: king", hand("AK4"), "E:DQ", "DK",
        "EB (\"play the lower one of any two higher cards in sequence\")", maxim="second-hand-ace-on-honour"),
    Row("2nd A-10-x on a led queen: pass or cover", hand("AT4"), "E:DQ", "D4",
        "CAS-148 (queen from the right, holding ace, ten: pass it; some players cover)",
        maxim="second-hand-ace-on-honour", equal="DA"),
    Row("2nd trumps A-x-x-x on a led king: ace or pass", hand("T98", clubs="A7654", spades="AKQ", hearts="A2"),
        "E:CK", "C4", "HOY-212 no. 3 (ace and four small trumps: pass the king); HOY-254 (ace turned up "
        "with two or three small: a small one) vs EB (ace alone on an honour led)",
        maxim="second-hand-ace-on-honour", equal="CA"),
    Row("2nd trumps A-x on a led king: ace", hand("T98", clubs="A7", spades="AKQJT", hearts="AK2"),
        "E:CK", "CA", "HOY-254 (ace with only one small trump: put on the ace); EB",
        maxim="second-hand-ace-on-honour"),
    Row("2nd K-J-x on a led queen: king (fourchette)", hand("KJ4"), "E:DQ", "DK",
        "GBK-16 (6) (cover holding the fourchette, king, knave -- queen led)", maxim="cover-with-fourchette"),
    Row("2nd K-x-x on a led queen: cover or pass (content review D-10)", hand("K74"), "E:DQ", "D4",
        "BUMB (Mathews: an honour on an honour with only three of a suit) vs CAS-148 (pass)",
        maxim="cover-queen-with-short-king", equal="DK"),
    Row("2nd K-x-x-x on a led queen: pass", hand("K874"), "E:DQ", "D4",
        "BUMB (Mathews: \"with four or more you should not do it\")", maxim="second-hand-low"),
    Row("2nd trumps K-x-x on a led queen: cover or pass", hand("T98", clubs="K74"), "E:CQ", "C4",
        "HOY-213 (king with only two or three trumps: put on the king) vs CAS-148",
        maxim="cover-queen-with-short-king", equal="CK"),
    Row("2nd trumps K-x-x-x-x-x on a led queen: pass", hand("T9", clubs="K76543", spades="AKQ", hearts="AK"),
        "E:CQ", "C3", "HOY-213 (king and five small trumps: do not put on the king)", maxim="second-hand-low"),
    Row("2nd Q-x on a led ten: queen", hand("Q4"), "E:DT", "DQ",
        "GBK-16 (5) (cover a ten holding queen and one other)", maxim="cover-honour-with-honour"),
    Row("2nd K-Q-x on a led knave: queen", hand("KQ4"), "E:DJ", "DQ",
        "EB (on a high card led, the lower of two higher cards in sequence)", maxim="cover-honour-with-honour"),
    Row("2nd master card, partner void: win", hand("A643", avoid="H2"), "W:D2 H2 D9 D4 / E:D5", "DA",
        "HOY-258 maxim 37 (never the best second hand, unless your partner has none of it)",
        maxim="second-hand-win-last-chance"),
    # -- third hand ---------------------------------------------------------------------------
    Row("3rd A-Q-x over a small card: finesse the queen", hand("AQ4"), "N:D5 D6", "DQ",
        "CAV-25 (with ace, queen you do finesse); 000 LST 13 «прорезать дамой»", maxim="third-hand-finesse-ace-queen"),
    Row("3rd A-Q-J-x: the knave", hand("AQJ4"), "N:D5 D6", "DJ",
        "CAV-25 (ace, queen, knave, &c., in sequence); 000 HNT 9", maxim="third-hand-finesse-ace-queen"),
    Row("3rd A-Q-10-x: finesse the queen", hand("AQT4"), "N:D5 D6", "DQ",
        "CAV-25 (with ace, queen you do finesse); GBK-19 (finesse queen, ace)", maxim="third-hand-finesse-ace-queen"),
    Row("3rd A-Q-x, second hand put on the knave: ace", hand("AQ4"), "N:D5 DJ", "DA",
        "HOY-269 (best and third best, second player the fourth: be fearful of finessing)", maxim="third-hand-high"),
    Row("3rd K-J-x: no finesse, the king", hand("KJ4"), "N:D5 D6", "DK",
        "CAV-25 (finessing king, knave is contrary to principle); GBK-19", maxim="third-hand-high"),
    Row("3rd K-Q-x: the queen", hand("KQ4"), "N:D5 D6", "DQ",
        "CAV-25 (play your highest, the lowest of a sequence); 000 LST 14, HNT 9", maxim="win-with-lower-of-equals"),
    Row("3rd A-Q-x over second hand's king: ace", hand("AQ4"), "N:D5 DK", "DA",
        "CAV-25 (third hand high: the only card that wins)", maxim="third-hand-high"),
    Row("3rd K-x-x over second hand's knave: king", hand("K74"), "N:D5 DJ", "DK",
        "CAV-25 (third hand plays his highest; the card that beats second hand's)", maxim="third-hand-high"),
    Row("3rd A-K-x on partner's knave: king", hand("AK4"), "N:DJ D6", "DK",
        "CAV-25 (play your highest, the lowest of a sequence; the knave lead is then from J-10-9)",
        maxim="win-with-lower-of-equals"),
    Row("3rd cannot win: small", hand("KQ4"), "N:D5 DA", "D4",
        "CAS-147 (play a low one when the trick is not to be won); EB", maxim="play-low-when-not-winning"),
    Row("3rd trumps A-Q-x: finesse", hand("T98", clubs="AQ4"), "N:C5 C6", "CQ",
        "GBK-19 (finesse queen, ace, also in trumps); CAV-25", maxim="third-hand-finesse-ace-queen"),
    Row("3rd on partner's king with A-J-x: pass", hand("AJ4"), "N:DK D6", "D4",
        "000 LST 15 «такая карта пропускается»; CAV-25 and its analysis of leads"),
    Row("3rd on partner's king with A-x (russian): pass", hand("A4"), "N:DK D6", "D4",
        "000 LST 15", systems=("russian",), maxim="do-not-overtake-partners-king"),
    Row("3rd on partner's king with A-x (english): either", hand("A4"), "N:DK D6", "D4",
        "GBK-19 (king led, with ace and one only: win with the ace) vs CAV analysis of leads (pass)",
        systems=("english",), maxim="unblock-ace-doubleton-on-king", equal="DA"),
    Row("3rd on partner's queen with A-x-x, early: small", hand("A74"), "N:DQ D6", "D4",
        "000 LST 16 «в начале игры сбрасывают на даму фоску»; CAV-25 (with ace, you pass queen led)"),
    Row("3rd on partner's queen with A-x-x, late (russian): ace", "432.432.A74.9876", SIX_TRICKS + " / N:DQ D6", "DA",
        "000 LST 16 «а в конец — перекрывают»", systems=("russian",), maxim="ace-over-partners-queen"),
    Row("3rd on partner's queen with A-x-x, late (english): small", "432.432.A74.9876", SIX_TRICKS + " / N:DQ D6",
        "D4", "CAV-25 (with ace, you pass queen led); GBK-19 (the ace not on partner's queen)",
        systems=("english",), maxim="ace-passes-partners-queen"),
    Row("3rd on partner's queen with K-x-x: small", hand("K74"), "N:DQ D6", "D4",
        "000 HNT 11 (a queen lead is from A-K-Q or Q-J: the king is not wanted on it); CAV-25",
        maxim="do-not-overtake-touching-honour"),
    Row("3rd on partner's ace then queen with K-x-x: king (unblock)", hand("K743"), "N:DA D2 D3 D8 / N:DQ D6", "DK",
        "HOY-265 (friend leads ace, then queen; king and two more: take the queen); the small card is "
        "accepted too (old Hoyle alone gives the rule; the double-dummy study found it costly)",
        maxim="unblock-king-under-ace-queen", equal="D4"),
    Row("3rd on partner's knave with A-x: ace (unblock)", hand("A4"), "N:DJ D6", "DA",
        "CAV-25 (knave led: ace with one small card, play the ace); GBK-19", maxim="play-to-partners-jack-lead"),
    Row("3rd on partner's knave with A-x-x: pass", hand("A74"), "N:DJ D6", "D4",
        "CAV-25 (with more than one small card, pass)", maxim="play-to-partners-jack-lead"),
    Row("3rd on partner's knave with K-x-x: pass", hand("K74"), "N:DJ D6", "D4",
        "CAV-25 (if your only honour is the king, pass knave led); GBK-19", maxim="play-to-partners-jack-lead"),
    Row("3rd on partner's ten with A-x-x: ace", hand("A74"), "N:DT D6", "DA",
        "CAV-25 (ten led: if you hold ace, put it on); GBK-19 (on partner's ten always)",
        maxim="play-to-partners-ten-lead"),
    Row("3rd on partner's ten with Q-x-x: pass", hand("Q74"), "N:DT D6", "D4",
        "CAV-25 (if you hold queen, you should pass)", maxim="play-to-partners-ten-lead"),
    Row("3rd on partner's ten with A-Q-x: either", hand("AQ4"), "N:DT D6", "D4",
        "CAV-25 (holding ace and queen, it depends on whether you want the lead)",
        maxim="play-to-partners-ten-lead", equal="DA"),
    Row("3rd partner's king is the master: small", hand("QJ84", spades="KQJT4"),
        "W:DA D2 D3 D8 / W:S2 SA S3 S4 / N:DK D6", "D4",
        "CAS-147 (the trick is partner's: play a low one); CAV-25", maxim="play-low-when-not-winning"),
    # -- fourth hand --------------------------------------------------------------------------
    Row("4th A-Q-x over the ten: queen", hand("AQ4"), "W:D5 D9 DT", "DQ",
        "CAS-147 (beat the three cards on the table) -- as cheaply as possible", maxim="win-as-cheaply-as-possible"),
    Row("4th K-Q-x over the ten: queen", hand("KQ4"), "W:D5 D9 DT", "DQ",
        "CAS-147; CAV-25 and 000 HNT 9 (the lowest of a sequence)", maxim="win-with-lower-of-equals"),
    Row("4th A-Q-x over the king: ace", hand("AQ4"), "W:D5 D9 DK", "DA",
        "CAS-147 (beat the three cards on the table)", maxim="win-as-cheaply-as-possible"),
    Row("4th partner has won: small", hand("K4"), "W:D5 DA D6", "D4",
        "CAS-147 (taken by partner: play a low one)", maxim="play-low-when-not-winning"),
    Row("4th cannot win: small", hand("KQ4"), "W:D5 D9 DA", "D4",
        "CAS-147; EB", maxim="play-low-when-not-winning"),
    Row("4th trumps K-Q-x over the ten: queen", hand("T98", clubs="KQ4"), "W:C5 C9 CT", "CQ",
        "CAS-147; 000 HNT 9", maxim="win-with-lower-of-equals"),
)

CASES = [pytest.param(r, system, id=f"{r.name} [{system}]") for r in ROWS for system in r.systems]


def test_the_table_holds_at_least_thirty_positions_each_with_a_source():
    """The brief: at least 30 positions of second, third and fourth hand, each citing its book."""
    assert len(ROWS) >= 30
    assert all(r.source for r in ROWS)
    hands = {r.played.rsplit("/", 1)[-1].strip()[0] for r in ROWS}
    assert hands == {"E", "N", "W"}  # second, third and fourth hand all present


@pytest.mark.parametrize("row, system", CASES)
def test_classical_position(row: Row, system: str):
    """Each row: the card of the book (see the row's ``source``)."""
    a = advise(SeatView.build(hand=row.hand, trump="C", played=row.played), system)
    assert str(a.card) == row.expect, (row.source, a.explanation["en"])
    if row.maxim is not None:
        assert a.maxims[0] == row.maxim, (row.source, a.maxims)
    if row.equal is not None:
        v = a.verdict_for(row.equal)
        assert v is not None and v.verdict == "equal", (row.source, v)
        assert v.maxims and v.maxims[0] == row.maxim
    else:
        assert not any(v.verdict == "equal" for v in a.candidates), row.source


# -- each new rule: one test where it decides, one where a higher rule overrides it ------------


def play(h: str, played: str, system: str = "russian"):
    return advise(SeatView.build(hand=h, trump="C", played=played), system)


def test_second_hand_ace_on_honour_decides():
    """EB (second hand: "ace alone on an honour led"): the ace goes on a led knave."""
    a = play(hand("A74"), "E:DJ")
    assert str(a.card) == "DA" and a.maxims[0] == "second-hand-ace-on-honour"
    assert a.verdict_for("D4").maxims[0] == "second-hand-ace-on-honour"


def test_second_hand_ace_on_honour_silent_on_a_ten():
    """First of the order, so its own limit: a ten led is the cover rule's (GBK-16 (5))."""
    a = play(hand("AQ4"), "E:DT")
    assert str(a.card) == "DQ" and a.maxims[0] == "cover-honour-with-honour"


def test_cover_with_fourchette_decides():
    """GBK-16 (6): K-J over a led queen -- cover with the king."""
    a = play(hand("KJ4"), "E:DQ")
    assert str(a.card) == "DK" and a.maxims[0] == "cover-with-fourchette"


def test_cover_with_fourchette_overridden_by_the_ace():
    """EB: with A-K-J the ace rule (ranked above) decides -- the lower of A-K, the king."""
    a = play(hand("AKJ4"), "E:DQ")
    assert str(a.card) == "DK" and a.maxims[0] == "second-hand-ace-on-honour"
    assert "cover-with-fourchette" not in a.maxims


def test_cover_honour_with_honour_decides():
    """GBK-16 (5); EB: a led knave is covered by the king."""
    a = play(hand("K53"), "E:DJ")
    assert str(a.card) == "DK" and a.maxims[0] == "cover-honour-with-honour"


def test_cover_honour_with_honour_overridden_by_the_ace():
    """CAV-23: "Knave led. Play ace. It is useless to cover with the queen"."""
    a = play(hand("AQ4"), "E:DJ")
    assert str(a.card) == "DA" and "cover-honour-with-honour" not in a.maxims


def test_cover_queen_with_short_king_decides():
    """BUMB (Mathews) vs CAS-148: with K-x-x under a led queen both cards are accepted."""
    a = play(hand("K74"), "E:DQ")
    assert a.maxims[0] == "cover-queen-with-short-king" and a.verdict_for("DK").verdict == "equal"
    assert "Mathews" in a.explanation["en"]


def test_cover_queen_with_short_king_overridden_by_the_fourchette():
    """GBK-16 (6): with K-J-x the fourchette rule (ranked above) decides: the king, alone."""
    a = play(hand("KJ4"), "E:DQ")
    assert str(a.card) == "DK" and "cover-queen-with-short-king" not in a.maxims
    assert a.verdict_for("D4").verdict == "worse"


def test_second_hand_win_last_chance_decides():
    """HOY-258 no. 37: partner has none of the suit -- the master card wins it now."""
    a = play(hand("A643", avoid="H2"), "W:D2 H2 D9 D4 / E:D5")
    assert str(a.card) == "DA" and a.maxims[0] == "second-hand-win-last-chance"


def test_second_hand_win_last_chance_needs_partner_void():
    """Without partner's void the general rule stands: second hand low (POLE PA70)."""
    a = play(hand("A643"), "E:D5")
    assert str(a.card) == "D3" and a.maxims[0] == "second-hand-low"
    assert "second-hand-win-last-chance" not in a.maxims


def test_second_hand_low_exception_master_card_on_the_second_round():
    """GBK-16 (8): "Second round play the master-card, unless you have a safe finesse" -- partner
    is not void (so not HOY-258 no. 37), but on the second round of the plain suit the ace goes on."""
    a = play(hand("A643"), "W:D2 D7 D9 D4 / E:D5")
    assert str(a.card) == "DA" and a.maxims[0] == "second-hand-low"
    assert a.verdict_for("D3").maxims[0] == "second-hand-low"


def test_second_hand_low_exception_master_card_not_in_trumps():
    """GBK-16 speaks of "a plain suit": on the second round of trumps second hand still plays low."""
    a = play(hand("52", clubs="A643"), "W:C2 C7 C9 C4 / E:C5")
    assert str(a.card) == "C3" and a.maxims[0] == "second-hand-low"


def test_second_hand_low_exception_master_card_not_when_the_third_hand_showed_out():
    """GBK-16 (8), "unless you have a safe finesse": West, who plays after you, showed out on the
    first round and cannot beat a lower card with the suit -- the general rule stands."""
    a = play(hand("A643", avoid="H2"), "E:DK D4 H2 D7 / E:D5")
    assert str(a.card) == "D3" and a.maxims[0] == "second-hand-low"


def test_second_hand_low_exception_ace_and_five_others():
    """GBK-16 (3): "Holding Ace and five others, play the Ace" (a plain suit, the first round)."""
    a = play(hand("A86543"), "E:D2")
    assert str(a.card) == "DA" and a.maxims[0] == "second-hand-low"


def test_second_hand_low_exception_not_with_ace_and_four_others():
    """GBK-16 (3) needs five others: with A-x-x-x-x the general rule (POLE PA70) plays low."""
    a = play(hand("A8654"), "E:D2")
    assert str(a.card) == "D4" and a.maxims[0] == "second-hand-low"


def test_second_hand_win_last_chance_overridden_by_the_ace_rule():
    """The ace on an honour led ranks above: on a led queen the ace rule decides (same card)."""
    a = play(hand("A643", avoid="H2"), "W:D2 H2 D9 D4 / E:DQ")
    assert str(a.card) == "DA" and a.maxims[0] == "second-hand-ace-on-honour"
    assert "second-hand-win-last-chance" not in a.maxims


def test_second_hand_with_sequence_decides():
    """CAV-21; 000 HNT 9: K-Q-x on a small card led -- the queen."""
    a = play(hand("KQ4"), "E:D5")
    assert str(a.card) == "DQ" and a.maxims[0] == "second-hand-with-sequence"
    assert a.verdict_for("D4").maxims[0] == "second-hand-with-sequence"


def test_second_hand_with_sequence_overridden_by_the_last_chance():
    """HOY-258 no. 37 ranks above: partner void, A-K-x -- the last-chance rule decides (the king)."""
    a = play(hand("AK64", avoid="H2"), "W:D2 H2 D9 D4 / E:D5")
    assert str(a.card) == "DK" and a.maxims[0] == "second-hand-win-last-chance"
    assert "second-hand-with-sequence" not in a.maxims


def test_do_not_overtake_touching_honour_decides():
    """000 HNT 11; CAV-25: the king is not put on partner's queen."""
    a = play(hand("K74"), "N:DQ D6")
    assert str(a.card) == "D4" and a.maxims[0] == "do-not-overtake-touching-honour"


def test_do_not_overtake_touching_honour_overridden_by_lst_15():
    """000 LST 15 ranks above it in the russian system: on partner's king the seed's rule decides."""
    a = play(hand("AJ4"), "N:DK D6")
    assert str(a.card) == "D4" and a.maxims[0] == "do-not-overtake-partners-king"
    assert "do-not-overtake-touching-honour" not in a.maxims


def test_unblock_ace_doubleton_on_king_decides_in_english():
    """GBK-19 vs the Cavendish lead table: in the english system A-x under partner's king is either card."""
    a = play(hand("A4"), "N:DK D6", "english")
    assert a.maxims[0] == "unblock-ace-doubleton-on-king" and a.verdict_for("DA").verdict == "equal"


def test_unblock_ace_doubleton_on_king_overridden_by_lst_15_in_russian():
    """000 LST 15 «такая карта пропускается» ranks above: the russian system passes."""
    a = play(hand("A4"), "N:DK D6", "russian")
    assert str(a.card) == "D4" and a.verdict_for("DA").verdict == "bad"
    assert "unblock-ace-doubleton-on-king" not in a.maxims


def test_ace_passes_partners_queen_decides_in_english():
    """CAV-25 "With ace, you pass queen led" -- even late in the deal."""
    a = play("432.432.A74.9876", SIX_TRICKS + " / N:DQ D6", "english")
    assert str(a.card) == "D4" and a.maxims[0] == "ace-passes-partners-queen"


def test_ace_passes_partners_queen_overridden_by_lst_16_in_russian():
    """000 LST 16 «а в конец — перекрывают» ranks above in the russian system."""
    a = play("432.432.A74.9876", SIX_TRICKS + " / N:DQ D6", "russian")
    assert str(a.card) == "DA" and "ace-passes-partners-queen" not in a.maxims


def test_play_to_partners_jack_lead_decides():
    """CAV-25: on partner's knave, ace and one small -- the ace."""
    a = play(hand("A4"), "N:DJ D6")
    assert str(a.card) == "DA" and a.maxims[0] == "play-to-partners-jack-lead"


def test_play_to_partners_jack_lead_silent_when_the_knave_is_beaten():
    """CAV-25 is about partner's knave winning; second hand's queen over it: third hand high (the ace)."""
    a = play(hand("A74"), "N:DJ DQ")
    assert str(a.card) == "DA" and a.maxims[0] == "third-hand-high"
    assert "play-to-partners-jack-lead" not in a.maxims


def test_play_to_partners_ten_lead_decides():
    """CAV-25: on partner's ten, the ace goes on."""
    a = play(hand("A74"), "N:DT D6")
    assert str(a.card) == "DA" and a.maxims[0] == "play-to-partners-ten-lead"


def test_play_to_partners_ten_lead_silent_when_covered():
    """Second hand covered the ten with the knave: the table no longer applies, third hand high."""
    a = play(hand("A74"), "N:DT DJ")
    assert str(a.card) == "DA" and a.maxims[0] == "third-hand-high"


def test_third_hand_finesse_ace_queen_decides():
    """CAV-25; 000 LST 13: over partner's small card, A-Q-x finesses the queen."""
    a = play(hand("AQ4"), "N:D5 D6")
    assert str(a.card) == "DQ" and a.maxims[0] == "third-hand-finesse-ace-queen"
    assert a.verdict_for("DA").maxims[0] == "third-hand-finesse-ace-queen"


def test_third_hand_finesse_ace_queen_not_over_second_hands_knave():
    """HOY-269: when second hand has played the fourth best, be fearful of finessing the third."""
    a = play(hand("AQ4"), "N:D5 DJ")
    assert str(a.card) == "DA" and "third-hand-finesse-ace-queen" not in a.maxims


def test_third_hand_finesse_ace_queen_with_trump_strength():
    """The call for trumps ranks below the finesse: with five trumps and A-Q-x over a small card
    the student still finesses (CAV-25)."""
    a = advise(SeatView.build(hand="A2.865.AQ4.AT987", trump="C", played="N:D5 D6"), "russian")
    assert str(a.card) == "DQ" and a.maxims[0] == "third-hand-finesse-ace-queen"


def test_third_hand_finesse_ace_queen_silent_when_second_hand_ruffs():
    """Second hand has trumped partner's small card: no diamond wins, so no finesse -- play low
    (CAS-147: a trick not to be won takes a low card). Regression: the robots' 10,000 deals."""
    a = play(hand("AQ43", avoid="H2"), "W:D2 D7 H2 D3 / N:D5 C4")
    assert str(a.card) == "D4" and a.maxims[0] == "play-low-when-not-winning"


def test_unblock_king_under_ace_queen_decides():
    """HOY-265: partner led the ace, then the queen; with the king and two more, take the queen."""
    a = play(hand("K743"), "N:DA D2 D3 D8 / N:DQ D6")
    assert str(a.card) == "DK" and a.maxims[0] == "unblock-king-under-ace-queen"


def test_unblock_king_under_ace_queen_needs_partners_ace_first():
    """Without the ace led first the queen may come from Q-J…: the king is not put on it (000 HNT
    11; the touching-honour rule decides)."""
    a = play(hand("K74"), "N:DQ D6")
    assert str(a.card) == "D4" and "unblock-king-under-ace-queen" not in a.maxims
