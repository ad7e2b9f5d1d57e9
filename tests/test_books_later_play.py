"""The play after the opening lead, as the books and the seeds play it: a table of positions.

Each row is one position from the books or the seeds -- unblocking partner's long suit, the
second round of Cavendish's Analysis of leads, the later leads read from the play (continue or
switch, through the strength and up to the weakness, the winners once trumps are out, the first
discard read by whether trumps were declared), a card placed by the play, and the seeds' own
exceptions to their numbered maxims -- with the book and chapter, or the seed paragraph, it is
taken from. The engine is asked through its public API (:func:`tutor.conventions.advise` on the
student's :class:`~tutor.seatview.SeatView`).

The books were read in the stored copies of their pages (search corpus ``pages``):

* CAV-16 -- Cavendish, *The Laws and Principles of Whist*, 18th ed. (1889), ch. 16, "Analysis of
  leads" (hornygo.com Chapter_16; bitlit.ru page 51 keeps the holding headings): "Lead knave,
  then ace. With more than four in suit, lead queen after ace. With only four in suit, lead king
  after ace" (A-K-Q-J in trumps); "Lead king, then knave. With more than four in suit, lead queen
  after knave. With only four in suit, lead ace after knave" (A-K-Q-J plain); "If intermediate
  cards fall and you remain with the command and the next best, you inform your partner of the
  fact by continuing with the next best"; K-Q-J and one small: "Lead king, then knave".
* CAV-18 -- the same, ch. 18 (later leads): "pursue your original lead"; with weak suits "lead up
  to the weak suit of your right-hand adversary, or through the strong suit of your left-hand
  adversary".
* CAV-28 -- the same, ch. 28 (discarding): "when trumps are not declared against you, your partner
  will assume you are weak in the suit you first discard; but, when trumps are declared against
  you, he will give you credit for strength in the suit from which you originally throw away ...
  he will, unless he has a very strong suit of his own, select for his lead the suit in which you
  have shown strength by your discard."
* CAV-35 -- the same, ch. 35 (inferences from the fall of the cards): "You lead a small card from
  ace, knave, &c.; your partner wins with the queen; you should immediately infer that the king
  cannot be with your right-hand adversary. Hence, on the return of the suit, you would not
  finesse the knave."
* HOY-222, HOY-237 -- old Hoyle (*Hoyle's Games, Improved and Enlarged*), pp. 122 and 137: the
  ace-queen over the knave, "it is 4 to 3 ... By the same rule play all the other suits"; question
  24, "You are to play the ace, because it is 5 to 8 that the last player has the king".
* CAV-TR -- Cavendish, "Trumps" (the objects of the hand: "to establish a suit, to exhaust the
  adversaries' trumps, and to retain the long trump, or a certain winning card with which to get
  the lead again, for the purpose of bringing in the suit").
* CAV-B -- the same, Appendix B, "The plain-suit echo": "it is advisable to get rid of the command
  of their partner's long suit"; "the play of the third hand, holding ace, knave only, when king
  is led originally" (too elementary to discuss: win and free the suit); third hand with four
  exactly "should sometimes retain in his hand the lowest of his four cards, and play the next
  higher one": king, queen, knave, deuce under the ace led originally -- "he must play the knave
  to the ace"; nine, eight, seven and a very small one under the queen led.
* CAV-25 -- the same, ch. 25, "Third hand" (knave led, ace and one small: play the ace).
* CHAM -- Chambers's Encyclopaedia, "Whist": "From ace, queen, knave -- lead ace, then queen"; after
  the first trick the leader's "best play, as a rule, is to continue his suit".
* POLE -- W. Pole, *Theory of Whist*, p. 70: second hand with a tenace (A-Q) keeps it for the
  return; having won partner's lead cheaply, do not return it (the strength lies on the right).
* CAS-148 -- *Cassell's Book of In-door Amusements*, whist hints: "When the lead comes from your
  right hand opponent, play your queen, should you hold ace, queen, and ten."
* HOY-p -- *Hoyle's Games, Improved and Enlarged* (childrensnursery.org.uk, page 0p): p. 204 (to
  make the most of partner's strong suit, "throwing out your king in your first lead"), p. 237 (no.
  24: ace and queen of trumps over second hand's knave, "You are to play the ace"), p. 265
  ("Upon winning your friend's lead with a queen, do not return the same, except the suit be
  trumps, as certainly the ace or king must be with your right-hand antagonist"; "Should your
  friend lead ace, and then queen ... take the queen to avoid stopping the suit"), p. 192 (maxim
  16, "Make your tricks early").
* 000 LST n / HNT n -- the seed /work/shared/seeds/000, «Ходы, масти, козыри» n / «Намеки и
  подсказки» n; 002 -- the same rules in Ukrainian (LST 13: «Не слід робити вихід з тієї масті, в
  якій є туз і дама ... і тоді прорізати дамою»).

Where the systems part, each row names its system and the school. Trumps are clubs. ``expect``
is a card, ``suit:X`` (any card of suit X) or ``not:X`` (no card of suit X); ``suit`` asks only
which card of one suit (the public API's ``suit=``), for the continuations whose suit is not in
question.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tutor.cards import Suit
from tutor.conventions import SeatView, advise

BOTH = ("russian", "english")
RU = ("russian",)
EN = ("english",)


@dataclass(frozen=True)
class Row:
    name: str
    topic: str
    hand: str
    played: str
    expect: str
    source: str
    systems: tuple[str, ...] = BOTH
    suit: str | None = None
    maxim: str | None = None  #: the maxim the advice must name, where the row checks it


# Histories used by several rows.
#: West opened hearts, then led a trump that South won: South is on lead with three cards in each plain suit.
WEST_OPENED_HEARTS = "W:HK H3 H4 H2 / W:C2 C3 C4 CA"
#: East opened hearts, then led a trump that South won.
EAST_OPENED_HEARTS = "E:HK H2 H3 H4 / E:C2 CA C3 C4"
#: East led trumps; partner (North) threw the ♥2 on them; South then won East's ♠K.
TRUMPS_DECLARED_THEN_DISCARD = "E:CA C3 C5 H2 / E:SK SA S4 S5"
#: Partner threw the ♥2 on East's ♠K (no trump led by anyone); South won it.
PLAIN_DISCARD = "E:SK SA S4 H2"
#: Partner led the ♥2; West won; South won West's ♠K; South drew every trump and cleared his diamonds.
TRUMPS_OUT_LONG_DIAMONDS = ("N:H2 H6 H3 HA / W:SK S3 S4 SA / S:DA D2 D3 D4 / S:DK D5 D8 D9 / S:DQ DT DJ S2 / "
                            "S:CA C2 C3 C4 / S:CK C5 C6 C7 / S:CQ C8 C9 CT")
#: Partner called (♠7 then ♠4 on West's winners); South won West's diamond.
PARTNER_CALLED = "W:SA S7 S2 S3 / W:SK S4 S5 S6 / W:D2 D3 D4 DA"

ROWS: tuple[Row, ...] = (
    # -- unblocking partner's long suit -------------------------------------------------------
    Row("K-Q-J-2 under partner's ace: the knave", "unblock", "AK32.A32.KQJ2.32", "N:DA D3", "DJ",
        "CAV-B (\"he must play the knave to the ace\"; the lead was from five cards at least)",
        maxim="unblock-with-four-in-partners-suit"),
    Row("9-8-7-2 under partner's queen: the seven (Cavendish's second case)", "unblock", "AK32.A32.9872.32",
        "N:DQ D3", "D7",
        "CAV-B (\"The original leader (a strong suit player), leads queen of a plain suit. The third hand holds nine, "
        "eight, seven and a very small one. He may block the suit by playing the very small one\")",
        maxim="unblock-with-four-in-partners-suit"),
    Row("8-5-3-2 under partner's ace: the lowest (nothing to block)", "unblock", "AK32.A32.8532.32", "N:DA D4", "D2",
        "CAV-B (the echo is for cards that may block a suit of five; CAV-25, the lowest card when not winning)",
        maxim="play-low-when-not-winning"),
    Row("Q-10-9-2 under partner's ace: the nine", "unblock", "AK32.A32.QT92.32", "N:DA D3", "D9",
        "HOY-204 no. 3 (partner's ace, king and four small; you hold queen, ten, nine and a very small one); CAV-B",
        maxim="unblock-with-four-in-partners-suit"),
    Row("A-J only under partner's king (english): the ace", "unblock", "AK32.A432.AJ.432", "N:DK D3", "DA",
        "CAV-B (\"the play of the third hand, holding ace, knave only, when king is led originally\": win and "
        "free the suit)", systems=EN, maxim="unblock-ace-doubleton-on-king"),
    Row("A-J only under partner's king (russian): pass", "unblock", "AK32.A432.AJ.432", "N:DK D3", "DJ",
        "000 LST 15 «разумеется, такая карта пропускается» (the seed's own rule)", systems=RU,
        maxim="do-not-overtake-partners-king"),
    Row("A-x under partner's knave: the ace", "unblock", "AK32.A432.A4.432", "N:DJ D3", "DA",
        "CAV-25 (knave led, ace and one small: play the ace)", maxim="play-to-partners-jack-lead"),
    Row("K-x-x under partner's ace then queen: the king", "unblock", "AK32.A32.K743.32",
        "N:DA D2 D3 D8 / N:DQ D6", "DK", "HOY-265 (take the queen to avoid stopping the suit)",
        maxim="unblock-king-under-ace-queen"),
    Row("returning partner's suit with the master: the king", "unblock", "A765.A32.KJ53.32",
        "N:D6 DA D3 D4 / E:S2 SA S3 S4", "DK",
        "HOY-204 no. 1 (\"throwing out your king in your first lead\"); CHAM (the winning card is returned)"),
    # -- the second round of the Analysis of leads --------------------------------------------
    Row("A-K-J-x-x, the queen fell (english): the knave", "continuation", "A32.A32.AKJ54.32", "S:DK D2 D3 DQ", "DJ",
        "CAV-16 (\"continuing with the next best. Thus:--You lead king from ace, king, knave\")", systems=EN,
        maxim="continue-with-next-card"),
    Row("A-K-J-x-x, the queen fell (russian): the ace", "continuation", "A32.A32.AKJ54.32", "S:DK D2 D3 DQ", "DA",
        "000 HNT 9 (of equal cards lead the higher: the ace and knave are equal once the queen is out)", systems=RU,
        maxim="continue-with-next-card"),
    Row("A-K-10-x-x, queen and knave fell (english): the ten", "continuation", "A32.A32.AKT54.32",
        "S:DK DQ D3 DJ", "DT", "CAV-16 (with the command and the next best, continue with the next best)",
        systems=EN, maxim="continue-with-next-card"),
    Row("A-K-Q-J-x plain (english): king, then the knave", "continuation", "A32.A32.AKQJ5.32", "S:DK D2 D3 D4", "DJ",
        "CAV-16 (A-K-Q-J plain: \"Lead king, then knave\")", systems=EN, maxim="continue-with-next-card"),
    Row("A-K-Q-J-x plain (russian): king, then the queen", "continuation", "A32.A32.AKQJ5.32", "S:DK D2 D3 D4", "DQ",
        "000 HNT 11 «При кварт-мажоре ... ходят с короля и дамы»", systems=RU, maxim="continue-with-next-card"),
    Row("A-K-Q-J-x plain, third round: the queen", "continuation", "A32.A32.AKQJ5.32",
        "S:DK D2 D3 D4 / S:DJ D6 D7 D8", "DQ", "CAV-16 (\"With more than four in suit, lead queen after knave\")",
        systems=EN, maxim="continue-with-next-card"),
    Row("A-K-Q-J exactly four plain, third round: the ace", "continuation", "A432.A32.AKQJ.32",
        "S:DK D2 D3 D4 / S:DJ D6 D7 D8", "DA", "CAV-16 (\"With only four in suit, lead ace after knave\")",
        systems=EN, suit="D", maxim="continue-with-next-card"),
    Row("A-K-Q-J trumps exactly four, third round: the king", "continuation", "A32.A32.432.AKQJ",
        "S:CJ C2 C3 C4 / S:CA C5 C6 C7", "CK", "CAV-16 (trumps: \"With only four in suit, lead king after ace\")",
        systems=EN, suit="C", maxim="continue-with-next-card"),
    Row("A-K-Q-J-x trumps, third round: the queen", "continuation", "A32.A32.32.AKQJ5",
        "S:CJ C2 C3 C4 / S:CA C6 C7 C8", "CQ", "CAV-16 (trumps: \"With more than four in suit, lead queen after ace\")",
        systems=EN, suit="C", maxim="continue-with-next-card"),
    Row("A-K-Q trumps, four or fewer: queen, then the ace", "continuation", "A32.A32.5432.AKQ", "S:CQ C2 C3 C4", "CA",
        "CAV-16 (\"With only four or three in suit, lead ace after queen\")", systems=EN, suit="C",
        maxim="continue-with-next-card"),
    Row("A-K-Q trumps, more than four: queen, then the king", "continuation", "A32.A2.432.AKQ54", "S:CQ C2 C3 C6",
        "CK", "CAV-16 (\"With more than four in suit, lead king after queen\")", systems=EN, suit="C",
        maxim="continue-with-next-card"),
    Row("A-K-x-x: king, then the ace", "continuation", "A32.A32.AK54.432", "S:DK D2 D3 D6", "DA",
        "CAV-16 (\"Lead king, then ace\"); 000 HNT 10", maxim="continue-with-next-card"),
    Row("K-Q-J and one small: king, then the knave", "continuation", "A32.A32.KQJ4.432", "S:DK D2 D3 D5", "DJ",
        "CAV-16 / bitlit p. 51 (\"King, queen, knave, and one small one. Lead king, then knave\")",
        maxim="continue-with-next-card"),
    Row("A-Q-J-x-x: ace, then the queen", "continuation", "A32.A32.AQJ54.32", "S:DA D2 D3 D6", "DQ",
        "CHAM (\"From ace, queen, knave--lead ace, then queen\"); Pole", maxim="continue-with-next-card"),
    Row("A-Q-J-x-x, the king fell on the ace (english): the knave", "continuation", "A32.A32.AQJ54.32",
        "S:DA DK D3 D6", "DJ", "CAV-16 (intermediate cards fall: the command and the next best, continue with the "
        "next best)", systems=EN, maxim="continue-with-next-card"),
    Row("A-Q-J-x-x, the king fell on the ace (russian): the queen", "continuation", "A32.A32.AQJ54.32",
        "S:DA DK D3 D6", "DQ", "000 HNT 9 (of equal cards lead the higher); CHAM (ace, then queen)", systems=RU,
        maxim="continue-with-next-card"),
    Row("K-Q-x-x, the king won: the original fourth best", "continuation", "A32.A32.KQ64.432", "S:DK D2 D3 D5", "D4",
        "CAV-16 / bitlit p. 51 (\"If the king wins, after king lead a small one (the original fourth-best)\")",
        maxim="continue-with-next-card"),
    Row("A-x-x-x-x: ace, then the lowest (russian)", "continuation", "A32.A32.A7654.32", "S:DA D2 D3 D8", "D4",
        "000 HNT 11 «При тузе сам-пят ходят с туза и продолжают с младшей»", systems=RU,
        maxim="continue-with-next-card"),
    # -- later leads read from the play -------------------------------------------------------
    Row("A-K-Q-J exactly four, two rounds won: go on with the suit", "later", "A432.A32.AKQJ.32",
        "S:DK D2 D3 D4 / S:DJ D6 D7 D8", "DA",
        "CHAM (\"His best play, as a rule, is to continue his suit\"); CAV-18; CAV-16 (ace after knave with four)",
        systems=EN, maxim="pursue-original-lead"),
    Row("own suit led and won: go on with it", "later", "A32.432.AK654.32", "S:DK D2 D3 D7", "DA",
        "CAV-18 (\"pursue your original lead\"); CHAM (\"continue his suit\")"),
    Row("won partner's lead cheaply with the queen (english): switch", "later", "JT93.753.Q86.432",
        "N:D5 D3 DQ D4", "SJ", "HOY-265 (do not return it: the ace or king is on your right); POLE p. 70",
        systems=EN, maxim="do-not-return-suit-won-cheaply"),
    Row("won partner's lead cheaply with the queen (russian): return it", "later", "JT93.753.Q86.432",
        "N:D5 D3 DQ D4", "D8", "000 LST 5 «отвечайте ему в ту же масть» (the seed gives no exception)",
        systems=RU, maxim="return-higher-of-two-lowest-of-more"),
    Row("through the left-hand opponent's suit", "later", "876.9752.987.A65", WEST_OPENED_HEARTS, "suit:H",
        "CAV-18 (\"through the strong suit of your left-hand adversary\"); POLE p. 70; 000 HNT 3 read with its "
        "scope (up to the opener is what it forbids)", maxim="lead-up-to-weakness"),
    Row("not up to the right-hand opponent's suit (russian)", "later", "876.9752.987.A65", EAST_OPENED_HEARTS, "not:H",
        "000 HNT 3 «Никогда не следует отвечать в масть противников»: led from South, East's suit goes up to him",
        systems=RU),
    Row("partner's first discard, trumps declared against him (english): lead it", "later", "A87.853.9764.J43",
        TRUMPS_DECLARED_THEN_DISCARD, "suit:H",
        "CAV-28 (\"he will ... select for his lead the suit in which you have shown strength by your discard\")",
        systems=EN, maxim="lead-partners-discard-against-trumps"),
    Row("partner's first discard, trumps declared against him (russian): not it", "later", "A87.853.9764.J43",
        TRUMPS_DECLARED_THEN_DISCARD, "not:H",
        "000 HNT 14 «Первая карта, сбрасываемая партнером, бывает всегда от его слабой масти»", systems=RU,
        maxim="first-discard-shows-weak-suit"),
    Row("partner's first discard, trumps not declared: not it", "later", "A.8653.97642.J43", PLAIN_DISCARD, "not:H",
        "CAV-28 (\"he will refrain from leading the suit from which you have discarded\"); 000 HNT 14",
        maxim="first-discard-shows-weak-suit"),
    Row("trumps out, long cards established: make them", "later", "A.543.AKQ76.AKQJ", TRUMPS_OUT_LONG_DIAMONDS,
        "suit:D", "CAV-TR (the long suit brought in once trumps are out); HOY-192 maxim 16 (\"Make your tricks "
        "early\"); 000 HNT 4 read with its scope (the thirteenth card once all trumps are out)",
        maxim="run-established-suit-when-trumps-out"),
    Row("ace and queen of trumps over second hand's knave: the ace", "later", "KQ3.A32.432.AQ84",
        "N:C2 C3 C4 C5 / W:C6 C7 C9 C8 / E:S2 S3 S4 SA / N:CT CJ", "CA",
        "HOY-237 no. 24 (\"You are to play the ace\": the king is placed on the left, the drop, not the finesse)"),
    Row("ace-queen third hand, the king denied on the right by his play as last hand: the ace", "later",
        "AQ75.K853.J9.T64", "S:S7 S8 SJ S2 / N:S4 S6", "SA",
        "CAV-35 (\"your partner wins with the queen; you should immediately infer that the king cannot be with your "
        "right-hand adversary. Hence, on the return of the suit, you would not finesse\")", maxim="finesse-by-the-count"),
    Row("ace-queen third hand, the right-hand adversary shown out: the ace", "later", "AQ75.K853.J9.T64",
        "S:S7 S8 SJ D2 / N:S4 D3", "SA", "CAV-35 (no finesse against a king that cannot be on the right); CAV-25",
        maxim="finesse-by-the-count"),
    Row("ace-queen third hand, the king the one card of the suit out: the ace drops it", "later", "AQ87652.K8.J9.T4",
        "S:S2 S9 ST SJ / E:H4 H8 H2 HA / N:S4 S3", "SA",
        "HOY-237 no. 24 (\"it is 5 to 8 that the last player has the king ... this method may be taken in other suits "
        "upon similar occasions\"); HOY-222 no. 2 (\"by the same rule play all the other suits\")",
        maxim="finesse-by-the-count"),
    Row("ace-queen third hand, the king placed nowhere: the finesse", "later", "AQ75.K853.J9.T64", "N:S2 S3", "SQ",
        "CAV-25 (\"With ace, queen ... you do finesse, for, in this case, the finesse cannot be left to your partner\")",
        maxim="third-hand-finesse-ace-queen"),
    # -- the seeds' own exceptions ------------------------------------------------------------
    Row("second hand A-Q-x, the suit led by an opponent (russian): the queen", "seed", "K32.K32.AQ4.5432", "E:D5",
        "DQ", "000 LST 13 «Следует ожидать выхода в эту масть своего партнера или противника и тогда прорезать "
        "дамой»; 002 (the same)", systems=RU, maxim="second-hand-finesse-ace-queen"),
    Row("second hand A-Q-x (english): keep the tenace, small", "seed", "K32.K32.AQ4.5432", "E:D5", "D4",
        "POLE p. 70 (the tenace kept for the return, when you will be fourth hand)", systems=EN,
        maxim="second-hand-low"),
    Row("second hand A-Q-10: the queen", "seed", "K32.K32.AQT.5432", "E:D5", "DQ",
        "CAS-148 (\"play your queen, should you hold ace, queen, and ten\"); 000 LST 13", maxim="second-hand-finesse-ace-queen"),
    Row("three trumps, partner called: lead the highest", "seed", "963.8765.A98.K83", PARTNER_CALLED, "CK",
        "000 LST 8 «пока этого не захочет партнер» (the seed's own exception); 000 HNT 13; POLE p. 76"),
    Row("partner's queen late in the deal (russian): cover", "seed", "432.432.A74.9876",
        "N:SA S9 S2 ST / N:SK S8 S3 SJ / N:SQ S7 S4 S6 / N:HA H9 H2 HT / N:HK H8 H3 HJ / N:HQ H7 H4 H6 / N:DQ D6",
        "DA", "000 LST 16 «а в конец — перекрывают» (the seed's own exception to its early rule)", systems=RU,
        maxim="ace-over-partners-queen"),
    Row("partner's queen early (russian): small", "seed", "AK32.A32.A74.432", "N:DQ D6", "D4",
        "000 LST 16 «в начале игры сбрасывают на даму фоску»", systems=RU, maxim="ace-over-partners-queen"),
    Row("own strong suit before partner's", "seed", "942.K87.AKQ2.543", "S:S2 S5 SA S3 / N:H5 H6 HK H2", "DQ",
        "000 LST 6 (the seed's own exception to LST 5); CHAM", systems=RU, maxim="own-strong-suit-first"),
)


def _case_id(r: Row, system: str) -> str:
    return f"{r.topic}: {r.name} [{system}]"


CASES = [pytest.param(r, system, id=_case_id(r, system)) for r in ROWS for system in r.systems]


def agrees(row: Row, system: str) -> tuple[bool, str]:
    """Whether the engine's advice in ``system`` is the row's card, and what it said."""
    pos = SeatView.build(hand=row.hand, trump="C", played=row.played)
    suit = Suit.parse(row.suit) if row.suit else None
    a = advise(pos, system, suit=suit)
    got = str(a.card)
    if row.expect.startswith("suit:"):
        ok = a.card.suit == Suit.parse(row.expect[5:])
    elif row.expect.startswith("not:"):
        ok = a.card.suit != Suit.parse(row.expect[4:])
    else:
        ok = got == row.expect
    if ok and row.maxim is not None:
        ok = row.maxim in a.maxims
    return ok, f"{got} {list(a.maxims)}: {a.explanation['en']}"


def test_the_table_holds_at_least_thirty_five_positions_each_with_a_source():
    """The brief: at least 35 positions from the books and the seeds, both systems, every topic."""
    assert len(ROWS) >= 35
    assert all(r.source for r in ROWS)
    assert {s for r in ROWS for s in r.systems} == set(BOTH)
    assert {r.topic for r in ROWS} == {"unblock", "continuation", "later", "seed"}


@pytest.mark.parametrize("row, system", CASES)
def test_book_position(row: Row, system: str):
    """Each row: the card of the book or seed paragraph in the row's ``source``."""
    ok, said = agrees(row, system)
    assert ok, (row.source, said)
