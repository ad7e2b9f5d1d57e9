"""Cayenne, named by 002 («Кайон»), played by the rules of Foster's Complete Hoyle ("Cayenne, or
Cayenne Whist") and Parlett's Penguin Book of Card Games ("Cayenne"). Each test is named after the
source's sentence it checks, quoted in its docstring."""

from __future__ import annotations

import io
import json
import time

import pytest

from tutor.cards import Card, Hand, Suit
from tutor.cayenne import (
    CAYENNE_RULES,
    DECLARATIONS,
    MULTIPLIER,
    CayenneError,
    CayenneSheet,
    Contract,
    colours,
    declaration_of,
    declare,
    honours_held,
    score_cayenne,
)
from tutor.cayenne_robot import NULLO_RULE, NulloRobot
from tutor.cayenne_session import CayenneSession
from tutor.cli import main
from tutor.commands.play_deal import play_loop
from tutor.deal import Deal
from tutor.play import PlayState, parse_history
from tutor.robots import Robot
from tutor.seats import Seat, Side
from tutor.seatview import SeatView
from tutor.session import SessionError, SessionOptions
from tutor.variants import VariantError, parse_variant

CAYENNE = parse_variant("cayenne")
#: North AKQ of hearts, South J 10: North-South hold all five honours of hearts.
DEAL = Deal.from_pbn("N:AKQ2.AKQ.432.432 JT98.765.765.765 7654.JT9.AKQ.AKQ 3.8432.JT98.JT98", dealer="E")


def _session(seed: int, **over: object) -> CayenneSession:
    return CayenneSession(SessionOptions(variant=CAYENNE, samples=0, seed=seed, **over))  # type: ignore[arg-type]


def test_the_dealer_has_the_first_say_his_partner_must_decide_one_way_or_the_other():
    """Foster: «The dealer has the first say ... if he has not a hand to justify him in deciding, he
    should leave the selection to his partner, who must decide one way or the other»: the learner as
    dealer may leave it to his partner; as the partner he may not pass."""
    seen_dealer = seen_partner = False
    for seed in range(40):
        s = _session(seed)
        if s.awaiting_declaration and s.caller == s.dealer == Seat.S and not seen_dealer:
            s.declare("pass")
            assert s.calls[-1][0] == Seat.N and s.contract is not None and s.contract.named_by == Seat.N
            seen_dealer = True
        elif s.awaiting_declaration and s.caller == Seat.S != s.dealer and not seen_partner:
            assert s.calls[0][0] == Seat.N and s.calls[0][1].declaration is None  # North left it to him
            with pytest.raises(CayenneError, match="must decide"):
                s.declare("pass")
            s.declare("grand")
            assert s.contract == Contract(s.cayenne, "grand", Seat.S) and s.deal.trump is None
            seen_partner = True
        if seen_dealer and seen_partner:
            break
    assert seen_dealer and seen_partner


def test_no_card_is_turned_up_the_cayenne_suit_is_cut_from_the_second_pack():
    """Parlett: the cayenne suit is the suit of a card cut from a second pack; thirteen cards each and
    none turned up: at the cayenne contract that suit is trumps, at grand and nullo none is."""
    for seed in range(8):
        s = _session(seed)
        if s.awaiting_declaration:
            s.declare("cayenne")
        assert s.deal.trump_card is None and all(len(h) == 13 for h in s.deal.hands)
        assert s.deal.trump == s.contract.trump
        assert (s.contract.trump == s.cayenne) == (s.contract.declaration == "cayenne")


def test_the_side_taking_most_tricks_counts_a_basic_1_point_per_odd_trick_times_four_at_cayenne():
    """Parlett: «the side taking most tricks in a suit contract counts a basic 1 point per odd trick»,
    multiplied by the cayenne suit's value, four."""
    score = score_cayenne(DEAL, Contract(Suit.S, "cayenne", Seat.E), tricks_ns=9)
    assert [(i.side, i.what, i.points) for i in score.items][0] == (Side.NS, "odd-tricks", 12)
    assert score_cayenne(DEAL, Contract(Suit.S, "cayenne", Seat.E), tricks_ns=4).items[0].points == 12


