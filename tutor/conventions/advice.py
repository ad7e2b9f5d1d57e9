"""Advice that explains itself: the card to play, the maxims it rests on, and why every other
legal card is worse.

How the maxims are combined
---------------------------
The rules are consulted in an explicit priority order -- :data:`LEAD_ORDER` when the student
leads, :data:`FOLLOW_ORDER` when he follows suit, :data:`VOID_ORDER` when he cannot. Starting from
the legal cards, each rule in turn may narrow the candidates to the ones its maxim prefers; the
cards it removes get a verdict (``bad`` for a "never" of the seeds, ``worse`` for a preference)
citing that maxim. A rule that would remove every remaining candidate is overridden by the rules
above it and is skipped. So a lower maxim only ever chooses among what the higher ones left, and
the maxim that made the last cut is the deciding one (it is cited first).

If several cards survive every rule, no maxim tells them apart: the engine says so (verdict
``equal``) and, to give one answer, plays one a maxim positively picked if there is one, else
the lowest of them (then the first in display order). Where the authorities differ (Mathews
covers a led queen with K-x-x, EB passes), a rule *accepts* both cards: its finding is
recorded even if it cuts nothing, no lower rule may then separate those cards, and the verdict
on the one not advised is ``equal`` with the rule's reason naming the schools. Such a rule may
name one of its cards first (``prefer``: Cavendish's fourth best before Pole's lowest in the
english system), and the engine then plays that one.

Priority, highest first (``system="english"`` drops maxims the catalogue marks russian only):

* leading: answer-the-call, return-partners-trump-lead, run-established-suit-when-trumps-out,
  crossruff-with-partner, lead-trumps-when-opponents-ruff (a cross-ruff only),
  avoid-suit-opponents-void, lead-into-partners-void, do-not-return-suit-won-cheaply (english),
  force-partner-for-the-odd-trick (english: six tricks won, Cavendish Hand IV),
  do-not-force-partner-when-weak, give-partner-the-ruff-for-the-odd-trick (english: the score),
  own-strong-suit-first, return-partners-suit,
  never-return-opponents-suit, lead-partners-discard-against-trumps (english),
  first-discard-shows-weak-suit, force-the-strong-adversary, lead-trumps-to-save-the-game
  (english: the adversaries want only the odd trick, old Hoyle; Chambers), few-trumps-wait-for-call,
  draw-trumps-for-strong-suit, lead-trumps-with-four-or-five, keep-trumps-when-trumps-out,
  no-thirteenth-card-before-trumps-out, never-lead-singleton, never-lead-ace-queen,
  never-lead-king-doubleton, doubleton-honour-shows-weakness, avoid-queen-third,
  lead-long-suit, then among the suits still equal keep-short-honours-for-re-entry,
  pursue-original-lead, lead-up-to-weakness, lead-four-card-suit-when-in-doubt,
  strongest-suit-length-then-honours,
  forced-lead-strongest-weak-suit, turned-up-honour-trump-lead (the classical books),
  trump-lead-by-turned-up-card (old Hoyle: the trump that catches the turned-up card), then the
  card from the suit (:mod:`tutor.conventions.holdings`).
* following suit: second hand -- second-hand-ace-on-honour, cover-with-fourchette,
  cover-honour-with-honour, cover-queen-with-short-king, second-hand-win-last-chance,
  partners-turned-up-card-in-sequence (second and third hand: partner's turned-up card fills a
  sequence), second-hand-finesse-ace-queen (000 LST 13), second-hand-with-sequence; third hand --
  do-not-overtake-partners-king (russian), unblock-ace-doubleton-on-king (english: ace and knave
  only, then ace and one small), ace-over-partners-queen (russian),
  ace-passes-partners-queen (english), unblock-king-under-ace-queen, play-to-partners-jack-lead,
  play-to-partners-ten-lead,
  do-not-overtake-touching-honour, finesse-by-the-count (the ace when the king cannot be on the
  right or is the one card out: Cavendish ch. 35, old Hoyle), third-hand-finesse-ace-queen,
  third-hand-finesse-over-turned-up-honour (Cavendish ch. 25), third-hand-high,
  unblock-with-four-in-partners-suit (Cavendish App. B); fourth hand --
  win-as-cheaply-as-possible; then echo-the-call, make-the-call, keep-the-turned-up-card (the
  dealer, Hoyle), second-hand-low,
  play-low-when-not-winning, win-with-lower-of-equals. (The russian system applies every maxim,
  so where the seeds speak -- LST 15, 16 -- their rule stands first and the english one after it
  finds nothing left to cut.)
* out of the suit led: do-not-ruff-thirteenth-unless-last (russian: 000 HNT 12),
  thirteenth-card-by-leaders-trumps (english: Cavendish ch. 34, partner's thirteenth card),
  do-not-trump-partners-sure-winner, do-not-ruff-partners-winner (a doubtful card, four trumps
  or more: 000 HNT 7), ruff-with-short-trumps (a doubtful card, three or fewer: 000 HNT 8),
  refuse-ruff-to-call (four or five trumps and an established suit: let the opponents' sure
  winner pass, Cavendish ch. 32), win-as-cheaply-as-possible (ruffing), play-low-when-not-winning
  (keep useless trumps), make-the-call (in discards, once the rules above chose to discard: the
  second-lowest card of the weakest suit), keep-guards-against-declared-trumps (after the first
  discard, trumps declared against you: keep winners and honours' guards, Cavendish ch. 28,
  Pembridge, Mathews), discard-from-strong-suit-against-trumps (english:
  trumps declared against you, Cavendish ch. 28), discard-from-weakest-suit.

A refused ruff is read back as a call (refused-ruff-is-a-call: :func:`calls.read_refusals` puts it
in ``Knowledge.refused_ruffs``), so answer-the-call cites it. answer-the-call chooses only the suit; the
trump to lead is left to the lead-card rules. echo-the-call and make-the-call accept any card
that starts a readable high-low (all equal), the lowest of them shown first.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from tutor.cards import Card, Suit, parse_card
from tutor.conventions import discards, following, later, leads, signals, trumps, turnup, unblocking
from tutor.conventions.position import knowledge
from tutor.conventions.rules import Context, Finding, Rule, Text, say, say_with
from tutor.conventions.systems import applies, differences
from tutor.errors import IllegalPlayError, WhistError
from tutor.i18n import LANGS
from tutor.play import must_follow_suit
from tutor.seatview import SeatView
from tutor.vocab import ENGINE_VERDICTS, EngineVerdict, Lang, System, parse_system

__all__ = [
    "Advice",
    "Verdict",
    "advise",
    "explain_card",
    "legal_cards",
    "NotYourTurnError",
    "LEAD_ORDER",
    "FOLLOW_ORDER",
    "VOID_ORDER",
    "VERDICTS",
    "MAXIMS_USED",
]

#: Verdicts on a card other than the advised one.
VERDICTS: tuple[EngineVerdict, ...] = ENGINE_VERDICTS

LEAD_ORDER: tuple[Rule, ...] = (
    signals.answer_the_call,
    trumps.return_partners_trump_lead,
    later.run_established_suit_when_trumps_out,
    leads.crossruff_with_partner,
    trumps.lead_trumps_when_opponents_ruff,
    leads.avoid_suit_opponents_void,
    leads.lead_into_partners_void,
    later.do_not_return_suit_won_cheaply,
    trumps.force_partner_for_the_odd_trick,
    trumps.do_not_force_partner_when_weak,
    trumps.give_partner_the_ruff_for_the_odd_trick,
    leads.own_strong_suit_first,
    leads.return_partners_suit,
    leads.never_return_opponents_suit,
    later.lead_partners_discard_against_trumps,
    leads.first_discard_shows_weak_suit,
    trumps.force_the_strong_adversary,
    trumps.lead_trumps_to_save_the_game,
    leads.few_trumps_wait_for_call,
    leads.draw_trumps_for_strong_suit,
    leads.lead_trumps_with_four_or_five,
    trumps.keep_trumps_when_trumps_out,
    leads.no_thirteenth_card_before_trumps_out,
    leads.never_lead_singleton,
    leads.never_lead_ace_queen,
    leads.never_lead_king_doubleton,
    leads.doubleton_honour_shows_weakness,
    leads.avoid_queen_third,
    leads.lead_long_suit,
    leads.keep_short_honours_for_re_entry,
    leads.pursue_original_lead,
    leads.lead_up_to_weakness,
    leads.lead_four_card_suit_when_in_doubt,
    leads.strongest_suit_length_then_honours,
    leads.forced_lead_strongest_weak_suit,
    leads.turned_up_honour_trump_lead,
    turnup.trump_lead_by_turned_up_card,
    leads.lead_card,
)

FOLLOW_ORDER: tuple[Rule, ...] = (
    # second hand: the classical exceptions to "second hand low"
    following.second_hand_ace_on_honour,
    following.cover_with_fourchette,
    following.cover_honour_with_honour,
    following.cover_queen_with_short_king,
    following.second_hand_win_last_chance,
    turnup.partners_turned_up_card_in_sequence,  # second and third hand: partner's turned-up card
    later.second_hand_finesse_ace_queen,
    following.second_hand_with_sequence,
    # third hand: partner's honour leads, then the finesse, then "as high as needed"
    following.do_not_overtake_partners_king,
    unblocking.unblock_ace_knave_on_king,
    following.unblock_ace_doubleton_on_king,
    following.ace_over_partners_queen,
    following.ace_passes_partners_queen,
    following.unblock_king_under_ace_queen,
    following.play_to_partners_jack_lead,
    following.play_to_partners_ten_lead,
    following.do_not_overtake_touching_honour,
    later.finesse_by_the_count,
    following.third_hand_finesse_ace_queen,
    turnup.third_hand_finesse_over_turned_up_honour,
    following.third_hand_high,
    unblocking.unblock_with_four_in_partners_suit,
    # fourth hand
    following.win_as_cheaply_as_possible,
    signals.echo_the_call,
    signals.make_the_call,
    turnup.keep_the_turned_up_card,
    following.second_hand_low,
    following.play_low_when_not_winning,
    following.win_with_lower_of_equals,
)

VOID_ORDER: tuple[Rule, ...] = (
    discards.do_not_ruff_thirteenth_unless_last,
    discards.thirteenth_card_by_leaders_trumps,
    discards.do_not_trump_partners_sure_winner,
    discards.do_not_ruff_partners_winner,
    discards.ruff_with_short_trumps,
    discards.refuse_ruff_to_call,
    discards.ruff_as_cheaply_as_possible,
    discards.keep_trumps_when_not_winning,
    signals.make_the_call,
    discards.keep_guards_against_declared_trumps,
    discards.discard_from_strong_suit_against_trumps,
    discards.discard_from_weakest_suit,
)


#: Every maxim id the engine can cite (the catalogue must define each; tests check both ways).
MAXIMS_USED: tuple[str, ...] = (
    # leads: suit
    "answer-the-call", "call-for-trumps", "return-partners-trump-lead", "crossruff-with-partner",
    "lead-trumps-when-opponents-ruff", "do-not-force-partner-when-weak", "force-the-strong-adversary",
    "keep-trumps-when-trumps-out", "lead-trumps-to-save-the-game",
    "give-partner-the-ruff-for-the-odd-trick", "force-partner-for-the-odd-trick",
    "avoid-suit-opponents-void", "lead-into-partners-void", "own-strong-suit-first", "return-partners-suit",
    "never-return-opponents-suit", "first-discard-shows-weak-suit", "few-trumps-wait-for-call",
    "forced-high-card-is-not-a-call", "draw-trumps-for-strong-suit", "lead-trumps-with-four-or-five",
    "no-thirteenth-card-before-trumps-out", "never-lead-singleton", "never-lead-ace-queen",
    "never-lead-king-doubleton", "doubleton-honour-shows-weakness", "avoid-queen-third", "lead-long-suit",
    # leads: the suit among those the maxims above left equal (the classical books)
    "keep-short-honours-for-re-entry", "pursue-original-lead", "lead-up-to-weakness",
    "lead-four-card-suit-when-in-doubt", "strongest-suit-length-then-honours", "forced-lead-strongest-weak-suit", "turned-up-honour-trump-lead",
    # the turned-up card (old Hoyle; Cavendish: "obvious alterations on account of the trump card")
    "turned-up-card-is-known", "trump-lead-by-turned-up-card", "partners-turned-up-card-in-sequence",
    "third-hand-finesse-over-turned-up-honour", "keep-the-turned-up-card",
    # leads: card
    "lead-highest-trump", "quart-major-lead-king", "coronka-lead-queen", "ace-king-lead-king",
    "ace-fifth-lead-ace", "ace-small-lead-small", "top-of-touching-honours", "king-third-lead-small",
    "strong-suit-top-or-bottom", "fourth-best-from-long-suit", "answer-trumps-low-from-four",
    "quart-major-in-trumps-lead-knave", "ace-king-only-lead-ace", "ace-king-after-ruffing-lead-ace",
    "honours-and-small-trumps-lead-small", "ace-queen-knave-lead-ace", "king-queen-knave-long-lead-knave",
    "under-sequence-lead-lowest", "short-suit-lead-highest", "lead-low-from-long-trumps", "long-suit-lead-lowest",
    # later leads: the card
    "continue-with-next-card", "return-higher-of-two-lowest-of-more",
    # the later tricks read from the play (tutor/conventions/later.py, unblocking.py)
    "run-established-suit-when-trumps-out", "do-not-return-suit-won-cheaply", "lead-partners-discard-against-trumps",
    "second-hand-finesse-ace-queen", "unblock-with-four-in-partners-suit", "finesse-by-the-count",
    # following
    "must-follow-suit", "second-hand-ace-on-honour", "cover-with-fourchette", "cover-honour-with-honour",
    "cover-queen-with-short-king", "second-hand-win-last-chance", "second-hand-with-sequence",
    "do-not-overtake-partners-king", "unblock-ace-doubleton-on-king", "ace-over-partners-queen",
    "ace-passes-partners-queen", "unblock-king-under-ace-queen", "play-to-partners-jack-lead", "play-to-partners-ten-lead",
    "do-not-overtake-touching-honour", "third-hand-finesse-ace-queen",
    "third-hand-high", "win-as-cheaply-as-possible", "echo-the-call", "make-the-call", "second-hand-low",
    "play-low-when-not-winning", "win-with-lower-of-equals",
    # out of the suit led
    "do-not-ruff-thirteenth-unless-last", "thirteenth-card-by-leaders-trumps", "do-not-trump-partners-sure-winner",
    "do-not-ruff-partners-winner", "ruff-with-short-trumps", "refuse-ruff-to-call", "refused-ruff-is-a-call",
    "keep-guards-against-declared-trumps", "discard-from-strong-suit-against-trumps", "discard-from-weakest-suit",
)


class NotYourTurnError(WhistError):
    """Advice was asked for when the student is not the one to play."""


@dataclass(frozen=True)
class Verdict:
    """What is wrong (or not) with one card: ``equal``, ``worse`` or ``bad``, the maxim it breaks
    first, and why, in English and Russian."""

    card: Card
    verdict: EngineVerdict
    maxims: tuple[str, ...]
    why: Text

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        return {"card": str(self.card), "verdict": self.verdict, "maxims": list(self.maxims), "why": self.why[lang]}


@dataclass(frozen=True)
class Advice:
    """The card to play, the maxims behind it (deciding one first), a short explanation from the
    student's seat, and a :class:`Verdict` for every other legal card."""

    card: Card
    maxims: tuple[str, ...]
    explanation: Text
    candidates: tuple[Verdict, ...]
    system: System

    def verdict_for(self, card: Card | str) -> Verdict | None:
        """The verdict on ``card`` (None for the advised card itself)."""
        card = parse_card(card) if isinstance(card, str) else card
        return next((v for v in self.candidates if v.card == card), None)

    def to_json(self, lang: Lang = "en") -> dict[str, Any]:
        """The design's shape: ``{"card", "maxims", "explanation", "candidates", "system"}``."""
        return {
            "card": str(self.card),
            "maxims": list(self.maxims),
            "explanation": self.explanation[lang],
            "candidates": [v.to_json(lang) for v in self.candidates],
            "system": self.system,
        }


