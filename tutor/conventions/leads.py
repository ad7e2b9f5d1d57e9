"""Leads: which suit to open or return, and which card of it.

Each function is one maxim: it looks at the student's position and returns findings (see
:mod:`tutor.conventions.rules`) -- the cards it wants led and the ones it rejects. The order in
which they are consulted is :data:`tutor.conventions.advice.LEAD_ORDER`; nothing here decides
between two maxims.

Suit rules about a suit's shape (singleton, A-Q, K-x, Q-x, Q-x-x) speak only of suits nobody has
led yet: their reason is what an opening of that suit tells partner or gives away, which no longer
holds once the suit is running.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from tutor.cards import Card, Rank, Suit
from tutor.conventions.holdings import (
    HoldingLead,
    LeadSituation,
    continue_from_holding,
    is_strong_suit,
    lead_from_holding,
    return_from_holding,
)
from tutor.conventions.rules import Context, Finding, Severity, leading, say, trumps_live
from tutor.conventions.systems import applies
from tutor.seats import Seat
from tutor.text import Text

__all__ = [
    "crossruff_with_partner",
    "avoid_suit_opponents_void",
    "lead_into_partners_void",
    "own_strong_suit_first",
    "return_partners_suit",
    "never_return_opponents_suit",
    "first_discard_shows_weak_suit",
    "few_trumps_wait_for_call",
    "draw_trumps_for_strong_suit",
    "lead_trumps_with_four_or_five",
    "no_thirteenth_card_before_trumps_out",
    "never_lead_singleton",
    "never_lead_ace_queen",
    "never_lead_king_doubleton",
    "doubleton_honour_shows_weakness",
    "avoid_queen_third",
    "lead_long_suit",
    "keep_short_honours_for_re_entry",
    "pursue_original_lead",
    "lead_up_to_weakness",
    "lead_four_card_suit_when_in_doubt",
    "strongest_suit_length_then_honours",
    "forced_lead_strongest_weak_suit",
    "turned_up_honour_trump_lead",
    "lead_card",
]


def _suit_cards(ctx: Context, suit: Suit) -> frozenset[Card]:
    return frozenset(c for c in ctx.legal if c.suit == suit)


def _unopened(ctx: Context, suit: Suit) -> bool:
    return suit not in ctx.k.first_leads


def _keep_suits(ctx: Context, maxim: str, suits: Iterable[Suit | None], severity: Severity, reason: Text,
                why: Text, fill: Mapping[str, Card | Suit] | None = None) -> Finding:
    """Keep the legal cards of ``suits`` (a None there, the trump of a no-trump deal, keeps none)."""
    wanted = set(suits)
    keep = frozenset(c for c in ctx.legal if c.suit in wanted)
    return Finding(maxim, frozenset(ctx.legal), keep, severity, reason, why, fill or {})


def _reject_suit(ctx: Context, maxim: str, suit: Suit, severity: Severity, reason: Text,
                 why: Text, fill: Mapping[str, Card | Suit] | None = None) -> Finding:
    return Finding(maxim, _suit_cards(ctx, suit), frozenset(), severity, reason, why, {"suit": suit, **(fill or {})})


# -- later leads ------------------------------------------------------------------------------


def crossruff_with_partner(ctx: Context) -> Iterable[Finding]:
    """000 HNT 6: partner showed a strong suit and a void -- lead your singleton of his suit
    (then the suit he ruffs)."""
    k = ctx.k
    strong = k.partner_strong_suit
    if not leading(ctx) or strong is None or k.trump is None or k.is_void(k.partner, k.trump):
        return
    if not any(s != k.trump and s != strong for s in k.voids[k.partner]):
        return
    mine = ctx.mine(strong)
    if len(mine) != 1:
        return
    yield Finding(
        "crossruff-with-partner",
        frozenset(ctx.legal),
        frozenset(mine),
        "worse",
        say("leads.crossruff_with_partner.reason"),
        say("leads.crossruff_with_partner.why"),
        {"suit": strong},
    )


def _may_ruff(ctx: Context, seat: Seat) -> bool:
    """``seat`` may still hold a trump: trumps are out and he has not shown out of them."""
    k = ctx.k
    return k.trump is not None and k.trumps_remaining > 0 and not k.is_void(seat, k.trump)


def avoid_suit_opponents_void(ctx: Context) -> Iterable[Finding]:
    """000 LST 17: never lead a suit that both opponents have shown out of -- while one of them may
    still trump it. The seed's reason is the ruff and the discard (Cavendish ch. 33: "worse still
    is leading a suit both adversaries renounce"); once neither opponent can hold a trump, the
    suit is a string of winners, and the double-dummy study showed the literal reading costing
    0.46 tricks a time."""
    if not leading(ctx):
        return
    k = ctx.k
    if not (_may_ruff(ctx, k.seat.lho) or _may_ruff(ctx, k.seat.rho)):
        return
    for suit in ctx.plain_suits():
        if k.is_void(k.seat.lho, suit) and k.is_void(k.seat.rho, suit):
            yield _reject_suit(
                ctx, "avoid-suit-opponents-void", suit, "bad",
                say("leads.avoid_suit_opponents_void.reason"),
                say("leads.avoid_suit_opponents_void.why"),
            )


def lead_into_partners_void(ctx: Context) -> Iterable[Finding]:
    """000 LST 9: partner is void in a suit and may hold trumps -- lead it for him to ruff."""
    k = ctx.k
    if not leading(ctx) or k.trump is None or k.trumps_remaining == 0 or k.is_void(k.partner, k.trump):
        return
    suits = [s for s in ctx.plain_suits() if k.is_void(k.partner, s)]
    if not suits:
        return
    yield _keep_suits(
        ctx, "lead-into-partners-void", suits, "worse",
        say("leads.lead_into_partners_void.reason"),
        say("leads.lead_into_partners_void.why"),
        {"suit": suits[0]},
    )


def _partner_suit_to_return(ctx: Context) -> Suit | None:
    k = ctx.k
    for suit in Suit:
        if suit != k.trump and k.first_leads.get(suit) == k.partner and ctx.mine(suit):
            return suit
    return None


def own_strong_suit_first(ctx: Context) -> Iterable[Finding]:
    """000 LST 6: with a strong suit of your own, lead it before returning partner's suit."""
    k = ctx.k
    theirs = _partner_suit_to_return(ctx)
    if not leading(ctx) or theirs is None:
        return
    own = [
        s for s in ctx.plain_suits()
        if s != theirs and is_strong_suit(ctx.mine(s)) and k.first_leads.get(s) != k.seat
    ]
    if not own:
        return
    yield _keep_suits(
        ctx, "own-strong-suit-first", own, "worse",
        say("leads.own_strong_suit_first.reason"),
        say("leads.own_strong_suit_first.why"),
        {"suit": own[0]},
    )


