"""The maxims catalogue: every fixed id present, every seed quote verbatim, loud failures on bad data.

The catalogue is what the tutor cites when it explains a card, so a quote that is not really in the
seed, a missing translation or a silently dropped duplicate would put words in the sources' mouths.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.conventions.catalogue import (
    CATEGORIES,
    SEED_SECTIONS,
    SYSTEMS,
    Catalogue,
    CatalogueError,
    Maxim,
    Source,
    UnknownMaximError,
    check_ids,
    cite,
    get_maxim,
    load_catalogue,
    parse_catalogue,
)
from tutor.errors import WhistError
from tutor.text import Text
from tutor.vocab import VocabularyError

# The fixed ids of /work/shared/maxims.md, in its order (copied so the test does not read ../shared).
MAXIMS_MD_IDS = (
    "king-third-lead-small", "never-lead-king-doubleton", "ace-small-lead-small", "ace-fifth-lead-ace",
    "ace-king-lead-king", "coronka-lead-queen", "quart-major-lead-king", "top-of-touching-honours",
    "strong-suit-top-or-bottom", "avoid-queen-third", "doubleton-honour-shows-weakness",
    "lead-long-suit", "never-lead-ace-queen", "never-lead-singleton", "lead-trumps-with-four-or-five",
    "few-trumps-wait-for-call", "lead-highest-trump", "draw-trumps-for-strong-suit",
    "lead-trumps-when-opponents-ruff", "avoid-suit-opponents-void", "no-thirteenth-card-before-trumps-out",
    "return-partners-suit", "own-strong-suit-first", "never-return-opponents-suit", "lead-into-partners-void",
    "crossruff-with-partner", "first-discard-shows-weak-suit",
    "must-follow-suit", "third-hand-high", "win-with-lower-of-equals", "do-not-overtake-partners-king",
    "ace-over-partners-queen", "second-hand-low", "cover-honour-with-honour", "do-not-ruff-partners-winner",
    "ruff-with-short-trumps", "do-not-ruff-thirteenth-unless-last", "discard-from-weakest-suit",
    "call-for-trumps", "make-the-call", "answer-the-call", "echo-the-call", "forced-high-card-is-not-a-call",
    "honours-five", "coronka", "slam-bonus", "leve-below-line", "partie-and-robber", "honours-english-short",
    "revoke-penalty-russian", "revoke-penalty-american", "exposed-card", "lead-out-of-turn",
    "look-at-last-trick",
)

REPO = Path(__file__).resolve().parents[1]
_SEED_DIRS = (REPO.parent / "shared" / "seeds", Path("/work/shared/seeds"))
SEEDS = next((d for d in _SEED_DIRS if d.is_dir()), None)
needs_seeds = pytest.mark.skipif(SEEDS is None, reason="seed texts not found in ../shared/seeds or /work/shared/seeds")

CAT = load_catalogue()
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def seed_text(seed: str) -> str:
    assert SEEDS is not None
    files = sorted(SEEDS.glob(f"{seed}_*.txt"))
    assert len(files) == 1, f"seed {seed}: expected one file, found {files}"
    return files[0].read_text(encoding="utf-8")


def cited_passage(text: str, source: Source) -> str:
    """The part of a seed that ``source`` points at: the whole file, a section, or one numbered item.

    A section starts at the line holding its heading (a line of its own, or ``Heading. text`` as in
    seed 004); an item is the line ``N. …`` of that section up to item N+1 or the next section's ``1.``.
    """
    if source.section is None:
        return text
    lines = text.split("\n")
    heads = [i for i, line in enumerate(lines)
             if line.strip() == source.section or line.startswith(source.section + ".")]
    assert heads, f"seed {source.seed} has no section heading {source.section!r}"
    start = heads[0]
    if source.item is None:
        return "\n".join(lines[start:])
    first_seen = False
    for j in range(start + 1, len(lines)):
        if lines[j].startswith("1. "):
            if first_seen and source.item != 1:
                break
            first_seen = True
        if lines[j].startswith(f"{source.item}. "):
            break
    else:
        j = len(lines)
    assert j < len(lines) and lines[j].startswith(f"{source.item}. "), (
        f"seed {source.seed} section {source.section!r} has no item {source.item}")
    end = next((k for k in range(j + 1, len(lines))
                if lines[k].startswith(f"{source.item + 1}. ") or lines[k].startswith("1. ")), len(lines))
    return "\n".join(lines[j:end])


def minimal_entry(mid: str = "sample-maxim", **overrides: object) -> dict:
    entry = {
        "id": mid,
        "systems": ["russian"],
        "category": "lead-card",
        "source": {"seed": "000", "section": "Ходы, масти, козыри", "item": 3},
        "quote": "Имея короля сам-третей",
        "quote_lang": "ru",
        "title": {"en": "A title", "ru": "Заголовок"},
        "text": {"en": "Some advice.", "ru": "Совет."},
    }
    entry.update(overrides)
    return entry


def write_catalogue(tmp_path: Path, entries: list[dict]) -> Path:
    path = tmp_path / "catalogue.yaml"
    path.write_text(yaml.safe_dump({"maxims": entries}, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------- completeness


def test_every_maxims_md_id_is_catalogued_in_order() -> None:
    """Every fixed id of maxims.md exists, in the order of maxims.md (new ids may only be added)."""
    ids = CAT.ids()
    assert set(MAXIMS_MD_IDS) <= set(ids), sorted(set(MAXIMS_MD_IDS) - set(ids))
    assert [i for i in ids if i in MAXIMS_MD_IDS] == list(MAXIMS_MD_IDS)


def test_ids_are_kebab_case_and_unique() -> None:
    ids = CAT.ids()
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)


@pytest.mark.parametrize("mid", MAXIMS_MD_IDS)
def test_both_languages_present(mid: str) -> None:
    """Everything a learner reads exists in English and Russian (the Russian really in Cyrillic)."""
    m = get_maxim(mid)
    for field in (m.title, m.text, m.differences):
        if field:
            assert isinstance(field, Text)  # both languages, by construction
            assert field["en"].strip() and field["ru"].strip()
            assert CYRILLIC.search(field["ru"]), f"{mid}: Russian text has no Cyrillic: {field['ru']!r}"
    assert not CYRILLIC.search(m.title["en"]), f"{mid}: English title is not English"
    assert m.title_in("ru") == m.title["ru"] and m.text_in("en") == m.text["en"]


def test_categories_and_systems_are_known_and_cover_the_tables() -> None:
    """Each table of maxims.md maps to one category; all of them are populated."""
    for m in CAT:
        assert m.category in CATEGORIES and set(m.systems) <= set(SYSTEMS)
    assert sum(len(CAT.by_category(c)) for c in CATEGORIES) == len(CAT)
    assert all(CAT.by_category(c) for c in CATEGORIES)
    assert {m.id for m in CAT.by_category("law")} == {
        "revoke-penalty-russian", "revoke-penalty-american", "exposed-card", "lead-out-of-turn", "look-at-last-trick",
        # the cut for the deal under each seed's custom (000, 001, 003; issue 25)
        "cut-lowest-deals", "cut-low-plays-with-low", "cut-highest-deals-house", "draw-ace-low-at-the-club",
        "draw-four-highest-play",
        # Humbug's exchange (002 «Козирем користується здає, але якщо він надумає змінити карти, то позбавляється його»)
        "humbug-exchange-by-count"}


def test_for_system_separates_russian_and_english_leads() -> None:
    """000 LST 7: top or bottom of a strong suit is russian only; Cavendish's jack from A-K-Q-J of
    trumps english only; second hand low (EB1911) applies in both systems."""
    russian = {m.id for m in CAT.for_system("russian")}
    english = {m.id for m in CAT.for_system("english")}
    assert "strong-suit-top-or-bottom" in russian and "strong-suit-top-or-bottom" not in english
    assert "quart-major-in-trumps-lead-knave" in english and "quart-major-in-trumps-lead-knave" not in russian
    # content review E-11: the Russian sources are silent on the echo; the tutor uses it in both systems.
    assert "echo-the-call" in english and "echo-the-call" in russian
    assert "thirteenth-card-by-leaders-trumps" in english and "thirteenth-card-by-leaders-trumps" not in russian
    assert {"second-hand-low", "must-follow-suit"} <= russian & english
    assert get_maxim("honours-english-short").applies_to("english")
    assert not get_maxim("honours-english-short").applies_to("russian")


def test_also_names_existing_other_maxims() -> None:
    for m in CAT:
        assert m.id not in m.also
        check_ids(m.also)


# ---------------------------------------------------------------------------------- sources


def _seed_maxims() -> list[Maxim]:
    return [m for m in CAT if m.source.is_seed]


@needs_seeds
@pytest.mark.parametrize("m", _seed_maxims(), ids=lambda m: m.id)
def test_seed_quote_is_verbatim_in_the_cited_paragraph(m: Maxim) -> None:
    """The quote is copied exactly from the seed, and sits in the very section and item cited."""
    text = seed_text(m.source.seed)  # type: ignore[arg-type]
    assert m.quote in text, f"{m.id}: quote not found verbatim in seed {m.source.seed}"
    assert m.quote in cited_passage(text, m.source), f"{m.id}: quote is not in {m.cite('en')}"
    assert m.quote_lang == ("uk" if m.source.seed == "002" else "ru")
    assert not m.paraphrase


@needs_seeds
def test_every_seed_reference_points_at_a_real_section_and_item() -> None:
    """Main and further (``see``) seed sources name headings and items that exist in the seed files."""
    checked = 0
    for m in CAT:
        for source in (m.source, *m.see):
            if source.is_seed:
                assert cited_passage(seed_text(source.seed), source)  # type: ignore[arg-type]
                checked += 1
    assert checked > len(_seed_maxims())


def test_seed_sections_use_the_exact_headings_of_seed_000() -> None:
    """maxims.md's LST / HNT / REC are the 000 sections "Ходы, масти, козыри", "Намеки и подсказки", "Правила записи"."""
    used = {m.source.section for m in CAT if m.source.seed == "000"}
    assert set(SEED_SECTIONS.values()) <= used
    assert get_maxim("coronka-lead-queen").source == Source(seed="000", section="Намеки и подсказки", item=11)
    assert get_maxim("king-third-lead-small").source == Source(seed="000", section="Ходы, масти, козыри", item=3)


