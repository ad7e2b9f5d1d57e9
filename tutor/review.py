"""The review after a deal: every trick, the student's card beside the conventional one, and
what each of his cards cost in tricks.

000 asks the beginner to analyse each deal just played («не поленитесь проанализировать ход
только что сыгранной партии»); the review does it with him. For every student card it shows the
card the conventions engine advised and the maxim behind it, and the double-dummy count of his
side's tricks over the whole deal before the card (the best still possible) and after it (with
that card played, all four hands then playing their best) -- so a mistake's cost is a number,
not an opinion. A card can follow the maxims and still cost a trick double-dummy (the maxims are
rules for play with hidden hands); the summary keeps the two apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.locale_fmt import count
from tutor.play import PlayState, Trick, parse_history
from tutor.records import DealRecord, StudentCard
from tutor.robots import RobotCard
from tutor.seats import Seat, Side
from tutor.solver import solve
from tutor.text import in_lang
from tutor.vocab import Lang

__all__ = ["ReviewLine", "TrickReview", "Review", "build_review"]


@dataclass(frozen=True)
class ReviewLine:
    """One student card as the session judged it (:class:`StudentCard`: the card, the conventional
    card and its maxims, the verdict), with its double-dummy cost.

    ``dd_before``: tricks his side could still take over the whole deal with best play before the
    card; ``dd_after``: the same with his card played. ``cost = dd_before - dd_after`` (>= 0).
    """

    judged: StudentCard
    dd_before: int
    dd_after: int

    # The judged card's fields, read through (the Play page and the terminal show them).
    trick = property(lambda self: self.judged.trick)
    seat = property(lambda self: self.judged.seat)
    card = property(lambda self: self.judged.card)
    advised = property(lambda self: self.judged.advised)
    maxims = property(lambda self: self.judged.maxims)
    verdict = property(lambda self: self.judged.verdict)
    broken = property(lambda self: self.judged.broken)
    why = property(lambda self: self.judged.why)
    explanation = property(lambda self: self.judged.explanation)
    conventional = property(lambda self: self.judged.conventional)

    @property
    def cost(self) -> int:
        return self.dd_before - self.dd_after

    @property
    def mistake(self) -> bool:
        """A card against the conventions, or one that threw a trick away double-dummy."""
        return not self.conventional or self.cost > 0

    def as_json(self) -> dict[str, Any]:
        return {**self.judged.as_json(), "dd_before": self.dd_before, "dd_after": self.dd_after, "cost": self.cost}


@dataclass(frozen=True)
class TrickReview:
    """One trick as played: its cards, winner, the student's lines and the robots' reasons."""

    number: int
    trick: Trick
    winner: Seat
    lines: tuple[ReviewLine, ...]
    robots: tuple[RobotCard, ...]
    claimed: bool = False


#: The review's summary in each language; the nouns' forms by CLDR's plural categories.
_SUMMARY: dict[str, dict[str, Any]] = {
    "ru": {"card": {"one": "карта", "few": "карты", "many": "карт", "other": "карты"},
           "trick": {"one": "взятка", "few": "взятки", "many": "взяток", "other": "взятки"},
           "cards": "По правилам — {n} из {of}.",
           "taken": "Взято: {n}; при лучшей игре всех четырёх с открытыми картами — {par}.",
           "lost": "Ваши карты отдали: {n}{broke}.", "broke": " (из них против правил: {n})",
           "none_lost": "Ваши карты не отдали ни одной взятки.",
           "back": "Ошибки других игроков вернули вам: {n}."},
    "en": {"card": {"one": "card", "other": "cards"}, "trick": {"one": "trick", "other": "tricks"},
           "cards": "{n} of {of} followed the maxims.",
           "taken": "Taken: {n}; with best play by all four, cards open, from the start: {par}.",
           "lost": "Your cards gave away {n}{broke}.", "broke": " ({n} on cards that broke a maxim)",
           "none_lost": "Your cards gave away no trick.",
           "back": "The other players' mistakes gave back {n}."},
}


@dataclass(frozen=True)
class Review:
    """The whole deal reviewed, with the summary a learner reads first."""

    tricks: tuple[TrickReview, ...]
    side: Side
    tricks_won: int
    dd_par: int  # the student's side's tricks with best play from the first card
    claimed_at: int | None = None

    @property
    def lines(self) -> tuple[ReviewLine, ...]:
        return tuple(ln for t in self.tricks for ln in t.lines)

    @property
    def conventional(self) -> int:
        return sum(1 for ln in self.lines if ln.conventional)

    @property
    def mistakes(self) -> tuple[ReviewLine, ...]:
        return tuple(ln for ln in self.lines if ln.mistake)

    @property
    def tricks_lost(self) -> int:
        """Tricks the student's cards gave away double-dummy, all together."""
        return sum(ln.cost for ln in self.lines)

    @property
    def tricks_lost_unconventional(self) -> int:
        """The part of :attr:`tricks_lost` lost on cards that broke a maxim."""
        return sum(ln.cost for ln in self.lines if not ln.conventional)

    @property
    def tricks_given_back(self) -> int:
        """Tricks the other three players' cards gave back to the student's side, double dummy:
        what makes "taken" differ from "par less lost" (defect 8: «потеряно 3 … взято 3, при
        лучшей игре — 3» read as a contradiction)."""
        return max(0, self.tricks_won - (self.dd_par - self.tricks_lost))

    def summary(self, lang: Lang = "en") -> str:
        """What a learner reads first: the cards by the maxims, the tricks taken against the best
        play, and where the difference went -- counted and declined by Babel («4 карты»)."""
        w = _SUMMARY["ru" if lang == "ru" else "en"]
        lang = "ru" if lang == "ru" else "en"
        lost, back, broke = self.tricks_lost, self.tricks_given_back, self.tricks_lost_unconventional
        out = [w["cards"].format(n=count(self.conventional, w["card"], lang), of=len(self.lines)),
               w["taken"].format(n=count(self.tricks_won, w["trick"], lang), par=self.dd_par)]
        out.append(w["lost"].format(n=count(lost, w["trick"], lang),
                                    broke=w["broke"].format(n=broke) if broke else "") if lost else w["none_lost"])
        if back:
            out.append(w["back"].format(n=count(back, w["trick"], lang)))
        return " ".join(out)

    def text(self, lang: Lang = "en") -> str:
        """The review as plain text (the terminal prints it)."""
        ru = lang == "ru"
        out = [self.summary(lang)]
        for t in self.tricks:
            cards = " ".join(f"{s.name}:{c.symbol(lang)}" for s, c in t.trick.plays())
            won = ("взял" if ru else "won by") + f" {t.winner.name}"
            tag = (" (по заявке)" if ru else " (claimed)") if t.claimed else ""
            out.append(f"{t.number:>2}. {cards}  — {won}{tag}")
            for r in t.robots:
                out.append(f"      {r.seat.name} {r.card.symbol(lang)}: {r.maxim}")
            for ln in t.lines:
                mark = "✓" if ln.conventional else "✗"
                dd = f"DD {ln.dd_before}→{ln.dd_after}"
                if ln.conventional and ln.card == ln.advised:
                    out.append(f"    {mark} {ln.seat.name} {ln.card.symbol(lang)} ({', '.join(ln.maxims[:1])}) {dd}")
                else:
                    adv = "по правилам" if ru else "conventional"
                    why = in_lang(ln.why, lang)
                    broke = f" [{', '.join(ln.broken)}]" if ln.broken else ""
                    out.append(f"    {mark} {ln.seat.name} {ln.card.symbol(lang)}; {adv} {ln.advised.symbol(lang)} "
                               f"({', '.join(ln.maxims[:1])}){broke} {dd}"
                               + (f" — {why}" if why and not ln.conventional else ""))
        return "\n".join(out)

    def as_json(self) -> dict[str, Any]:
        return {
            "side": self.side.value,
            "tricks_won": self.tricks_won,
            "dd_par": self.dd_par,
            "conventional": self.conventional,
            "cards": len(self.lines),
            "tricks_lost": self.tricks_lost,
            "tricks_lost_unconventional": self.tricks_lost_unconventional,
            "claimed_at": self.claimed_at,
            "mistakes": [ln.as_json() for ln in self.mistakes],
            "tricks": [
                {"number": t.number, "trick": str(t.trick), "winner": t.winner.name, "claimed": t.claimed,
                 "student": [ln.as_json() for ln in t.lines], "robots": [r.as_json() for r in t.robots]}
                for t in self.tricks
            ],
        }


