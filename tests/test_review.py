"""The review after a deal: the student's card, the conventional card and its maxim, and the
double-dummy tricks before and after each card (000, first section: «не поленитесь
проанализировать ход только что сыгранной партии»).
"""

from __future__ import annotations

from tutor.deal import Deal
from tutor.play import PlayState
from tutor.seats import Seat, Side
from tutor.session import Session, SessionOptions
from tutor.solver import solve


def _worst_dd_card(session: Session):
    """The legal card that loses the most tricks double-dummy (and that loss), from the full deal."""
    sol = solve(session.state)
    card = min(sol.tricks, key=lambda c: (sol.tricks[c], c.index))
    return card, sol.best - sol.tricks[card]


def test_scripted_deal_review_lists_the_deliberate_mistakes():
    """A whole deal played through the session API: conventional cards everywhere except two
    deliberate mistakes -- a card against the maxims, and the worst card double-dummy. The review
    lists both, with the maxim broken and the exact cost in tricks."""
    session = Session(SessionOptions(seed=5, samples=0, flag="review"), deal=Deal.random(2024, dealer=Seat.E))
    against_maxims = None
    dd_blunder = None
    turn = 0
    while not session.finished:
        turn += 1
        judged = [session.judge(c) for c in session.legal_cards()]
        bad = [j for j in judged if not j.conventional]
        if against_maxims is None and turn >= 2 and bad:
            pick = bad[0]
            against_maxims = (session.state.trick_number, pick.card)
            session.play(pick.card)
            continue
        if dd_blunder is None and against_maxims is not None:
            card, loss = _worst_dd_card(session)
            if loss > 0:
                dd_blunder = (session.state.trick_number, card, loss)
                session.play(card)
                continue
        session.play(judged[0].advised)
    assert against_maxims is not None and dd_blunder is not None, "the script found no mistake to make"

    review = session.review()
    by_card = {(ln.trick, ln.card): ln for ln in review.lines}
    m1 = by_card[against_maxims]
    assert not m1.conventional and m1.broken and m1 in review.mistakes
    assert m1.advised != m1.card
    m2 = by_card[dd_blunder[:2]]
    assert m2.cost == dd_blunder[2] and m2 in review.mistakes
    others = [ln for ln in review.lines if (ln.trick, ln.card) not in (against_maxims, dd_blunder[:2])]
    assert all(ln.card == ln.advised for ln in others)
    assert review.conventional >= len(others)
    assert review.tricks_lost == sum(ln.cost for ln in review.lines) >= dd_blunder[2]
    assert all(ln.dd_before >= ln.dd_after for ln in review.lines)
    assert review.tricks_won == session.records[-1].tricks_ns
    assert len(review.tricks) == 13 and len(review.lines) == 13
    text = review.text("ru")
    assert "Взято" in text and str(m1.card.symbol("ru")) in text


def test_review_counts_double_dummy_par_for_the_students_side():
    """Par is the student's side's best count from the first card, whoever leads."""
    deal = Deal.random(77, dealer=Seat.S)  # W (an opponent) leads
    session = Session(SessionOptions(seed=1, samples=0), deal=deal)
    while not session.finished:
        session.play(session.judge(session.legal_cards()[0]).advised)
    review = session.review()
    start = solve(PlayState(deal))
    assert start.to_play == Seat.W
    assert review.dd_par == 13 - start.best and review.side is Side.NS


def test_review_json_shape():
    """The JSON the terminal's --json prints: summary numbers, mistakes, tricks."""
    session = Session(SessionOptions(seed=2, samples=0), deal=Deal.random(3, dealer=Seat.E))
    while not session.finished:
        session.play(session.legal_cards()[-1])
    data = session.review().as_json()
    assert set(data) >= {"tricks_won", "dd_par", "conventional", "cards", "tricks_lost", "mistakes", "tricks"}
    assert len(data["tricks"]) == 13
    assert all({"card", "advised", "dd_before", "dd_after", "cost"} <= set(m) for m in data["mistakes"])


def test_the_review_names_a_rule_for_every_card_and_no_first_discard_for_a_later_one():
    """Defect 22: the review's «Правило» cell was empty for trick 12 (no maxim decides there), and
    «Первый сброс — из самой слабой масти» was given for every later discard, even ♣5 against ♣2
    within one suit. The cell now says what decided -- a maxim, or the engine's "only card" / "no
    maxim decides" -- and the discard rule's title is its scope (Cavendish ch. 28: the lowest of
    the weakest suit, for any discard)."""
    from tutor.cards import parse_card
    from tutor.conventions.catalogue import get_maxim
    from tutor.records import StudentCard
    from tutor.review import ReviewLine
    from tutor.ui.play_page import ptext, rule_cell

    def line(maxims: tuple[str, ...], explanation: dict[str, str]) -> ReviewLine:
        card = parse_card("C5")
        return ReviewLine(StudentCard(12, Seat.S, card, card, maxims, "best", explanation=explanation), 3, 3)

    said = {"en": "♣5: It is your only legal card.", "ru": "♣5: Это единственная карта, которой можно сыграть."}
    assert rule_cell(line((), said), "ru") == "Это единственная карта, которой можно сыграть."
    assert rule_cell(line((), {"en": "", "ru": ""}), "ru") == ptext("rule_none", "ru")
    assert rule_cell(line(("discard-from-weakest-suit",), said), "ru") == get_maxim("discard-from-weakest-suit").title["ru"]
    assert "Первый" not in get_maxim("discard-from-weakest-suit").title["ru"]
    assert "first" not in get_maxim("discard-from-weakest-suit").title["en"].lower()
