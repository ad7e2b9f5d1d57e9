"""The pieces every question page shares: the position from the student's seat, the answer
controls, graded hints, the feedback with the maxim it rests on, "why is this card wrong".

One flow serves lessons, the daily puzzle, the puzzle library and the workshop preview
(:func:`run_item`): the answer goes to :func:`tutor.answering.answer` -- the one way every door
answers: graded by the content grader (which asks the conventions engine and the scoring code --
the app never decides what is right), scored, and, when a learner is named, recorded, rated and
scheduled -- and its outcome is kept in session state so the explanation stays visible after
solving. One :class:`Question` (the item, its session-state keys, how the answer counts) is
passed through the flow.

Feedback teaches the way Lichess and Bridge Master do (issue 12): a right answer says so, names
the rule, and keeps the source's words and the evidence one click away; a wrong one says "not
this card", the rule it breaks (only by a title that cannot name the card) and where to look; a
second wrong answer shows the answer with its reason. A fixed earlier mistake is said so.

The answer area (hints, cards, feedback, what the page adds after it) is an ``st.fragment``: a
card click reruns only that part, not the board or the page around it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from tutor.accounts import auth_required
from tutor.answering import answer
from tutor.cards import Card, parse_card
from tutor.content.describe import question_text
from tutor.content.engine import engine_verdict
from tutor.content.grading import Feedback, hint, hint_cost, hint_count
from tutor.content.models import Item
from tutor.content.situation import item_view
from tutor.content.sources import named_sources, plain_citations, source_html
from tutor.conventions.catalogue import UnknownMaximError, get_maxim
from tutor.conventions.catalogue import maxim_title as catalogue_title
from tutor.cut import player_name
from tutor.errors import WhistError
from tutor.humbug import CHOICES
from tutor.i18n import has, t
from tutor.play import must_follow_suit
from tutor.progress import ProgressError
from tutor.render import drawn_html, hand_html, history_html, table_html
from tutor.seats import Seat
from tutor.seatview import SeatView
from tutor.ui import drafts, state
from tutor.ui.alerts import show_error, show_info, show_success, show_warning
from tutor.ui.cardpick import card_hand, draw_hand_styles
from tutor.ui.common import show_html
from tutor.ui.learner import browser_learner, current_learner, progress_learner
from tutor.ui.store_access import store, store_message
from tutor.vocab import AttemptKind, Lang

__all__ = ["Answered", "Question", "item_board", "prompt_text", "run_item", "maxim_note", "show_note", "maxim_title", "card_label",
           "answer_label"]


@dataclass(frozen=True)
class Answered:
    """What is kept of an answer in session state: the response and the grader's feedback."""

    response: Card | int | str
    feedback: Feedback
    hints_used: int
    score: float
    #: True once the learner asked for the solution (then the item counts as not solved).
    revealed: bool = False

    @property
    def settled(self) -> bool:
        """Solved, or the solution was shown: only then may the right card be named (evidence too)."""
        return self.feedback.correct or self.revealed


def card_label(card: Card, lang: Lang) -> str:
    """A button label: the suit symbol and rank, red for hearts and diamonds (Streamlit markdown)."""
    text = card.symbol(lang)
    return f":red[{text}]" if card.suit.is_red else text


def maxim_title(maxim_id: str, lang: Lang) -> str:
    """A maxim's title in ``lang`` (the id itself when the catalogue does not know it): what a
    learner reads instead of an id such as ``lead-highest-trump``."""
    return catalogue_title(maxim_id, lang) or maxim_id


def maxim_note(maxim_id: str, lang: Lang) -> str:
    """A maxim as quoted under feedback: title, our wording, the source by its name in ``lang``
    (never a file number or an id), and the source's own words as a ``blockquote`` marked with
    their language (the web's mark of a quotation in another language). Markdown with inline
    HTML: shown with :func:`show_note`."""
    try:
        m = get_maxim(maxim_id)
    except UnknownMaximError:
        return ""
    quote = html.escape(m.quote.replace("\n", " "), quote=False)
    return (f"**{html.escape(m.title_in(lang), quote=False)}** — {named_sources(m.text_in(lang), lang)}  \n"
            f"*{t('feedback.source', lang, source=source_html(m.source, lang))}*\n\n"
            f'<blockquote lang="{m.quote_lang}">«{quote}»</blockquote>')