def test_book_sources_are_marked_as_english_paraphrases() -> None:
    books = [m for m in CAT if not m.source.is_seed]
    assert {"second-hand-low", "cover-honour-with-honour", "discard-from-weakest-suit", "call-for-trumps"} <= {
        m.id for m in books}
    for m in books:
        assert m.paraphrase and m.quote_lang == "en" and m.source.book
        assert not re.search(r"\bp\.\s*\d|\bpage\s+\d", m.cite("en")), f"{m.id}: no page numbers"


def test_cite_formats_seed_and_book_sources() -> None:
    """The one-line citation used by the app: 000 «Ходы, масти, козыри» 3 (000 LST 3)."""
    assert cite("king-third-lead-small", "ru") == "000 «Ходы, масти, козыри» 3"
    assert cite("king-third-lead-small", "en") == "000 “Ходы, масти, козыри” 3"
    assert cite("revoke-penalty-american") == "004 “Ренонсирование”"
    assert cite("second-hand-low").startswith("Cavendish, The Laws and Principles of Whist, 18th ed. (1889)")
    with pytest.raises(VocabularyError, match=r"unknown language 'de' \(use one of: en, ru\)"):
        cite("king-third-lead-small", "de")


def test_differences_state_where_the_systems_part() -> None:
    """000 LST 7 (top or bottom) against the English fourth-best lead."""
    diff = get_maxim("strong-suit-top-or-bottom").differences_in("en")
    assert diff is not None and "fourth best" in diff
    assert get_maxim("king-third-lead-small").differences_in("ru") is None


