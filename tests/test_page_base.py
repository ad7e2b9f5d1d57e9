"""The app's HTML page is told the server's base path (:mod:`tutor.page_base`, issue 24 "page
ready"): Streamlit's client otherwise asks ``/<page>/_stcore/health`` first on every page but the
first, gets a 404 and waits before it asks ``/_stcore/health``."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.page_base import PinBackendBase, inject, is_page_path

PAGE = b'<html><head><script>window.prerenderReady = false</script><script type="module" src="./static/js/index.js"></script></head></html>'


def _through(path: str, *, status: int = 200, kind: bytes = b"text/html; charset=utf-8", body: bytes = PAGE,
             chunks: int = 1, extra: list[tuple[bytes, bytes]] | None = None):
    """What the middleware sends for a GET of ``path`` with Accept-Encoding: gzip, and the headers
    the app behind it saw."""
    seen: list[list[tuple[bytes, bytes]]] = []
    sent: list[dict] = []

    async def behind(scope, receive, send):
        seen.append(scope["headers"])
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode()), *(extra or [])]})
        step = max(1, -(-len(body) // chunks))
        parts = [body[i:i + step] for i in range(0, len(body), step)] or [b""]
        for i, part in enumerate(parts):
            await send({"type": "http.response.body", "body": part, "more_body": i < len(parts) - 1})

    async def receive():
        return {"type": "http.request"}

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": path, "headers": [(b"accept-encoding", b"gzip"), (b"host", b"x")]}
    asyncio.run(PinBackendBase(behind, pages=["learn", "rules"])(scope, receive, send))
    return sent, seen[0]


def _body(sent: list[dict]) -> bytes:
    return b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


@pytest.mark.parametrize("path", ["/", "/rules", "/whist/rules/"])
@pytest.mark.parametrize("chunks", [1, 3])
def test_the_apps_page_is_told_the_servers_base(path, chunks):
    sent, headers = _through(path, chunks=chunks)
    page = _body(sent)
    assert b"BACKEND_BASE_URL" in page and page.index(b"BACKEND_BASE_URL") < page.index(b'type="module"')
    length = dict(sent[0]["headers"])[b"content-length"]
    assert int(length) == len(page) and [k for k, _ in sent[0]["headers"]].count(b"content-length") == 1
    assert b"accept-encoding" not in dict(headers)  # asked for plain text, so it can be read


@pytest.mark.parametrize("path, status, kind", [
    ("/static/js/index.js", 200, b"text/javascript"), ("/_stcore/health", 200, b"text/plain"),
    ("/rules", 304, b"text/html"), ("/rules", 200, b"application/json"), ("/favicon.png", 200, b"image/png")])
def test_everything_else_goes_through_untouched(path, status, kind):
    sent, headers = _through(path, status=status, kind=kind)
    assert _body(sent) == PAGE and b"BACKEND_BASE_URL" not in _body(sent)
    assert dict(sent[0]["headers"])[b"content-length"] == str(len(PAGE)).encode()


def test_a_compressed_page_is_not_touched():
    """A proxy in between may compress anyway: bytes it compressed are never edited."""
    sent, _ = _through("/rules", extra=[(b"content-encoding", b"gzip")])
    assert _body(sent) == PAGE


def test_a_page_without_streamlits_script_is_left_as_it_is():
    assert inject(b"<p>Not Found</p>", b"<script>x</script>") == b"<p>Not Found</p>"


@given(st.lists(st.sampled_from(["", "rules", "x.js", "_stcore", "static", "a.b", "whist"]), max_size=4))
def test_only_page_paths_are_read(parts):
    path = "/" + "/".join(parts)
    named = [p for p in parts if p]
    expected = not named or ("_stcore" not in named and "static" not in named and "." not in named[-1])
    assert is_page_path(path) is expected