def show_note(note: str) -> None:
    """A :func:`maxim_note` on the page (its marks are HTML built here, the texts escaped)."""
    if note:
        st.markdown(note, unsafe_allow_html=True)


def answer_label(response: Any, lang: Lang) -> str:
    """A recorded answer as the learner wrote it: a card by its symbol, a number as it is."""
    if isinstance(response, Card):
        return response.symbol(lang)
    text = str(response).strip()
    if text in CHOICES:
        return t(f"humbug.question.choice_{text}", lang)
    try:
        return parse_card(text).symbol(lang)
    except WhistError:
        return text


def prompt_text(item: Item, lang: Lang) -> str:
    """What the student is asked, from his seat (the same words as the worksheet and the CLI);
    never the answer -- the linter refuses a prompt that names it."""
    return plain_citations(question_text(item)[lang], lang)


def item_board(item: Item, lang: Lang) -> SeatView | None:
    """Draw the position as the student sees it; None (with the error shown) if it cannot be read."""
    try:
        view = item_view(item)
    except WhistError as exc:
        show_error(t("item.broken", lang, error=str(exc)))
        return None
    deal = item.full_deal() if item.question in ("honours", "score") else None
    if deal is not None:
        hands: dict[Seat, Any] = {s: deal.hands[s] for s in Seat}
    else:
        # an open hand (North's, with two dummies) is drawn with its cards; the others face down
        opened = view.open_hands()
        hands = {s: (view.remaining if s == view.seat else opened.get(s, view.sizes[s])) for s in Seat}
    # a card question draws the student's hand once: as the cards he clicks under the table (and,
    # once answered, as a picture there: :func:`_hand_after`), not also at his seat (issue 12)
    show_html(table_html(hands, dealer=view.dealer, trump_card=view.trump_card, trump=view.trump, lang=lang,
                         me=view.seat, trick=view.current, hand_below=deal is None and _asks_card(item)))
    done = view.tricks
    if done:
        # a card question asked after earlier tricks depends on them (who showed out, which
        # honours fell, a call for trumps): they are shown open, not folded away
        depends = item.question in ("lead", "play", "legal")
        with st.expander(t("item.tricks_played", lang, n=len(done), ns=view.won[0], ew=view.won[1]),
                         expanded=depends):
            show_html(history_html(done, lang, trump=view.trump))
    if item.question == "score" and item.tricks is not None:
        st.caption(t("item.tricks_taken", lang, ns=item.tricks.ns, ew=13 - item.tricks.ns))
    return view


def _asks_card(item: Item) -> bool:
    """The question is answered by clicking a card of the hand (a number, a cut or an exchange
    question is not)."""
    return item.question not in ("honours", "score", "cut", "exchange")


def exchange_board(item: Item, lang: Lang) -> None:
    """Humbug's exchange question's board: what 002 lets South see before he decides -- his own
    pile, the other three face down (North's, and East's and West's on the table), the turned-up
    card at the dealer's seat, and whether it is his to lose."""
    trump = item.trump_card
    hands: dict[Seat, Any] = {Seat.S: item.student_hand, Seat.N: 13, Seat.E: 13, Seat.W: 13}
    show_html(table_html(hands, dealer=item.dealer_seat, trump_card=trump, trump=trump.suit, lang=lang, me=Seat.S))
    st.caption(t("humbug.question.trumps", lang, suit=f"{trump.suit.symbol} {trump.suit.label(lang)}"))
    st.caption(t("humbug.question.you_dealt" if item.dealer_seat == Seat.S else "humbug.question.north_dealt", lang,
                 card=trump.symbol(lang)))


def cut_board(item: Item, lang: Lang) -> None:
    """A cut question's board: the card each player drew, over his name, and the custom it is read
    by -- no hand, no table: the cut comes before the deal and the seats."""
    cut = item.cut or {}
    st.caption(t("club.cut.drawn", lang))
    show_html(drawn_html([(player_name(p, lang), c) for p, c in cut.items()], lang))
    if item.custom is not None:
        st.caption(t("club.cut.custom_line", lang, custom=t(f"club.custom.{item.custom}", lang)))


def _hand_after(view: SeatView, lang: Lang) -> None:
    """The hand under the table once the question is answered and its card buttons are gone: the
    table draws it nowhere else (:func:`item_board`)."""
    show_html(hand_html(view.remaining, lang))


