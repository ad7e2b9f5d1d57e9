"""Learners and their accounts: found or made by name, their time zone and role, passwords
(argon2 hashes only), login with throttling, sessions, and who may see whose progress.

Why one room: a learner's row holds all of it (name, zone, role, hash, failed logins), and the
checks that read it -- "this name or none", "this password or wait" -- belong together.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection

from tutor.accounts import SESSION_TTL, hash_password, new_token, throttle_until, token_hash, verify_password
from tutor.clock import zone_name
from tutor.progress.errors import AccessDenied, LoginFailed, LoginThrottled
from tutor.progress.records import Learner, Role, clean_name, guard_rows, iso
from tutor.progress.records import now as utc_now
from tutor.storage import models as T
from tutor.storage import name_key
from tutor.storage.database import Database, insert_or, locked
from tutor.storage.errors import ProgressError

__all__ = ["Learners", "zone_of", "no_learner"]

_L = T.learners
#: A learner's row as a :class:`Learner` reads it.
_COLUMNS = (_L.c.id, _L.c.name, _L.c.tz, _L.c.role, _L.c.password_hash.is_not(None))


def _learner(row: Any) -> Learner:
    return Learner(int(row[0]), str(row[1]), str(row[2]), str(row[3]), bool(row[4]))


def no_learner(learner_id: int) -> ProgressError:
    """The one refusal of an id that names nobody."""
    return ProgressError(f"no learner with id {learner_id}")


def zone_of(conn: Connection, learner_id: int) -> str:
    """The learner's time zone ("" when unknown: the machine's)."""
    row = conn.execute(select(_L.c.tz).where(_L.c.id == learner_id)).first()
    return str(row[0]) if row is not None else ""


class Learners:
    """The learners' rows: names, zones, roles, passwords, sessions, and who sees whom."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def find(self, name: str) -> Learner | None:
        """The learner of that name (case-insensitive), or None: never creates one."""
        key = name_key(clean_name(name))
        with self.db.read() as conn:
            row = conn.execute(select(*_COLUMNS).where(_L.c.name_key == key)).first()
        return None if row is None else _learner(row)

    @guard_rows
    def named(self, name: str) -> Learner:
        """The learner of that name (case-insensitive), created if new (a read-only store only
        finds existing learners)."""
        cleaned = clean_name(name)
        # a known learner is only read: the app looks the name up on every page, and a write
        # would wait for (and, past the busy timeout, fail on) another program's lock
        found = self.find(cleaned)
        if found is not None:
            return found
        if self.db.read_only is not None:
            self.db.refuse_write()
        key = name_key(cleaned)
        with self.db.write() as conn:
            conn.execute(insert_or(conn, _L).values(name=cleaned, name_key=key, created=iso(utc_now()))
                         .on_conflict_do_nothing(index_elements=[_L.c.name_key]))
            row = conn.execute(select(*_COLUMNS).where(_L.c.name_key == key)).one()
        return _learner(row)

    @guard_rows
    def by_id(self, learner_id: int) -> Learner:
        with self.db.read() as conn:
            row = conn.execute(select(*_COLUMNS).where(_L.c.id == learner_id)).first()
        if row is None:
            raise no_learner(learner_id)
        return _learner(row)

    @guard_rows
    def all(self) -> list[Learner]:
        with self.db.read() as conn:
            rows = conn.execute(select(*_COLUMNS).order_by(_L.c.name_key)).all()
        return [_learner(r) for r in rows]

    @guard_rows
    def set_zone(self, learner_id: int, name: str) -> Learner:
        """Keep the learner's time zone (the browser's): his days are counted in it. An unknown
        zone name is not stored; a read-only store only reports the learner as he is."""
        known = zone_name(name)
        learner = self.by_id(learner_id)
        if not known or learner.tz == known or self.db.read_only is not None:
            return learner
        with self.db.write() as conn:
            conn.execute(update(_L).where(_L.c.id == learner_id).values(tz=known))
        return replace(learner, tz=known)

    @guard_rows
    def set_role(self, learner_id: int, role: Role) -> Learner:
        """Make a learner a teacher (or back): teachers see their classes and, on a server that
        requires logins, the Workshop and the problem reports."""
        role = Role(role)
        with self.db.write() as conn:
            done = conn.execute(update(_L).where(_L.c.id == learner_id).values(role=role.value)).rowcount
        if not done:
            raise no_learner(learner_id)
        return self.by_id(learner_id)

    # -- accounts ---------------------------------------------------------------------------
    def set_password(self, learner_id: int, password: str) -> None:
        """Give the learner a password (argon2 hash only: the password itself is never kept).
        A password too short or too long is :class:`tutor.accounts.PasswordError`."""
        hashed = hash_password(password)
        with self.db.write() as conn:
            done = conn.execute(update(_L).where(_L.c.id == learner_id).values(
                password_hash=hashed, failed_logins=0, locked_until="")).rowcount
            conn.execute(delete(T.sessions).where(T.sessions.c.learner_id == learner_id))
        if not done:
            raise no_learner(learner_id)

    @guard_rows
    def login(self, name: str, password: str, *, now: datetime | None = None) -> str:
        """Check a learner's password and open a session: its token (kept by the browser; the
        database keeps only its hash). After :data:`tutor.accounts.FREE_FAILURES` wrong
        passwords in a row the name is locked for a while that doubles with each further one
        (:class:`LoginThrottled`); a wrong name or password is one :class:`LoginFailed`."""
        at = now or utc_now()
        key = name_key(clean_name(name))
        with self.db.write() as conn:
            row = conn.execute(locked(select(_L.c.id, _L.c.password_hash, _L.c.failed_logins, _L.c.locked_until)
                                      .where(_L.c.name_key == key))).first()
            if row is None or row[1] is None:
                verify_password(None, password)  # the same work as for a real hash: no timing hint
                raise LoginFailed("wrong name or password")
            learner_id, hashed, failures, until_text = int(row[0]), str(row[1]), int(row[2]), str(row[3])
            if until_text and datetime.fromisoformat(until_text) > at:
                raise LoginThrottled(datetime.fromisoformat(until_text))
            if not verify_password(hashed, password):
                failures += 1
                until = throttle_until(failures, at)
                conn.execute(update(_L).where(_L.c.id == learner_id).values(
                    failed_logins=failures, locked_until=iso(until) if until else ""))
                failed: LoginFailed = LoginFailed("wrong name or password")
            else:
                token = new_token()
                conn.execute(update(_L).where(_L.c.id == learner_id).values(failed_logins=0, locked_until=""))
                conn.execute(delete(T.sessions).where(T.sessions.c.expires < iso(at)))
                conn.execute(insert(T.sessions).values(token_hash=token_hash(token), learner_id=learner_id,
                                                       created=iso(at), expires=iso(at + SESSION_TTL)))
                return token
        raise failed

    @guard_rows
    def session_learner(self, token: str, *, now: datetime | None = None) -> Learner | None:
        """The learner a session token belongs to, or None when unknown or expired."""
        if not isinstance(token, str) or not token:
            return None
        at = now or utc_now()
        s = T.sessions
        with self.db.read() as conn:
            row = conn.execute(select(s.c.learner_id, s.c.expires).where(s.c.token_hash == token_hash(token))).first()
        if row is None or datetime.fromisoformat(str(row[1])) <= at:
            return None
        return self.by_id(int(row[0]))

    def logout(self, token: str) -> None:
        with self.db.write() as conn:
            conn.execute(delete(T.sessions).where(T.sessions.c.token_hash == token_hash(token)))

    # -- who may see whom -------------------------------------------------------------------
    @guard_rows
    def can_see(self, viewer_id: int, learner_id: int) -> bool:
        """A learner sees his own data; a teacher sees the learners of the classes he teaches."""
        if viewer_id == learner_id:
            return True
        m, c = T.class_members, T.classes
        with self.db.read() as conn:
            row = conn.execute(select(1).select_from(m.join(c, c.c.id == m.c.class_id))
                               .where(c.c.teacher_id == viewer_id, m.c.learner_id == learner_id).limit(1)).first()
        return row is not None

    def check_can_see(self, viewer_id: int, learner_id: int) -> None:
        if not self.can_see(viewer_id, learner_id):
            raise AccessDenied("you can see only your own progress and that of your classes' learners")
