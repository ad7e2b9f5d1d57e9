"""Trump management as the books teach it (issue 21, point 2): a table of positions, each citing
the book and chapter or the seed paragraph it comes from, checked through the public advice API
(:func:`tutor.conventions.advise` on a :class:`SeatView`).

The positions: when to lead trumps (two to six trumps, honours in trumps or not, an honour turned
up or not, a suit to bring in or not), answering a call, returning partner's trump lead, one
opponent's ruff against a cross-ruff, forcing partner and forcing the strong adversary, ruffing
or passing a doubtful card by the number of trumps, the thirteenth card, the lead after the
trumps are out -- both systems. Then the review's findings E-1, E-2, E-5 and E-6
(``/work/shared/reviews/content-review.md``), each with a test that fails on the engine before
this change.

Sources (read in the stored pages):
* Cavendish, *The Laws and Principles of Whist*, 18th ed. (1889): ch. 31 ("with five trumps or
  more ... you may then almost always lead trumps, whatever your other cards"; the exceptional
  hands "principally those which contain five trumps without an honour"); "The management of
  trumps" ("to retain the long trump ... for the purpose of bringing in the suit"); ch. 19
  (returning: "if you remain with three cards, you must have had four at first ... return the
  smallest"); ch. 32 (a doubtful card: weak, trump it; strong, throw a losing card); ch. 33
  (force the strong adversary; "If he refuses to take a force, keep on giving it to him"; "still
  worse to lead a suit to which both adversaries renounce"; with numerical strength "you are
  justified in forcing your partner"); ch. 34 ("If you are weak in trumps, do not force your
  partner", four exceptions; partner's thirteenth card: strong, "put on your best trump", weak,
  "pass the card"); Analysis of leads (A-K-Q-J in trumps: the knave).
* W. Pole, *Theory of Whist*, trumps; his verses (Middleton, *Memory Systems*, p. 89): "But
  trumps you must return without delay"; "When you hold Five 'tis always right to lead them";
  "Watch also for your partner's trump request, / To which, with less than four, play out your
  best"; "When second hand, a doubtful trick you see, / Don't trump it if you hold more trumps
  than three; / But having three or less trump fearlessly"; "To lead through honours turned up is
  bad play / Unless you want the trump suit cleared away"; Theory: "You must not lead trumps
  simply because your long suit is trumped".
* Encyclopaedia Britannica, "Whist" (late edition): "Lead trumps from five if they include two
  honours, or if you hold one good plain suit"; "Always return your partner's trump lead"; from
  three or fewer only "to stop a cross-ruff"; from four, the lowest.
* Pembridge (J. P. Hewby), *Whist or Bumblepuppy?*, Lecture II: "Never lead a singleton unless you
  are strong enough in trumps".
* Hoyle's Games, Improved and Enlarged (old Hoyle): "Trump not out with a bad hand, although you
  hold five small trumps"; "13th cards second hand where weak, but never if strong in trumps".
* R. F. Foster, *Complete Hoyle*, leading trumps: four only with an established suit.
* Seed 000 «Ходы, масти, козыри» (Leads) 8-12, «Намеки и подсказки» (Hints) 7, 8, 11-13.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tutor.cards import Suit
from tutor.conventions import SeatView, advise
from tutor.conventions.catalogue import get_maxim

# Partner North calls (♥7 then ♥6 under West's ace and king); South wins a diamond and leads.
N_CALLED = "W:HA H7 H2 H3 / W:HK H6 H4 H5 / W:D7 D4 D5 DA"
# Partner North leads a trump; South wins with the ace (review E-2).
N_TRUMP_LEAD_HEARTS = "N:H5 H9 HA H2"
# Partner North leads a trump; South wins with the ace of clubs.
N_TRUMP_LEAD_CLUBS = "N:C6 C7 CA C8"
# Partner North leads a trump, West wins; South wins the next trick with the ace of hearts.
N_TRUMP_LEAD_THEN_HEART = "N:C6 C7 C9 CK / W:H2 H6 H4 HA"
# West trumped South's king of spades; South won the club return (puzzle opponents-ruffed-lead-trumps).
WEST_RUFFED = "S:SK H4 S3 S2 / W:C2 C7 CQ CA"
# Both opponents ruff -- West hearts, East diamonds -- and South wins a spade: a cross-ruff.
OPPONENTS_CROSSRUFF = "S:H2 C5 H3 H4 / W:D5 D6 C6 D3 / E:S5 S9 S6 S7"
# North shows out of diamonds (discarding ♥2 on West's lead); South wins with the ace.
N_VOID_IN_DIAMONDS = "W:D4 H2 D3 DA"
# East refuses to ruff South's ace of hearts (throws ♦6): he shows strength in trumps.
E_REFUSES_FORCE = "S:HA H4 H2 D6"
# East leads trumps (strength declared), then shows out of hearts on South's king.
E_LEADS_TRUMPS_THEN_VOID = "E:C2 CA C9 C6 / S:HK H4 H2 D6"
# South runs ace, king, queen of diamonds; all follow, so his ♦2 is the thirteenth card.
DIAMONDS_RUN = "S:DA D3 D4 D5 / S:DK D6 D7 D8 / S:DQ D9 DT DJ"
# South draws the seven clubs out in three rounds; North throws ♦2, East ♠2: the trumps are out.
TRUMPS_DRAWN = "S:CA C2 C3 C4 / S:CK C5 C6 C7 / S:CQ C8 D2 S2"
# Twelve diamonds gone (South void, discarding spades); East then leads the thirteenth.
TWELVE_DIAMONDS = "E:DA S3 DK DQ / E:DJ S4 DT D9 / E:D8 S5 D7 D6 / E:D5 S6 D4 D3 / E:D2"
# North led trumps (strong), runs twelve diamonds and leads the thirteenth.
PARTNER_STRONG_13TH = ("N:CA C8 C3 C9 / N:DA DK S3 DQ / N:DJ DT S4 D9 / N:D8 D7 S5 D6 / "
                       "N:D5 D4 S6 D3 / N:D2 H2")
# North shows out of trumps at once (weak), wins a heart, runs twelve diamonds, leads the thirteenth.
PARTNER_WEAK_13TH = ("E:C8 CA C9 H2 / S:H3 H4 HA H5 / N:DA DK S3 DQ / N:DJ DT S4 D9 / "
                     "N:D8 D7 S5 D6 / N:D5 D4 S6 D3 / N:D2 H6")


@dataclass(frozen=True)
class Row:
    name: str
    system: str
    hand: str
    trump: str
    played: str | None
    dealer: str | None
    card: str  #: the card the engine must advise
    maxim: str | None  #: a maxim that must be among the advice's maxims (None: not checked)
    source: str
    rules: str = "russian"  #: the table's rule set (its game: target and points per odd trick)
    standing: str | None = None  #: the score of the game before the deal (playing to the score)


ROWS: tuple[Row, ...] = (
    # -- the opening lead: length and honours -------------------------------------------------
    Row("five-trumps-with-four-honours-lead-the-knave-english", "english", "AKQJ5.863.J95.T6", "S2", None, None,
        "SJ", "lead-trumps-with-four-or-five",
        "Cavendish ch. 31 (five or more: almost always lead trumps); Analysis of leads, A-K-Q-J in trumps -> J; "
        "EB: 'Lead trumps from five if they include two honours'"),
    Row("five-trumps-king-queen-knave-ten-lead-trumps-english", "english", "KQJT5.863.J95.T6", "S2", None, None,
        "SJ", "lead-trumps-with-four-or-five",
        "Cavendish ch. 31; EB (two honours); Chambers: K-Q-J and more than one small -> the knave"),
    Row("five-trumps-quart-major-lead-king-russian", "russian", "AKQJ5.863.J95.T6", "S2", None, None,
        "SK", "quart-major-lead-king", "000 Leads §12 (four or five trumps: lead them); Hints §11 (quart major: the king)"),
    Row("five-small-trumps-bad-hand-no-trump-lead-english", "english", "98764.T8532.K4.7", "S2", None, None,
        "H3", None,
        "Cavendish ch. 31: the exceptional hands, 'five trumps without an honour, and five small cards of a "
        "plain suit'; old Hoyle: 'Trump not out with a bad hand, although you hold five small trumps'"),
    Row("five-small-trumps-lead-the-lowest-russian", "russian", "98764.T8532.K4.7", "S2", None, None,
        "S4", "lead-trumps-with-four-or-five",
        "000 Leads §12 ('four or five trumps': no exception in the seed); old Hoyle: five low trumps, the lowest"),
    Row("five-trumps-one-honour-lead-trumps-english", "english", "K8764.J85.Q93.T6", "S2", None, None,
        "S6", "lead-trumps-with-four-or-five",
        "Cavendish ch. 31 ('whatever your other cards'); Analysis of leads: the fourth best (EB, stricter, wants "
        "two honours: the tutor follows Cavendish, catalogue differences)"),
    Row("six-small-trumps-lead-trumps-english", "english", "987654.K8.Q93.T6", "S2", None, None,
        "S6", "lead-trumps-with-four-or-five",
        "Cavendish ch. 31 (five or more; the exceptions are hands of five trumps); Pole's verses, 'When you hold "
        "Five 'tis always right to lead them'"),
    Row("four-trumps-no-suit-to-bring-in-plain-lead-english", "english", "AQ64.K853.J95.T6", "S2", None, None,
        "H3", None,
        "Foster, Complete Hoyle, leading trumps: four trumps only with an established suit; EB; Cavendish ch. 31"),
    Row("four-trumps-lead-trumps-russian", "russian", "AQ64.K853.J95.T6", "S2", None, None,
        "S4", "lead-trumps-with-four-or-five", "000 Leads §12; Leads §2 (ace with small ones: the small card)"),
    Row("four-trumps-and-a-strong-suit-draw-trumps-english", "english", "K764.AKQJ3.95.T6", "S2", None, None,
        "S4", "draw-trumps-for-strong-suit",
        "Foster (four trumps and an established suit: lead trumps); 000 Leads §11; Cavendish ch. 31 (the primary "
        "use of strength in trumps is to bring in the long suit)"),
    Row("three-trumps-wait-for-partner-english", "english", "AKJ.862.K953.Q74", "S5", None, None,
        "D3", "few-trumps-wait-for-call", "Pole, Theory of Whist, trumps (a lead from three or fewer is seldom wise)"),
    Row("three-trumps-wait-for-partner-russian", "russian", "AKJ.862.K953.Q74", "S5", None, None,
        "D3", "few-trumps-wait-for-call", "000 Leads §8 («пока этого не захочет партнер»); Leads §3 (king fourth: small)"),
    # -- an honour turned up ------------------------------------------------------------------
    Row("queen-turned-up-on-the-right-still-draw-for-a-strong-suit-english", "english", "K764.AKQJ3.95.T6", "SQ",
        None, "E", "S4", "draw-trumps-for-strong-suit",
        "Pole's verses: 'To lead through honours turned up is bad play / Unless you want the trump suit cleared "
        "away' -- with a suit to bring in you want them cleared; Foster"),
    Row("knave-turned-up-on-the-right-four-trumps-lead-them-russian", "russian", "K764.853.AJ95.T6", "SJ",
        None, "E", "S4", "lead-trumps-with-four-or-five",
        "000 Leads §12 (no exception for the turned-up card); Leads §3 (king fourth: the small card)"),
    # -- answering the call -------------------------------------------------------------------
    Row("answer-the-call-three-trumps-the-highest-russian", "russian", "Q42.953.A932.KT5", "C", N_CALLED, None,
        "CK", "answer-the-call", "000 Leads §8 (partner wants trumps); Hints §13 (from the highest); Pole's verses"),
    Row("answer-the-call-three-trumps-the-highest-english", "english", "Q42.953.A932.KT5", "C", N_CALLED, None,
        "CK", "answer-the-call", "Pole's verses: 'with less than four, play out your best'; EB (answering the call)"),
    Row("answer-the-call-four-trumps-the-lowest-english", "english", "Q4.953.A932.K942", "C", N_CALLED, None,
        "C2", "answer-trumps-low-from-four", "EB: from four, lead the lowest; Pole, Theory of Whist, trumps"),
    # -- returning partner's trump lead -------------------------------------------------------
    Row("return-partners-trump-lead-ace-third-russian", "russian", "852.A73.KQJ4.Q97", "H2", N_TRUMP_LEAD_HEARTS, "W",
        "H7", "return-partners-trump-lead",
        "Pole: 'if he leads them you are bound to return them, the first opportunity'; 000 Leads §5, §8"),
    Row("return-partners-trump-lead-ace-third-english", "english", "852.A73.KQJ4.Q97", "H2", N_TRUMP_LEAD_HEARTS, "W",
        "H7", "return-partners-trump-lead", "EB: 'Always return your partner's trump lead'; Pole's verses"),
    Row("return-partners-trump-lead-from-four-the-lowest-russian", "russian", "852.A863.KQJ4.Q9", "H2",
        N_TRUMP_LEAD_HEARTS, "W", "H3", "return-partners-trump-lead",
        "Pole: 'If you originally held four, return the lowest'; Cavendish ch. 19 (three left: the smallest)"),
    Row("return-partners-trump-lead-before-own-strong-suit-english", "english", "942.K7.AKQ32.A54", "C",
        N_TRUMP_LEAD_CLUBS, None, "C5", "return-partners-trump-lead",
        "Pole's verses: 'Ere you return your friend's your own suit play; / But trumps you must return without delay'"),
    Row("return-partners-trump-lead-two-trumps-english", "english", "942.K73.AKQ32.A4", "C", N_TRUMP_LEAD_CLUBS, None,
        "C4", "return-partners-trump-lead", "EB: 'Always return your partner's trump lead'; Cassell, Whist hints"),
    Row("return-partners-trump-lead-at-the-first-opportunity-russian", "russian", "Q42.A53.K932.985", "C",
        N_TRUMP_LEAD_THEN_HEART, None, "C8", "return-partners-trump-lead",
        "Pole, Theory of Whist: return them 'the first opportunity' -- here the first trick South wins"),
    # -- a ruff of your suit and a cross-ruff -------------------------------------------------
    Row("one-ruff-is-no-reason-to-lead-trumps-russian", "russian", "KQ74.Q83.J52.A96", "HT", WEST_RUFFED, "E",
        "S4", "few-trumps-wait-for-call",
        "000 Leads §8 and §10 (its own reason: keep your trumps); Pole: 'You must not lead trumps simply because "
        "your long suit is trumped'"),
    Row("one-ruff-is-no-reason-to-lead-trumps-english", "english", "KQ74.Q83.J52.A96", "HT", WEST_RUFFED, "E",
        "S4", "few-trumps-wait-for-call", "Pole, Theory of Whist, trumps; Cavendish ch. 18 (pursue the original lead)"),
    Row("stop-the-cross-ruff-russian", "russian", "9432.9872.A93.K2", "C", OPPONENTS_CROSSRUFF, None,
        "CK", "lead-trumps-when-opponents-ruff", "000 Leads §10 (the tutor's reading: both opponents ruffing); Hints §13"),
    Row("stop-the-cross-ruff-english", "english", "9432.9872.A93.K2", "C", OPPONENTS_CROSSRUFF, None,
        "CK", "lead-trumps-when-opponents-ruff", "EB: a trump lead from three or fewer 'to stop a cross-ruff'"),
    # -- forcing ------------------------------------------------------------------------------
    Row("weak-in-trumps-do-not-force-partner-english", "english", "AJ4.K7.AQ962.J54", "C", N_VOID_IN_DIAMONDS, None,
        "S4", "do-not-force-partner-when-weak",
        "Cavendish ch. 34: 'If you are weak in trumps, do not force your partner'; old Hoyle no. 17"),
    Row("lead-into-partners-void-russian", "russian", "AJ4.K7.AQ962.J54", "C", N_VOID_IN_DIAMONDS, None,
        "D2", "lead-into-partners-void", "000 Leads §9 («чтобы он мог прикрываться маленькими козырями»)"),
    Row("strong-in-trumps-may-force-partner-english", "english", "AJ4.K7.AQ96.J854", "C", N_VOID_IN_DIAMONDS, None,
        "D6", None,
        "Cavendish ch. 33: 'If you have numerical strength in trumps, you are justified in forcing your partner'"),
    Row("keep-forcing-the-adversary-who-refused-russian", "russian", "962.AK753.Q84.J5", "C", E_REFUSES_FORCE, None,
        "HK", "force-the-strong-adversary",
        "Cavendish ch. 33: 'If he refuses to take a force, keep on giving it to him' (the Russian sources are silent)"),
    Row("keep-forcing-the-adversary-who-refused-english", "english", "962.AK753.Q84.J5", "C", E_REFUSES_FORCE, None,
        "HK", "force-the-strong-adversary", "Cavendish ch. 33; ch. 32 (a refusal: 'more probably four trumps')"),
    Row("force-the-adversary-who-led-trumps-english", "english", "A4.KQ753.Q842.A5", "C", E_LEADS_TRUMPS_THEN_VOID,
        None, "H5", "force-the-strong-adversary",
        "Cavendish ch. 33 (force the strong adversary); the 1880s handbook (Google Books KR0CAAAAYAAJ), rule 41"),
    Row("never-a-suit-both-adversaries-renounce-english", "english", "A94.987.KJ932.43", "C",
        "S:D2 H5 DA H6 / N:S5 S6 SA S7", None, "S9", "avoid-suit-opponents-void",
        "Cavendish ch. 33: 'still worse to lead a suit to which both adversaries renounce'; 000 Leads §17"),
    # -- ruffing or passing a doubtful card ---------------------------------------------------
    Row("third-hand-three-small-trumps-ruff-a-doubtful-card-russian", "russian", "K7542..QJ975.832", "CJ",
        "N:HQ H4", "W", "C2", "ruff-with-short-trumps",
        "000 Hints §8 (the tutor's reading: a doubtful card); Cavendish ch. 32 (weak: trump it)"),
    Row("third-hand-four-trumps-pass-a-doubtful-card-english", "english", "K742..QJ975.8632", "CJ",
        "N:HQ H4", "W", "S2", "do-not-ruff-partners-winner",
        "Cavendish ch. 32 (strong: throw a losing card); 000 Hints §7; EB"),
    Row("second-hand-three-trumps-ruff-fearlessly-english", "english", "AKQ76.A9876..532", "C", "E:D5", None,
        "C2", "ruff-with-short-trumps", "Pole's verses: 'But having three or less trump fearlessly'"),
    Row("second-hand-four-trumps-do-not-ruff-russian", "russian", "AKQ7.A9876..5432", "C", "E:D5", None,
        "H6", "do-not-ruff-partners-winner",
        "Pole's verses: 'Don't trump it if you hold more trumps than three'; 000 Hints §7"),
    # -- the thirteenth card ------------------------------------------------------------------
    Row("thirteenth-card-second-hand-not-ruffed-russian", "russian", "AKQ65432.AKQ..32", "C", TWELVE_DIAMONDS, None,
        "S2", "do-not-ruff-thirteenth-unless-last",
        "000 Hints §12 (not ruffed unless you play last); the discard a losing card, Cavendish ch. 28 and 32: "
        "♥Q under South's own ace and king is a winner, ♠2 beside A-K-Q is the card that may lose"),
    Row("thirteenth-card-second-hand-weak-ruffs-english", "english", "AKQ65432.AKQ..32", "C", TWELVE_DIAMONDS, None,
        "C2", None, "Old Hoyle: '13th cards second hand where weak'; Cavendish ch. 32"),
    Row("partners-thirteenth-strong-partner-trump-high-english", "english", "AKQ6543.AK..KJ43", "C",
        PARTNER_STRONG_13TH, None, "CK", "thirteenth-card-by-leaders-trumps",
        "Cavendish ch. 34: partner strong, 'he wants you to put on your best trump'"),
    Row("partners-thirteenth-weak-partner-pass-english", "english", "AKQ6543.K3..AJ54", "C", PARTNER_WEAK_13TH, None,
        "SQ", "thirteenth-card-by-leaders-trumps",
        "Cavendish ch. 34: partner weak, 'he wants you to pass the card, that the fourth player may obtain the lead'; "
        "ch. 28 (East led trumps: discard from the best-protected suit)"),
    Row("partners-thirteenth-not-ruffed-third-hand-russian", "russian", "AKQ6543.K3..AJ54", "C", PARTNER_WEAK_13TH,
        None, "HK", "do-not-ruff-thirteenth-unless-last", "000 Hints §12"),
    Row("thirteenth-card-not-led-while-trumps-are-out-russian", "russian", "J43.K65.AKQ2.T98", "C", DIAMONDS_RUN, None,
        "H5", "no-thirteenth-card-before-trumps-out",
        "000 Hints §4 («Ходить с тринадцатой карты нельзя, если еще не все козыри вышли»); Leads §3 (king third: small)"),
    # -- the lead after the trumps are out ----------------------------------------------------
    Row("trumps-out-bring-in-the-suit-coronka-russian", "russian", "4.AKQ5.76.AKQJT9", "C", TRUMPS_DRAWN, None,
        "HQ", "keep-trumps-when-trumps-out",
        "000 Leads §11 (draw trumps for your good suit); Hints §11 (coronka: the queen); Cavendish, management of "
        "trumps"),
    Row("trumps-out-bring-in-the-suit-english", "english", "4.AKQ5.76.AKQJT9", "C", TRUMPS_DRAWN, None,
        "HK", "keep-trumps-when-trumps-out",
        "Cavendish, management of trumps: 'retain the long trump ... for the purpose of bringing in the suit'"),
    # -- playing to the score (the standing the seat's view shows) ----------------------------
    Row("adversaries-at-four-lead-your-best-trump-english", "english", "862.AKJ.K953.Q74", "S5", None, None,
        "S8", "lead-trumps-to-save-the-game",
        "Old Hoyle, rules of leading (Enquire Within's digest, v): 'Lead your best trump, if the adversaries be "
        "eight, and you have no honour'; Chambers, 'Whist': weak trumps led 'if the game is lost, unless partner "
        "has strength'", rules="english-short", standing="NS=1,EW=4"),
    Row("adversaries-at-eight-of-ten-lead-your-best-trump-english", "english", "862.AKJ.K953.Q74", "S5", None, None,
        "S8", "lead-trumps-to-save-the-game", "Old Hoyle (the adversaries at eight of ten: one odd trick of two "
        "points wins their game under 000's scoring)", rules="russian", standing="NS=0,EW=8"),
    Row("adversaries-at-two-wait-for-partner-english", "english", "862.AKJ.K953.Q74", "S5", None, None,
        "D3", "few-trumps-wait-for-call", "Pole, Theory of Whist, trumps (from three or fewer seldom); not yet the "
        "score of Hoyle's rule", rules="english-short", standing="NS=0,EW=2"),
    Row("both-sides-at-the-odd-trick-no-game-to-save-english", "english", "862.AKJ.K953.Q74", "S5", None, None,
        "D3", "few-trumps-wait-for-call", "Cavendish ch. 35, playing to the score: at four all the odd trick wins "
        "for either side, so there is no game to save by a weak trump lead", rules="english-short",
        standing="NS=4,EW=4"),
    Row("adversaries-at-eight-the-russian-source-waits-russian", "russian", "862.AKJ.K953.Q74", "S5", None, None,
        "D3", "few-trumps-wait-for-call", "000 Leads §8 (the Russian source reads no score in the play)",
        rules="russian", standing="NS=0,EW=8"),
    Row("an-honour-in-trumps-no-rescue-lead-english", "english", "Q62.AKJ.K953.874", "S5", None, None,
        "D3", "few-trumps-wait-for-call", "Old Hoyle: the best trump is led 'if ... you have no honour'",
        rules="english-short", standing="NS=1,EW=4"),
    Row("adversaries-at-three-five-small-trumps-lead-them-english", "english", "98764.T8532.K4.7", "S2", None, None,
        "S6", "lead-trumps-with-four-or-five",
        "Cavendish ch. 31: 'if the adversaries are at the score of three, you should lead a trump with these hands, "
        "as your partner must have two honours, or very good cards out of trumps, for you to save the game'",
        rules="english-short", standing="NS=0,EW=3"),
    Row("at-three-five-trumps-two-honours-alone-no-trump-lead-english", "english", "AKQJ5.863.J95.T6", "S2", None,
        None, "D5", "forced-lead-strongest-weak-suit",
        "Cavendish ch. 31: 'If you are at the score of three, the adversaries being love, one, or two, you should "
        "not lead a trump merely because you have five trumps with two honours'", rules="english-short",
        standing="NS=3,EW=1"),
    Row("at-three-five-trumps-and-good-cards-in-each-suit-lead-trumps-english", "english", "AKQJ5.A63.K95.A6", "S2",
        None, None, "SJ", "lead-trumps-with-four-or-five",
        "Cavendish ch. 31: the exception holds only 'if they are unaccompanied by a very strong suit, or by good "
        "cards in each suit'", rules="english-short", standing="NS=3,EW=1"),
    Row("one-odd-trick-wins-force-partner-though-weak-english", "english", "AJ4.K7.AQ962.J54", "C",
        N_VOID_IN_DIAMONDS, None, "D2", None,
        "Cavendish ch. 34, the third exception: 'often when one trick saves or wins the game'; old Hoyle no. 17 "
        "('unless you ... want only the odd trick'); Cassell's hint 20", rules="english-short", standing="NS=4,EW=1"),
    Row("one-odd-trick-saves-force-partner-though-weak-english", "english", "AJ4.K7.AQ962.J54", "C",
        N_VOID_IN_DIAMONDS, None, "D2", None, "Cavendish ch. 34: 'when one trick saves ... the game'",
        rules="english-short", standing="NS=1,EW=4"),
    Row("at-nine-give-partner-the-ruff-not-trumps-english", "english", "A4.K7.A962.QJ854", "C", N_VOID_IN_DIAMONDS,
        None, "D9", "give-partner-the-ruff-for-the-odd-trick",
        "Old Hoyle: at nine of the game 'do not trump out, but give him an opportunity of trumping those suits'; "
        "Cassell's hint 21", rules="english-short", standing="NS=4,EW=1"),
    Row("at-two-draw-the-trumps-english", "english", "A4.K7.A962.QJ854", "C", N_VOID_IN_DIAMONDS, None,
        "C5", "lead-trumps-with-four-or-five",
        "Old Hoyle: 'If your game be scored only 1, 2, or 3, you must play the reverse'; Cavendish ch. 31 (five: "
        "lead trumps)", rules="english-short", standing="NS=2,EW=1"),
    # -- the singleton in the english system --------------------------------------------------
    Row("no-singleton-lead-without-trump-strength-english", "english", "7.K853.AQ642.J94", "C2", None, None,
        "D4", "never-lead-singleton",
        "Pembridge, Whist or Bumblepuppy?, Lecture II: 'Never lead a singleton unless you are strong enough in trumps'"),
)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: r.name)
def test_books_trump_position(row: Row) -> None:
    """Each row: the engine's advised card, and the maxim that must be named (see ``row.source``)."""
    view = SeatView.build(hand=row.hand, trump=row.trump, played=row.played, dealer=row.dealer, rules=row.rules,
                          standing=row.standing)
    a = advise(view, row.system)
    assert str(a.card) == row.card, f"{row.name}: {a.card} ({', '.join(a.maxims)}); {row.source}"
    if row.maxim is not None:
        assert row.maxim in a.maxims, f"{row.name}: {row.maxim} not among {a.maxims}"


