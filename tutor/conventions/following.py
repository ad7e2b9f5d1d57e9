"""Following suit: second, third and fourth hand.

One function per maxim, each returning findings (see :mod:`tutor.conventions.rules`); their
order is :data:`tutor.conventions.advice.FOLLOW_ORDER`. The student holds the suit led here;
ruffing and discarding are in :mod:`tutor.conventions.discards`.

Seats in the trick: the student is second hand after one card, third hand (partner led) after
two, fourth after three.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.cards import Card, Rank
from tutor.conventions.rules import Context, Finding, equal_groups, text

__all__ = [
    "cover_honour_with_honour",
    "do_not_overtake_partners_king",
    "ace_over_partners_queen",
    "third_hand_high",
    "win_as_cheaply_as_possible",
    "second_hand_low",
    "play_low_when_not_winning",
    "win_with_lower_of_equals",
    "EARLY_TRICKS",
]

#: "В начале игры" of 000 LST 16, counted in complete tricks: the first half of the deal.
EARLY_TRICKS = 6


def _following(ctx: Context) -> tuple[Card, ...]:
    """The student's cards of the suit led, if a trick is in progress and he holds that suit."""
    cur = ctx.k.current
    if cur is None:
        return ()
    return ctx.mine(cur.suit_led)


def _hand(ctx: Context) -> int:
    """2, 3 or 4: the student's place in the trick in progress."""
    assert ctx.k.current is not None
    return len(ctx.k.current.cards) + 1


def _beaters(ctx: Context, mine: tuple[Card, ...]) -> list[Card]:
    w = ctx.k.winning_card
    return [c for c in mine if w is not None and c.beats(w, ctx.k.trump)]


