"""The puzzle library's positions and the two rules that need no solver (issue 26, point 2).

A position comes from one of three sources, all seeded:

- ``random``: a random deal, East dealing, South on the opening lead;
- ``constrained``: South's hand dealt to a shape that makes the lead a choice (two suits of four or
  more, four or five trumps, honours spread over suits), the rest at random;
- ``robots``: a deal the four robots play by the maxims (each seat's card is the conventions
  engine's own card for what the seat sees, so every card of a history is conventional, as
  ``tutor check`` proves it), stopped at a South turn: a later lead or a return, second, third or
  fourth hand, a discard.

A position becomes a :class:`Draft` only when it holds a **real decision** (:func:`decide`): the
engine names a maxim, at least two candidates are plausible (for a lead, two suits a player would
consider; for a play, cards that do different things), and every other card is ``worse`` or
``bad`` -- cards the engine rates ``equal`` are accepted, with its reason, and more than two such
cards mean there is nothing to decide. :func:`pattern_key` says what makes two drafts near-copies
(the same holding pattern, the same deciding maxim, the same alternatives); the build keeps the
first of each. The third rule, that the double-dummy evidence agrees or the puzzle says why not,
needs the solver and is :mod:`tutor.puzzle_build`'s.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from tutor.cards import CARDS, Card, Hand, Rank, Suit
from tutor.content.engine import CardVerdict, EngineCard, advise_position, position_of
from tutor.content.models import Puzzle
from tutor.content.quality import history_faults
from tutor.conventions import advise
from tutor.conventions.catalogue import get_maxim
from tutor.deal import Deal
from tutor.play import PlayState, parse_history
from tutor.seats import Seat
from tutor.seatview import SeatView

__all__ = ["KINDS", "Turn", "Draft", "positions", "decide", "puzzle_key", "pattern_key", "holding_pattern", "themes_of",
           "difficulty_of", "plausible_suits"]

#: What South is asked, by where the position comes from in the play.
KINDS: tuple[str, ...] = ("opening-lead", "later-lead", "return", "second-hand", "third-hand", "fourth-hand",
                          "discard")
#: The tricks a robots' game is stopped in: early, where the decisions are the books' and a history
#: is short enough to read (and cheap to prove).
LAST_TRICK = 5


@dataclass(frozen=True)
class Turn:
    """A South turn: the whole deal, who dealt, the tricks played so far (``""`` at the opening lead)."""

    source: str
    kind: str
    deal: Deal
    played: str

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    def view(self) -> SeatView:
        state = PlayState.from_history(self.deal, self.played) if self.played else PlayState(self.deal)
        return SeatView.from_state(state, Seat.S)


@dataclass(frozen=True)
class Draft:
    """A position that holds a real decision, with the engine's card and what makes it a problem."""

    position: Turn
    advice: EngineCard
    plausible: tuple[Card, ...]  # one card standing for each plausible candidate other than the answer
    accepted: tuple[CardVerdict, ...]  # the engine's ``equal`` cards
    key: tuple[object, ...]

    @property
    def deciding(self) -> str:
        return self.advice.maxims[0]


# -- dealing -----------------------------------------------------------------------------------

#: South's suit lengths for a constrained deal: shapes where two suits (or the trumps) compete.
SHAPES: tuple[tuple[int, int, int, int], ...] = (
    (4, 4, 3, 2), (5, 4, 2, 2), (4, 4, 4, 1), (5, 3, 3, 2), (4, 3, 3, 3), (5, 4, 3, 1), (6, 3, 2, 2), (5, 5, 2, 1),
    (4, 4, 3, 2), (5, 4, 2, 2),
)


