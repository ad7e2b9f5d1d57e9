"""Alert boxes (error, warning, success, info) that always carry an explicit icon.

Why: Streamlit takes a leading emoji-like character of an alert's text as its icon, and the suit
symbols ♠♥♦♣ count as such -- "♠A is not allowed" was drawn as "♠ | A is not allowed". Passing an
icon keeps the text whole, so every alert of the app goes through these four functions.
"""

from __future__ import annotations

from typing import Protocol

import streamlit as st

__all__ = ["ICONS", "AlertTarget", "show_error", "show_warning", "show_success", "show_info"]


class AlertTarget(Protocol):
    """Where an alert can be drawn: the ``st`` module itself, ``st.sidebar`` or a column."""

    def error(self, body: str, *, icon: str | None = None) -> object: ...

    def warning(self, body: str, *, icon: str | None = None) -> object: ...

    def success(self, body: str, *, icon: str | None = None) -> object: ...

    def info(self, body: str, *, icon: str | None = None) -> object: ...

#: The icon of each kind of alert (Material Symbols, drawn by Streamlit).
ICONS: dict[str, str] = {
    "error": ":material/close:",
    "warning": ":material/warning:",
    "success": ":material/check:",
    "info": ":material/info:",
}


def show_error(body: str, *, where: AlertTarget = st) -> None:
    """An error box; ``where`` may be ``st.sidebar`` or a column."""
    where.error(body, icon=ICONS["error"])


def show_warning(body: str, *, where: AlertTarget = st) -> None:
    """A warning box whose text is kept whole even when it starts with a suit symbol."""
    where.warning(body, icon=ICONS["warning"])


def show_success(body: str, *, where: AlertTarget = st) -> None:
    """A success box whose text is kept whole even when it starts with a suit symbol."""
    where.success(body, icon=ICONS["success"])


def show_info(body: str, *, where: AlertTarget = st) -> None:
    """An info box whose text is kept whole even when it starts with a suit symbol."""
    where.info(body, icon=ICONS["info"])