@dataclass(frozen=True)
class Question:
    """One question as a page asks it: the item, where its session state lives, how an answer
    to it counts. Built once by :func:`run_item` and handed to every part of the flow (the
    controls, the callbacks, the feedback) instead of threading ``(scope, item_id)`` and the
    record's arguments through each of them."""

    item: Item
    keys: state.ItemKeys
    lang: Lang
    #: What the answer is recorded as; None records nothing (the workshop preview).
    kind: AttemptKind | None
    #: The id the attempt is stored under (the daily puzzle's is its puzzle's id).
    record_id: str
    #: Keep the answer as a draft for this browser (and the learner, when named).
    keep: bool = False

    @property
    def asks_card(self) -> bool:
        """The question is answered by clicking a card of the hand (a number question is not)."""
        return _asks_card(self.item)

    @property
    def hints_total(self) -> int:
        return hint_count(self.item)

    @property
    def hints_used(self) -> int:
        """How many hints the learner has opened on this item (this session)."""
        return int(st.session_state.get(self.keys.hints, 0))

    @property
    def answered(self) -> Answered | None:
        """The answer kept in session state, if any."""
        found: Answered | None = st.session_state.get(self.keys.answer)
        return found

    @property
    def revealed(self) -> bool:
        """The solution is shown (after "Show the solution" or a second miss)."""
        return bool(st.session_state.get(self.keys.reveal))

    @property
    def records(self) -> bool:
        """Whether an answer now is recorded: a kind is given and the solution was not seen."""
        return self.kind is not None and not st.session_state.get(self.keys.seen)


def _previous_miss(q: Question) -> str | None:
    """The learner's last answer to this item, when it was wrong: from this session, else from the
    progress store (a puzzle coming back for review)."""
    miss = st.session_state.get(q.keys.miss)
    if miss is not None:
        return str(miss)
    learner = progress_learner()
    if learner is None:
        return None
    try:
        before = store().attempts(learner.id, item_id=q.record_id)
    except ProgressError:
        return None
    if before and not before[-1].correct and before[-1].answer:
        return before[-1].answer
    return None


def _submit(q: Question, response: Card | int | str) -> None:
    """Callback of an answer control: answer through :func:`tutor.answering.answer` (grade, score,
    record, rate, schedule), then keep the outcome in session state (runs before the next script
    pass).

    A second wrong answer shows the solution (and, like "Show the solution", stops recording
    this item for the session); a right answer after a wrong one says which mistake it fixed."""
    keys = q.keys
    used = q.hints_used
    # read before this answer is recorded: the miss it may fix
    previous = _previous_miss(q) if q.kind is not None else st.session_state.get(keys.miss)
    # the named learner, else this browser's own row, made at its first answer (issue 24: nothing
    # done before naming is lost -- it becomes the learner's when he names himself)
    learner = progress_learner(create=True) if q.records else None
    try:
        db = store() if learner is not None else None
    except ProgressError as exc:  # progress went off since the learner was named: graded, not recorded
        db, learner = None, None
        st.session_state[keys.not_saved] = store_message(exc, q.lang)
    try:
        outcome = answer(db, learner, q.item, response, used, kind=q.kind, record_id=q.record_id, lang=q.lang)
    except WhistError as exc:
        st.session_state[keys.error] = str(exc)
        return
    if outcome.store_error is not None and outcome.attempt is None:  # graded all the same; the record is lost
        st.session_state[keys.not_saved] = store_message(outcome.store_error, q.lang)
    text = outcome.answer
    st.session_state[keys.answer] = Answered(outcome.response, outcome.feedback, used, outcome.score)
    st.session_state.pop(keys.error, None)
    st.session_state.pop(keys.fixed, None)
    if outcome.correct:
        if previous is not None and previous != text:
            st.session_state[keys.fixed] = previous
        st.session_state.pop(keys.miss, None)
    else:
        st.session_state[keys.miss] = text
        wrongs = int(st.session_state.get(keys.wrongs, 0)) + 1
        st.session_state[keys.wrongs] = wrongs
        if wrongs >= 2:  # the second miss: the answer with its reason (Bridge Master's habit)
            st.session_state[keys.reveal] = True
            st.session_state[keys.seen] = True
    if q.keep:
        _keep_answer(q, text)


def _keep_answer(q: Question, text: str) -> None:
    """Keep the answer for this browser (and the learner, when named) as a draft, so a reload --
    or a visit with no name typed -- does not lose it (issue 12, point 3)."""
    try:
        store().save_draft(q.keys.answer, text, **drafts.owner().kwargs())
    except Exception:  # noqa: BLE001 - the answer stays in the session; a store failure loses only the copy
        pass