def _constrained(rng: random.Random) -> Deal:
    """South's hand to a competing shape (the trumps drawn as one of its suits, often a long one),
    then the rest at random; East deals, so South leads first."""
    shape = list(rng.choice(SHAPES))
    rng.shuffle(shape)
    by_suit = {s: [c for c in CARDS if c.suit == s] for s in Suit}
    south: list[Card] = []
    for suit, n in zip(Suit, shape):
        cards = by_suit[suit][:]
        # honours a little likelier than chance: a hand where the honours decide, not a Yarborough
        weights = [3.0 if c.rank >= Rank.TEN else 1.0 for c in cards]
        chosen: list[Card] = []
        while len(chosen) < n:
            c = rng.choices(cards, weights)[0]
            i = cards.index(c)
            cards.pop(i)
            weights.pop(i)
            chosen.append(c)
        south.extend(chosen)
    long_suits = [s for s, n in zip(Suit, shape) if n >= 4]
    trump = rng.choice(long_suits) if long_suits and rng.random() < 0.35 else rng.choice(list(Suit))
    trump_card = rng.choice([c for c in CARDS if c.suit == trump and c not in south])
    rest = [c for c in CARDS if c not in south and c != trump_card]
    rng.shuffle(rest)
    hands = {Seat.S: Hand(south), Seat.E: Hand([trump_card, *rest[:12]]), Seat.N: Hand(rest[12:25]),
             Seat.W: Hand(rest[25:38])}
    return Deal(hands, dealer=Seat.E, trump_card=trump_card)


def _kind_of(view: SeatView) -> str:
    on_table = view.on_table
    if not on_table:
        if not view.tricks:
            return "opening-lead"
        partner = view.seat.partner
        led_by_partner = {t.suit_led for t in view.tricks if t.leader == partner}
        return "return" if led_by_partner else "later-lead"
    led = on_table[0].suit
    if not any(c.suit == led for c in view.remaining):
        return "discard"
    return ("second-hand", "third-hand", "fourth-hand")[len(on_table) - 1]


def _robots_game(rng: random.Random) -> Iterator[Turn]:
    """A deal played out by the maxims; each South turn with a choice in the first tricks."""
    deal = Deal.random(rng, dealer=rng.choice(list(Seat)))
    state = PlayState(deal)
    while not state.is_over and state.trick_number <= LAST_TRICK:
        seat = state.to_play
        legal = state.legal_cards()
        view = SeatView.from_state(state, seat)
        if seat == Seat.S and len(legal) >= 2 and (state.tricks or state.current):
            yield Turn("robots", _kind_of(view), deal, state.history())
        card = legal[0] if len(legal) == 1 else advise(view).card
        state.play(card)


def positions(seed: int, leads: bool) -> Iterator[Turn]:
    """An endless, seeded stream of positions: opening leads (random and constrained deals) when
    ``leads``, else the South turns of robots' games (later leads, returns and plays)."""
    rng = random.Random(f"whist-library|{seed}|{'lead' if leads else 'play'}")
    while True:
        if leads:
            if rng.random() < 0.5:
                yield Turn("random", "opening-lead", Deal.random(rng, dealer=Seat.E), "")
            else:
                yield Turn("constrained", "opening-lead", _constrained(rng), "")
        else:
            yield from _robots_game(rng)


# -- rule (a): a real decision ------------------------------------------------------------------

