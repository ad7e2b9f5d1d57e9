"""Every session-state key the app uses, in one place.

Why: Streamlit's session state is a flat dict shared by all pages; keys spelled in one module
cannot collide or drift between the page that writes and the page that reads them, and the tests
drive the widgets by the same names. Keys that belong to one item (a puzzle's answer, its hints)
are built by the functions below from a scope (the page) and the item id; a widget that makes
keys for its parts (a card hand's buttons, a draft box's versions) builds them from the key it is
given here. Modules keep short aliases (``play_page.SESSION_KEY = state.PLAY_SESSION``) but no
key text of their own: ``tests/test_ui_state_keys.py`` checks that no ``key="…"`` or
``session_state["…"]`` literal is spelled outside this module.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "ItemKeys",
    "LANG",
    "LANG_CHOSEN",
    "BROWSER_KEY",
    "BROWSER_COOKIE_HELD",
    "BROWSER_LEARNER",
    "BROWSER_WORKED",
    "BROWSER_CLAIMED",
    "BROWSER_OFFER",
    "BROWSER_GAINED",
    "BROWSER_TAKE",
    "BROWSER_ERROR",
    "BROWSER_LEAVE",
    "DRAFTS_SAVED",
    "WORKSHOP_PBN",
    "REPORT_NOTE",
    "LEARNER",
    "LEARNER_NEW",
    "LEARNER_CACHE",
    "LESSON",
    "PUZZLE",
    "PUZZLE_THEMES",
    "PUZZLE_LEVELS",
    "PUZZLE_FIND",
    "REVIEW_ONLY",
    "WORKSHOP_TEXT",
    "WORKSHOP_THEME",
    "RULES_SET",
    "PUZZLE_REPORT_MSG",
    "WORKSHOP_MSG",
    "PROGRESS_ERROR",
    "RULES_TAB",
    "RULES_DEAL_PBN",
    "RULES_DEAL_SEED",
    "RULES_DEAL_DEALER",
    "RULES_DEAL_TRUMP",
    "RULES_TRICKS",
    "answer_key",
    "hints_key",
    "why_key",
    "reveal_key",
    "seen_key",
    "widget_key",
    "wrongs_key",
    "miss_key",
    "fixed_key",
    "NO_LEARNER_SAID",
    "WORKSHOP_TAB",
    "REPORT_OPEN",
    "WORKSHOP_WITH_EVIDENCE",
    "WORKSHOP_EVIDENCE_JOB",
    "AUTH_TOKEN",
    "AUTH_ERROR",
    "AUTH_NAME",
    "AUTH_PASSWORD",
    "AUTH_LOGIN",
    "AUTH_CREATE",
    "AUTH_LOGOUT",
    "AUTH_NEW_PASSWORD",
    "AUTH_SET",
    "AUTH_SAVED",
    "AUTH_COOKIE_READ",
    "AUTH_COOKIE_HELD",
    "SCHOOL_CACHE",
    "SCHOOL_SIGNIN",
    "SCHOOL_SIGNOUT",
    "DECK_FOUR_COLOUR",
    "LEARN_NEXT",
    "PUZZLE_NEXT",
    "REPORT_SEND",
    "DAILY_EVIDENCE_TABLE",
    "DAILY_DAY",
    "DAILY_MONTH",
    "DAILY_DATE",
    "DAILY_SEEN_TODAY",
    "DAILY_TODAY",
    "WORKSHOP_FLAG_CHECK",
    "MAXIMS_SYSTEM",
    "MAXIMS_CATEGORY",
    "MAXIMS_QUERY",
    "MAXIMS_ONLY_DIFF",
    "MAXIMS_ALL",
    "MAXIMS_MORE",
    "RULES_RANDOM",
    "RULES_HUMBUG_S",
    "RULES_HUMBUG_N",
    "RULES_HUMBUG_TRUMP",
    "RULES_HUMBUG_TRICKS",
    "RULES_DRAW_CARDS",
    "RULES_DRAW_CUSTOM",
    "RULES_CAYENNE_DEAL",
    "RULES_CAYENNE_SUIT",
    "RULES_CAYENNE_CONTRACT",
    "RULES_CAYENNE_TRICKS",
    "PROGRESS_CREATE",
    "MY_DATA_EXPORT",
    "MY_DATA_SURE",
    "MY_DATA_DELETE",
    "MY_DATA_ERROR",
    "MY_DATA_DELETED",
    "CLASSES_MSG",
    "CLASS_PICK",
    "CLASS_NEW_NAME",
    "CLASS_CREATE",
    "CLASS_JOIN_CODE",
    "CLASS_JOIN",
    "CLASS_HOMEWORK",
    "CLASS_HOMEWORK_LESSONS",
    "CLASS_DUE",
    "CLASS_ASSIGN",
    "CLASS_CSV",
    "CLASS_DO",
    "WORKSHOP_PICK",
    "WORKSHOP_COUNT",
    "WORKSHOP_SEED",
    "WORKSHOP_GENERATE",
    "WORKSHOP_IMPORT",
    "WORKSHOP_RESET",
    "WORKSHOP_EVIDENCE_STOP",
    "WORKSHOP_NAME",
    "WORKSHOP_SAVE",
    "WORKSHOP_DL_YAML",
    "WORKSHOP_DL_HTML",
    "WORKSHOP_GEN_MSG",
    "WORKSHOP_PBN_MSG",
    "WORKSHOP_PENDING",
    "WORKSHOP_REPLACE",
    "WORKSHOP_PBN_FILE",
    "WORKSHOP_INCOMING",
    "CLASS_HOMEWORK_THEME",
    "PUZZLE_HOMEWORK_ONLY",
    "RUN",
    "ONCE_A_RUN",
    "NAV_PAGES",
    "PLAY_SESSION",
    "PLAY_LAST",
    "PLAY_ERROR",
    "PLAY_NOTE",
    "PLAY_OPT",
    "PLAY_SETTINGS",
    "PLAY_NEW",
    "PLAY_CARD",
    "PLAY_UNDO",
    "PLAY_CLAIM",
    "PLAY_NEXT",
    "PLAY_CLUB",
    "PLAY_CLUB_WATCH",
    "PLAY_CLUB_NEXT",
    "PLAY_CAYENNE_CALL",
    "DEAL_REVIEW_TEXT",
    "DEAL_REVIEW_UPLOAD",
    "DEAL_REVIEW_GO",
    "DEAL_REVIEW_FROM_PLAY",
    "DEAL_REVIEW_SYSTEM",
    "DEAL_REVIEW_BOARD",
    "DEAL_REVIEW_DEALS",
    "DEAL_REVIEW_CACHE",
    "DEAL_REVIEW_STEP",
    "DEAL_REVIEW_ERROR",
    "DEAL_REVIEW_NAV",
    "DEAL_REVIEW_JUMP",
    "DEAL_REVIEW_PUZZLE",
    "DEAL_REVIEW_PUZZLE_DL",
    "DEAL_REVIEW_MADE",
    "DEAL_REVIEW_TO_WORKSHOP",
    "DEAL_REVIEW_ALL",
    "DEAL_REVIEW_MADE_ALL",
]

#: The learner's language (``en`` or ``ru``); the sidebar switch writes it.
LANG = "lang"
#: True once the learner picked a language in the sidebar (then the browser's locale no longer decides).
LANG_CHOSEN = "lang_chosen"
#: This browser's anonymous key (also in the URL as ``?browser=``): whose drafts these are when
#: no learner is named.
BROWSER_KEY = "browser_key"
#: The key the page's script last wrote into the browser's cookie (tutor/ui/browser.py).
BROWSER_COOKIE_HELD = "browser_cookie_held"
#: The row this browser's unnamed work is kept under: ((key, db path), Learner or None).
BROWSER_LEARNER = "browser_learner"
#: True once this session recorded work under the browser's row (then naming claims it at once).
BROWSER_WORKED = "browser_worked"
#: (learner id, key) once this session claimed -- or offered -- the browser's work to that learner.
BROWSER_CLAIMED = "browser_claimed"
#: The browser's work kept from an earlier visit, offered to the learner just named: (learner id, key, work).
BROWSER_OFFER = "browser_offer"
#: What the learner gained by the claim, said once in the sidebar: (name, BrowserWork).
BROWSER_GAINED = "browser_gained"
#: The offer's two buttons: make the kept work mine, or leave it.
BROWSER_TAKE = "browser_take"
BROWSER_LEAVE = "browser_leave"
#: Why taking the offered work failed (the store's words), shown once in the sidebar.
BROWSER_ERROR = "browser_error"
#: The draft last saved or restored per slot and owner, so an unchanged text is not written again.
DRAFTS_SAVED = "drafts_saved"
#: The current learner's name (empty: nothing is recorded).
LEARNER = "learner"
#: The learner looked up for the current name and database: ((name, db path), Learner).
LEARNER_CACHE = "learner_cache"
#: The session's full runs so far (:func:`tutor.ui.shell.main` counts them): what is looked up
#: once a run -- who the learner is -- is kept for that run and the fragment runs after it.
RUN = "run"
#: What was looked up once in this run: {what: ((run, inputs), value)} (:mod:`tutor.ui.learner`).
ONCE_A_RUN = "once_a_run"
#: The menu's pages of this session: (language, [st.Page]) (:mod:`tutor.ui.shell`).
NAV_PAGES = "nav_pages"
#: The text box where a new learner's name is typed (Progress page).
LEARNER_NEW = "learner_new"
#: The lesson open on the Learn page (its id).
LESSON = "lesson"
#: The puzzle open on the Puzzles page (its id).
PUZZLE = "puzzle"
PUZZLE_THEMES = "puzzle_themes"
PUZZLE_LEVELS = "puzzle_levels"
#: The Puzzles page's search by a puzzle's title or number.
PUZZLE_FIND = "puzzle_find"
REVIEW_ONLY = "review_only"
#: The Puzzles page's "my homework only" switch.
PUZZLE_HOMEWORK_ONLY = "puzzle_homework_only"
#: The YAML in the workshop editor.
WORKSHOP_TEXT = "workshop_text"
WORKSHOP_THEME = "workshop_theme"
#: The PBN pasted into the workshop's import box.
WORKSHOP_PBN = "workshop_pbn"
#: The note of "report a problem" (Puzzles page).
REPORT_NOTE = "puzzle_report_note"
#: Whether the "report a problem" expander is open (kept, so the thanks stays in view after sending).
REPORT_OPEN = "puzzle_report_open"
#: The workshop's open tab (kept, so a rerun while typing does not flip it back to the first).
WORKSHOP_TAB = "workshop_tab"
#: "Checked: clear the flag" of a flagged puzzle (one button per puzzle: this prefix and its id).
WORKSHOP_FLAG_CHECK = "workshop_flag_check:"
#: The workshop's "with evidence" checkbox (generate tab).
WORKSHOP_WITH_EVIDENCE = "workshop_with_evidence"
#: The evidence still to compute for the puzzles just generated: a tuple of evidence specs; gone
#: once done or stopped (the store keeps every puzzle finished before).
WORKSHOP_EVIDENCE_JOB = "workshop_evidence_job"
#: True once the learner was told that naming himself keeps his progress (said once a session).
NO_LEARNER_SAID = "no_learner_said"
RULES_SET = "rules_set"
#: The Rules page's open tab (only the open tab is drawn: :func:`tutor.ui.common.open_tabs`).
RULES_TAB = "rules_tab"
#: One-run messages left by a callback for the page to show: ("ok" | "error", text).
PUZZLE_REPORT_MSG = "puzzle_report_msg"
WORKSHOP_MSG = "workshop_msg"
PROGRESS_ERROR = "progress_error"
#: The calculators of the Rules & scoring page: the deal, its seed, dealer, trump and NS tricks.
RULES_DEAL_PBN = "rules_deal_pbn"
RULES_DEAL_SEED = "rules_deal_seed"
RULES_DEAL_DEALER = "rules_deal_dealer"
RULES_DEAL_TRUMP = "rules_deal_trump"
RULES_TRICKS = "rules_tricks_ns"

# The sidebar's account box (tutor/ui/account.py).
#: The logged-in learner's session token.
AUTH_TOKEN = "auth_token"
#: The account box's last error, shown once.
AUTH_ERROR = "auth_error"
AUTH_NAME = "auth_name"
AUTH_PASSWORD = "auth_password"
AUTH_LOGIN = "auth_login"
AUTH_CREATE = "auth_create"
AUTH_LOGOUT = "auth_logout"
AUTH_NEW_PASSWORD = "auth_new_password"
AUTH_SET = "auth_set"
#: True for one run after a password was set (to say so).
AUTH_SAVED = "auth_saved"
#: True once this session looked at the browser's session cookie (``st.context.cookies`` stays
#: what the browser sent when the tab opened: read once, never again after a logout).
AUTH_COOKIE_READ = "auth_cookie_read"
#: What this session last wrote into the cookie (the token, or "" once cleared); unset: nothing yet.
AUTH_COOKIE_HELD = "auth_cookie_held"
#: The learner of the school account signed in (OpenID Connect): ((issuer, subject, db path), Learner).
SCHOOL_CACHE = "school_cache"
#: The "Sign in with your school account" button (a key prefix: one button per provider).
SCHOOL_SIGNIN = "school_signin"
SCHOOL_SIGNOUT = "school_signout"

# The card styles (tutor/ui/cardpick.py).
#: The sidebar switch "four-colour deck" (False: the classic two colours).
DECK_FOUR_COLOUR = "deck_four_colour"

# The Learn page.
LEARN_NEXT = "learn_next"

# The Puzzles page.
PUZZLE_NEXT = "puzzle_next"
REPORT_SEND = "puzzle_report_send"

# The Daily page.
#: Whether the evidence's table is open (drawn only once opened).
DAILY_EVIDENCE_TABLE = "daily_evidence_table"
#: The day whose puzzle is shown (today unless a past day is picked in the archive).
DAILY_DAY = "daily_day"
#: The archive's month box (``year * 12 + month - 1``).
DAILY_MONTH = "daily_month"
#: The archive's day box (the day of the month).
DAILY_DATE = "daily_date"
#: The learner's today when the page last ran: a picker left on it follows when the day changes.
DAILY_SEEN_TODAY = "daily_seen_today"
#: "Back to today's puzzle".
DAILY_TODAY = "daily_today"

# The Maxims page.
MAXIMS_SYSTEM = "maxims_system"
MAXIMS_CATEGORY = "maxims_category"
MAXIMS_QUERY = "maxims_query"
MAXIMS_ONLY_DIFF = "maxims_only_diff"
#: The Maxims page's filters for which the learner asked to list every maxim found (not only the first).
MAXIMS_ALL = "maxims_all"
MAXIMS_MORE = "maxims_more"

# The Rules & scoring page.
RULES_RANDOM = "rules_random"
#: The Rules page's calculators of the other tables (tutor/ui/rules_tables.py).
RULES_HUMBUG_S = "rules_humbug_s"
RULES_HUMBUG_N = "rules_humbug_n"
RULES_HUMBUG_TRUMP = "rules_humbug_trump"
RULES_HUMBUG_TRICKS = "rules_humbug_tricks"
RULES_DRAW_CARDS = "rules_draw_cards"
RULES_DRAW_CUSTOM = "rules_draw_custom"
RULES_CAYENNE_DEAL = "rules_cayenne_deal"
RULES_CAYENNE_SUIT = "rules_cayenne_suit"
RULES_CAYENNE_CONTRACT = "rules_cayenne_contract"
RULES_CAYENNE_TRICKS = "rules_cayenne_tricks"

# The Progress page and the learner's data.
PROGRESS_CREATE = "progress_create"
MY_DATA_EXPORT = "my_data_export"
MY_DATA_SURE = "my_data_sure"
MY_DATA_DELETE = "my_data_delete"
#: One-run messages of the learner's data box.
MY_DATA_ERROR = "my_data_error"
MY_DATA_DELETED = "my_data_deleted"

# The Classes page.
#: A one-run message left by a callback.
CLASSES_MSG = "classes_msg"
CLASS_PICK = "class_pick"
CLASS_NEW_NAME = "class_new_name"
CLASS_CREATE = "class_create"
CLASS_JOIN_CODE = "class_join_code"
CLASS_JOIN = "class_join"
CLASS_HOMEWORK = "class_homework"
CLASS_HOMEWORK_LESSONS = "class_homework_lessons"
CLASS_DUE = "class_due"
CLASS_ASSIGN = "class_assign"
CLASS_CSV = "class_csv"
#: The homework puzzle the learner picked to answer on the Classes page.
CLASS_DO = "class_do"
#: The theme the teacher's homework picker shows the puzzles of ("" : every theme).
CLASS_HOMEWORK_THEME = "class_homework_theme"

# The Workshop.
WORKSHOP_PICK = "workshop_pick"
WORKSHOP_COUNT = "workshop_count"
WORKSHOP_SEED = "workshop_seed"
WORKSHOP_GENERATE = "workshop_generate"
WORKSHOP_IMPORT = "workshop_import"
WORKSHOP_RESET = "workshop_reset"
WORKSHOP_EVIDENCE_STOP = "workshop_evidence_stop"
WORKSHOP_NAME = "workshop_name"
WORKSHOP_SAVE = "workshop_save"
WORKSHOP_DL_YAML = "workshop_dl_yaml"
WORKSHOP_DL_HTML = "workshop_dl_html"
#: One-run messages of Generate and of Import, shown beside their buttons (defect 31: an import's
#: error at the top of the page, far above the button, made the click seem to do nothing).
WORKSHOP_GEN_MSG = "workshop_gen_msg"
WORKSHOP_PBN_MSG = "workshop_pbn_msg"
#: New puzzles that could not be put after the editor's text: (YAML, where, count), until the
#: teacher replaces his text with them (his own kept as a saved version) or goes on.
WORKSHOP_PENDING = "workshop_pending"
WORKSHOP_REPLACE = "workshop_replace"
#: The PBN file uploaded beside the paste box.
WORKSHOP_PBN_FILE = "workshop_pbn_file"
#: Puzzles another page sends to the editor (the Review page): (YAML, message), added on arrival.
WORKSHOP_INCOMING = "workshop_incoming"

# The Play page: the deal in progress, what the robots just played, the refusal and note to show.
PLAY_SESSION = "play:session"
PLAY_LAST = "play:last"
PLAY_ERROR = "play:error"
PLAY_NOTE = "play:note"
#: The prefix of the Play page's settings (``PLAY_OPT + "rules"`` and so on).
PLAY_OPT = "play:opt:"
#: Whether the Play page's settings box is open (its widgets are drawn only then).
PLAY_SETTINGS = "play:settings"
PLAY_NEW = "play:new"
#: The student's hand (a key prefix of its card buttons).
PLAY_CARD = "play:card"
PLAY_UNDO = "play:undo"
PLAY_CLAIM = "play:claim"
PLAY_NEXT = "play:next"
#: A club evening of 003 (tutor/ui/club_table.py): the evening, its buttons, the players asked for.
PLAY_CLUB = "play:club"
PLAY_CLUB_WATCH = "play:club:watch"
PLAY_CLUB_NEXT = "play:club:next-game"
#: Cayenne (tutor/ui/cayenne_table.py): the prefix of the contract buttons.
PLAY_CAYENNE_CALL = "play:cayenne:call"

# -- the Review page (tutor/ui/review_page.py): any played deal, every card of the four seats
#: The pasted record (PBN, autoplay JSON or typed lines) and the uploaded file.
DEAL_REVIEW_TEXT = "deal_review:text"
DEAL_REVIEW_UPLOAD = "deal_review:upload"
#: The buttons that read the record, or take the deals just played on the Play page.
DEAL_REVIEW_GO = "deal_review:go"
DEAL_REVIEW_FROM_PLAY = "deal_review:from_play"
#: The convention system the cards are judged by, and the board chosen (its place in the file).
DEAL_REVIEW_SYSTEM = "deal_review:system"
DEAL_REVIEW_BOARD = "deal_review:board"
#: The deals read (PlayedDeal tuple), the reviews made ((board place, system) -> DealReview),
#: how many cards are shown played, and the last reading error.
DEAL_REVIEW_DEALS = "deal_review:deals"
DEAL_REVIEW_CACHE = "deal_review:cache"
DEAL_REVIEW_STEP = "deal_review:step"
DEAL_REVIEW_ERROR = "deal_review:error"
#: Prefixes of the step buttons (``…:next-card``), the jumps to a costly card (``…:<index>``) and
#: the puzzle made of one (``…:<index>``), and its download.
DEAL_REVIEW_NAV = "deal_review:nav:"
DEAL_REVIEW_JUMP = "deal_review:jump:"
DEAL_REVIEW_PUZZLE = "deal_review:puzzle:"
DEAL_REVIEW_PUZZLE_DL = "deal_review:puzzle_dl"
#: The puzzle made last: (board place, system, card index, its YAML, the check's problems); and
#: the button that opens it in the Workshop's editor.
DEAL_REVIEW_MADE = "deal_review:made"
DEAL_REVIEW_TO_WORKSHOP = "deal_review:to_workshop"
#: The button that makes puzzles of the costliest moments of every board read, and what it made
#: (system, YAML, problems, boards skipped for want of a turned-up card).
DEAL_REVIEW_ALL = "deal_review:all"
DEAL_REVIEW_MADE_ALL = "deal_review:made_all"


def answer_key(scope: str, item_id: str) -> str:
    """Where the graded answer (the Feedback) to one item lives."""
    return f"answer:{scope}:{item_id}"


def hints_key(scope: str, item_id: str) -> str:
    """How many hints the learner has opened on one item."""
    return f"hints:{scope}:{item_id}"


def why_key(scope: str, item_id: str) -> str:
    """The card picked in "why is this card wrong" for one item."""
    return f"why:{scope}:{item_id}"


def widget_key(scope: str, item_id: str, what: str) -> str:
    """A widget belonging to one item (a card button, a number box)."""
    return f"w:{scope}:{item_id}:{what}"


def reveal_key(scope: str, item_id: str) -> str:
    """True while the solution of one item is shown (after "Show the solution")."""
    return f"reveal:{scope}:{item_id}"


def seen_key(scope: str, item_id: str) -> str:
    """True once the learner has seen the solution of one item in this session: later answers
    to it are not recorded (a solution looked up is not a puzzle solved)."""
    return f"seen:{scope}:{item_id}"


def wrongs_key(scope: str, item_id: str) -> str:
    """How many wrong answers the learner gave to one item this session (the second shows the answer)."""
    return f"wrongs:{scope}:{item_id}"


def miss_key(scope: str, item_id: str) -> str:
    """The learner's last wrong answer to one item in this session (to say it was fixed)."""
    return f"miss:{scope}:{item_id}"


