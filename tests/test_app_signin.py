"""Issue 23 (AppTest): the school's own sign-in mapped to one learner, a password login kept over
a reload by the browser's cookie (and refused once expired or revoked), the drafts of a
logged-in learner never read through the link's browser key (F4), and open mode listing no names.

The real-browser side of the same (the provider's form, Chromium's cookie) is
``tests/e2e/test_browser_signin.py``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from streamlit.testing.v1 import AppTest

from appkit import APP, report_note, write_content
from tutor.accounts import SESSION_TTL
from tutor.i18n import t
from tutor.progress import NameLookalike, ProgressStore
from tutor.progress.identities import name_from_claims
from tutor.ui import session_cookie
from tutor.ui.drafts import BROWSER_PARAM

PW = "correct horse battery"
NOTE = "PRIVATE NOTE OF ANN: my phone is 555-0100"
ISSUER = "https://login.school.example/realms/pupils"
AUTH = {"redirect_uri": "http://127.0.0.1:8501/oauth2callback", "cookie_secret": "x" * 32,
        "client_id": "whist-tutor", "client_secret": "s",
        "server_metadata_url": "https://login.school.example/.well-known/openid-configuration"}


@pytest.fixture
def env(tmp_path, monkeypatch, new_store_file):
    write_content(tmp_path / "content")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(new_store_file))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    monkeypatch.delenv("WHIST_TUTOR_AUTH", raising=False)
    store = ProgressStore(new_store_file)
    for name in ("Teach", "Ann", "Bob"):
        store.set_password(store.learner(name).id, PW)
    store.close()
    monkeypatch.setattr(session_cookie, "_sent", lambda: "")  # no cookie unless a test sends one
    return monkeypatch


def db() -> ProgressStore:
    import os

    return ProgressStore(os.environ["WHIST_TUTOR_DB"])


def app(*, browser: str | None = None, user: dict[str, object] | None = None,
        auth: dict[str, object] | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = "en"
    if browser:
        at.query_params[BROWSER_PARAM] = browser
    if auth is not None:
        at.secrets["auth"] = auth
    if user is not None:
        at.user = dict(user)
    return at.run()


def page(at: AppTest, key: str) -> AppTest:
    return at.switch_page(f"tutor/ui/pages/{key}.py").run()


def texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [i.value for i in at.info]
    parts += [w.value for w in at.warning] + [e.value for e in at.error] + [s.value for s in at.success]
    parts += [h.value for h in at.subheader]
    return "\n".join(str(p) for p in parts)


def login(at: AppTest, name: str) -> AppTest:
    at.sidebar.text_input(key="auth_name").input(name)
    at.sidebar.text_input(key="auth_password").input(PW)
    return at.sidebar.button(key="auth_login").click().run()


def cookie_scripts(at: AppTest) -> list[str]:
    return [str(h.proto.body) for h in at.get("html") if "whist_session" in str(h.proto.body)]


# -- F4: the link's browser key reads no logged-in learner's drafts ---------------------------
def test_f4_a_logged_in_learners_report_note_and_kept_answer_are_not_read_by_her_link(env):
    """Ann, logged in, writes a report note and answers the daily puzzle; a stranger opening her
    link (the same ``?browser=`` key, not logged in) finds an empty note and an unanswered puzzle.
    Before: both came back (drafts were read by the browser key alone)."""
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = login(app(), "Ann")
    page(at, "puzzles")
    report_note(at).input(NOTE).run()
    browser = at.query_params.get(BROWSER_PARAM)
    assert browser and any(d.text == NOTE for d in db().drafts("report", learner_id=db().find_learner("Ann").id))
    page(at, "daily")
    card = next(b for b in at.button if b.key and b.key.startswith("w:daily:") and "card-" in b.key)
    card.click().run()
    assert at.success or at.error or at.warning  # answered: feedback shown

    stranger = page(app(browser=browser), "puzzles")
    assert not stranger.exception
    assert report_note(stranger).value == ""
    assert NOTE not in texts(stranger)
    daily = page(stranger, "daily")
    assert not [s for s in daily.success if s.value.startswith("Right")] and not daily.error

    # and Ann herself, logged in elsewhere, still finds her note
    again = page(login(app(), "Ann"), "puzzles")
    assert report_note(again).value == NOTE


def test_an_anonymous_draft_still_comes_back_to_its_browser(env):
    """Nobody logged in: the browser's own drafts come back over a reload, as before."""
    at = page(app(), "puzzles")
    report_note(at).input("an anonymous note").run()
    again = page(app(browser=at.query_params.get(BROWSER_PARAM)), "puzzles")
    assert report_note(again).value == "an anonymous note"