def legal_cards(position: SeatView) -> tuple[Card, ...]:
    """The cards the student may play now (empty when it is not his turn)."""
    return position.legal_cards()


@dataclass(frozen=True)
class _Outcome:
    card: Card
    applied: tuple[Finding, ...]
    rejected: Mapping[Card, Finding]
    equal: tuple[Card, ...]


def _order_for(ctx: Context) -> tuple[Rule, ...]:
    cur = ctx.k.current
    if cur is None:
        return LEAD_ORDER
    return FOLLOW_ORDER if ctx.mine(cur.suit_led) else VOID_ORDER


def _decide(ctx: Context) -> _Outcome:
    """Narrow the legal cards rule by rule (see the module docstring)."""
    cands = list(ctx.legal)
    rejected: dict[Card, Finding] = {}
    applied: list[Finding] = []
    accepted: list[frozenset[Card]] = []  # cards an ``accept`` finding declared equally right
    now = replace(ctx, cands=tuple(cands))
    for rule in _order_for(ctx):
        if len(now.cands) != len(cands):  # a rule cut: the next ones see what is left (cands only shrink)
            now = replace(ctx, cands=tuple(cands))
        for f in rule(now):
            if not applies(f.maxim, ctx.system):
                continue
            out = [c for c in cands if c in f.scope and c not in f.keep]
            if any(0 < len(g.intersection(out)) < len(g.intersection(cands)) for g in accepted):
                continue  # it would separate cards a higher rule accepted as equal
            if f.accept and len(f.keep.intersection(cands)) > 1 and len(out) < len(cands):
                accepted.append(f.keep.intersection(cands))
                if not out:
                    applied.append(f)
                    continue
            if not out or len(out) == len(cands):
                continue
            for c in out:
                rejected[c] = f
            cands = [c for c in cands if c not in f.scope or c in f.keep]
            applied.append(f)
    supported = {c for f in applied for c in f.keep}
    preferred: frozenset[Card] = next(
        (f.prefer for f in reversed(applied) if f.prefer & set(cands)), frozenset())
    best = min(cands, key=lambda c: (c not in preferred, c not in supported, c.rank, c.index))
    return _Outcome(best, tuple(applied), MappingProxyType(rejected), tuple(c for c in cands if c != best))


