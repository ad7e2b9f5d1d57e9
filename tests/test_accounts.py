"""Password hashing as shipped (tutor/accounts.py): the tests run with a quick argon2
(tests/conftest.py), so the shipped parameters are checked here, once."""

from __future__ import annotations

from argon2 import PasswordHasher, Type


def test_shipped_password_hashing_is_argon2id_with_strong_parameters(shipped_password_hasher: PasswordHasher) -> None:
    """OWASP's password storage advice for argon2id: at least 19 MiB of memory and two passes (the
    library's default, 64 MiB and three passes, is what ships); a hash reads ``$argon2id$``."""
    h = shipped_password_hasher
    assert h.type is Type.ID
    assert h.memory_cost >= 19 * 1024 and h.time_cost >= 2
    assert h.hash("correct horse battery").startswith("$argon2id$")
