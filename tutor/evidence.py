"""The convention's card beside the simulation's best card: do the maxims pay, here?

A maxim is a rule for play with partial information and a partner to inform; double-dummy
simulation values only tricks, with every hand seen once the lead is made. Putting the two side
by side, in words a learner reads (English and Russian), shows where the conventional card is
also the best card, where the difference is within the simulation's noise, and where following
the maxim costs tricks on average -- and how many ("the maxim costs 0.12 tricks on average here").

When the simulation's card is better, the learner is told why in words of this hand: whether the
cost is in the suit (the maxim's card is as good as any of its suit, the solver would open
another) or in the card (both are of one suit, and the maxim's card is worth what it tells
partner), and -- for a position where the cards played showed something -- that it holds even
in the layouts that fit it ("even in layouts where partner holds the four trumps or more his call
showed"): the layouts are weighted by the seat's reading (:class:`tutor.reading.Reading`), and
:func:`reading_text` says by which inferences.

:func:`compare` takes the convention's card and maxim ids as plain values (a puzzle's answer, a
robot's card); :func:`compare_with_advice` asks the conventions engine's ``advise()`` for them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.cards import Card, Hand, Suit, parse_card, parse_suit
from tutor.conventions import advise
from tutor.conventions.catalogue import get_maxim
from tutor.deal import parse_trump
from tutor.errors import WhistError
from tutor.i18n import ru_plural, t
from tutor.locale_fmt import integer, number
from tutor.play import Trick, format_history, parse_history
from tutor.reading import UNLIKELY, Inference
from tutor.seats import Seat, parse_seat
from tutor.seatview import SeatView
from tutor.simulate import CardStats, LeadAnalysis, simulate_lead
from tutor.vocab import LANGS, Lang, System

__all__ = ["EvidenceError", "Comparison", "compare", "compare_with_advice", "comparison_text", "stored_comparison_text",
           "maxim_name", "NOISE_Z", "layout_clause", "reading_text", "stored_reading_text", "stored_inferences"]

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
    #: What the layouts were weighted by (the analysis's :attr:`~tutor.simulate.LeadAnalysis.inferences`).
    reading: tuple[Inference, ...] = ()
    viewer: Seat = Seat.S  #: the student's seat: his partner is "partner" in the texts
    #: The best card of the convention card's suit (the convention's card when it is level with
    #: it), and how much more it takes, paired (a cost in the card, not in the suit).
    suit_best: Card | None = None
    suit_cost: float = 0.0
    suit_cost_stderr: float = 0.0

    @property
    def agree(self) -> bool:
        """Whether the convention's card is as good as the best within the simulation's precision."""
        return self.verdict != "costs"

    def text(self, lang: Lang = "en") -> str:
        """One or two sentences for the learner, naming the deciding maxim by its catalogue title
        in ``lang`` (:func:`comparison_text`)."""
        return comparison_text(self.verdict, self.advice_card, self.best_card, self.maxims, self.samples,
                               self.advice.mean, self.cost, self.cost_stderr, lang, reading=self.reading,
                               viewer=self.viewer, suit_best=self.suit_best, suit_cost=self.suit_cost,
                               suit_cost_stderr=self.suit_cost_stderr)

    def reading_text(self, lang: Lang = "en") -> str:
        """What the layouts were weighted by (:func:`reading_text`); empty when they were uniform."""
        return reading_text(self.reading, self.viewer, lang)

    def reading_lines(self) -> list[dict[str, str]]:
        """Each inference's clause, "partner holds the four trumps or more his call showed", en and ru."""
        return [{lang: layout_clause(i, self.viewer, lang) for lang in LANGS} for i in self.reading]

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "advice": str(self.advice_card),
            "best": str(self.best_card),
            "maxims": list(self.maxims),
            "verdict": self.verdict,
            "cost": round(self.cost, 3),
            "cost_stderr": round(self.cost_stderr, 3),
            "samples": self.samples,
            "text": {"en": self.text("en"), "ru": self.text("ru")},
        }
        if self.suit_best is not None:
            data.update({"suit_best": str(self.suit_best), "suit_cost": round(self.suit_cost, 3),
                         "suit_cost_stderr": round(self.suit_cost_stderr, 3)})
        if self.reading:
            data["reading_text"] = {"en": self.reading_text("en"), "ru": self.reading_text("ru")}
        return data