def _context(position: SeatView, system: System, suit: Suit | None = None) -> Context:
    system = parse_system(system)
    if not isinstance(position, SeatView):
        raise WhistError(f"advice needs a SeatView, not {type(position).__name__}")
    k = knowledge(position)
    legal = position.legal_cards()
    if not legal:
        if not k.remaining:
            raise NotYourTurnError("the deal is over: the student has no cards left")
        raise NotYourTurnError(f"it is {k.to_play.name}'s turn to play, not {position.seat.name}'s")
    if suit is not None:
        legal = tuple(c for c in legal if c.suit == suit)
        if not legal:
            raise IllegalPlayError(f"the student cannot play {suit.symbol} now (none held, or another suit was led)")
    return Context(position, k, system, legal)


def _maxims_for(card: Card, applied: tuple[Finding, ...]) -> tuple[str, ...]:
    """The maxims that chose ``card`` (latest cut first), then those that ruled out other suits
    or cards outright; a cut among the cards of another suit says nothing about this one."""
    own = [m for f in reversed(applied) if card in f.scope for m in (f.maxim, *f.also)]
    other = [m for f in reversed(applied) if card not in f.scope and not f.keep for m in (f.maxim, *f.also)]
    return tuple(dict.fromkeys(own + other))


def advise(position: SeatView, system: System = "russian", *, suit: Suit | None = None) -> Advice:
    """The card the maxims of ``system`` recommend, and why every other legal card is worse.

    ``suit`` restricts the question to the cards of one suit ("which card from this suit?"): the
    suit-choosing maxims are then silent and only the card rules speak.

    Raises :class:`NotYourTurnError` when the student is not to play,
    :class:`~tutor.vocab.VocabularyError` for a system other than russian or
    english, and IllegalPlayError when ``suit`` cannot be played now.
    """
    ctx = _context(position, system, suit)
    out = _decide(ctx)
    best = out.card
    maxims = _maxims_for(best, out.applied)
    if not maxims and len(position.legal_cards()) == 1:
        maxims = ("must-follow-suit",)
    explanation = _explain(ctx, out, maxims)
    verdicts: list[Verdict] = []
    for card in ctx.legal:
        if card == best:
            continue
        f = out.rejected.get(card)
        if f is not None:
            why = f.rendered(f.why, card=card, best=best)
            verdicts.append(Verdict(card, f.severity, (f.maxim, *f.also), why))
        else:
            support = tuple(dict.fromkeys(m.maxim for m in reversed(out.applied) if card in m.keep))
            school = next((m for m in reversed(out.applied) if m.accept and card in m.keep and best in m.keep), None)
            if school is not None and school.equal_why is not None:  # another school's card, named
                why = school.rendered(school.equal_why, card=card, best=best)
            elif school is not None:  # the authorities differ: say which school plays this card
                why = say_with("advice.advise.as_good_for_a_school", card=_symbols(card), best=_symbols(best),
                               reason=school.rendered(school.reason, card=card, best=best))
            else:
                why = say_with("advice.advise.as_good", card=_symbols(card), best=_symbols(best))
            verdicts.append(Verdict(card, "equal", support, why))
    return Advice(best, maxims, explanation, tuple(verdicts), system)