def fixed_key(scope: str, item_id: str) -> str:
    """The earlier wrong answer that a right answer just fixed (shown under the feedback)."""
    return f"fixed:{scope}:{item_id}"


@dataclass(frozen=True)
class ItemKeys:
    """The session-state keys of one item asked on one page, named by what each holds.

    Why: an item's state is spread over a dozen slots (its answer, hints, misses, widgets...).
    The question flow (:mod:`tutor.ui.components`) passes this one value instead of threading
    ``(scope, item_id)`` through every function and gluing suffixes to a key. The texts are the
    functions' above, unchanged: the browser tests and the kept drafts depend on them.
    """

    #: The page asking (its ``SCOPE``): the same puzzle on two pages keeps two answers.
    scope: str
    #: The item's id on that page (the daily puzzle's is ``DATE:ID``).
    item_id: str

    @property
    def answer(self) -> str:
        return answer_key(self.scope, self.item_id)

    @property
    def error(self) -> str:
        """Why the last response could not be read as an answer (not a card, not a number)."""
        return self.answer + ":error"

    @property
    def not_saved(self) -> str:
        """Why the last answer, graded all the same, could not be recorded."""
        return self.answer + ":not_saved"

    @property
    def page(self) -> str:
        """The answer's shape when the page around it last ran (answered, right, solution shown)."""
        return self.answer + ":page"

    @property
    def restored(self) -> str:
        """True once a kept draft of the answer was looked for in this session."""
        return self.answer + ":restored"

    @property
    def hints(self) -> str:
        return hints_key(self.scope, self.item_id)

    @property
    def why(self) -> str:
        return why_key(self.scope, self.item_id)

    @property
    def reveal(self) -> str:
        return reveal_key(self.scope, self.item_id)

    @property
    def seen(self) -> str:
        return seen_key(self.scope, self.item_id)

    @property
    def wrongs(self) -> str:
        return wrongs_key(self.scope, self.item_id)

    @property
    def miss(self) -> str:
        return miss_key(self.scope, self.item_id)

    @property
    def fixed(self) -> str:
        return fixed_key(self.scope, self.item_id)

    def widget(self, what: str) -> str:
        """A widget of the item: ``"card-S2"``, ``"hint"``, ``"retry"``..."""
        return widget_key(self.scope, self.item_id, what)