def layout_clause(inf: Inference, viewer: Seat, lang: Lang) -> str:
    """What a layout weighted up by ``inf`` holds, finishing "layouts where …" from ``viewer``'s
    seat: "partner holds the four trumps or more his call showed", «у партнёра четыре козыря или
    больше, как показало его приглашение»."""
    who = t("evidence.layouts.partner" if inf.seat == viewer.partner else f"evidence.layouts.{inf.seat.name}", lang)
    kind = "echo" if inf.kind == "call" and inf.maxim == "echo-the-call" else inf.kind
    return t(f"evidence.layouts.{kind}", lang, who=who, s=inf.suit.symbol, card=inf.card.symbol(lang))


def reading_text(reading: Sequence[Inference], viewer: Seat, lang: Lang) -> str:
    """The sentence above the figures when the layouts were weighted by the seat's reading
    (:meth:`tutor.reading.Reading.draw`: a layout against an inference is kept
    :data:`~tutor.reading.UNLIKELY` as often); empty when there was nothing to read."""
    if not reading:
        return ""
    clauses = t("evidence.reading_and", lang).join(layout_clause(i, viewer, lang) for i in reading)
    return t("evidence.reading", lang, clauses=clauses, times=integer(round(1 / UNLIKELY), lang))


def _relevant(reading: Sequence[Inference], suits: set[Suit]) -> Inference | None:
    """The inference that speaks of the cards compared (of their suit: a call of trumps when a
    trump is compared), if one does; the others are named above the figures (:func:`reading_text`)."""
    return next((i for i in reading if i.suit in suits), None)


def _why(advice_card: Card, best_card: Card, reading: Sequence[Inference], viewer: Seat,
         suit_best: Card | None, suit_cost: float, suit_cost_stderr: float | None, lang: Lang) -> str:
    """Why the solver's card takes more, in this hand's words: the suit or the card, and the
    inference the layouts kept to (see the module doc)."""
    inf = _relevant(reading, {advice_card.suit, best_card.suit})
    even = t("evidence.even", lang, clause=layout_clause(inf, viewer, lang)) if inf is not None else ""
    a, b, s = advice_card.symbol(lang), best_card.symbol(lang), advice_card.suit.symbol
    if best_card.suit == advice_card.suit:
        text = t("evidence.same_suit", lang, even=even, s=s, a=a)
    elif suit_best is None or suit_best == advice_card or (
            suit_cost_stderr is not None and suit_cost <= NOISE_Z * suit_cost_stderr) or suit_cost <= 0:
        text = t("evidence.other_suit_best", lang, even=even, s=s, a=a, bs=b)
    else:
        text = t("evidence.other_suit", lang, even=even, s=s, a=a, bs=b, sb=suit_best.symbol(lang),
                 sc=number(suit_cost, lang))
    return text[:1].upper() + text[1:]


def comparison_text(verdict: str, advice_card: Card, best_card: Card, maxims: Sequence[str], samples: int,
                    advice_mean: float, cost: float, cost_stderr: float, lang: Lang = "en", *,
                    reading: Sequence[Inference] = (), viewer: Seat = Seat.S, suit_best: Card | None = None,
                    suit_cost: float = 0.0, suit_cost_stderr: float | None = None) -> str:
    """The comparison in words, its figures written as the learner's language writes them
    (Babel: «5,36 взятки», «1 000 раскладов»; they read «5.36» on a Russian page, defect 14).
    A cost is explained in this hand's words (:func:`_why`: the suit or the card, and the
    inference the layouts kept to)."""
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
                + _why(advice_card, best_card, reading, viewer, suit_best, suit_cost, suit_cost_stderr, lang))
    of = f"the card of {name}" if name else "the convention's card"
    if verdict == "agree":
        return f"{of[0].upper()}{of[1:]}, {a}, is also the best card double-dummy: {mean} tricks on average over {n} deals."
    if verdict == "noise":
        return (f"{of[0].upper()}{of[1:]}, {a}, and the simulation's best, {b}, are level within the noise: "
                f"{diff} ± {err} tricks over {n} deals.")
    return (f"Double-dummy, {b} takes {diff} ± {err} tricks more on average than "
            f"{a}, {of}, over {n} deals. "
            + _why(advice_card, best_card, reading, viewer, suit_best, suit_cost, suit_cost_stderr, lang))