def return_partners_suit(ctx: Context) -> Iterable[Finding]:
    """000 LST 5: having won a trick, return the suit partner led."""
    theirs = _partner_suit_to_return(ctx)
    if not leading(ctx) or theirs is None:
        return
    yield _keep_suits(
        ctx, "return-partners-suit", [theirs], "worse",
        say("leads.return_partners_suit.reason"),
        say("leads.return_partners_suit.why"),
        {"suit": theirs},
    )


def never_return_opponents_suit(ctx: Context) -> Iterable[Finding]:
    """000 HNT 3: never lead the suit the opponents opened -- up to the opener's strength. The
    opener led from strength. Led by the student, a suit the right-hand opponent opened goes UP to
    him (he plays fourth, over everyone): that is what the seed forbids. One the left-hand opponent
    opened is led THROUGH his strength (he plays second, partner over him), which the classical
    books recommend (Cavendish ch. 18: "lead ... through the strong suit of your left-hand
    adversary"; Pole: "lead through strength, up to weakness"; Cassell): there the maxim is silent.
    (Until December 2026 the two seats were read the other way round, which forbade the lead
    through strength and allowed the lead up to it.)"""
    if not leading(ctx):
        return
    k = ctx.k
    for suit in ctx.plain_suits():
        if k.first_leads.get(suit) == k.seat.rho:
            yield _reject_suit(
                ctx, "never-return-opponents-suit", suit, "bad",
                say("leads.never_return_opponents_suit.reason"),
                say("leads.never_return_opponents_suit.why"),
            )