def _explain(ctx: Context, out: _Outcome, maxims: tuple[str, ...]) -> Text:
    """A few short sentences from the student's seat: the reasons of the (at most two) last
    maxims that chose the card, or, when none did, of those that ruled the other cards out."""
    best = out.card
    own = [f for f in reversed(out.applied) if best in f.scope]
    if not own:
        own = [f for f in reversed(out.applied) if not f.keep]
    parts: dict[Lang, list[str]] = {lang: [] for lang in LANGS}

    def add(sentence: Text) -> None:
        for lang in LANGS:
            parts[lang].append(sentence[lang])

    if len(ctx.position.legal_cards()) == 1:
        add(say("advice.explain.only_legal_card"))
    chosen: list[Finding] = []
    for f in own:  # the two latest cuts, told in the order they were made (general, then specific)
        if len(chosen) < 2 and all(f.reason is not g.reason or f.fill != g.fill for g in chosen):
            chosen.append(f)
    for f in reversed(chosen):
        for lang in LANGS:
            parts[lang].append(f.render(f.reason, lang, card=best, best=best))
    if len(ctx.legal) > 1 and not any(best in f.scope for f in out.applied):
        add(say("advice.explain.no_maxim_decides"))
    if out.equal:
        others = Text.each(lambda lang: ", ".join(c.symbol(lang) for c in out.equal))
        add(say_with("advice.explain.would_do_as_well", others=others))
    note = None if maxims and maxims[0] in _NOT_A_HOLDING_TABLE else _difference_note(ctx, best)
    if note is not None:
        add(note)
    return Text.each(lambda lang: f"{best.symbol(lang)}: " + " ".join(p for p in parts[lang] if p))


