"""Honours, coronkas and the score of one deal, rule by rule (seeds 000, 002, 004; Short Whist)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cards import CARDS, Card, Hand, Suit
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.scoring import (
    Coronka,
    ScoreError,
    ScoreItem,
    coronkas,
    honours,
    parse_standing,
    parse_tricks,
    score_deal,
)
from tutor.seats import Seat, Side


# -- deals with chosen holdings ---------------------------------------------------------------
def base_hands() -> dict[Seat, list[Card]]:
    """Rank r of suit s goes to seat (r + s) % 4: 13 cards a hand, no two top cards of a suit in
    one hand (so no coronka), trump honours split 3/2 between the sides."""
    hands: dict[Seat, list[Card]] = {s: [] for s in Seat}
    for card in CARDS:
        hands[Seat((card.rank + card.suit) % 4)].append(card)
    return hands


def deal_with(trump: str | None = "H", dealer: str = "E", **holdings: str) -> Deal:
    """A full deal where each named seat holds the given cards (``N="SA SK SQ"``); each wanted
    card is exchanged for the lowest unwanted card of the receiving hand."""
    hands = base_hands()
    wanted = {Seat[k]: {Card.parse(c) for c in v.split()} for k, v in holdings.items()}
    every: set[Card] = set().union(*wanted.values()) if wanted else set()
    for seat, cards in wanted.items():
        for card in sorted(cards, key=lambda c: c.index):
            if card in hands[seat]:
                continue
            owner = next(s for s in Seat if card in hands[s])
            spare = min((c for c in hands[seat] if c not in every), key=lambda c: (c.rank, c.suit))
            hands[seat].remove(spare)
            hands[owner].remove(card)
            hands[seat].append(card)
            hands[owner].append(spare)
    return Deal({s: Hand(h) for s, h in hands.items()}, dealer=dealer, trump=trump)


def items(ds, what: str) -> list[ScoreItem]:
    return [i for i in ds.items if i.what == what]


# -- honours (russian) -------------------------------------------------------------------------
def test_three_honours_score_two():
    """000 REC 3: "за три — 2"."""
    d = deal_with("H", N="HA HK", S="HQ", E="HJ HT")
    h = honours(d, "russian")
    assert (h[Side.NS].honours, h[Side.NS].points) == (3, 2)
    assert (h[Side.EW].honours, h[Side.EW].points) == (2, 0)


def test_four_honours_score_four():
    """000 REC 3: "за четыре онера — 4 очка"."""
    d = deal_with("S", E="SA SK SQ", W="SJ", N="ST")
    assert honours(d)[Side.EW].points == 4


def test_five_honours_split_between_partners_score_five():
    """000 REC 3: "все пять фигур, находящиеся у одного игрока или разделившиеся на двоих партнеров"."""
    d = deal_with("D", N="DA DQ DT", S="DK DJ")
    assert (honours(d)[Side.NS].honours, honours(d)[Side.NS].points) == (5, 5)
    assert honours(d)[Side.EW].points == 0


def test_honours_are_only_trumps():
    """000 REC 3 counts the honours of the trump suit: other suits' A K Q J 10 do not count."""
    d = deal_with("C", N="SA SK SQ SJ ST", E="CA CK CQ", W="CJ", S="CT")
    h = honours(d)
    assert h[Side.EW].honours == 4 and h[Side.NS].honours == 1


def test_honours_scored_whoever_wins_the_tricks():
    """000 REC 1: honours are written above the line apart from the tricks (леве)."""
    d = deal_with("H", E="HA HK HQ HJ", N="HT")
    ds = score_deal(d, "NS=9", "russian")
    assert [(i.side, i.points, i.where) for i in items(ds, "honours")] == [(Side.EW, 4, "above")]
    assert [(i.side, i.points, i.where) for i in items(ds, "leve")] == [(Side.NS, 6, "below")]


def test_no_trump_aces_are_the_honours():
    """002: "Грають віст без козирів. Онер є тузи"."""
    d = deal_with(None, N="SA HA", S="DA")
    h = honours(d, "russian")
    assert h.cards == ("SA", "HA", "DA", "CA")
    assert (h[Side.NS].honours, h[Side.NS].points) == (3, 2)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), trump=st.sampled_from(list(Suit)))