@pytest.mark.parametrize(("suit", "held", "basic"), [("H", 5, 6), ("S", 3, 2), ("D", 3, 2), ("C", 3, 2)])
def test_the_majority_of_honours_scores_2_for_three_4_for_four_6_for_five(suit, held, basic):
    """Parlett: «whichever side held the majority of honours (AKQJT of trumps) scores a basic 2 if they
    held three, 4 if they held four, or 6 if they held five, whether in one hand or between them»."""
    contract = Contract(Suit[suit], "cayenne", Seat.E)
    counts = honours_held(DEAL, Suit[suit])
    side = max(counts, key=lambda s: counts[s])
    assert counts[side] == held
    honours = [i for i in score_cayenne(DEAL, contract, 7).items if i.what == "honours"]
    assert [(i.side, i.points) for i in honours] == [(side, basic * 4)]


def test_in_a_no_trump_contract_the_multiplier_is_8_and_there_are_no_honours():
    """Parlett: «In a no-trump contract the multiplier is 8 and there are no honours»."""
    score = score_cayenne(DEAL, Contract(Suit.H, "grand", Seat.E), tricks_ns=10)
    assert [(i.side, i.what, i.points) for i in score.items] == [(Side.NS, "odd-tricks", 32)]


def test_at_nullo_the_winning_side_scores_8_times_the_odd_tricks_taken_by_their_opponents():
    """Parlett: «At nullo the winning side scores 8 times the number of odd tricks taken by their
    opponents»: North-South take 4, East-West 9 -- North-South win and score 8 x 3."""
    score = score_cayenne(DEAL, Contract(Suit.H, "nullo", Seat.E), tricks_ns=4)
    assert [(i.side, i.what, i.points) for i in score.items] == [(Side.NS, "odd-tricks", 24)]
    with pytest.raises(CayenneError):
        Contract(Suit.H, "misere", Seat.E)  # type: ignore[arg-type]


def test_game_is_10_points_and_rubber_is_the_best_of_seven_games_earning_a_bonus_of_8():
    """Parlett: «Game is 10 points and rubber is the best of seven games, earning a bonus of 8»."""
    sheet = CayenneSheet()
    assert (CAYENNE_RULES.game_target, CAYENNE_RULES.games_to_win, CAYENNE_RULES.rubber_bonus) == (10, 4, 8)
    grand = Contract(Suit.H, "grand", Seat.E)
    for _ in range(3):
        sheet.score(DEAL, 8, contract=grand)  # 16: a game each deal
    assert sheet.games_won(Side.NS) == 3 and not sheet.is_over
    sheet.score(DEAL, 8, contract=grand)
    assert sheet.is_over and sheet.winner is Side.NS and sheet.totals[Side.NS] == 4 * 16 + 8
    with pytest.raises(CayenneError, match="contract"):
        CayenneSheet().score(DEAL, 8)


def test_the_dealer_may_select_cayenne_or_any_of_the_other_suits():
    """Foster: «The dealer has the first say, and he may either select cayenne or any of the other
    suits»: each of the four suits is a contract, named by its colour, and makes that suit trumps."""
    for cayenne in Suit:
        trumps = [Contract(cayenne, d, Seat.E).trump for d in ("cayenne", "second", "third", "fourth")]
        assert sorted(trumps) == list(Suit) and trumps[0] == cayenne
        assert all(declaration_of(s, cayenne) == d for s, d in zip(trumps, ("cayenne", "second", "third", "fourth")))


def test_the_cayenne_suit_clubs_and_the_trump_suit_spades_second_colour_multiplied_by_3():
    """Parlett: «if the cayenne suit was clubs and the trump suit spades (second colour), the basic
    score is multiplied by 3»: the second colour is the other suit of the cayenne suit's colour; the
    suits of the other colour are the third (×2) and the fourth (×1) -- the tutor's order of those two,
    the library's copies not showing Parlett's table: the first in ♠ ♥ ♦ ♣ is the third."""
    assert colours(Suit.C) == (Suit.C, Suit.S, Suit.H, Suit.D)
    assert colours(Suit.H) == (Suit.H, Suit.D, Suit.S, Suit.C)
    assert [MULTIPLIER[d] for d in ("cayenne", "second", "third", "fourth")] == [4, 3, 2, 1]
    second = Contract(Suit.C, "second", Seat.E)
    assert second.trump == Suit.S and second.multiplier == 3
    # DEAL: spades honours A K Q (North) + J 10 (East): three to North-South, basic 2
    items = [(i.side, i.what, i.points) for i in score_cayenne(DEAL, second, tricks_ns=9).items]
    assert items == [(Side.NS, "odd-tricks", 3 * 3), (Side.NS, "honours", 2 * 3)]
    fourth = score_cayenne(DEAL, Contract(Suit.C, "fourth", Seat.E), tricks_ns=9)  # diamonds, ×1
    assert [(i.what, i.points) for i in fourth.items] == [("odd-tricks", 3), ("honours", 2)]