def test_the_store_reads_a_learners_draft_only_for_him(new_store_file):
    store = ProgressStore(new_store_file)
    ann = store.learner("Ann")
    store.save_draft("report", "hers", learner_id=ann.id, browser="browser-key-1")
    store.save_draft("report", "anonymous", browser="browser-key-1")
    assert store.latest_draft("report", browser="browser-key-1").text == "anonymous"
    assert [d.text for d in store.drafts("report", browser="browser-key-1")] == ["anonymous"]
    assert store.latest_draft("report", learner_id=ann.id, browser="browser-key-1").text == "hers"
    assert store.latest_draft("report", browser="browser-key-2") is None


# -- a password login kept over a reload ------------------------------------------------------
def test_the_login_writes_the_cookie_and_logout_clears_it(env):
    env.setenv("WHIST_TUTOR_AUTH", "required")
    at = login(app(), "Ann")
    token = at.session_state["auth_token"]
    scripts = cookie_scripts(at)
    assert scripts and f"whist_session={token}" in scripts[-1]
    assert "SameSite=Strict" in scripts[-1] and "Path=/" in scripts[-1]
    assert f"Max-Age={int(SESSION_TTL.total_seconds())}" in scripts[-1]
    at.sidebar.button(key="auth_logout").click().run()
    assert t("account.login_needed", "en") in texts(at)
    assert "Max-Age=0" in cookie_scripts(at)[-1] and "whist_session=;" in cookie_scripts(at)[-1]
    assert db().session_learner(token) is None  # revoked in the store too


@pytest.mark.parametrize("auth", ["required", ""])
def test_a_reload_with_the_cookie_is_still_logged_in(env, auth):
    """A new session whose browser sends the cookie of a live login is logged in at once, on a
    club's server and on one machine (a name with a password)."""
    env.setenv("WHIST_TUTOR_AUTH", auth)
    token = db().login("Ann", PW)
    env.setattr(session_cookie, "_sent", lambda: token)
    at = page(app(), "progress")
    assert not at.exception
    assert t("progress.of", "en", name="Ann") in texts(at)
    assert not cookie_scripts(at)  # the cookie already holds this login: nothing written


def test_an_expired_or_revoked_cookie_is_refused_and_cleared(env):
    env.setenv("WHIST_TUTOR_AUTH", "required")
    store = db()
    expired = store.login("Ann", PW, now=datetime.now(UTC) - SESSION_TTL - timedelta(minutes=1))
    revoked = store.login("Ann", PW)
    store.logout(revoked)
    for token in (expired, revoked, "made-up-token-made-up-token-00"):
        env.setattr(session_cookie, "_sent", lambda token=token: token)
        at = page(app(), "progress")
        assert not at.exception
        assert t("account.login_needed", "en") in texts(at)
        assert t("progress.of", "en", name="Ann") not in texts(at)
        assert "Max-Age=0" in cookie_scripts(at)[-1]


def test_the_cookie_script_takes_only_a_token():
    with pytest.raises(ValueError):
        session_cookie.cookie_script("x'; alert(1); '")
    assert "whist_session=;" in session_cookie.cookie_script("")


# -- the school's own sign-in -----------------------------------------------------------------
def test_without_an_auth_section_no_school_sign_in_is_offered(env):
    at = app()
    assert not [b for b in at.sidebar.button if b.key and b.key.startswith("school_signin")]


@pytest.mark.parametrize("auth", ["required", ""])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_with_an_auth_section_the_account_box_offers_the_school_sign_in(env, auth, lang):
    env.setenv("WHIST_TUTOR_AUTH", auth)
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["lang"] = lang
    at.secrets["auth"] = AUTH
    at.run()
    assert not at.exception
    buttons = [b for b in at.sidebar.button if b.key and b.key.startswith("school_signin")]
    assert [b.label for b in buttons] == [t("account.school_signin", lang)]
    # passwords stay beside it (a club's own accounts, the first teacher)
    assert [b for b in at.sidebar.button if b.key == "auth_login"] or [i for i in at.sidebar.text_input
                                                                        if i.key == "learner"]


def test_several_providers_each_get_a_button(env):
    at = app(auth={"redirect_uri": AUTH["redirect_uri"], "cookie_secret": AUTH["cookie_secret"],
                   "google": {k: AUTH[k] for k in ("client_id", "client_secret", "server_metadata_url")},
                   "microsoft": {k: AUTH[k] for k in ("client_id", "client_secret", "server_metadata_url")}})
    labels = [b.label for b in at.sidebar.button if b.key and b.key.startswith("school_signin")]
    assert labels == [t("account.school_signin_with", "en", provider=p) for p in ("Google", "Microsoft")]