def test_the_table_covers_the_brief() -> None:
    """At least 35 positions; both systems; two to six trumps; every row cites its source."""
    assert len(ROWS) >= 35
    assert {r.system for r in ROWS} == {"russian", "english"}
    assert len({r.name for r in ROWS}) == len(ROWS)
    assert all(r.source for r in ROWS)
    counts = set()
    for r in ROWS:
        view = SeatView.build(hand=r.hand, trump=r.trump, played=r.played, dealer=r.dealer)
        trump = view.trump
        assert trump is not None
        counts.add(len(view.hand.suit(trump)))
    assert {2, 3, 4, 5, 6} <= counts


# -- the review's findings, each failing on the engine before this change ----------------------


def test_e1_five_trumps_with_two_honours_lead_trumps_english() -> None:
    """E-1: A-K-Q-J-5 of trumps and no plain suit of four: the english system led ♦5 from J-9-5 and
    rated ♠J merely equal. Cavendish ch. 31 (five or more: almost always), Analysis of leads
    (A-K-Q-J in trumps: the knave); EB: "Lead trumps from five if they include two honours"."""
    for hand in ("AKQJ5.863.J95.T6", "KQJT5.863.J95.T6"):
        a = advise(SeatView.build(hand=hand, trump="S2"), "english")
        assert str(a.card) == "SJ" and "lead-trumps-with-four-or-five" in a.maxims
        v = a.verdict_for("D5")
        assert v is not None and v.verdict == "worse" and v.maxims[0] == "lead-trumps-with-four-or-five"


