"""Out of the suit led: to ruff or to discard, and what.

The law leaves the choice free (000 «Масти и взятки» 2); the maxims narrow it (000 HNT 7, 8, 12;
Cavendish ch. 28 for the discard). One function per maxim; the order is
:data:`tutor.conventions.advice.VOID_ORDER`.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.cards import Card, Rank, Suit
from tutor.conventions.rules import Context, Finding, equal_groups, text

__all__ = [
    "do_not_ruff_thirteenth_unless_last",
    "do_not_ruff_partners_winner",
    "ruff_with_short_trumps",
    "ruff_as_cheaply_as_possible",
    "keep_trumps_when_not_winning",
    "discard_from_weakest_suit",
    "suit_weakness",
]

_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def _void(ctx: Context) -> bool:
    """A trick is in progress and the student cannot follow to it."""
    cur = ctx.k.current
    return cur is not None and not ctx.mine(cur.suit_led) and bool(ctx.legal)


def _can_ruff(ctx: Context) -> bool:
    k = ctx.k
    return _void(ctx) and k.trump is not None and k.current.suit_led != k.trump and bool(ctx.trumps())  # type: ignore[union-attr]


def _last(ctx: Context) -> bool:
    return len(ctx.k.current.cards) == 3  # type: ignore[union-attr]


def _reject_trumps(ctx: Context, maxim: str, severity: str, reason, why) -> Finding:
    return Finding(maxim, frozenset(ctx.trumps()), frozenset(), severity, reason, why)


def do_not_ruff_thirteenth_unless_last(ctx: Context) -> Iterable[Finding]:
    """000 HNT 12: do not trump a thirteenth card (the last of its suit) unless you play last."""
    k = ctx.k
    if not _can_ruff(ctx) or _last(ctx) or k.outstanding(k.current.suit_led):  # type: ignore[union-attr]
        return
    yield _reject_trumps(
        ctx, "do-not-ruff-thirteenth-unless-last", "worse",
        text("It is a thirteenth card and you do not play last: leave the ruff to the player behind you.",
             "Это тринадцатая карта, а вы сидите не последним: не перекрывайте её козырем."),
        text("Don't ruff a thirteenth card ({card}) unless you play last.", "Тринадцатую карту не бьют козырем ({card}), если сидят не последним."),
    )


def do_not_ruff_partners_winner(ctx: Context) -> Iterable[Finding]:
    """000 HNT 7: with four trumps, don't trump a card partner is probably winning."""
    k = ctx.k
    if not _can_ruff(ctx) or k.winning_seat != k.partner or len(ctx.trumps()) < 4:
        return
    yield _reject_trumps(
        ctx, "do-not-ruff-partners-winner", "bad",
        text("Partner is winning the trick and you hold four trumps: keep them.",
             "Взятка за партнёром, а у вас четыре козыря: не перекрывайте."),
        text("{card} trumps partner's winner; with four trumps keep them for the opponents' cards.",
             "{card} бьёт взятку партнёра; с четырьмя козырями их берегут для карт противников."),
    )


def ruff_with_short_trumps(ctx: Context) -> Iterable[Finding]:
    """000 HNT 8: with fewer than four trumps and no honour among them, trump a card partner is
    probably winning (when a player after you could still take it)."""
    k = ctx.k
    trumps = ctx.trumps()
    if not _can_ruff(ctx) or k.winning_seat != k.partner or _last(ctx):
        return
    if len(trumps) >= 4 or any(c.rank.is_honour for c in trumps) or k.is_master(k.winning_card):  # type: ignore[arg-type]
        return
    low = trumps[-1]
    yield Finding(
        "ruff-with-short-trumps", frozenset(ctx.legal), frozenset({low}), "worse",
        text("With few small trumps, trump the trick yourself rather than hope partner's card holds.",
             "С малым числом маленьких козырей бьют такую карту сами."),
        text("With fewer than four small trumps, ruff ({best}) rather than play {card}.",
             "Имея меньше четырёх маленьких козырей, бьют козырем ({best}), а не кладут {card}."),
    )


