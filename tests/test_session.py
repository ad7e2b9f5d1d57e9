"""The deal session: the student at South against robots, dealer rotation, the trump card,
checked cards, claims, partnership draws and the score sheet.

Seeds: 000 «Сдача и партнерство» 3-9, 17; «Масти и взятки» 1; «Правила записи» 2-9; 004
«Раздача карт», «Козырная карта»; 002 (no-trump whist, dummy whist).
"""

from __future__ import annotations

import random

import pytest

from tutor.cards import Card
from tutor.deal import Deal
from tutor.errors import IllegalPlayError
from tutor.seats import Seat, Side
from tutor.session import (
    STUDENT,
    ClaimError,
    PartnerDraw,
    Player,
    Session,
    SessionError,
    SessionOptions,
    StudentCard,
    draw_partners,
)
from tutor.variants import Variant
from tutor.vocab import VocabularyError

# Every hand one whole suit: N spades, E hearts, S diamonds, W clubs. Whoever holds the trumps
# wins all thirteen tricks however anyone plays, so these deals have hand-computable scores.
SUITS = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"



def _session(**kw) -> Session:
    opts = {"seed": 1, "samples": 0}
    opts.update(kw)
    deal = opts.pop("deal", None)
    return Session(SessionOptions(**opts), deal=deal)


def _play_conventionally(session: Session) -> None:
    while not session.finished:
        session.play(session.judge(session.legal_cards()[0]).advised)


def test_first_trick_is_led_by_the_dealers_left():
    """000 «Сдача и партнерство» 17: the first lead belongs to the player left of the dealer."""
    for dealer in Seat:
        s = _session(deal=Deal.random(3, dealer=dealer))
        if dealer.lho == Seat.S:
            assert s.awaiting_student and not s.state.current and not s.moves
        else:
            assert s.moves[0].seat == dealer.lho and s.state.history().startswith(f"{dealer.lho.name}:")


def test_the_deal_passes_to_the_left():
    """004 «Раздача карт»: after each deal the next player to the left deals."""
    s = _session(deal=Deal.random(8, dealer=Seat.E))
    dealers = [s.dealer]
    for _ in range(2):
        _play_conventionally(s)
        if s.sheet.is_over:
            break
        s.next_deal()
        dealers.append(s.dealer)
    assert dealers == [Seat.E, Seat.S, Seat.W][: len(dealers)]


def test_trump_card_lies_on_the_table_until_the_dealers_turn():
    """004 «Козырная карта»; 000 «Сдача» 9: the turned-up card stays face up until the dealer
    plays to the first trick."""
    deal = Deal.random(21, dealer=Seat.S)  # W leads; N, E follow; S (the student) plays last
    s = _session(deal=deal)
    assert s.awaiting_student and len(s.state.current) == 3
    assert s.trump_card_on_table == deal.trump_card
    s.play(s.legal_cards()[0])
    assert s.trump_card_on_table is None


def test_illegal_card_is_refused_citing_the_law():
    """000 «Масти и взятки» 1: «Каждый игрок обязан сносить требуемую масть»."""
    deal = Deal.random(21, dealer=Seat.S)
    s = _session(deal=deal)
    led = s.state.current[0].suit
    mine = s.state.hand(Seat.S)
    assert mine.has_suit(led)
    off = next(c for c in mine if c.suit != led)
    with pytest.raises(IllegalPlayError, match="Масти и взятки"):
        s.play(off)
    assert s.state.hand(Seat.S) == mine  # nothing changed


def _unconventional_card(s: Session) -> Card | None:
    for card in s.legal_cards():
        if not s.judge(card).conventional:
            return card
    return None


def test_unconventional_card_is_flagged_at_once_or_only_in_the_review():
    """The setting flag=now shows the broken maxim at once; flag=review keeps it for the review."""
    for mode in ("now", "review"):
        s = _session(flag=mode, deal=Deal.random(30, dealer=Seat.E))
        while True:
            bad = _unconventional_card(s)
            if bad is not None:
                break
            s.play(s.judge(s.legal_cards()[0]).advised)
        result = s.play(bad)
        assert not result.student.conventional
        assert result.student.broken, "the flag names the maxim broken"
        if mode == "now":
            assert result.flag is result.student
        else:
            assert result.flag is None
            _play_conventionally(s)
            assert any(ln.card == bad for ln in s.review().mistakes)


def test_claim_of_the_rest_when_certain():
    """A claim is accepted when the student on lead cannot lose a trick (PlayState.claim_is_certain):
    S holds all thirteen trumps."""
    s = _session(deal=Deal.from_pbn(SUITS, dealer="E", trump="D"))  # trumps named, no card turned
    assert s.awaiting_student and not s.state.current
    s.claim()
    assert s.finished and s.records[-1].tricks_ns == 13 and s.records[-1].claimed_at == 1


def test_claim_is_refused_when_not_certain():
    """No claim while an opponent could still take a trick."""
    s = _session(deal=Deal.random(4, dealer=Seat.E))
    with pytest.raises(ClaimError):
        s.claim()


