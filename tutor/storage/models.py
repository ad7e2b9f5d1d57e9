"""The progress database's tables, as SQLAlchemy 2 Core models: one description for SQLite and
PostgreSQL.

Why Core tables and not ORM classes: the store answers small, known queries (an attempt, a
rating, a queue) inside short transactions; rows are turned into the store's own frozen
dataclasses (:mod:`tutor.progress`), so an identity map and lazy loading would only cost time on
the hot path (record an attempt, choose the next puzzle).

Times are kept as ISO 8601 text in UTC, as schema 1-4 wrote them: a file of an older program is
read without converting a row, and the text sorts as the time does.

The schema itself is made and changed only by the Alembic migrations in
:mod:`tutor.storage.migrations`; these tables must describe what the newest migration leaves.
"""

from __future__ import annotations

from sqlalchemy import (
                        Column,
                        Float,
                        ForeignKey,
                        Index,
                        Integer,
                        MetaData,
                        PrimaryKeyConstraint,
                        Table,
                        Text,
                        UniqueConstraint,
)

__all__ = ["metadata", "meta", "learners", "attempts", "lessons_done", "reviews", "reports", "drafts",
           "item_ratings", "theme_ratings", "sessions", "identities", "login_throttle", "classes", "class_members", "assignments",
           "daily_picks", "item_checks"]

metadata = MetaData()

#: ``schema_version``: the schema's number (1-4 before Alembic, 5 on), so an older program that
#: knows only this table sees a newer database and opens it read-only.
meta = Table(
    "meta", metadata,
    Column("key", Text, primary_key=True),
    Column("value", Text, nullable=False),
)

learners = Table(
    "learners", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("created", Text, nullable=False),
    Column("tz", Text, nullable=False, server_default=""),
    # schema 5: the name folded for comparison (SQLite's NOCASE is ASCII only and PostgreSQL has none)
    Column("name_key", Text, nullable=False),
    Column("role", Text, nullable=False, server_default="learner"),
    Column("password_hash", Text, nullable=True),
    Column("failed_logins", Integer, nullable=False, server_default="0"),
    Column("locked_until", Text, nullable=False, server_default=""),
    Column("rating", Float, nullable=False, server_default="1500"),
    Column("rd", Float, nullable=False, server_default="350"),
    Column("vol", Float, nullable=False, server_default="0.06"),
    Index("learners_by_key", "name_key", unique=True),
    # schema 9: what the name looks like (tutor.storage.name_skeleton): a look-alike is refused
    Column("name_skeleton", Text, nullable=False, server_default=""),
    Index("learners_by_skeleton", "name_skeleton"),
    # schema 12: the hash of the browser key whose unnamed work this row holds (no name); NULL
    # on a named learner (tutor.progress.browsers)
    Column("browser", Text, nullable=True),
    Index("learners_by_browser", "browser", unique=True),
)