def _pupil(sub: str = "pupil-7", **claims: object) -> dict[str, object]:
    return {"is_logged_in": True, "iss": ISSUER, "sub": sub, **claims}


@pytest.mark.parametrize("auth", ["required", ""])
def test_a_signed_in_school_account_is_one_learner_with_a_unique_name(env, auth):
    """The club's Ann has a password; the school's Ann is another person: a new learner "Ann 2",
    the same one at every later sign-in, whatever name the provider gives then."""
    env.setenv("WHIST_TUTOR_AUTH", auth)
    at = page(app(auth=AUTH, user=_pupil(name="Ann", email="ann@school.example")), "progress")
    assert not at.exception
    assert t("account.school_signed_in", "en", name="Ann 2") in texts(at)
    assert t("progress.of", "en", name="Ann 2") in texts(at)
    later = page(app(auth=AUTH, user=_pupil(name="Ann Smith")), "progress")
    assert t("progress.of", "en", name="Ann 2") in texts(later)
    store = db()
    pupil = store.find_learner("Ann 2")
    assert pupil is not None and pupil.role == "learner" and not pupil.has_password
    assert store.find_learner("Ann").has_password  # the club's Ann is untouched
    assert store.find_school_learner(ISSUER, "pupil-7") == pupil
    assert store.find_school_learner("https://other.example", "pupil-7") is None  # issuer and subject


def test_the_teacher_role_is_never_taken_from_the_providers_claims(env):
    """A provider's claims saying "teacher" make no teacher; a teacher's grant does."""
    env.setenv("WHIST_TUTOR_AUTH", "required")
    user = _pupil("t-1", name="Mrs Gray", roles=["teacher"], role="teacher", groups=["teachers"])
    at = page(app(auth=AUTH, user=user), "workshop")
    assert t("account.teachers_only", "en") in texts(at)
    store = db()
    gray = store.find_school_learner(ISSUER, "t-1")
    assert gray is not None and gray.role == "learner"
    store.set_role(gray.id, "teacher")  # granted as every teacher is (tutor learner add --teacher --as ...)
    again = page(app(auth=AUTH, user=user), "workshop")
    assert t("account.teachers_only", "en") not in texts(again)


def test_signing_out_of_the_school_account(env):
    at = app(auth=AUTH, user=_pupil(name="Cleo"))
    assert t("account.school_signed_in", "en", name="Cleo") in texts(at)
    at.sidebar.button(key="school_signout").click().run()
    assert not at.exception
    assert t("account.school_signed_in", "en", name="Cleo") not in texts(at)
    assert [b for b in at.sidebar.button if b.key and b.key.startswith("school_signin")]


def test_a_school_account_without_issuer_or_subject_names_nobody(env):
    at = app(auth=AUTH, user={"is_logged_in": True, "name": "Nobody"})
    assert not at.exception and "Nobody" not in texts(at)


def test_names_from_claims_and_look_alikes(new_store_file):
    assert name_from_claims({"name": "  Ann   Lee "}) == "Ann Lee"
    assert name_from_claims({"email": "bob.k@school.example"}) == "bob.k"
    assert name_from_claims({"name": "\x00", "preferred_username": "cleo"}) == "cleo"
    assert name_from_claims({}) == "learner"
    store = ProgressStore(new_store_file)
    store.learner("alice")
    cyr = store.school_learner(ISSUER, "s-1", "Аlice")  # Cyrillic А: a look-alike of alice
    assert cyr.name == "Аlice 2"
    again = store.school_learner(ISSUER, "s-1", "someone else")
    assert again == cyr
    long = store.school_learner(ISSUER, "s-2", "x" * 40)
    assert len(long.name) == 40 and store.school_learner(ISSUER, "s-3", "x" * 40).name.endswith(" 2")
    store.delete_learner(cyr.id)
    assert store.find_school_learner(ISSUER, "s-1") is None


def test_a_school_learner_is_kept_with_the_look_of_his_name(new_store_file):
    """The store refuses a name that looks like another learner's (shared/reviews/reliability.md:
    "Look-alike names (Cyrillic а against Latin a) ... a teacher's grid can show two 'alice'
    rows"). A learner made at a school sign-in is held to the same rule, by the same function:
    his name's skeleton is kept (so a later Cyrillic "аlice" is refused beside him), and the name
    chosen for him is one the store itself would accept (Cyrillic "п" reads as a Latin "n")."""
    store = ProgressStore(new_store_file)
    school = store.school_learner(ISSUER, "s-9", "alice")
    with pytest.raises(NameLookalike):
        store.learner("\u0430lice")
    store.learner("naul")
    assert store.school_learner(ISSUER, "s-10", "\u043faul").name == "\u043faul 2"
    assert school.name == "alice"
