"""Following suit: second, third and fourth hand.

One function per maxim, each returning findings (see :mod:`tutor.conventions.rules`); their
order is :data:`tutor.conventions.advice.FOLLOW_ORDER`. The student holds the suit led here;
ruffing and discarding are in :mod:`tutor.conventions.discards`.

Seats in the trick: the student is second hand after one card, third hand (partner led) after
two, fourth after three.

The maxims are read as a strong player reads them (Cavendish, *Laws and Principles of Whist*,
chapters on the second and third hand; Pole; the Encyclopaedia Britannica's "Whist"; Cassell;
old Hoyle; the seeds 000 LST 13-16, HNT 9):

* second hand plays low -- except: the ace on a king, queen or knave led; a fourchette covers;
  a led knave or ten is covered by an honour; a led queen is covered by a short king in one
  school and passed in the other (both accepted); a sequence of high cards (or a moderate one
  when numerically weak) puts on its lowest card; the master card is played when partner is void;
* third hand plays as high as needed -- the lowest of a sequence, never a card that cannot win,
  never over partner's sure trick, never over partner's honour that it merely touches; A-Q (-J…)
  finesses over a small lead; partner's honour leads follow the table of Cavendish ch. "Third
  hand" (the russian system keeps its own LST 15 and 16 first);
* fourth hand wins as cheaply as possible, or plays low when partner has the trick.
"""

from __future__ import annotations

from collections.abc import Iterable

from tutor.cards import Card, Rank, Suit
from tutor.conventions.rules import Context, Finding, equal_groups, say

__all__ = [
    "second_hand_ace_on_honour",
    "cover_with_fourchette",
    "cover_honour_with_honour",
    "cover_queen_with_short_king",
    "second_hand_win_last_chance",
    "second_hand_with_sequence",
    "do_not_overtake_partners_king",
    "unblock_ace_doubleton_on_king",
    "ace_over_partners_queen",
    "ace_passes_partners_queen",
    "unblock_king_under_ace_queen",
    "play_to_partners_jack_lead",
    "play_to_partners_ten_lead",
    "do_not_overtake_touching_honour",
    "third_hand_finesse_ace_queen",
    "third_hand_high",
    "win_as_cheaply_as_possible",
    "second_hand_low",
    "play_low_when_not_winning",
    "win_with_lower_of_equals",
    "EARLY_TRICKS",
    "SHORT_SUIT",
]

A, K, Q, J, T = Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN

#: "В начале игры" of 000 LST 16, counted in complete tricks: the first half of the deal.
EARLY_TRICKS = 6
#: "Numerically weak" (Cavendish ch. "Second hand"; Mathews "with only three of a suit"): at most
#: three cards of the suit in hand, the card to be played included.
SHORT_SUIT = 3


# -- helpers ------------------------------------------------------------------------------------


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


def _led(ctx: Context) -> Card:
    cur = ctx.k.current
    assert cur is not None  # asked only of a trick in progress (second, third or fourth hand)
    return cur.cards[0]


def _beaters(ctx: Context, mine: tuple[Card, ...]) -> list[Card]:
    w = ctx.k.winning_card
    return [c for c in mine if w is not None and c.beats(w, ctx.k.trump)]


