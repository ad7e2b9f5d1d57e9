"""Every session-state key the app uses, in one place.

Why: Streamlit's session state is a flat dict shared by all pages; keys spelled in one module
cannot collide or drift between the page that writes and the page that reads them. Keys that
belong to one item (a puzzle's answer, its hints) are built by the functions below from a scope
(the page) and the item id.
"""

from __future__ import annotations

__all__ = [
    "LANG",
    "LANG_CHOSEN",
    "BROWSER_KEY",
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
    "REVIEW_ONLY",
    "WORKSHOP_TEXT",
    "WORKSHOP_THEME",
    "RULES_SET",
    "PUZZLE_REPORT_MSG",
    "WORKSHOP_MSG",
    "PROGRESS_ERROR",
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
]

#: The learner's language (``en`` or ``ru``); the sidebar switch writes it.
LANG = "lang"
#: True once the learner picked a language in the sidebar (then the browser's locale no longer decides).
LANG_CHOSEN = "lang_chosen"
#: This browser's anonymous key (also in the URL as ``?browser=``): whose drafts these are when
#: no learner is named.
BROWSER_KEY = "browser_key"
#: The draft last saved or restored per slot and owner, so an unchanged text is not written again.
DRAFTS_SAVED = "drafts_saved"
#: The current learner's name (empty: nothing is recorded).
LEARNER = "learner"
#: The learner looked up for the current name and database: ((name, db path), Learner).
LEARNER_CACHE = "learner_cache"
#: The text box where a new learner's name is typed (Progress page).
LEARNER_NEW = "learner_new"
#: The lesson open on the Learn page (its id).
LESSON = "lesson"
#: The puzzle open on the Puzzles page (its id).
PUZZLE = "puzzle"
PUZZLE_THEMES = "puzzle_themes"
PUZZLE_LEVELS = "puzzle_levels"
REVIEW_ONLY = "review_only"
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
#: The workshop's "with evidence" checkbox (generate tab).
WORKSHOP_WITH_EVIDENCE = "workshop_with_evidence"
#: The evidence still to compute for the puzzles just generated: a tuple of evidence specs; gone
#: once done or stopped (the store keeps every puzzle finished before).
WORKSHOP_EVIDENCE_JOB = "workshop_evidence_job"
#: True once the learner was told that naming himself keeps his progress (said once a session).
NO_LEARNER_SAID = "no_learner_said"
RULES_SET = "rules_set"
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
