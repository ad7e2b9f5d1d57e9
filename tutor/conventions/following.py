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

from tutor.cards import Card, Rank
from tutor.conventions.rules import Context, Finding, equal_groups, text

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
            text("A queen is led and you hold the ace and the ten: Cassell passes (the tenace waits over the "
                 "leader), EB and others cover with the ace; either is right.",
                 "Пошли с дамы, а у вас туз и десятка: по Касселлу пропускают (вилка ждёт над ходящим), "
                 "«Британника» и другие кроют тузом; верно и то, и другое."),
            text("With ace and ten under a led queen, cover with the ace or pass with your lowest ({best}), not {card}.",
                 "С тузом и десяткой под дамой кроют тузом или пропускают младшей ({best}), а не кладут {card}."),
            accept=True,
        )
        return
    if led.rank == K and led.suit == ctx.k.trump and len(mine) >= 3:
        yield Finding(
            "second-hand-ace-on-honour", frozenset(mine), frozenset({cover, mine[-1]}), "worse",
            text("The king of trumps is led and you hold the ace with two or more: old Hoyle passes it to keep "
                 "the command of trumps, EB puts the ace on; either is right.",
                 "Пошли с козырного короля, а у вас туз и ещё две-три карты: старый Хойл пропускает, чтобы "
                 "сохранить власть в козырях, «Британника» кладёт туза; верно и то, и другое."),
            text("Under the king of trumps led, take with the ace or pass with your lowest ({best}), not {card}.",
                 "Под козырного короля кладут туза или пропускают младшей ({best}), а не {card}."),
            accept=True,
        )
        return
    yield Finding(
        "second-hand-ace-on-honour", frozenset(mine), frozenset({cover}), "worse",
        text("An honour is led and you hold the ace: put it on ({card}); the ace is there to take honours.",
             "Пошли с онера, а у вас туз: кладите его ({card}) — туз для того и есть, чтобы брать онеры."),
        text("On the led {led} play the ace ({best}), not {card}: second hand low does not hold against an honour.",
             "На {led} кладут туза ({best}), а не {card}: «второй рукой маленькую» не относится к онеру."),
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
        text("You hold the cards either side of the led {led}: cover it with {card}, and the card below becomes the master.",
             "У вас карты по обе стороны от {led}: покройте её {card} — тогда младшая из вилки станет старшей."),
        text("With the fourchette over the led {led}, cover with {best}, not {card}.",
             "С вилкой вокруг {led} кроют {best}, а не {card}."),
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
        text("A knave or ten is led: cover it with {card}, the cheapest honour above it.",
             "Пошли с валета или десятки: покройте {card}, младшим онером из тех, что старше."),
        text("Cover the led {led} with an honour ({best}), not {card}.", "Покройте {led} онером ({best}), а не {card}."),
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
        text("With a short king under a led queen, cover with the king or pass with your lowest ({best}), not {card}.",
             "С коротким королём под дамой кроют королём или пропускают младшей ({best}), а не кладут {card}."),
        accept=True,
    )


_SHORT_KING = text(
    "A queen is led and your king is short: Mathews and old Hoyle cover it, EB passes; either is right.",
    "Пошли с дамы, а король у вас короткий: Мэтьюз и старый Хойл кроют, «Британника» пропускает; верно и то, и другое.",
)
_SHORT_KING_WITH_TEN = text(
    "A queen is led and your king is short: Mathews and old Hoyle cover it; EB passes, and so does Cassell "
    "with the ten beside your king (“this gives you a ten ace”); either is right.",
    "Пошли с дамы, а король у вас короткий: Мэтьюз и старый Хойл кроют; «Британника» пропускает, и Касселл "
    "тоже — с десяткой при короле («это даёт вам вилку»); верно и то, и другое.",
)


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
        text("Partner has none of this suit, so nobody after you will win it for your side: take it with {card}.",
             "У партнёра этой масти нет, и за вас взятку никто не возьмёт: берите её {card}."),
        text("Partner is void: win with your master card ({best}) now, not {card}.",
             "Партнёр без масти: берите старшей ({best}) сейчас, а не кладите {card}."),
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
                text("Second hand with a sequence of high cards: put on its lowest ({card}), so third hand cannot win cheaply.",
                     "Второй рукой с ровными старшими картами кладут младшую из них ({card}), чтобы третий не взял дёшево."),
                text("With the sequence {top}-{best} second hand puts on {best}, not {card}.",
                     "С ровными картами {top}-{best} второй рукой кладут {best}, а не {card}."),
                {"top": group[0]},
            )
        return


