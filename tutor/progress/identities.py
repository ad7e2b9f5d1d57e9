"""School accounts: an identity signed in through the school's OpenID provider (``st.login``:
the school's Google, Microsoft or Keycloak) mapped to one learner.

Why its own room: the pair (issuer, subject) is the provider's promise of one person, and the
mapping is the one place that trusts it. Nothing else of the provider's claims is kept: the name
they give is only the first choice of the learner's name (made unique, never a look-alike of
another learner's, so a school account never lands in a club member's progress), and the role
is never taken from them -- a new school learner is a learner, and only a teacher makes a
teacher (:meth:`tutor.progress.learners.Learners.set_role`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.engine import Connection

from tutor.progress.records import MAX_NAME, clean_name, guard_rows, iso
from tutor.progress.records import now as utc_now
from tutor.storage import models as T
from tutor.storage import name_key, name_skeleton
from tutor.storage.database import Database
from tutor.storage.errors import ProgressError

__all__ = ["Identities", "MAX_CLAIM", "name_from_claims"]

_I, _L = T.identities, T.learners
#: The longest issuer or subject kept (providers use a URL and an opaque id well under this).
MAX_CLAIM = 255


def name_from_claims(claims: dict[str, Any]) -> str:
    """The name a school account first asks for: the provider's ``name``, else the part of the
    e-mail before "@", else ``preferred_username``; "learner" when none is usable."""
    for value in (claims.get("name"), str(claims.get("email") or "").partition("@")[0],
                  claims.get("preferred_username"), claims.get("given_name")):
        if isinstance(value, str):
            try:
                return clean_name(value[:MAX_NAME])
            except ProgressError:
                continue
    return "learner"


def _check(issuer: str, subject: str) -> None:
    for what, value in (("issuer", issuer), ("subject", subject)):
        if not isinstance(value, str) or not value or len(value) > MAX_CLAIM:
            raise ProgressError(f"a school account's {what} is text of 1 to {MAX_CLAIM} characters, got {value!r}")


def _free_name(conn: Connection, wanted: str) -> str:
    """``wanted``, or with the first number after it that makes it nobody else's name nor a
    look-alike of one ("Ann", "Ann 2", "Ann 3" ...): by :func:`tutor.storage.name_skeleton`, the
    store's own rule for look-alikes, so the name chosen is one the store accepts."""
    taken = {name_skeleton(str(n)) for (n,) in conn.execute(select(_L.c.name)).all()}
    for n in range(1, 10_000):
        suffix = "" if n == 1 else f" {n}"
        candidate = clean_name(wanted[:MAX_NAME - len(suffix)].rstrip() + suffix)
        if name_skeleton(candidate) not in taken:
            return candidate
    raise ProgressError(f"no free name like {wanted!r}")  # pragma: no cover - ten thousand namesakes


class Identities:
    """Which learner each school account is."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def find(self, issuer: str, subject: str) -> int | None:
        """The learner id of the school account, or None when it never signed in here."""
        _check(issuer, subject)
        with self.db.read() as conn:
            row = conn.execute(select(_I.c.learner_id).where(_I.c.issuer == issuer, _I.c.subject == subject)).first()
        return None if row is None else int(row[0])

    @guard_rows
    def learner(self, issuer: str, subject: str, wanted_name: str) -> int:
        """The learner id of the school account, made at its first sign-in: a new learner named
        ``wanted_name`` (made unique), with the learner's role, in one transaction with the
        mapping (two servers signing the same person in at once make one learner)."""
        found = self.find(issuer, subject)
        if found is not None:
            return found
        if self.db.read_only is not None:
            self.db.refuse_write()
        wanted = clean_name(wanted_name)
        with self.db.write() as conn:
            row = conn.execute(select(_I.c.learner_id).where(_I.c.issuer == issuer, _I.c.subject == subject)).first()
            if row is not None:
                return int(row[0])
            name = _free_name(conn, wanted)
            at = iso(utc_now())
            learner_id = int(conn.execute(insert(_L).values(name=name, name_key=name_key(name),
                                                                 name_skeleton=name_skeleton(name), created=at)
                                          .returning(_L.c.id)).scalar_one())
            conn.execute(insert(_I).values(issuer=issuer, subject=subject, learner_id=learner_id, created=at))
        return learner_id
