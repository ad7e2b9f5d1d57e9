"""Autosaved drafts: nothing a teacher or learner types is lost to a reload or a closed tab.

Streamlit keeps a text box's value in the session only, and a session ends with the tab (a
widget's value is even dropped when its page is left). So every text box that holds real work
(the workshop editor, its PBN box, the "report a problem" note) is restored from and saved to the
progress store's ``drafts`` table (:meth:`tutor.progress.ProgressStore.save_draft`):

* :func:`restore` fills the box from the newest saved version when the session has no value;
* :func:`autosave` saves the box's text after each change (an unchanged text is not written);
* :func:`versions` lists the last few versions with the time each was saved, to open any again.

Drafts belong to the learner named in the sidebar (or logged in), else to this browser: an
anonymous random key kept in the URL (``?browser=…``) and a cookie (:mod:`tutor.ui.browser`), so a
reload finds them even before a name is typed; they become the learner's once he names himself. A draft saved for a learner is never read by that key alone: the key travels in every
link the learner shares (issue 23, F4).
A database that cannot be written never breaks the page: the box keeps working, with a warning.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import streamlit as st

from tutor.clock import learner_time, zone_name
from tutor.errors import WhistError
from tutor.progress import Draft, ProgressError
from tutor.ui import state
from tutor.ui.alerts import show_success, show_warning
from tutor.ui.browser import BROWSER_PARAM, browser_key, keep_browser_key, known_browser_key, new_browser_key
from tutor.ui.lang import current_lang, tr
from tutor.ui.learner import browser_zone, current_learner
from tutor.ui.store_access import store, store_reason

__all__ = ["BROWSER_PARAM", "SLOT_WORKSHOP", "SLOT_PBN", "SLOT_REPORT", "DraftOwner", "DraftNotSaved", "browser_key",
           "new_browser_key", "keep_browser_key", "owner", "restore", "keep", "autosave", "versions", "saved_caption", "local_time"]

SLOT_WORKSHOP = "workshop"
SLOT_PBN = "workshop-pbn"
SLOT_REPORT = "report"


@dataclass(frozen=True)
class DraftOwner:
    """Whose drafts: the named learner (if any) and this browser."""

    learner_id: int | None
    browser: str

    def kwargs(self) -> dict[str, Any]:
        return {"learner_id": self.learner_id, "browser": self.browser}

    def cache_key(self, slot: str) -> str:
        return f"{slot}|{self.learner_id}|{self.browser}"


def owner() -> DraftOwner:
    learner = current_learner()
    return DraftOwner(learner.id if learner is not None else None, browser_key())


def _saved() -> dict[str, Draft]:
    saved: dict[str, Draft] = st.session_state.setdefault(state.DRAFTS_SAVED, {})
    return saved


def _why(exc: Exception) -> str:
    """A store failure in the teacher's language; the text being typed stays in its box."""
    if isinstance(exc, ProgressError):
        return store_reason(exc, current_lang()).rstrip(".")
    return str(exc)


def restore(key: str, slot: str, default: str = "") -> Draft | None:
    """Fill the box ``key`` with the newest saved version of ``slot`` (else ``default``) when this
    session holds no value for it yet; returns the version restored."""
    if key in st.session_state:
        return None
    if current_learner() is None and known_browser_key() is None:
        # a visitor who never wrote has no drafts: nothing to read (a query on every first run
        # of the Workshop and the Review page), and no key is made just for looking
        st.session_state[key] = default
        return None
    who = owner()
    try:
        draft = store().latest_draft(slot, **who.kwargs())
    except (ProgressError, sqlite3.Error) as exc:
        show_warning(tr("drafts.not_read", error=_why(exc)))
        draft = None
    st.session_state[key] = draft.text if draft is not None else default
    if draft is not None:
        _saved()[who.cache_key(slot)] = draft
    return draft


class DraftNotSaved(WhistError):
    """The store could not keep a box's text (the reason in the teacher's language)."""


