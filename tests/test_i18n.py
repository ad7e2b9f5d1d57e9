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


def test_an_engine_error_says_what_happened_not_that_a_part_is_missing():
    """The engine bridge that could be missing is gone, so an engine's error is reported as what
    happened (design review §3.2); the old "not available yet" key is gone with it."""
    for lang in LANGS:
        text = t("app.engine_error", lang, error="no legal card")
        assert "no legal card" in text
        assert "not available" not in text and "недоступн" not in text
    assert "app.engine_missing" not in keys()


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


def test_a_locale_key_written_twice_is_an_error_not_a_second_wording(tmp_path, monkeypatch):
    """The locale files are read as strictly as a teacher's YAML (tutor/yamlsafe.py): a key written
    twice would silently keep the second wording, so it is refused with the line of the first."""
    import yaml

    import tutor.i18n

    (tmp_path / "en.yaml").write_text("nav:\n  learn: Learn\n  learn: Study\n", encoding="utf-8")
    monkeypatch.setattr(tutor.i18n, "_LOCALE_DIR", tmp_path)
    catalog.cache_clear()
    try:
        with pytest.raises(yaml.YAMLError, match=r"duplicate key 'learn' \(first on line 2\)"):
            catalog("en")
    finally:
        monkeypatch.undo()
        catalog.cache_clear()
    assert catalog("en")["nav.learn"]  # the shipped files read again as before


# ------------------------------------------------------------------------------------------------
# Every page, rendered, in each language: no words of the other language, no internal codes
# (issue 12, point 5). The checker is tests/langcheck.py, shared with the real-browser walk.

import sys as _sys  # noqa: E402

_sys.path.insert(0, str(Path(__file__).resolve().parent))
from langcheck import apptest_foreign, codes, foreign_words, pending, unmarked_markdown  # noqa: E402


def _ids() -> frozenset[str]:
    from tutor.conventions.catalogue import load_catalogue
    from tutor.rulesets import RULESETS

    return frozenset(m.id for m in load_catalogue()) | frozenset(r for r in RULESETS if "-" in r)


def _walk(at, lang: str) -> dict[str, list[tuple[str, str, str]]]:
    """Open every page (and the answered states of the question pages) and list what is wrong."""
    from appkit import open_page

    found: dict[str, list[tuple[str, str, str]]] = {}
    ids = _ids()
    for spec in available_pages():
        open_page(at, spec.key)
        assert not at.exception, (spec.key, [e.value for e in at.exception])
        if spec.key == "maxims":  # open every maxim (closed ones are not built)
            from tutor.conventions.catalogue import load_catalogue
            from tutor.ui.maxims import open_key

            for m in load_catalogue():
                at.session_state[open_key(m.id)] = True
            at.run()
        if spec.key in ("daily", "puzzles", "learn"):
            # answer: the right card on the daily (the evidence and its chart), a wrong one elsewhere
            # (the card faces are buttons keyed by the card: ...:card-SK; their labels are spoken names)
            want = "card-S2" if spec.key == "daily" else "card-SK"
            cards = [b for b in at.button if str(b.key or "").endswith(want) and not b.disabled]
            if cards:
                cards[0].click().run()
                assert not at.exception, (spec.key, [e.value for e in at.exception])
        hits = [(ty, w, text) for ty, w, text in apptest_foreign(at, lang, ids) if not pending(spec.key, text)]
        if hits:
            found[spec.key] = hits
    return found


from tutor.ui.nav import available_pages  # noqa: E402


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.slow(reason="3.1 s: every page in AppTest (CI runs it)")
def test_every_page_shows_only_its_language_and_no_codes(app_env, lang):
    """Each page in ru shows no Latin words, in en no Cyrillic ones, outside card names, marked
    quotes (blockquote / lang) and the allow-list of tests/langcheck.py; and no seed numbers,
    section codes, maxim or rule-set ids."""
    from appkit import start

    at = start(lang, learner="Анна" if lang == "ru" else "Ann")
    found = _walk(at, lang)
    assert not found, {k: [(ty, w, text[:120]) for ty, w, text in v[:8]] for k, v in found.items()}


def test_checker_finds_foreign_words_and_codes_and_skips_marked_text():
    """The checker itself: Latin on a Russian page is found, a marked quote and card notation are not."""
    assert foreign_words("Ход с короля, see Cavendish", "ru") == ["see", "Cavendish"]
    assert foreign_words("Lead the king, «всегда»", "en") == ["всегда"]
    assert foreign_words(unmarked_markdown('Lead <span lang="ru">«всегда»</span>\n> Каждый игрок'), "en") == []
    assert foreign_words("Сдача N:AQ5.AK42.T73.J84 ♠К", "ru") == []
    assert codes("see 000 REC 8 and 002") == ["000", "REC 8", "002"]


@pytest.fixture
def app_env(tmp_path, monkeypatch):
    from appkit import PUZZLES, write_content

    content = write_content(tmp_path / "content")
    # the lead puzzle only: it is the daily puzzle on every date, so the walk sees its evidence chart
    (content / "puzzles" / "basics.yaml").write_text(PUZZLES.split("  - id: follow-hearts")[0], encoding="utf-8")
    monkeypatch.setenv("WHIST_TUTOR_CONTENT_DIR", str(tmp_path / "content"))
    monkeypatch.setenv("WHIST_TUTOR_DB", str(tmp_path / "progress.db"))
    monkeypatch.setenv("WHIST_TUTOR_SAMPLES", "4")
    monkeypatch.delenv("WHIST_TUTOR_WORKSHOP_DIR", raising=False)
    return tmp_path


