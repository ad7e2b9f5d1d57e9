"""Out of the suit led: to ruff or to discard, and what.

The law leaves the choice free (000 «Масти и взятки» 2); the maxims narrow it, read as a strong
player reads them:

* A card partner surely wins is never trumped (Cavendish ch. 32), nor his king led: it shows the ace
  or the queen, and if he has not the ace you want the adversary to play it (Cavendish, Analysis of
  leads; old Hoyle: "pass it, by throwing away a losing card").
* A *doubtful* card -- one partner MAY win (Cavendish ch. 32): partner winning with a card the
  fourth hand could still beat, or, second hand, the right-hand opponent's lead of a card that is
  not the best out -- is trumped with fewer than four trumps (000 HNT 8; EB; Pole; Hoyle) and
  not with four or more (000 HNT 7; Cavendish; EB), which then discard a loser.
* A thirteenth card: in the russian system 000 HNT 12 (not trumped unless you play last); in the
  english system Cavendish ch. 34 (on partner's thirteenth card, trump high if he is strong in
  trumps, pass it if he is weak: "no general rule") and Hoyle (second hand, a doubtful card).
* The opponents' sure winner is trumped as cheaply as possible -- unless, with four trumps (or five)
  and an established suit, the student refuses the ruff as a call for trumps (Cavendish ch. 32).
* The discard: from the weakest suit (Cavendish ch. 28; the mirror of 000 HNT 14); in the english
  system, from the best-protected suit when the opponents have declared strength in trumps. Once
  the first discard has shown the weak suit, a later discard against declared trumps keeps the
  winners and the guards of the honours (the forced discard: Cavendish ch. 28, Pembridge, Mathews).

One function per maxim; the order is :data:`tutor.conventions.advice.VOID_ORDER`.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.cards import Card, Rank, Suit
from tutor.conventions.inference import Inference
from tutor.conventions.rules import Context, Finding, Severity, equal_groups, say, say_with
from tutor.text import Text

__all__ = [
    "do_not_ruff_thirteenth_unless_last",
    "thirteenth_card_by_leaders_trumps",
    "do_not_trump_partners_sure_winner",
    "do_not_ruff_partners_winner",
    "ruff_with_short_trumps",
    "refuse_ruff_to_call",
    "refusing_ruff",
    "is_doubtful",
    "is_thirteenth",
    "partner_has_sure_winner",
    "partners_king_lead",
    "discard_from_strong_suit_against_trumps",
    "ruff_as_cheaply_as_possible",
    "keep_trumps_when_not_winning",
    "discard_from_weakest_suit",
    "keep_guards_against_declared_trumps",
    "suit_weakness",
]

_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def _void(ctx: Context) -> bool:
    """A trick is in progress and the student cannot follow to it."""
    cur = ctx.k.current
    return cur is not None and not ctx.mine(cur.suit_led) and bool(ctx.legal)


def _can_ruff(ctx: Context) -> bool:
    k = ctx.k
    cur = k.current  # not None when _void: spelt out below so that it narrows
    return _void(ctx) and cur is not None and k.trump is not None and cur.suit_led != k.trump and bool(ctx.trumps())


def _last(ctx: Context) -> bool:
    cur = ctx.k.current
    assert cur is not None  # asked only of a trick in progress
    return len(cur.cards) == 3


def _second(ctx: Context) -> bool:
    cur = ctx.k.current
    assert cur is not None  # asked only of a trick in progress
    return len(cur.cards) == 1


def _reject_trumps(ctx: Context, maxim: str, severity: Severity, reason: Text,
                   why: Text) -> Finding:
    return Finding(maxim, frozenset(ctx.trumps()), frozenset(), severity, reason, why)


def is_thirteenth(ctx: Context) -> bool:
    """The card led is a thirteenth card: no other card of its suit is left in any hand."""
    k = ctx.k
    return k.current is not None and not k.outstanding(k.current.suit_led)


def _fourth_may_ruff(ctx: Context) -> bool:
    """The player after the student (his left) may still trump this trick: he has shown out of
    the suit led (or none of it is left) and has not shown out of trumps, and trumps are out."""
    k = ctx.k
    cur = k.current
    if cur is None or _last(ctx) or k.trump is None or k.trumps_out or k.is_void(k.seat.lho, k.trump):
        return False
    return k.is_void(k.seat.lho, cur.suit_led) or not k.outstanding(cur.suit_led)


def partners_king_lead(ctx: Context) -> Inference | None:
    """Partner opened this suit with the king, it holds the trick so far and the ace is still out:
    the inference it was read as (:class:`~tutor.conventions.inference.Inference`, kind
    ``honour-lead``: the king shows the ace OR the queen -- it is led from A-K, 000 HNT 10, and
    from K-Q, 000 HNT 9, Cavendish's Analysis of leads). Not a sure winner, but not to be trumped:
    if he holds the ace it wins, and if not "you want the adversary to play it" (Cavendish), so
    old Hoyle says "pass it, by throwing away a losing card, unless your right-hand adversary has
    put on the ace" (content review E-4: the king does not show the ace)."""
    k = ctx.k
    cur = k.current
    if cur is None or cur.leader != k.partner or k.first_leads.get(cur.suit_led) != k.partner:
        return None
    led = cur.cards[0]
    if led.rank != Rank.KING or k.winning_card != led:
        return None
    first_round = all(c in cur.cards for c in k.gone if c.suit == led.suit)
    if not first_round or Card(led.suit, Rank.ACE) not in k.unseen:
        return None
    return next((i for i in k.shown(k.partner, "honour-lead") if i.card == led), None)


def partner_has_sure_winner(ctx: Context) -> bool:
    """Partner is winning the trick and nobody after the student can take it: the student plays
    last, or partner's card is the best still out (or it is his king led, which is not trumped
    either: :func:`partners_king_lead`) and the player on the student's left cannot ruff it."""
    k = ctx.k
    if k.current is None or k.winning_seat != k.partner or k.winning_card is None:
        return False
    if k.winning_card.suit == k.trump:
        return True
    if _last(ctx):
        return True
    if _fourth_may_ruff(ctx):
        return False
    return k.is_master(k.winning_card) or partners_king_lead(ctx) is not None


def is_doubtful(ctx: Context) -> bool:
    """A doubtful card (Cavendish ch. 32): "a card of a suit of which your partner MAY have the
    best". Partner is winning with a card the player after the student could still beat; or the
    student is second hand on the right-hand opponent's lead of a card that is not the best out
    (partner, fourth, may hold the best). A card partner surely wins, and the opponents' sure
    winner, are not doubtful. Partner's lead of a thirteenth card is judged by its own maxims
    (HNT 12; Cavendish ch. 34), and so, in the russian system, is a thirteenth card led second hand.
    """
    k = ctx.k
    if not _can_ruff(ctx) or k.winning_card is None or k.winning_card.suit == k.trump:
        return False
    if k.winning_seat == k.partner:
        return not _last(ctx) and not partner_has_sure_winner(ctx) and not is_thirteenth(ctx)
    if _second(ctx):
        if is_thirteenth(ctx):
            return ctx.system == "english"  # Hoyle: "13th cards second hand where weak, never if strong"
        return not k.is_master(k.winning_card)
    return False


def do_not_ruff_thirteenth_unless_last(ctx: Context) -> Iterable[Finding]:
    """000 HNT 12 (russian system): do not trump a thirteenth card (the last of its suit) unless you play last."""
    if not _can_ruff(ctx) or _last(ctx) or not is_thirteenth(ctx):
        return
    yield _reject_trumps(
        ctx, "do-not-ruff-thirteenth-unless-last", "worse",
        say("discards.do_not_ruff_thirteenth_unless_last.reason"),
        say("discards.do_not_ruff_thirteenth_unless_last.why"),
    )


def _partner_strong_in_trumps(ctx: Context) -> bool | None:
    """What partner has shown in trumps: True (he led them or called), False (he has shown out of
    them), None (nothing yet)."""
    k = ctx.k
    if k.partner in k.trump_leaders or k.has_called(k.partner):
        return True
    if k.trump is not None and k.is_void(k.partner, k.trump):
        return False
    return None


def thirteenth_card_by_leaders_trumps(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 34 (english system): partner leads a thirteenth card and the student, third
    hand, can trump: "your play must depend on your partner's strength in trumps". Strong (he has
    led trumps or called): put on your best trump. Weak (shown out of trumps): pass it. Otherwise
    "no general rule": the best trump or a discard, but never a small trump the fourth hand
    overtrumps cheaply."""
    k = ctx.k
    cur = k.current
    if ctx.system != "english":  # the russian system has 000 HNT 12 (do-not-ruff-thirteenth-unless-last)
        return
    if not _can_ruff(ctx) or cur is None or _last(ctx) or not is_thirteenth(ctx) or cur.leader != k.partner:
        return
    if k.winning_seat != k.partner:
        return
    trumps = ctx.trumps()
    best = trumps[0]
    strong = _partner_strong_in_trumps(ctx)
    if strong is True:
        yield Finding(
            "thirteenth-card-by-leaders-trumps", frozenset(ctx.legal), frozenset({best}), "worse",
            say("discards.thirteenth_card_by_leaders_trumps.reason"),
            say("discards.thirteenth_card_by_leaders_trumps.why"),
        )
    elif strong is False:
        yield _reject_trumps(
            ctx, "thirteenth-card-by-leaders-trumps", "worse",
            say("discards.thirteenth_card_by_leaders_trumps.reason-2"),
            say("discards.thirteenth_card_by_leaders_trumps.why-2"),
        )
    else:
        yield Finding(
            "thirteenth-card-by-leaders-trumps", frozenset(trumps), frozenset({best}), "worse",
            say("discards.thirteenth_card_by_leaders_trumps.reason-3"),
            say("discards.thirteenth_card_by_leaders_trumps.why-3"),
        )


def do_not_trump_partners_sure_winner(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 32 (a doubtful card is one partner MAY win: one he surely wins is not to be
    trumped); Hoyle's Games Improved ("you should not trump the second best of a suit led by your
    friend"): never trump a trick partner surely wins. Nor partner's king led: it shows the ace or
    the queen (:func:`partners_king_lead`), and the explanation says so and from which card."""
    if not _can_ruff(ctx) or not partner_has_sure_winner(ctx):
        return
    k = ctx.k
    king = None if (_last(ctx) or (k.winning_card is not None and k.is_master(k.winning_card))) else partners_king_lead(ctx)
    if king is not None:
        shown = Text.each(lambda lang: king.describe(lang, k.seat))
        # the whole hand in scope, the plain cards kept: the explanation of the discard then says
        # what partner's king showed and from which card (the knowledge model's inference)
        yield Finding(
            "do-not-trump-partners-sure-winner", frozenset(ctx.legal),
            frozenset(c for c in ctx.legal if c.suit != k.trump), "bad",
            say_with("discards.do_not_trump_partners_sure_winner.reason-king-shown",
                     shown=shown.map(lambda words, _lang: words[0].upper() + words[1:])),
            say("discards.do_not_trump_partners_sure_winner.why"),
        )
        return
    yield _reject_trumps(
        ctx, "do-not-trump-partners-sure-winner", "bad",
        say("discards.do_not_trump_partners_sure_winner.reason"),
        say("discards.do_not_trump_partners_sure_winner.why-2"),
    )


def do_not_ruff_partners_winner(ctx: Context) -> Iterable[Finding]:
    """000 HNT 7; Cavendish ch. 32; Pole; EB: with four trumps or more, don't trump a doubtful card
    (one partner may win); keep the trumps and discard a losing card instead."""
    if not is_doubtful(ctx) or len(ctx.trumps()) < 4:
        return
    yield _reject_trumps(
        ctx, "do-not-ruff-partners-winner", "bad",
        say("discards.do_not_ruff_partners_winner.reason"),
        say("discards.do_not_ruff_partners_winner.why"),
    )


def ruff_with_short_trumps(ctx: Context) -> Iterable[Finding]:
    """000 HNT 8; Cavendish ch. 32; Pole; EB ("with three trumps or less trump freely"); Hoyle
    (two or three small trumps: trump the right-hand adversary's lead): with fewer than four
    trumps, trump a doubtful card with the lowest trump -- a little trump is worth most so."""
    trumps = ctx.trumps()
    if not is_doubtful(ctx) or len(trumps) >= 4:
        return
    low = trumps[-1]
    yield Finding(
        "ruff-with-short-trumps", frozenset(ctx.legal), frozenset({low}), "worse",
        say("discards.ruff_with_short_trumps.reason"),
        say("discards.ruff_with_short_trumps.why"),
    )


def _established(ctx: Context, suit: Suit) -> bool:
    """A plain suit of four or more whose top three cards (or all of them) are winners: every card
    of the suit still out is lower (Cavendish ch. 32: "a very strong suit, or a suit established")."""
    cards = ctx.mine(suit)
    if len(cards) < 4:
        return False
    out = ctx.k.outstanding(suit)
    top = 0
    for c in cards:
        if out and not all(c.rank > o.rank for o in out):
            break
        top += 1
    return top >= 3


def refusing_ruff(ctx: Context) -> bool:
    """Whether the student should refuse to trump the opponents' sure winner, as a call for trumps
    (Cavendish ch. 32): exactly four trumps and an established (or very strong) plain suit, trumps
    not yet called for by either partner. "A refusal is seldom requisite if you have more than four
    trumps": with six trump and lead trumps; with five the same if the suit is established, else
    take the force and lead the suit."""
    k = ctx.k
    cur = k.current
    if not _can_ruff(ctx) or k.winning_seat is None or k.winning_seat.side is k.seat.side:
        return False
    if k.winning_card is None or cur is None or k.winning_card.suit != cur.suit_led or is_doubtful(ctx):
        return False
    if _second(ctx) and (is_thirteenth(ctx) or not k.is_master(k.winning_card)):
        return False
    if k.has_called(k.seat) or k.has_called(k.partner) or k.trumps_out:
        return False
    if len(ctx.trumps()) != 4:
        return False  # with five or six, take the force (and lead trumps if the suit is established)
    return any(_established(ctx, s) for s in Suit if s != k.trump)


def refuse_ruff_to_call(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 32: with four trumps and an established suit, refuse to trump the
    opponents' certain winner: the trumps are kept to bring the suit in, and partner reads the
    refusal as a call for trumps (refused-ruff-is-a-call)."""
    if not refusing_ruff(ctx):
        return
    plain = frozenset(c for c in ctx.legal if c.suit != ctx.k.trump)
    if not plain:
        return
    yield Finding(
        "refuse-ruff-to-call", frozenset(ctx.legal), plain, "worse",
        say("discards.refuse_ruff_to_call.reason"),
        say("discards.refuse_ruff_to_call.why"),
    )


def ruff_as_cheaply_as_possible(ctx: Context) -> Iterable[Finding]:
    """The opponents are winning and you can trump (or overtrump): win with the lowest trump
    that does (EB1911, Cavendish: win as cheaply as possible)."""
    k = ctx.k
    winning = k.winning_card  # set whenever winning_seat is
    if not _can_ruff(ctx) or k.winning_seat is None or winning is None or k.winning_seat.side is k.seat.side:
        return
    winners = [c for c in ctx.trumps() if c.beats(winning, k.trump)]
    if not winners:
        return
    cheapest = min(winners, key=lambda c: c.rank)
    # Trumps "equal" once the played cards are gone may still sit on both sides of the card on the
    # table (Q-8-6 over a played 7): only those that also win belong with the cheapest winner.
    group = [c for c in next(g for g in equal_groups(ctx.trumps(), k.settled) if cheapest in g) if c in winners]
    yield Finding(
        "win-as-cheaply-as-possible", frozenset(ctx.legal), frozenset(group[-1:]), "worse",
        say("discards.ruff_as_cheaply_as_possible.reason"),
        say("discards.ruff_as_cheaply_as_possible.why"),
    )


def keep_trumps_when_not_winning(ctx: Context) -> Iterable[Finding]:
    """EB1911: a trump that cannot win the trick, or that would only take partner's trick when
    you play last, is wasted -- discard instead."""
    k = ctx.k
    if not _can_ruff(ctx) or k.winning_card is None:
        return
    useless = [c for c in ctx.trumps() if not c.beats(k.winning_card, k.trump)]
    partner_sure = partner_has_sure_winner(ctx)
    rejected = ctx.trumps() if partner_sure else tuple(useless)
    if not rejected:
        return
    scope, keep = frozenset(rejected), frozenset[Card]()
    if scope >= frozenset(ctx.legal):  # nothing but trumps left: then the lowest of them
        keep = frozenset({min(rejected, key=lambda c: c.rank)})
    yield Finding(
        "play-low-when-not-winning", scope, keep, "worse",
        say("discards.keep_trumps_when_not_winning.reason"),
        say("discards.keep_trumps_when_not_winning.why"),
    )


def _strong_in_trumps(trumps: tuple[Card, ...]) -> bool:
    """Strong in trumps: five or more, or four with an honour (Cavendish; EB; the strength that
    calls, :func:`tutor.conventions.signals.trump_strength`)."""
    return len(trumps) >= 5 or (len(trumps) == 4 and any(c.rank.is_honour for c in trumps))


def _costs_a_trick(ctx: Context, card: Card) -> bool:
    """Whether throwing ``card`` gives up a trick by the count of the cards still out: it is a
    winner (no card of its suit still out beats it), or it is the last small card guarding an
    honour of its suit -- a knave or higher with as many lower cards as there are higher ones
    still out, which the discard would leave short of a guard (K-x, Q-x-x, J-x-x-x before the
    ace has fallen; the king with the ace gone needs none)."""
    mine = ctx.mine(card.suit)
    out = ctx.k.outstanding(card.suit)
    if not out or card.rank > out[0].rank:
        return True
    for honour in mine:
        if honour.rank < Rank.JACK or honour.rank <= card.rank:
            continue
        higher = sum(1 for o in out if o.rank > honour.rank)
        lower = sum(1 for m in mine if m.rank < honour.rank)
        if higher and lower == higher:
            return True
    return False


def keep_guards_against_declared_trumps(ctx: Context) -> Iterable[Finding]:
    """The forced discard (Cavendish ch. 28: when the opponents have declared great strength in
    trumps "play to guard your weaker suits ... You must, in fact, play a defensive game";
    Pembridge, Lecture V: "by guarding honours, or by keeping four cards to a ten or nine, a trick
    is often won, or the establishment of an adverse suit prevented"; Mathews, quoted there: "If
    weak in trumps, keep guard on your adversary's suits"). After the student's first discard --
    that one tells partner his weak suit (000 HNT 14; Cavendish: "your first or original discard")
    -- and once an opponent has led or called for trumps, a discard that throws a winner or the
    guard of an honour is kept back while a card of no such use can go. Pembridge's exception:
    "honours in weak suits may be freely unguarded by the players who have strong trumps"."""
    k = ctx.k
    if not _void(ctx) or k.seat not in k.first_discards or not k.trumps_declared_against(k.seat):
        return
    if _strong_in_trumps(ctx.trumps()):
        return
    plain = [c for c in ctx.legal if c.suit != k.trump]
    costly = frozenset(c for c in plain if _costs_a_trick(ctx, c))
    if not costly or len(costly) == len(plain):
        return
    yield Finding(
        "keep-guards-against-declared-trumps", costly, frozenset(), "worse",
        say("discards.keep_guards_against_declared_trumps.reason"),
        say("discards.keep_guards_against_declared_trumps.why"),
    )


def suit_weakness(cards: tuple[Card, ...]) -> tuple[int, int]:
    """How weak a suit is to discard from: fewer honour points, then fewer cards, is weaker."""
    return (sum(_POINTS.get(c.rank, 0) for c in cards), len(cards))


def best_protected_suit(ctx: Context) -> Suit | None:
    """The plain suit to discard from when trumps are declared against you (Cavendish ch. 28):
    "your best protected suit, which is generally your longest suit" -- the longest, then the
    strongest; the short suits keep their guards."""
    plain = [s for s in Suit if s != ctx.k.trump and ctx.mine(s)]
    if not plain:
        return None
    return max(plain, key=lambda s: (len(ctx.mine(s)), suit_weakness(ctx.mine(s))[0], -s))


def discard_from_strong_suit_against_trumps(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 28 (english system); Pembridge, Lecture V: when the opponents have declared
    great strength in trumps (one of them led trumps or called for them), your chance of bringing
    in a suit is nil: play a defensive game, guard your weak suits and discard from your best
    protected suit."""
    k = ctx.k
    if ctx.system != "english":  # the russian system keeps 000 HNT 14 «всегда» (discard-from-weakest-suit)
        return
    if not _void(ctx) or not k.trumps_declared_against(k.seat):
        return
    suit = best_protected_suit(ctx)
    if suit is None:
        return
    yield Finding(
        "discard-from-strong-suit-against-trumps",
        frozenset(c for c in ctx.legal if c.suit != k.trump), frozenset({ctx.mine(suit)[-1]}), "worse",
        say("discards.discard_from_strong_suit_against_trumps.reason"),
        say("discards.discard_from_strong_suit_against_trumps.why"),
    )


def _winner_at_bottom(ctx: Context, suit: Suit) -> bool:
    """The lowest card of ``suit`` is a winner by the count of the cards out: the suit is no weak
    suit (Cavendish ch. 28: "a suit in which you are already weak"), and its card no losing card
    (Cavendish ch. 32 and old Hoyle: "discard a losing card")."""
    card = ctx.mine(suit)[-1]
    out = ctx.k.outstanding(suit)
    return not out or card.rank > out[0].rank


def _bares_an_honour(ctx: Context, suit: Suit) -> bool:
    """Weak in trumps, the lowest card of ``suit`` is the last guard of an honour (K-x, Q-x-x:
    :func:`_costs_a_trick`): Mathews (quoted by Pembridge, Lecture V) "If weak in trumps, keep guard
    on your adversary's suits"; strong in trumps it may go ("honours in weak suits may be freely
    unguarded by the players who have strong trumps", Pembridge)."""
    return not _strong_in_trumps(ctx.trumps()) and _costs_a_trick(ctx, ctx.mine(suit)[-1])


def discard_from_weakest_suit(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 28 (mirror of 000 HNT 14): discard the lowest card of your weakest suit --
    "you do but little harm by throwing from a suit in which you are already weak". A suit whose
    lowest card is a winner by the count of the cards out is not weak (:func:`_winner_at_bottom`),
    unless every suit is so. Whether the weak suit's card may bare an honour the schools differ
    (:func:`_bares_an_honour`): Pole (Theory of Whist, on discarding) -- good players "will even
    unguard a king or a queen for the sake of adhering to" the rule; Mathews, weak in trumps, keeps
    the guard. Both cards are then accepted, the guard kept named first (the card that loses
    nothing by the count: Cavendish ch. 32, "a losing card")."""
    k = ctx.k
    if ctx.system == "english" and k.trumps_declared_against(k.seat):
        return  # discard-from-strong-suit-against-trumps (Cavendish ch. 28) speaks instead
    if not _void(ctx):
        return
    plain = [s for s in Suit if s != k.trump and ctx.mine(s)]
    if not plain:
        return

    def lowest_of_weakest(guard: bool) -> frozenset[Card]:
        def weakness(s: Suit) -> tuple[bool, tuple[int, int]]:
            return _winner_at_bottom(ctx, s) or (guard and _bares_an_honour(ctx, s)), suit_weakness(ctx.mine(s))
        weakest = min(weakness(s) for s in plain)
        return frozenset(ctx.mine(s)[-1] for s in plain if weakness(s) == weakest)

    keep, guarded = lowest_of_weakest(False), lowest_of_weakest(True)
    scope = frozenset(c for c in ctx.legal if c.suit != k.trump)
    if guarded != keep:
        yield Finding(
            "discard-from-weakest-suit", scope, keep | guarded, "worse",
            say("discards.discard_from_weakest_suit.reason-guard-schools"),
            say("discards.discard_from_weakest_suit.text"),
            accept=True, prefer=guarded,
            equal_why=say("discards.discard_from_weakest_suit.equal-why-guard"),
        )
        return
    reason = say("discards.discard_from_weakest_suit.reason")
    if ctx.system == "russian" and k.trumps_declared_against(k.seat):  # content review D-7, D-8
        reason = say("discards.discard_from_weakest_suit.reason-trumps-declared-against")
    yield Finding(
        "discard-from-weakest-suit", scope, keep, "worse",
        reason,
        say("discards.discard_from_weakest_suit.text"),
    )