def _group_of(ctx: Context, mine: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The run of equals (000 HNT 9 «ровные карты») in ``mine`` that ``card`` belongs to."""
    return next(g for g in equal_groups(mine, ctx.k.settled) if card in g)


def _lowest_winning_of(ctx: Context, mine: tuple[Card, ...], card: Card) -> Card:
    """The lowest card of ``card``'s sequence that still beats the card winning the trick."""
    return [c for c in _group_of(ctx, mine, card) if c in _beaters(ctx, mine)][-1]


def _second_to_opponent(ctx: Context) -> tuple[Card, ...]:
    """Your cards of the suit when you play second (an opponent led); else ()."""
    mine = _following(ctx)
    return mine if mine and _hand(ctx) == 2 else ()


def _third_on_partners_lead(ctx: Context, ranks: tuple[Rank, ...] | None = None) -> tuple[Card, ...]:
    """Your cards when you play third and partner's led card still wins the trick (and, with
    ``ranks``, partner led one of those ranks); else ()."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) != 3 or k.winning_seat != k.partner:
        return ()
    if ranks is not None and _led(ctx).rank not in ranks:
        return ()
    return mine


def _between_unseen(ctx: Context, low: Card, high: Card) -> bool:
    """Some card between ``low`` and ``high`` (same suit) is still in another hand."""
    return any(Card(low.suit, r) in ctx.k.unseen for r in range(low.rank + 1, high.rank))


# -- second hand --------------------------------------------------------------------------------


def second_hand_ace_on_honour(ctx: Context) -> Iterable[Finding]:
    """EB "Whist" (second hand play): "ace alone on an honour led"; Cavendish ch. "Second hand"
    (knave led, holding ace-queen: play the ace -- covering with the queen is useless); the
    Victorian manual's rule 16 (4). A king, queen or knave led and you hold the ace: play it (the
    lowest of its sequence: A-K on a queen -> the king). Exception (Cassell): on a queen led,
    holding the ten beside the ace (a tenace), some pass it and some cover -- both accepted."""
    mine = _second_to_opponent(ctx)
    led = _led(ctx) if mine else None
    if led is None or led.rank not in (K, Q, J) or mine[0].rank != A or len(mine) < 2:
        return
    cover = _lowest_winning_of(ctx, mine, mine[0])
    ranks = {c.rank for c in mine}
    if led.rank == Q and T in ranks and K not in ranks:
        yield Finding(
            "second-hand-ace-on-honour", frozenset(mine), frozenset({cover, mine[-1]}), "worse",
            say("following.second_hand_ace_on_honour.reason"),
            say("following.second_hand_ace_on_honour.why"),
            accept=True,
        )
        return
    if led.rank == K and led.suit == ctx.k.trump and len(mine) >= 3:
        yield Finding(
            "second-hand-ace-on-honour", frozenset(mine), frozenset({cover, mine[-1]}), "worse",
            say("following.second_hand_ace_on_honour.reason-2"),
            say("following.second_hand_ace_on_honour.why-2"),
            accept=True,
        )
        return
    yield Finding(
        "second-hand-ace-on-honour", frozenset(mine), frozenset({cover}), "worse",
        say("following.second_hand_ace_on_honour.reason-3"),
        say("following.second_hand_ace_on_honour.why-3"),
        {"led": led},
    )


def cover_with_fourchette(ctx: Context) -> Iterable[Finding]:
    """Victorian manual, rule 16 (6): holding the fourchette -- the card just above and the card
    just below the honour led (K-J on a queen, Q-10 on a knave) -- cover with the higher."""
    mine = _second_to_opponent(ctx)
    if not mine:
        return
    led = _led(ctx)
    if led.rank not in (Q, J, T):
        return
    above = [c for c in mine if c.rank > led.rank and not _between_unseen(ctx, led, c)]
    below = [c for c in mine if c.rank < led.rank and not _between_unseen(ctx, c, led)]
    if not above or not below:
        return
    cover = min(above, key=lambda c: c.rank)
    yield Finding(
        "cover-with-fourchette", frozenset(mine), frozenset({cover}), "worse",
        say("following.cover_with_fourchette.reason"),
        say("following.cover_with_fourchette.why"),
        {"led": led},
    )


def cover_honour_with_honour(ctx: Context) -> Iterable[Finding]:
    """EB "Whist" (second hand: on a high card led, play the lower of two higher cards in
    sequence); Cavendish ch. "Second hand"; the Victorian manual's rule 16 (5): a led knave or ten
    is covered with the cheapest higher honour (the lowest of a sequence). The queen is another
    rule's (cover-queen-with-short-king), the king and the ace on honours the ace rule's."""
    mine = _second_to_opponent(ctx)
    if not mine:
        return
    led = _led(ctx)
    if led.rank not in (J, T):
        return
    covers = [c for c in mine if c.rank > led.rank and c.rank.is_honour]
    if not covers:
        return
    cover = min(covers, key=lambda c: c.rank)
    yield Finding(
        "cover-honour-with-honour", frozenset(mine), frozenset({cover}), "worse",
        say("following.cover_honour_with_honour.reason"),
        say("following.cover_honour_with_honour.why"),
        {"led": led},
    )


def cover_queen_with_short_king(ctx: Context) -> Iterable[Finding]:
    """A queen led, you hold the king (no ace) in a short suit: the schools differ -- Mathews "put
    an honour on an honour, with only three of a suit; with four or more you should not" (quoted in
    Pembridge, *Whist or Bumblepuppy?*) and old Hoyle (king with two or three trumps: put it on)
    cover; EB passes, and Cassell too -- but only holding the ten beside the king, K-10-x ("pass it;
    this gives you a ten ace"; content review E-8: Cassell is no authority for passing with K-x-x).
    With three cards or fewer both are accepted; with four or more everyone passes (second hand
    low decides)."""
    mine = _second_to_opponent(ctx)
    if not mine or _led(ctx).rank != Q or len(mine) > SHORT_SUIT:
        return
    kings = [c for c in mine if c.rank == K]
    if not kings or mine[0].rank == A or len(mine) < 2:
        return
    yield Finding(
        "cover-queen-with-short-king", frozenset(mine), frozenset({kings[0], mine[-1]}), "worse",
        _SHORT_KING_WITH_TEN if any(c.rank == T for c in mine) else _SHORT_KING,
        say("following.cover_queen_with_short_king.text"),
        accept=True,
    )


_SHORT_KING = say("following.module.short_king")
_SHORT_KING_WITH_TEN = say("following.module.short_king_with_ten")


def second_hand_win_last_chance(ctx: Context) -> Iterable[Finding]:
    """Old Hoyle, maxim 37: "Never play second-hand the best of your adversaries' lead, unless your
    partner has none of it." When partner has shown out of the suit, your master card will take no
    more than this trick back from the leader's side later: win it now (the lowest of the master
    sequence)."""
    mine = _second_to_opponent(ctx)
    k = ctx.k
    if not mine or not k.is_void(k.partner, mine[0].suit) or not k.is_master(mine[0]):
        return
    assert k.winning_card is not None  # second hand: the card led is winning
    if not mine[0].beats(k.winning_card, k.trump):
        return
    card = _lowest_winning_of(ctx, mine, mine[0])
    yield Finding(
        "second-hand-win-last-chance", frozenset(mine), frozenset({card}), "worse",
        say("following.second_hand_win_last_chance.reason"),
        say("following.second_hand_win_last_chance.why"),
    )


def second_hand_with_sequence(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. "Second hand": with a sequence of high cards put one on -- the lowest of it
    (A-K -> K, K-Q -> Q, K-Q-J -> J, Q-J-10 -> 10; 000 HNT 9 «ставят младшую — то есть даму»;
    Pole's verses "if you've king and queen, or ace and king, then one of these"); with a moderate
    sequence (Q-J, J-10, 10-9) only when numerically weak (three cards or fewer); lower sequences,
    or longer holdings, play low."""
    mine = _second_to_opponent(ctx)
    if not mine or _led(ctx).rank >= T:
        return
    k = ctx.k
    winning = k.winning_card
    assert winning is not None  # second hand: the card led is winning
    for group in equal_groups(mine, k.settled):
        if len(group) < 2 or not group[-1].beats(winning, k.trump):
            continue
        top = group[0].rank
        high = top >= K or (top == Q and len(group) >= 3)
        moderate = top in (Q, J, T) and not high
        if high or (moderate and len(mine) <= SHORT_SUIT):
            yield Finding(
                "second-hand-with-sequence", frozenset(mine), frozenset({group[-1]}), "worse",
                say("following.second_hand_with_sequence.reason"),
                say("following.second_hand_with_sequence.why"),
                {"top": group[0]},
            )
        return


