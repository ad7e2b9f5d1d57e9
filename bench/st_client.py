"""A simulated learner: the app's own websocket protocol spoken without a browser.

Why: thirty Chromiums on the two cores that also run the server measure the browsers, not the
server (the walkthrough's 20 learners at once gave p95 4-10 s on a machine the browsers had
filled). A learner here is one websocket speaking Streamlit's protobufs -- what the page sends
on a click (``BackMsg.rerun_script`` with the button's trigger, and the fragment the button is
in, so a card click reruns only the answer's fragment as in the browser) and what the server
sends back (the elements drawn, then ``script_finished``). The time from the click's message to
``script_finished`` is the server's part of click-to-feedback: the browser's drawing (tens of ms)
is not in it, bench_browser.py measures that.

Widgets are found by their key: Streamlit names a keyed widget ``$$ID-<hash>-<key>``. Only the
clicked button's state is sent: the server keeps every other widget's value from the last run,
as it does for the browser's unchanged widgets.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.Element_pb2 import Element
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.WidgetStates_pb2 import WidgetState

__all__ = ["Client", "Drawn"]

_DONE = {ForwardMsg.ScriptFinishedStatus.FINISHED_SUCCESSFULLY,
         ForwardMsg.ScriptFinishedStatus.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
         ForwardMsg.ScriptFinishedStatus.FINISHED_WITH_COMPILE_ERROR}


@dataclass
class Drawn:
    """One element on the page, with the fragment it was drawn in ("" outside any)."""

    element: Element
    fragment: str
    run: int


@dataclass
class Client:
    """One learner's browser tab, reduced to its websocket."""

    base: str
    query: str = "lang=en"
    locale: str = "en-US"
    ws: Any = None
    pages: dict[str, str] = field(default_factory=dict)  # url path -> page script hash
    page_hash: str = ""
    drawn: dict[tuple[int, ...], Drawn] = field(default_factory=dict)
    runs: int = 0
    exceptions: list[str] = field(default_factory=list)
    opened: str | None = None

    async def connect(self) -> None:
        url = self.base.replace("http://", "ws://", 1) + "/_stcore/stream"
        self.ws = await websockets.connect(url, subprotocols=["streamlit"], origin=self.base, max_size=None)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def open(self, page: str) -> float:
        """Open ``page`` (its URL path, "" for the default one) as the tab's address does, or
        run it again; seconds taken. One page a client: the browser sends every widget's value
        when it changes page (the sidebar's language too), this client sends none, and the
        server drops the values a page change does not bring."""
        if self.pages and page not in self.pages:
            raise KeyError(f"no page {page!r}: {sorted(self.pages)}")
        if self.opened is not None and page != self.opened:
            raise ValueError(f"this client shows {self.opened!r}; open {page!r} in a new one")
        self.opened = page
        return await self._rerun(page_name=page, page_hash=self.pages.get(page, ""))

    async def click(self, key: str) -> float:
        """Click the button of widget ``key`` (in its fragment, as the browser does); the seconds
        until the server said the run was over."""
        found = self.button(key)
        if found is None:
            raise KeyError(f"no button {key!r} on the page")
        state = WidgetState(id=found.element.button.id, trigger_value=True)
        return await self._rerun(page_hash=self.page_hash, widgets=[state], fragment=found.fragment)

    async def choose(self, key: str, label: str) -> float:
        """Choose ``label`` (as shown) in the select box of widget ``key``; seconds taken."""
        found = self.widget(key, "selectbox")
        if found is None:
            raise KeyError(f"no select box {key!r} on the page")
        state = WidgetState(id=found.element.selectbox.id, string_value=label)
        return await self._rerun(page_hash=self.page_hash, widgets=[state], fragment=found.fragment)

    def options(self, key: str) -> list[str]:
        """The labels a select box offers (empty when it is not on the page)."""
        found = self.widget(key, "selectbox")
        return list(found.element.selectbox.options) if found is not None else []

    def widget(self, key: str, kind: str) -> Drawn | None:
        return next((d for d in self.elements(kind) if _user_key(getattr(d.element, kind).id) == key), None)

    def elements(self, kind: str) -> Iterator[Drawn]:
        for drawn in self.drawn.values():
            if drawn.element.WhichOneof("type") == kind:
                yield drawn

    def buttons(self, prefix: str = "", *, enabled: bool = True) -> list[str]:
        """The keys of the buttons on the page whose key starts with ``prefix``."""
        out = []
        for drawn in self.elements("button"):
            key = _user_key(drawn.element.button.id)
            if key is not None and key.startswith(prefix) and not (enabled and drawn.element.button.disabled):
                out.append(key)
        return sorted(out)

    def button(self, key: str) -> Drawn | None:
        return self.widget(key, "button")

    def text(self) -> str:
        """The markdown, alerts and headings on the page (to check what a click said)."""
        parts = []
        for drawn in self.drawn.values():
            kind = drawn.element.WhichOneof("type")
            if kind in ("markdown", "heading", "alert", "text"):
                parts.append(getattr(drawn.element, kind).body)
        return "\n".join(parts)

    async def _rerun(self, *, page_name: str = "", page_hash: str = "", widgets: list[WidgetState] | None = None,
                     fragment: str = "") -> float:
        msg = BackMsg()
        state = msg.rerun_script
        state.query_string = self.query
        state.page_name = page_name
        state.page_script_hash = page_hash
        state.fragment_id = fragment
        state.context_info.timezone = "UTC"
        state.context_info.locale = self.locale
        for w in widgets or ():
            state.widget_states.widgets.append(w)
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        await self._until_finished(fragment)
        return time.perf_counter() - start

    async def _until_finished(self, fragment: str) -> None:
        self.runs += 1
        run = self.runs
        while True:
            data = await self.ws.recv()
            fm = ForwardMsg()
            fm.ParseFromString(data)
            kind = fm.WhichOneof("type")
            if kind == "new_session":
                self.page_hash = fm.new_session.page_script_hash
            elif kind == "navigation":  # st.navigation's pages, and the one this run shows
                self.pages = {p.url_pathname: p.page_script_hash for p in fm.navigation.app_pages}
                self.page_hash = fm.navigation.page_script_hash
            elif kind == "page_info_changed":
                self.query = fm.page_info_changed.query_string
            elif kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                element = fm.delta.new_element
                self.drawn[tuple(fm.metadata.delta_path)] = Drawn(element, fm.delta.fragment_id, run)
                if element.WhichOneof("type") == "exception":
                    self.exceptions.append(element.exception.message)
            elif kind == "script_finished":
                if fm.script_finished in _DONE:
                    break
        # what this run did not draw again is gone from the page (a fragment's run redraws only
        # its own elements)
        self.drawn = {path: d for path, d in self.drawn.items()
                      if d.run == run or (fragment and d.fragment != fragment)}


def _user_key(widget_id: str) -> str | None:
    """The key a widget was given in the app (``$$ID-<hash>-<key>``), or None."""
    parts = widget_id.split("-", 2)
    return parts[2] if len(parts) == 3 and parts[0] == "$$ID" else None
