"""A small exact double-dummy solver in pure Python: the oracle DDS is checked against.

It shares nothing with DDS but the laws of play, so agreement on hundreds of random endings
(tests/test_solver_oracle.py) is real evidence that :mod:`tutor.solver` hands DDS the right
position and reads its answer the right way (whose side, which tricks, the trick in progress).

Method: plain minimax over the cards, the side of the player to move maximising its own
tricks; values at the start of each trick are memoised (the same four hands and leader recur by
transposition), alpha-beta prunes inside a trick, and of a run of cards that are equal in
play (no live card of the suit lies between them, counting the trick in progress) only one is
searched. Meant for endings of up to five cards a hand; it refuses larger positions rather than
run for minutes.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.cards import Card, Suit
from tutor.seats import Seat
from tutor.solver import DDPosition, Solution, SolverError

__all__ = ["solve_ending", "MAX_CARDS"]

#: The largest hand :func:`solve_ending` accepts.
MAX_CARDS: int = 5

_NS = (True, False, True, False)  # seat index -> is North-South


#: A seat's cards as four rank bitmasks, one per suit; all four seats' rows make the hands.
_Hands = tuple[tuple[int, ...], ...]
#: The cards of the trick so far, as (suit, rank) pairs of ints.
_Trick = tuple[tuple[int, int], ...]


def _masks(pos: DDPosition) -> _Hands:
    rows: list[tuple[int, ...]] = []
    for seat in Seat:
        row = [0, 0, 0, 0]
        for card in pos.hands[seat]:
            row[card.suit] |= 1 << int(card.rank)
        rows.append(tuple(row))
    return tuple(rows)


class _Search:
    """One search: the trump suit and a memo of trick-start values (NS tricks from there)."""

    def __init__(self, trump: Suit | None) -> None:
        self.trump = -1 if trump is None else int(trump)
        self.memo: dict[tuple[_Hands, int], int] = {}

    # Cards are (suit, rank) pairs of ints here, for speed.
    def moves(self, hands: _Hands, seat: int, current: _Trick) -> list[tuple[int, int]]:
        """One representative (the highest) of each run of equal legal cards."""
        row = hands[seat]
        suits: Sequence[int] = range(4)
        if current and row[current[0][0]]:
            suits = (current[0][0],)
        out: list[tuple[int, int]] = []
        for s in suits:
            mine = row[s]
            if not mine:
                continue
            live = hands[0][s] | hands[1][s] | hands[2][s] | hands[3][s]
            for cs, cr in current:
                if cs == s:
                    live |= 1 << cr
            in_run = False
            for r in range(14, 1, -1):
                bit = 1 << r
                if mine & bit:
                    if not in_run:
                        out.append((s, r))
                        in_run = True
                elif live & bit:
                    in_run = False
        return out

    def winner(self, leader: int, current: _Trick) -> int:
        best = 0
        bs, br = current[0]
        for i in range(1, 4):
            s, r = current[i]
            if (s == bs and r > br) or (s == self.trump and bs != self.trump):
                best, bs, br = i, s, r
        return (leader + best) % 4

    def start(self, hands: _Hands, leader: int) -> int:
        """NS tricks from the start of a trick, exact (memoised)."""
        if not any(hands[leader]):
            return 0
        key = (hands, leader)
        value = self.memo.get(key)
        if value is None:
            left = sum(bin(m).count("1") for m in hands[leader])
            value = self.ply(hands, leader, (), -1, left + 1)
            self.memo[key] = value
        return value

    def ply(self, hands: _Hands, leader: int, current: _Trick, alpha: int, beta: int) -> int:
        """NS tricks from inside a trick, alpha-beta within (alpha, beta)."""
        seat = (leader + len(current)) % 4
        maximise = _NS[seat]
        best = -1 if maximise else 99
        for s, r in self.moves(hands, seat, current):
            row = list(hands[seat])
            row[s] &= ~(1 << r)
            new_hands = hands[:seat] + (tuple(row),) + hands[seat + 1:]
            trick = current + ((s, r),)
            if len(trick) == 4:
                win = self.winner(leader, trick)
                value = (1 if _NS[win] else 0) + self.start(new_hands, win)
            else:
                value = self.ply(new_hands, leader, trick, alpha, beta)
            if maximise:
                if value > best:
                    best = value
                if best > alpha:
                    alpha = best
            else:
                if value < best:
                    best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best


def solve_ending(pos: DDPosition) -> Solution:
    """Exact double-dummy values of every legal card, the same shape as :func:`tutor.solver.solve`.

    ``tricks[card]`` counts the mover's side's tricks from now on, the trick in progress included.
    """
    size = max(len(h) for h in pos.hands)
    if size > MAX_CARDS:
        raise SolverError(f"the minimax oracle takes endings of at most {MAX_CARDS} cards a hand, got {size}")
    search = _Search(pos.trump)
    hands = _masks(pos)
    current = tuple((int(c.suit), int(c.rank)) for c in pos.current)
    seat = int(pos.to_play)
    left = pos.tricks_left
    values: dict[tuple[int, int], int] = {}
    for s, r in search.moves(hands, seat, current):
        row = list(hands[seat])
        row[s] &= ~(1 << r)
        new_hands = hands[:seat] + (tuple(row),) + hands[seat + 1:]
        trick = current + ((s, r),)
        if len(trick) == 4:
            win = search.winner(int(pos.leader), trick)
            ns = (1 if _NS[win] else 0) + search.start(new_hands, win)
        else:
            ns = search.ply(new_hands, int(pos.leader), trick, -1, left + 1)
        values[(s, r)] = ns if _NS[seat] else left - ns
    # Spread each representative's value over the run of equal cards it stands for.
    tricks: dict[Card, int] = {}
    for card in pos.legal_cards():
        s, r = int(card.suit), int(card.rank)
        rep = r
        live = hands[0][s] | hands[1][s] | hands[2][s] | hands[3][s]
        for cs, cr in current:
            if cs == s:
                live |= 1 << cr
        while (s, rep) not in values:
            rep += 1
            while not live >> rep & 1:
                rep += 1
            if not hands[seat][s] >> rep & 1:
                raise SolverError(f"internal: no representative for {card}")  # cannot happen
        tricks[card] = values[(s, rep)]
    return Solution.of(pos, tricks)