def test_undo_takes_back_the_students_card_and_the_robots_after_it():
    """Undo returns to the student's previous turn, the robots' replies taken back too."""
    s = _session(deal=Deal.random(9, dealer=Seat.E))
    before = s.state.history()
    card = s.legal_cards()[0]
    s.play(card)
    assert s.undo() == card
    assert s.state.history() == before and s.awaiting_student


def test_partners_draw_low_cards_together_and_lowest_deals():
    """000 «Сдача и партнерство» 5-6: the low card plays with the low, the lowest deals first."""
    a, b, c = (Player(k, k, k) for k in ("a", "b", "c"))
    draw = PartnerDraw((STUDENT, a, b, c), tuple(Card.parse(x) for x in ("HK", "C3", "SA", "D2")))
    assert set(draw.low_pair) == {a, c}
    assert draw.partner_of(STUDENT) == b and draw.first_dealer == c
    seats = draw.seating()
    assert seats[Seat.S] == STUDENT and seats[Seat.N] == b and {seats[Seat.E], seats[Seat.W]} == {a, c}


def test_partner_draw_redraws_ties():
    """A tie in rank decides nothing, so the cards are drawn again."""
    for seed in range(200):
        d = draw_partners(random.Random(seed), (STUDENT,) + tuple(Player(k, k, k) for k in "abc"))
        assert len({c.rank for c in d.cards}) == 4


def test_full_robber_score_sheet_matches_hand_computed_russian_rules():
    """000 «Правила записи» 2-9, «Порядок карт и роберы» 6-7: three deals in which the trump
    holder takes all 13 tricks whatever is played.

    Deal 1 (E deals, hearts): EW leve 7×2=14 below; EW honours 5 (all five); coronkas of 13 cards
    from the ace: plain 20+8×5=60 (N ♠, S ♦ for NS; W ♣ for EW), trumps doubled 120 (E ♥);
    grand slam +20; partie +5 to EW. NS 120, EW 14+5+120+60+20+5=224 → netted EW 104.
    Deal 2 (S deals, diamonds): the mirror for NS → NS 104. Deal 3 (W deals, clubs): EW 104,
    EW wins two parties of three → robber +10. Totals NS 104, EW 218."""
    s = _session(deal=Deal.from_pbn(SUITS, dealer="E", trump_card="H2"))
    for dealer, trump in (("S", "D2"), ("W", "C2")):
        _play_conventionally(s)
        assert not s.sheet.is_over
        s.next_deal(Deal.from_pbn(SUITS, dealer=dealer, trump_card=trump))
    _play_conventionally(s)
    sheet = s.sheet
    assert [r.tricks_ns for r in s.records] == [0, 13, 0]
    assert [g.winner for g in sheet.games] == [Side.EW, Side.NS, Side.EW]
    assert [dict(g.result) for g in sheet.games] == [
        {Side.NS: 0, Side.EW: 104}, {Side.NS: 104, Side.EW: 0}, {Side.NS: 0, Side.EW: 104}]
    first = sheet.games[0]
    assert first.total(Side.EW, "below") == 14 and first.total(Side.EW, "above") == 5 + 120 + 60 + 20 + 5
    assert first.total(Side.NS, "above") == 120
    assert sheet.is_over and sheet.winner is Side.EW
    assert sheet.totals == {Side.NS: 104, Side.EW: 218}


def test_new_partnership_draw_after_each_robber():
    """000 «Сдача и партнерство» 3: «После каждого робера обязательна пересадка» — the next deal
    begins a new robber with a new draw and a new score sheet. E holds all the trumps twice
    running, so EW win two parties running (000 «Порядок карт и роберы» 6)."""
    s = _session(deal=Deal.from_pbn(SUITS, dealer="E", trump_card="H2"))
    first_draw = s.draw
    _play_conventionally(s)
    s.next_deal(Deal.from_pbn(SUITS, dealer="E", trump_card="H2"))
    _play_conventionally(s)
    assert s.sheet.is_over and s.sheet.winner is Side.EW and s.robber == 1
    s.next_deal()
    assert s.robber == 2 and len(s.sheets) == 2 and not s.sheet.games
    assert s.draw is not first_draw
    assert s.partner == s.draw.partner_of(STUDENT)
    assert s.dealer == next(seat for seat, p in s.seating.items() if p == s.draw.first_dealer)


def test_dummy_whist_student_chooses_the_dummys_cards():
    """000 «"Болваны" в висте»; 002: with three players one hand lies open and its partner plays it."""
    s = _session(variant=Variant(dummy=True), deal=Deal.random(12, dealer=Seat.W))  # N leads
    assert s.awaiting_student and s.state.to_play == Seat.N
    assert set(s.robots) == {Seat.E, Seat.W}
    hands = s.visible_hands()
    assert hands[Seat.N] == s.state.hand(Seat.N) and isinstance(hands[Seat.E], int)
    _play_conventionally(s)
    seats = {m.seat for m in s.records[-1].moves if isinstance(m, StudentCard)}
    assert seats == {Seat.N, Seat.S}


