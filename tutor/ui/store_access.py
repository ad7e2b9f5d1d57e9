"""The progress store as the pages reach it: one per database for the whole server, and what a
page says when the file cannot be used (progress off, read-only, busy) -- in the learner's
language, while lessons and puzzles go on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import streamlit as st

from tutor.i18n import t
from tutor.progress import (
    NameLookalike,
    NotATeacher,
    ProgressError,
    ProgressStore,
    ReportLimited,
    StoreBusy,
    StoreReadOnly,
    StoreUnavailable,
    default_db_path,
    default_db_target,
)
from tutor.ui.alerts import AlertTarget, show_info, show_warning
from tutor.vocab import Lang

__all__ = ["get_store", "store", "progress_or", "store_problem", "store_message", "store_reason", "progress_note"]

T = TypeVar("T")

@st.cache_resource(show_spinner=False)
def get_store(path: str) -> ProgressStore:
    """One store per database file for the whole server (it opens a connection per call)."""
    return ProgressStore(path)


def store() -> ProgressStore:
    """The progress store; raises :class:`ProgressError` (one line, naming the file) when the
    file cannot be used -- callers show :func:`store_message` and go on without progress."""
    return get_store(default_db_target())


def progress_or(default: T, read: Callable[[], T]) -> T:
    """``read()`` from the store, or ``default`` when the file fails meanwhile (damaged, locked,
    gone): a page shows what it can without the learner's progress rather than an exception."""
    try:
        return read()
    except ProgressError:
        return default


def store_problem() -> ProgressError | None:
    """Why progress is off or read-only on this server, or None when it works."""
    try:
        db = store()
    except ProgressError as exc:
        return exc
    if db.read_only is not None:
        return StoreReadOnly(db.read_only, db.path, "read-only")
    return None


def store_message(exc: ProgressError, lang: Lang) -> str:
    """A store error in the learner's language: what is wrong with the file, and that lessons and
    puzzles go on (the English text of ``exc`` is for the command line and the logs)."""
    why = store_reason(exc, lang)
    if isinstance(exc, StoreReadOnly):
        return t("store.read_only", lang, why=why)
    if isinstance(exc, (StoreBusy, StoreUnavailable)):
        return t("store.progress_off", lang, why=why)
    return why


def store_reason(exc: ProgressError, lang: Lang) -> str:
    """What is wrong with the progress file, in the learner's language (bad input to the store,
    such as an empty name, keeps its own words)."""
    path = str(getattr(exc, "path", "") or default_db_path())
    if isinstance(exc, StoreBusy):
        return t("store.busy", lang, path=path)
    if isinstance(exc, (StoreReadOnly, StoreUnavailable)):
        return t(f"store.{exc.reason}", lang, path=path)
    if isinstance(exc, NameLookalike):
        return t("store.name_lookalike", lang, name=exc.name, existing=exc.existing)
    if isinstance(exc, NotATeacher):
        return t("store.not_teacher", lang)
    if isinstance(exc, ReportLimited):
        return t(f"store.report_{exc.who}", lang)
    return str(exc)


def progress_note(lang: Lang, where: AlertTarget = st.sidebar) -> bool:
    """Show, once per page, that progress is off or read-only; True when progress works."""
    problem = store_problem()
    if problem is None:
        return True
    text = store_message(problem, lang)
    if isinstance(problem, StoreReadOnly):
        show_info(text, where=where)
    else:
        show_warning(text, where=where)
    return False
