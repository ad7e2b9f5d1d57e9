"""Where progress is kept: a SQLAlchemy engine on a SQLite file (one machine, no set-up) or on
PostgreSQL (a club's or a school's several app servers), and the Alembic migrations that bring
either up to the schema this program writes.

Why both: one learner at home needs a file that just appears; a school runs two or more app
servers over one database, and state that must be shared (ratings, queues, sessions, classes)
lives there and never in a process. The store (:mod:`tutor.progress`) speaks SQLAlchemy Core,
so the same queries run on both; only locking differs (SQLite's ``BEGIN IMMEDIATE`` takes the
one write lock; PostgreSQL locks the rows an attempt changes).

Migrations run inside one transaction that first takes the database's write lock (SQLite) or an
advisory lock (PostgreSQL), so two servers starting at once do not both migrate. Alembic's
history starts at schema 1: a file of the store before Alembic (schema 1-4, no
``alembic_version`` table, its number in ``meta``) is first stamped at the revision of its number
and then upgraded like any other.

The rooms of this package: :mod:`~tutor.storage.models` (the tables), ``migrations/`` (their
history), :mod:`~tutor.storage.files` (the file looked at without writing: header, schema, check,
backup), :mod:`~tutor.storage.writers` (this process's writers of a file, group commit) and
:mod:`~tutor.storage.database` (opening, read and write transactions, errors in words).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, event, func, inspect, select
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import NullPool, QueuePool

from tutor.storage import models as T

__all__ = ["WRITE", "is_url", "name_key", "name_skeleton", "sqlite_engine", "url_engine", "safe_url", "alembic_config",
           "head_revision", "known_revisions", "is_known_revision", "current_revision", "schema_number", "migrate",
           "MIGRATION_LOCK", "SCHEMA_VERSION", "LEGACY_VERSION"]

#: The schema this program writes (``meta.schema_version``; Alembic's head revision matches it).
SCHEMA_VERSION = 12
#: The last schema of the store before Alembic (1-4 were its own SQL steps, now revisions v0001-v0004).
LEGACY_VERSION = 4

#: The execution option that marks a transaction as a writer (SQLite: ``BEGIN IMMEDIATE``).
WRITE = "whist_write"
#: The PostgreSQL advisory lock key held while migrating ("WHIST" in ASCII).
MIGRATION_LOCK = 0x5748495354


def is_url(target: str) -> bool:
    """Whether ``WHIST_TUTOR_DB`` (or a ``--db``) names a database URL rather than a file."""
    return "://" in target


def name_key(name: str) -> str:
    """A name folded for comparison: "Anna", "ANNA" and "anna" are one learner (or one class)."""
    return unicodedata.normalize("NFC", name).casefold()


#: Letters of Cyrillic and Greek (and two digits) that look like a Latin letter, after case
#: folding: the Latin/Cyrillic/Greek part of Unicode TR39's confusables that a learner's name can
#: hold. No package of the index keeps TR39's table; these are the pairs a school's names meet
#: (Cyrillic "а" typed for Latin "a" on a Russian keyboard).
_CONFUSABLE = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l",
    "ԛ": "q", "ԝ": "w", "ь": "b", "г": "r", "п": "n", "ү": "y", "ɡ": "g",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "n", "ι": "i", "κ": "k", "μ": "m", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j",
    # digits and Latin look-alikes
    "0": "o", "1": "l", "ı": "i",
})


def name_skeleton(name: str) -> str:
    """What a name looks like: :func:`name_key`, then each Cyrillic or Greek letter that looks
    like a Latin one (and 0, 1) written as that letter -- Unicode TR39's "skeleton" over the
    scripts of a school's names. Two names of one skeleton are refused as two learners: a
    Cyrillic "аlice" beside a Latin "alice" would be two rows of one look in a teacher's grid.

    >>> name_skeleton("Аlice") == name_skeleton("alice") == "alice"
    True
    >>> name_skeleton("Саша") == name_skeleton("саша") != name_skeleton("Маша")
    True
    """
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", folded).translate(_CONFUSABLE))


def _begin_hook(engine: Engine) -> None:
    """pysqlite is given connections in autocommit mode (``isolation_level=None``) so that we
    say how a transaction begins: a writer takes the write lock up front (two tabs wait for
    each other within the busy timeout instead of failing half-way), a reader takes none."""

    @event.listens_for(engine, "begin")
    def begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE) else "BEGIN")


def sqlite_engine(creator: Callable[[], Any], *, pooled: bool = True) -> Engine:
    """An engine on a SQLite file whose connections ``creator`` makes (read-write or read-only).

    A writable file keeps a few connections open: closing the last one makes SQLite checkpoint
    the WAL into the file and remove it (an fsync each time), which doubled the time of every
    write. A read-only file gets a connection per call (``pooled=False``), as before."""
    if pooled:
        engine = create_engine("sqlite://", creator=creator, poolclass=QueuePool, pool_size=4, max_overflow=16,
                               pool_timeout=30)
    else:
        engine = create_engine("sqlite://", creator=creator, poolclass=NullPool)
    _begin_hook(engine)
    return engine


def url_engine(url: str) -> Engine:
    """An engine on a server database (PostgreSQL: ``postgresql+psycopg://user:pw@host/db``)."""
    if make_url(url).get_backend_name() == "sqlite":
        raise ValueError("a SQLite database is given as a file path, not a sqlite:// URL")
    # no pre-ping (a round trip before every call, a third of a click's time): a connection the
    # server dropped fails one call with a clear error, and the pool is refreshed for the next
    return create_engine(url, pool_size=5, max_overflow=10, pool_recycle=1800)


def safe_url(url: str) -> str:
    """The URL with its password masked: what messages and logs may show."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 - an unparsable URL is shown by its scheme only
        return url.split("://", 1)[0] + "://…"


def alembic_config() -> Config:
    """Alembic's configuration, built in code: the migrations ship inside this package."""
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files("tutor.storage") / "migrations"))
    return cfg


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None  # the package ships its revisions
    return head