#: Card rules that are no lead table of either system: they apply in both, so the note on how the
#: other system leads from the holding would contradict them.
_NOT_A_HOLDING_TABLE = frozenset({"trump-lead-by-turned-up-card"})


def _symbols(card: Card) -> Text:
    """The card as each language writes it (``♠Q`` / ``♠Д``)."""
    return Text.each(card.symbol)


def _difference_note(ctx: Context, best: Card) -> Text | None:
    """When the student leads from a holding the two systems treat differently, say how: the
    other system's whole lead, decided on the same position (not a card of this suit it would
    never open), and the maxim that makes the difference. The lead from ``7.K853.AQ642.J94`` is
    ♦4 in English whist and ♥3 in Russian whist, because Russian whist does not open A-Q: the
    note names ♥3, not the ♦2 the Russian table would lead if the suit were opened."""
    if ctx.k.current is not None:
        return None
    holding = ctx.mine(best.suit)
    diffs = differences(holding, trump=best.suit == ctx.k.trump, gone=ctx.k.gone)
    if not diffs:
        return None
    d = diffs[0]
    other_system: System = "english" if ctx.system == "russian" else "russian"
    other_out = _decide(replace(ctx, system=other_system, cands=()))
    other = other_out.card
    if other == best:
        return None
    table_card = d.system_b_card if ctx.system == "russian" else d.system_a_card
    if other == table_card:  # the difference of the lead table in this suit
        other_maxim = d.maxims[1] if ctx.system == "russian" else d.maxims[0]
    else:  # the other system leads elsewhere: the maxim that ruled this card out there, else the one that chose its own
        f = other_out.rejected.get(best)
        chosen = _maxims_for(other, other_out.applied)
        other_maxim = f.maxim if f is not None else (chosen[0] if chosen else d.maxims[1 if ctx.system == "russian" else 0])
    from tutor.conventions.catalogue import get_maxim  # the titles, not the ids, reach the learner

    symbols = _symbols(other)
    in_this_suit = len({c.suit for c in ctx.legal}) == 1 < len({c.suit for c in ctx.position.legal_cards()})
    # the other system's own words for its card (why it does not play ours, else why it plays its
    # own): a rule's title alone does not say what it has to do with the hand (issue 26)
    f = other_out.rejected.get(best)
    because: Finding | None = f
    if because is None:
        because = next((g for g in other_out.applied if g.maxim == other_maxim and other in g.keep), None)
    if because is None:
        title = get_maxim(other_maxim).title
        if in_this_suit:  # the question was "which card of this suit?" (``advise(..., suit=...)``): say so
            if ctx.system == "russian":
                return say_with("advice.difference_note.english_in_this_suit_by_rule", other=symbols, title=title)
            return say_with("advice.difference_note.russian_in_this_suit_by_rule", other=symbols, title=title)
        if ctx.system == "russian":
            return say_with("advice.difference_note.english_here_by_rule", other=symbols, title=title)
        return say_with("advice.difference_note.russian_here_by_rule", other=symbols, title=title)
    template = because.why if because is f else because.reason
    why = because.rendered(template, card=best if because is f else other, best=other)
    if in_this_suit:
        if ctx.system == "russian":
            return say_with("advice.difference_note.english_in_this_suit", other=symbols, why=why)
        return say_with("advice.difference_note.russian_in_this_suit", other=symbols, why=why)
    if ctx.system == "russian":
        return say_with("advice.difference_note.english_here", other=symbols, why=why)
    return say_with("advice.difference_note.russian_here", other=symbols, why=why)


def explain_card(position: SeatView, card: Card | str, system: System = "russian") -> Verdict:
    """Why ``card`` is (or is not) the right play: its :class:`Verdict` against the advice.

    The advised card itself gets verdict ``equal`` with the advice's maxims; an illegal card
    ``bad``, citing must-follow-suit. A card the student does not hold raises IllegalPlayError.
    """
    card = parse_card(card) if isinstance(card, str) else card
    ctx = _context(position, system)
    if card not in ctx.k.remaining:
        raise IllegalPlayError(f"{card} is not in the student's hand")
    if card not in ctx.legal:
        cur = ctx.k.current
        assert cur is not None  # a held card is illegal only when it fails to follow a trick in progress
        led = cur.suit_led
        return Verdict(
            card,
            "bad",
            ("must-follow-suit",),
            Text.each(lambda lang: must_follow_suit(card, led, lang)),
        )
    advice = advise(position, system)
    if card == advice.card:
        return Verdict(card, "equal", advice.maxims, advice.explanation)
    verdict = advice.verdict_for(card)
    assert verdict is not None
    return verdict
