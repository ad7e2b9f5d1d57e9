"""The daily lead problem as served: the schedule kept in the progress store, planned beyond it,
and its evidence read from the evidence store (never solved here).

Every door asks here -- the Daily page and its archive, ``tutor daily``, ``tutor analyse
--daily`` and the server's warm-up -- so all of them give one puzzle for a date:

- a day the store has kept (it has been served) is that puzzle, whatever the ratings do since;
- serving a day not kept yet (the Daily page, ``serve=True``) keeps it, and every day before it
  still missing, chosen from the puzzles' standings as of now (:meth:`ProgressStore.keep_dailies`,
  under a lock: two app servers on one database keep one schedule);
- any other day is planned on from the last kept day with the standings of now
  (:func:`tutor.content.daily.plan`); with no store at all, from the epoch with the author's
  difficulties, so the command line gives any date's puzzle without a database.

Why the standings are translated here: the store speaks of items and ratings, the schedule of
puzzles and stars; neither imports the other (the persistence wing stands beside the content).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from tutor.content.daily import DailyPick, Fixed, Standing, extend, lead_pool, plan
from tutor.content.models import Puzzle
from tutor.progress import DailyRow, ItemStanding, ProgressError, ProgressStore

__all__ = ["daily", "standings_of", "stored_evidence"]


def standings_of(standings: Mapping[str, ItemStanding]) -> dict[str, Standing]:
    """The store's standings as the schedule reads them (stars once established, the flag)."""
    return {k: Standing(v.stars, v.flag is not None) for k, v in standings.items()}


def _fixed(rows: Sequence[DailyRow]) -> list[Fixed]:
    return [Fixed(r.day, r.item_id, r.cycle, r.number) for r in rows]


def daily(puzzles: Sequence[Puzzle], day: date, store: ProgressStore | None = None, *,
          serve: bool = False) -> DailyPick:
    """The daily puzzle of ``day`` among the lead problems of ``puzzles``.

    ``serve``: the day is being shown to a learner, so it is kept (with the days before it) if it
    is not yet; a store that cannot keep it (read-only, failing) still gives the planned puzzle.
    Raises :class:`tutor.content.daily.DailyError` (no lead problems, a date out of the
    schedule, a kept puzzle gone from the library); a store that cannot be read is planned
    without (:class:`ProgressError` is not raised)."""
    pool = lead_pool(puzzles)
    if store is None:
        return plan(pool, day)
    try:
        row = store.daily_row(day)
        if row is not None:
            return plan(pool, day, _fixed([row]))
        if serve and store.read_only is None:
            def choose(kept: list[DailyRow], standings: dict[str, ItemStanding]) -> list[DailyRow]:
                return [DailyRow(f.day, f.puzzle_id, f.cycle, f.number)
                        for f in extend(pool, _fixed(kept), day, standings_of(standings))]

            try:
                rows = store.keep_dailies(day, choose)
            except ProgressError:
                pass  # planned below, from what can be read
            else:
                return plan(pool, day, _fixed(rows))
        return plan(pool, day, _fixed(store.daily_rows()), standings_of(store.item_standings()))
    except ProgressError:
        return plan(pool, day)


def stored_evidence(puzzle: Puzzle) -> dict[str, Any] | None:
    """The puzzle's evidence as the app shows it, from the evidence store (the user's, then the
    one shipped with the content) -- put together from a stored table when only that is there,
    never solved here. None when neither is stored (``tutor analyse`` computes it)."""
    from tutor.analyse import spec_of  # deferred: the evidence machinery is not needed to plan a day
    from tutor.evidence_store import EvidenceStoreError, assemble, default_store

    spec = spec_of(puzzle)
    if spec is None:
        return None
    store = default_store()
    record = store.get(spec)
    if record is not None:
        return record
    table = store.get_table(spec)
    if table is None:
        return None
    try:
        return assemble(spec, table)
    except EvidenceStoreError:
        return None