# ---------------------------------------------------------------------------------- lookups


def test_unknown_id_raises_unknown_maxim_error_naming_it() -> None:
    with pytest.raises(UnknownMaximError, match="no-such-maxim") as info:
        get_maxim("no-such-maxim")
    assert isinstance(info.value, WhistError) and info.value.ids == ("no-such-maxim",)
    with pytest.raises(UnknownMaximError, match="'typo-one', 'typo-two'") as info:
        check_ids(["third-hand-high", "typo-one", "typo-two", "typo-one"])
    assert info.value.ids == ("typo-one", "typo-two")
    assert check_ids(["third-hand-high", "coronka"]) == ("third-hand-high", "coronka")
    assert "no-such-maxim" not in CAT and "coronka" in CAT and 3 not in CAT


def test_catalogue_is_cached_and_immutable() -> None:
    assert load_catalogue() is CAT
    m = get_maxim("third-hand-high")
    with pytest.raises(dataclasses.FrozenInstanceError):
        m.category = "law"  # type: ignore[misc]
    with pytest.raises(TypeError):
        m.title["en"] = "changed"  # type: ignore[index]
    assert repr(m) == "get_maxim('third-hand-high')" and eval(repr(m)) is m


def test_unknown_category_or_system_query_is_refused() -> None:
    with pytest.raises(CatalogueError, match="unknown category 'bidding'"):
        CAT.by_category("bidding")
    with pytest.raises(VocabularyError, match=r"unknown convention system 'acol' \(use one of: russian, english\)"):
        CAT.for_system("acol")