def test_the_learner_names_another_suit_by_its_colour_or_by_the_suit():
    """The learner may say the colour (``second``) or the suit itself (``S``, ``♦``); a word that is
    neither is one clear error."""
    for seed in range(40):
        s = _session(seed)
        if s.awaiting_declaration:
            break
    else:
        pytest.fail("no seed gives the learner the call")
    third = colours(s.cayenne)[2]
    s.declare(third.symbol)
    assert s.contract is not None and s.contract.declaration == "third" and s.deal.trump == third
    assert "third colour" in s.contract.title("en") and "третья масть" in s.contract.title("ru")
    s2 = _session(seed)
    with pytest.raises(CayenneError, match="name a suit"):
        s2.declare("misere")


def test_the_robots_rule_for_naming_the_contract_says_why():
    """The robots' rule (stated; the books leave the choice to judgement): five of the cayenne suit,
    grand with three aces and no void, nullo with no ace and at most one king, else the partner's."""
    hand = Hand.parse
    assert declare(hand("AK.KQ872.543.872"), Suit.H, must=False).declaration == "cayenne"
    assert declare(hand("A43.A54.A65.7654"), Suit.S, must=False).declaration == "grand"
    weak = declare(hand("QJ4.Q54.J765.T54"), Suit.C, must=False)
    assert weak.declaration == "nullo" and "no ace" in weak.reason.en and "нет тузов" in weak.reason.ru
    passed = declare(hand("K43.A54.Q765.T54"), Suit.C, must=False)
    assert passed.declaration is None and "partner" in passed.reason.en
    assert declare(hand("K43.A54.Q765.T54"), Suit.C, must=True).declaration == "cayenne"
    spades = declare(hand("AKJ872.54.Q76.T5"), Suit.C, must=False)  # six spades, two clubs: the second colour
    assert spades.declaration == "second" and "♠" in spades.reason.en and "♠" in spades.reason.ru
    assert declare(hand("KJ872.54.Q76.T54"), Suit.D, must=True).declaration == "third"  # five spades


def test_the_nullo_robot_loses_tricks_by_its_stated_rule():
    """At nullo the robot plays under the card winning the trick when it can, throws its highest card
    when it cannot follow, and says the rule with each card; it reads only its own view."""
    deal = Deal.from_pbn("N:AKQ2.AKQ.432.432 JT98.765.765.765 7654.JT9.AKQ.AKQ 3.8432.JT98.JT98", dealer="S")
    state = PlayState(deal)  # West leads (the dealer's left)
    west = NulloRobot(Seat.W).choose(state)  # the lowest card of his hand
    assert west.card == Card.parse("H2") and west.maxims == (NULLO_RULE,) and "lowest" in west.explanation["en"]
    state.play(west.card)
    north = NulloRobot(Seat.N).choose(state)  # A K Q of hearts: every card wins -- the highest goes
    assert north.card == Card.parse("HA") and "highest" in north.explanation["en"]
    state.play(north.card)
    east = NulloRobot(Seat.E).choose(state)
    assert east.card == Card.parse("H7") and "still loses" in east.explanation["en"]


def test_the_nullo_robot_never_reads_a_hidden_hand():
    """The re-deal test: exchanging cards between two hands the robot cannot see changes nothing."""
    base = Deal.random(12, dealer=Seat.S)
    n, e = base.hands[Seat.N], base.hands[Seat.E]
    hands = list(base.hands)
    a, b = n.cards[0], e.cards[-1]
    hands[Seat.N] = n.without(a).with_cards(b)
    hands[Seat.E] = e.without(b).with_cards(a)
    other = Deal(hands, dealer=base.dealer)
    robot = NulloRobot(Seat.W)
    assert robot.choose(PlayState(base)) == robot.choose(PlayState(other))


def test_a_cayenne_deal_at_the_session_is_scored_on_its_sheet_and_nullo_is_not_reviewed():
    s = _session(3)
    if s.awaiting_declaration:
        s.declare("pass" if s.caller == s.dealer else "nullo")
    while not s.finished:
        s.play(s.legal_cards()[-1])
    rec, contract = s.records[-1], s.contracts[-1]
    assert rec.score == score_cayenne(rec.deal, contract, rec.tricks_ns)
    assert s.sheet.deals == 1 and isinstance(s.sheet, CayenneSheet)
    if contract.declaration == "nullo":
        with pytest.raises(SessionError, match="nullo"):
            s.review()
    else:
        assert s.review().lines
    with pytest.raises(VariantError):
        parse_variant("cayenne+no-trump")