def test_only_one_side_can_score_russian_honours(seed, trump):
    """000 REC 3: five honours split between two sides, so exactly one side holds three or more;
    its points are 2, 4 or 5, the other side's 0."""
    d = Deal.random(seed)
    d = Deal(d.hands, dealer=d.dealer, trump=trump)
    h = honours(d, "russian")
    assert h[Side.NS].honours + h[Side.EW].honours == 5
    scoring = [s for s in (Side.NS, Side.EW) if h[s].points > 0]
    assert len(scoring) == 1
    assert h[scoring[0]].points in {2, 4, 5}
    assert h[scoring[0].other].points == 0
    assert {h[Side.NS].points, h[Side.EW].points} <= {0, 2, 4, 5}


# -- coronkas -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cards,stop,length,plain,trump",
    [
        ("SA SK SQ", "SJ", 3, 5, 10),
        ("SA SK SQ SJ", "ST", 4, 10, 20),
        ("SA SK SQ SJ ST", "S9", 5, 20, 40),
        ("SA SK SQ SJ ST S9", "S8", 6, 25, 50),
        ("SA SK SQ SJ ST S9 S8", "S7", 7, 30, 60),
    ],
)
def test_coronka_points_plain_and_trump(cards, stop, length, plain, trump):
    """000 REC 9: A-K-Q 5 (trumps 10), to the jack 10 (20), to the ten 20 (40), then +5 (+10)
    a card; matches 002's "A down to 8 = 25/50" only for the run A..9 -- see the next test."""
    plain_deal = deal_with("H", N=cards, E=stop)
    assert [c for c in coronkas(plain_deal) if c.seat is Seat.N] == [Coronka(Seat.N, Suit.S, length, False, plain)]
    trump_deal = deal_with("S", N=cards, E=stop)
    assert [c for c in coronkas(trump_deal) if c.seat is Seat.N] == [Coronka(Seat.N, Suit.S, length, True, trump)]


def test_coronka_beyond_the_ten_adds_five_per_card():
    """000 REC 9 "от туза до восьмерки включительно, прибавляя к каждой некозырной карте по 5
    очков, а к козырной — по 10"; 002 gives the same step ("до кожної зайвої ... по 5 ... по 10")."""
    from tutor.rulesets import RUSSIAN

    scale = RUSSIAN.coronkas
    for n in range(6, 14):
        assert scale.points(n, False) - scale.points(n - 1, False) == 5
        assert scale.points(n, True) - scale.points(n - 1, True) == 10


def test_coronka_needs_the_ace_in_one_hand():
    """000 REC 9 / HNT 11: a coronka is a run from the ace in one hand; K-Q-J or A-K + Q with
    partner is none."""
    d = deal_with("H", N="SK SQ SJ ST", S="DA DK", W="SA", E="DQ")
    assert coronkas(d) == []


def test_coronkas_in_every_suit_and_hand_are_counted():
    """000 REC 9: coronkas are scored in any suit, for either side."""
    d = deal_with("C", N="SA SK SQ", E="CA CK CQ CJ SJ", S="CT")
    got = {(c.seat, c.suit): c.points for c in coronkas(d)}
    assert got == {(Seat.N, Suit.S): 5, (Seat.E, Suit.C): 20}


def test_no_trump_coronkas_count_double():
    """002: "Коронки вважаються всі як козирні, тобто мають подвійний рахунок"."""
    d = deal_with(None, W="DA DK DQ")
    assert [(c.seat, c.points, c.trump) for c in coronkas(d)] == [(Seat.W, 10, False)]


def test_other_rulesets_have_no_coronkas():
    """001 §8, 004, Short Whist: coronkas are a russian scoring rule only."""
    d = deal_with("H", N="SA SK SQ SJ")
    for name in ("english-short", "simple", "american"):
        assert coronkas(d, name) == []


# -- leve and slams -----------------------------------------------------------------------------
@pytest.mark.parametrize("ns,leve_ns,leve_ew", [(7, 2, 0), (8, 4, 0), (6, 0, 2), (3, 0, 8), (0, 0, 14)])
def test_two_points_per_trick_over_six(ns, leve_ns, leve_ew):
    """000 REC 4: "за каждую лишнюю взятку (леве), взятую свыше шести обязательных, записывается по 2 очка"."""
    ds = score_deal(deal_with("H"), ns, "russian")
    assert ds.below == {Side.NS: leve_ns, Side.EW: leve_ew}


def test_small_slam_twelve_below_ten_above():
    """000 REC 5: twelve tricks, "малый шлем": 12 for the leve and 10 to the honours."""
    ds = score_deal(deal_with("H"), "NS=12", "russian")
    assert [(i.side, i.points, i.where) for i in items(ds, "leve")] == [(Side.NS, 12, "below")]
    assert [(i.side, i.points, i.where) for i in items(ds, "small-slam")] == [(Side.NS, 10, "above")]
    assert items(ds, "grand-slam") == []


