"""The evidence store (issue 15): keys, atomic files, cache hits, bit-identical results in any
task order, and the evidence shipped with the content."""

from __future__ import annotations

import os

import pytest

import tutor.evidence_store as es
from tutor.analyse import collect, plan, run_analysis
from tutor.evidence_store import (
    BLOCK,
    SHIPPED_DIR,
    EvidenceSpec,
    EvidenceStore,
    EvidenceStoreError,
    default_store,
    evidence_for,
)

HAND = "KJ4.AQ32.T98.765"


def spec(hand: str = HAND, trump: str = "C2", **kw) -> EvidenceSpec:
    args = {"answer": "S4", "maxims": ["king-third-lead-small"], "samples": 20, "seed": 0}
    args.update(kw)
    return EvidenceSpec.of(hand, trump, **args)


SPECS = [
    spec(),
    spec(answer="DT", samples=25, seed=3),
    EvidenceSpec.of("AQ3.KJ4.T98.7652", "H4", answer="D8", maxims=["king-third-lead-small"], dealer="S",
                    played="W:DK D4 D3", samples=20, seed=1),  # a card to a trick in progress
]


def store_bytes(root) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in EvidenceStore(root).files()}


def no_solving(monkeypatch):
    def boom(*a, **k):
        raise AssertionError("solved layouts that were stored")

    monkeypatch.setattr(es, "solve_blocks", boom)


# -- keys ----------------------------------------------------------------------------------------
def test_key_changes_with_samples_seed_system_rules_and_the_card():
    base = spec()
    others = [spec(samples=30), spec(seed=1), spec(system="english"), spec(rules="english-short"),
              spec(answer="DT"), spec(maxims=["lead-top-of-sequence"])]
    keys = {base.key} | {o.key for o in others}
    assert len(keys) == 1 + len(others)


def test_table_key_changes_with_samples_and_seed_but_not_with_system_or_card():
    """The solved table depends on the position, samples and seed only: a new system, card or
    engine needs a new comparison, not new solving."""
    base = spec()
    assert spec(samples=30).table_key != base.table_key and spec(seed=1).table_key != base.table_key
    assert spec(system="english").table_key == spec(answer="DT").table_key == base.table_key


def test_two_spellings_of_one_item_share_their_evidence():
    assert spec().key == EvidenceSpec.of("♠KJ4 ♥AQ32 ♦T98 ♣765", "♣2", answer="♠4",
                                         maxims=["king-third-lead-small"], samples=20).key


def test_engine_version_is_part_of_the_key(monkeypatch):
    before = spec().key
    monkeypatch.setattr(es, "_engine_digest", lambda: "00000000")
    assert spec().key != before and spec().table_key == spec().table_key


def test_too_few_samples_is_an_error():
    with pytest.raises(EvidenceStoreError, match="at least 2 samples"):
        spec(samples=1)


# -- files ---------------------------------------------------------------------------------------
def test_cache_hit_solves_nothing(tmp_path, monkeypatch):
    store = EvidenceStore(tmp_path)
    first = evidence_for(SPECS[0], store)
    no_solving(monkeypatch)
    assert evidence_for(SPECS[0], store) == first
    assert first["samples"] == 20 and first["comparison"]["advice"] == "S4"
    assert len(first["leads"]) == 13 and first["comparison"]["best"] == first["leads"][0]["card"]