def _restore_answer(q: Question) -> None:
    """An answer kept by :func:`_keep_answer` comes back into the session (graded again, nothing
    recorded twice)."""
    keys = q.keys
    if keys.answer in st.session_state or st.session_state.get(keys.restored):
        return
    st.session_state[keys.restored] = True
    try:
        draft = store().latest_draft(keys.answer, **drafts.owner().kwargs())
    except Exception:  # noqa: BLE001 - nothing kept, or the store is off: the question is asked afresh
        return
    if draft is None or not draft.text.strip():
        return
    used = q.hints_used
    try:  # graded only: no store, no learner
        outcome = answer(None, None, q.item, draft.text.strip(), used, kind=None, lang=q.lang)
    except WhistError:
        return
    st.session_state[keys.answer] = Answered(outcome.response, outcome.feedback, used, outcome.score)


def _open_hint(q: Question) -> None:
    st.session_state[q.keys.hints] = min(q.hints_used + 1, q.hints_total)


def _retry(q: Question) -> None:
    """Callback: answer again (a solution once shown stays shown -- see :func:`_submit`)."""
    for key in (q.keys.answer, q.keys.why, q.keys.reveal, q.keys.fixed):
        st.session_state.pop(key, None)


def _hint_and_retry(q: Question) -> None:
    """Callback of "Hint" under a wrong answer: the next hint opens and the cards come back."""
    _open_hint(q)
    _retry(q)


def _reveal(q: Question) -> None:
    """Callback of "Show the solution": the right card and the explanation are shown.

    The wrong answer before it is already recorded as failed (so the item comes back for review);
    from now on this session records no attempt on the item, so solving it after seeing the
    solution cannot count as solved."""
    st.session_state[q.keys.reveal] = True
    st.session_state[q.keys.seen] = True


def _explanation(fb: Feedback, lang: Lang, item: Item) -> None:
    """The full explanation, visible (not folded away) once given up or missed twice: the rule
    behind the answer, then the one the wrong card broke when that is another."""
    st.markdown(f"**{t('item.explanation', lang)}.** {plain_citations(fb.explanation[lang], lang)}")
    for mid in dict.fromkeys([*item.maxims[:1], *fb.maxims[:1]]):
        show_note(maxim_note(mid, lang))


def _right(fb: Feedback, answered: Answered, lang: Lang) -> None:
    """Right: say so and name the rule; the explanation, the source's words and the evidence are
    one click away (Lichess keeps the solution short and the analysis a click off)."""
    show_success(plain_citations(fb.message[lang], lang) + (" " + t("item.score", lang, pct=round(100 * answered.score))
                                     if answered.hints_used else ""))
    if fb.maxims:
        st.markdown(t("feedback.right_rule", lang, maxim=maxim_title(fb.maxims[0], lang)))
    with st.expander(t("feedback.more", lang)):
        st.markdown(f"**{t('item.explanation', lang)}.** {plain_citations(fb.explanation[lang], lang)}")
        for mid in fb.maxims[:1]:
            show_note(maxim_note(mid, lang))


def _wrong(fb: Feedback, lang: Lang) -> None:
    """Wrong (the first time): not this card, the rule it breaks (the grader names it only when
    its title cannot name the right card), and where to look -- never the card, never a count."""
    show_error(plain_citations(fb.message[lang], lang))
    if fb.idea is not None:
        show_info(f"{t('feedback.idea_label', lang)} {fb.idea[lang]}")


def _card_buttons(q: Question, view: SeatView, cards: Sequence[Card]) -> None:
    """The hand as card faces that are the buttons (tutor.ui.cardpick): the cards offered raised,
    the rest of the hand dimmed; a single click (or a card typed, Enter) answers. The hand is the
    board's own view of it (:func:`item_board`), not a second one built here."""
    hand: tuple[Card, ...] = tuple(view.remaining)
    if not set(cards) <= set(hand):
        hand = tuple(cards)

    by_name = {str(c): c for c in hand}

    def pick(card: str) -> None:
        # the button's name back to the Card it was drawn from: the card is never read again
        _submit(q, by_name.get(card, card))

    card_hand(hand, key=q.keys.widget("card"), lang=q.lang, on_pick=pick, playable=cards,
              key_of=lambda c: q.keys.widget(f"card-{c}"), styled=False)