def test_no_trump_whist_turns_up_no_card_and_scores_aces_as_honours():
    """002: «Грають віст без козирів. Онер є тузи. Коронки вважаються всі як козирні.»"""
    s = _session(variant=Variant(no_trump=True), deal=Deal.from_pbn(SUITS, dealer="E", trump_card="H2"))
    assert s.deal.trump is None and s.trump_card_on_table is None
    _play_conventionally(s)
    items = s.last_score.items
    # Without trumps the diamonds S leads are never beaten: S takes all thirteen tricks.
    assert s.records[-1].tricks_ns == 13
    coronka = {side: sum(i.points for i in items if i.side is side and i.what == "coronka") for side in Side}
    assert coronka == {Side.NS: 120 + 120, Side.EW: 120 + 120}  # every run doubled, as a trump one
    # The aces are the honours: two a side score nothing (3 → 2, 4 → 4 in the russian scale).
    assert not [i for i in items if i.what == "honours"]
    assert [(i.side, i.points) for i in items if i.what == "grand-slam"] == [(Side.NS, 20)]


def test_session_options_reject_bad_settings():
    """Bad settings are refused with a WhistError (one clear line in the CLI)."""
    with pytest.raises(SessionError):
        SessionOptions(flag="sometimes")
    with pytest.raises(VocabularyError, match="unknown convention system 'klingon'"):
        SessionOptions(system="klingon")


PUZZLE_YAML = '''
puzzles:
  - id: play-out-honours
    title: {en: "Counting honours", ru: "Счёт онеров"}
    themes: [honours]
    difficulty: 2
    rules: russian
    dealer: E
    trump: H9
    hand: 8742.J85.K95.AK3
    deal: "N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75"
    question: honours
    ask: honours-points-ns
    answer: 2
    maxims: [honours-five]
    hints:
      - {en: "Count A K Q J 10 of hearts on your side.", ru: "Сосчитайте Т К Д В 10 червей у вашей стороны."}
    explanation: {en: "A, K of hearts with North, J with South: three honours, 2 points.", ru: "Три онера: 2 очка."}
'''


def test_session_plays_out_a_puzzles_whole_deal():
    """A puzzle that gives the whole deal can be played out from its first trick; its honours
    score as 000 REC 3 says (three honours for N-S → 2 points)."""
    from tutor.content.loader import parse_text

    loaded = parse_text(PUZZLE_YAML, "inline.yaml")
    assert not loaded.problems, loaded.problems
    puzzle = loaded.puzzles[0].item
    s = Session.from_puzzle(puzzle, SessionOptions(samples=0))
    assert s.deal == puzzle.full_deal() and s.state.hand(Seat.S) == puzzle.student_hand
    _play_conventionally(s)
    assert [(i.side, i.points) for i in s.last_score.items if i.what == "honours"] == [(Side.NS, 2)]


def test_session_refuses_a_puzzle_without_the_whole_deal():
    """A puzzle that gives only South's hand cannot be played out."""
    from tutor.content.loader import parse_text

    text = PUZZLE_YAML.replace('    deal: "N:AQ5.AK42.T73.J84 KJ9.QT9.AQ8.T962 8742.J85.K95.AK3 T63.763.J642.Q75"\n', "")
    text = text.replace("question: honours\n    ask: honours-points-ns\n    answer: 2", "question: lead\n    answer: S2")
    puzzle = parse_text(text, "inline.yaml").puzzles[0].item
    with pytest.raises(SessionError):
        Session.from_puzzle(puzzle, SessionOptions(samples=0))


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tutor.variants import VariantError, parse_variant  # noqa: E402


@given(st.lists(st.sampled_from(["dummy", "no-trump", "nt", "classic", "болван"]), max_size=4))
def test_variant_names_combine_with_plus(parts):
    """002: dummy whist and no-trump whist are separate options that combine."""
    v = parse_variant("+".join(parts))
    assert v.dummy == any(p in ("dummy", "болван") for p in parts)
    assert v.no_trump == any(p in ("no-trump", "nt") for p in parts)
    assert parse_variant(v.name) == v


@given(st.text(max_size=20))
def test_variant_parser_raises_only_variant_errors(text):
    """Any text either names a variant or is refused with a VariantError (one clear line)."""
    try:
        parse_variant(text)
    except VariantError:
        pass


def test_humbug_is_its_own_table_not_a_four_hand_session():
    """002 describes humbug (two players exchanging hands): the variant is read, and the four-hand
    session refuses it, naming the Humbug session (tests/test_humbug.py plays it)."""
    assert parse_variant("humbug").humbug and parse_variant("humbug+nt").no_trump
    with pytest.raises(SessionError, match="HumbugSession"):
        Session(SessionOptions(variant=parse_variant("humbug")))
