"""Translations: every label exists in English and Russian, with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import WhistError
from tutor.i18n import LANGS, TranslationError, catalog, keys, language_for_locale, pick, placeholders, t

UI_DIR = Path(__file__).resolve().parents[1] / "tutor" / "ui"


def test_every_key_exists_in_both_languages():
    """Everything a learner reads exists in English and Russian (team rule)."""
    assert keys("en") == keys("ru")
    assert len(keys("en")) > 100


def test_placeholders_match_between_languages():
    for key in keys("en"):
        assert placeholders(catalog("en")[key]) == placeholders(catalog("ru")[key]), key


def test_no_text_is_empty_or_left_in_english_in_russian():
    """A Russian label holds Cyrillic unless it is only symbols, numbers or placeholders."""
    for key in keys("ru"):
        en, ru = catalog("en")[key], catalog("ru")[key]
        assert en.strip() and ru.strip(), key
        letters = re.sub(r"\{[^}]*\}|[^A-Za-zА-Яа-яЁё]", "", ru)
        if letters:
            assert re.search(r"[А-Яа-яЁё]", ru), (key, ru)


def test_every_key_the_ui_uses_exists():
    """Keys spelled literally in tutor/ui (t("…") / tr("…")) are all in the locale files."""
    used = set()
    for path in UI_DIR.glob("*.py"):
        used |= set(re.findall(r"\btr?\(\s*\"([a-z_]+(?:\.[a-zA-Z_-]+)+)\"", path.read_text(encoding="utf-8")))
    assert used, "no keys found"
    assert used <= keys("en"), sorted(used - keys("en"))


def test_format_fills_placeholders_and_reports_missing_ones():
    assert t("progress.of", "ru", name="Анна") == "Успехи: Анна"
    with pytest.raises(TranslationError):
        t("progress.of", "en")


def test_unknown_key_and_language_are_errors():
    with pytest.raises(WhistError):
        t("no.such.key", "en")
    with pytest.raises(WhistError):
        t("nav.learn", "de")


@pytest.mark.parametrize("locale, lang", [("ru-RU", "ru"), ("ru", "ru"), ("uk_UA", "ru"), ("en-GB", "en"),
                                          ("de-DE", "en"), (None, "en"), ("", "en")])
def test_browser_locale_picks_language(locale, lang):
    assert language_for_locale(locale) == lang


@given(st.text(max_size=20))
def test_any_locale_string_gives_a_supported_language(locale):
    assert language_for_locale(locale) in LANGS


def test_pick_content_text_falls_back_to_other_language():
    assert pick({"en": "Lead", "ru": "Ход"}, "ru") == "Ход"
    assert pick({"en": "Lead", "ru": ""}, "ru") == "Lead"
    assert pick(None, "en") == ""
