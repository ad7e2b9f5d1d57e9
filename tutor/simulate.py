"""Monte-Carlo analysis of a lead (or of a card to play) from the student's seat.

The student sees his own hand, the trump card (it lies in the dealer's hand until played, 000
"Сдача" 8-9) and the tricks played so far. Everything else is unknown, and whist has no bidding,
so every layout of the unseen cards that fits what the table has shown is equally likely -- until
the other players' cards have shown something more. We draw layouts exactly
(:class:`tutor.deal.LayoutSampler`, its tables kept for all samples: the trump card stays with the
dealer, cards already played are out, a player who showed out of a suit gets none of it), weighted
by what the student's seat reads from the tricks (:class:`tutor.reading.Reading`, the robots' one
model: a king led shows the ace or the queen, a call four trumps, a first discard a weak suit --
a layout against one of them is kept :data:`tutor.reading.UNLIKELY` as often); an opening lead,
where nothing has been played, draws uniform layouts as before. We solve
each double-dummy with DDS (:func:`tutor.solver.solve_many`, threaded batches) and compare the
candidate cards on the same samples: mean tricks of the student's side over the whole deal,
standard error, the paired difference to the best card with its own standard error (paired
differences are far more precise than the difference of two means), and how often each card is
best or tied best.

Runs are seeded and reproducible; a repeat of the same question is answered from an in-process
LRU cache.
"""

from __future__ import annotations

import math
import random
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.cards import Card, Hand, Suit, parse_card
from tutor.deal import parse_trump
from tutor.errors import DealError, WhistError
from tutor.play import Trick, parse_history
from tutor.reading import Inference, Reading
from tutor.seats import Seat, parse_seat
from tutor.seatview import SeatView
from tutor.solver import BATCH_LIMIT, DDPosition, solve_many

__all__ = [
    "SimulationError",
    "CardStats",
    "LeadAnalysis",
    "student_view",
    "simulate_lead",
    "simulate_play",
    "clear_cache",
    "sample_positions",
    "analysis_from_table",
    "inference_json",
]

#: How many analyses the in-process cache keeps.
CACHE_SIZE = 64


class SimulationError(WhistError):
    """A lead analysis that cannot be run: not the student's turn, a hand that does not fit the
    tricks played, a candidate card that is not legal, too few samples."""


@dataclass(frozen=True)
class CardStats:
    """The figures for one candidate card, in tricks of the student's side over the whole deal."""

    card: Card
    mean: float
    stderr: float
    delta_vs_best: float  # mean minus the best card's mean, paired over the same samples (<= 0)
    delta_stderr: float  # standard error of that paired difference
    best_share: float  # fraction of samples where this card is best or tied best

    def as_json(self) -> dict[str, Any]:
        return {
            "card": str(self.card),
            "mean": round(self.mean, 3),
            "stderr": round(self.stderr, 3),
            "delta_vs_best": round(self.delta_vs_best, 3),
            "delta_stderr": round(self.delta_stderr, 3),
            "best_share": round(self.best_share, 3),
        }


def student_view(
    hand: Hand | str,
    trump_card: Card | Suit | str | None,
    *,
    dealer: Seat | str = Seat.E,
    seat: Seat | str = Seat.S,
    played: str | Sequence[Trick] = (),
) -> SeatView:
    """The student's :class:`~tutor.seatview.SeatView`, checked for an analysis: his turn, the
    deal not over.

    ``hand`` is either his whole hand (13 cards, those already played among them) or what he
    still holds. ``trump_card`` is the turned-up card (a card), or only the trump suit, or
    ``NT``/None for no trumps.
    """
    seat = parse_seat(seat)
    dealer = parse_seat(dealer)
    hand = Hand.parse(hand) if not isinstance(hand, Hand) else hand
    trump, card = parse_trump(trump_card) if not isinstance(trump_card, Card) else (trump_card.suit, trump_card)
    tricks = parse_history(played)
    mine_played = [c for t in tricks for s, c in t.plays() if s == seat]
    if len(hand) == 13 and all(c in hand for c in mine_played):
        whole = hand
    elif len(hand) + len(mine_played) == 13 and not any(c in hand for c in mine_played):
        whole = hand.with_cards(*mine_played)
    else:
        raise SimulationError(
            f"the hand {hand} ({len(hand)} cards) does not fit the {len(mine_played)} cards "
            f"{seat.name} has played: give the whole hand or what is left of it"
        )
    if card is not None and card not in {c for t in tricks for c in t.cards}:
        if dealer == seat and card not in whole:
            raise SimulationError(f"the student deals, so the trump card {card} must be in his hand")
        if dealer != seat and card in whole:
            raise SimulationError(f"the trump card {card} lies with the dealer {dealer.name}, not in {seat.name}'s hand")
    try:
        view = SeatView(whole, card, trump, dealer, tuple(tricks), seat)
    except WhistError as exc:
        raise SimulationError(f"the tricks played do not fit: {exc}") from None
    if len(view.winners) == 13:
        raise SimulationError("the deal is over: all 13 tricks are played")
    if view.to_play != seat:
        raise SimulationError(f"it is {view.to_play.name}'s turn to play, not {seat.name}'s")
    return view


