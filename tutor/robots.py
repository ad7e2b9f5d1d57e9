"""Robot players that follow the maxims, and say which one each card obeys.

Players of online whist complain when robots break the maxims; ours play by the
conventions engine (:func:`tutor.conventions.advice.advise`) from their OWN seat: their own 13
cards, the turned-up trump card (which every player saw, 000 «Сдача» 9), the tricks played and
an exposed dummy when there is one. A robot never looks at a hidden hand: its :class:`~tutor.seatview.SeatView`
is built from a :class:`~tutor.play.PlayState` by copying only what that seat may see
(:meth:`SeatView.from_state`), and the decision (:meth:`Robot.decide`) receives nothing else.

Three strengths (:data:`STRENGTHS`, chosen per table and with ``--robots``):

* ``beginner`` plays the maxims but keeps the typical beginner's habits (:data:`HABITS`: grabs
  the trick second hand, plays low third hand, does not cover, cashes his aces, leads his own suit
  before partner's, ruffs partner's winner, plays high on partner's trick, throws small cards of
  his long suit, never signals) -- mistakes a learner can see and punish (about 3 double-dummy
  tricks a deal a side, against 2.1 for classic). Such a card names the habit (``habit:…``) and
  the maxim it breaks.
* ``classic`` (default) plays every maxim of the chosen system. Where the maxims leave a choice
  -- cards the engine calls equal, the schools' cards a rule accepts as equally right, which
  suit to discard or lead among those the maxims allow -- its card reading (:mod:`tutor.reading`:
  the cards gone, the voids, and what the other seats' conventional cards showed) gives the
  layouts of a small double-dummy check among ONLY those cards (:data:`CLASSIC_SAMPLES`
  layouts, fewer while the hands are long); a card it moves away from the engine's pick says
  ``search: … tricks on N layouts``. Where no maxim speaks at all, the same check over all legal
  cards is the *fallback*, tagged ``"double-dummy"``. (bench/analyse_robot_losses.py: the check
  took classic from 2.27 to 2.14 tricks lost per deal per side over 300 deals, no maxim changed.)
* ``strong`` is classic plus a Monte-Carlo search: DDS (:func:`tutor.solver.solve_many`) over
  layouts sampled from its reading decides where the maxims allow a choice (``search: …``), and
  it breaks a convention only when the search says the gain is large (:data:`LARGE_GAIN` tricks
  on average), saying which maxim it broke.

Every card names what decided it -- a maxim, ``reading``, ``search``, a habit or ``double-dummy``
-- and never a maxim that did not.

Decisions are deterministic: the random source of each decision is seeded by the robot's seed,
its seat and the history so far, so replaying a deal (or undoing and redoing) repeats it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from tutor.cards import CARDS, Card, Hand, Suit
from tutor.conventions.advice import Advice, advise
from tutor.conventions.catalogue import maxim_title
from tutor.conventions.rules import SYSTEMS, equal_groups
from tutor.errors import WhistError
from tutor.locale_fmt import integer, listing, number
from tutor.play import PlayState, trick_winner
from tutor.reading import Reading
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.solver import DDPosition, Solution, solve, solve_many
from tutor.standing import Standing
from tutor.strengths import DEFAULT_STRENGTH, STRENGTHS, Strength, UnknownStrengthError, parse_strength
from tutor.text import Text
from tutor.vocab import Lang, RuleSetName, System, parse_system

__all__ = [
    "Strength",
    "STRENGTHS",
    "DEFAULT_STRENGTH",
    "HABITS",
    "READING",
    "SEARCH",
    "LARGE_GAIN",
    "PLAY_GAIN_SHARE",
    "SIGNAL_MAXIMS",
    "parse_strength",
    "UnknownStrengthError",
    "DEFAULT_SAMPLES",
    "DOUBLE_DUMMY",
    "FORCED",
    "RobotError",
    "sample_positions",
    "RobotCard",
    "Robot",
    "SYSTEMS",
]

#: The tag a robot card carries when the double-dummy sample chose it among equal cards.
DOUBLE_DUMMY = "double-dummy"
#: The maxim a card carries when it was the only legal card (the law of following suit decided).
FORCED = "must-follow-suit"
#: Layouts drawn when the engine cites no maxim at all and the robot was told not to sample.
MIN_SAMPLES = 2
#: Layouts of the strong robot's search by default (bench/bench_robot_quality.py: 20 layouts and
#: LARGE_GAIN 0.4 reach the issue's aim with p95 move time well under the 1.5 s allowed).
DEFAULT_SAMPLES = 20

def _solve(positions: Sequence[DDPosition]) -> list[Solution]:
    """The double-dummy solutions of ``positions``, each distinct position solved once: the layouts a
    reading samples repeat when a seat sees all but one hand (two dummies, an open dummy late in the
    deal) -- the fourth hand is then the cards left, and one solve answers every sample alike. A
    single position goes to DDS's one-board call in this thread (:func:`tutor.solver.solve`): the
    batch call's threads cost more than they save on one board, most of all on a loaded machine.

    >>> from tutor.deal import Deal
    >>> p = DDPosition.from_deal(Deal.random(1, dealer="E"))
    >>> a, b = _solve([p, p])
    >>> a is b
    True
    """
    unique = list(dict.fromkeys(positions))
    solved = dict(zip(unique, [solve(unique[0])] if len(unique) == 1 else solve_many(unique), strict=True))
    return [solved[p] for p in positions]


def _titles(maxims: Sequence[str], lang: Lang) -> str:
    """The maxims by their titles in ``lang`` (defect 13: a robot's note named them by id)."""
    if not maxims:
        return "no maxim" if lang == "en" else "нет правила"
    return listing([f"«{maxim_title(m, lang) or m}»" if lang == "ru" else f"“{maxim_title(m, lang) or m}”"
                    for m in maxims], lang)


def _search_note(best: Card, means: Mapping[Card, float], others: Sequence[Card], k: int) -> Text:
    """The search's note in words a beginner follows, the numbers as each language writes them
    (defects 14 and 25: «перебор: 2.95 взятки на 20 раскладах (♣6 2.85)»)."""
    def rest(lang: Lang, dash: str) -> str:
        return (" (" + ", ".join(f"{c.symbol(lang)}{dash}{number(means[c], lang)}" for c in others) + ")") if others else ""
    return Text(
        f"tried on {integer(k, 'en')} possible layouts: with {best.symbol('en')} {number(means[best], 'en')} "
        f"tricks on average{rest('en', ': ')}",
        f"проверено на {integer(k, 'ru')} возможных раскладах: с {best.symbol('ru')} в среднем "
        f"{number(means[best], 'ru')} взятки{rest('ru', ' — ')}",
    )



#: The tag of a card the robot's card reading chose among cards the maxims left equal.
READING = "reading"
#: The tag of a card the strong robot's Monte-Carlo search chose (or broke a convention for).
SEARCH = "search"
#: Mean double-dummy tricks a strong robot must gain before it breaks a convention partner relies on
#: (a lead, a discard, a call or echo: the cards partner reads).
LARGE_GAIN = 0.4
#: ... and before it departs from a maxim of following suit or ruffing, which tells partner less
#: (second hand low, third hand high, the cheapest ruff): a third of it.
PLAY_GAIN_SHARE = 1 / 3
#: Maxims whose card partner reads as a message (besides every lead and discard).
SIGNAL_MAXIMS = frozenset({"make-the-call", "echo-the-call"})
#: The beginner's habits (tag ``habit:<name>``), each the breach of a maxim a learner can punish,
#: and how often (per chance) the beginner gives in to it.
HABITS: Mapping[str, tuple[str, float]] = MappingProxyType({
    "grab-the-trick": ("second-hand-low", 1.0),
    "cash-aces-first": ("lead-long-suit", 0.9),
    "ruff-partners-winner": ("do-not-ruff-partners-winner", 1.0),
    "high-on-partners-trick": ("play-low-when-not-winning", 0.8),
    "no-signals": ("make-the-call", 1.0),
    "discard-from-long-suit": ("discard-from-weakest-suit", 0.8),
    "own-suit-not-partners": ("return-partners-suit", 0.8),
    "third-hand-low": ("third-hand-high", 0.8),
    "never-cover": ("cover-honour-with-honour", 0.7),
})
#: Layouts the classic robot reads from; the reading decides when its scores differ by this much.
READ_LAYOUTS = 16
READ_MARGIN = 0.15
#: Layouts of the classic robot's check among the cards the maxims leave equal (a cheap sampled
#: double-dummy search over the reading's layouts; bench/bench_robot_quality.py).
CLASSIC_SAMPLES = 20
#: ... fewer while the hands are long, where one layout costs DDS the most (the move-time aims:
#: none over 2 s on a loaded 2-core machine): at most this many layouts with 13, 12, 11 cards.
#: None at trick 1: a full 13-card layout with a trump lead took DDS up to 20 s under load, and a
#: perfect choice among the first trick's equal cards would save under 0.01 trick a deal
#: (bench/analyse_robot_losses.py), so there the maxims' card stands.
CLASSIC_EARLY_SAMPLES: Mapping[int, int] = MappingProxyType({13: 0, 12: 4, 11: 8})
#: Whether the classic robot's reading heuristic (:meth:`Robot._by_reading`: who holds a suit's
#: top card, who may win a discard) settles a tie of suits before the search. Off: on the bench's
#: first 60 deals the search alone lost no more (2.39 against 2.41 with it), and it also settles
#: the ties the heuristic cannot (one suit's cards, ruff or discard).
CLASSIC_READS_FIRST = False


class RobotError(WhistError):
    """A robot asked to play when it is not its turn, or with a bad setting."""


def sample_positions(view: SeatView, rng: random.Random, count: int) -> list[DDPosition]:
    """``count`` full layouts of the unseen cards that fit what ``view.seat`` has seen, uniformly
    (no card reading), as double-dummy positions from the trick in progress."""
    sampler = view.layout_sampler()
    return [DDPosition(sampler.draw(rng), view.trump, view.leader, view.on_table, view.won) for _ in range(count)]


@dataclass(frozen=True)
class RobotCard:
    """A card a robot played and why: what decided it first (a maxim id, ``"reading"``,
    ``"search"``, ``"habit:…"`` or ``"double-dummy"``), then the maxims that narrowed the choice.

    ``note`` is the short true note shown beside the card (``"reading: …"``, ``"search: …"``);
    ``dd_means`` (fallback and search) the mean tricks of the robot's side per card over the
    sampled layouts.
    """

    seat: Seat
    card: Card
    maxims: tuple[str, ...]
    explanation: Text
    dd_means: Mapping[Card, float] | None = None
    note: Text | None = None

    def __post_init__(self) -> None:
        if not self.maxims:
            raise RobotError(f"a robot card must name a maxim or {DOUBLE_DUMMY!r}: {self.card}")

    @property
    def maxim(self) -> str:
        """What decided the card (a maxim id, ``reading``, ``search``, a habit or ``double-dummy``)."""
        return self.maxims[0]

    @property
    def by_double_dummy(self) -> bool:
        return self.maxims[0] == DOUBLE_DUMMY

    def summary(self, lang: Lang = "en") -> str:
        """The note shown beside the card: the deciding maxim's id, or the reading / search note."""
        if self.note is not None:
            return self.note[lang]
        return self.maxim

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat.name, "card": str(self.card), "maxims": list(self.maxims),
               "explanation": self.explanation.to_json()}
        if self.note is not None:
            out["note"] = self.note.to_json()
        if self.dd_means is not None:
            out["dd_means"] = {str(c): round(v, 3) for c, v in self.dd_means.items()}
        return out


