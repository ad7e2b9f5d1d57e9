"""Walkthrough defect 24 (AppTest): the Rules & scoring page in Russian. The source-name swap
broke its grammar («украинские правила виста пишет 25», «… называет эти игры»), it called the app
«тутор», named a page «Игра» that is «Сыграть сдачу», and wrote «Ренонс: 3 взятки / очков: 5»."""

from __future__ import annotations

import pytest

from appkit import open_page, start
from tutor.i18n import t
from tutor.rulesets import RULESET_NAMES


def _page_text(at) -> str:
    parts = [str(e.value) for kind in ("markdown", "caption", "subheader", "header", "title") for e in getattr(at, kind)]
    for table in at.table:
        parts.append(table.value.to_string())
    return "\n".join(parts)


@pytest.mark.parametrize("rules", RULESET_NAMES)
def test_the_rules_page_reads_as_russian(app_env, rules):
    at = start("ru")
    at.session_state["rules_set"] = rules
    open_page(at, "rules")
    assert not at.exception
    text = _page_text(at)
    for broken in ("пишет 25", "называет эти", "тутор", "странице «Игра»", "очков: ", "упомянута в",
                   "правила виста определяет"):
        assert broken not in text, (rules, broken)
    if rules == "russian":
        assert f"{t('rules.revoke', 'ru')}" in text and "3 взятки или 5 очков" in text
