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
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Mapping
from enum import Enum

__all__ = ["Exposure", "OPEN_ENV", "exposure", "is_loopback", "open_allowed"]

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
