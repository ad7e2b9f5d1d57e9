"""Learners and their accounts: found or made by name, their time zone and role, passwords
(argon2 hashes only), login with throttling, sessions, and who may see whose progress.

Why one room: a learner's row holds all of it (name, zone, role, hash, failed logins), and the
checks that read it -- "this name or none", "this password or wait" -- belong together.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Connection

from tutor.accounts import (
    ADDRESS_THROTTLE,
    NAME_THROTTLE,
    SESSION_TTL,
    Throttle,
    decayed,
    hash_password,
    new_token,
    token_hash,
    verify_password,
)
from tutor.clock import zone_name
from tutor.progress.errors import AccessDenied, LoginFailed, LoginThrottled, NameLookalike
from tutor.progress.records import Learner, Role, clean_name, guard_rows, iso
from tutor.progress.records import now as utc_now
from tutor.storage import models as T
from tutor.storage import name_key, name_skeleton
from tutor.storage.database import Database, insert_or, locked
from tutor.storage.errors import ProgressError

__all__ = ["Learners", "zone_of", "no_learner", "learner_of", "COLUMNS", "refuse_browser_row"]

_L = T.learners
_TH = T.login_throttle
#: A throttle row whose last wrong password is older than this has decayed to nothing: removed.
_THROTTLE_KEPT = timedelta(days=1)
#: A learner's row as a :class:`Learner` reads it (:func:`learner_of`).
COLUMNS = (_L.c.id, _L.c.name, _L.c.tz, _L.c.role, _L.c.password_hash.is_not(None), _L.c.browser.is_not(None))


def learner_of(row: Any) -> Learner:
    """A learner's row (:data:`COLUMNS`) as a :class:`Learner`."""
    return Learner(int(row[0]), str(row[1]), str(row[2]), str(row[3]), bool(row[4]), bool(row[5]))


def refuse_browser_row(conn: Connection, learner_id: int, what: str) -> None:
    """A row that keeps a browser's unnamed work has no name: it gets no password, no role and
    no class (issue 23: such a row must never be reached as a learner)."""
    row = conn.execute(select(_L.c.browser).where(_L.c.id == learner_id)).first()
    if row is None:
        raise no_learner(learner_id)
    if row[0] is not None:
        raise ProgressError(f"the work of a browser has no name yet: {what} needs a named learner")


def no_learner(learner_id: int) -> ProgressError:
    """The one refusal of an id that names nobody."""
    return ProgressError(f"no learner with id {learner_id}")


def zone_of(conn: Connection, learner_id: int) -> str:
    """The learner's time zone ("" when unknown: the machine's)."""
    row = conn.execute(select(_L.c.tz).where(_L.c.id == learner_id)).first()
    return str(row[0]) if row is not None else ""


def _count_failure(conn: Connection, keys: dict[str, Throttle], at: datetime) -> None:
    """One more wrong password for each key (a name, an address): its decayed score plus one,
    and when it may try again. Rows decayed to nothing are removed, so unknown names typed by a
    stranger do not pile up."""
    conn.execute(delete(_TH).where(_TH.c.at < iso(at - _THROTTLE_KEPT)))
    for key, throttle in keys.items():
        conn.execute(insert_or(conn, _TH).values(key=key, score=0.0, at=iso(at), until="")
                     .on_conflict_do_nothing(index_elements=[_TH.c.key]))
        score, then = conn.execute(locked(select(_TH.c.score, _TH.c.at).where(_TH.c.key == key))).one()
        new = decayed(float(score), datetime.fromisoformat(str(then)), at) + 1.0
        until = throttle.until(new, at)
        conn.execute(update(_TH).where(_TH.c.key == key).values(score=new, at=iso(at),
                                                                until=iso(until) if until else ""))


