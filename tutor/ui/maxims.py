"""The Maxims page: every maxim with its source quote, our wording, its puzzles, where the two
convention systems part ways and, for card play, the rule's double-dummy figure from the newest
shipped study (:mod:`tutor.conventions.figures`) beside its source."""

from __future__ import annotations

import functools
import html
import re
from typing import Literal

import streamlit as st

from tutor.content.sources import named_sources, source_html
from tutor.conventions.catalogue import CARD_PLAY, CATEGORIES, SYSTEMS, CatalogueError, Maxim, load_catalogue
from tutor.conventions.figures import Study, engine_digest, figure_line, load_study, study_files, systems_measured
from tutor.i18n import t
from tutor.locale_fmt import integer
from tutor.ui import state
from tutor.ui.alerts import show_error, show_info
from tutor.ui.lang import current_lang, tr
from tutor.ui.library import library
from tutor.vocab import Lang, System, parse_system

__all__ = ["show", "maxim_block", "open_key", "quote_html", "OPEN_AT_MOST"]

#: A search finding this many maxims or fewer shows them open.
OPEN_AT_MOST = 8
#: The maxims listed before "Show the other N": a new tab drew each listed maxim as a widget, and
#: the whole catalogue's 124 made this the slowest page to open (issue 24, page ready; 40
#: expanders cost a new tab some 0.13 s here, bench/bench_pages_locale.py). A search or a filter
#: narrows the list; the button lists the rest of it.
FIRST_SHOWN = 25

_QUOTE_LANG = {"ru": "lang.ru", "uk": "lang.uk", "en": "lang.en"}


def _study() -> Study | None:
    """The newest shipped double-dummy study (tutor/conventions/study/), read once per file
    version: a newly shipped study shows without a restart, and a page or language switch does
    not parse the JSON again."""
    try:
        files = study_files()
        signature = tuple((str(f), f.stat().st_mtime_ns) for f in files[-1:])
        notes = files[-1].with_name("notes.yaml") if files else None
        if notes is not None and notes.is_file():
            signature += ((str(notes), notes.stat().st_mtime_ns),)
        return _load_study(signature)
    except (OSError, ValueError, KeyError, TypeError):
        return None  # a broken study file must not take the page down; the figures are extra


@st.cache_resource(show_spinner=False, max_entries=2)
def _load_study(signature: tuple[tuple[str, int], ...]) -> Study | None:
    """One parse per study version for the whole server (the Study is frozen: shared safely)."""
    return load_study()


def figure_lines(m: Maxim, lang: Lang, study: Study | None, system: System | Literal["all"] = "all") -> list[str]:
    """The double-dummy figure of a card-play maxim in each system shown, one line each (the
    system named when the maxim belongs to both), with the study's n; empty for other maxims."""
    if study is None or m.category not in CARD_PLAY:
        return []
    systems = [s for s in systems_measured(m, study) if system in ("all", s)]
    lines = []
    for s in systems:
        fig = study.figure(s, m.id)
        if fig is None:
            continue
        line = figure_line(fig, lang, study.note(m.id, s, lang))
        if len(systems_measured(m, study)) > 1:
            line = f"{t(f'system.{s}', lang)}: {line}"
        lines.append(line)
    if lines and study.quick:
        lines.append(t("maxims.study_quick", lang))
    if lines and study.meta.get("engine", {}).get("digest") not in (None, _digest()):
        lines.append(t("maxims.study_older", lang))
    return lines


@functools.lru_cache(maxsize=1)
def _digest() -> str:
    """The running engine's rules digest (the code does not change under a running server)."""
    try:
        return engine_digest()
    except OSError:  # an installed copy without the sources: nothing to compare
        return ""


_ID = re.compile(r"(?<![\w-])([a-z0-9]+(?:-[a-z0-9]+)+)(?![\w-])")


def named(text: str, lang: Lang) -> str:
    """``text`` with every maxim id in it replaced by the maxim's title in ``lang``, quoted: the
    catalogue's notes cite one another by id, the learner reads names (no slugs on screen)."""
    catalogue = load_catalogue()

    def title(match: re.Match[str]) -> str:
        mid = match.group(1)
        if mid not in catalogue:
            return mid
        name = catalogue.get(mid).title_in(lang)
        return f"«{name}»" if lang == "ru" else f"“{name}”"

    return _ID.sub(title, text)


def quote_html(m: Maxim) -> str:
    """The source sentence as a ``blockquote`` marked with its language (Russian, Ukrainian or
    English), whatever the page's language: it is quoted, not translated."""
    body = html.escape(m.quote, quote=False).replace("\n", "<br>")
    return f'<blockquote lang="{m.quote_lang}">{body}</blockquote>'


def _caption(text: str) -> None:
    st.caption(text, unsafe_allow_html=True)