def ruff_as_cheaply_as_possible(ctx: Context) -> Iterable[Finding]:
    """The opponents are winning and you can trump (or overtrump): win with the lowest trump
    that does (EB1911, Cavendish: win as cheaply as possible)."""
    k = ctx.k
    if not _can_ruff(ctx) or k.winning_seat is None or k.winning_seat.side is k.seat.side:
        return
    winners = [c for c in ctx.trumps() if c.beats(k.winning_card, k.trump)]  # type: ignore[arg-type]
    if not winners:
        return
    cheapest = min(winners, key=lambda c: c.rank)
    # Trumps "equal" once the played cards are gone may still sit on both sides of the card on the
    # table (Q-8-6 over a played 7): only those that also win belong with the cheapest winner.
    group = [c for c in next(g for g in equal_groups(ctx.trumps(), k.settled) if cheapest in g) if c in winners]
    yield Finding(
        "win-as-cheaply-as-possible", frozenset(ctx.legal), frozenset(group[-1:]), "worse",
        text("The opponents are winning: trump it with your lowest trump that wins.",
             "Взятка у противников: бейте самым младшим козырем, который её берёт."),
        text("Take the trick with the cheapest trump that wins ({best}), not {card}.",
             "Берите взятку самым дешёвым козырем ({best}), а не {card}."),
    )


def keep_trumps_when_not_winning(ctx: Context) -> Iterable[Finding]:
    """EB1911: a trump that cannot win the trick, or that would only take partner's trick when
    you play last, is wasted -- discard instead."""
    k = ctx.k
    if not _can_ruff(ctx) or k.winning_card is None:
        return
    useless = [c for c in ctx.trumps() if not c.beats(k.winning_card, k.trump)]
    partner_sure = k.winning_seat == k.partner and (_last(ctx) or k.is_master(k.winning_card))
    rejected = ctx.trumps() if partner_sure else tuple(useless)
    if not rejected:
        return
    scope, keep = frozenset(rejected), frozenset()
    if scope >= frozenset(ctx.legal):  # nothing but trumps left: then the lowest of them
        keep = frozenset({min(rejected, key=lambda c: c.rank)})
    yield Finding(
        "play-low-when-not-winning", scope, keep, "worse",
        text("A trump here would win nothing: discard instead.", "Козырь здесь ничего не возьмёт: лучше сбросить."),
        text("{card} spends a trump on a trick you do not need to win.", "{card} — козырь на взятку, которую брать не нужно."),
    )


def suit_weakness(cards: tuple[Card, ...]) -> tuple[int, int]:
    """How weak a suit is to discard from: fewer honour points, then fewer cards, is weaker."""
    return (sum(_POINTS.get(c.rank, 0) for c in cards), len(cards))


def discard_from_weakest_suit(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 28 (mirror of 000 HNT 14): discard the lowest card of your weakest suit."""
    k = ctx.k
    if not _void(ctx):
        return
    plain = [s for s in Suit if s != k.trump and ctx.mine(s)]
    if not plain:
        return
    weakest = min(suit_weakness(ctx.mine(s)) for s in plain)
    keep = frozenset(ctx.mine(s)[-1] for s in plain if suit_weakness(ctx.mine(s)) == weakest)
    yield Finding(
        "discard-from-weakest-suit", frozenset(c for c in ctx.legal if c.suit != k.trump), keep, "worse",
        text("Discard from your weakest suit; partner will read it as weak.",
             "Сносите от самой слабой масти: партнёр поймёт, что она слабая."),
        text("{card} is not the lowest card of your weakest suit; partner would read that suit as weak.",
             "{card} — не младшая карта самой слабой масти; партнёр сочтёт эту масть слабой."),
    )