def stored_comparison_text(data: dict[str, Any], lang: Lang) -> str:
    """:func:`comparison_text` of an evidence record as stored (``items/<key>.json``: the
    comparison's figures and the table of cards): written afresh in ``lang``, so a record kept
    from before (its ``text`` with a decimal point) reads as the page's language writes numbers."""
    c = data["comparison"]
    advice = parse_card(c["advice"])
    means = {parse_card(r["card"]): float(r["mean"]) for r in data.get("leads", ())}
    mean = means.get(advice, 0.0)
    suit_stderr: float | None
    if "suit_best" in c:
        suit_best: Card | None = parse_card(c["suit_best"])
        suit_cost, suit_stderr = float(c["suit_cost"]), float(c["suit_cost_stderr"])
    else:  # a record from before the suit was compared: the means are paired, their error is not kept
        suit_best, suit_cost, suit_stderr = _suit_best(advice, means), 0.0, None
        if suit_best is not None:
            suit_cost = means[suit_best] - mean
    return comparison_text(c["verdict"], advice, parse_card(c["best"]), tuple(c.get("maxims", ())),
                           int(c.get("samples", data.get("samples", 0))), mean, float(c["cost"]),
                           float(c["cost_stderr"]), lang, reading=stored_inferences(data),
                           viewer=parse_seat(data.get("seat", "S")), suit_best=suit_best, suit_cost=suit_cost,
                           suit_cost_stderr=suit_stderr)


def _suit_best(advice: Card, means: dict[Card, float]) -> Card | None:
    """The card of ``advice``'s suit with the highest mean (``advice`` itself when level with it)."""
    suit = {c: m for c, m in means.items() if c.suit == advice.suit}
    if not suit:
        return None
    top = max(suit.values())
    return advice if suit.get(advice) == top else min((c for c, m in suit.items() if m == top), key=lambda c: c.index)


def stored_inferences(data: dict[str, Any]) -> tuple[Inference, ...]:
    """The inferences an evidence record's layouts were weighted by (its ``reading``; none for an
    opening lead or a record from before the reading was used)."""
    return tuple(Inference(parse_seat(r["seat"]), r["kind"], parse_suit(r["suit"]), parse_card(r["card"]),
                           int(r["trick"]), str(r["maxim"])) for r in data.get("reading", ()))


def stored_reading_text(data: dict[str, Any], lang: Lang) -> str:
    """:func:`reading_text` of an evidence record as stored; empty when its layouts were uniform."""
    return reading_text(stored_inferences(data), parse_seat(data.get("seat", "S")), lang)


def maxim_name(maxim_id: str, lang: Lang) -> str:
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
    in_suit = [st for st in analysis.leads if st.card.suit == card.suit]  # best first
    suit_best = card if in_suit[0].mean == stats.mean else in_suit[0].card
    suit_cost, suit_se = (0.0, 0.0) if suit_best == card else analysis.paired(suit_best, card)
    if card == best.card or (cost == 0 and cost_se == 0):
        verdict = "agree"
    elif cost <= NOISE_Z * cost_se:
        verdict = "noise"
    else:
        verdict = "costs"
    return Comparison(
        advice_card=card, best_card=best.card, maxims=tuple(maxims), advice=stats, best=best,
        cost=cost, cost_stderr=cost_se, verdict=verdict, samples=analysis.samples,
        reading=analysis.inferences, viewer=analysis.view.seat, suit_best=suit_best, suit_cost=suit_cost,
        suit_cost_stderr=suit_se,
    )


def compare_with_advice(
    position: SeatView,
    system: System = "russian",
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