def _groups(view: SeatView, cards: Sequence[Card]) -> dict[Card, int]:
    """Each card's run of equals in the robot's hand (cards with nothing unplayed between them)."""
    gone = frozenset(c for t in view.played for c in t.cards)
    out: dict[Card, int] = {}
    for suit in {c.suit for c in cards}:
        for i, g in enumerate(equal_groups(view.remaining.suit(suit), gone)):
            for c in g:
                out[c] = int(suit) * 100 + i
    return out


class Robot:
    """One robot seat playing by the maxims of ``system`` at ``strength``.

    ``samples``: layouts of the strong robot's search; the classic check and the double-dummy
    fallback use at most :data:`CLASSIC_SAMPLES` of them. ``rules`` is the rule-set name the conventions engine is told.
    ``exposed``: seats whose cards lie open (a dummy).
    """

    def __init__(
        self,
        seat: Seat,
        system: System = "russian",
        *,
        strength: str = DEFAULT_STRENGTH,
        samples: int = DEFAULT_SAMPLES,
        seed: int = 0,
        rules: RuleSetName = "russian",
        exposed: Sequence[Seat] = (),
        large_gain: float = LARGE_GAIN,
    ) -> None:
        system = parse_system(system)
        if samples < 0:
            raise RobotError(f"samples must be 0 or more, got {samples}")
        self.seat = seat
        self.system = system
        self.strength: Strength = parse_strength(strength)
        self.samples = int(samples)
        self.seed = int(seed)
        self.rules = rules
        self.exposed = tuple(exposed)
        self.large_gain = float(large_gain)

    def __repr__(self) -> str:
        return (f"Robot({self.seat!r}, {self.system!r}, strength={self.strength!r}, samples={self.samples}, "
                f"seed={self.seed}, rules={self.rules!r}, exposed={self.exposed!r})")

    def choose(self, state: PlayState, standing: Standing | None = None) -> RobotCard:
        """The card this robot plays now (its turn in ``state``); the hidden hands are not read.
        ``standing`` is the score of the game before the deal, which every player sees."""
        if state.is_over or state.to_play != self.seat:
            raise RobotError(f"it is not {self.seat.name}'s turn")
        return self.decide(SeatView.from_state(state, self.seat, exposed=self.exposed, rules=self.rules,
                                               standing=standing))

    def _rng(self, view: SeatView, purpose: str) -> random.Random:
        # Seeded by what the seat can see only, so equal views give equal cards (the re-deal test).
        return random.Random(f"{self.seed}|{view.seat.name}|{purpose}|{view.history()}")

    def decide(self, view: SeatView) -> RobotCard:
        """The card to play from ``view`` alone."""
        legal = view.legal_cards()
        if not legal:
            raise RobotError(f"{view.seat.name} has no card to play")
        if len(legal) == 1:
            card = legal[0]
            return RobotCard(view.seat, card, (FORCED,), Text(
                f"{card.symbol('en')} is the only card that follows suit.",
                f"{card.symbol('ru')} — единственная карта в масть хода.",
            ))
        advice = advise(view, self.system)
        if advice.card not in legal:  # the engine is trusted, the law is checked anyway
            raise RobotError(f"the conventions engine offered {advice.card}, not a legal card for {view.seat.name}")
        tied = self._tied(advice, legal)
        if not advice.maxims and self.strength != "strong":
            # no maxim speaks at all: the fallback decides (and is counted); strong searches
            n = MIN_SAMPLES if self.strength == "beginner" else self._classic_layouts(view)  # 2 at trick 1
            return self._double_dummy(view, tied if len(tied) > 1 else legal, n)
        if self.strength == "beginner":
            return self._beginner(view, advice, legal)
        open_choice = self._open_choice(view, advice, tied)
        if self.strength == "strong":
            return self._strong(view, advice, legal, tied, open_choice)
        choice = self._choice(view, advice, tied)
        if len(choice) < 2 or not CLASSIC_EARLY_SAMPLES.get(view.sizes[view.seat], CLASSIC_SAMPLES):
            return self._by_maxims(view, advice)
        if CLASSIC_READS_FIRST and open_choice:
            read = self._by_reading(view, advice, tied)
            if read is not None:
                return read
        return self._tie_search(view, advice, choice)

    # -- what the maxims decided ------------------------------------------------------------------
    @staticmethod
    def _tied(advice: Advice, legal: Sequence[Card]) -> tuple[Card, ...]:
        """The cards no maxim separates from the engine's pick (its "equal" candidates)."""
        cards = {advice.card, *(v.card for v in advice.candidates if v.verdict == "equal")}
        return tuple(c for c in legal if c in cards)

    @staticmethod
    def _choice(view: SeatView, advice: Advice, tied: Sequence[Card]) -> tuple[Card, ...]:
        """One card of each run of equals among the tied cards -- the cards between which the
        maxims (and the schools they accept as equally right) truly leave a choice. The advised
        card stands for its run; any other run is represented by the card the engine would show
        first from it (the tied cards are in display order, the lowest first among equals)."""
        if len(tied) < 2:
            return tuple(tied)
        groups = _groups(view, tied)
        out: dict[int, Card] = {groups[advice.card]: advice.card} if advice.card in groups else {}
        for c in sorted(tied, key=lambda c: (int(c.rank), c.index)):
            out.setdefault(groups[c], c)
        return tuple(out.values())

    @staticmethod
    def _open_choice(view: SeatView, advice: Advice, tied: Sequence[Card]) -> bool:
        """Whether the maxims really left a choice: tied cards that are not equals of one run, and
        not one suit's cards the card rules accepted as equally right (the schools: the engine
        names one first, and that maxim decides)."""
        if len(tied) < 2:
            return False
        groups = _groups(view, tied)
        if len({groups[c] for c in tied}) == 1:
            return False
        same_suit = len({c.suit for c in tied}) == 1
        return not (same_suit and advice.maxims)

    def _by_maxims(self, view: SeatView, advice: Advice) -> RobotCard:
        if not advice.maxims:
            raise RobotError(f"the conventions engine gave {advice.card} without a maxim")
        return RobotCard(view.seat, advice.card, tuple(advice.maxims), advice.explanation)

    # -- classic: card reading ----------------------------------------------------------------------
    def _by_reading(self, view: SeatView, advice: Advice, tied: Sequence[Card]) -> RobotCard | None:
        """Among tied cards of different suits, the reading decides: on a lead, the suit whose top
        card our side most likely holds (lead to partner's strength, through the opponents'
        weakness); on a discard, the card least likely to win a trick. None when it cannot tell."""
        if len({c.suit for c in tied}) < 2 or view.on_table and any(c.suit == view.on_table[0].suit for c in tied):
            return None
        reading = Reading.of(view)
        try:
            layouts = reading.sample(self._rng(view, "read"), READ_LAYOUTS)
        except WhistError:
            return None
        me, partner = view.seat, view.seat.partner
        gone = {c for t in view.played for c in t.cards}
        leading = not view.on_table

        def ours_on_top(suit: Suit, lay: Sequence[Hand]) -> bool:
            top = next((c for c in CARDS if c.suit == suit and c not in gone), None)
            return top is not None and (top in lay[me] or top in lay[partner])

        def may_win(card: Card, lay: Sequence[Hand]) -> bool:
            opp = (lay[me.lho], lay[me.rho])
            return not any(c.suit == card.suit and c.rank > card.rank for h in opp for c in h)

        if leading:
            score = {c: sum(ours_on_top(c.suit, lay) for lay in layouts) / len(layouts) for c in tied}
            best = max(tied, key=lambda c: (score[c], -int(c.rank)))
        else:
            score = {c: sum(may_win(c, lay) for lay in layouts) / len(layouts) for c in tied}
            best = min(tied, key=lambda c: (score[c], int(c.rank)))
        others = [score[c] for c in tied if c.suit != best.suit]
        if not others or min(abs(score[best] - o) for o in others) < READ_MARGIN:
            return None
        inf = next((i for i in reading.inferences if i.suit == best.suit), None)
        because_en = f"; {inf.describe('en')}" if inf else ""
        because_ru = f"; {inf.describe('ru')}" if inf else ""
        n = len(layouts)
        if leading:
            note = Text(
                f"reading: our side holds the top {best.suit.symbol} on {score[best]:.0%} of {n} consistent layouts{because_en}",
                f"расклад: старшая {best.suit.symbol} у нашей пары на {score[best]:.0%} из {n} совместимых раскладов{because_ru}",
            )
        else:
            note = Text(
                f"reading: {best.symbol('en')} can win a trick on only {score[best]:.0%} of {n} consistent layouts{because_en}",
                f"расклад: {best.symbol('ru')} может взять взятку лишь на {score[best]:.0%} из {n} совместимых раскладов{because_ru}",
            )
        expl = Text(
            f"{best.symbol('en')}: the maxims leave " + ", ".join(c.symbol('en') for c in tied)
            + f" equal ({_titles(advice.maxims, 'en')}); " + note["en"] + ".",
            f"{best.symbol('ru')}: правила оставляют равными " + ", ".join(c.symbol('ru') for c in tied)
            + f" ({_titles(advice.maxims, 'ru')}); " + note["ru"] + ".",
        )
        return RobotCard(view.seat, best, (READING, *advice.maxims), expl, note=note)

    def _classic_layouts(self, view: SeatView) -> int:
        """How many layouts the classic robot solves for one choice (see :data:`CLASSIC_SAMPLES`)."""
        n = min(self.samples, CLASSIC_SAMPLES, CLASSIC_EARLY_SAMPLES.get(view.sizes[view.seat], CLASSIC_SAMPLES))
        return max(n, MIN_SAMPLES)

    # -- classic: a sampled double-dummy check among the cards the maxims leave equal --------------
    def _tie_search(self, view: SeatView, advice: Advice, choice: Sequence[Card]) -> RobotCard:
        """Among ``choice`` (cards the maxims leave equal, one per run), the card with the best
        mean double-dummy tricks over :data:`CLASSIC_SAMPLES` layouts the reading allows. The
        advised card keeps its place unless another is strictly better on these layouts. When the
        layouts separate the cards, the search decided and the note says so (``search: …``: the
        maxims chose the set, the search the card); when they leave the engine's card level with
        another, the maxims' pick stands and names them."""
        n = self._classic_layouts(view)
        try:
            layouts = Reading.of(view).sample(self._rng(view, "tie"), n)
        except WhistError:
            return self._by_maxims(view, advice)
        positions = [DDPosition(lay, view.trump, view.leader, view.on_table, view.won) for lay in layouts]
        sols = _solve(positions)
        means = {c: sum(sol.tricks[c] for sol in sols) / len(sols) for c in choice}
        best = max(choice, key=lambda c: (means[c], c == advice.card, -int(c.rank), -c.index))
        if best == advice.card and advice.maxims and any(means[c] == means[best] for c in choice if c != best):
            # the layouts do not separate the engine's card from another: the maxims' pick stands
            rc = self._by_maxims(view, advice)
            return RobotCard(rc.seat, rc.card, rc.maxims, rc.explanation, MappingProxyType(means))
        k = len(sols)
        note = _search_note(best, means, [c for c in choice if c != best], k)
        expl = Text(
            f"{best.symbol('en')}: the maxims leave " + ", ".join(c.symbol('en') for c in choice)
            + f" equal ({_titles(advice.maxims, 'en')}); " + note["en"] + ".",
            f"{best.symbol('ru')}: правила оставляют равными " + ", ".join(c.symbol('ru') for c in choice)
            + f" ({_titles(advice.maxims, 'ru')}); " + note["ru"] + ".",
        )
        return RobotCard(view.seat, best, (SEARCH, *advice.maxims), expl, MappingProxyType(means), note)

    # -- strong: Monte-Carlo search over the reading's layouts --------------------------------------
    def _strong(self, view: SeatView, advice: Advice, legal: Sequence[Card], tied: Sequence[Card],
                open_choice: bool) -> RobotCard:
        groups = _groups(view, legal)
        if not advice.maxims:  # no maxim speaks: every legal card is open to the search
            tied, open_choice = tuple(legal), True
        if len({groups[c] for c in legal}) == 1 and advice.maxims:  # every legal card an equal of the others
            return self._by_maxims(view, advice)
        n = max(self.samples, MIN_SAMPLES)
        reading = Reading.of(view)
        layouts = reading.sample(self._rng(view, "search"), n)
        positions = [DDPosition(lay, view.trump, view.leader, view.on_table, view.won) for lay in layouts]
        sols = _solve(positions)
        means = {c: sum(sol.tricks[c] for sol in sols) / len(sols) for c in legal}
        conventional = tuple(tied) if open_choice else (advice.card,)
        best_conv = max(conventional, key=lambda c: (means[c], -int(c.rank), -c.index))
        best_any = max(legal, key=lambda c: (means[c], -int(c.rank), -c.index))
        k = len(sols)
        led = view.suit_led
        signal = (led is None or not view.remaining.has_suit(led) and best_any.suit != view.trump
                  or bool(SIGNAL_MAXIMS.intersection(advice.maxims)))
        need = self.large_gain if signal else self.large_gain * PLAY_GAIN_SHARE
        if best_any not in conventional and means[best_any] - means[best_conv] >= need:
            verdict = advice.verdict_for(best_any)
            broken = tuple(verdict.maxims) if verdict is not None else ()
            broken_ids = broken or advice.maxims
            note = Text(
                f"tried on {integer(k, 'en')} possible layouts: with {best_any.symbol('en')} "
                f"{number(means[best_any], 'en')} tricks on average against {number(means[best_conv], 'en')} "
                f"with {best_conv.symbol('en')}; breaks {_titles(broken_ids, 'en')}",
                f"проверено на {integer(k, 'ru')} возможных раскладах: с {best_any.symbol('ru')} в среднем "
                f"{number(means[best_any], 'ru')} взятки против {number(means[best_conv], 'ru')} с "
                f"{best_conv.symbol('ru')}; нарушает {_titles(broken_ids, 'ru')}",
            )
            expl = Text(
                f"{best_any.symbol('en')}: the conventions advise {advice.card.symbol('en')}, but over {k} layouts "
                f"consistent with what {view.seat.label('en')} has seen {best_any.symbol('en')} gains "
                f"{number(means[best_any] - means[best_conv], 'en')} tricks on average.",
                f"{best_any.symbol('ru')}: правила советуют {advice.card.symbol('ru')}, но на {k} раскладах, "
                f"совместимых с тем, что видел {view.seat.label('ru')}, {best_any.symbol('ru')} в среднем даёт "
                f"на {number(means[best_any] - means[best_conv], 'ru')} взятки больше.",
            )
            return RobotCard(view.seat, best_any, (SEARCH, *broken), expl, MappingProxyType(means), note)
        if not open_choice:
            rc = self._by_maxims(view, advice)
            return RobotCard(rc.seat, rc.card, rc.maxims, rc.explanation, MappingProxyType(means))
        note = _search_note(best_conv, means, [c for c in conventional if c != best_conv], k)
        expl = Text(
            f"{best_conv.symbol('en')}: the maxims leave " + ", ".join(c.symbol('en') for c in conventional)
            + " equal; " + note["en"] + ".",
            f"{best_conv.symbol('ru')}: правила оставляют равными " + ", ".join(c.symbol('ru') for c in conventional)
            + "; " + note["ru"] + ".",
        )
        return RobotCard(view.seat, best_conv, (SEARCH, *advice.maxims), expl, MappingProxyType(means), note)

    # -- beginner: the maxims, and the beginner's habits ----------------------------------------------
    def _beginner(self, view: SeatView, advice: Advice, legal: Sequence[Card]) -> RobotCard:
        rng = self._rng(view, "habit")
        habit, card = self._habit(view, advice, legal, rng)
        if habit is None or card is None or card == advice.card:
            return self._by_maxims(view, advice)
        broken = HABITS[habit][0]
        why = {
            "grab-the-trick": Text("takes the trick at once second hand", "сразу берёт взятку вторым"),
            "cash-aces-first": Text("leads out an ace to make it", "спешит сыграть туза"),
            "ruff-partners-winner": Text("trumps partner's winning card", "бьёт козырем выигрывающую карту партнёра"),
            "no-signals": Text("never signals with high-low", "не подаёт сигналов"),
            "discard-from-long-suit": Text("throws a small card of his long suit and keeps short honours",
                                            "сбрасывает маленькую карту длинной масти и бережёт короткие онеры"),
            "own-suit-not-partners": Text("leads his own suit instead of returning partner's",
                                           "ходит в свою масть вместо масти партнёра"),
            "third-hand-low": Text("plays low third hand, hoping partner's card will do",
                                    "третьим кладёт маленькую в надежде на карту партнёра"),
            "never-cover": Text("does not cover an honour with an honour", "не покрывает онер онером"),
            "high-on-partners-trick": Text("plays a high card on partner's winning trick",
                                            "кладёт старшую карту на взятку партнёра"),
        }[habit]
        note = Text(f"beginner's habit: {why['en']} (breaks {broken})",
                     f"привычка новичка: {why['ru']} (нарушает {broken})")
        expl = Text(
            f"{card.symbol('en')}: a beginner {why['en']}; the maxims advise {advice.card.symbol('en')} ({broken}).",
            f"{card.symbol('ru')}: новичок {why['ru']}; правила советуют {advice.card.symbol('ru')} ({broken}).",
        )
        return RobotCard(view.seat, card, (f"habit:{habit}",), expl, note=note)

    def _habit(self, view: SeatView, advice: Advice, legal: Sequence[Card],
               rng: random.Random) -> tuple[str | None, Card | None]:
        trump = view.trump

        def chance(name: str) -> bool:
            return rng.random() < HABITS[name][1]

        if advice.maxims and advice.maxims[0] in ("make-the-call", "echo-the-call") and chance("no-signals"):
            low = min(legal, key=lambda c: (c.suit == trump, int(c.rank)))
            return "no-signals", low
        if not view.on_table:
            aces = [c for c in legal if c.rank == 14 and c.suit != trump and len(view.remaining.suit(c.suit)) > 1]
            if aces and chance("cash-aces-first"):
                return "cash-aces-first", aces[0]
            if "return-partners-suit" in advice.maxims[:2]:
                own = [s for s in Suit if s != trump and s != advice.card.suit and view.remaining.has_suit(s)]
                if own and chance("own-suit-not-partners"):
                    longest = max(own, key=lambda s: (len(view.remaining.suit(s)), -int(s)))
                    return "own-suit-not-partners", view.remaining.suit(longest)[-1]
            return None, None
        led = view.on_table[0].suit
        winner_seat = trick_winner(view.leader, view.on_table, trump)
        win_card = view.on_table[(winner_seat - view.leader) % 4]

        def beats(c: Card) -> bool:
            if c.suit == win_card.suit:
                return c.rank > win_card.rank
            return trump is not None and c.suit == trump

        follow = [c for c in legal if c.suit == led]
        lowest = min(follow, key=lambda c: c.rank) if follow else None
        if lowest is not None and lowest != advice.card:
            if advice.maxims[:1] == ("third-hand-high",) and chance("third-hand-low"):
                return "third-hand-low", lowest
            if advice.maxims[:1] == ("cover-honour-with-honour",) and chance("never-cover"):
                return "never-cover", lowest
        if len(view.on_table) == 1 and advice.maxims[:1] == ("second-hand-low",):
            winners = [c for c in legal if c.suit == led and beats(c)]
            if winners and chance("grab-the-trick"):
                return "grab-the-trick", min(winners, key=lambda c: c.rank)
        if (winner_seat == view.seat.partner and view.remaining.has_suit(led) and len(view.on_table) >= 2
                and advice.maxims[:1] == ("play-low-when-not-winning",)):
            high = max((c for c in legal if c.suit == led), key=lambda c: c.rank)
            if high.rank >= 11 and chance("high-on-partners-trick"):
                return "high-on-partners-trick", high
        if (not view.remaining.has_suit(led) and advice.card.suit != trump
                and advice.maxims[:1] == ("discard-from-weakest-suit",)):
            plain = [s for s in Suit if s != trump and view.remaining.has_suit(s)]
            long_suit = max(plain, key=lambda s: (len(view.remaining.suit(s)), -int(s)), default=None)
            if long_suit is not None and long_suit != advice.card.suit and chance("discard-from-long-suit"):
                return "discard-from-long-suit", view.remaining.suit(long_suit)[-1]
        if (trump is not None and led != trump and not view.remaining.has_suit(led)
                and winner_seat == view.seat.partner and advice.card.suit != trump):
            trumps = [c for c in legal if c.suit == trump and beats(c)]
            if trumps and chance("ruff-partners-winner"):
                return "ruff-partners-winner", min(trumps, key=lambda c: c.rank)
        return None, None

    # -- the fallback -----------------------------------------------------------------------------------
    def _double_dummy(self, view: SeatView, tied: Sequence[Card], samples: int,
                      context: tuple[str, ...] = ()) -> RobotCard:
        """Choose among ``tied`` by the mean double-dummy tricks over ``samples`` layouts the
        robot's reading allows; ``context`` (the maxims that narrowed the choice) follows the tag."""
        rng = random.Random(f"{self.seed}|{view.seat.name}|{view.history()}")
        layouts = Reading.of(view).sample(rng, samples)
        positions = [DDPosition(lay, view.trump, view.leader, view.on_table, view.won) for lay in layouts]
        solutions = _solve(positions)
        means = {c: sum(sol.tricks[c] for sol in solutions) / len(solutions) for c in tied}
        # The best mean; among exact ties the lowest card (keep the high ones, 000 LST 7's spirit
        # of never wasting a card), a deterministic rule.
        card = max(tied, key=lambda c: (means[c], -int(c.rank), -c.index))
        n = len(solutions)
        others = ", ".join(f"{c.symbol('en')} {means[c]:.2f}" for c in tied if c is not card)
        others_ru = ", ".join(f"{c.symbol('ru')} {means[c]:.2f}" for c in tied if c is not card)
        return RobotCard(
            view.seat, card, (DOUBLE_DUMMY, *context),
            Text(
                f"No maxim separates these cards; over {n} layouts consistent with what {view.seat.label('en')} "
                f"has seen, {card.symbol('en')} takes {means[card]:.2f} tricks on average ({others}).",
                f"Ни одно правило не выделяет карту; на {n} раскладах, совместимых с тем, что видел "
                f"{view.seat.label('ru')}, {card.symbol('ru')} в среднем берёт {means[card]:.2f} взятки ({others_ru}).",
            ),
            MappingProxyType(means),
            Text(f"double-dummy: {means[card]:.2f} tricks on {n} layouts",
                  f"двойной болван: {means[card]:.2f} взятки на {n} раскладах"),
        )
