"""Who can reach this server, and whether it may serve progress with no logins.

Why (issue 23, F5): ``streamlit run app.py`` listened on every interface, and in the default
(open) mode anyone on the school's network could list every name, read, export or delete any
learner. Now the shipped ``.streamlit/config.toml`` binds to 127.0.0.1; a server on the network
either requires logins (``WHIST_TUTOR_AUTH=required``) or says explicitly that it is open
(``WHIST_TUTOR_OPEN_NETWORK=yes``), and then every page says so. A server on the network in open
mode without that setting serves no progress at all.

>>> exposure("127.0.0.1", auth=False, allow_open=False)
<Exposure.LOCAL: 'local'>
>>> exposure("0.0.0.0", auth=False, allow_open=False)
<Exposure.REFUSED: 'refused'>
>>> exposure("0.0.0.0", auth=False, allow_open=True)
<Exposure.OPEN_NETWORK: 'open-network'>
>>> exposure(None, auth=True, allow_open=False)
<Exposure.NETWORK: 'network'>

Streamlit's own endpoints (issue 23): ``/_stcore/metrics`` tells anyone who reaches the server how
many learners are connected and when they come and go, and Streamlit has no setting that turns it
off. :class:`RefuseInternalEndpoints` is an ASGI middleware that answers such paths "404 Not
Found" before Streamlit sees them; ``app.py`` hands it to ``st.App`` (Streamlit's documented ASGI
application, which ``streamlit run app.py`` serves when the script defines one).

>>> [refused(p) for p in ("/_stcore/metrics", "/_stcore//Metrics/", "/x/_stcore/metrics", "/_stcore/health", "/")]
[True, True, False, False, False]
>>> refused("/x/_stcore/metrics", base="x")
True
"""

from __future__ import annotations

import ipaddress
import os
import re
from collections.abc import Awaitable, Callable, Mapping, MutableMapping
from enum import Enum
from typing import Any

__all__ = ["Exposure", "OPEN_ENV", "REFUSED_PATHS", "RefuseInternalEndpoints", "exposure", "is_loopback",
           "open_allowed", "refused"]

#: the setting that lets a server on the network run in open mode (no logins), knowingly
OPEN_ENV = "WHIST_TUTOR_OPEN_NETWORK"


class Exposure(str, Enum):
    """How far this server reaches, and what it may do there."""

    LOCAL = "local"                #: this machine only: open mode is safe
    NETWORK = "network"            #: on the network, every learner logs in
    OPEN_NETWORK = "open-network"  #: on the network, no logins, and the operator said so
    REFUSED = "refused"            #: on the network, no logins, and nobody said so: no progress served

    @property
    def serves_progress(self) -> bool:
        return self is not Exposure.REFUSED


def is_loopback(address: str | None) -> bool:
    """Whether a listening address reaches only this machine. No address (``None`` or empty)
    is Streamlit's default, every interface.

    >>> [is_loopback(a) for a in ("127.0.0.1", "::1", "localhost", "0.0.0.0", "", None, "10.0.0.5")]
    [True, True, True, False, False, False, False]
    """
    text = (address or "").strip().strip("[]")
    if not text:
        return False
    if text.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(text).is_loopback
    except ValueError:  # a host name: it may resolve to anything
        return False


def open_allowed(env: Mapping[str, str] | None = None) -> bool:
    """Whether the operator allowed open mode on the network (``WHIST_TUTOR_OPEN_NETWORK=yes``)."""
    value = (os.environ if env is None else env).get(OPEN_ENV, "")
    return value.strip().lower() in ("yes", "true", "1", "on")


def exposure(address: str | None, *, auth: bool, allow_open: bool) -> Exposure:
    """The exposure of a server listening on ``address``, with logins required or not."""
    if is_loopback(address):
        return Exposure.LOCAL
    if auth:
        return Exposure.NETWORK
    return Exposure.OPEN_NETWORK if allow_open else Exposure.REFUSED


#: Streamlit's endpoints that the tutor never serves. ``metrics``: the count of connected sessions and
#: every connect and disconnect, which dates each learner's visits for anyone on the network.
#: ``agent``: Streamlit's API for driving the app without a browser (off by default; the tutor is for
#: people). ``script-health-check``: runs the whole script for any caller when switched on.
#: ``/_stcore/health`` (the "ok" a load balancer polls) and ``/_stcore/host-config`` (read by every
#: page before it connects; it holds Streamlit's own defaults, nothing of the app's) stay.
REFUSED_PATHS: tuple[str, ...] = ("/_stcore/metrics", "/_stcore/agent", "/_stcore/script-health-check")

_SLASHES = re.compile(r"/{2,}")

ASGIApp = Callable[[MutableMapping[str, Any], Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]],
                   Awaitable[None]]


def refused(path: str, base: str = "") -> bool:
    """Whether the request path ``path`` (already percent-decoded, as ASGI gives it) is one of
    :data:`REFUSED_PATHS`, under Streamlit's ``server.baseUrlPath`` ``base``. Read loosely on
    purpose -- any case, doubled or trailing slashes -- so that no spelling a router might still
    match gets through."""
    text = _SLASHES.sub("/", "/" + path).rstrip("/").lower()
    prefix = ("/" + base.strip("/")).rstrip("/").lower()
    if prefix and text.startswith(prefix + "/"):
        text = text[len(prefix):]
    return any(text == p or text.startswith(p + "/") for p in REFUSED_PATHS)


class RefuseInternalEndpoints:
    """ASGI middleware: a request for one of :data:`REFUSED_PATHS` gets "404 Not Found" (the answer
    to any path that does not exist), a websocket on one is closed; everything else goes on to
    Streamlit untouched. ``base`` is Streamlit's ``server.baseUrlPath`` (its routes sit under it)."""

    def __init__(self, app: ASGIApp, base: str = "") -> None:
        self.app = app
        self.base = base

    def __repr__(self) -> str:
        return f"RefuseInternalEndpoints({self.app!r}, base={self.base!r})"

    async def __call__(self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
                       send: Callable[[Any], Awaitable[None]]) -> None:
        kind = scope.get("type")
        if kind in ("http", "websocket") and refused(str(scope.get("path", "")), self.base):
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await send({"type": "http.response.start", "status": 404,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", b"9")]})
            await send({"type": "http.response.body", "body": b"Not Found"})
            return
        await self.app(scope, receive, send)