def first_discard_shows_weak_suit(ctx: Context) -> Iterable[Finding]:
    """000 HNT 14: partner's first discard comes from his weak suit -- don't lead it to him. The
    seat's knowledge reads the discard (``Knowledge.inferences``): made after the opponents had
    declared trump strength it shows his best-protected suit instead (kind ``protected-discard``,
    Cavendish ch. 28), and the english system then does not avoid it; the seed says «всегда»."""
    k = ctx.k
    card = k.first_discards.get(k.partner)
    if not leading(ctx) or card is None or card.suit == k.trump:
        return
    if ctx.system == "english" and k.shown(k.partner, "protected-discard"):
        return
    if any(c.suit == card.suit for c in ctx.legal):
        yield _reject_suit(
            ctx, "first-discard-shows-weak-suit", card.suit, "worse",
            say("leads.first_discard_shows_weak_suit.reason"),
            say("leads.first_discard_shows_weak_suit.why"),
            {"first": card},
        )


# -- trump leads ------------------------------------------------------------------------------


def few_trumps_wait_for_call(ctx: Context) -> Iterable[Finding]:
    """000 LST 8: with three trumps or fewer, do not lead trumps until partner asks for them.

    If partner played high-low without calling (the high card was forced or tried to win), the
    finding says so and cites forced-high-card-is-not-a-call as well.
    """
    k = ctx.k
    n = len(ctx.trumps())
    if not leading(ctx) or not trumps_live(ctx) or n > 3 or k.has_called(k.partner):
        return
    if k.partner in k.trump_leaders:
        return  # partner has led trumps: he wants them (return-partners-trump-lead), Pole; EB
    false = next((c for c in k.false_calls if c.seat == k.partner), None)
    reason = say("leads.few_trumps_wait_for_call.reason")
    why = say("leads.few_trumps_wait_for_call.why")
    fill: dict[str, Card | Suit] = {}
    also: tuple[str, ...] = ()
    if false is not None:
        fill = {"high": false.high, "low": false.low}
        also = ("forced-high-card-is-not-a-call",)
        reason = say("leads.few_trumps_wait_for_call.reason-2")
        why = say("leads.few_trumps_wait_for_call.why-2")
    yield Finding(
        "few-trumps-wait-for-call",
        frozenset(ctx.trumps()) & frozenset(ctx.legal),
        frozenset(),
        "worse",
        reason,
        why,
        fill,
        also,
    )


def draw_trumps_for_strong_suit(ctx: Context) -> Iterable[Finding]:
    """000 LST 11: with a good suit of your own, draw trumps so it cannot be ruffed."""
    if not leading(ctx) or not trumps_live(ctx):
        return
    strong = [s for s in ctx.plain_suits() if is_strong_suit(ctx.mine(s))]
    if not strong:
        return
    yield _keep_suits(
        ctx, "draw-trumps-for-strong-suit", [ctx.k.trump], "worse",
        say("leads.draw_trumps_for_strong_suit.reason"),
        say("leads.draw_trumps_for_strong_suit.why"),
        {"suit": strong[0]},
    )