def _rounds_before(ctx: Context, suit: Suit) -> int:
    """How many complete tricks have been led in ``suit`` before this one."""
    return sum(1 for t in ctx.position.tricks if t.suit_led == suit)


def second_hand_high_exception(ctx: Context, mine: tuple[Card, ...]) -> Card | None:
    """The card the Victorian manual's rule 16 puts on second hand instead of the lowest, in a
    plain suit ("When, second hand, a plain suit is led, play your lowest, with these exceptions"):

    * (3) "Holding Ace and five others, play the Ace" -- the suit will not come round for the ace
      to lie over the leader (the lowest of the ace's sequence);
    * (8) "Second round play the master-card, unless you have a safe finesse" -- on the second
      round the leader's suit is already half gone, and the master card kept back is more likely
      trumped than made. The finesse is safe when the fourth hand has shown out of the suit: then
      :func:`win_as_cheaply_as_possible`'s reading holds and no exception is made here.

    None when neither applies (or the suit led is trumps: the rule speaks of a plain suit)."""
    k = ctx.k
    led = _led(ctx)
    if led.suit == k.trump:
        return None
    winning = k.winning_card
    assert winning is not None  # second hand: the card led is winning
    if not mine[0].beats(winning, k.trump):
        return None
    rounds = _rounds_before(ctx, led.suit)
    if rounds == 0 and mine[0].rank == A and len(mine) >= 6:
        return _lowest_winning_of(ctx, mine, mine[0])
    if rounds == 1 and k.is_master(mine[0]) and not k.is_void(k.seat.lho, led.suit):
        return _lowest_winning_of(ctx, mine, mine[0])
    return None