def test_e2_return_partners_trump_lead_at_once() -> None:
    """E-2: partner led a trump (N:H5 H9 HA H2), South won with the ace from A-7-3: the engine led
    ♦K and marked ♥7 "worse ... leads trumps before partner asked for them". Pole: "if he leads
    them you are bound to return them, the first opportunity"; EB: "Always return your partner's
    trump lead". Both systems; few-trumps-wait-for-call must not fire."""
    for system in ("russian", "english"):
        a = advise(SeatView.build(hand="852.A73.KQJ4.Q97", trump="H2", played=N_TRUMP_LEAD_HEARTS, dealer="W"), system)
        assert str(a.card) == "H7" and "return-partners-trump-lead" in a.maxims
        assert "few-trumps-wait-for-call" not in a.maxims
        v = a.verdict_for("DK")
        assert v is not None and v.maxims[0] == "return-partners-trump-lead"


def test_e5_a_ruffed_lead_is_no_reason_to_lead_trumps_from_queen_third() -> None:
    """E-5: West ruffed South's king; the puzzle opponents-ruffed-lead-trumps led ♥Q from Q-8-3.
    000 Leads §8 (wait with three), §10 read with its own reason; Pole: "You must not lead trumps
    simply because your long suit is trumped". The trump lead is now rejected by few-trumps-wait-for-call."""
    a = advise(SeatView.build(hand="KQ74.Q83.J52.A96", trump="HT", played=WEST_RUFFED, dealer="E"), "russian")
    assert a.card.suit != Suit.H and "lead-trumps-when-opponents-ruff" not in a.maxims
    v = a.verdict_for("HQ")
    assert v is not None and v.maxims[0] == "few-trumps-wait-for-call"