def lead_trumps_with_four_or_five(ctx: Context) -> Iterable[Finding]:
    """000 LST 12: with four or five trumps (or more), lead trumps.

    English (Cavendish ch. 31: "with five trumps or more ... you may then almost always lead
    trumps, whatever your other cards", the exceptions "principally those which contain five
    trumps without an honour" and poor plain suits; Pole's "When you hold Five 'tis always right to
    lead them"; EB, stricter: five with two honours or one good plain suit; Foster): five or more
    -- almost always, five small ones only with a strong suit; four -- only with a strong suit of
    your own to bring in (then draw-trumps-for-strong-suit says so too).

    The score, as Cavendish reads it there (english; the view's standing, where the rule set scores
    honours towards the game): "if the adversaries are at the score of three, you should lead a
    trump with these hands [five trumps without an honour], as your partner must have two honours,
    or very good cards out of trumps, for you to save the game"; and "if you are at the score of
    three, the adversaries being love, one, or two, you should not lead a trump merely because you
    have five trumps with two honours, if they are unaccompanied by a very strong suit, or by good
    cards in each suit" -- an honour in partner's hand probably wins the game anyway ("some good
    players, however, do not allow this to be an exceptional case").
    """
    n = len(ctx.trumps())
    if not leading(ctx) or not trumps_live(ctx) or n < 4:
        return
    texts = _ENGLISH_LONG_TRUMPS if ctx.system == "english" and n >= 5 else _RUSSIAN_LONG_TRUMPS
    if ctx.system == "english":
        standing, me = ctx.position.standing, ctx.k.seat.side
        strong_suit = any(is_strong_suit(ctx.mine(s)) for s in ctx.plain_suits())
        honours = sum(1 for c in ctx.trumps() if c.rank >= Rank.JACK)
        at_three = standing is not None and standing.honours_can_win(me, ctx.position.rules)
        they_at_three = standing is not None and standing.honours_can_win(me.other, ctx.position.rules)
        if n <= 5 and not strong_suit and (n == 4 or not honours):
            if not (n == 5 and they_at_three):
                return  # four without a suit to bring in; five without an honour and poor plain cards
            texts = _SAVE_THE_GAME_TRUMPS  # ... unless the adversaries are at three: save the game
        elif n == 5 and honours >= 2 and at_three and not they_at_three and not strong_suit \
                and not all(any(c.rank >= Rank.KING for c in ctx.mine(s)) for s in Suit if s != ctx.k.trump):
            return  # at three, five trumps with two honours alone are no reason: partner's honour wins
    yield _keep_suits(ctx, "lead-trumps-with-four-or-five", [ctx.k.trump], "worse", *texts)


_RUSSIAN_LONG_TRUMPS = (
    say("leads.module.text"),
    say("leads.module.text-2"),
)
#: Cavendish ch. 31: with five or more "you may then almost always lead trumps, whatever your other cards".
_ENGLISH_LONG_TRUMPS = (
    say("leads.module.text-3"),
    say("leads.module.text-4"),
)
#: Cavendish ch. 31: the adversaries at three, "your partner must have two honours, or very good
#: cards out of trumps, for you to save the game".
_SAVE_THE_GAME_TRUMPS = (
    say("leads.module.text-5"),
    say("leads.module.text-6"),
)


def no_thirteenth_card_before_trumps_out(ctx: Context) -> Iterable[Finding]:
    """000 HNT 4: don't lead the last card of a suit (the "thirteenth") while trumps remain out."""
    k = ctx.k
    if not leading(ctx) or k.trump is None or k.trumps_out:
        return
    for suit in ctx.plain_suits():
        if not k.outstanding(suit):
            cards = _suit_cards(ctx, suit)
            yield Finding(
                "no-thirteenth-card-before-trumps-out", cards, frozenset(), "worse",
                say("leads.no_thirteenth_card_before_trumps_out.reason"),
                say("leads.no_thirteenth_card_before_trumps_out.why"),
                {"suit": suit},
            )


# -- opening a suit ---------------------------------------------------------------------------


#: A holding that forbids (or discourages) opening its suit, given the student's cards of it.
Holding = Callable[[Context, tuple[Card, ...]], bool]