def cover_honour_with_honour(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. 23; EB1911: second hand covers a led honour with a higher one (the cheapest):
    a jack or ten, and a king with the ace (which takes it); the queen is seldom covered."""
    mine = _following(ctx)
    if not mine or _hand(ctx) != 2:
        return
    led = ctx.k.current.cards[0]  # type: ignore[union-attr]
    if led.rank not in (Rank.KING, Rank.JACK, Rank.TEN):
        return
    covers = [c for c in mine if c.rank > led.rank and c.rank.is_honour]
    if not covers:
        return
    cover = min(covers, key=lambda c: c.rank)
    yield Finding(
        "cover-honour-with-honour", frozenset(mine), frozenset({cover}), "worse",
        text("An honour is led: cover it with {card}, the cheapest honour above it.",
             "Пошли с онера: покройте его {card}, младшим из старших онеров."),
        text("Cover the led {led} with an honour ({best}), not {card}.", "Покройте {led} онером ({best}), а не {card}."),
        {"led": led},
    )


def _ace_over_partners_lead(ctx: Context, rank: Rank) -> tuple[Card, ...] | None:
    """Your cards of the suit when partner led ``rank``, still wins the trick, and you play third
    holding the ace and a small card besides (the case of 000 LST 15 and 16); else None."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) != 3 or k.winning_seat != k.partner:
        return None
    led = k.current.cards[0]  # type: ignore[union-attr]
    if led.rank != rank or mine[0].rank != Rank.ACE or len(mine) < 2:
        return None
    return mine


def do_not_overtake_partners_king(ctx: Context) -> Iterable[Finding]:
    """000 LST 15: partner leads the king and you hold the ace -- let it pass, play small."""
    mine = _ace_over_partners_lead(ctx, Rank.KING)
    if mine is None:
        return
    yield Finding(
        "do-not-overtake-partners-king", frozenset(mine), frozenset({mine[-1]}), "bad",
        text("Partner led the king and you hold the ace: play small and let his king win.",
             "Партнёр пошёл с короля, а у вас туз: пропустите, положите маленькую."),
        text("{card} wastes a card on partner's king; he led it knowing the ace is with you or out.",
             "{card} — лишнее на короля партнёра: такую карту пропускают."),
    )


def ace_over_partners_queen(ctx: Context) -> Iterable[Finding]:
    """000 LST 16: partner leads the queen and you hold the ace: early in the deal a small
    card, late in the deal cover with the ace."""
    mine = _ace_over_partners_lead(ctx, Rank.QUEEN)
    if mine is None:
        return
    k = ctx.k
    if k.tricks_played < EARLY_TRICKS:
        yield Finding(
            "ace-over-partners-queen", frozenset(mine), frozenset({mine[-1]}), "worse",
            text("Partner led the queen; early in the deal keep your ace and play small.",
                 "Партнёр пошёл с дамы; в начале игры на неё сбрасывают фоску."),
            text("Early in the deal play small on partner's queen, not {card}.",
                 "В начале игры на даму партнёра кладут фоску, а не {card}."),
        )
    else:
        yield Finding(
            "ace-over-partners-queen", frozenset(mine), frozenset({mine[0]}), "worse",
            text("Partner led the queen; late in the deal cover it with your ace.",
                 "Партнёр пошёл с дамы; в конце игры её перекрывают тузом."),
            text("Late in the deal cover partner's queen with the ace, not {card}.",
                 "В конце игры даму партнёра перекрывают тузом, а не {card}."),
        )


def third_hand_high(ctx: Context) -> Iterable[Finding]:
    """000 LST 14: on partner's lead play your highest -- unless partner's card already wins for
    sure, or your highest cannot beat the card winning the trick."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) != 3 or k.winning_card is None:
        return
    if not mine[0].beats(k.winning_card, k.trump):
        return
    if k.winning_seat == k.partner and k.is_master(k.winning_card):
        return
    top = equal_groups(mine, k.settled)[0]
    yield Finding(
        "third-hand-high", frozenset(mine), frozenset(top), "worse",
        text("On partner's lead, third hand plays high.", "На карту, с которой вышел партнёр, кладут свою старшую."),
        text("On partner's lead play your highest, not {card}.", "На ход партнёра кладут старшую, а не {card}."),
    )


def win_as_cheaply_as_possible(ctx: Context) -> Iterable[Finding]:
    """Fourth hand (EB1911; Cavendish): when the opponents are winning and you can win, win
    with the lowest card that does."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) != 4 or k.winning_seat is None or k.winning_seat.side is k.seat.side:
        return
    beaters = _beaters(ctx, mine)
    if not beaters:
        return
    cheapest = min(beaters, key=lambda c: c.rank)
    group = next(g for g in equal_groups(mine, k.settled) if cheapest in g)
    yield Finding(
        "win-as-cheaply-as-possible", frozenset(mine), frozenset(c for c in group if c in beaters), "worse",
        text("Last to play, win the trick as cheaply as possible.", "Последним берут взятку самой дешёвой картой."),
        text("Win with the cheapest card that wins ({best}); {card} either loses the trick or wastes a higher card.",
             "Берите самой дешёвой картой ({best}); {card} либо отдаёт взятку, либо тратит старшую."),
    )


def second_hand_low(ctx: Context) -> Iterable[Finding]:
    """EB1911; Pole: second hand plays low (the russian system inherits it)."""
    mine = _following(ctx)
    if not mine or _hand(ctx) != 2:
        return
    yield Finding(
        "second-hand-low", frozenset(mine), frozenset({mine[-1]}), "worse",
        text("Second hand plays low.", "Вторая рука кладёт маленькую."),
        text("Second hand plays low; {card} spends a card partner may not need.",
             "Вторая рука кладёт маленькую; {card} тратится зря."),
    )


def play_low_when_not_winning(ctx: Context) -> Iterable[Finding]:
    """EB1911: when you cannot win the trick, or partner is winning it and need not be helped,
    play your lowest card."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) == 2 or k.winning_card is None:
        return
    cannot = not _beaters(ctx, mine)
    partner_wins = k.winning_seat == k.partner and (_hand(ctx) == 4 or k.is_master(k.winning_card))
    if not (cannot or partner_wins):
        return
    reason = (
        text("Partner is winning the trick: play your lowest.", "Взятка за партнёром: кладите младшую.")
        if k.winning_seat == k.partner
        else text("You cannot win this trick: play your lowest.", "Взятку не взять: кладите младшую.")
    )
    yield Finding(
        "play-low-when-not-winning", frozenset(mine), frozenset({mine[-1]}), "worse", reason,
        text("{card} is thrown away on a trick you do not need to win; play the lowest.",
             "{card} тратится на взятку, которую брать не нужно; кладите младшую."),
    )


def win_with_lower_of_equals(ctx: Context) -> Iterable[Finding]:
    """000 HNT 9: on another's lead play the lower of equal cards (K-Q -> Q)."""
    mine = _following(ctx)
    if not mine:
        return
    for group in equal_groups(mine, ctx.k.settled):
        if len(group) >= 2:
            yield Finding(
                "win-with-lower-of-equals", frozenset(group), frozenset({group[-1]}), "worse",
                text("Of equal cards, play the lower on another's lead.", "Из ровных карт на чужой ход кладут младшую."),
                text("{card} and {best} are equals: on another's lead play the lower.",
                     "{card} и {best} — ровные карты: на чужой ход кладут младшую."),
            )
