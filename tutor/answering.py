"""Answering an item, the one way every door does it: grade, score, record, rate, schedule.

Every door answers through :func:`answer`: the app's question flow (:mod:`tutor.ui.components`,
under the Learn, Daily and Puzzles pages and a learner's homework on the Classes page) and the
command line (``tutor answer``). A class's homework is no separate record: its learners answer the
puzzles set on the Classes page, the Puzzles page or with ``tutor answer``, and the teacher's grid
and the learner's homework list read the attempts recorded here (``ProgressStore.class_report``,
``homework``). So one answer leaves the same attempt and the same ratings whichever way it came in.

There used to be two copies of this, and they disagreed: the app never passed the puzzle's
difficulty and the CLI never passed the score. The same first right answer to a difficulty-1
puzzle then rated the puzzle 1337.7 and the learner 1662.3 from the app, but 1062.5 and 1560.0
from the CLI, and the CLI stored a score of 1.0 for an answer found with hints. What is decided
here, and why:

- **The item's difficulty always seeds its rating.** A puzzle nobody has tried yet is rated from
  the difficulty its author gave it (:func:`tutor.progress.seed_rating`). That is the best guess
  there is, and a narrower one than "unknown, 1500 ± 350". Without it, a learner who solves an
  easy puzzle first is credited as if he had beaten a middling one.
- **The score counts the hints, from every door.** A right answer keeps the part of the score its
  hints left (:func:`tutor.content.grading.answer_score`, over the item's own number of hints).
  The rating counts them too, as a partial loss (:func:`tutor.glicko.result_of`). Taking more
  hints than the item has is refused (:class:`AnswerError`), not quietly trimmed.
- **The response is read once** (:func:`tutor.content.grading.read_response`). ``s2``, ``♠2``
  and a clicked ♠2 are one answer, stored as ``S2``.
- **The store may fail; the grade stands.** An answer that could not be saved is still graded.
  The store's error is handed back in :attr:`Outcome.store_error`: the page says the attempt was
  not saved, and the CLI ends with it.

The kind recorded is an :data:`tutor.vocab.AttemptKind`: ``lesson`` (not rated),
``puzzle`` or ``daily``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from tutor.cards import Card
from tutor.content.grading import Feedback, GradingError, answer_score, grade, hint_count, read_response
from tutor.content.models import Exercise, Item, Puzzle
from tutor.content.situation import item_view
from tutor.glicko import Rating
from tutor.progress import Attempt, Learner, ProgressError, ProgressStore
from tutor.vocab import AttemptKind, Lang

__all__ = ["AnswerError", "Outcome", "answer", "answer_text", "item_difficulty", "item_themes"]


class AnswerError(GradingError):
    """An answer that cannot be taken as given, such as more hints than the item has."""


@dataclass(frozen=True)
class Outcome:
    """Everything one answer leads to, as the doors show it.

    ``attempt`` is the attempt recorded, or None when nothing was recorded: a preview, no
    learner, or the store failed (then ``store_error`` says why). ``first_try`` tells whether
    this was the learner's first try at the item, the one that is rated. The ratings and
    ``next_review`` are read back after recording. They are None when nothing was recorded or
    when they could not be read.
    """

    item_id: str
    response: Card | int | str
    feedback: Feedback
    hints_used: int
    score: float
    attempt: Attempt | None = None
    first_try: bool = False
    learner_rating: Rating | None = None
    item_rating: Rating | None = None
    next_review: datetime | None = None
    store_error: ProgressError | None = None

    @property
    def correct(self) -> bool:
        return self.feedback.correct

    @property
    def answer(self) -> str:
        """The response as stored: ``S2``, ``HT``, ``4``."""
        return answer_text(self.response)


def answer_text(response: Card | int | str) -> str:
    """How a read response is written in the store and in drafts (``S2``, ``4``)."""
    return str(response)


def item_themes(item: Item) -> tuple[str, ...]:
    """The themes an answer to ``item`` counts toward: a puzzle's or an exercise's own."""
    return tuple(item.themes) if isinstance(item, (Puzzle, Exercise)) else ()


def item_difficulty(item: Item) -> int | None:
    """The difficulty (1-5) that seeds the item's rating; None for an item that has none."""
    return item.difficulty if isinstance(item, (Puzzle, Exercise)) else None


def answer(
    store: ProgressStore | None,
    learner: Learner | None,
    item: Item,
    response: object,
    hints_used: int = 0,
    *,
    kind: AttemptKind | None,
    record_id: str | None = None,
    lang: Lang = "en",
    ts: datetime | None = None,
) -> Outcome:
    """Grade ``response`` to ``item`` after ``hints_used`` hints, and record it for ``learner``.

    Something is recorded only when ``store``, ``learner`` and ``kind`` are all given (None
    means a preview, or nobody named). ``record_id`` is the id stored; by default it is the item's
    own ``id``. A daily puzzle is stored under its puzzle's id, and a lesson exercise under
    ``lesson#step``.

    Raises :class:`tutor.content.grading.GradingError` when the response is not an answer (then
    nothing is recorded), and :class:`AnswerError` for hints the item does not have.
    """
    total = hint_count(item)
    if not 0 <= hints_used <= total:
        raise AnswerError(f"{hints_used} hints taken, but this item has {total} (0 to {total})")
    read = read_response(item, response)
    _check_held(item, read)
    feedback = grade(item, read, lang)
    score = answer_score(feedback.correct, hints_used, total)
    item_id = record_id or (item.id if isinstance(item, Puzzle) else "")
    graded = Outcome(item_id, read, feedback, hints_used, score)
    if store is None or learner is None or kind is None:
        return graded
    if not item_id:
        raise AnswerError("an item without an id of its own (a lesson's exercise) is recorded under a record_id")
    return _record(store, learner, item, graded, kind, ts)


def _check_held(item: Item, read: Card | int | str) -> None:
    """A card the learner cannot play -- not in his hand, or played already -- is refused before
    it is graded: a typo at the command line (``--card S2`` with no ♠2) was recorded as a wrong
    first try and spent the learner's one rated try. The pages draw only the cards in the hand."""
    if not isinstance(read, Card) or item.question not in ("lead", "play"):
        return
    remaining = item_view(item).remaining
    if read not in remaining:
        held = " ".join(str(c) for c in sorted(remaining))
        raise GradingError(f"{read} is not a card in the hand (the hand holds {held}); nothing was recorded")


def _record(store: ProgressStore, learner: Learner, item: Item, graded: Outcome, kind: AttemptKind,
            ts: datetime | None) -> Outcome:
    """Store the graded answer (the store rates the first try and schedules the review in the same
    transaction), then read back what the doors show."""
    difficulty = item_difficulty(item)
    try:
        attempt = store.record_attempt(learner.id, graded.item_id, kind, themes=item_themes(item),
                                       correct=graded.correct, hints_used=graded.hints_used, score=graded.score,
                                       answer=graded.answer, ts=ts, difficulty=difficulty)
    except ProgressError as exc:  # graded all the same; only the record is lost
        return replace(graded, store_error=exc)
    try:
        first = store.attempts(learner.id, item_id=graded.item_id)[0].id == attempt.id
        rating = store.rating(learner.id)
        item_rating = store.item_rating(graded.item_id, difficulty)
        due = [r.due for r in store.review_queue(learner.id) if r.item_id == graded.item_id]
    except ProgressError as exc:  # recorded; only the figures after it could not be read
        return replace(graded, attempt=attempt, store_error=exc)
    return replace(graded, attempt=attempt, first_try=first, learner_rating=rating, item_rating=item_rating,
                    next_review=due[0] if due else None)

