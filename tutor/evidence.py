"""The convention's card beside the simulation's best card: do the maxims pay, here?

A maxim is a rule for play with partial information and a partner to inform; double-dummy
simulation values only tricks, with every hand seen once the lead is made. Putting the two side
by side, in words a learner reads (English and Russian), shows where the conventional card is
also the best card, where the difference is within the simulation's noise, and where following
the maxim costs tricks on average -- and how many ("the maxim costs 0.12 tricks on average here").

:func:`compare` takes the convention's card and maxim ids as plain values (a puzzle's answer, a
robot's card); :func:`compare_with_advice` asks the conventions engine's ``advise()`` for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.cards import Card, Hand, Suit, parse_card
from tutor.conventions import advise
from tutor.conventions.catalogue import get_maxim
from tutor.deal import parse_trump
from tutor.errors import WhistError
from tutor.i18n import ru_plural
from tutor.locale_fmt import integer, number
from tutor.play import Trick, format_history, parse_history
from tutor.seats import Seat, parse_seat
from tutor.seatview import SeatView
from tutor.simulate import CardStats, LeadAnalysis, simulate_lead

__all__ = ["EvidenceError", "Comparison", "compare", "compare_with_advice", "comparison_text", "stored_comparison_text",
           "maxim_name", "NOISE_Z"]

#: A difference smaller than this many standard errors is reported as noise, not as a cost.
NOISE_Z: float = 2.0


class EvidenceError(WhistError):
    """The convention's card and the analysis do not belong together (another position, a card not analysed)."""


@dataclass(frozen=True)
class Comparison:
    """The convention's card against the simulation's best card, over the same samples.

    ``cost`` is the best card's mean minus the convention card's mean, paired over the same
    layouts (0 when they agree), with ``cost_stderr``. ``verdict`` is ``agree`` (the convention's
    card is the best, or equal to it in every sample), ``noise`` (the difference is under
    :data:`NOISE_Z` standard errors) or ``costs`` (the simulation's card is better).
    """

    advice_card: Card
    best_card: Card
    maxims: tuple[str, ...]
    advice: CardStats
    best: CardStats
    cost: float
    cost_stderr: float
    verdict: str
    samples: int

    @property
    def agree(self) -> bool:
        """Whether the convention's card is as good as the best within the simulation's precision."""
        return self.verdict != "costs"

    def text(self, lang: str = "en") -> str:
        """One or two sentences for the learner, naming the deciding maxim by its catalogue title
        in ``lang`` (:func:`comparison_text`)."""
        return comparison_text(self.verdict, self.advice_card, self.best_card, self.maxims, self.samples,
                               self.advice.mean, self.cost, self.cost_stderr, lang)

    def as_json(self) -> dict[str, Any]:
        return {
            "advice": str(self.advice_card),
            "best": str(self.best_card),
            "maxims": list(self.maxims),
            "verdict": self.verdict,
            "cost": round(self.cost, 3),
            "cost_stderr": round(self.cost_stderr, 3),
            "samples": self.samples,
            "text": {"en": self.text("en"), "ru": self.text("ru")},
        }


def comparison_text(verdict: str, advice_card: Card, best_card: Card, maxims: Sequence[str], samples: int,
                    advice_mean: float, cost: float, cost_stderr: float, lang: str = "en") -> str:
    """The comparison in words, its figures written as the learner's language writes them
    (Babel: «5,36 взятки», «1 000 раскладов»; they read «5.36» on a Russian page, defect 14)."""
    a, b = advice_card.symbol(lang), best_card.symbol(lang)
    n = integer(samples, lang)
    mean, diff, err = number(advice_mean, lang), number(cost, lang), number(cost_stderr, lang)
    name = maxim_name(maxims[0], lang) if maxims else ""
    if lang == "ru":
        deals = f"{n} {ru_plural(samples, 'расклада', 'раскладов', 'раскладов')}"  # «из 21 расклада», «из 24 раскладов»
        rule = f"по правилу {name}" if name else "по правилу"
        if verdict == "agree":
            return (f"Карта {rule}, {a}, — и лучшая при игре в открытую: "
                    f"в среднем {mean} взятки на выборке из {deals}.")
        if verdict == "noise":
            return (f"Карта {rule}, {a}, и лучшая по расчёту, {b}, равны в пределах случайности: "
                    f"разница {diff} ± {err} взятки на выборке из {deals}.")
        return (f"При игре в открытую {b} приносит в среднем на {diff} ± {err} "
                f"взятки больше, чем {a} {rule}, на выборке из {deals}. "
                f"Расчёт видит все руки и не ценит того, что правило сообщает партнёру.")
    of = f"the card of {name}" if name else "the convention's card"
    if verdict == "agree":
        return f"{of[0].upper()}{of[1:]}, {a}, is also the best card double-dummy: {mean} tricks on average over {n} deals."
    if verdict == "noise":
        return (f"{of[0].upper()}{of[1:]}, {a}, and the simulation's best, {b}, are level within the noise: "
                f"{diff} ± {err} tricks over {n} deals.")
    return (f"Double-dummy, {b} takes {diff} ± {err} tricks more on average than "
            f"{a}, {of}, over {n} deals. The solver sees every hand, so it does not value what the maxim tells partner.")