attempts = Table(
    "attempts", metadata,
    Column("id", Integer, primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("item_id", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("themes", Text, nullable=False),
    Column("correct", Integer, nullable=False),
    Column("hints_used", Integer, nullable=False),
    Column("score", Float, nullable=False),
    Column("answer", Text, nullable=False),
    Column("ts", Text, nullable=False),
    Column("day", Text, nullable=False, server_default=""),
    # schema 5: whether this was the learner's first try at the item (the one that is rated), and
    # both ratings right after it (the learner's chart over time)
    Column("first_try", Integer, nullable=False, server_default="0"),
    Column("learner_rating", Float, nullable=True),
    Column("learner_rd", Float, nullable=True),
    Column("item_rating", Float, nullable=True),
    # schema 6: {theme: [rating, rd]} right after a rated attempt (the per-theme chart)
    Column("theme_ratings", Text, nullable=True),
    # schema 11: the learner's rating just before a rated try (a puzzle failed by strong learners)
    Column("learner_before", Float, nullable=True),
    Column("learner_rd_before", Float, nullable=True),
    # schema 12: the puzzle's rating and deviation just before a rated game (a merge replays it)
    Column("opponent_rating", Float, nullable=True),
    Column("opponent_rd", Float, nullable=True),
    Index("attempts_by_learner", "learner_id", "ts"),
    Index("attempts_daily", "learner_id", "kind", "day"),
    Index("attempts_by_item", "learner_id", "item_id"),
    Index("attempts_first_tries", "item_id", "first_try"),  # schema 11: a puzzle's first tries
)

lessons_done = Table(
    "lessons_done", metadata,
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("lesson_id", Text, nullable=False),
    Column("ts", Text, nullable=False),
    PrimaryKeyConstraint("learner_id", "lesson_id"),
)

#: The spaced-review queue: schema 5 keeps each item's FSRS card (JSON) beside the due time.
reviews = Table(
    "reviews", metadata,
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("item_id", Text, nullable=False),
    Column("stage", Integer, nullable=False),
    Column("due", Text, nullable=False),
    Column("card", Text, nullable=False, server_default=""),
    PrimaryKeyConstraint("learner_id", "item_id"),
)

reports = Table(
    "reports", metadata,
    Column("id", Integer, primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=True),
    Column("item_id", Text, nullable=False),
    Column("note", Text, nullable=False),
    Column("ts", Text, nullable=False),
    # schema 9: the browser that sent an anonymous report, so reports are limited per browser too
    Column("browser", Text, nullable=True),
    Index("reports_by_item", "item_id", "ts"),
    Index("reports_by_learner", "learner_id", "ts"),
    Index("reports_by_browser", "browser", "ts"),
)

drafts = Table(
    "drafts", metadata,
    Column("id", Integer, primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=True),
    Column("browser", Text, nullable=True),
    Column("slot", Text, nullable=False),
    Column("text", Text, nullable=False),
    Column("ts", Text, nullable=False),
    Index("drafts_by_learner", "learner_id", "slot", "id"),
    Index("drafts_by_browser", "browser", "slot", "id"),
)

#: Every rated item's Glicko-2 figures (created at the first rated try).
item_ratings = Table(
    "item_ratings", metadata,
    Column("item_id", Text, primary_key=True),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("vol", Float, nullable=False),
    Column("games", Integer, nullable=False, server_default="0"),
    Column("themes", Text, nullable=False, server_default="[]"),
    Index("item_ratings_by_rating", "rating", "item_id"),  # schema 7: the next puzzle near a rating
)

#: A learner's rating on one theme (the same games, counted per theme of the item).
theme_ratings = Table(
    "theme_ratings", metadata,
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("theme", Text, nullable=False),
    Column("rating", Float, nullable=False),
    Column("rd", Float, nullable=False),
    Column("vol", Float, nullable=False),
    Column("games", Integer, nullable=False),
    PrimaryKeyConstraint("learner_id", "theme"),
)

#: Login sessions: only a hash of the token is kept, so a copy of the database logs nobody in.
sessions = Table(
    "sessions", metadata,
    Column("token_hash", Text, primary_key=True),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("created", Text, nullable=False),
    Column("expires", Text, nullable=False),
)

#: Schema 8: a school account (OpenID Connect: the provider's issuer and its subject for the
#: person) mapped to one learner; the provider's other claims are not kept.
identities = Table(
    "identities", metadata,
    Column("issuer", Text, nullable=False),
    Column("subject", Text, nullable=False),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("created", Text, nullable=False),
    PrimaryKeyConstraint("issuer", "subject"),
    Index("identities_by_learner", "learner_id"),
)

#: Schema 9: wrong passwords counted per name (known or not) and per client address, each a
#: score that halves every few minutes; a key is ``name:<skeleton>`` or ``addr:<address>``.
login_throttle = Table(
    "login_throttle", metadata,
    Column("key", Text, primary_key=True),
    Column("score", Float, nullable=False),
    Column("at", Text, nullable=False),
    Column("until", Text, nullable=False, server_default=""),
    Index("login_throttle_by_at", "at"),
)

classes = Table(
    "classes", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", Text, nullable=False),
    Column("name_key", Text, nullable=False),
    Column("code", Text, nullable=False),
    Column("teacher_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("created", Text, nullable=False),
    UniqueConstraint("name_key", name="classes_name_key"),
    UniqueConstraint("code", name="classes_code"),
)

class_members = Table(
    "class_members", metadata,
    Column("class_id", Integer, ForeignKey("classes.id"), nullable=False),
    Column("learner_id", Integer, ForeignKey("learners.id"), nullable=False),
    Column("joined", Text, nullable=False),
    PrimaryKeyConstraint("class_id", "learner_id"),
)

assignments = Table(
    "assignments", metadata,
    Column("id", Integer, primary_key=True),
    Column("class_id", Integer, ForeignKey("classes.id"), nullable=False),
    Column("item_id", Text, nullable=False),
    Column("kind", Text, nullable=False),
    Column("due", Text, nullable=True),
    Column("created", Text, nullable=False),
    UniqueConstraint("class_id", "item_id", name="assignments_once"),
)

#: Schema 11: the daily puzzle of each day served, chosen once and kept (a puzzle once a cycle).
daily_picks = Table(
    "daily_picks", metadata,
    Column("day", Text, primary_key=True),
    Column("item_id", Text, nullable=False),
    Column("cycle", Integer, nullable=False),
    Column("number", Integer, nullable=False),
    Column("chosen", Text, nullable=False),
    #: how many of the pool's puzzles had an established rating when the day was chosen
    Column("rated", Integer, nullable=False, server_default="0"),
    UniqueConstraint("cycle", "item_id", name="daily_picks_once_a_cycle"),
)

#: Schema 11: when a teacher last looked at a flagged puzzle (only what came after flags it again).
item_checks = Table(
    "item_checks", metadata,
    Column("item_id", Text, primary_key=True),
    Column("ts", Text, nullable=False),
)