def _ban_holding(ctx: Context, maxim: str, severity: Severity, holding: Holding, reason: Text,
                 why: Text) -> Iterator[Finding]:
    """The one shape of the holding bans: when leading, every plain suit not yet opened whose
    holding matches is rejected with ``severity`` (its ``{suit}`` filled in)."""
    if not leading(ctx):
        return
    for suit in ctx.plain_suits():
        if holding(ctx, ctx.mine(suit)) and _unopened(ctx, suit):
            yield _reject_suit(ctx, maxim, suit, severity, reason, why)


def never_lead_singleton(ctx: Context) -> Iterable[Finding]:
    """000 HNT 5: a singleton lead misleads partner; wait and ruff the second round."""
    return _ban_holding(ctx, "never-lead-singleton", "bad", lambda _, mine: len(mine) == 1,
                        say("leads.never_lead_singleton.reason"), say("leads.never_lead_singleton.why"))


def _ace_queen_king_out(ctx: Context, mine: tuple[Card, ...]) -> bool:
    """Ace and queen held, the king still unseen (A-Q with the king gone are touching: 000 HNT 9)."""
    ranks = {c.rank for c in mine}
    return Rank.ACE in ranks and Rank.QUEEN in ranks and Card(mine[0].suit, Rank.KING) in ctx.k.unseen


def never_lead_ace_queen(ctx: Context) -> Iterable[Finding]:
    """000 LST 13: don't open a suit holding the ace and queen; wait and finesse the queen."""
    return _ban_holding(ctx, "never-lead-ace-queen", "bad", _ace_queen_king_out,
                        say("leads.never_lead_ace_queen.reason"), say("leads.never_lead_ace_queen.why"))


def never_lead_king_doubleton(ctx: Context) -> Iterable[Finding]:
    """000 LST 3: never lead from the king doubleton."""
    return _ban_holding(ctx, "never-lead-king-doubleton", "bad",
                        lambda _, mine: len(mine) == 2 and mine[0].rank == Rank.KING and mine[1].rank < Rank.QUEEN,
                        say("leads.never_lead_king_doubleton.reason"), say("leads.never_lead_king_doubleton.why"))


def doubleton_honour_shows_weakness(ctx: Context) -> Iterable[Finding]:
    """000 HNT 1: lead from queen or jack doubleton only with no game at all."""
    return _ban_holding(
        ctx, "doubleton-honour-shows-weakness", "worse",
        lambda _, mine: len(mine) == 2 and mine[0].rank in (Rank.QUEEN, Rank.JACK) and mine[1].rank < mine[0].rank - 1,
        say("leads.doubleton_honour_shows_weakness.reason"), say("leads.doubleton_honour_shows_weakness.why"))


def avoid_queen_third(ctx: Context) -> Iterable[Finding]:
    """000 LST 4: lead from queen third only when nothing better exists."""
    return _ban_holding(ctx, "avoid-queen-third", "worse",
                        lambda _, mine: len(mine) == 3 and mine[0].rank == Rank.QUEEN and mine[1].rank < Rank.JACK,
                        say("leads.avoid_queen_third.reason"), say("leads.avoid_queen_third.why"))


def _has_sequence(cards: tuple[Card, ...], gone: frozenset[Card] = frozenset()) -> bool:
    """The suit is headed by touching cards, ten or higher -- judged with the cards already played
    (A-Q are touching once the king is out: 000 HNT 9 «ровные карты»), so a later lead goes on
    with the winners of its own suit instead of a fresh long one."""
    if len(cards) < 2 or cards[0].rank < Rank.TEN:
        return False
    return all(Card(cards[0].suit, r) in gone for r in range(cards[1].rank + 1, cards[0].rank))