def test_autoplay_cayenne_json_replays_legally_and_scores_by_parlett(capsys):
    """``autoplay --variant cayenne --json``: each deal's calls follow the robots' rule, every trick
    replays legally from the deal at its contract, and the score is :func:`score_cayenne`'s."""
    code = main(["autoplay", "--variant", "cayenne", "--deals", "6", "--seed", "11", "--json"])
    assert code == 0
    deals = json.loads(capsys.readouterr().out)["deals"]
    kinds = set()
    for d in deals:
        trump = None if d["trump"] == "NT" else Suit[d["trump"]]
        deal = Deal.from_pbn(d["deal"], dealer=d["dealer"], trump=trump)
        cut = Card.parse(d["cayenne"])
        seat = Seat[d["calls"][0]["seat"]]
        assert seat == deal.dealer and d["calls"][0]["declaration"] == declare(deal.hands[seat], cut.suit,
                                                                               must=False).declaration
        contract = Contract(cut.suit, d["contract"]["declaration"], Seat[d["contract"]["named_by"]])
        assert contract.trump == trump
        state = PlayState.from_history(deal, parse_history(d["history"]))  # raises on a revoke
        assert state.is_over and d["tricks"]["NS"] == state.tricks_won(Side.NS)
        assert d["score"] == score_cayenne(deal, contract, state.tricks_won(Side.NS)).to_json()
        kinds.add(contract.declaration)
    assert len(kinds) >= 2


def test_play_deal_cayenne_at_the_terminal_asks_for_the_contract_first():
    session = _session(4)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if session.finished:
            return "quit"
        if "contract" in prompt:
            return "grand"
        return str(session.legal_cards()[0])

    out = io.StringIO()
    play_loop(session, input_fn=read, out=out, max_deals=1)
    assert session.finished and session.contracts
    if prompts[0].startswith("Your contract"):
        assert session.contracts[0].declaration == "grand" and "Contract: grand" in out.getvalue()


@pytest.mark.slow(reason="2,000 whole Cayenne deals, four robots naming the contract and playing it (the "
                         "classic robots at the cayenne suit and grand, the nullo rule at nullo): about 0.05 s a "
                         "deal on a quiet core, so 100 s -- 3-4 min at load 8")
def test_robots_play_only_legal_cards_in_2000_cayenne_deals():
    """Property: in 2,000 deals (every contract occurring) every robot card is legal and names what
    decided it, and the robots' views never hold another seat's hand."""
    seen: set[str] = set()
    start = time.process_time()
    for i in range(2000):
        dealt = Deal.random(i, dealer=Seat(i % 4))
        cut = Card.from_index(i % 52)
        first = declare(dealt.hands[dealt.dealer], cut.suit, must=False)
        decision = first if first.declaration is not None else declare(dealt.hands[dealt.dealer.partner], cut.suit,
                                                                        must=True)
        assert decision.declaration is not None
        contract = Contract(cut.suit, decision.declaration, dealt.dealer)
        seen.add(contract.declaration)
        deal = Deal(dealt.hands, dealer=dealt.dealer, trump=contract.trump)
        robots = {s: NulloRobot(s) if contract.declaration == "nullo" else Robot(s, samples=0) for s in Seat}
        state = PlayState(deal)
        while not state.is_over:
            rc = robots[state.to_play].choose(state)
            state.verify_play(rc.card)
            assert rc.maxims
            state.play(rc.card)
        assert len(state.tricks) == 13
    assert seen == set(DECLARATIONS)
    print(f"2,000 Cayenne deals: {time.process_time() - start:.0f} s of CPU")


def test_views_at_cayenne_hold_only_the_seats_own_cards(monkeypatch):
    """The robots at a Cayenne session are given their own seat's view, never another's hand."""
    views: list[SeatView] = []
    for cls in (Robot, NulloRobot):
        real = cls.decide

        def decide(self, view, _real=real):
            views.append(view)
            return _real(self, view)

        monkeypatch.setattr(cls, "decide", decide)
    for seed in (6, 7):
        s = _session(seed)
        if s.awaiting_declaration:
            s.declare("pass" if s.caller == s.dealer else "nullo")
        while not s.finished:
            s.play(s.legal_cards()[0])
    assert views and all(not v.exposed and v.seat != Seat.S for v in views)