def test_grand_slam_fourteen_below_twenty_above():
    """000 REC 6: thirteen tricks, "большой шлем": 14 for the leve and 20 to the honours."""
    ds = score_deal(deal_with("H"), "EW=13", "russian")
    assert [(i.side, i.points) for i in items(ds, "leve")] == [(Side.EW, 14)]
    assert [(i.side, i.points, i.where) for i in items(ds, "grand-slam")] == [(Side.EW, 20, "above")]


def test_slams_score_nothing_extra_outside_russian_rules():
    """001 §8, 004 "Игра": one point per trick over six and nothing for a slam."""
    for name in ("simple", "american", "english-short"):
        ds = score_deal(deal_with("H"), "NS=13", name)
        assert items(ds, "grand-slam") == [] and items(ds, "odd-tricks")[0].points == 7


# -- revoke -------------------------------------------------------------------------------------
def test_revoke_five_points_to_the_opponents():
    """000 "Масти и взятки" 4: a revoke "штрафуется на пять очков в пользу противника"."""
    ds = score_deal(deal_with("H"), "NS=8", "russian", revokes=["EW"], revoke_penalty="points")
    assert [(i.side, i.points, i.where) for i in items(ds, "revoke")] == [(Side.NS, 5, "above")]
    assert ds.tricks_of("NS") == 8


def test_revoke_or_three_tricks_taken_by_the_opponents():
    """000 "Масти и взятки" 4: "или на три взятки, которые контрпартнеры могут взять себе"."""
    ds = score_deal(deal_with("H"), "NS=6", "russian", revokes=[Seat.E], revoke_penalty="tricks")
    assert ds.tricks_of(Side.NS) == 9 and ds.transferred == ((Side.NS, 3),)
    assert [(i.side, i.points) for i in items(ds, "leve")] == [(Side.NS, 6)]
    assert items(ds, "revoke") == []


def test_american_revoke_transfers_two_tricks_and_stops_at_six():
    """004 "Ренонсирование": two tricks pass to the opponents; the revoking side cannot win the
    game on that deal (game is seven)."""
    ds = score_deal(deal_with("H"), "NS=13", "american", revokes=["NS"])
    assert ds.tricks_of("NS") == 11 and ds.tricks_of("EW") == 2
    assert ds.below[Side.NS] == 5
    ds = score_deal(deal_with("H"), "NS=13", "american", revokes=["NS"], standing="NS=4")
    assert ds.below[Side.NS] == 2  # 4 + 5 would win the game: held at 6
    assert Side.NS in ds.blocked


def test_american_law_has_no_points_penalty():
    """004 "Ренонсирование" knows only the transfer of two tricks."""
    with pytest.raises(ScoreError, match="2 tricks"):
        score_deal(deal_with("H"), "NS=7", "american", revokes=["EW"], revoke_penalty="points")


def test_simple_rules_replay_a_revoked_trick():
    """001 §7: at home a revoked trick is taken back and replayed, so there is no penalty to score."""
    with pytest.raises(ScoreError, match="replayed"):
        score_deal(deal_with("H"), "NS=7", "simple", revokes=["EW"])


# -- english short whist -----------------------------------------------------------------------
def test_english_four_honours_score_four_three_score_two():
    """Laws of Short Whist 3: the four honours 4 points, any three 2; the ten is no honour."""
    d = deal_with("H", N="HA HK", S="HQ HJ", E="HT")
    assert honours(d, "english-short")[Side.NS] .to_json() == {"honours": 4, "points": 4}
    d = deal_with("H", N="HA HK", E="HQ", S="HJ", W="HT")
    h = honours(d, "english-short")
    assert (h[Side.NS].honours, h[Side.NS].points, h[Side.EW].honours) == (3, 2, 1)


def test_english_honours_count_towards_game():
    """Laws of Short Whist 2-3: honours and tricks both score points towards the game of five."""
    d = deal_with("H", E="HA HK HQ HJ", N="HT")
    ds = score_deal(d, "NS=8", "english-short")
    assert [(i.side, i.what, i.points, i.where) for i in ds.items] == [
        (Side.NS, "odd-tricks", 2, "below"), (Side.EW, "honours", 4, "below")]


def test_side_at_four_cannot_score_honours():
    """Laws of Short Whist 4: players at the score of four cannot score honours."""
    d = deal_with("H", E="HA HK HQ HJ")
    ds = score_deal(d, "NS=8", "english-short", standing={"EW": 4})
    assert items(ds, "honours") == [] and Side.EW in ds.barred
    ds = score_deal(d, "NS=8", "english-short", standing={"EW": 3})
    assert [i.points for i in items(ds, "honours")] == [4]