def second_hand_low(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. "Second hand"; Pole: second hand plays low -- the leader leads from strength,
    your high cards lie over him when the suit comes round (the russian system inherits it).
    With the exceptions the Victorian manual states with the rule (:func:`second_hand_high_exception`:
    the ace with five others, the master card on the second round of a plain suit)."""
    mine = _second_to_opponent(ctx)
    if not mine:
        return
    high = second_hand_high_exception(ctx, mine)
    if high is not None:
        reason = (say("following.second_hand_low.reason-master") if _rounds_before(ctx, high.suit)
                  else say("following.second_hand_low.reason-ace-five"))
        yield Finding(
            "second-hand-low", frozenset(mine), frozenset({high}), "worse", reason,
            say("following.second_hand_low.why-exception"),
        )
        return
    yield Finding(
        "second-hand-low", frozenset(mine), frozenset({mine[-1]}), "worse",
        say("following.second_hand_low.reason"),
        say("following.second_hand_low.why"),
    )


# -- third hand ---------------------------------------------------------------------------------


def do_not_overtake_partners_king(ctx: Context) -> Iterable[Finding]:
    """000 LST 15: partner leads the king and you hold the ace -- let it pass, play small."""
    mine = _third_on_partners_lead(ctx, (K,))
    if not mine or mine[0].rank != A or len(mine) < 2:
        return
    yield Finding(
        "do-not-overtake-partners-king", frozenset(mine), frozenset({mine[-1]}), "bad",
        say("following.do_not_overtake_partners_king.reason"),
        say("following.do_not_overtake_partners_king.why"),
    )


def unblock_ace_doubleton_on_king(ctx: Context) -> Iterable[Finding]:
    """English school, partner leads the king and you hold the ace with one other card only: the
    Victorian manual (rule 19) wins with the ace "to get rid of the command"; Cavendish's analysis
    of leads (the king shows the ace or the queen behind it) lets it pass. Both are accepted; the
    russian system keeps LST 15 (pass)."""
    mine = _third_on_partners_lead(ctx, (K,))
    if len(mine) != 2 or mine[0].rank != A:
        return
    yield Finding(
        "unblock-ace-doubleton-on-king", frozenset(mine), frozenset(mine), "worse",
        say("following.unblock_ace_doubleton_on_king.reason"),
        say("following.unblock_ace_doubleton_on_king.why"),
        accept=True,
    )


def ace_over_partners_queen(ctx: Context) -> Iterable[Finding]:
    """000 LST 16: partner leads the queen and you hold the ace: early in the deal a small
    card, late in the deal cover with the ace."""
    mine = _third_on_partners_lead(ctx, (Q,))
    if not mine or mine[0].rank != A or len(mine) < 2:
        return
    if ctx.k.tricks_played < EARLY_TRICKS:
        yield Finding(
            "ace-over-partners-queen", frozenset(mine), frozenset({mine[-1]}), "worse",
            say("following.ace_over_partners_queen.reason"),
            say("following.ace_over_partners_queen.why"),
        )
    else:
        yield Finding(
            "ace-over-partners-queen", frozenset(mine), frozenset({mine[0]}), "worse",
            say("following.ace_over_partners_queen.reason-2"),
            say("following.ace_over_partners_queen.why-2"),
        )


def ace_passes_partners_queen(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. "Third hand": "With ace, you pass queen led" -- you are then placed as if you
    had finessed A-Q over a small card; the Victorian manual (rule 19): "The Ace you should not put
    on your partner's Queen". (English system; the russian one decides by LST 16 first.)"""
    mine = _third_on_partners_lead(ctx, (Q,))
    if not mine or mine[0].rank != A or len(mine) < 2:
        return
    yield Finding(
        "ace-passes-partners-queen", frozenset(mine), frozenset({mine[-1]}), "worse",
        say("following.ace_passes_partners_queen.reason"),
        say("following.ace_passes_partners_queen.why"),
    )


def unblock_king_under_ace_queen(ctx: Context) -> Iterable[Finding]:
    """Old Hoyle (the general rules after the maxims): "Should your friend lead ace, and then
    queen, of a suit in which you have king and two more, take the queen to avoid stopping the
    suit." Partner has the long suit; keeping the king would block it on the third round. The
    seeds are silent: both systems."""
    mine = _third_on_partners_lead(ctx, (Q,))
    if len(mine) != 3 or mine[0].rank != K:
        return
    ace = Card(mine[0].suit, A)
    led_ace = any(t.leader == ctx.k.partner and t.cards and t.cards[0] == ace for t in ctx.position.played)
    if not led_ace:
        return
    # Old Hoyle alone gives the rule, and the double-dummy study found it costing tricks as often
    # as not (the king kept is a sure trick when partner's suit is not long): the tutor names the
    # school, plays the king as Hoyle does and accepts the small card too.
    yield Finding(
        "unblock-king-under-ace-queen", frozenset(mine), frozenset({mine[0], mine[-1]}), "worse",
        say("following.unblock_king_under_ace_queen.reason"),
        say("following.unblock_king_under_ace_queen.why"),
        accept=True, prefer=frozenset({mine[0]}),
    )


def play_to_partners_jack_lead(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. "Third hand": the knave led comes from K-Q-J… (or J-10-9…): holding the ace
    with one small card play the ace (unblock); with more than one small card pass; if your only
    honour is the king, pass (the ace is presumed on your left). The Victorian manual (rule 19)
    agrees. The seeds are silent: both systems."""
    mine = _third_on_partners_lead(ctx, (J,))
    if len(mine) < 2:
        return
    ranks = {c.rank for c in mine}
    if K in ranks and (A in ranks or Q in ranks):
        return  # A-K or K-Q over the knave: not in the lead table (the knave is then from J-10-9…)
    if A in ranks and len(mine) == 2:
        keep, reason = mine[0], say("following.play_to_partners_jack_lead.text")
    elif A in ranks or K in ranks:
        keep, reason = mine[-1], say("following.play_to_partners_jack_lead.text-2")
    else:
        return
    yield Finding(
        "play-to-partners-jack-lead", frozenset(mine), frozenset({keep}), "worse", reason,
        say("following.play_to_partners_jack_lead.text-3"),
    )


def play_to_partners_ten_lead(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. "Third hand": the ten led comes from K-Q-J-10 or K-J-10…: holding the ace,
    put it on; holding the queen, pass; holding both, it depends on whether you want the lead now
    (both accepted). The Victorian manual (rule 19): the ace goes on partner's ten always. The
    seeds are silent: both systems."""
    mine = _third_on_partners_lead(ctx, (T,))
    if len(mine) < 2:
        return
    ranks = {c.rank for c in mine}
    if A in ranks and Q in ranks:
        ace = _lowest_winning_of(ctx, mine, mine[0])
        yield Finding(
            "play-to-partners-ten-lead", frozenset(mine), frozenset({ace, mine[-1]}), "worse",
            say("following.play_to_partners_ten_lead.reason"),
            say("following.play_to_partners_ten_lead.why"),
            accept=True,
        )
    elif A in ranks:
        ace = _lowest_winning_of(ctx, mine, mine[0])
        yield Finding(
            "play-to-partners-ten-lead", frozenset(mine), frozenset({ace}), "worse",
            say("following.play_to_partners_ten_lead.reason-2"),
            say("following.play_to_partners_ten_lead.why-2"),
        )
    elif Q in ranks:
        yield Finding(
            "play-to-partners-ten-lead", frozenset(mine), frozenset({mine[-1]}), "worse",
            say("following.play_to_partners_ten_lead.reason-3"),
            say("following.play_to_partners_ten_lead.why-3"),
        )


def do_not_overtake_touching_honour(ctx: Context) -> Iterable[Finding]:
    """Partner's honour is winning and your higher cards only touch it (no unplayed card of
    another hand lies between): overtaking spends two equal cards on one trick. Cavendish ch.
    "Third hand" (holding the queen, pass the ten led; 000 HNT 11: a queen lead is from A-K-Q or
    Q-J…, so with the king you never overtake it)."""
    mine = _third_on_partners_lead(ctx)
    if not mine:
        return
    led = _led(ctx)
    higher = [c for c in mine if c.rank > led.rank]
    if led.rank < T or not higher:
        return
    if any(_between_unseen(ctx, led, c) for c in higher):
        return
    yield Finding(
        "do-not-overtake-touching-honour", frozenset(mine), frozenset({mine[-1]}), "worse",
        say("following.do_not_overtake_touching_honour.reason"),
        say("following.do_not_overtake_touching_honour.why"),
        {"led": led},
    )


def third_hand_finesse_ace_queen(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. "Third hand": "With ace, queen (and, of course, ace, queen, knave, &c., in
    sequence) you do finesse", for the finesse cannot be left to partner; 000 LST 13 «прорезать
    дамой»; the Victorian manual (rule 19). Over a small card only: if second hand has put on the
    knave, old Hoyle warns against finessing (the king is probably on your left) -- play the ace."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) != 3 or _led(ctx).rank >= T:
        return
    ranks = {c.rank for c in mine}
    if A not in ranks or Q not in ranks or K in ranks:
        return
    suit = mine[0].suit
    if Card(suit, K) not in k.unseen or k.winning_card is None or k.winning_card.rank >= J:
        return
    queen = next(c for c in mine if c.rank == Q)
    if not queen.beats(k.winning_card, k.trump):  # second hand has trumped: nothing to finesse
        return
    card = _lowest_winning_of(ctx, mine, queen)
    yield Finding(
        "third-hand-finesse-ace-queen", frozenset(mine), frozenset({card}), "worse",
        say("following.third_hand_finesse_ace_queen.reason"),
        say("following.third_hand_finesse_ace_queen.why"),
    )


def third_hand_high(ctx: Context) -> Iterable[Finding]:
    """000 LST 14: on partner's lead play your highest -- as high as needed: the lowest of the top
    sequence (HNT 9), never a card that cannot win the trick, never over partner's sure trick
    (Cavendish ch. "Third hand": you play your highest, "remembering that you play the lowest of a
    sequence"; K-J is not finessed)."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) != 3 or k.winning_card is None:
        return
    if not mine[0].beats(k.winning_card, k.trump):
        return
    if k.winning_seat == k.partner and k.is_master(k.winning_card):
        return
    top = _group_of(ctx, mine, mine[0])
    yield Finding(
        "third-hand-high", frozenset(mine), frozenset(c for c in top if c.beats(k.winning_card, k.trump)), "worse",
        say("following.third_hand_high.reason"),
        say("following.third_hand_high.why"),
    )


# -- fourth hand and any hand -------------------------------------------------------------------


def win_as_cheaply_as_possible(ctx: Context) -> Iterable[Finding]:
    """Fourth hand (Cassell: beat the three cards on the table unless partner has the trick;
    Cavendish): when the opponents are winning and you can win, win with the lowest card that
    does -- the lowest of a sequence."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) != 4 or k.winning_seat is None or k.winning_seat.side is k.seat.side:
        return
    beaters = _beaters(ctx, mine)
    if not beaters:
        return
    cheapest = min(beaters, key=lambda c: c.rank)
    group = _group_of(ctx, mine, cheapest)
    yield Finding(
        "win-as-cheaply-as-possible", frozenset(mine), frozenset(c for c in group if c in beaters), "worse",
        say("following.win_as_cheaply_as_possible.reason"),
        say("following.win_as_cheaply_as_possible.why"),
    )


def play_low_when_not_winning(ctx: Context) -> Iterable[Finding]:
    """EB "Whist"; Cassell (fourth hand): when you cannot win the trick, or partner is winning it
    and need not be helped, play your lowest card."""
    mine = _following(ctx)
    k = ctx.k
    if not mine or _hand(ctx) == 2 or k.winning_card is None:
        return
    cannot = not _beaters(ctx, mine)
    partner_wins = k.winning_seat == k.partner and (_hand(ctx) == 4 or k.is_master(k.winning_card))
    if not (cannot or partner_wins):
        return
    reason = (
        say("following.play_low_when_not_winning.text")
        if k.winning_seat == k.partner
        else say("following.play_low_when_not_winning.text-2")
    )
    yield Finding(
        "play-low-when-not-winning", frozenset(mine), frozenset({mine[-1]}), "worse", reason,
        say("following.play_low_when_not_winning.text-3"),
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
                say("following.win_with_lower_of_equals.reason"),
                say("following.win_with_lower_of_equals.why"),
            )
