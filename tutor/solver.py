"""Double-dummy analysis: how many tricks each card is worth when all four hands are known.

The solver is Bo Haglund's DDS as bundled by endplay (MIT). Whist is played exactly like bridge
card play -- follow suit, highest trump or highest card of the suit led wins, the winner leads
(000 "Масти и взятки" 1-3) -- so DDS answers whist positions without change. The rules engine
(:mod:`tutor.play`) never calls the solver; here it only replays the tricks already played, and
DDS receives the cards still held and the trick in progress.

What the numbers mean (the contract every caller relies on): :attr:`Solution.tricks` maps EVERY
legal card of the player to move to the number of tricks his side takes from here on with best
play by all four hands, counting the trick in progress and every later one (what DDS reports).
:attr:`Solution.won` is what his side already holds from complete tricks, so
:meth:`Solution.total` is his side's tricks over the whole deal.

We talk to endplay's low-level DDS bindings (``endplay._dds``) rather than through endplay's
``Deal``: filling the C structures from our suit masks costs microseconds, where building and
parsing endplay objects per sample would dominate a Monte-Carlo run (see bench/bench_simulate.py),
and the raw calls return DDS's error codes, which we turn into :class:`SolverError`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import endplay._dds as _dds

from tutor.cards import Card, Hand, Rank, Suit
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.play import PlayState, Trick, follow_suit, parse_history, trick_winner
from tutor.seats import Seat, Side

__all__ = ["SolverError", "DDPosition", "Position", "Solution", "solve", "solve_many", "set_threads", "BATCH_LIMIT"]

#: DDS solves at most this many boards in one threaded batch call.
BATCH_LIMIT: int = int(_dds.MAXNOOFBOARDS)

_NT = 4  # DDS's denomination code for no trumps (suits are 0-3 in PBN order, as ours)

# DDS keeps per-thread search memory: SolveBoard uses slot 0 and SolveAllBoardsBin all of them,
# so two Python threads (the app serves each session in its own thread) must not call it at once.
_DDS_LOCK = threading.Lock()


class SolverError(WhistError):
    """A position the solver cannot analyse: inconsistent hands, nothing left to play, a DDS failure."""


def _four_hands(hands: Sequence[Hand]) -> tuple[Hand, Hand, Hand, Hand]:
    """The hands of N, E, S and W, in that order, as the fixed-size tuple a :class:`DDPosition` holds."""
    north, east, south, west = hands
    return north, east, south, west


@dataclass(frozen=True)
class DDPosition:
    """A point in the play with all four hands known (double dummy): the input of both solvers.
    Not :class:`tutor.seatview.SeatView`, which is what one seat sees.

    ``hands`` are the cards each seat still holds; ``current`` the cards already played to the
    unfinished trick, led by ``leader``; ``won`` the complete tricks each side holds (NS, EW).
    Hand sizes must fit the trick in progress: those who have played to it hold one card fewer.
    """

    hands: tuple[Hand, Hand, Hand, Hand]
    trump: Suit | None
    leader: Seat
    current: tuple[Card, ...] = ()
    won: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(self.hands))
        object.__setattr__(self, "current", tuple(self.current))
        object.__setattr__(self, "won", tuple(self.won))
        if len(self.hands) != 4:
            raise SolverError(f"a position has four hands, got {len(self.hands)}")
        if len(self.current) > 3:
            raise SolverError("a trick in progress has at most three cards; a fourth closes it")
        seen: set[Card] = set()
        for hand in self.hands:
            for card in hand:
                if card in seen:
                    raise SolverError(f"card {card} is held twice")
                seen.add(card)
        for card in self.current:
            if card in seen:
                raise SolverError(f"card {card} is both in the current trick and in a hand")
            seen.add(card)
        played_now = {Seat((self.leader + i) % 4) for i in range(len(self.current))}
        sizes = [len(self.hands[s]) + (1 if s in played_now else 0) for s in Seat]
        if len(set(sizes)) != 1:
            detail = ", ".join(f"{s.name} {len(self.hands[s])}" for s in Seat)
            raise SolverError(f"hand sizes do not fit the trick in progress: {detail}")
        left = sizes[0]
        if left == 0:
            raise SolverError("nothing is left to play: the deal is over")
        if sum(self.won) + left > 13 or min(self.won) < 0:
            raise SolverError(f"tricks won {self.won} and {left} still to play exceed 13")

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: PlayState) -> DDPosition:
        """The position reached by a :class:`~tutor.play.PlayState` (all hands known)."""
        if state.is_over:
            raise SolverError("nothing is left to play: the deal is over")
        return cls(
            hands=_four_hands([state.hand(s) for s in Seat]),
            trump=state.trump,
            leader=state.leader,
            current=tuple(state.current),
            won=(state.tricks_won(Side.NS), state.tricks_won(Side.EW)),
        )

    @classmethod
    def from_deal(
        cls, deal: Deal, *, leader: Seat | None = None, played: str | Sequence[Trick] = ()
    ) -> DDPosition:
        """Replay ``played`` (the laws checked by :class:`PlayState`) from ``deal``.

        ``leader`` overrides who leads the first trick (by default the dealer's left-hand
        opponent, 000 "Сдача" 17); a record of tricks names its own first leader, which must agree.
        """
        tricks = parse_history(played)
        if leader is not None and leader != deal.leader:
            deal = deal.rotated_to(leader.rho)  # the leader sits on the dealer's left
        try:
            state = PlayState.from_history(deal, tricks)
        except WhistError as exc:
            raise SolverError(f"cannot replay the tricks played: {exc}") from None
        return cls.from_state(state)

    # -- queries ----------------------------------------------------------------------------
    @property
    def to_play(self) -> Seat:
        return Seat((self.leader + len(self.current)) % 4)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the one in progress included."""
        return len(self.hands[self.leader]) + (1 if self.current else 0)

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the player to move may play (follow suit if able, 000 "Масти и взятки" 1)."""
        return follow_suit(self.hands[self.to_play], self.current[0].suit if self.current else None)

    def won_by(self, side: Side) -> int:
        return self.won[0 if side is Side.NS else 1]

    def after(self, card: Card) -> DDPosition:
        """The position once the player to move plays ``card`` (checked against the laws)."""
        if card not in self.legal_cards():
            raise SolverError(f"{self.to_play.name} may not play {card} here")
        hands = list(self.hands)
        hands[self.to_play] = hands[self.to_play].without(card)
        current = self.current + (card,)
        if len(current) < 4:
            return DDPosition(_four_hands(hands), self.trump, self.leader, current, self.won)
        winner = trick_winner(self.leader, current, self.trump)
        won = (self.won[0] + 1, self.won[1]) if winner.side is Side.NS else (self.won[0], self.won[1] + 1)
        return DDPosition(_four_hands(hands), self.trump, winner, (), won)


@dataclass(frozen=True)
class Solution:
    """Double-dummy values of every legal card of the player to move.

    ``tricks[card]``: tricks the mover's side takes from now on (the trick in progress included)
    after playing ``card``, all four hands then playing their best. ``won``: tricks that side
    already took. ``total(card)`` is its count for the whole deal.
    """

    to_play: Seat
    leader: Seat
    trump: Suit | None
    tricks: Mapping[Card, int]
    won: int = 0
    tricks_left: int = field(default=0)

    @classmethod
    def of(cls, pos: DDPosition, tricks: Mapping[Card, int]) -> Solution:
        """The solution of ``pos`` whose legal cards are worth ``tricks``: the one way both
        solvers (DDS here, :mod:`tutor.minimax`) state their answer."""
        return cls(to_play=pos.to_play, leader=pos.leader, trump=pos.trump, tricks=tricks,
                   won=pos.won_by(pos.to_play.side), tricks_left=pos.tricks_left)

    def __post_init__(self) -> None:
        ordered = dict(sorted(self.tricks.items(), key=lambda kv: kv[0].index))
        object.__setattr__(self, "tricks", MappingProxyType(ordered))

    def __hash__(self) -> int:
        return hash((self.to_play, self.leader, self.trump, tuple(self.tricks.items()), self.won, self.tricks_left))

    @property
    def side(self) -> Side:
        return self.to_play.side

    @property
    def best(self) -> int:
        """The most tricks (from now on) the mover's side can take."""
        return max(self.tricks.values())

    def best_cards(self) -> tuple[Card, ...]:
        """The cards worth :attr:`best` (the double-dummy answer to "which card?"), in suit order."""
        top = self.best
        return tuple(c for c, t in self.tricks.items() if t == top)

    def total(self, card: Card) -> int:
        """Tricks of the mover's side over the whole deal if ``card`` is played now."""
        return self.won + self.tricks[card]

    def totals(self) -> dict[Card, int]:
        return {c: self.won + t for c, t in self.tricks.items()}

    def as_json(self) -> dict[str, Any]:
        """The ``solve`` command's shape: ``{"leader": "S", "tricks": {"S4": 7, …}}``; tricks
        for the side of the player to move over the whole deal (won so far included)."""
        return {"leader": self.to_play.name, "tricks": {str(c): self.won + t for c, t in self.tricks.items()}}

    def __repr__(self) -> str:
        cards = ", ".join(f"{c!r}: {t}" for c, t in self.tricks.items())
        return (f"Solution(to_play={self.to_play!r}, leader={self.leader!r}, trump={self.trump!r}, "
                f"tricks={{{cards}}}, won={self.won}, tricks_left={self.tricks_left})")


