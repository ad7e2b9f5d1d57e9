"""Seed citations in texts, read by a parse that knows numbers (walkthrough defect 6): the Maxims
page read «+0,47 взятки … (±0,02), 1 русское руководство по висту позиций» -- the «000» of
«1 000 позиций» (Babel's Russian grouping) was taken for seed 000 by the citation pattern.

A citation is ``000 LST 3``, ``000 «Правила записи» 8``, ``HNT 14`` or a bare ``002`` (the shared
docs' form, ``shared/design.md``); a number is digits in groups of three («1 000», "1,000") or
with a decimal part («0,47»). Property tests: every number the pages print keeps its digits, and
every citation written by ``Citation.__str__`` is read back as itself."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tutor.content.sources import Citation, citations, named_sources, plain_citations, seed_book
from tutor.conventions.catalogue import SEED_SECTIONS
from tutor.locale_fmt import integer, number, signed

_WORDS = st.sampled_from(["позиций", "positions", "взятки", "tricks", "из", "over", "(", ")", ";", ",", "—"])


def test_the_thousands_of_a_russian_number_are_no_seed():
    text = "В открытую: +0,47 взятки против карт (±0,02), 1\u00a0000 позиций; карта правила лучшая в 92 % из них."
    assert plain_citations(text, "ru") == text
    assert "1\u00a0000 позиций" in named_sources(text, "ru")
    assert "руководство" not in named_sources(text, "ru")


def test_a_citation_beside_a_number_is_still_read():
    text = "1\u00a0000 позиций (000 LST 3), 2\u00a0004 раскладов; 002"
    found = [c for _, _, c in citations(text)]
    assert found == [Citation("000", SEED_SECTIONS["LST"], "3"), Citation("002")]
    out = plain_citations(text, "ru")
    assert "1\u00a0000 позиций" in out and "2\u00a0004 раскладов" in out and seed_book("002", "ru") in out


@given(n=st.integers(1_000, 10_000_000), x=st.floats(-13, 13, allow_nan=False), lang=st.sampled_from(["en", "ru"]),
       before=st.lists(_WORDS, max_size=3), after=st.lists(_WORDS, max_size=3))
def test_no_number_the_pages_print_is_read_as_a_citation(n, x, lang, before, after):
    """Property: a whole number (grouped by Babel) or a figure with decimals, in any words,
    comes out of both citation readers with its digits as they were."""
    for figure in (integer(n, lang), number(x, lang), signed(x, lang)):
        text = " ".join([*before, figure, *after])
        assert list(citations(text)) == [], text
        assert plain_citations(text, lang) == text
        assert figure in named_sources(text, lang)


@given(seed=st.sampled_from(["000", "001", "002", "003", "004"]),
       section=st.none() | st.sampled_from(sorted(SEED_SECTIONS.values())),
       item=st.none() | st.integers(1, 40).map(str), n=st.integers(1_000, 99_999),
       lang=st.sampled_from(["en", "ru"]))
def test_a_citation_written_out_is_read_back_as_itself(seed, section, item, n, lang):
    """Property: ``str(Citation)`` is read by :func:`citations` as the same citation, next to a
    grouped number that stays a number."""
    cite = Citation(seed, section, item)
    text = f"{integer(n, lang)} positions ({cite})"
    [(start, end, found)] = list(citations(text))
    assert found == cite and text[start:end] == str(cite)