def _answer_controls(q: Question, view: SeatView | None) -> None:
    """The number box and "Check", or the cards to click (:func:`_card_buttons`)."""
    lang = q.lang
    if q.item.question == "cut":
        st.caption(t("club.cut.pick", lang))
        row = st.container(horizontal=True, gap="small")
        for name in q.item.cut or {}:
            row.button(player_name(name, lang), key=q.keys.widget(f"player-{name}"),
                       on_click=_submit, args=(q, name))
        return
    if q.item.question == "exchange":
        st.caption(t("humbug.question.pick", lang))
        row = st.container(horizontal=True, gap="small")
        for choice in CHOICES:
            row.button(t(f"humbug.question.{choice}", lang), key=q.keys.widget(f"choice-{choice}"),
                       on_click=_submit, args=(q, choice))
        return
    if view is None:
        return
    if not q.asks_card:
        key = q.keys.widget("number")
        st.number_input(t("item.your_number", lang), min_value=0, max_value=200, step=1, value=0, key=key)
        st.button(t("item.check", lang), key=q.keys.widget("check"), type="primary",
                  on_click=lambda: _submit(q, int(st.session_state.get(key) or 0)))
        return
    if view.to_play != view.seat:
        show_warning(t("item.not_your_turn", lang, seat=view.to_play.label(lang)))
    # A legal question asks which cards may be played: every card is offered. Otherwise only the
    # legal ones are (the law is not what a lead puzzle tests).
    cards = tuple(view.remaining) if q.item.question == "legal" else view.legal_cards()
    st.caption(t("item.click_card", lang))
    _card_buttons(q, view, cards)


def _why_box(q: Question, view: SeatView | None) -> None:
    """"Why is this card wrong?" for any card of the hand, answered by the conventions engine."""
    item, lang = q.item, q.lang
    if item.question not in ("lead", "play") or view is None:
        return
    with st.expander(t("item.why_title", lang)):
        key = q.keys.why
        by_name = {str(c): c for c in view.remaining}
        choice = st.selectbox(t("item.why_pick", lang), list(by_name), index=None, key=key,
                              format_func=lambda c: by_name[c].symbol(lang) if c in by_name else str(c),
                              placeholder=t("item.why_placeholder", lang))
        if choice:
            card = by_name[choice] if choice in by_name else parse_card(choice)
            if card not in view.legal_cards():
                show_warning(must_follow_suit(card, view.suit_led or card.suit, lang))
                show_note(maxim_note("must-follow-suit", lang))
                return
            try:
                verdict = engine_verdict(item, card)
            except WhistError as exc:
                show_error(t("app.engine_error", lang, error=str(exc)))
                return
            word_key = f"verdict.{verdict.verdict}"
            # never the engine's code word ("equal") on screen
            word = (t(word_key, lang) if has(word_key, lang)
                    else t(f"feedback.verdict.{verdict.verdict}", lang) if has(f"feedback.verdict.{verdict.verdict}", lang)
                    else t("feedback.verdict.other", lang))
            st.markdown(f"**{card.symbol(lang)}** — {word}")
            st.markdown(plain_citations(verdict.why[lang], lang))
            for mid in verdict.maxims[:2]:
                show_note(maxim_note(mid, lang))