def known_revisions() -> set[str]:
    return {s.revision for s in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


@functools.cache
def _known() -> frozenset[str]:
    return frozenset(known_revisions())


def is_known_revision(revision: str) -> bool:
    """Whether ``revision`` is one of this program's (an unknown one was written by a newer program)."""
    return revision in _known()


def schema_number(conn: Connection) -> int:
    """``meta.schema_version`` of the database on ``conn``; 0 when there is none yet (or it is not a number)."""
    if not inspect(conn).has_table("meta"):
        return 0
    value = conn.execute(select(T.meta.c.value).where(T.meta.c.key == "schema_version")).scalar()
    return int(value) if value is not None and str(value).isdigit() else 0


def _legacy_revision(conn: Connection) -> str | None:
    """The revision a store made before Alembic stands at (its schema number, 1-4), or None."""
    if current_revision(conn) is not None:
        return None
    number = schema_number(conn)
    return f"v{number:04d}" if 1 <= number <= LEGACY_VERSION else None


def current_revision(conn: Connection) -> str | None:
    """The Alembic revision the database is at (None: not yet under Alembic)."""
    return MigrationContext.configure(conn).get_current_revision()


def migrate(conn: Connection) -> None:
    """Bring the database on ``conn`` to the newest revision, in the caller's transaction."""
    if conn.dialect.name == "postgresql":
        conn.execute(select(func.pg_advisory_xact_lock(MIGRATION_LOCK)))
    if current_revision(conn) == head_revision():
        return
    cfg = alembic_config()
    cfg.attributes["connection"] = conn
    legacy = _legacy_revision(conn)
    if legacy is not None:  # a store of schema 1-4 made by its old SQL steps: it is at that revision
        command.stamp(cfg, legacy)
    command.upgrade(cfg, "head")