def second_hand_low(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. "Second hand"; Pole: second hand plays low -- the leader leads from strength,
    your high cards lie over him when the suit comes round (the russian system inherits it)."""
    mine = _second_to_opponent(ctx)
    if not mine:
        return
    yield Finding(
        "second-hand-low", frozenset(mine), frozenset({mine[-1]}), "worse",
        text("Second hand plays low.", "Вторая рука кладёт маленькую."),
        text("Second hand plays low; {card} spends a card partner may not need.",
             "Вторая рука кладёт маленькую; {card} тратится зря."),
    )


# -- third hand ---------------------------------------------------------------------------------


def do_not_overtake_partners_king(ctx: Context) -> Iterable[Finding]:
    """000 LST 15: partner leads the king and you hold the ace -- let it pass, play small."""
    mine = _third_on_partners_lead(ctx, (K,))
    if not mine or mine[0].rank != A or len(mine) < 2:
        return
    yield Finding(
        "do-not-overtake-partners-king", frozenset(mine), frozenset({mine[-1]}), "bad",
        text("Partner led the king and you hold the ace: play small and let his king win.",
             "Партнёр пошёл с короля, а у вас туз: пропустите, положите маленькую."),
        text("{card} wastes a card on partner's king; he led it knowing the ace is with you or out.",
             "{card} — лишнее на короля партнёра: такую карту пропускают."),
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
        text("Ace and one small under partner's king: passing keeps the ace over the suit (Cavendish), overtaking "
             "unblocks it for partner (the Victorian manual); English authorities allow both.",
             "Туз с одной маленькой под королём партнёра: пропустить — туз останется над мастью (Кавендиш), "
             "перебить — освободить масть партнёру (викторианское руководство); английские авторы допускают и то, и другое."),
        text("Under partner's king, pass or overtake with the ace; {card} is neither.",
             "Под королём партнёра пропускают или перебивают тузом; {card} — ни то, ни другое."),
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


def ace_passes_partners_queen(ctx: Context) -> Iterable[Finding]:
    """Cavendish ch. "Third hand": "With ace, you pass queen led" -- you are then placed as if you
    had finessed A-Q over a small card; the Victorian manual (rule 19): "The Ace you should not put
    on your partner's Queen". (English system; the russian one decides by LST 16 first.)"""
    mine = _third_on_partners_lead(ctx, (Q,))
    if not mine or mine[0].rank != A or len(mine) < 2:
        return
    yield Finding(
        "ace-passes-partners-queen", frozenset(mine), frozenset({mine[-1]}), "worse",
        text("Partner led the queen and you hold the ace: pass it; the ace stays over the king.",
             "Партнёр пошёл с дамы, а у вас туз: пропустите — туз останется над королём."),
        text("On partner's queen keep the ace and play small ({best}), not {card}.",
             "На даму партнёра туза не кладут: маленькую ({best}), а не {card}."),
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
        text("Partner led the ace and then the queen: old Hoyle takes the queen with the king so as not to stop "
             "his suit; keeping the king for a trick of its own is just as right.",
             "Партнёр пошёл с туза, потом с дамы: старый Хойл берёт даму королём, чтобы не запереть его масть; "
             "сберечь короля для своей взятки тоже верно."),
        text("Under partner's ace-then-queen, unblock with the king or keep it with a small card, not {card}.",
             "Под тузом и дамой партнёра освободите масть королём или сберегите его, положив маленькую, но не {card}."),
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
        keep, reason = mine[0], text(
            "Partner led the knave and you hold the ace with one small: play the ace, so as not to block his suit.",
            "Партнёр пошёл с валета, а у вас туз с одной маленькой: кладите туза, чтобы не запереть его масть.")
    elif A in ranks or K in ranks:
        keep, reason = mine[-1], text(
            "Partner led the knave: with the ace and more than one small, or the king as your only honour, pass it.",
            "Партнёр пошёл с валета: с тузом и двумя маленькими или с одним королём его пропускают.")
    else:
        return
    yield Finding(
        "play-to-partners-jack-lead", frozenset(mine), frozenset({keep}), "worse", reason,
        text("On partner's knave play {best}, not {card}.", "На валета партнёра кладут {best}, а не {card}."),
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
            text("Partner led the ten and you hold ace and queen: Cavendish takes it if you want the lead now, "
                 "else passes; both are right.",
                 "Партнёр пошёл с десятки, а у вас туз и дама: по Кавендишу берут, если нужен ход сейчас, "
                 "иначе пропускают; верно и то, и другое."),
            text("With ace and queen on partner's ten, take it with the ace or pass with your lowest ({best}), not {card}.",
                 "С тузом и дамой на десятку партнёра берут тузом или пропускают младшей ({best}), а не кладут {card}."),
            accept=True,
        )
    elif A in ranks:
        ace = _lowest_winning_of(ctx, mine, mine[0])
        yield Finding(
            "play-to-partners-ten-lead", frozenset(mine), frozenset({ace}), "worse",
            text("Partner led the ten and you hold the ace: put it on ({card}).", "Партнёр пошёл с десятки, а у вас туз: кладите его ({card})."),
            text("On partner's ten put the ace ({best}), not {card}.", "На десятку партнёра кладут туза ({best}), а не {card}."),
        )
    elif Q in ranks:
        yield Finding(
            "play-to-partners-ten-lead", frozenset(mine), frozenset({mine[-1]}), "worse",
            text("Partner led the ten and you hold the queen: pass it; his lead shows the king and knave.",
                 "Партнёр пошёл с десятки, а у вас дама: пропустите — его ход показывает короля и валета."),
            text("On partner's ten keep the queen and play small ({best}), not {card}.",
                 "На десятку партнёра даму не кладут: маленькую ({best}), а не {card}."),
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
        text("Partner's {led} is as good as your higher card: do not overtake it, play small.",
             "{led} партнёра не хуже вашей старшей карты: не перебивайте, кладите маленькую."),
        text("{card} overtakes partner's {led} with an equal card; play small ({best}).",
             "{card} перебивает {led} партнёра равной картой; кладите маленькую ({best})."),
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
        text("Ace and queen over partner's small card: finesse with {card}; the ace keeps the king in check.",
             "Туз и дама над маленькой партнёра: прорежьте {card} — туз держит короля."),
        text("With ace and queen third hand finesses ({best}), not {card}.",
             "С тузом и дамой третьей рукой прорезают ({best}), а не кладут {card}."),
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
        text("On partner's lead, third hand plays high.", "На карту, с которой вышел партнёр, кладут свою старшую."),
        text("On partner's lead play your highest, not {card}.", "На ход партнёра кладут старшую, а не {card}."),
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
        text("Last to play, win the trick as cheaply as possible.", "Последним берут взятку самой дешёвой картой."),
        text("Win with the cheapest card that wins ({best}); {card} either loses the trick or wastes a higher card.",
             "Берите самой дешёвой картой ({best}); {card} либо отдаёт взятку, либо тратит старшую."),
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