# ------------------------------------------------------------------------------------------------
# Sources by their names (issue 12, point 5): "000 LST 3" is shown as the seed's title and section.


def test_seed_source_is_named_by_title_and_section_in_the_page_language():
    from tutor.content.sources import source_html
    from tutor.conventions.catalogue import Source

    src = Source(seed="000", section="Ходы, масти, козыри", item=3)
    en, ru = source_html(src, "en"), source_html(src, "ru")
    assert "000" not in en and "000" not in ru
    # the section in the page's language (issue 12: "the book's title and section, in the page's language")
    assert en == t("cite.seed_item", "en", book=t("cite.seed_000", "en"), section="“Leads, suits, trumps”", item="3")
    assert ru == t("cite.seed_item", "ru", book=t("cite.seed_000", "ru"), section="«Ходы, масти, козыри»", item="3")
    assert 'lang="uk"' in source_html(Source(seed="002", section="Віст"), "ru")


def test_book_source_is_marked_english_on_a_russian_page():
    from tutor.content.sources import source_html
    from tutor.conventions.catalogue import Source

    src = Source(book="An unknown Whist Manual", chapter="the leads")
    assert source_html(src, "ru") == '<span lang="en">An unknown Whist Manual</span>'
    assert source_html(src, "en") == "An unknown Whist Manual, the leads"
    # a book with a Russian name is named in Russian (by the author's short name, as everywhere)
    pole = Source(book="W. Pole, The Theory of Whist", chapter="ch. 3, the leads")
    assert (source_html(pole, "ru"), source_html(pole, "en")) == ("Пол, гл. 3", "Pole, ch. 3")


@pytest.mark.parametrize("text, lang, gone, shown", [
    ("the first discard (000 HNT 14)", "en", "HNT", "“Hints and signals”, item 14"),
    ("see 000 REC 8", "ru", "REC", "«Правила записи», п. 8"),
    ("(000 Leads §10)", "en", "§10", "“Leads, suits, trumps”, item 10"),
    ("(LST 15)", "ru", "LST", "«Ходы, масти, козыри», п. 15"),
    ("(001 §9)", "en", "001", "the Russian rules of whist, § 9"),
    ("набор правил «american»", "ru", "american", "«Американский вист»"),
])
def test_inline_citations_and_rule_set_ids_are_named(text, lang, gone, shown):
    from tutor.content.sources import named_sources

    out = named_sources(text, lang)
    assert gone not in out and shown in out, out


def test_a_quoted_word_of_the_other_language_is_marked():
    from tutor.content.sources import mark_foreign

    assert mark_foreign("first discard «всегда» weak", "en") == 'first discard <span lang="ru">«всегда»</span> weak'
    assert mark_foreign("у Кавендиша («Whist Developments»)", "ru") == \
        'у Кавендиша (<span lang="en">«Whist Developments»</span>)'
    assert mark_foreign("a <b> & c", "en") == "a &lt;b&gt; &amp; c"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.slow(reason="1.4 s: every rule set's page (CI runs it)")
def test_rules_page_names_every_rule_sets_sources_without_codes(app_env, lang):
    """Each rule set's source, revoke law and variant notes name the seeds by their titles (no
    "000 REC 8", no command-line flags), a book's English title marked on a Russian page."""
    from appkit import open_page, start
    from tutor.rulesets import RULESET_NAMES
    from tutor.ui import state

    at = start(lang)
    open_page(at, "rules")
    for name in RULESET_NAMES:
        at.selectbox(key=state.RULES_SET).set_value(name).run()
        assert not at.exception
        assert apptest_foreign(at, lang, _ids()) == [], name
        shown = " ".join(str(c.value) for c in at.caption)
        assert t("rules.source", lang) in shown and not re.search(r"\b00[0-4]\b", shown), shown


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_partner_draw_is_worded_from_the_locales_with_its_source_by_name(lang):
    """The Play page's partnership draw (tutor/session.py PartnerDraw): the page's language only,
    the seed named as a book, never "000"."""
    from tutor.session import Session, SessionOptions

    text = Session(SessionOptions(samples=2, seed=3)).draw.describe(lang)
    assert text.startswith(t("play.draw_text", lang, drawn="", a="", b="", deals="", source="").split(":")[0])
    assert foreign_words(text, lang) == [] and codes(text) == [], text
    assert t("cite.seed_000", lang) in text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_maxim_note_marks_the_quote_with_its_language_and_names_the_source(lang):
    from tutor.conventions.catalogue import get_maxim
    from tutor.ui.components import maxim_note

    note = maxim_note("king-third-lead-small", lang)
    assert f'<blockquote lang="{get_maxim("king-third-lead-small").quote_lang}">' in note
    assert foreign_words(unmarked_markdown(note), lang) == [] and codes(unmarked_markdown(note)) == [], note
    assert t("cite.seed_000", lang) in note