def holding_pattern(cards: Sequence[Card]) -> str:
    """A suit's holding as a pattern: honours (ten and up) by rank, the rest ``x`` (``KJxx``; ``-`` void)."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    return "".join(str(Card(Suit.S, r))[1:] if r >= Rank.TEN else "x" for r in ranks) or "-"


def plausible_suits(view: SeatView) -> list[Suit]:
    """The suits a player would consider leading: four cards or more, or an honour (jack and up)."""
    held = view.remaining
    out = []
    for s in Suit:
        cards = [c for c in held if c.suit == s]
        if len(cards) >= 4 or any(c.rank >= Rank.JACK for c in cards):
            out.append(s)
    return out


def _runs(view: SeatView, cards: Sequence[Card]) -> dict[Card, int]:
    """Cards of one suit that are equals (touching, counting the cards already played between them)."""
    gone = {c for t in view.tricks for c in t.cards} | set(view.on_table)
    out: dict[Card, int] = {}
    group = 0
    for s in Suit:
        prev: Rank | None = None
        for r in sorted((c.rank for c in cards if c.suit == s), reverse=True):
            if prev is None or any(Card(s, x) not in gone for x in range(r + 1, prev)):
                group += 1
            out[Card(s, r)] = group
            prev = r
    return out


def _beats_table(view: SeatView, card: Card) -> bool:
    on_table = view.on_table
    if not on_table:
        return False
    led = on_table[0].suit
    trump = view.trump

    def power(c: Card) -> int:
        if trump is not None and c.suit == trump:
            return 200 + c.rank
        return 100 + c.rank if c.suit == led else 0

    return power(card) > max(power(c) for c in on_table)


def decide(position: Turn) -> Draft | str:
    """The draft of ``position``, or why it holds no real decision: ``no-maxim``, ``one-candidate``
    (fewer than two plausible candidates), ``many-equal`` (more than two cards the engine rates
    as good as its own), ``odd-history`` (the robots' tricks so far hold a play no player makes:
    :func:`tutor.content.quality.history_faults`)."""
    if position.played and history_faults(position.deal, parse_history(position.played)):
        return "odd-history"
    got = _judge(position.kind, position.view())
    if isinstance(got, str):
        return got
    advice, plausible, equal, key = got
    return Draft(position, advice, plausible, equal, key)


def puzzle_key(puzzle: Puzzle) -> tuple[object, ...] | None:
    """The near-copy key (:func:`pattern_key`) of a puzzle the build wrote, from what South sees
    in it (its kind read from its id, ``PREFIX-SEED-KIND-N``); None when it is not the build's or
    holds no real decision. What a build beside an existing library checks its drafts against, so
    a second seed keeps no near-copy of the first's puzzles."""
    parts = puzzle.id.split("-", 2)
    kind = parts[2].rsplit("-", 1)[0] if len(parts) == 3 else ""
    if kind not in KINDS:
        return None
    got = _judge(kind, position_of(puzzle))
    return None if isinstance(got, str) else got[3]


def _judge(kind: str, view: SeatView) -> tuple[EngineCard, tuple[Card, ...], tuple[CardVerdict, ...],
                                               tuple[object, ...]] | str:
    """:func:`decide` on South's view: (the advice, the plausible alternatives, the accepted
    cards, the near-copy key), or why there is no real decision."""
    advice = advise_position(view)
    if not advice.maxims:
        return "no-maxim"
    equal = tuple(c for c in advice.candidates if c.verdict == "equal" and c.card != advice.card)
    if len(equal) > 2:
        return "many-equal"
    answer = advice.card
    worse = [c for c in advice.candidates if c.verdict == "worse"]
    if view.is_lead:
        suits = plausible_suits(view)
        # a suit is a candidate when the engine rates some card of it only ``worse`` (not ``bad``)
        others = [s for s in suits if s != answer.suit and any(c.card.suit == s for c in worse)]
        if answer.suit not in suits or not others:
            return "one-candidate"
        # each other plausible suit stands by the card the engine judges first in it
        plausible = tuple(next(c.card for c in worse if c.card.suit == s) for s in others)
    else:
        runs = _runs(view, [answer, *(c.card for c in worse)])
        wins = _beats_table(view, answer)
        plausible = tuple(c.card for c in worse if runs[c.card] != runs[answer]
                          and (_beats_table(view, c.card) != wins or (c.card.rank >= Rank.TEN) != (answer.rank >= Rank.TEN)
                               or c.card.suit != answer.suit))
        if not plausible:
            return "one-candidate"
        seen: set[int] = set()
        plausible = tuple(c for c in plausible if not (runs[c] in seen or seen.add(runs[c])))  # type: ignore[func-returns-value]
    key = pattern_key(kind, view, advice, plausible)
    return advice, plausible[:3], equal, key