def test_write_is_atomic_a_failed_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path, monkeypatch):
    store = EvidenceStore(tmp_path)
    s = SPECS[0]
    record = evidence_for(s, store)
    path = tmp_path / "items" / f"{s.key}.json"
    old = path.read_bytes()

    def crash(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(EvidenceStoreError, match="cannot write .*no space left on device"):
        store.put(s, store.get_table(s), dict(record, seed=99))
    assert path.read_bytes() == old
    assert [p.name for p in tmp_path.rglob("*") if p.is_file() and p.suffix != ".json"] == []


def test_a_damaged_file_is_computed_again(tmp_path):
    store = EvidenceStore(tmp_path)
    good = evidence_for(SPECS[0], store)
    (tmp_path / "items" / f"{SPECS[0].key}.json").write_text('{"key": "half a fi', encoding="utf-8")
    assert store.get(SPECS[0]) is None
    assert evidence_for(SPECS[0], store) == good


def test_an_engine_change_rebuilds_the_comparison_from_the_stored_table(tmp_path, monkeypatch):
    store = EvidenceStore(tmp_path)
    before = evidence_for(SPECS[0], store)
    monkeypatch.setattr(es, "_engine_digest", lambda: "00000000")
    no_solving(monkeypatch)
    after = evidence_for(SPECS[0], store)
    assert after["leads"] == before["leads"] and after["key"] != before["key"]


def test_fallback_is_read_but_never_written(tmp_path, monkeypatch):
    shipped, mine = tmp_path / "shipped", tmp_path / "mine"
    evidence_for(SPECS[0], EvidenceStore(shipped))
    shipped_files = store_bytes(shipped)
    no_solving(monkeypatch)
    store = EvidenceStore(mine, fallbacks=[shipped])
    assert evidence_for(SPECS[0], store)["key"] == SPECS[0].key
    assert store_bytes(shipped) == shipped_files and not mine.exists()


def test_unwritable_store_still_gives_the_evidence_to_the_app(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    store = EvidenceStore(blocker / "evidence")
    assert evidence_for(SPECS[0], store, strict=False)["samples"] == 20
    with pytest.raises(EvidenceStoreError, match="cannot write"):
        evidence_for(SPECS[0], store)


def test_default_store_is_the_env_folder_then_the_shipped_one_then_the_librarys(tmp_path, monkeypatch):
    """The user's evidence first, then the shipped items', then the puzzle library's (issue 26:
    library/evidence, beside the library it proves)."""
    from tutor.content.loader import REPO_ROOT

    monkeypatch.delenv("WHIST_TUTOR_CONTENT_DIR", raising=False)
    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(tmp_path))
    store = default_store()
    assert store.root == tmp_path and store.fallbacks == (SHIPPED_DIR, REPO_ROOT / "library" / "evidence")
    monkeypatch.delenv("WHIST_TUTOR_EVIDENCE_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_store().root == tmp_path / "xdg" / "whist-tutor" / "evidence"


# -- the same bytes however it is computed ---------------------------------------------------------
@pytest.mark.slow(reason="analyses the same items serially, shuffled and at three task sizes (6 s of CPU); "
                         "the fast loop keeps one analyse run: test_the_app_computes_the_same_evidence_as_analyse")
def test_serial_shuffled_and_any_task_size_give_identical_stores(tmp_path):
    run_analysis(SPECS, EvidenceStore(tmp_path / "a"), workers=1)
    run_analysis(SPECS, EvidenceStore(tmp_path / "b"), workers=1, shuffle=7, task_size=BLOCK)
    run_analysis(SPECS, EvidenceStore(tmp_path / "c"), workers=1, shuffle=11, task_size=3 * BLOCK)
    a = store_bytes(tmp_path / "a")
    assert len(a) == 2 * len(SPECS)
    assert store_bytes(tmp_path / "b") == a == store_bytes(tmp_path / "c")


@pytest.mark.slow(reason="2.3 s: solves layouts twice (CI runs it)")
def test_the_app_computes_the_same_evidence_as_analyse(tmp_path):
    """The app (:func:`evidence_for`, block by block) and ``tutor analyse`` (tasks) write the same bytes."""
    for s in SPECS:
        evidence_for(s, EvidenceStore(tmp_path / "app"))
    run_analysis(SPECS, EvidenceStore(tmp_path / "cli"), workers=1, shuffle=1)
    assert store_bytes(tmp_path / "app") == store_bytes(tmp_path / "cli")


@pytest.mark.slow(reason="1.7 s: solves layouts (CI runs it)")
def test_a_rerun_computes_only_what_is_missing(tmp_path):
    store = EvidenceStore(tmp_path)
    first = run_analysis(SPECS, store, workers=1)
    assert (first.computed, first.cached) == (3, 0)
    (tmp_path / "items" / f"{SPECS[1].key}.json").unlink()
    (tmp_path / "tables" / f"{SPECS[1].table_key}.json").unlink()
    again = run_analysis(SPECS, store, workers=1)
    assert (again.items, again.computed, again.cached, again.layouts) == (3, 1, 2, 25)


def test_tasks_are_whole_blocks_of_one_item():
    tasks = plan(SPECS, task_size=20)
    assert sum(t.layouts for t in tasks) == 65
    assert all(len(t.blocks) <= 2 for t in tasks) and len({t.name for t in tasks}) == len(tasks)


# -- what ships ------------------------------------------------------------------------------------
@pytest.mark.slow(reason="1.5 s: reads the evidence of the whole library (CI runs it)")
def test_shipped_content_ships_its_solved_evidence(monkeypatch):
    """Every lead/play puzzle and lesson exercise of the shipped content has its solved table in
    tutor/content/evidence, so a fresh install never waits (after a content change run
    ``python -m tutor analyse --store tutor/content/evidence --prune``)."""
    monkeypatch.delenv("WHIST_TUTOR_CONTENT_DIR", raising=False)
    shipped = EvidenceStore(SHIPPED_DIR)
    missing = [s.hand for s in collect() if shipped.get_table(s) is None]
    assert missing == [], f"{len(missing)} items have no shipped evidence: run python -m tutor analyse --store tutor/content/evidence --prune"


@pytest.mark.slow(reason="1.0 s: copies and hashes the rules (CI runs it)")
def test_engine_digest_is_remembered_until_a_rules_file_changes(tmp_path, monkeypatch):
    """The app's first evidence must not wait for the rules' code to be parsed: the digest is kept
    beside the store with the hashes of the files, and computed again when one changes."""
    import tutor.conventions.figures as figures

    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(tmp_path))
    monkeypatch.setattr(es, "SHIPPED_MEMO", "no-such-memo.json")  # the user's memo, not the shipped one
    real = es._engine_digest.__wrapped__()
    assert real == figures.engine_digest() and (tmp_path / ".engine-digest.json").exists()
    monkeypatch.setattr(figures, "engine_digest", lambda: "changed!")
    assert es._engine_digest.__wrapped__() == real  # remembered: not computed again
    monkeypatch.setattr(es, "_rules_signature", lambda: [["advice.py", 1, 2]])
    assert es._engine_digest.__wrapped__() == "changed!"


def test_a_fresh_install_reads_the_engine_digest_from_the_shipped_memo(tmp_path, monkeypatch):
    """No user memo yet (a fresh install): the digest comes from the memo shipped beside the
    shipped evidence, so the first daily answer does not parse the rules' code (bench_first_daily)."""
    import tutor.conventions.figures as figures

    monkeypatch.setenv("WHIST_TUTOR_EVIDENCE_DIR", str(tmp_path / "fresh"))
    monkeypatch.setattr(figures, "engine_digest", lambda: pytest.fail("parsed the rules on a fresh install"))
    assert es._engine_digest.__wrapped__() == es._memo_digest(es.SHIPPED_DIR / es.SHIPPED_MEMO, es._rules_signature())


def test_the_shipped_engine_digest_memo_names_the_current_rules():
    import tutor.conventions.figures as figures

    shipped = es._memo_digest(es.SHIPPED_DIR / es.SHIPPED_MEMO, es._rules_signature())
    assert shipped == figures.engine_digest(), (
        "the shipped memo is stale: run python -m tutor analyse --store tutor/content/evidence --prune")
