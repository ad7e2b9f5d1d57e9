"""The school's own sign-in: Streamlit's ``st.login`` over OpenID Connect (the school's Google,
Microsoft or Keycloak), offered when ``.streamlit/secrets.toml`` has an ``[auth]`` section.

A signed-in identity -- the ID token's issuer and subject, checked by Streamlit and kept in its
own signed cookie, so it survives a reload -- is one learner (:mod:`tutor.progress.identities`;
the name from the claims, made unique). Nothing else is taken from the provider: the teacher's
role is granted by a teacher, as for every account. Passwords stay for a club without a provider.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from tutor.i18n import t
from tutor.progress import Learner, ProgressError
from tutor.progress.identities import name_from_claims
from tutor.ui import state
from tutor.ui.store_access import store
from tutor.vocab import Lang

__all__ = ["school_providers", "school_user", "school_learner", "sign_in_buttons", "sign_out"]


def _auth_section() -> Mapping[str, Any] | None:
    try:
        section = st.secrets.get("auth") if st.secrets.load_if_toml_exists() else None
    except Exception:  # noqa: BLE001 -- no secrets file, or one that does not parse: no school sign-in
        return None
    return section if isinstance(section, Mapping) else None


def school_providers() -> list[str | None]:
    """The providers ``[auth]`` configures: None for the one given in ``[auth]`` itself, then
    the name of each ``[auth.NAME]`` section (``[auth.microsoft]``...); empty: no school sign-in."""
    section = _auth_section()
    if section is None:
        return []
    found: list[str | None] = [None] if "client_id" in section else []
    found += sorted(name for name, value in section.items() if isinstance(value, Mapping) and "client_id" in value)
    return found


def school_user() -> tuple[str, str, dict[str, Any]] | None:
    """(issuer, subject, claims) of the school account signed in in this browser, or None."""
    if not school_providers():
        return None
    try:
        user = st.user
        if not user.get("is_logged_in"):
            return None
        claims = user.to_dict()
    except Exception:  # noqa: BLE001 -- no login support in this session (a test, no Authlib)
        return None
    issuer, subject = claims.get("iss"), claims.get("sub")
    if not isinstance(issuer, str) or not isinstance(subject, str) or not issuer or not subject:
        return None
    return issuer, subject, claims


def school_learner() -> Learner | None:
    """The learner of the school account signed in, made at its first sign-in; None when no
    school account is signed in or the store cannot be used (then nothing is recorded)."""
    who = school_user()
    if who is None:
        st.session_state.pop(state.SCHOOL_CACHE, None)
        return None
    issuer, subject, claims = who
    try:
        db = store()
        cached = st.session_state.get(state.SCHOOL_CACHE)
        if cached and cached[0] == (issuer, subject, str(db.path)):
            hit: Learner = cached[1]
            return hit
        learner = db.find_school_learner(issuer, subject)
        if learner is None:
            learner = db.school_learner(issuer, subject, name_from_claims(claims))
    except ProgressError:
        return None
    st.session_state[state.SCHOOL_CACHE] = ((issuer, subject, str(db.path)), learner)
    return learner


def _label(provider: str | None, lang: Lang, several: bool) -> str:
    if provider is None or not several:
        return t("account.school_signin", lang)
    return t("account.school_signin_with", lang, provider=provider.capitalize())


def sign_in_buttons(lang: Lang) -> bool:
    """The sidebar's "Sign in with your school account" (one button per provider); False when
    the server has no ``[auth]`` section."""
    providers = school_providers()
    for provider in providers:
        st.sidebar.button(_label(provider, lang, len(providers) > 1), key=f"{state.SCHOOL_SIGNIN}:{provider or ''}",
                          on_click=st.login, args=(provider,), type="primary", width="stretch")
    return bool(providers)


def sign_out() -> None:
    """Callback: sign the school account out (Streamlit's cookie cleared, then the provider's own
    end of session when it has one) and forget which learner it was in this session."""
    st.session_state.pop(state.SCHOOL_CACHE, None)
    st.session_state[state.LEARNER] = ""
    st.session_state.pop(state.LEARNER_CACHE, None)
    st.logout()
