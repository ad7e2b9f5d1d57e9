"""The server reaches only this machine unless told otherwise, and an open server on the network
says so on every page (issue 23, F5 and deliver point 3; shared/reviews/reliability.md: "With plain
`streamlit run app.py`, the server binds to all interfaces ... The UI says only 'no password
needed'")."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from streamlit import config as st_config

from appkit import start
from tutor.serving import OPEN_ENV, Exposure, RefuseInternalEndpoints, exposure, is_loopback, open_allowed

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(("address", "auth", "allow", "expected"), [
    ("127.0.0.1", False, False, Exposure.LOCAL),
    ("::1", False, False, Exposure.LOCAL),
    ("localhost", True, False, Exposure.LOCAL),
    ("0.0.0.0", True, False, Exposure.NETWORK),
    ("", False, False, Exposure.REFUSED),
    (None, False, False, Exposure.REFUSED),
    ("192.168.1.10", False, False, Exposure.REFUSED),
    ("0.0.0.0", False, True, Exposure.OPEN_NETWORK),
    ("school-server", False, True, Exposure.OPEN_NETWORK),
])
def test_open_mode_on_the_network_needs_an_explicit_setting(address, auth, allow, expected):
    assert exposure(address, auth=auth, allow_open=allow) is expected
    assert expected.serves_progress is (expected is not Exposure.REFUSED)


def test_the_open_setting_is_read_as_a_yes():
    assert open_allowed({OPEN_ENV: "yes"}) and open_allowed({OPEN_ENV: " TRUE "})
    assert not open_allowed({}) and not open_allowed({OPEN_ENV: "no"}) and not open_allowed({OPEN_ENV: ""})
    assert not is_loopback("127.0.0.1.example.org")


def test_the_shipped_config_binds_to_this_machine():
    options = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    assert options["server"]["address"] == "127.0.0.1"


@pytest.fixture
def address():
    """Set Streamlit's listening address for the AppTest's script runs, and put it back."""
    before = st_config.get_option("server.address")

    def set_to(value: str | None) -> None:
        st_config.set_option("server.address", value)

    yield set_to
    st_config.set_option("server.address", before)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.slow(reason="1.0 s: every page in AppTest (CI runs it)")
def test_an_open_network_server_serves_nothing_without_the_setting(app_env, address, monkeypatch, lang):
    monkeypatch.delenv(OPEN_ENV, raising=False)
    monkeypatch.delenv("WHIST_TUTOR_AUTH", raising=False)
    address("0.0.0.0")
    at = start(lang)
    assert not at.exception
    errors = " ".join(str(e.value) for e in at.error)
    assert ("WHIST_TUTOR_AUTH=required" in errors) and ("WHIST_TUTOR_OPEN_NETWORK=yes" in errors)
    assert ("anyone on the network" in errors) if lang == "en" else ("любой в этой сети" in errors)
    assert not at.text_input, "no learner box: nothing is served"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_open_network_server_says_so_on_every_page(app_env, address, monkeypatch, lang):
    monkeypatch.setenv(OPEN_ENV, "yes")
    monkeypatch.delenv("WHIST_TUTOR_AUTH", raising=False)
    address("0.0.0.0")
    at = start(lang)
    for page in ("learn", "daily", "puzzles", "progress", "rules"):
        at.switch_page(f"tutor/ui/pages/{page}.py").run()
        assert not at.exception
        warnings = " ".join(str(w.value) for w in at.warning)
        assert ("anyone on this network can read and change" in warnings if lang == "en"
                else "любой в этой сети может читать и менять" in warnings), page


def test_a_local_server_shows_no_network_warning(app_env, address):
    address("127.0.0.1")
    at = start("en")
    assert not any("network" in str(w.value) for w in at.warning)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _listening(port: int) -> list[str]:
    """The local addresses listening on ``port``, from the kernel's own tables (hex, as /proc has them)."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            local, state = line.split()[1], line.split()[3]
            host, _, hexport = local.rpartition(":")
            if state == "0A" and int(hexport, 16) == port:  # 0A: LISTEN
                found.append(host)
    return found