def stored_comparison_text(data: dict[str, Any], lang: str) -> str:
    """:func:`comparison_text` of an evidence record as stored (``items/<key>.json``: the
    comparison's figures and the table of cards): written afresh in ``lang``, so a record kept
    from before (its ``text`` with a decimal point) reads as the page's language writes numbers."""
    c = data["comparison"]
    advice = parse_card(c["advice"])
    mean = next((float(r["mean"]) for r in data.get("leads", ()) if parse_card(r["card"]) == advice), 0.0)
    return comparison_text(c["verdict"], advice, parse_card(c["best"]), tuple(c.get("maxims", ())),
                           int(c.get("samples", data.get("samples", 0))), mean, float(c["cost"]),
                           float(c["cost_stderr"]), lang)


def maxim_name(maxim_id: str, lang: str) -> str:
    """A maxim as the learner reads it: its catalogue title in ``lang``, quoted (never the id: the
    learner reads words). An id the catalogue does not know raises its error."""
    title = get_maxim(maxim_id).title[lang]
    return f"«{title}»" if lang == "ru" else f"“{title}”"


def compare(
    hand: Hand | str,
    trump_card: Card | Suit | str | None,
    advice_card: Card | str,
    analysis: LeadAnalysis | None = None,
    *,
    maxims: Sequence[str] = (),
    dealer: Seat | str = Seat.E,
    seat: Seat | str = Seat.S,
    played: str | Sequence[Trick] = (),
    samples: int = 200,
    seed: int = 0,
) -> Comparison:
    """Compare the convention's ``advice_card`` with the best card of ``analysis``.

    Without ``analysis`` the position is simulated here (``samples``, ``seed``). With one, it
    must be the analysis of this very position, or :class:`EvidenceError` is raised.
    """
    card = parse_card(advice_card) if isinstance(advice_card, str) else advice_card
    if analysis is None:
        analysis = simulate_lead(hand, trump_card, dealer=dealer, seat=seat, played=played,
                                 samples=samples, seed=seed)
    else:
        view = analysis.view
        h = Hand.parse(hand) if isinstance(hand, str) else hand
        trump = trump_card.suit if isinstance(trump_card, Card) else parse_trump(trump_card)[0]
        if (trump != view.trump or parse_seat(seat) != view.seat or parse_seat(dealer) != view.dealer
                or not all(c in view.hand for c in h)
                or format_history(parse_history(played)) != format_history(view.played)):
            raise EvidenceError("the analysis given is of another position")
    if card not in analysis.cards:
        raise EvidenceError(
            f"the convention's card {card} is not among the cards analysed ({', '.join(map(str, analysis.cards))})"
        )
    best = analysis.best
    stats = analysis.stats(card)
    cost, cost_se = analysis.paired(best.card, card)
    if card == best.card or (cost == 0 and cost_se == 0):
        verdict = "agree"
    elif cost <= NOISE_Z * cost_se:
        verdict = "noise"
    else:
        verdict = "costs"
    return Comparison(
        advice_card=card, best_card=best.card, maxims=tuple(maxims), advice=stats, best=best,
        cost=cost, cost_stderr=cost_se, verdict=verdict, samples=analysis.samples,
    )


def compare_with_advice(
    position: SeatView,
    system: str = "russian",
    *,
    analysis: LeadAnalysis | None = None,
    samples: int = 200,
    seed: int = 0,
) -> Comparison:
    """Ask the conventions engine (``tutor.conventions.advise``) for its card, then :func:`compare`.

    ``position`` is the seat's :class:`~tutor.seatview.SeatView` (what the engine reads).
    """
    advice = advise(position, system)
    hand = position.hand
    trump = position.trump_card if position.trump_card is not None else position.trump
    dealer, seat, played = position.dealer, position.seat, position.played
    return compare(hand, trump if trump is not None else "NT", advice.card, analysis,
                   maxims=tuple(advice.maxims), dealer=dealer, seat=seat, played=played,
                   samples=samples, seed=seed)