def lead_long_suit(ctx: Context) -> Iterable[Finding]:
    """000 LST 1: lead from a long suit or from touching cards (among the suits still in question)."""
    if not leading(ctx):
        return
    suits = [s for s in Suit if s != ctx.k.trump and any(c.suit == s for c in ctx.cands)]
    if len(suits) < 2:
        return
    longest = max(len(ctx.mine(s)) for s in suits)
    keep = [s for s in suits if len(ctx.mine(s)) == longest or _has_sequence(ctx.mine(s), ctx.k.settled)]
    yield Finding(
        "lead-long-suit",
        frozenset(c for c in ctx.legal if c.suit in suits),
        frozenset(c for c in ctx.legal if c.suit in keep),
        "worse",
        say("leads.lead_long_suit.reason"),
        say("leads.lead_long_suit.why"),
    )


# -- choosing among suits the maxims above left equal (the classical books) -------------------
#
# These rules come after lead-long-suit and only decide among the suits the higher maxims left
# ("equal"): they never overturn a seed's rule. Each reads only the student's own cards and the
# table (the turned-up card, the discards), like every rule here.

_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


def _cand_plain_suits(ctx: Context) -> list[Suit]:
    return [s for s in Suit if s != ctx.k.trump and any(c.suit == s for c in ctx.cands)]


def keep_short_honours_for_re_entry(ctx: Context) -> Iterable[Finding]:
    """Foster (Complete Hoyle, "Rules for leading plain suits"): lead the long suit first and keep
    the high cards of a short suit to bring it in again -- led first, they leave the long suit dead.

    Among the suits still in question, a suit of four or more is preferred to a short suit (three
    cards or fewer, not yet led) holding the ace or king."""
    if not leading(ctx):
        return
    suits = _cand_plain_suits(ctx)
    if not any(len(ctx.mine(s)) >= 4 for s in suits):
        return
    short = [s for s in suits if len(ctx.mine(s)) <= 3 and _unopened(ctx, s)
             and any(c.rank >= Rank.KING for c in ctx.mine(s))]
    for suit in short:
        yield _reject_suit(
            ctx, "keep-short-honours-for-re-entry", suit, "worse",
            say("leads.keep_short_honours_for_re_entry.reason"),
            say("leads.keep_short_honours_for_re_entry.why"),
        )


