"""Card reading: what a player at one seat infers from the cards he has watched, and the layouts
of the unseen cards that fit it.

A whist player reads the table (000 «Главное условие»: «следить ... за приглашениями для
козырного хода, за картами, которые игроки сбрасывают»). A robot does the same from its
:class:`~tutor.seatview.SeatView` -- its own cards, the turned-up trump card, the tricks -- and never
from the hidden hands. Two kinds of knowledge come out:

* **certainties**: the cards gone, the voids shown (a card off the suit led), the dealer's
  turned-up card until he plays it. :class:`tutor.deal.LayoutSampler` only draws layouts that
  respect them.
* **inferences** from the conventional cards of the other three players -- what the conventions
  engine says each card *shows* (:data:`INFERENCE_KINDS`; the one model of what a seat knows is
  the conventions' :class:`~tutor.conventions.position.Knowledge`, whose ``inferences`` this
  module reads rather than drawing its own): a king led shows the ace or queen
  (ace-king-lead-king, top-of-touching-honours; K-x-x leads small, king-third-lead-small), a small
  card opening a suit shows length (lead-long-suit; a short suit leads its highest,
  short-suit-lead-highest), a call or echo shows four trumps or more (call-for-trumps,
  echo-the-call), a refused ruff shows trump strength (refuse-ruff-to-call), a first discard the
  weak suit (discard-from-weakest-suit, first-discard-shows-weak-suit). Players do not always hold
  what their card shows (a forced lead, another school), so an inference *weights* a layout
  (:data:`UNLIKELY` when the layout contradicts it) rather than forbidding it.

:meth:`Reading.sample` draws layouts uniformly among those the certainties allow and resamples
them in proportion to the product of the inferences' weights, so the robot's Monte-Carlo and its
reading both see only what the seat could know. :meth:`Reading.draw` draws from the same weighted
distribution exactly, one layout at a time (rejection: a uniform layout is kept with probability
its weight), which the double-dummy evidence of an item needs (:mod:`tutor.simulate`,
:mod:`tutor.evidence_store`): its layouts come in seeded blocks of ten, too few to resample from,
and a position with no inference draws exactly the uniform layouts it drew before. The random
source is the caller's; nothing here looks at the real deal.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tutor.cards import Card, Hand
from tutor.conventions.inference import INFERENCE_KINDS, UNLIKELY, WEIGHED_KINDS, Inference, InferenceKind
from tutor.conventions.position import knowledge
from tutor.deal import LayoutSampler
from tutor.seats import Seat
from tutor.seatview import SeatView

__all__ = ["Inference", "InferenceKind", "INFERENCE_KINDS", "Reading", "UNLIKELY", "MAX_TRIES", "read"]

#: How many uniform layouts :meth:`Reading.draw` tries for one weighted layout before it takes the
#: heaviest it has seen. Each inference a layout breaks keeps it with probability
#: :data:`UNLIKELY`, so even an inference no layout can fit (the student holds both the ace and
#: the queen behind a king led) costs ten tries on average; the cap only bites when three or more
#: cannot fit, and keeps a draw bounded then.
MAX_TRIES = 400

def read(view: SeatView) -> tuple[Inference, ...]:
    """The inferences ``view.seat`` weighs its layouts by: the conventional ones of the seat's one
    model of what it knows (:attr:`tutor.conventions.position.Knowledge.inferences`, kinds
    :data:`~tutor.conventions.inference.WEIGHED_KINDS`); the certainties (the turned-up card,
    voids) are kept by the sampler itself."""
    return tuple(i for i in knowledge(view).inferences if i.kind in WEIGHED_KINDS)


@dataclass(frozen=True)
class Reading:
    """What ``view.seat`` knows and infers, and layouts of the unseen cards that fit it."""

    view: SeatView
    inferences: tuple[Inference, ...]

    @classmethod
    def of(cls, view: SeatView) -> Reading:
        return cls(view, read(view))

    def _played_by(self) -> dict[Seat, list[Card]]:
        out: dict[Seat, list[Card]] = {s: [] for s in Seat}
        for trick in self.view.played:
            for s, c in trick.plays():
                out[s].append(c)
        return out

    def sampler(self) -> LayoutSampler:
        return self.view.layout_sampler()

    def weight(self, layout: Sequence[Hand], played_by: Mapping[Seat, list[Card]] | None = None) -> float:
        """The product of the inferences' weights for one layout (hands = cards still held)."""
        played_by = played_by if played_by is not None else self._played_by()
        w = 1.0
        originals: dict[Seat, Hand] = {}
        for inf in self.inferences:
            orig = originals.get(inf.seat)
            if orig is None:
                orig = layout[inf.seat].with_cards(*played_by[inf.seat]) if played_by[inf.seat] else layout[inf.seat]
                originals[inf.seat] = orig
            w *= inf.weight(orig)
        return w

    def sample(self, rng: random.Random, count: int, *, draws: int | None = None) -> list[tuple[Hand, Hand, Hand, Hand]]:
        """``count`` layouts: ``draws`` (default 3 × count) drawn uniformly from what the seat has
        seen, resampled in proportion to their inference weights (the layouts the conventions
        make likely come up more often; a layout that breaks every inference still can)."""
        sampler = self.sampler()
        played_by = self._played_by()
        n = draws if draws is not None else (3 * count if self.inferences else count)
        pool = [sampler.draw(rng) for _ in range(max(n, count))]
        if not self.inferences:
            return pool[:count]
        weights = [self.weight(layout, played_by) for layout in pool]
        return rng.choices(pool, weights=weights, k=count)

    def draw(self, rng: random.Random, sampler: LayoutSampler | None = None,
             played_by: Mapping[Seat, list[Card]] | None = None) -> tuple[Hand, Hand, Hand, Hand]:
        """One layout, drawn exactly in proportion to its inference weight among the layouts the
        certainties allow: a uniform layout is kept with probability its weight (the weights are at
        most 1), else another is tried -- up to :data:`MAX_TRIES`, then the heaviest tried is taken.
        With no inference it is exactly one uniform draw (the same layouts, from the same random
        numbers, as :meth:`LayoutSampler.draw`)."""
        sampler = sampler if sampler is not None else self.sampler()
        if not self.inferences:
            return sampler.draw(rng)
        played_by = played_by if played_by is not None else self._played_by()
        best: tuple[float, tuple[Hand, Hand, Hand, Hand]] | None = None
        for _ in range(MAX_TRIES):
            layout = sampler.draw(rng)
            w = self.weight(layout, played_by)
            if w >= 1.0 or rng.random() < w:
                return layout
            if best is None or w > best[0]:
                best = (w, layout)
        assert best is not None
        return best[1]

    def draws(self, rng: random.Random, count: int) -> list[tuple[Hand, Hand, Hand, Hand]]:
        """``count`` layouts of :meth:`draw`, the sampler's counting tables built once."""
        sampler = self.sampler()
        played_by = self._played_by()
        return [self.draw(rng, sampler, played_by) for _ in range(count)]

    def share(self, layouts: Sequence[Sequence[Hand]], seat: Seat, card: Card) -> float:
        """How often ``seat`` holds ``card`` in ``layouts`` (a reading's confidence)."""
        return sum(1 for lay in layouts if card in lay[seat]) / max(1, len(layouts))
