"""The server's base path, said in the page itself, so a new tab connects at once.

Why (issue 24, page ready): Streamlit's client cannot tell a page's own path from the server's
base path, so a tab opened on ``/rules`` first asks ``/rules/_stcore/health``, gets "404 Not
Found", and asks ``/_stcore/health`` only after a pause (40-110 ms measured here, on every page
but the first). Streamlit's client reads the base from ``window.__streamlit.BACKEND_BASE_URL``
when a host page sets it (the settings an embedding page gives it), and still tries the paths
above it if that one does not answer. :class:`PinBackendBase`, an ASGI middleware that
``app.py`` hands to ``st.App``, puts one small script into the app's HTML page that sets it: the
tab's own path less a page's name (``/rules`` -> ``/``, ``/whist/rules`` -> ``/whist/`` behind a
proxy that adds ``/whist``), read in the browser, so any prefix a proxy adds is kept.

>>> print(base_script(["learn", "rules"]).decode())
<script>(()=>{const p=location.pathname.replace(/\\/+$/,""),i=p.lastIndexOf("/");const b=["learn","rules"].includes(decodeURIComponent(p.slice(i+1)))?p.slice(0,i):p;window.__streamlit=Object.assign({},window.__streamlit,{BACKEND_BASE_URL:location.origin+b+"/"});})();</script>
>>> inject(b'<head><script type="module" src="x.js"></script></head>', b"<script>1</script>")
b'<head><script>1</script><script type="module" src="x.js"></script></head>'
>>> inject(b"<p>no module here</p>", b"<script>1</script>")
b'<p>no module here</p>'
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

__all__ = ["PinBackendBase", "base_script", "inject", "is_page_path"]

_MODULE = b'<script type="module"'

Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]
ASGIApp = Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]


def base_script(pages: Iterable[str]) -> bytes:
    """The script that sets ``window.__streamlit.BACKEND_BASE_URL`` from the tab's path, the
    app's page names (their URL paths) given. It runs before Streamlit's own module script."""
    names = json.dumps(list(pages), separators=(",", ":"))
    js = ('(()=>{const p=location.pathname.replace(/\\/+$/,""),i=p.lastIndexOf("/");'
          f'const b={names}.includes(decodeURIComponent(p.slice(i+1)))?p.slice(0,i):p;'
          'window.__streamlit=Object.assign({},window.__streamlit,{BACKEND_BASE_URL:location.origin+b+"/"});})();')
    return f"<script>{js}</script>".encode()


def inject(html: bytes, script: bytes) -> bytes:
    """``html`` with ``script`` just before its first module script (Streamlit's client), or
    unchanged if it has none (not the app's page)."""
    at = html.find(_MODULE)
    return html if at < 0 else html[:at] + script + html[at:]


def is_page_path(path: str) -> bool:
    """Whether a GET of ``path`` may be the app's HTML page: not Streamlit's endpoints and no file
    name (a page's URL has no dot in its last part).

    >>> [is_page_path(p) for p in ("/", "/rules", "/x/rules/", "/_stcore/health", "/static/js/a.js", "/favicon.png")]
    [True, True, True, False, False, False]
    """
    parts = [p for p in path.split("/") if p]
    return not parts or ("_stcore" not in parts and "static" not in parts and "." not in parts[-1])


class PinBackendBase:
    """ASGI middleware: the app's HTML page gets :func:`base_script` for ``pages``; everything else
    goes to Streamlit untouched. The page is asked for uncompressed (it is 8 kB), so its text can
    be read; its length is set anew."""

    def __init__(self, app: ASGIApp, pages: Iterable[str] = ()) -> None:
        self.app = app
        self.pages = tuple(pages)
        self.script = base_script(self.pages)

    def __repr__(self) -> str:
        return f"PinBackendBase({self.app!r}, pages={self.pages!r})"

    async def __call__(self, scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope.get("type") != "http" or scope.get("method") != "GET" or not is_page_path(str(scope.get("path", ""))):
            await self.app(scope, receive, send)
            return
        scope = dict(scope)
        scope["headers"] = [(k, v) for k, v in scope.get("headers", []) if k.lower() != b"accept-encoding"]
        start: dict[str, Any] | None = None
        body: list[bytes] = []
        passing = False

        async def capture(message: Any) -> None:
            nonlocal start, passing
            if passing:
                await send(message)
            elif message["type"] == "http.response.start":
                start = dict(message)
                headers = {k.lower(): v for k, v in start.get("headers", [])}
                if start.get("status") != 200 or not headers.get(b"content-type", b"").startswith(b"text/html") \
                        or b"content-encoding" in headers:
                    passing = True
                    await send(start)
            elif message["type"] == "http.response.body":
                body.append(message.get("body", b""))
                if not message.get("more_body", False):
                    assert start is not None
                    page = inject(b"".join(body), self.script)
                    start["headers"] = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"] \
                        + [(b"content-length", str(len(page)).encode())]
                    await send(start)
                    await send({"type": "http.response.body", "body": page})
            else:
                await send(message)

        await self.app(scope, receive, capture)