def keep(key: str, slot: str) -> Draft:
    """Save the box's text now as the newest version of ``slot``, unless it is that already:
    before a callback replaces the text, so the text replaced is a version the teacher can open.
    Raises :class:`DraftNotSaved` when the store cannot write (then do not replace it)."""
    text = st.session_state.get(key) or ""
    who = owner()
    saved = _saved()
    last = saved.get(who.cache_key(slot))
    if last is not None and last.text == text:
        return last
    try:
        draft = store().save_draft(slot, text, **who.kwargs())
    except (ProgressError, sqlite3.Error) as exc:
        raise DraftNotSaved(_why(exc)) from None
    saved[who.cache_key(slot)] = draft
    return draft


def autosave(key: str, slot: str, default: str = "") -> Draft | None:
    """Save the box's text as the newest version of ``slot`` if it changed since the last save.

    The untouched ``default`` is not saved for an owner with no draft yet (opening a page writes
    nothing). Returns the newest saved version, or None when there is none or it failed (then a
    warning says so and the text stays in the box)."""
    text = st.session_state.get(key) or ""
    if _saved().get(owner().cache_key(slot)) is None and text == default:
        return None
    try:
        return keep(key, slot)
    except DraftNotSaved as exc:
        show_warning(tr("drafts.not_saved", error=str(exc)))
        return None


def local_time(ts: datetime) -> str:
    """A saved time in the browser's time zone (``st.context.timezone``), else in UTC."""
    zone = browser_zone()
    text = learner_time(zone or "UTC", ts).strftime("%Y-%m-%d %H:%M:%S")
    return text + ("" if zone_name(zone) else " UTC")


def saved_caption(draft: Draft | None) -> None:
    """Under a box: when its text was last saved, and when it is saved -- each time the box sends
    its text (on leaving it or Ctrl+Enter): a Streamlit text box does not send while one types, so
    the words do not promise saving "as you type" (issue 12)."""
    if draft is None:
        st.caption(tr("feedback.draft_autosave_on"))
    else:
        st.caption(tr("feedback.draft_saved_at", when=local_time(draft.ts)))


def _open_version(key: str, text: str) -> None:
    st.session_state[key] = text
    st.session_state[f"{key}:opened"] = True


def versions(key: str, slot: str) -> None:
    """An expander listing the saved versions of ``slot`` (newest first, with their time) and a
    button that opens the chosen one in the box; opening saves nothing away, since the text it
    replaces is itself the newest version."""
    try:
        found = store().drafts(slot, **owner().kwargs())
    except (ProgressError, sqlite3.Error):
        return
    if not found:
        return
    by_id = {d.id: d for d in found}

    def label(draft_id: int) -> str:
        d = by_id[draft_id]
        lines = [line.strip() for line in d.text.splitlines() if line.strip()]
        # the first item id tells puzzle files apart better than their common first line
        first = next((line.removeprefix("- ") for line in lines if line.removeprefix("- ").startswith("id:")),
                     lines[0] if lines else "")
        return tr("drafts.version_label", when=local_time(d.ts), lines=len(d.text.splitlines()),
                  first=first[:40])

    if st.session_state.pop(f"{key}:opened", False):
        show_success(tr("drafts.opened"))
    with st.expander(tr("drafts.versions", n=len(found))):
        pick_key, newest_key = f"{key}:version", f"{key}:newest"
        # a new version (an edit, the template restored) moves the pick to it
        if st.session_state.get(pick_key) not in by_id or st.session_state.get(newest_key) != found[0].id:
            st.session_state[pick_key] = found[0].id
        st.session_state[newest_key] = found[0].id
        labels = {draft_id: label(draft_id) for draft_id in by_id}  # made in this run, in its language
        chosen = st.selectbox(tr("drafts.pick"), list(by_id), format_func=labels.__getitem__, key=pick_key)
        st.button(tr("drafts.open"), key=f"{key}:open", on_click=_open_version, args=(key, by_id[chosen].text),
                  disabled=by_id[chosen].text == (st.session_state.get(key) or ""))