def build_review(record: DealRecord, *, student: Sequence[Seat] = (Seat.S,)) -> Review:
    """Replay a finished deal, solving double-dummy before each student card."""
    state = PlayState(record.deal)
    cards = [c for t in parse_history(record.history) for c in t.cards]
    side = student[0].side
    start = solve(state)
    dd_par = start.best if start.side is side else 13 - start.best
    lines_by_trick: dict[int, list[ReviewLine]] = {}
    robots_by_trick: dict[int, list[RobotCard]] = {}
    for i, card in enumerate(cards):
        move = record.moves[i] if i < len(record.moves) else None
        number = state.trick_number
        if isinstance(move, StudentCard):
            sol = solve(state)
            lines_by_trick.setdefault(number, []).append(
                ReviewLine(move, dd_before=sol.won + sol.best, dd_after=sol.total(card))
            )
        elif isinstance(move, RobotCard):
            robots_by_trick.setdefault(number, []).append(move)
        state.play(card)
    tricks = []
    for n, (trick, winner) in enumerate(zip(state.tricks, state.winners), start=1):
        tricks.append(TrickReview(
            number=n, trick=trick, winner=winner,
            lines=tuple(lines_by_trick.get(n, ())), robots=tuple(robots_by_trick.get(n, ())),
            claimed=record.claimed_at is not None and n >= record.claimed_at,
        ))
    return Review(tuple(tricks), side, state.tricks_won(side), dd_par, record.claimed_at)
