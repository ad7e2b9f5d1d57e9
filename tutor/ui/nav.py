"""The app's pages, in menu order: the one list ``app.py`` builds its navigation from.

Extension point: a page is a :class:`PageSpec` naming a thin script under ``tutor/ui/pages/`` and
its title key in the locales (``nav.<key>``). A page is added by one line here, a script, and its
``nav.<key>`` label in both locale files; a page listed before its script exists is left out of
the menu rather than breaking it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["PageSpec", "PAGES", "PAGES_DIR", "available_pages"]

PAGES_DIR = Path(__file__).with_name("pages")


@dataclass(frozen=True)
class PageSpec:
    """One page: its key (title ``nav.<key>``, URL ``/<key>``), its script and icon."""

    key: str
    icon: str
    default: bool = False

    @property
    def script(self) -> Path:
        return PAGES_DIR / f"{self.key}.py"

    @property
    def title_key(self) -> str:
        return f"nav.{self.key}"


PAGES: tuple[PageSpec, ...] = (
    PageSpec("learn", ":material/school:", default=True),
    PageSpec("daily", ":material/today:"),
    PageSpec("puzzles", ":material/extension:"),
    PageSpec("play", ":material/playing_cards:"),
    PageSpec("review", ":material/replay:"),
    PageSpec("maxims", ":material/menu_book:"),
    PageSpec("rules", ":material/calculate:"),
    PageSpec("workshop", ":material/edit_note:"),
    PageSpec("progress", ":material/insights:"),
    PageSpec("classes", ":material/groups:"),
)


def available_pages() -> list[PageSpec]:
    """The pages whose script exists (a page listed ahead of its script is simply not shown)."""
    return [p for p in PAGES if p.script.is_file()]