# ---------------------------------------------------------------------------------- loud failures


def test_a_valid_temporary_catalogue_loads(tmp_path: Path) -> None:
    cat = load_catalogue(write_catalogue(tmp_path, [minimal_entry("one"), minimal_entry("two", also=["one"])]))
    assert cat.ids() == ("one", "two") and cat.get("two").also == ("one",)


def test_duplicate_id_is_an_error(tmp_path: Path) -> None:
    path = write_catalogue(tmp_path, [minimal_entry("twice"), minimal_entry("twice")])
    with pytest.raises(CatalogueError, match="duplicate maxim id 'twice'"):
        load_catalogue(path)


def test_duplicate_yaml_key_is_an_error(tmp_path: Path) -> None:
    """PyYAML would silently keep the second value; the loader refuses and names the line."""
    path = tmp_path / "dup.yaml"
    path.write_text(
        "maxims:\n"
        "- id: dup-key\n"
        "  systems: [russian]\n"
        "  category: lead-card\n"
        "  category: law\n",
        encoding="utf-8",
    )
    with pytest.raises(CatalogueError, match=r"dup\.yaml:5: duplicate key 'category' \(first on line 4\)"):
        load_catalogue(path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"category": "bidding"}, "unknown category 'bidding'"),
        ({"systems": []}, "systems must be a non-empty list"),
        ({"title": {"en": "Only English"}}, "title is missing language 'ru'"),
        ({"text": {"en": "x", "ru": "  "}}, "text is missing language 'ru'"),
        ({"differences": {"ru": "только русский"}}, "differences is missing language 'en'"),
        ({"quote_lang": "de"}, "unknown quote_lang 'de'"),
        ({"also": ["nowhere"]}, "unknown maxim ids: sample-maxim -> 'nowhere'"),
        ({"source": {"book": "Cavendish"}}, "book source needs an English paraphrase"),
        ({"source": {"seed": 0}}, "seed must be a quoted string"),
        ({"source": {"seed": "000", "chapter": "x"}}, "a seed source has a section, not a chapter"),
        ({"paraphrase": True}, "a seed source is quoted verbatim"),
        ({"id": "Not Kebab"}, "id must be kebab-case"),
        ({"colour": "red"}, "unknown field"),
    ],
)
def test_malformed_entry_fails_loudly(tmp_path: Path, change: dict, message: str) -> None:
    with pytest.raises(CatalogueError, match=re.escape(message)):
        load_catalogue(write_catalogue(tmp_path, [minimal_entry(**change)]))