def test_english_revoke_three_tricks_and_no_game():
    """Laws of Short Whist 72-74: three tricks to the opponents (or three points); the revoking
    side cannot win the game on that deal."""
    ds = score_deal(deal_with("H"), "EW=12", "english-short", revokes=["EW"], standing="EW=2")
    assert ds.tricks_of("EW") == 9 and ds.below[Side.EW] == 2
    ds = score_deal(deal_with("H"), "NS=7", "english-short", revokes=["EW"], revoke_penalty="points")
    assert [(i.side, i.points, i.where) for i in items(ds, "revoke")] == [(Side.NS, 3, "below")]
    assert ds.items[0].what == "revoke"  # the penalty takes precedence (law 5)


def test_simple_rules_score_tricks_only():
    """001 §1 and §8: one point per trick over six; "дополнительные очки за старшие козыри не начисляются"."""
    d = deal_with("H", N="HA HK HQ HJ HT SA SK SQ")
    ds = score_deal(d, "NS=9", "simple")
    assert [(i.side, i.what, i.points) for i in ds.items] == [(Side.NS, "odd-tricks", 3)]
    assert honours(d, "simple").to_json() == {"NS": {"honours": 0, "points": 0}, "EW": {"honours": 0, "points": 0}}


def test_honours_need_the_full_deal():
    """000 REC 3 counts the honours dealt, so an ending of a few cards cannot be scored."""
    ending = Deal.from_pbn("N:A... K... Q... J...", trump="S")
    with pytest.raises(ScoreError):
        honours(ending)


# -- parsers ------------------------------------------------------------------------------------
@given(side=st.sampled_from(["NS", "EW", "ns", "ew", "SN", "WE"]), n=st.integers(0, 13),
       sep=st.sampled_from(["=", ":"]), both=st.booleans())
def test_tricks_are_read_for_either_side(side, n, sep, both):
    """001 §8 example "8–5 → 2:0": the tricks of one side give the other's as 13 minus."""
    ns = n if side.upper() in ("NS", "SN") else 13 - n
    text = f"{side}{sep}{n}" + (f",EW={13 - ns}" if both else "")
    assert parse_tricks(text) == ns


@given(st.text(max_size=12))
def test_bad_tricks_raise_a_whist_error(text):
    """Bad --tricks (NS=14, XX=3, anything) is reported as one clear error, never a crash."""
    try:
        ns = parse_tricks(text)
    except WhistError:
        return
    assert 0 <= ns <= 13


@pytest.mark.parametrize("bad", ["NS=14", "XX=3", "NS=8,EW=6", "eight", "", "NS=-1"])
def test_impossible_tricks_are_refused(bad):
    """A side takes 0 to 13 tricks and the two sides share 13 (000 "Масти и взятки")."""
    with pytest.raises(ScoreError):
        parse_tricks(bad)


def test_standing_is_read():
    """Laws of Short Whist 4 needs the score before the deal: ``NS=4,EW=2``."""
    assert parse_standing("NS=4,EW=2") == {Side.NS: 4, Side.EW: 2}
    assert parse_standing(None) == {Side.NS: 0, Side.EW: 0}
    with pytest.raises(ScoreError):
        parse_standing("NS=four")


def test_every_score_entry_names_a_catalogued_maxim_where_there_is_one():
    """maxims.md «Honours and coronkas» and «Laws»: scoring entries cite honours-five, coronka,
    slam-bonus, leve-below-line, partie-and-robber, honours-english-short and the revoke laws."""
    from tutor.conventions.catalogue import check_ids
    from tutor.scoring import _ITEM_MAXIMS, item_maxim

    check_ids([m for table in _ITEM_MAXIMS.values() for m in table.values()])
    assert item_maxim("honours", "russian") == "honours-five"
    assert item_maxim("honours", "english-short") == "honours-english-short"
    assert item_maxim("revoke", "american") == "revoke-penalty-american"
    assert item_maxim("leve", "simple") is None
    deal = deal_with("S", N="SA SK SQ SJ")
    scored = score_deal(deal, 12, "russian")
    assert scored.maxims[0] == "leve-below-line" and "slam-bonus" in scored.maxims
    assert scored.to_json()["maxims"] == list(scored.maxims)


def test_standing_naming_a_side_twice_is_refused() -> None:
    """A standing names each side once: ``NS=4,NS=2`` is an error, not the last value."""
    with pytest.raises(ScoreError, match="twice"):
        parse_standing("NS=4, ns=2")
    assert parse_standing("NS=4, EW=2")