@pytest.mark.parametrize("mid", ["never-lead-singleton", "lead-trumps-when-opponents-ruff", "avoid-suit-opponents-void",
                                 "lead-into-partners-void", "crossruff-with-partner"])
def test_e6_scope_names_the_systems_the_maxim_is_used_in(mid: str) -> None:
    """E-6: five maxims were enabled for russian only while their scope said "Both systems". Now a
    scope that says "Both systems" belongs to a maxim of both, and a russian-only one says
    "Russian system" and names the English view."""
    m = get_maxim(mid)
    en, ru = m.scope["en"], m.scope["ru"]
    if m.applies_to("english"):
        assert en.startswith("Both systems") and ru.startswith("Обе системы")
    else:
        assert en.startswith("Russian system") and ru.startswith("Русская система")
        assert "English" in en or "Cavendish" in en


def test_e6_the_english_system_does_not_lead_a_singleton_freely() -> None:
    """E-6: in the english system the engine led singletons freely; Pembridge (Lecture II): "Never
    lead a singleton unless you are strong enough in trumps"."""
    a = advise(SeatView.build(hand="7.K853.AQ642.J94", trump="C2"), "english")
    assert str(a.card) != "S7"
    v = a.verdict_for("S7")
    assert v is not None and v.maxims[0] == "never-lead-singleton"


def test_e6_every_both_systems_scope_is_true() -> None:
    """No catalogue maxim says "Both systems" in its scope while it is used in one system only."""
    from tutor.conventions.catalogue import load_catalogue

    wrong = [m.id for m in load_catalogue() if m.scope is not None and m.scope["en"].startswith("Both systems")
             and not (m.applies_to("english") and m.applies_to("russian"))]
    assert wrong == []