def pattern_key(kind: str, view: SeatView, advice: EngineCard, plausible: Sequence[Card]) -> tuple[object, ...]:
    """What two near-copies share: the kind of turn, the deciding maxim, the answer's holding
    pattern (``KJxx``), the alternatives as a player sees them at a glance (each one's top honour,
    its length, whether it is trumps), and for a play the cards on the table as patterns."""
    held = view.remaining
    trump = view.trump

    def glance(s: Suit) -> str:
        cards = [c for c in held if c.suit == s]
        top = holding_pattern(cards)[0]
        return f"{top}{min(len(cards), 5)}" + ("t" if s == trump else "")

    mine = holding_pattern([c for c in held if c.suit == advice.card.suit])
    table = tuple(holding_pattern([c]) for c in view.on_table)
    return (kind, advice.maxims[0], mine + ("t" if advice.card.suit == trump else ""),
            tuple(sorted(glance(c.suit) for c in plausible)), table)


# -- what the build writes from a draft ----------------------------------------------------------------

#: Themes by the deciding maxim's id (first match of a prefix), then by the catalogue's category.
_THEME_BY_ID: tuple[tuple[str, str], ...] = (
    ("king-third", "king-third"), ("ace-", "ace-leads"), ("coronka", "honour-sequences"),
    ("quart-major", "honour-sequences"), ("top-of-touching", "honour-sequences"), ("avoid-", "bad-leads"),
    ("never-lead", "bad-leads"), ("answer-the-call", "call-for-trumps"), ("call", "call-for-trumps"),
    ("return", "returns"), ("second-hand", "second-hand"), ("third-hand", "third-hand"), ("cover", "covering"),
    ("ruff", "ruffing"), ("discard", "discards"), ("trump", "trumps"), ("lead-trumps", "trumps"),
    ("few-trumps", "trumps"), ("lead-low-from-long-trumps", "trumps"), ("thirteenth", "thirteenth-card"),
)
_THEME_BY_KIND = {"opening-lead": "opening-lead", "later-lead": "returns", "return": "returns",
                  "second-hand": "second-hand", "third-hand": "third-hand", "fourth-hand": "following-suit",
                  "discard": "discards"}


def themes_of(draft: Draft) -> list[str]:
    """The puzzle's themes: the turn's, then each of the deciding maxims' (in order, once)."""
    out = [_THEME_BY_KIND[draft.position.kind]]
    for m in draft.advice.maxims[:2]:
        for prefix, theme in _THEME_BY_ID:
            if m.startswith(prefix) or f"-{prefix}" in m:
                if theme not in out:
                    out.append(theme)
                break
    return out


#: Maxim categories a beginner meets first; the others (the trumps' signals, the later play) ask more.
_BASIC = frozenset({"lead-card", "lead-suit"})


def difficulty_of(draft: Draft, dd_trap: bool) -> int:
    """1 to 5 from the position: the plausible candidates (more is harder), how close the best of
    them comes (a longer suit, or a higher honour, than the answer's: tempting), a history to
    read, a deciding maxim beyond the first lessons', and a double-dummy best card that is not the
    answer (``dd_trap``: the solver, too, would be tempted)."""
    view = draft.position.view()
    held = view.remaining
    answer = draft.advice.card
    mine = [c for c in held if c.suit == answer.suit]
    score = min(len(draft.plausible), 2)
    for alt in draft.plausible:
        theirs = [c for c in held if c.suit == alt.suit]
        if len(theirs) > len(mine) or max(c.rank for c in theirs) > max(c.rank for c in mine):
            score += 1
            break
    if draft.position.kind != "opening-lead":
        score += 1
    try:
        category = get_maxim(draft.deciding).category
    except Exception:  # noqa: BLE001 - an unknown id is the linter's to report
        category = ""
    if category not in _BASIC:
        score += 1
    if dd_trap:
        score += 1
    return max(1, min(5, score))
