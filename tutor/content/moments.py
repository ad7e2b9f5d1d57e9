"""From a review to lessons: the costly moments of a reviewed deal as puzzles for the library.

A teacher who has reviewed a deal played at the club (:mod:`tutor.deal_review`) wants its worst
cards as exercises: the position before the card, from the seat that had to play it, with the
conventions' answer, its maxim and an explanation that says what was played at the table and what
it cost. Puzzles put the student in the South seat, so the table is turned until the player of
the card sits South (the cards are the same; the seats' names move round). The history before the
card is the deal's own, played by real people: its cards that the conventions do not call for are
named ``deliberate`` (the linter would reject them otherwise), each with what was played and
what the conventions advise. The puzzle is then proved as ``tutor check`` proves any file
(:func:`tutor.content.lint.lint_text` on its YAML), so what the Workshop is given always loads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tutor.cards import Card
from tutor.content.engine import advise_position, build_position, equal_accepts, maxim_text
from tutor.content.history import check_history
from tutor.content.lint import lint_text
from tutor.content.models import Deliberate, Puzzle, Text
from tutor.content.pbn import MAXIM_THEMES
from tutor.content.quality import text_names_rank
from tutor.content.writer import puzzles_yaml
from tutor.deal import Deal
from tutor.deal_review import CardNote, DealReview
from tutor.errors import WhistError
from tutor.play import PlayState, Trick
from tutor.seats import Seat
from tutor.vocab import Lang

__all__ = ["MomentError", "puzzle_from_moment", "moment_puzzles", "proved_yaml"]


class MomentError(WhistError):
    """A card of a review that cannot become a puzzle (no turned-up card, not reviewed double-dummy)."""


def _turn(seat: Seat, by: int) -> Seat:
    return Seat((seat + by) % 4)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "deal"


def _tricks_before(review: DealReview, index: int) -> list[Trick]:
    state = PlayState(review.deal)
    for _, card in review.played.cards[:index]:
        state.play(card)
    tricks = list(state.tricks)
    if state.current:
        tricks.append(Trick(state.leader, tuple(state.current)))
    return tricks


def _cards(cards: Sequence[Card], lang: Lang) -> str:
    return " ".join(c.symbol(lang) for c in cards)


def _theme(tricks: Sequence[Trick], lead: bool, played: Card, advised: Card, deal: Deal) -> str:
    """The library theme of the position: the opening lead, a later lead (a trump lead or a
    return), second or third hand, a ruff or a discard, the fourth hand's trick."""
    if lead:
        if not tricks:
            return "opening-lead"
        return "trumps" if deal.trump is not None and advised.suit == deal.trump else "returns"
    current = tricks[-1]
    if played.suit != current.suit_led and advised.suit != current.suit_led:
        return "ruffing" if deal.trump is not None and advised.suit == deal.trump else "discards"
    return {1: "second-hand", 2: "third-hand"}.get(len(current.cards), "trick-winner")


def puzzle_from_moment(review: DealReview, index: int, *, source: str = "review") -> Puzzle:
    """The puzzle of the position before card ``index`` of ``review`` (see the module's docstring)."""
    if not review.solved:
        raise MomentError("solve the review double-dummy first: a puzzle says what the card cost")
    if not 0 <= index < len(review.notes):
        raise MomentError(f"no card {index} in this deal (0 to {len(review.notes) - 1})")
    deal = review.deal
    if deal.trump_card is None:
        raise MomentError("a puzzle needs the turned-up trump card, and this deal names "
                          + ("no trumps" if deal.trump is None else "only the trump suit"))
    note: CardNote = review.notes[index]
    by = (Seat.S - note.seat) % 4
    hands = {_turn(s, by): deal.hands[s] for s in Seat}
    turned = Deal(hands, dealer=_turn(deal.dealer, by), trump_card=deal.trump_card)
    tricks = [Trick(_turn(t.leader, by), t.cards) for t in _tricks_before(review, index)]
    lead = not tricks or tricks[-1].complete
    advice = advise_position(build_position(turned.hands[Seat.S], deal.trump_card, tricks or None, turned.dealer),
                             review.system)
    if not advice.maxims:
        raise MomentError(f"the conventions name no maxim for card {index + 1}: no puzzle to make of it")
    deciding = advice.maxims[0]
    board = review.played.board
    where_en = f"board {board}" if board is not None else "this deal"
    where_ru = f"сдача {board}" if board is not None else "эта сдача"
    played_en, played_ru = note.card.symbol("en"), note.card.symbol("ru")
    best_en, best_ru = _cards(note.dd_best, "en"), _cards(note.dd_best, "ru")
    n = note.cost
    explanation = Text(
        en=f"{advice.explanation.en} At the table ({where_en}) {played_en} was played here: double-dummy it "
           f"cost {n} trick{'s' if n != 1 else ''}; with all four hands open the best cards were {best_en}.",
        ru=f"{advice.explanation.ru} За столом ({where_ru}) здесь сыграли {played_ru}: с открытыми картами это "
           f"стоило взяток: {n}; лучшими при открытых картах были {best_ru}.",
    )
    hints = [Text(en="What has the play so far told you about the hidden hands?",
                  ru="Что розыгрыш уже сказал вам о закрытых руках?")]
    rule = maxim_text(deciding)
    if not text_names_rank(rule, advice.card.rank):  # "From ace-king lead the king" says the answer
        hints.append(rule)
    themes = [_theme(tricks, lead, note.card, advice.card, deal)]
    if deciding in MAXIM_THEMES:
        themes.append(MAXIM_THEMES[deciding])
    ident = f"review-{_slug(source)}-{board if board is not None else 0}-card-{index + 1}"
    base = {
        "id": ident,
        "title": Text(en=f"Board {board if board is not None else '—'}, trick {note.trick}: the costly card",
                   ru=f"Сдача {board if board is not None else '—'}, взятка {note.trick}: дорогая карта"),
        "themes": themes, "difficulty": 3, "rules": "russian", "system": review.system, "dealer": turned.dealer,
        "trump": deal.trump_card, "hand": turned.hands[Seat.S], "deal": turned, "played": tricks or None,
        "question": "lead" if lead else "play", "answer": advice.card, "accept": equal_accepts(advice),
        "maxims": list(advice.maxims), "hints": hints, "explanation": explanation,
    }
    puzzle = Puzzle.model_validate(base)
    if tricks:
        wrong = [c for c in check_history(puzzle, turned) if not c.conventional]
        if wrong:
            deliberate = [Deliberate.model_validate({
                "card": f"{c.seat.name}:{c.card}",
                "reason": Text(
                    en=f"Played so at the table ({where_en}); the conventions call for "
                       f"{c.engine_card.symbol('en') if c.engine_card else 'another card'}.",
                    ru=f"Так сыграно за столом ({where_ru}); по правилам — "
                       f"{c.engine_card.symbol('ru') if c.engine_card else 'другая карта'}."),
            }) for c in wrong]
            puzzle = Puzzle.model_validate({**base, "deliberate": deliberate})
    return puzzle


def moment_puzzles(review: DealReview, *, count: int = 3, source: str = "review") -> list[Puzzle]:
    """Puzzles of the costliest moments (at most ``count``)."""
    return [puzzle_from_moment(review, n.index, source=source) for n in review.costliest(count)]


def proved_yaml(puzzles: Sequence[Puzzle], header: str | None = None) -> tuple[str, list[str]]:
    """The puzzles as a file's YAML and the problems ``tutor check`` finds in it (none: proved)."""
    text = puzzles_yaml(puzzles, header)
    report = lint_text(text, "review-puzzles.yaml")
    return text, [str(p) for p in report.problems]