#: The old name of :class:`DDPosition`, still imported by the bench scripts and the solver's tests;
#: new code says ``DDPosition`` (what one seat sees is :class:`tutor.seatview.SeatView`).
Position = DDPosition


# -- DDS plumbing --------------------------------------------------------------------------------
def _fill(dl: _dds.deal, pos: DDPosition) -> None:
    """Write ``pos`` into a DDS ``deal`` struct: suit masks use bit ``rank`` (2..14)."""
    dl.trump = _NT if pos.trump is None else int(pos.trump)
    dl.first = int(pos.leader)
    for i in range(3):
        if i < len(pos.current):
            dl.currentTrickSuit[i] = int(pos.current[i].suit)
            dl.currentTrickRank[i] = int(pos.current[i].rank)
        else:
            dl.currentTrickSuit[i] = 0
            dl.currentTrickRank[i] = 0
    for seat in Seat:
        masks = [0, 0, 0, 0]
        for card in pos.hands[seat]:
            masks[card.suit] |= 1 << int(card.rank)
        row = dl.remainCards[seat]
        for s in range(4):
            row[s] = masks[s]


_CARD_BY_SUIT_RANK = {(int(c.suit), int(c.rank)): c for s in Suit for c in (Card(s, Rank(r)) for r in range(2, 15))}