def _through(middleware: RefuseInternalEndpoints, path: str, kind: str = "http") -> tuple[list[dict], bool]:
    """What ``middleware`` sends for one request of ``path``, and whether the app behind it saw it."""
    reached, sent = [], []

    async def behind(scope, receive, send):
        reached.append(scope["path"])

    async def receive():
        return {"type": f"{kind}.request" if kind == "http" else "websocket.connect"}

    async def send(message):
        sent.append(message)

    middleware.app = behind
    asyncio.run(middleware({"type": kind, "path": path}, receive, send))
    return sent, bool(reached)


@pytest.mark.parametrize("path", ["/_stcore/metrics", "/_stcore/metrics/", "/_STCORE/METRICS", "//_stcore//metrics",
                                  "/_stcore/agent/openapi.json", "/_stcore/agent/interact", "/_stcore/agent/mcp",
                                  "/_stcore/script-health-check"])
def test_streamlits_endpoints_that_date_each_visit_are_refused(path):
    """shared/reviews/reliability.md, "Streamlit endpoints": "/_stcore/metrics ... answer without
    auth" -- the count of sessions and every connect and disconnect, for anyone on the network."""
    sent, reached = _through(RefuseInternalEndpoints(None), path)  # type: ignore[arg-type]
    assert not reached and sent[0] == {"type": "http.response.start", "status": 404, "headers": sent[0]["headers"]}
    assert sent[1]["body"] == b"Not Found"
    sent, reached = _through(RefuseInternalEndpoints(None), path, "websocket")  # type: ignore[arg-type]
    assert not reached and sent == [{"type": "websocket.close", "code": 1008}]


@pytest.mark.parametrize("path", ["/", "/puzzles", "/_stcore/health", "/_stcore/host-config", "/_stcore/stream",
                                  "/_stcore/metricsx", "/oauth2callback", "/static/js/index.js"])
def test_the_app_and_what_its_pages_need_go_through(path):
    sent, reached = _through(RefuseInternalEndpoints(None), path)  # type: ignore[arg-type]
    assert reached and not sent


def test_the_refusal_follows_streamlits_base_url_path():
    assert not _through(RefuseInternalEndpoints(None, base="/tutor/"), "/tutor/_stcore/metrics")[1]  # type: ignore[arg-type]
    assert _through(RefuseInternalEndpoints(None, base="tutor"), "/tutor/_stcore/health")[1]  # type: ignore[arg-type]


def test_streamlit_run_serves_app_py_through_st_app():
    """`streamlit run app.py` finds the ``st.App`` in app.py and serves the app through it (and so
    through the middleware): Streamlit's own discovery, read from the source as it reads it."""
    from streamlit.web.server.app_discovery import discover_asgi_app

    found = discover_asgi_app(ROOT / "app.py")
    assert found.is_asgi_app and found.import_string == "app:app"


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


@pytest.mark.slow(reason="starts a real Streamlit server (about 3 s)")
def test_streamlit_run_app_listens_on_loopback_only(tmp_path):
    """`streamlit run app.py` as the README says it, no address given: the kernel shows the
    socket bound to 127.0.0.1, not to every interface; and the server it starts refuses
    ``/_stcore/metrics`` (and the agent API) while it serves the page and the health check."""
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", "app.py", "--server.port", str(port)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "WHIST_TUTOR_DB": str(tmp_path / "p.db")})
    try:
        deadline = time.monotonic() + 60
        while not _listening(port) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert _listening(port) == ["0100007F"], _listening(port)  # 127.0.0.1, and nothing else
        base = f"http://127.0.0.1:{port}"
        while _status(f"{base}/_stcore/health") != 200 and time.monotonic() < deadline:
            time.sleep(0.2)
        got = {p: _status(base + p) for p in ("/", "/_stcore/health", "/_stcore/host-config", "/_stcore/metrics",
                                               "/_stcore/metrics?families=active_sessions", "/_stcore/agent/openapi.json")}
        assert got == {"/": 200, "/_stcore/health": 200, "/_stcore/host-config": 200, "/_stcore/metrics": 404,
                       "/_stcore/metrics?families=active_sessions": 404, "/_stcore/agent/openapi.json": 404}, got
    finally:
        proc.terminate()
        proc.wait(timeout=20)