def run_item(
    item: Item,
    *,
    scope: str,
    item_id: str,
    lang: Lang,
    kind: AttemptKind | None,
    record_id: str | None = None,
    allow_why: bool = True,
    after: Callable[[Answered | None], None] | None = None,
    inline: bool = False,
    keep: bool = False,
    card_styles: bool = True,
) -> Answered | None:
    """Show one question and handle its answer; returns the answer once given.

    ``scope`` names the page asking (its ``SCOPE``): the item's session-state keys are built
    from it (:class:`tutor.ui.state.ItemKeys`), so the same puzzle on two pages keeps two
    answers. ``kind`` (lesson/puzzle/daily) is what the attempt is recorded as; None records
    nothing (the workshop preview). ``record_id`` is the id stored (default ``item_id``); the
    themes and the difficulty recorded are the item's own (:mod:`tutor.answering`).

    The answer area runs as a fragment: ``after(answered)`` draws what the page shows under it
    (the next-puzzle button, the evidence) inside the fragment, so it follows a click at once.
    ``inline``: the page draws the question inside a fragment of its own (the Learn page's
    lesson, whose next step follows an answer), so the answer area has none and a click reruns
    the page's fragment -- not the answer's fragment and then the whole app, as a lesson's click
    did (twice the server's work, issue 24 point 7). ``keep`` keeps the answer for this browser
    across a reload.
    ``card_styles=False``: the page drew the card faces' styles itself (a page with several
    questions draws them once, :func:`tutor.ui.cardpick.draw_hand_styles`).
    """
    q = Question(item, state.ItemKeys(scope, item_id), lang, kind, record_id or item_id, keep)
    view: SeatView | None = None
    if item.question == "cut":
        cut_board(item, lang)
    elif item.question == "exchange":
        exchange_board(item, lang)
    else:
        view = item_board(item, lang)
        if view is None:
            return None
    st.markdown(f"**{prompt_text(item, lang)}**")
    if card_styles and q.asks_card:
        draw_hand_styles(lang)  # outside the answer's fragment: a click there sends no style sheet
    if keep:
        _restore_answer(q)
    area = _answer_in_place if inline else _answer_area
    answered: Answered | None = area(q, view, allow_why, after)
    return answered


def _answer_in_place(q: Question, view: SeatView | None, allow_why: bool,
                     after: Callable[[Answered | None], None] | None) -> Answered | None:
    """Hints, the answer controls, the feedback and ``after``."""
    answered = _answer_body(q, view, allow_why)
    if after is not None:
        after(answered)
    return answered


#: The same as a fragment of its own: rerun alone on a click.
_answer_area = st.fragment(_answer_in_place)


def _answer_body(q: Question, view: SeatView | None, allow_why: bool) -> Answered | None:
    keys, lang, item = q.keys, q.lang, q.item
    answered = q.answered
    total, used = q.hints_total, q.hints_used
    for level in range(1, min(used, total) + 1):
        show_info(t("item.hint_n", lang, n=level, total=total) + " " + plain_citations(hint(item, level)[lang], lang))
    if answered is None:
        _answer_controls(q, view)
        if err := st.session_state.get(keys.error):
            show_error(err)
        if used < total:
            st.button(t("item.hint", lang, cost=hint_cost(used, total)), key=keys.widget("hint"),
                      on_click=_open_hint, args=(q,), icon=":material/lightbulb:")
        return None
    if q.asks_card and view is not None:
        _hand_after(view, lang)
    fb = answered.feedback
    revealed = q.revealed
    if not_saved := st.session_state.get(keys.not_saved):
        show_warning(t("store.not_saved", lang, why=not_saved))
    if fb.correct:
        _right(fb, answered, lang)
        if (fixed := st.session_state.get(keys.fixed)) is not None:
            key = "feedback.fixed" if q.asks_card else "feedback.fixed_number"
            show_info(t(key, lang, card=answer_label(fixed, lang), answer=answer_label(fixed, lang)))
    elif revealed:
        show_error(plain_citations(fb.message[lang], lang))
        if int(st.session_state.get(keys.wrongs, 0)) >= 2:
            st.markdown(t("feedback.second_wrong", lang))
        else:
            show_info(t("item.solution_shown", lang))
        _explanation(fb, lang, item)
    else:
        # wrong: say why (the maxim the card breaks), never which card is right -- that waits for
        # a second miss or "Show the solution", so a hint or another try still teaches something
        _wrong(fb, lang)
    if (q.kind is not None and not st.session_state.get(state.NO_LEARNER_SAID) and current_learner() is None
            and browser_learner() is not None):  # said only when the answer really was kept
        st.session_state[state.NO_LEARNER_SAID] = True
        st.caption(t("feedback.no_learner_login" if auth_required() else "feedback.no_learner", lang))
    row = st.container(horizontal=True, gap="small")
    row.button(t("item.retry", lang), key=keys.widget("retry"), on_click=_retry, args=(q,), icon=":material/replay:")
    if not fb.correct and not revealed:
        if used < total:
            row.button(t("item.hint", lang, cost=hint_cost(used, total)), key=keys.widget("hint"),
                       on_click=_hint_and_retry, args=(q,), icon=":material/lightbulb:")
        row.button(t("item.show_solution", lang), key=keys.widget("solution"),
                   on_click=_reveal, args=(q,), icon=":material/visibility:")
    settled = fb.correct or revealed
    if allow_why and settled:
        _why_box(q, view)
    return replace(answered, revealed=revealed)
