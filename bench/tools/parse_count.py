"""How often an item's notation text is read: while the shipped content is loaded, and then while
the daily puzzle is shown and graded the way the Daily page does it (the board from the seat view,
the question's words, a right card, a wrong card, and the "why" box's verdict on it).

Parse once, at the edge (docs/architecture.md, "How a card click travels"): every read should
happen at load. Each call to a reader of card, hand or history text in ``tutor.cards``,
``tutor.play`` and ``tutor.deal`` that is handed *text* counts (a reader handed the value it
returns reads nothing). Run it on a checkout to compare::

    PYTHONPATH=. python bench/tools/parse_count.py [YYYY-MM-DD]
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from datetime import date
from typing import Any

from tutor import cards, deal, play

_FUNCTIONS = {cards: ("parse_card", "parse_suit", "parse_rank", "_hand_of_text", "_parse_hand_cards"),
              play: ("parse_history",), deal: ("parse_trump",)}
_METHODS = ((cards.Card, "parse"), (cards.Hand, "parse"), (cards.Suit, "parse"), (cards.Rank, "parse"),
            (play.Trick, "parse"), (deal.Deal, "from_pbn"))

READS: Counter[str] = Counter()


def _counting(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if any(isinstance(a, str) for a in args):
            READS[name] += 1
        return fn(*args, **kwargs)
    return wrapper


def install() -> None:
    """Count every reader, also where a module imported it by name."""
    import tutor.content.daily
    import tutor.content.describe
    import tutor.content.grading
    import tutor.content.loader
    import tutor.seatview  # noqa: F401

    for module, names in _FUNCTIONS.items():
        for name in names:
            original = getattr(module, name)
            wrapped = _counting(name, original)
            for mod in list(sys.modules.values()):
                if getattr(mod, "__name__", "").startswith("tutor") and getattr(mod, name, None) is original:
                    setattr(mod, name, wrapped)
    for cls, name in _METHODS:
        setattr(cls, name, classmethod(_counting(f"{cls.__name__}.{name}", getattr(cls, name).__func__)))


def main(day: date) -> None:
    install()
    from tutor.ui.seatview import seat_view

    from tutor.content.daily import plan as daily_plan
    from tutor.content.describe import question_text
    from tutor.content.engine import engine_verdict
    from tutor.content.grading import grade
    from tutor.content.loader import load_paths

    content = load_paths(None)
    loaded = sum(READS.values())
    READS.clear()
    item = daily_plan([p.item for p in content.puzzles], day).puzzle
    played = getattr(item, "tricks_played", item.played)  # the values, where the item holds them
    view = seat_view(item.student_hand, item.trump_card, item.dealer_seat, played)  # the board
    question_text(item)
    answer = item.answer_cards()[0]
    grade(item, answer)
    wrong = next((c for c in view.legal_cards() if c != answer), None)
    if wrong is not None:
        grade(item, wrong)
        if item.question in ("lead", "play"):
            engine_verdict(item, wrong)  # the "why" box
    shown = sum(READS.values())
    print(f"daily puzzle {day}: {item.id} ({item.question})")
    print(f"{'texts read while loading the shipped content':<52} {loaded:>6}")
    print(f"{'texts read while showing and grading it after that':<52} {shown:>6}")
    for name, n in READS.most_common():
        print(f"  {name:<50} {n:>6}")


if __name__ == "__main__":
    main(date.fromisoformat(sys.argv[1]) if len(sys.argv) > 1 else date(2026, 12, 1))