def test_an_entrys_unknown_system_is_read_by_the_one_parse_and_names_the_entry(tmp_path: Path) -> None:
    """Issue 22 point 3: a system is read by ``vocab.parse_system`` wherever it comes from -- the
    catalogue file too, whose error stays the file's CatalogueError with the entry's id in front
    of the vocabulary's one message; a system's case does not matter."""
    with pytest.raises(CatalogueError, match=r"sample-maxim: unknown convention system 'acol' \(use one of: russian, english\)"):
        load_catalogue(write_catalogue(tmp_path, [minimal_entry(systems=["russian", "acol"])]))
    assert load_catalogue(write_catalogue(tmp_path, [minimal_entry(systems=["English"])]))["sample-maxim"].systems == ("english",)


@pytest.mark.parametrize("field", ["id", "systems", "category", "source", "quote", "quote_lang", "title", "text"])
def test_missing_field_fails_loudly(tmp_path: Path, field: str) -> None:
    entry = minimal_entry()
    del entry[field]
    with pytest.raises(CatalogueError, match=field if field != "id" else "kebab-case"):
        load_catalogue(write_catalogue(tmp_path, [entry]))


def test_complex_yaml_key_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "complex.yaml"
    path.write_text("maxims:\n- ? [a, b]\n  : value\n", encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"complex\.yaml:2: a mapping key must be a plain value"):
        load_catalogue(path)


def test_edited_file_is_reloaded(tmp_path: Path) -> None:
    """The cache follows the file, so the teachers' workshop sees an edit at once."""
    path = write_catalogue(tmp_path, [minimal_entry("first")])
    assert load_catalogue(path).ids() == ("first",)
    assert load_catalogue(path) is load_catalogue(path)
    path.write_text(path.read_text(encoding="utf-8") + "- id: second-one\n", encoding="utf-8")
    with pytest.raises(CatalogueError, match="second-one: missing field"):
        load_catalogue(path)


def test_maxims_are_hashable_values() -> None:
    chosen = {get_maxim("third-hand-high"), get_maxim("third-hand-high"), get_maxim("coronka")}
    assert len(chosen) == 2


def test_missing_file_is_a_catalogue_error(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match="cannot read the catalogue"):
        load_catalogue(tmp_path / "absent.yaml")


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
@pytest.mark.slow(reason="2.3 s: hypothesis over the catalogue parser (CI runs it)")
def test_parser_never_crashes_on_arbitrary_text(text: str) -> None:
    """Whatever a teacher types, parsing ends in a Catalogue or a CatalogueError, never a traceback."""
    try:
        result = parse_catalogue(text)
    except CatalogueError:
        return
    assert isinstance(result, Catalogue)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.fixed_dictionaries(
            {
                "id": st.sampled_from(["a", "b-c", "B", "d e", ""]),
                "systems": st.lists(st.sampled_from(["russian", "english", "x"]), max_size=3),
                "category": st.sampled_from([*CATEGORIES, "other"]),
                "title": st.dictionaries(st.sampled_from(["en", "ru", "fr"]), st.text(max_size=5), max_size=3),
            }
        ),
        max_size=4,
    )
)
def test_parser_reports_structured_garbage_as_catalogue_error(entries: list[dict]) -> None:
    """Entries with random ids, systems, categories and titles are loaded or refused with CatalogueError."""
    text = yaml.safe_dump({"maxims": [minimal_entry(**e) for e in entries]}, allow_unicode=True)
    try:
        cat = parse_catalogue(text)
    except CatalogueError:
        return
    assert len(cat) == len(entries)


def test_every_card_play_maxim_states_its_scope() -> None:
    """A maxim is read as a strong player reads it -- with its scope (plain suit or trumps,
    which hand, how many cards), so every card-play maxim of the catalogue states it in en and ru."""
    from tutor.conventions.catalogue import CARD_PLAY

    missing = [m.id for m in CAT if m.category in CARD_PLAY and not (m.scope_in("en") and m.scope_in("ru"))]
    assert missing == []


def test_overriding_maxims_exist_and_differ() -> None:
    """overridden_by names other maxims of the catalogue (never the maxim itself)."""
    for m in CAT:
        assert m.id not in m.overridden_by
        assert all(o in CAT for o in m.overridden_by)
