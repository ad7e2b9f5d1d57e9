"""Schema 8: the school's own sign-in (OpenID Connect through ``st.login``). A signed-in
identity -- its issuer and its subject, the pair a provider promises never to give anyone else
-- is mapped to one learner. Nothing else changes: no claim of the provider is kept beyond the
pair, and the role stays the learner's own column (a teacher grants it, never the provider)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0008"
down_revision: str | None = "v0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "identities",
        sa.Column("issuer", sa.Text, nullable=False),
        sa.Column("subject", sa.Text, nullable=False),
        sa.Column("learner_id", sa.Integer, sa.ForeignKey("learners.id"), nullable=False),
        sa.Column("created", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("issuer", "subject"),
    )
    op.create_index("identities_by_learner", "identities", ["learner_id"])
    op.execute(sa.text("UPDATE meta SET value = '8' WHERE key = 'schema_version'"))


def downgrade() -> None:  # pragma: no cover - progress is never migrated backwards
    raise NotImplementedError("progress is never migrated backwards")