@dataclass(frozen=True)
class LeadAnalysis:
    """The result of :func:`simulate_lead`: one :class:`CardStats` per candidate, best first,
    and the raw table (``table[i][j]``: tricks of the student's side in sample ``i`` when he
    plays ``cards[j]``) so that any two cards can be compared pairwise later."""

    view: SeatView
    samples: int
    seed: int
    cards: tuple[Card, ...]  # candidates, in hand order (the columns of ``table``)
    table: tuple[tuple[int, ...], ...]
    leads: tuple[CardStats, ...]  # sorted best first
    #: What the layouts were weighted by (:meth:`tutor.reading.Reading.draw`); empty: uniform.
    inferences: tuple[Inference, ...] = ()

    @property
    def best(self) -> CardStats:
        return self.leads[0]

    @property
    def kind(self) -> str:
        return self.view.kind

    def stats(self, card: Card | str) -> CardStats:
        card = parse_card(card) if isinstance(card, str) else card
        for st in self.leads:
            if st.card == card:
                return st
        raise SimulationError(f"{card} is not one of the cards analysed ({', '.join(map(str, self.cards))})")

    def paired(self, a: Card | str, b: Card | str) -> tuple[float, float]:
        """Mean of (tricks with ``a``) minus (tricks with ``b``) over the samples, and its standard error."""
        ia, ib = self._column(a), self._column(b)
        return _mean_stderr([row[ia] - row[ib] for row in self.table])

    def _column(self, card: Card | str) -> int:
        card = parse_card(card) if isinstance(card, str) else card
        try:
            return self.cards.index(card)
        except ValueError:
            raise SimulationError(f"{card} is not one of the cards analysed ({', '.join(map(str, self.cards))})") from None

    def as_json(self) -> dict[str, Any]:
        """The ``simulate`` command's shape: ``{"samples": N, "leads": [{"card", "mean", "stderr",
        "delta_vs_best", "delta_stderr", "best_share"}, …]}`` sorted best first; ``reading``, the
        inferences the layouts were weighted by, only when there are some (an opening lead's record
        is as it always was)."""
        data: dict[str, Any] = {
            "samples": self.samples,
            "seed": self.seed,
            "kind": self.kind,
            "seat": self.view.seat.name,
            "leads": [s.as_json() for s in self.leads],
        }
        if self.inferences:
            data["reading"] = [inference_json(i) for i in self.inferences]
        return data


def inference_json(inf: Inference) -> dict[str, Any]:
    """One inference as the evidence stores it: who, what kind, which suit, the card it was read
    from, its trick and the convention behind it."""
    return {"seat": inf.seat.name, "kind": inf.kind, "suit": inf.suit.name, "card": str(inf.card),
            "trick": inf.trick, "maxim": inf.maxim}


