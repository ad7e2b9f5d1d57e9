"""The conventions' sentences are data: every key a rule names exists in both languages, and no
English/Russian pair is written inline in ``tutor/conventions/`` (issue 22, point 5).

The rules name a text by key (``say("leads.never_lead_singleton.why")``); the sentences live in
``tutor/locales/advice.{en,ru}.yaml`` (read by :mod:`tutor.i18n` under the prefix ``advice.``, so
``tests/test_i18n.py`` checks them for the same keys and placeholders too). These checks read the
rules' source, so a key misspelt in a rule that no test happens to reach still fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tutor.conventions.rules import TEXT_PREFIX, say
from tutor.i18n import LANGS, TranslationError, catalog, placeholders

CONVENTIONS = Path(__file__).resolve().parents[1] / "tutor" / "conventions"


def _is_text(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _has_literal(node: ast.AST) -> bool:
    """A sentence written in the code: a string constant (not a language code) or an f-string."""
    return any(isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.strip() not in ("", *LANGS)
               or isinstance(n, ast.JoinedStr) for n in ast.walk(node))


def keys_named(source: str) -> list[str]:
    """The keys of every ``say("…")`` and ``say_with("…", …)`` call in ``source`` (a key not written
    out is an error)."""
    out: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if _is_text(node, "say") or _is_text(node, "say_with"):
            assert isinstance(node, ast.Call)
            arg = node.args[0] if len(node.args) == 1 and (_is_text(node, "say_with") or not node.keywords) else None
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                raise AssertionError(f"line {node.lineno}: say() takes one key written out, to be checked here")
            out.append(arg.value)
    return out


def inline_pairs(source: str) -> list[int]:
    """The lines of every ``Text(en, ru)`` (or ``text(en, ru)``) call whose sentences are written
    in the code, positionally or by language."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if (_is_text(node, "Text") or _is_text(node, "text")) and isinstance(node, ast.Call)
            and any(_has_literal(a) for a in (*node.args, *(k.value for k in node.keywords)))]


def _sources() -> dict[str, str]:
    """The rules' modules (``texts.py``, the loader, passes keys on)."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(CONVENTIONS.glob("*.py")) if p.name != "texts.py"}


#: Files with pairs still written in code, and how many (none: a new inline pair fails the test below).
STILL_INLINE: dict[str, int] = {}


def test_every_key_the_rules_name_exists_in_both_languages():
    named = {key for source in _sources().values() for key in keys_named(source)}
    assert len(named) > 200
    for lang in LANGS:
        missing = sorted(k for k in named if TEXT_PREFIX + k not in catalog(lang))
        assert missing == [], f"{lang}: {missing}"
    for key in named:
        assert placeholders(say(key)["en"]) == placeholders(say(key)["ru"]), key


def test_every_sentence_in_the_locale_files_is_named_by_a_rule():
    named = {key for source in _sources().values() for key in keys_named(source)}
    stored = {k[len(TEXT_PREFIX):] for k in catalog("en") if k.startswith(TEXT_PREFIX)}
    assert stored == named, sorted(stored ^ named)


def test_no_inline_english_russian_pair_is_added_in_the_conventions():
    found = {name: len(inline_pairs(source)) for name, source in _sources().items() if inline_pairs(source)}
    assert found == STILL_INLINE


def test_the_checks_can_fail():
    """The finders see a pair written inline, a key spelt in a rule and a key that is not computed."""
    rule = 'def r(ctx):\n    yield f(text("Lead {card}.", "Ходите {card}."), say("leads.nope.why"))\n'
    assert inline_pairs(rule) == [2]
    assert inline_pairs('x = text(f"{a} here", "здесь")\n') == [1]
    assert inline_pairs('x = Text(en="Lead.", ru="Ход.")\n') == [1]  # the one bilingual type, by language
    assert inline_pairs("x = text(reason['en'], reason['ru'])\n") == []  # texts passed on, not written
    assert inline_pairs("x = text(reason['en'] + ' (Cavendish)', reason['ru'])\n") == [1]
    assert keys_named(rule) == ["leads.nope.why"]
    assert keys_named('say_with("advice.x.note", title=t)\n') == ["advice.x.note"]
    with pytest.raises(AssertionError, match="one key written out"):
        keys_named('say("leads." + name)\n')
    with pytest.raises(TranslationError, match="advice.leads.nope.why"):
        say("leads.nope.why")


def test_say_reads_each_text_once_in_every_language():
    first = say("leads.never_lead_king_doubleton.reason")
    assert first.to_json() == {"en": "Never lead from king doubleton.", "ru": "От короля сам-друг не ходят."}
    assert say("leads.never_lead_king_doubleton.reason") is first
