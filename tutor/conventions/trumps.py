"""Trump management by the books: when the lead goes into trumps, and whose trumps to force.

The rules here decide which SUIT to lead; the card of the trump suit is the business of the
lead-card rules (:mod:`tutor.conventions.holdings`: three or fewer the highest, four or more the
lowest, Pole). Each function is one maxim; their places in the priority order are in
:data:`tutor.conventions.advice.LEAD_ORDER`:

* return-partners-trump-lead -- partner led trumps: return them at the first opportunity (Pole,
  *Theory of Whist*, trumps, and his verses: "But trumps you must return without delay"; EB;
  Cassell). Ranks just below answer-the-call, above every reason to lead another suit (the
  return of a plain suit waits for the student's own strong suit; a trump lead does not).
* lead-trumps-when-opponents-ruff -- 000 «Ходы, масти, козыри» 10, read with its own reason and
  with Pole: trumps are led against the opponents' ruffs only when both of them are ruffing (a
  cross-ruff; EB: a lead from three or fewer "to stop a cross-ruff"), never merely because one
  of them trumped your suit (Pole: "you must not lead trumps simply because your long suit is
  trumped, for if your adversaries are strong in them, you will only be playing their game").
* do-not-force-partner-when-weak -- Cavendish ch. 34: "do not force your partner" when weak in
  trumps, with the four stated exceptions the rule reads from the play: partner has shown a wish
  to be forced or weakness (he trumped a doubtful card), a cross-ruff, great strength in trumps
  declared against you -- and the close score, read from the view's standing: one odd trick
  wins or saves the game (Hoyle no. 17, Cassell's hint 20: "unless you ... want the odd trick").
  In the russian system 000 «Ходы, масти, козыри» 9 (lead into partner's void) ranks above it
  and stands.
* keep-trumps-when-trumps-out -- Cavendish, "The management of trumps": the objects are "to
  establish a suit, to exhaust the adversaries' trumps, and to retain the long trump ... with
  which to get the lead again, for the purpose of bringing in the suit". Once no other hand holds
  a trump, the student with a long plain suit leads it and keeps his trumps as re-entries.
* give-partner-the-ruff-for-the-odd-trick -- playing to the score (english system): the side wants
  only the odd trick and partner can ruff a suit: lead it, do not draw trumps (old Hoyle at "nine
  of the game"; Cassell's hint 21).
* lead-trumps-to-save-the-game -- playing to the score (english system): the adversaries want only
  the odd trick for the game and the student, without an honour, holds three trumps or fewer:
  lead the best trump (old Hoyle: "Lead your best trump, if the adversaries be eight, and you
  have no honour"; Chambers: a lead from weak trumps is justified "if the game is lost, unless
  partner has strength").
* force-partner-for-the-odd-trick -- forcing at the end of the hand (english system): the side has
  six tricks and wants the odd trick, partner is out of a plain suit: lead it for him to trump
  (Cavendish ch. 34, "often when one trick saves or wins the game"; Part II, Hand IV, trick 12).
* force-the-strong-adversary -- Cavendish ch. 33: force the adversary who has declared strength
  in trumps, "if he refuses to take a force, keep on giving it to him"; never a suit both
  adversaries renounce (avoid-suit-opponents-void).

Everything is read from the seat's own view (:class:`~tutor.conventions.position.Knowledge` and
the tricks played); nothing here looks at a hidden hand.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.cards import Suit
from tutor.conventions.rules import Context, Finding, leading, say, trumps_live
from tutor.seats import Seat, Side
from tutor.text import Text

__all__ = [
    "partner_led_trumps_last",
    "ruffers",
    "crossruffing",
    "return_partners_trump_lead",
    "lead_trumps_when_opponents_ruff",
    "do_not_force_partner_when_weak",
    "force_the_strong_adversary",
    "keep_trumps_when_trumps_out",
    "odd_tricks_to_game",
    "close_score",
    "partner_may_ruff_for_the_odd_trick",
    "give_partner_the_ruff_for_the_odd_trick",
    "lead_trumps_to_save_the_game",
    "force_partner_for_the_odd_trick",
]


def partner_led_trumps_last(ctx: Context) -> bool:
    """Partner has led trumps of his own accord and the student has not led them since: of the
    side's trump leads the latest is partner's (Pole: "if he leads them you are bound to return
    them"), and partner opened the side's trumps -- his first trump lead was neither the return of
    a trump lead of the student's nor the answer to the student's call. Pole's "return" is the
    return of HIS lead: when partner has only returned (or answered) the student's, the trumps are
    the student's to manage, and the student's own trump rules decide whether he goes on (old
    Hoyle, the cases to return partner's lead at once: "when your partner has trumped out. For then
    it is evident he wants to make his great suit" -- a return of yours says nothing of his suit).
    Without this a trump lead of either partner had the other bound to lead trumps back in turn,
    to the last trump."""
    k = ctx.k
    ours = [(n, seat) for n, seat in k.trump_leads if seat.side is k.seat.side]
    if not ours or ours[-1][1] != k.partner:
        return False
    first, opener = ours[0]
    if opener != k.partner:
        return False  # the student opened the side's trumps: partner's trump lead returned his
    return not any(c.seat == k.seat and c.trick < first for c in (*k.calls, *k.refused_ruffs))


def ruffers(ctx: Context) -> frozenset[Seat]:
    """The seats that have trumped a plain-suit lead (a ruff, not a discard), in the tricks played."""
    k = ctx.k
    if k.trump is None:
        return frozenset()
    out: set[Seat] = set()
    for trick in ctx.position.played:
        if trick.suit_led == k.trump:
            continue
        for seat, card in trick.plays()[1:]:
            if card.suit == k.trump:
                out.add(seat)
    return frozenset(out)


def crossruffing(ctx: Context) -> bool:
    """Both opponents have ruffed and each may still hold a trump: they are trumping in both hands
    (a cross-ruff, Cavendish: "the alternate trumping by partners of different suits")."""
    k = ctx.k
    if k.trump is None:
        return False
    opps = (k.seat.lho, k.seat.rho)
    return all(o in ruffers(ctx) and not k.is_void(o, k.trump) for o in opps)


def return_partners_trump_lead(ctx: Context) -> Iterable[Finding]:
    """Pole (*Theory of Whist*, trumps; his verses "But trumps you must return without delay");
    EB ("Always return your partner's trump lead"); Cassell: partner led trumps, so he wants them
    out -- return them at the first opportunity, before your own suit (a plain suit is returned
    after your own strong suit, 000 «Ходы, масти, козыри» 6; a trump lead is not). 000 §8 agrees:
    partner's trump lead is the clearest sign that he «хочет» trumps. Trumps are led to draw the
    adversaries': once both have shown out of them, a trump lead only draws partner's, and the
    rule is silent (Cavendish, the management of trumps: "to exhaust the adversaries' trumps")."""
    if not leading(ctx) or not trumps_live(ctx) or not partner_led_trumps_last(ctx):
        return
    k = ctx.k
    if k.trump is not None and all(k.is_void(opp, k.trump) for opp in (k.seat.lho, k.seat.rho)):
        return
    yield Finding(
        "return-partners-trump-lead",
        frozenset(ctx.legal),
        frozenset(ctx.trumps()),
        "bad",
        say("trumps.return_partners_trump_lead.reason"),
        say("trumps.return_partners_trump_lead.why"),
        {"suit": k.trump} if k.trump is not None else {},
    )


def lead_trumps_when_opponents_ruff(ctx: Context) -> Iterable[Finding]:
    """000 «Ходы, масти, козыри» 10, read as a strong player reads it: lead trumps against the
    opponents' ruffs only when both of them are ruffing (a cross-ruff: EB, a trump lead from three
    or fewer "to stop a cross-ruff"; the 1880s handbook, rule 52). One opponent's ruff of your suit
    is no reason: Pole, "you must not lead trumps simply because your long suit is trumped, for if
    your adversaries are strong in them, you will only be playing their game" -- and the seed's
    own reason («вместо того, чтобы свои козыри уходили на их онеры, лучше укрывать свои масти»)
    is to keep one's trumps rather than lose them under the opponents' honours."""
    if not leading(ctx) or not trumps_live(ctx) or not crossruffing(ctx):
        return
    k = ctx.k
    yield Finding(
        "lead-trumps-when-opponents-ruff",
        frozenset(ctx.legal),
        frozenset(ctx.trumps()),
        "worse",
        say("trumps.lead_trumps_when_opponents_ruff.reason"),
        say("trumps.lead_trumps_when_opponents_ruff.why"),
        {"suit": k.trump} if k.trump is not None else {},
    )


def odd_tricks_to_game(ctx: Context, side: Side) -> int | None:
    """The tricks over six ``side`` still needs for the game by tricks alone, from the standing the
    view shows and its rule set (None when the view has no standing): 1 when the odd trick wins it."""
    standing = ctx.position.standing
    return None if standing is None else standing.odd_tricks_to_game(side, ctx.position.rules)


def close_score(ctx: Context) -> bool:
    """One odd trick wins or saves the game: either side wants only the odd trick (Cavendish ch. 34,
    forcing: "often when one trick saves or wins the game"; Hoyle no. 17 and Cassell's hint 20:
    "unless you ... want the odd trick")."""
    me = ctx.k.seat.side
    return any(odd_tricks_to_game(ctx, side) == 1 for side in (me, me.other))


def partner_may_ruff_for_the_odd_trick(ctx: Context) -> tuple[Suit, ...]:
    """The plain suits partner has shown out of while he may still hold a trump, when the
    student's side wants only the odd trick for the game (english system; empty otherwise)."""
    if odd_tricks_to_game(ctx, ctx.k.seat.side) != 1:
        return ()
    return partners_ruffing_suits(ctx)


def partners_ruffing_suits(ctx: Context) -> tuple[Suit, ...]:
    """The plain suits partner has shown out of while he may still hold a trump (english system,
    trumps not out; empty otherwise): the suits a lead gives him to ruff."""
    k = ctx.k
    if ctx.system != "english" or k.trump is None or k.trumps_out or k.is_void(k.partner, k.trump):
        return ()
    return tuple(s for s in ctx.plain_suits() if k.is_void(k.partner, s))


def _lead_for_partners_ruff(ctx: Context, maxim: str, suits: tuple[Suit, ...],
                            reason: Text, why: Text) -> Finding:
    """The finding of a rule that leads a suit partner is void in for him to ruff: the cards of
    those suits, the others ``worse`` (the texts are the caller's, each key written out)."""
    return Finding(maxim, frozenset(ctx.legal), frozenset(c for c in ctx.legal if c.suit in suits), "worse",
                   reason, why, {"suit": suits[0]})


def give_partner_the_ruff_for_the_odd_trick(ctx: Context) -> Iterable[Finding]:
    """Playing to the score (english system). Old Hoyle, on leading trumps: "Should you be nine of
    the game, and very strong in trumps, if your partner have a chance of trumping any of your
    adversary's suits; do not trump out, but give him an opportunity of trumping those suits. If
    your game be scored only 1, 2, or 3, you must play the reverse"; Cassell's hint 21: "When
    playing for the odd trick, be cautious of trumping out, especially if your partner be likely
    to trump a suit; make all the tricks you can early". The side wants only the odd trick for the
    game (the standing and the rule set) and partner has shown out of a plain suit with trumps
    still in his hand: lead that suit for him to ruff, not a trump -- the odd trick wants tricks
    now, not the long game that drawing trumps prepares."""
    suits = partner_may_ruff_for_the_odd_trick(ctx)
    if not leading(ctx) or not suits:
        return
    yield _lead_for_partners_ruff(ctx, "give-partner-the-ruff-for-the-odd-trick", suits,
                                  say("trumps.give_partner_the_ruff_for_the_odd_trick.reason"),
                                  say("trumps.give_partner_the_ruff_for_the_odd_trick.why"))


def force_partner_for_the_odd_trick(ctx: Context) -> Iterable[Finding]:
    """Forcing at the end of the hand (english system): Cavendish ch. 34 puts it among the stated
    exceptions to not forcing partner when weak in trumps -- "sometimes when you are playing a
    close game, as for the odd trick, and often when one trick saves or wins the game" -- and
    plays it in Part II, Hand IV, trick 12: A, with a spade and his last small trump, leads the
    spade for B, who has shown out of spades, to trump, and so wins the odd trick. Read from the
    tricks, not the standing: the student's side has won six tricks and the odd trick is still to
    be won, partner has shown out of a plain suit and not out of trumps, and the student holds no
    trump that is the best out (with it he would make the trick himself). Lead the suit partner
    is void in; his trump makes the trick, where a small trump led may fall to the adversaries'.
    The Russian source leads into partner's void at any point of the hand (000 Leads §9), so the
    russian system keeps lead-into-partners-void."""
    k = ctx.k
    view = ctx.position
    if not leading(ctx) or view.tricks_won(k.seat.side) != 6 or view.tricks_won(k.seat.side.other) > 6:
        return
    if any(k.is_master(c) for c in ctx.trumps()):
        return
    suits = partners_ruffing_suits(ctx)
    if suits:
        yield _lead_for_partners_ruff(ctx, "force-partner-for-the-odd-trick", suits,
                                      say("trumps.force_partner_for_the_odd_trick.reason"),
                                      say("trumps.force_partner_for_the_odd_trick.why"))


def lead_trumps_to_save_the_game(ctx: Context) -> Iterable[Finding]:
    """Playing to the score (english system). Old Hoyle (the general rules of leading; Enquire
    Within's digest of them, rule v): "Lead your best trump, if the adversaries be eight, and you
    have no honour; but not if you have four trumps, unless you have a sequence"; Chambers's
    Encyclopaedia, "Whist": a lead from fewer than four trumps is justified "if the game is lost,
    unless partner has strength". The adversaries want only the odd trick for the game (at eight
    of ten, at four in short whist: the rule set's numbers), the student's side does not, and the
    student, holding no honour, has three trumps or fewer: lead trumps (the card by the trump lead
    rules, from three or fewer the highest). It outranks few-trumps-wait-for-call, whose patience
    the score no longer allows. The Russian source says nothing of the score in play, so the
    russian system keeps 000 Leads §8."""
    k = ctx.k
    if ctx.system != "english" or not leading(ctx) or not trumps_live(ctx):
        return
    if odd_tricks_to_game(ctx, k.seat.side.other) != 1 or odd_tricks_to_game(ctx, k.seat.side) == 1:
        return  # at one odd trick each, whoever makes it wins: there is no game to save, only to win
    trumps = ctx.trumps()
    if len(trumps) > 3 or any(c.rank.is_honour for c in trumps):
        return
    yield Finding(
        "lead-trumps-to-save-the-game", frozenset(ctx.legal), frozenset(trumps), "worse",
        say("trumps.lead_trumps_to_save_the_game.reason"),
        say("trumps.lead_trumps_to_save_the_game.why"),
        {"suit": k.trump} if k.trump is not None else {},
    )


def _partner_trumped_doubtful(ctx: Context) -> bool:
    """Partner has trumped second hand (a doubtful card, Cavendish ch. 32): a sign of weakness in
    trumps, or of a wish to be forced (Cavendish ch. 34, the first exception)."""
    k = ctx.k
    if k.trump is None:
        return False
    for trick in ctx.position.played:
        if trick.suit_led == k.trump or len(trick.cards) < 2:
            continue
        seat, card = trick.plays()[1]
        if seat == k.partner and card.suit == k.trump:
            return True
    return False


def _student_can_crossruff(ctx: Context) -> bool:
    """The student is void in a plain suit and holds trumps: partner can lead it back to him (a
    cross-ruff, Cavendish ch. 34, the second exception)."""
    k = ctx.k
    return bool(ctx.trumps()) and any(s != k.trump and not ctx.mine(s) for s in Suit)


def do_not_force_partner_when_weak(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 34: "If you are weak in trumps, do not force your partner. For you thus weaken
    him, and leave it in the power of the antagonists to draw all the trumps"; Hoyle no. 17
    ("Never force your partner but when you are strong in trumps"). Weak is three trumps or fewer
    (Pole's line between ruffing and passing a doubtful card). The exceptions Cavendish states
    and the view shows: partner has trumped a doubtful card (weakness, or a wish to be forced);
    a cross-ruff (the student is void in a suit too); great strength in trumps declared against
    you (an opponent has led trumps or called); "sometimes when you are playing a close game, as
    for the odd trick, and often when one trick saves or wins the game" -- read from the standing
    the view shows (Hoyle no. 17: "unless you have a renounce yourself, or want only the odd
    trick"; Cassell's hint 20 the same)."""
    k = ctx.k
    if not leading(ctx) or k.trump is None or k.trumps_out or k.is_void(k.partner, k.trump):
        return
    if len(ctx.trumps()) > 3:
        return
    suits = [s for s in ctx.plain_suits() if k.is_void(k.partner, s)]
    if not suits:
        return
    if _partner_trumped_doubtful(ctx) or _student_can_crossruff(ctx) or k.trumps_declared_against(k.seat):
        return
    if close_score(ctx):
        return  # the close score: one odd trick wins or saves the game (Cavendish ch. 34; Hoyle no. 17)
    for suit in suits:
        yield Finding(
            "do-not-force-partner-when-weak",
            frozenset(c for c in ctx.legal if c.suit == suit),
            frozenset(),
            "worse",
            say("trumps.do_not_force_partner_when_weak.reason"),
            say("trumps.do_not_force_partner_when_weak.why"),
            {"suit": suit},
        )


def _declared_strong(ctx: Context, seat: Seat) -> bool:
    """``seat`` has declared strength in trumps: he led them, called, or refused to ruff a winner
    (Cavendish ch. 32: a refusal means "more probably four trumps and a powerful hand")."""
    k = ctx.k
    return seat in k.trump_leaders or k.has_called(seat)


def force_the_strong_adversary(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 33: force the adversary who is strong in trumps, "for you thereby take the
    best chance of preventing his making use of his trumps for bringing in a suit. If he refuses
    to take a force, keep on giving it to him"; the 1880s handbook, rule 41 ("when weak in trumps,
    [force] your strong adversary"). The strong adversary has led trumps, called, or refused a
    ruff; the suit is one he is void in while his partner still follows (a suit both renounce is
    never led: avoid-suit-opponents-void). With five trumps or more the student draws the trumps
    himself (Cavendish ch. 31; the handbook: "when strong in trumps, endeavour to force your
    partner; when weak in trumps, your strong adversary"), so the rule is for four or fewer."""
    k = ctx.k
    if not leading(ctx) or k.trump is None or k.trumps_out or len(ctx.trumps()) > 4:
        return
    suits: list[Suit] = []
    for opp, other in ((k.seat.lho, k.seat.rho), (k.seat.rho, k.seat.lho)):
        if not _declared_strong(ctx, opp) or k.is_void(opp, k.trump):
            continue
        suits += [s for s in ctx.plain_suits() if k.is_void(opp, s) and not k.is_void(other, s) and s not in suits]
    if not suits:
        return
    yield Finding(
        "force-the-strong-adversary",
        frozenset(ctx.legal),
        frozenset(c for c in ctx.legal if c.suit in suits),
        "worse",
        say("trumps.force_the_strong_adversary.reason"),
        say("trumps.force_the_strong_adversary.why"),
        {"suit": suits[0]},
    )


def keep_trumps_when_trumps_out(ctx: Context) -> Iterable[Finding]:
    """Cavendish, "The management of trumps": the aim is "to establish a suit, to exhaust the
    adversaries' trumps, and to retain the long trump, or a certain winning card with which to get
    the lead again, for the purpose of bringing in the suit"; Elwell (the whist rule carried into
    bridge): "After trumps are exhausted, try to establish the longest suit". When no other hand
    holds a trump and the student holds a plain suit of four or more, leading a trump only throws
    away a re-entry: lead the long suit. (With no such suit the rule is silent: a trump may then
    be the safe lead, or the one that forces the discards.)"""
    k = ctx.k
    if not leading(ctx) or k.trump is None or not k.trumps_out or not ctx.trumps():
        return
    long_suits = [s for s in ctx.plain_suits() if len(ctx.mine(s)) >= 4]
    if not long_suits:
        return
    yield Finding(
        "keep-trumps-when-trumps-out",
        frozenset(ctx.trumps()) & frozenset(ctx.legal),
        frozenset(),
        "worse",
        say("trumps.keep_trumps_when_trumps_out.reason"),
        say("trumps.keep_trumps_when_trumps_out.why"),
        {"suit": long_suits[0]},
    )