def pursue_original_lead(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 18 (later leads): "it is generally advisable to pursue your original lead, for
    you thus take the best chance of establishing the suit, and you open a fresh suit to a
    disadvantage." Among the suits still in question, the one the student opened first."""
    k = ctx.k
    if not leading(ctx) or not k.first_leads:
        return
    suits = _cand_plain_suits(ctx)
    own = [s for s in suits if k.first_leads.get(s) == k.seat]
    if not own or len(suits) < 2 or len(own) == len(suits):
        return
    yield _keep_suits(
        ctx, "pursue-original-lead", own, "worse",
        say("leads.pursue_original_lead.reason"),
        say("leads.pursue_original_lead.why"),
        {"suit": own[0]},
    )


def _weak_for(ctx: Context, seat: Seat) -> set[Suit]:
    """Suits ``seat`` has shown weakness in: his first discard (read as his weak suit unless it was
    made against declared trumps, Cavendish ch. 28), or a void once the trumps are out."""
    k = ctx.k
    out: set[Suit] = set()
    card = k.first_discards.get(seat)
    if card is not None and card.suit != k.trump and not k.discarded_against_declared_trumps(seat):
        out.add(card.suit)
    if k.trumps_out:
        out |= {s for s in k.voids[seat] if s != k.trump}
    return out


def lead_up_to_weakness(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 18 (with weak suits "lead up to the weak suit of your right-hand adversary, or
    through the strong suit of your left-hand adversary"); Pole, Theory of Whist (later leads);
    Cassell ("It is bad policy to lead up to queen or knave, the contrary with respect to the ace or
    king"). Among the suits still in question, those the right-hand opponent has shown weak in
    (his first discard, a void with trumps out) or the left-hand opponent strong in (he opened it)."""
    k = ctx.k
    if not leading(ctx) or not k.first_leads:
        return
    suits = _cand_plain_suits(ctx)
    if len(suits) < 2:
        return
    weak_right = _weak_for(ctx, k.seat.rho)
    strong_left = {s for s, who in k.first_leads.items() if who == k.seat.lho}
    good = [s for s in suits if (s in weak_right or s in strong_left) and s not in _weak_for(ctx, k.seat.lho)]
    if not good or len(good) == len(suits):
        return
    yield _keep_suits(
        ctx, "lead-up-to-weakness", good, "worse",
        say("leads.lead_up_to_weakness.reason"),
        say("leads.lead_up_to_weakness.why"),
        {"suit": good[0]},
    )


def lead_four_card_suit_when_in_doubt(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 17: a suit of three may be better cards than a suit of four small ones, "as a
    rule, when you are in doubt, stick to the general principle, and lead from your four-card
    suit". Among the suits still in question (not yet led), a suit of four or more is preferred
    to a short one, even one headed by touching cards."""
    if not leading(ctx):
        return
    suits = [s for s in _cand_plain_suits(ctx) if _unopened(ctx, s)]
    if not any(len(ctx.mine(s)) >= 4 for s in suits):
        return
    for suit in suits:
        if len(ctx.mine(suit)) <= 3:
            yield _reject_suit(
                ctx, "lead-four-card-suit-when-in-doubt", suit, "worse",
                say("leads.lead_four_card_suit_when_in_doubt.reason"),
                say("leads.lead_four_card_suit_when_in_doubt.why"),
            )


def _strength(cards: tuple[Card, ...]) -> tuple[int, int, tuple[int, ...]]:
    """Cavendish's order of strength: length first, then honours, then the cards from the top."""
    honours = sum(1 for c in cards if c.rank in _HONOURS)
    return (len(cards), honours, tuple(int(c.rank) for c in cards))


def strongest_suit_length_then_honours(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 14 ("Which is the strongest suit?"): a suit is strong by its length and by its
    high cards, and "numerical strength is the principal point". Of suits of four or more still in
    question (none yet led), open the longest, and of those as long the one with more honours,
    then the higher cards."""
    if not leading(ctx):
        return
    suits = [s for s in _cand_plain_suits(ctx) if _unopened(ctx, s) and len(ctx.mine(s)) >= 4]
    if len(suits) < 2:
        return
    best = max(_strength(ctx.mine(s)) for s in suits)
    keep = [s for s in suits if _strength(ctx.mine(s)) == best]
    if len(keep) == len(suits):
        return
    yield Finding(
        "strongest-suit-length-then-honours",
        frozenset(c for c in ctx.legal if c.suit in suits),
        frozenset(c for c in ctx.legal if c.suit in keep),
        "worse",
        say("leads.strongest_suit_length_then_honours.reason"),
        say("leads.strongest_suit_length_then_honours.why"),
        {"suit": keep[0]},
    )


def _sequence_in(cards: tuple[Card, ...]) -> bool:
    return any(a.rank == b.rank + 1 and b.rank >= Rank.TEN for a, b in zip(cards, cards[1:]))


def forced_lead_strongest_weak_suit(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 17 (forced leads): "Whenever you decide on opening a suit of but three cards,
    choose, if possible, one in which you hold a sequence ... If you have no sequence, lead from
    your strongest weak suit." Pole: from fewer than four, lead the highest (short-suit-lead-highest
    names the card). Only when no suit still in question has four cards."""
    if not leading(ctx):
        return
    suits = [s for s in _cand_plain_suits(ctx) if _unopened(ctx, s)]
    if len(suits) < 2 or any(len(ctx.mine(s)) >= 4 for s in suits):
        return
    seq = [s for s in suits if _sequence_in(ctx.mine(s))]
    if seq:
        keep = seq
    else:
        def key(s: Suit) -> tuple[int, int]:
            return sum(1 for c in ctx.mine(s) if c.rank in _HONOURS), len(ctx.mine(s))

        best = max(key(s) for s in suits)
        keep = [s for s in suits if key(s) == best]
    if len(keep) == len(suits):
        return
    yield Finding(
        "forced-lead-strongest-weak-suit",
        frozenset(c for c in ctx.legal if c.suit in suits),
        frozenset(c for c in ctx.legal if c.suit in keep),
        "worse",
        say("leads.forced_lead_strongest_weak_suit.reason"),
        say("leads.forced_lead_strongest_weak_suit.why"),
        {"suit": keep[0]},
    )


def turned_up_honour_trump_lead(ctx: Context) -> Iterable[Finding]:
    """Pole (Theory of Whist, trumps; his verses) and Hoyle: never lead trumps through an honour
    turned up on your left unless you want trumps out; Cassell: "It is bad policy to lead up to
    queen or knave, the contrary with respect to the ace or king". While the dealer still holds the
    turned-up card: trumps are not led through his honour (he sits on the left) nor up to his
    queen or knave (he sits on the right). A higher rule that wants trumps out keeps them."""
    k = ctx.k
    card = k.trump_card_with_dealer
    if not leading(ctx) or card is None or not trumps_live(ctx):
        return
    dealer = ctx.position.dealer
    through = dealer == k.seat.lho and card.rank >= Rank.JACK
    up_to_small_honour = dealer == k.seat.rho and card.rank in (Rank.QUEEN, Rank.JACK)
    if not (through or up_to_small_honour):
        return
    trumps = frozenset(c for c in ctx.legal if c.suit == k.trump)
    yield Finding(
        "turned-up-honour-trump-lead", trumps, frozenset(), "worse",
        say("leads.turned_up_honour_trump_lead.reason"),
        say("leads.turned_up_honour_trump_lead.why"),
        {"up": card},
    )


# -- the card ---------------------------------------------------------------------------------


def _has_ruffed(ctx: Context) -> bool:
    """The student has trumped a plain suit already ("after having been forced", Cavendish)."""
    k, seat = ctx.k, ctx.k.seat
    for trick in ctx.position.played:
        if k.trump is None or trick.suit_led == k.trump:
            continue
        for who, card in zip(trick.seats(), trick.cards):
            if who == seat and card.suit == k.trump:
                return True
    return False


def _suit_lead(ctx: Context, suit: Suit) -> HoldingLead | None:
    """The card rule for a lead of ``suit`` now: opening it, continuing it, or returning it."""
    k = ctx.k
    mine = ctx.mine(suit)
    trump = suit == k.trump
    first = k.first_leads.get(suit)
    allowed = lambda m: applies(m, ctx.system)  # noqa: E731
    if first == k.seat:
        original = ctx.position.hand.suit(suit)
        return continue_from_holding(original, mine, system=ctx.system, trump=trump, gone=k.gone)
    if first == k.partner:
        return return_from_holding(mine, trump=trump, gone=k.gone)
    if first == k.seat.rho and not trump:
        return None  # up to the opener: 000 HNT 3 says not to lead it; no card rule
    # the left-hand opponent's suit, led through him, takes the lead table like an unopened suit
    situation = LeadSituation(answering=trump and k.has_called(k.partner), forced=_has_ruffed(ctx))
    return lead_from_holding(mine, system=ctx.system, trump=trump, gone=k.gone, applies=allowed, situation=situation)


def lead_card(ctx: Context) -> Iterable[Finding]:
    """Within each suit still in question, the card its holding calls for (see :mod:`holdings`):
    the lead table for a suit not yet led, the next card of the table for the student's own suit,
    the return rule for partner's."""
    if not leading(ctx):
        return
    for suit in Suit:
        mine = ctx.mine(suit)
        if len(mine) < 2:
            continue
        lead = _suit_lead(ctx, suit)
        if lead is None:
            continue
        yield Finding(lead.maxim, frozenset(mine), frozenset(lead.keep), "worse", lead.reason, lead.why,
                      {"suit": suit, "best": lead.card}, accept=bool(lead.accept),
                      prefer=frozenset({lead.card}) if lead.accept else frozenset(), equal_why=lead.accept_why)