def _read(fut: _dds.futureTricks, pos: DDPosition) -> Solution:
    """Expand DDS's answer (one entry per run of equal cards) to every legal card."""
    tricks: dict[Card, int] = {}
    for i in range(fut.cards):
        score = fut.score[i]
        if score < 0:
            continue
        suit = fut.suit[i]
        holding = (1 << fut.rank[i]) | fut.equals[i]
        for r in range(2, 15):
            if holding >> r & 1:
                tricks[_CARD_BY_SUIT_RANK[(suit, r)]] = score
    legal = set(pos.legal_cards())
    if set(tricks) != legal:
        raise SolverError(
            f"DDS returned cards {sorted(map(str, tricks))} for legal cards {sorted(map(str, legal))}"
        )
    return Solution.of(pos, tricks)


def _as_position(item: DDPosition | Deal | PlayState) -> DDPosition:
    if isinstance(item, DDPosition):
        return item
    if isinstance(item, Deal):
        return DDPosition.from_deal(item)
    if isinstance(item, PlayState):
        return DDPosition.from_state(item)
    raise SolverError(f"not a position: {item!r}")


def solve(
    deal: Deal | DDPosition | PlayState,
    *,
    leader: Seat | None = None,
    played: str | Sequence[Trick] = (),
) -> Solution:
    """Double-dummy value of every legal card of the player to move (one DDS call).

    >>> from tutor.deal import Deal
    >>> d = Deal.from_pbn("N:A... K... Q... J...", trump="NT")
    >>> solve(d, leader=Seat.N).tricks
    mappingproxy({Card.parse('SA'): 1})
    """
    if isinstance(deal, Deal):
        pos = DDPosition.from_deal(deal, leader=leader, played=played)
    else:
        if leader is not None or played:
            raise SolverError("leader and played apply to a Deal, not to a position")
        pos = _as_position(deal)
    dl = _dds.deal()
    _fill(dl, pos)
    fut = _dds.futureTricks()
    try:
        with _DDS_LOCK:
            _dds.SolveBoard(dl, 0, 3, 1, fut, 0)
    except _dds.DDSError as exc:
        raise SolverError(f"DDS cannot solve this position: {exc}") from None
    return _read(fut, pos)


def solve_many(
    positions: Iterable[DDPosition | Deal | PlayState],
    *,
    chunk: int = BATCH_LIMIT,
    progress: Callable[[int, int], None] | None = None,
) -> list[Solution]:
    """Solve many positions with DDS's threaded batch call (``SolveAllBoardsBin``).

    Positions go to DDS ``chunk`` at a time (at most :data:`BATCH_LIMIT`); after each chunk
    ``progress(done, total)`` is called, so a long run can show a bar.
    """
    items = [_as_position(p) for p in positions]
    chunk = max(1, min(int(chunk), BATCH_LIMIT))
    out: list[Solution] = []
    total = len(items)
    for start in range(0, total, chunk):
        part = items[start:start + chunk]
        bop = _dds.boards()
        bop.noOfBoards = len(part)
        for i, pos in enumerate(part):
            _fill(bop.deals[i], pos)
            bop.target[i] = 0
            bop.solutions[i] = 3
            bop.mode[i] = 1
        solved = _dds.solvedBoards()
        try:
            with _DDS_LOCK:
                _dds.SolveAllBoardsBin(bop, solved)
        except _dds.DDSError as exc:
            raise SolverError(f"DDS cannot solve the batch: {exc}") from None
        for i, pos in enumerate(part):
            out.append(_read(solved.solvedBoard[i], pos))
        if progress is not None:
            progress(len(out), total)
    return out


_THREADS: list[int] = [0]  # what DDS was last told in this process (0: its default, one per core)


def set_threads(n: int) -> None:
    """How many threads DDS's batch call uses in this process (0: one per core, DDS's default).

    Why: K worker processes on one machine (``tutor analyse --workers K``) each running a thread
    per core would oversubscribe the cores; each takes its share instead. Results never depend on
    it (DDS's answer is exact); calling it again with the same number costs nothing."""
    n = max(0, int(n))
    with _DDS_LOCK:
        if _THREADS[0] != n:
            _dds.SetMaxThreads(n)
            _THREADS[0] = n