def _mean_stderr(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def _summarise(cards: Sequence[Card], table: Sequence[Sequence[int]]) -> tuple[CardStats, ...]:
    columns = list(zip(*table))
    means = [sum(col) / len(col) for col in columns]
    best = max(range(len(cards)), key=lambda j: (means[j], -cards[j].index))
    row_best = [max(row) for row in table]
    out = []
    for j, card in enumerate(cards):
        mean, stderr = _mean_stderr(columns[j])
        delta, delta_se = _mean_stderr([row[j] - row[best] for row in table])
        share = sum(1 for row, top in zip(table, row_best) if row[j] == top) / len(table)
        out.append(CardStats(card, mean, stderr, delta, delta_se, share))
    out.sort(key=lambda s: (-s.mean, s.card.index))
    return tuple(out)


_CACHE: OrderedDict[tuple[Hashable, ...], LeadAnalysis] = OrderedDict()


def clear_cache() -> None:
    """Forget every cached analysis (tests use it to time or re-run a cold analysis)."""
    _CACHE.clear()


def simulate_lead(
    hand: Hand | str,
    trump_card: Card | Suit | str | None,
    *,
    dealer: Seat | str = Seat.E,
    seat: Seat | str = Seat.S,
    played: str | Sequence[Trick] = (),
    samples: int = 200,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    candidates: Iterable[Card | str] | None = None,
) -> LeadAnalysis:
    """Score every candidate card of the student over ``samples`` random layouts of the unseen cards.

    The student sits at ``seat`` and must be the one to play after ``played`` (a lead when no
    trick is in progress, a card to a trick otherwise). By default every legal card is a
    candidate. ``progress(done, total)`` is called after each batch of solved samples.
    Reproducible: the same arguments and ``seed`` give the same samples and figures.
    """
    if int(samples) < 2:
        raise SimulationError(f"at least 2 samples are needed for a standard error, got {samples}")
    samples = int(samples)
    view = student_view(hand, trump_card, dealer=dealer, seat=seat, played=played)
    legal = view.legal_cards()
    if candidates is None:
        cards = legal
    else:
        chosen = {parse_card(c) if isinstance(c, str) else c for c in candidates}
        bad = sorted(str(c) for c in chosen if c not in legal)
        if bad:
            raise SimulationError(f"not a legal card for {view.seat.name} here: {', '.join(bad)}")
        if not chosen:
            raise SimulationError("no candidate cards given")
        cards = tuple(c for c in legal if c in chosen)
    key = (view.hand, view.trump, view.trump_card, view.dealer, view.seat,
           view.history(), samples, int(seed), cards)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        if progress is not None:
            progress(samples, samples)
        return hit

    reading = Reading.of(view)
    positions = sample_positions(view, samples, random.Random(seed), reading)
    chunk = BATCH_LIMIT if progress is None else max(20, min(BATCH_LIMIT, -(-samples // 10)))
    solutions = solve_many(positions, chunk=chunk, progress=progress)
    table = tuple(tuple(sol.won + sol.tricks[c] for c in cards) for sol in solutions)
    analysis = LeadAnalysis(view=view, samples=samples, seed=int(seed), cards=cards, table=table,
                            leads=_summarise(cards, table), inferences=reading.inferences)
    _CACHE[key] = analysis
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return analysis


#: A card to play to a trick in progress is analysed exactly like a lead; the name reads better.
simulate_play = simulate_lead


def sample_positions(view: SeatView, samples: int, rng: random.Random,
                     reading: Reading | None = None) -> list[DDPosition]:
    """``samples`` positions: the unseen cards spread over the layouts that fit, each layout as
    likely as the seat's reading weights it (:meth:`tutor.reading.Reading.draw`; ``reading``
    defaults to the view's own). With nothing to read (an opening lead) the layouts are uniform
    and exactly those :meth:`tutor.deal.LayoutSampler.draw` gives from ``rng``."""
    reading = Reading.of(view) if reading is None else reading
    try:
        layouts = reading.draws(rng, samples)
    except DealError as exc:
        raise SimulationError(str(exc)) from None
    return [DDPosition(layout, view.trump, view.leader, view.on_table, view.won) for layout in layouts]


def analysis_from_table(view: SeatView, samples: int, seed: int, cards: Sequence[Card],
                        table: Sequence[Sequence[int]], inferences: Sequence[Inference] = ()) -> LeadAnalysis:
    """A :class:`LeadAnalysis` from a table solved elsewhere (:mod:`tutor.evidence_store`: layouts
    drawn and solved in tasks, on a cluster or read back from disk), summarised as
    :func:`simulate_lead` summarises its own."""
    if len(table) != samples or samples < 2:
        raise SimulationError(f"a table of {len(table)} rows does not hold {samples} samples")
    if any(len(row) != len(cards) for row in table):
        raise SimulationError("a row of the table does not have one entry per card")
    rows = tuple(tuple(int(v) for v in row) for row in table)
    return LeadAnalysis(view=view, samples=samples, seed=int(seed), cards=tuple(cards), table=rows,
                        leads=_summarise(cards, rows), inferences=tuple(inferences))
