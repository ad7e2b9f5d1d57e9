"""The review of a whole played deal: every card of all four seats read as a strong player reads it.

Chess players paste a game and get every move judged; this does it for whist. For each card, from
the seat's own knowledge only (its :class:`~tutor.seatview.SeatView` just before the card: its own
cards, the trump card, the tricks so far -- never a hidden hand):

* the card the conventions call for and its maxims (:func:`tutor.conventions.advise`), and the
  verdict on the card played, with the maxim it broke (the same judgement the Play page gives the
  learner's own cards, :meth:`tutor.session.Session.judge`);
* what it told partner and the opponents: the certainties the table now has (a suit shown out of)
  and the inferences the conventions draw (:func:`tutor.reading.read`: an honour or length shown
  by a lead, a call, a refused ruff, a first discard), new after this card, as the partner and
  the next opponent read them from their own views;
* its double-dummy cost on the true deal: the mover's side's tricks over the whole deal with best
  play before the card, less the same after it (DDS through :func:`tutor.solver.solve_many`, the
  positions before all the cards in one batch).

The two judges are kept side by side and apart: the engine never sees the solver (a card can
follow every maxim and still cost a trick double-dummy, the maxims being rules for play with
hidden hands), and the summary per seat and per side counts both: cards by the maxims, tricks
lost, the three costliest moments.

The conventions' part is quick and the solver's is not, so :func:`annotate` gives the first
(the page draws the first trick at once) and :func:`solve_costs` adds the second.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from tutor.cards import Card
from tutor.conventions import advise
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.play import PlayState
from tutor.played_deal import PlayedDeal
from tutor.reading import Inference, read
from tutor.records import CONVENTIONAL
from tutor.seats import Seat, Side
from tutor.seatview import SeatView
from tutor.solver import DDPosition, Solution, solve_many
from tutor.text import Text, in_lang, json_or_blank
from tutor.vocab import Lang, System, parse_system

__all__ = ["Told", "CardNote", "SeatSummary", "DealReview", "ReviewError", "annotate", "solve_costs",
           "costs_from", "review_deal", "COSTLIEST"]

#: How many of the costliest moments the summary names.
COSTLIEST = 3

Audience = Literal["partner", "opponents"]


class ReviewError(WhistError):
    """A review that cannot be made (a system the conventions do not know, a deal not reviewed)."""


@dataclass(frozen=True)
class Told:
    """One thing a card told a seat: ``kind`` is ``void`` (a suit shown out of: a certainty) or an
    inference kind of :data:`tutor.reading.INFERENCE_KINDS`; ``maxim`` the convention it rests on."""

    kind: str
    maxim: str | None
    text: Text

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "maxim": self.maxim, "text": self.text.to_json()}


@dataclass(frozen=True)
class CardNote:
    """One card of the deal, judged from its seat's view and, once solved, double-dummy.

    ``verdict`` is the engine's word on the card played (``best`` when it is the advised card,
    else ``equal``, ``worse`` or ``bad``); ``broken`` the maxims that reject it and ``why`` their
    reason. ``dd_before``/``dd_after``: tricks of the mover's side over the whole deal with best
    play before the card and after it (None until :func:`solve_costs`); ``dd_best`` the cards that
    keep ``dd_before``.
    """

    index: int
    trick: int
    seat: Seat
    card: Card
    advised: Card
    maxims: tuple[str, ...]
    explanation: Text
    verdict: str
    broken: tuple[str, ...]
    why: Text | None  #: none for the advised card
    told_partner: tuple[Told, ...] = ()
    told_opponents: tuple[Told, ...] = ()
    dd_before: int | None = None
    dd_after: int | None = None
    dd_best: tuple[Card, ...] = ()

    @property
    def conventional(self) -> bool:
        return self.verdict in CONVENTIONAL

    @property
    def cost(self) -> int:
        """Tricks the card gave away double-dummy (0 until solved)."""
        if self.dd_before is None or self.dd_after is None:
            return 0
        return self.dd_before - self.dd_after

    @property
    def side(self) -> Side:
        return self.seat.side

    def as_json(self) -> dict[str, Any]:
        dd = None if self.dd_before is None else {
            "before": self.dd_before, "after": self.dd_after, "cost": self.cost, "best": [str(c) for c in self.dd_best]}
        return {
            "index": self.index, "trick": self.trick, "seat": self.seat.name, "card": str(self.card),
            "advised": str(self.advised), "maxims": list(self.maxims), "verdict": self.verdict,
            "conventional": self.conventional, "broken": list(self.broken), "why": json_or_blank(self.why),
            "explanation": self.explanation.to_json(),
            "told": {"partner": [t.as_json() for t in self.told_partner],
                     "opponents": [t.as_json() for t in self.told_opponents]},
            "dd": dd,
        }


@dataclass(frozen=True)
class SeatSummary:
    """Cards played, cards by the maxims, and tricks lost double-dummy, for a seat or a side."""

    cards: int
    conventional: int
    tricks_lost: int
    tricks_lost_unconventional: int

    def as_json(self) -> dict[str, int]:
        return {"cards": self.cards, "conventional": self.conventional, "tricks_lost": self.tricks_lost,
                "tricks_lost_unconventional": self.tricks_lost_unconventional}


def _summary(notes: Sequence[CardNote]) -> SeatSummary:
    return SeatSummary(len(notes), sum(1 for n in notes if n.conventional), sum(n.cost for n in notes),
                       sum(n.cost for n in notes if not n.conventional))


@dataclass(frozen=True)
class DealReview:
    """A played deal with a :class:`CardNote` for every card, in play order."""

    played: PlayedDeal
    system: System
    notes: tuple[CardNote, ...]
    solved: bool = False
    dd_par_ns: int | None = None  #: NS tricks with best play from the first card (None until solved)

    @property
    def deal(self) -> Deal:
        return self.played.deal

    def seat_summary(self, seat: Seat) -> SeatSummary:
        return _summary([n for n in self.notes if n.seat == seat])

    def side_summary(self, side: Side) -> SeatSummary:
        return _summary([n for n in self.notes if n.side is side])

    def tricks_won(self, side: Side) -> int:
        state = PlayState.from_history(self.deal, self.played.tricks)
        return state.tricks_won(side)

    def costliest(self, count: int = COSTLIEST, *, side: Side | None = None) -> tuple[CardNote, ...]:
        """The cards that gave away the most tricks double-dummy (ties: the earlier first)."""
        pool = [n for n in self.notes if n.cost > 0 and (side is None or n.side is side)]
        return tuple(sorted(pool, key=lambda n: (-n.cost, n.index))[:count])

    def trick_notes(self, number: int) -> tuple[CardNote, ...]:
        return tuple(n for n in self.notes if n.trick == number)

    def as_json(self) -> dict[str, Any]:
        """The shape documented in docs/review.md."""
        state = PlayState.from_history(self.deal, self.played.tricks)
        par = self.dd_par_ns
        return {
            "board": self.played.board, "title": self.played.title, "deal": self.deal.pbn(),
            "dealer": self.deal.dealer.name, "trump": self.played.trump_text, "trump_from": self.played.trump_from,
            "system": self.system, "solved": self.solved,
            "tricks": [{"number": i, "leader": t.leader.name, "cards": [str(c) for c in t.cards],
                        "winner": state.winners[i - 1].name if i <= len(state.winners) else None}
                       for i, t in enumerate(self.played.tricks, start=1)],
            "cards": [n.as_json() for n in self.notes],
            "seats": {s.name: self.seat_summary(s).as_json() for s in Seat},
            "sides": {side.value: {**self.side_summary(side).as_json(), "tricks_won": state.tricks_won(side),
                                   "dd_par": None if par is None else (par if side is Side.NS else 13 - par)}
                      for side in Side},
            "costliest": [{"index": n.index, "trick": n.trick, "seat": n.seat.name, "card": str(n.card),
                           "cost": n.cost, "dd_best": [str(c) for c in n.dd_best]} for n in self.costliest()],
        }

    def text(self, lang: Lang = "en") -> str:
        """The review for a terminal (``python -m tutor review``)."""
        ru = lang == "ru"
        d = self.played
        head = (f"Сдача {d.board}" if ru else f"Board {d.board}") if d.board is not None else ("Сдача" if ru else "Deal")
        trump = ("без козыря" if ru else "no trumps") if d.deal.trump is None else (
            d.deal.trump_card.symbol(lang) if d.deal.trump_card is not None else d.deal.trump.symbol)
        out = [f"{head}{' — ' + d.title if d.title else ''}",
               (f"Сдавал {d.deal.dealer.label(lang)}, козырь {trump} (из [{d.trump_from}]); система {self.system}" if ru else
                f"Dealer {d.deal.dealer.label(lang)}, trump {trump} (read from [{d.trump_from}]); system {self.system}")]
        state = PlayState.from_history(self.deal, self.played.tricks)
        for i, trick in enumerate(d.tricks, start=1):
            cards = "  ".join(f"{s.name} {c.symbol(lang)}" for s, c in trick.plays())
            won = f" → {state.winners[i - 1].name}" if i <= len(state.winners) else ""
            out.append(f"{i:>2}. {cards}{won}")
            for n in self.trick_notes(i):
                out.append("    " + _note_line(n, lang))
                for who, told in (("партнёру" if ru else "partner", n.told_partner),
                                  ("противникам" if ru else "opponents", n.told_opponents)):
                    if told:
                        out.append(f"        {who}: " + "; ".join(t.text[lang] for t in told))
        out.append("")
        for s in Seat:
            out.append(_summary_line(s.label(lang), self.seat_summary(s), lang))
        for side in Side:
            out.append(_summary_line(side.value, self.side_summary(side), lang)
                       + (f"; {'взято' if ru else 'taken'} {state.tricks_won(side)}"))
        if self.solved and self.dd_par_ns is not None:
            out.append(f"При лучшей игре с открытыми картами NS берут {self.dd_par_ns}" if ru else
                        f"Double-dummy par from the first card: NS {self.dd_par_ns}, EW {13 - self.dd_par_ns}")
        worst = self.costliest()
        if worst:
            out.append("Самые дорогие карты:" if ru else "The costliest moments:")
            for n in worst:
                best = " ".join(c.symbol(lang) for c in n.dd_best)
                out.append(f"  {'взятка' if ru else 'trick'} {n.trick}, {n.seat.label(lang)} {n.card.symbol(lang)}: "
                           f"−{n.cost} ({'лучше' if ru else 'best'} {best})")
        elif self.solved:
            out.append("Ни одна карта не стоила взятки." if ru else "No card cost a trick.")
        return "\n".join(out)


def _note_line(n: CardNote, lang: Lang) -> str:
    ru = lang == "ru"
    mark = "✓" if n.conventional else "✗"
    first = n.maxims[0] if n.maxims else "-"
    dd = "" if n.dd_before is None else (f"  DD −{n.cost}" if n.cost else "  DD 0")
    if n.card == n.advised:
        return f"{mark} {n.seat.name} {n.card.symbol(lang)} ({first}){dd}"
    adv = "по правилам" if ru else "conventional"
    broke = f" [{', '.join(n.broken)}]" if n.broken else ""
    why = in_lang(n.why, lang)
    return (f"{mark} {n.seat.name} {n.card.symbol(lang)}; {adv} {n.advised.symbol(lang)} ({first}){broke}{dd}"
            + (f" — {why}" if why and not n.conventional else ""))


def _summary_line(who: str, s: SeatSummary, lang: Lang) -> str:
    if lang == "ru":
        return (f"{who}: по правилам {s.conventional} из {s.cards}; потеряно взяток {s.tricks_lost} "
                f"(на картах против правил {s.tricks_lost_unconventional})")
    return (f"{who}: {s.conventional} of {s.cards} cards by the maxims; tricks lost {s.tricks_lost} "
            f"({s.tricks_lost_unconventional} on cards against a maxim)")


# -- building ----------------------------------------------------------------------------------
def _view(state: PlayState, seat: Seat) -> SeatView:
    return SeatView.from_state(state, seat)


def _void_told(seat: Seat, led: Any) -> Told:
    s = led.symbol
    return Told("void", None, Text(f"{seat.label('en')} has no {s} left", f"у {seat.label('ru')} нет больше {s}"))


def _new_inferences(before: Sequence[Inference], after: Sequence[Inference], seat: Seat) -> tuple[Told, ...]:
    old = set(before)
    return tuple(Told(i.kind, i.maxim, Text(i.describe("en"), i.describe("ru")))
                 for i in after if i.seat == seat and i not in old)


def annotate(played: PlayedDeal, system: System = "russian",
             progress: Callable[[int, int], None] | None = None) -> DealReview:
    """The conventions' notes on every card (no solver): quick, so a page can draw at once.

    The views are built once per (moment, seat) and read once: the partner's view after a card is
    the next card's view for the same seat, and three seats' views serve each moment."""
    system = parse_system(system)
    state = PlayState(played.deal)
    views: dict[tuple[int, Seat], SeatView] = {}
    reads: dict[tuple[int, Seat], tuple[Inference, ...]] = {}

    def view(step: int, seat: Seat) -> SeatView:
        if (step, seat) not in views:
            views[(step, seat)] = _view(state, seat)
        return views[(step, seat)]

    def reading(step: int, seat: Seat) -> tuple[Inference, ...]:
        if (step, seat) not in reads:
            reads[(step, seat)] = read(view(step, seat))
        return reads[(step, seat)]

    notes: list[CardNote] = []
    total = len(played.cards)
    for index, (seat, card) in enumerate(played.cards):
        trick = state.trick_number
        led = state.suit_led
        mine = view(index, seat)
        advice = advise(mine, system)
        verdict, why = "best", None
        broken: tuple[str, ...] = ()
        if card != advice.card:
            judged = advice.verdict_for(card)
            if judged is None:  # every legal card other than the advised one has a verdict
                raise ReviewError(f"the conventions give no verdict on {card} (trick {trick})")
            verdict, broken, why = judged.verdict, judged.maxims, judged.why
        partner, opponent = seat.partner, seat.lho
        p_before, o_before = reading(index, partner), reading(index, opponent)
        state.play(card)
        p_after, o_after = reading(index + 1, partner), reading(index + 1, opponent)
        void = (_void_told(seat, led),) if led is not None and card.suit != led else ()
        notes.append(CardNote(
            index=index, trick=trick, seat=seat, card=card, advised=advice.card, maxims=tuple(advice.maxims),
            explanation=advice.explanation, verdict=verdict, broken=broken, why=why,
            told_partner=void + _new_inferences(p_before, p_after, seat),
            told_opponents=void + _new_inferences(o_before, o_after, seat),
        ))
        for key in [k for k in views if k[0] < index]:  # the moments passed are not read again
            del views[key]
        if progress is not None:
            progress(index + 1, total)
    return DealReview(played, system, tuple(notes))


def positions(played: PlayedDeal) -> list[DDPosition]:
    """The position before every card of the record, all four hands known (the solver's input)."""
    state = PlayState(played.deal)
    out: list[DDPosition] = []
    for _, card in played.cards:
        out.append(DDPosition.from_state(state))
        state.play(card)
    return out


def solve_costs(review: DealReview, progress: Callable[[int, int], None] | None = None) -> DealReview:
    """The review with every card's double-dummy cost (one DDS batch for all the positions)."""
    if review.solved:
        return review
    solutions: list[Solution] = solve_many(positions(review.played), progress=progress)
    notes = []
    for note, sol in zip(review.notes, solutions):
        notes.append(replace(note, dd_before=sol.won + sol.best, dd_after=sol.total(note.card),
                             dd_best=sol.best_cards()))
    first = solutions[0]
    par = first.won + first.best
    par_ns = par if first.side is Side.NS else 13 - par
    return replace(review, notes=tuple(notes), solved=True, dd_par_ns=par_ns)


def costs_from(review: DealReview, solved: DealReview) -> DealReview:
    """``review`` with the double-dummy figures of ``solved``, a review of the same deal in another
    system (the solver does not depend on the conventions: no second solve)."""
    if not solved.solved or solved.played != review.played:
        raise ReviewError("the costs of another deal cannot be copied")
    notes = tuple(replace(n, dd_before=s.dd_before, dd_after=s.dd_after, dd_best=s.dd_best)
                  for n, s in zip(review.notes, solved.notes))
    return replace(review, notes=notes, solved=True, dd_par_ns=solved.dd_par_ns)


def review_deal(played: PlayedDeal, system: System = "russian") -> DealReview:
    """The whole review: the conventions' notes and the double-dummy costs."""
    return solve_costs(annotate(played, system))