def maxim_block(m: Maxim, lang: Lang, *, puzzles: list[str] | None = None, study: Study | None = None,
                system: System | Literal["all"] = "all") -> None:
    """One maxim: our wording, the source quote in its language with the citation and, beside it,
    the rule's double-dummy figure; differences between the systems.

    Sources are named (the seed's title and section, the book's title), never by code; words of
    the other language are marked with their ``lang`` (:func:`tutor.content.sources.named_sources`)."""
    st.markdown(named_sources(m.text_in(lang), lang), unsafe_allow_html=True)
    label = tr("maxims.paraphrase") if m.paraphrase else tr("maxims.quote")
    _caption(f"{label} ({tr(_QUOTE_LANG.get(m.quote_lang, 'lang.en'))}) — {source_html(m.source, lang)}")
    st.markdown(quote_html(m), unsafe_allow_html=True)
    for line in figure_lines(m, lang, study, system):
        _caption(named_sources(line, lang))
    scope, exceptions = m.scope_in(lang), m.exceptions_in(lang)
    if scope:
        _caption(tr("maxims.scope") + ": " + named_sources(named(scope, lang), lang))
    if exceptions:
        _caption(tr("maxims.exceptions") + ": " + named_sources(named(exceptions, lang), lang))
    if m.overridden_by:
        titles = "; ".join(load_catalogue().get(o).title_in(lang) for o in m.overridden_by)
        st.caption(tr("maxims.overridden_by") + ": " + titles)
    if m.see:
        _caption(tr("maxims.see_also") + ": " + "; ".join(source_html(s, lang) for s in m.see))
    systems = ", ".join(tr(f"system.{s}") for s in m.systems)
    st.caption(tr("maxims.systems") + ": " + systems)
    diff = m.differences_in(lang)
    if diff:
        # an info box would show the language marks as text: a bordered box of markdown instead
        box = st.container(border=True)
        box.markdown(":material/compare_arrows: **" + tr("maxims.differences") + "**: "
                     + named_sources(named(diff, lang), lang), unsafe_allow_html=True)
    if puzzles is not None:
        st.caption(tr("maxims.puzzles") + ": " + (", ".join(puzzles) if puzzles else tr("maxims.no_puzzles")))


def open_key(maxim_id: str, opened: bool = False) -> str:
    """The session key of a maxim's expander (one per default state: a search that opens the
    maxims it finds starts them afresh)."""
    return f"maxim_open:{maxim_id}:{int(opened)}"


def show() -> None:
    lang = current_lang()
    st.title(tr("nav.maxims"))
    st.caption(tr("maxims.intro"))
    try:
        catalogue = load_catalogue()
    except CatalogueError as exc:
        show_error(tr("maxims.broken") + f"\n\n`{exc}`")
        return
    lib = library()
    study = _study()
    c1, c2, c3 = st.columns([2, 2, 3])
    picked = c1.selectbox(tr("maxims.system"), ("all", *SYSTEMS), key=state.MAXIMS_SYSTEM,
                          format_func=lambda s: t("maxims.all", lang) if s == "all" else t(f"system.{s}", lang))
    system: System | Literal["all"] = "all" if picked == "all" else parse_system(picked)
    category = c2.selectbox(tr("maxims.category"), ("all", *CATEGORIES), key=state.MAXIMS_CATEGORY,
                            format_func=lambda c: t("maxims.all", lang) if c == "all" else t(f"category.{c}", lang))
    query = c3.text_input(tr("maxims.search"), key=state.MAXIMS_QUERY).strip().lower()
    only_diff = st.toggle(tr("maxims.only_differences"), key=state.MAXIMS_ONLY_DIFF)
    matches = []
    for m in catalogue:
        if system != "all" and system not in m.systems:
            continue
        if category != "all" and m.category != category:
            continue
        if only_diff and not m.differences_in(lang):
            continue
        haystack = " ".join((m.id, m.title_in(lang), m.text_in(lang), m.quote)).lower()
        if query and query not in haystack:
            continue
        matches.append(m)
    # A search that finds a few maxims opens them; otherwise each opens on a click. A closed
    # maxim's body is not built (lazy expander): the whole catalogue as ~1000 elements made the
    # page take seconds to appear and every rerun (a language switch) resend them all.
    opened = bool(query) and len(matches) <= OPEN_AT_MOST
    filters = (system, category, query, only_diff)
    listed = matches if st.session_state.get(state.MAXIMS_ALL) == filters else matches[:FIRST_SHOWN]
    for m in listed:
        box = st.expander(m.title_in(lang), expanded=opened, key=open_key(m.id, opened),
                          on_change="rerun")
        if box.open or box.open is None:
            with box:
                titles = [p.title[lang] for p in lib.puzzles_citing(m.id)]
                maxim_block(m, lang, puzzles=titles, study=study, system=system)
    if not matches:
        show_info(tr("maxims.none_found"))
    if len(listed) < len(matches):
        st.button(tr("maxims.show_rest", n=integer(len(matches) - len(listed), lang)), key=state.MAXIMS_MORE,
                  on_click=_list_all, args=(filters,))
    st.caption(tr("maxims.count", shown=integer(len(listed), lang), total=integer(len(catalogue), lang)))


def _list_all(filters: tuple[object, ...]) -> None:
    """List every maxim the filters ``filters`` find (till they change)."""
    st.session_state[state.MAXIMS_ALL] = filters