class Learners:
    """The learners' rows: names, zones, roles, passwords, sessions, and who sees whom."""

    def __init__(self, db: Database) -> None:
        self.db = db

    @guard_rows
    def find(self, name: str) -> Learner | None:
        """The learner of that name (case-insensitive), or None: never creates one."""
        key = name_key(clean_name(name))
        with self.db.read() as conn:
            row = conn.execute(select(*COLUMNS).where(_L.c.name_key == key)).first()
        return None if row is None else learner_of(row)

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
        key, skeleton = name_key(cleaned), name_skeleton(cleaned)
        with self.db.write() as conn:
            alike = conn.execute(select(_L.c.name).where(_L.c.name_skeleton == skeleton, _L.c.name_key != key)
                                 .limit(1)).first()
            if alike is not None:
                raise NameLookalike(cleaned, str(alike[0]))
            conn.execute(insert_or(conn, _L).values(name=cleaned, name_key=key, name_skeleton=skeleton,
                                                    created=iso(utc_now()))
                         .on_conflict_do_nothing(index_elements=[_L.c.name_key]))
            row = conn.execute(select(*COLUMNS).where(_L.c.name_key == key)).one()
        return learner_of(row)

    @guard_rows
    def by_id(self, learner_id: int) -> Learner:
        with self.db.read() as conn:
            row = conn.execute(select(*COLUMNS).where(_L.c.id == learner_id)).first()
        if row is None:
            raise no_learner(learner_id)
        return learner_of(row)

    @guard_rows
    def all(self) -> list[Learner]:
        with self.db.read() as conn:
            # a browser's unnamed work is no learner to list (issue 23: open mode lists no names)
            rows = conn.execute(select(*COLUMNS).where(_L.c.browser.is_(None)).order_by(_L.c.name_key)).all()
        return [learner_of(r) for r in rows]

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
            refuse_browser_row(conn, learner_id, "a role")
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
            refuse_browser_row(conn, learner_id, "a password")
            done = conn.execute(update(_L).where(_L.c.id == learner_id).values(
                password_hash=hashed, failed_logins=0, locked_until="")).rowcount
            conn.execute(delete(T.sessions).where(T.sessions.c.learner_id == learner_id))
        if not done:
            raise no_learner(learner_id)

    @guard_rows
    def login(self, name: str, password: str, *, client: str | None = None, now: datetime | None = None) -> str:
        """Check a learner's password and open a session: its token (kept by the browser; the
        database keeps only its hash).

        Why in three steps: the argon2 check (~145 ms) runs outside any transaction -- inside
        one it held SQLite's write lock, and a loop of logins made every other process's answers
        fail. A read looks the name and the throttle up; the check runs; one short write counts
        a wrong password or opens the session.

        Wrong passwords are counted per name -- known or not, so the throttle does not tell
        which names exist -- and per ``client`` (the browser's address; the command line's
        user), each a score that halves every :data:`tutor.accounts.HALF_LIFE`. Past a few, the
        name or the address waits a while (:class:`LoginThrottled`, at most
        :data:`tutor.accounts.NAME_THROTTLE` ``.cap``): a stranger is slowed, the owner logs in
        after that short wait. A wrong name or password is one :class:`LoginFailed`, after the
        same work either way."""
        at = now or utc_now()
        cleaned = clean_name(name)
        key = name_key(cleaned)
        keys = {f"name:{name_skeleton(cleaned)}": NAME_THROTTLE, f"addr:{client or 'unknown'}": ADDRESS_THROTTLE}
        with self.db.read() as conn:
            row = conn.execute(select(_L.c.id, _L.c.password_hash).where(_L.c.name_key == key)).first()
            held = conn.execute(select(_TH.c.until).where(_TH.c.key.in_(list(keys)))).all()
        waits = [datetime.fromisoformat(str(u[0])) for u in held if u[0]]
        latest = max(waits, default=None)
        if latest is not None and latest > at:
            raise LoginThrottled(latest)
        hashed = None if row is None or row[1] is None else str(row[1])
        right = verify_password(hashed, password)  # the same work for an unknown name: no timing hint
        with self.db.write() as conn:
            if right and row is not None:
                # the hash checked is still the learner's (not changed or removed meanwhile)
                now_hash = conn.execute(select(_L.c.password_hash).where(_L.c.id == int(row[0]))).first()
                right = now_hash is not None and now_hash[0] == hashed
            if not right:
                _count_failure(conn, keys, at)
            else:
                assert row is not None
                token = new_token()
                conn.execute(delete(_TH).where(_TH.c.key == next(iter(keys))))
                conn.execute(delete(T.sessions).where(T.sessions.c.expires < iso(at)))
                conn.execute(insert(T.sessions).values(token_hash=token_hash(token), learner_id=int(row[0]),
                                                       created=iso(at), expires=iso(at + SESSION_TTL)))
        if not right:
            raise LoginFailed("wrong name or password")
        return token

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
