"""Humbug, whist for two without dummies (002, the paragraphs after «Є також варіант віста удвох,
але без дурнів - Humbug»): each test is named after the sentence it checks, quoted in Ukrainian."""

from __future__ import annotations

import json
import random
import time

import pytest

from tutor.cards import CARDS, Card, Hand, parse_card
from tutor.cli import main
from tutor.deal import Deal
from tutor.errors import DealError
from tutor.humbug import (
    HUMBUG_HONOURS,
    PLAYERS,
    HumbugError,
    HumbugGame,
    humbug_honours,
    parse_humbug_history,
    right_pile,
    score_humbug,
    two_card_winner,
)
from tutor.humbug_robot import choose_card, decide_exchange, hand_count
from tutor.humbug_session import HumbugSession
from tutor.play import follow_suit
from tutor.scoring import ScoreSheet
from tutor.seats import Seat, Side
from tutor.session import Session, SessionError, SessionOptions
from tutor.variants import Variant, parse_variant

HUMBUG = parse_variant("humbug")
HUMBUG_NT = parse_variant("humbug+no-trump")


def _game(seed: int, dealer: Seat = Seat.S, variant: Variant = HUMBUG) -> HumbugGame:
    return HumbugGame(variant.adapt(Deal.random(seed, dealer=dealer)))


def _robots_play(game: HumbugGame) -> None:
    while game.to_decide is not None:
        d = decide_exchange(game.view(game.to_decide))
        game.decide(d.seat, d.choice)
    while not game.is_over:
        game.play(choose_card(game.view(game.to_play)).card)


# -- «Карти здаються на 4 купки, по 13 карт в кожній. Гравці сідають один проти одного» -------------
def test_karty_zdayutsya_na_4_kupky_hravtsi_sidayut_odyn_proty_odnoho():
    """«Карти здаються на 4 купки, по 13 карт в кожній. Гравці сідають один проти одного»: four piles
    of 13; the players sit South and North; a dealer elsewhere is refused; the non-dealer leads."""
    game = _game(5, Seat.N)
    assert [len(game.deal.hands[s]) for s in Seat] == [13, 13, 13, 13]
    assert PLAYERS == (Seat.S, Seat.N) and game.leader == Seat.S
    with pytest.raises(HumbugError):
        HumbugGame(Deal.random(5, dealer=Seat.E))


# -- «бере карти, що лежать від нього направо, після чого він не має права ... взяти їх назад» -------
def test_bere_karty_shcho_lezhat_vid_nioho_napravo_i_ne_maie_prava_vziaty_ikh_nazad():
    """«В останньому випадку він бере карти, що лежать від нього направо, після чого він не має
    права користуватися своїми скинутими картами або взяти їх назад на руки»: South takes East's
    pile, North West's; a decision is final."""
    assert right_pile(Seat.S) == Seat.E and right_pile(Seat.N) == Seat.W
    game = _game(7, Seat.S)
    assert game.to_decide == Seat.N  # the non-dealer decides first
    assert game.decide(Seat.N, "exchange") == game.deal.hands[Seat.W]
    with pytest.raises(HumbugError, match="cannot be taken back"):
        game.decide(Seat.N, "keep")
    assert game.decide(Seat.S, "keep") == game.deal.hands[Seat.S]
    assert game.hand(Seat.N) == game.deal.hands[Seat.W]
    with pytest.raises(HumbugError):
        game.decide(Seat.S, "exchange")


def test_a_card_is_not_played_before_both_have_kept_or_changed():
    """«розглянувши свої карти, кожен гравець вирішує»: play begins after both decisions."""
    game = _game(7, Seat.S)
    with pytest.raises(HumbugError):
        game.play(game.deal.hands[Seat.N].cards[0])


# -- «Козирем користується здає, але якщо він надумає змінити карти, то позбавляється його» -----------
@pytest.mark.parametrize("choice", ["keep", "exchange"])
def test_kozyrem_korystuietsia_zdaie_ale_pry_zmini_kart_pozbavliaietsia_ioho(choice):
    """«Козирем користується здає, але якщо він надумає змінити карти, то позбавляється його»: the
    dealer who keeps holds the turned-up card; changing, he loses it (it stays in the thrown pile),
    and the suit stays trumps."""
    game = _game(11, Seat.S)
    card = game.deal.trump_card
    assert card is not None and card in game.deal.hands[Seat.S] and game.trump_card_kept is None
    game.decide(Seat.N, "keep")
    hand = game.decide(Seat.S, choice)
    assert (card in hand) is (choice == "keep")
    assert game.trump_card_kept is (choice == "keep")
    assert game.trump == card.suit


# -- «Гравець, що не змінював своїх карт, не може дивитися гру, що лежить від нього праворуч» --------
def test_hravets_shcho_ne_zminiuvav_kart_ne_mozhe_dyvytysia_hru_pravoruch_ni_skynuti_karty():
    """«Гравець, що не змінював своїх карт, не може дивитися гру, що лежить від нього праворуч; не
    можна також дивитися і скинуті карти»: a player's view holds his cards in play and the tricks,
    never a pile on the table nor the thrown cards."""
    for seed in range(40):
        game = _game(seed, Seat(2 * (seed % 2)))
        while game.to_decide is not None:
            seat = game.to_decide
            view = game.view(seat)
            assert view.hand == game.deal.hands[seat]  # before deciding: his own pile only
            game.decide(seat, "exchange" if seed % 3 == 0 else "keep")
        for seat in PLAYERS:
            view = game.view(seat)
            unplayed = set(CARDS) - set(game.hands[Seat.S]) - set(game.hands[Seat.N])
            assert not (set(view.hand) & unplayed)
            assert set(view.hand) == set(game.hands[seat])
            fields = {f: getattr(view, f) for f in view.__dataclass_fields__}
            assert not any(isinstance(v, Hand) and v != view.hand for v in fields.values())


def _redeal(game: HumbugGame, seat: Seat, rng: random.Random) -> HumbugGame | None:
    """The same table with every card ``seat`` cannot see dealt again: the opponent's unplayed
    cards (his voids shown kept, the turned-up card with a dealer who kept it) and the piles."""
    other = seat.partner
    played = {s: [c for t in game.tricks for x, c in zip((t.leader, t.leader.partner), t.cards) if x == s]
              for s in PLAYERS}
    if game.current and game.leader == other:
        played[other].append(game.current[0])
    voids = {t.cards[0].suit for t in game.tricks if t.leader == seat and t.cards[1].suit != t.cards[0].suit}
    hidden = [c for c in CARDS if c not in game.hands[seat] and c not in played[other]]
    pinned = [c for c in hidden if game.trump_card_kept and other == game.dealer and c == game.deal.trump_card]
    free = [c for c in hidden if c not in pinned]
    rng.shuffle(free)
    need = 13 - len(played[other]) - len(pinned)
    fits = [c for c in free if c.suit not in voids]
    if len(fits) < need:
        return None
    mine_other = pinned + fits[:need]
    rest = [c for c in free if c not in mine_other]
    # the pile the opponent plays from, the seat's own playing pile, the two others from the rest
    piles: dict[Seat, list[Card]] = {}
    src = {s: (s if game.decisions[s] == "keep" else right_pile(s)) for s in PLAYERS}
    piles[src[seat]] = list(game.hands[seat])
    piles[src[other]] = played[other] + mine_other
    for s in Seat:
        if s not in piles:
            piles[s], rest = rest[:13], rest[13:]
    if game.deal.trump_card is not None and game.deal.trump_card not in piles[game.dealer]:
        if game.trump_card_kept is not False:
            return None  # the turned-up card must lie in the dealer's pile
    try:
        deal = Deal({s: Hand(piles[s]) for s in Seat}, dealer=game.dealer, trump_card=game.deal.trump_card,
                    trump=game.trump)
    except DealError:
        return None
    again = HumbugGame(deal)
    for s in (game.dealer.partner, game.dealer):
        again.decide(s, game.decisions[s])
    for t in game.tricks:
        for c in t.cards:
            again.play(c)
    for c in game.current:
        again.play(c)
    return again


def test_redealing_what_a_humbug_robot_cannot_see_never_changes_its_card_or_decision():
    """The robot decides from its view alone: the cards it cannot see dealt again (the opponent's,
    the piles, the thrown cards) never change its decision or its card."""
    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        deal = Deal.random(seed, dealer=PLAYERS[seed % 2])
        game = HumbugGame(deal)
        first = game.to_decide
        assert first is not None
        mine = decide_exchange(game.view(first))
        shuffled = [c for c in CARDS if c not in deal.hands[first] and c != deal.trump_card]
        rng.shuffle(shuffled)
        piles = {first: list(deal.hands[first])}
        for s in Seat:
            if s not in piles:
                take = 13 - (1 if s == deal.dealer and deal.trump_card not in piles.get(first, []) else 0)
                piles[s], shuffled = shuffled[:take], shuffled[take:]
                if take == 12:
                    piles[s].append(deal.trump_card)
        other = HumbugGame(Deal({s: Hand(piles[s]) for s in Seat}, dealer=deal.dealer, trump_card=deal.trump_card))
        assert decide_exchange(other.view(first)) == mine
        while game.to_decide is not None:
            d = decide_exchange(game.view(game.to_decide))
            game.decide(d.seat, d.choice)
        step = 0
        while not game.is_over:
            seat = game.to_play
            card = choose_card(game.view(seat))
            if step % 4 == 1 and len(game.legal_cards()) > 1:
                again = _redeal(game, seat, rng)
                if again is not None:
                    assert again.view(seat) == game.view(seat)
                    assert choose_card(again.view(seat)) == card
                    checked += 1
            game.play(card.card)
            step += 1
    assert checked >= 60


# -- «Він грається за всіма правилами звичайного» -------------------------------------------------------
def test_hraietsia_za_vsima_pravylamy_zvychainoho_masti_i_khabari():
    """«Він грається за всіма правилами звичайного»: the suit led must be followed (000 «Масти и
    взятки» 1), the higher card of the suit or a trump wins the trick of two cards."""
    S, N = Seat.S, Seat.N
    assert two_card_winner(S, parse_card("SK"), parse_card("SA"), None) == N
    assert two_card_winner(S, parse_card("SK"), parse_card("S2"), None) == S
    assert two_card_winner(S, parse_card("SK"), parse_card("H2"), parse_card("H2").suit) == N
    assert two_card_winner(S, parse_card("SK"), parse_card("HA"), None) == S
    game = _game(2, Seat.N)
    game.decide(Seat.S, "keep")
    game.decide(Seat.N, "keep")
    lead = game.hand(Seat.S).cards[0]
    game.play(lead)
    follows = game.hand(Seat.N).suit(lead.suit)
    off = next((c for c in game.hand(Seat.N) if c.suit != lead.suit), None)
    if follows and off is not None:
        with pytest.raises(HumbugError, match="follow|suit"):
            game.play(off)


@pytest.mark.slow(reason="2,000 whole Humbug deals robot against robot: about 6 s on a shared core")
def test_robots_play_only_legal_cards_in_2000_humbug_deals():
    """Property: in 2,000 deals (with and without trumps) every robot card is legal, and every
    deal has 13 tricks of two cards."""
    start = time.perf_counter()
    for seed in range(2000):
        game = _game(seed, PLAYERS[seed % 2], HUMBUG_NT if seed % 4 == 3 else HUMBUG)
        while game.to_decide is not None:
            d = decide_exchange(game.view(game.to_decide))
            game.decide(d.seat, d.choice)
        while not game.is_over:
            view = game.view(game.to_play)
            rc = choose_card(view)
            assert rc.card in follow_suit(game.hand(game.to_play), game.current[0].suit if game.current else None)
            game.play(rc.card)
        assert len(game.tricks) == 13 and all(t.complete for t in game.tricks)
        assert game.tricks_won(Seat.S) + game.tricks_won(Seat.N) == 13
    assert time.perf_counter() - start < 30


# -- «За Онер пишеться ... за п'ять - 5 очок, за чотири - 4, за три - 3, за два - 2» -----------------
def test_za_oner_pyshetsia_za_piat_5_za_chotyry_4_za_try_3_za_dva_2():
    """«За Онер пишеться, як і в звичайному вісті, тобто за п'ять - 5 очок, за чотири - 4, за три -
    3, за два - 2»: each player's trump honours (A K Q J 10) by that scale; one scores nothing."""
    assert HUMBUG_HONOURS == ((2, 2), (3, 3), (4, 4), (5, 5))
    spades = parse_card("SA").suit
    for held, points in ((5, 5), (4, 4), (3, 3), (2, 2), (1, 0), (0, 0)):
        honours = ["SA", "SK", "SQ", "SJ", "ST"][:held]
        hand = Hand([*honours, *["H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA"][:13 - held]])
        assert humbug_honours(hand, spades) == (held, points)


def test_humbug_hraietsia_i_bez_kozyriv_oner_todi_tuzy():
    """«Humbug грається і без козирів, Онер тоді вважаються тузи»: no card is turned up, the aces
    are the honours (three aces 3), and the highest card of the suit led wins."""
    game = _game(4, Seat.S, HUMBUG_NT)
    assert game.trump is None and game.deal.trump_card is None and game.trump_card_kept is None
    hand = Hand.parse("AK2.A32.A32.5432")
    assert humbug_honours(hand, None) == (3, 3)


def test_zapysy_ioho_vedutsia_v_tomu_zh_poriadku():
    """«і записи його ведуться в тому ж порядку»: the leve (2 a trick over six, below), the honours,
    coronkas and slams above, on the rule set's sheet; ten below wins the partie."""
    s_hand = Hand.parse("AKQ.AKQJ.432.5432")  # spades trumps: A K Q → 3 honours; ♠AKQ coronka 10, ♥AKQJ 10
    n_hand = Hand.parse("JT9.T98.AKQ.AKQJ")  # J T → 2 honours; ♦AKQ 5, ♣AKQJ 10
    trump = parse_card("SA").suit
    score = score_humbug({Seat.S: s_hand, Seat.N: n_hand}, {Seat.S: 9, Seat.N: 4}, trump)
    items = {(i.side, i.what): i.points for i in score.items}
    assert items[(Side.NS, "leve")] == 6 and (Side.EW, "leve") not in items
    assert items[(Side.NS, "honours")] == 3 and items[(Side.EW, "honours")] == 2
    assert items[(Side.NS, "coronka")] == 10 * 2 // 2 + 10 and items[(Side.EW, "coronka")] == 5 + 10
    sheet = ScoreSheet("russian")
    sheet.record(score)
    assert sheet.standing == {Side.NS: 6, Side.EW: 0}
    sheet.record(score_humbug({Seat.S: s_hand, Seat.N: n_hand}, {Seat.S: 12, Seat.N: 1}, trump))
    assert sheet.games and sheet.games[0].winner is Side.NS  # ten below: the partie (+5)
    slam = score_humbug({Seat.S: s_hand, Seat.N: n_hand}, {Seat.S: 13, Seat.N: 0}, trump)
    assert ("grand-slam" in {i.what for i in slam.items})


# -- the robot's stated rule for the exchange ------------------------------------------------------
def test_the_robot_keeps_or_changes_by_a_stated_rule_with_its_reason():
    """The robot counts its pile (A 4, K 3, Q 2, J 1, 2 a trump) against the average of the pile on
    its right reckoned from the cards it has not seen, and says so; a dealer who changes says the
    turned-up card is lost."""
    seen = set()
    for seed in range(60):
        game = _game(seed, PLAYERS[seed % 2])
        while game.to_decide is not None:
            view = game.view(game.to_decide)
            d = decide_exchange(view)
            assert d.own == hand_count(view.hand, view.trump)
            assert (d.choice == "keep") is (d.own >= d.pile)
            assert str(int(d.own)) in d.reason.en and str(int(d.own)) in d.reason.ru
            if d.choice == "exchange" and d.seat == game.dealer:
                assert game.deal.trump_card.symbol("en") in d.reason.en
            seen.add(d.choice)
            game.decide(d.seat, d.choice)
    assert seen == {"keep", "exchange"}


# -- the session, the terminal and autoplay ---------------------------------------------------------
def test_humbug_session_plays_deal_after_deal_on_one_sheet():
    session = HumbugSession(SessionOptions(variant=HUMBUG, seed=5))
    for _ in range(3):
        if session.awaiting_decision:
            session.decide("exchange")
        with pytest.raises(HumbugError):
            session.decide("keep")
        while not session.finished:
            session.play(session.legal_cards()[-1])
        rec = session.records[-1]
        assert sum(rec.won.values()) == 13
        session.next_deal()
    assert session.sheet.deals == 3 or session.robber > 1
    assert [r.deal.dealer for r in session.records][0] != [r.deal.dealer for r in session.records][1]


def test_humbug_is_not_a_four_hand_session():
    with pytest.raises(SessionError):
        Session(SessionOptions(variant=HUMBUG))


def _run(argv, capsys):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_autoplay_humbug_json_replays_legally_and_scores_per_the_seed(capsys):
    """``autoplay --variant humbug --json``: the history gives each trick's leader and two cards;
    replayed from the piles and the decisions every trick is legal, and the score is the seed's."""
    code, out, _ = _run(["autoplay", "--variant", "humbug", "--deals", "6", "--seed", "9", "--json"], capsys)
    assert code == 0
    for d in json.loads(out)["deals"]:
        deal = Deal.from_pbn(d["deal"], dealer=d["dealer"], trump_card=d["trump_card"])
        game = HumbugGame(deal)
        for seat in (deal.dealer.partner, deal.dealer):
            game.decide(seat, d["decisions"][seat.name]["choice"])
        assert {s.name: game.hands[s].pbn() for s in PLAYERS} == d["hands"]
        tricks = parse_humbug_history(d["history"])
        assert len(tricks) == 13 and all(len(t.cards) == 2 for t in tricks)
        for t in tricks:
            assert game.leader == t.leader
            for c in t.cards:
                assert c in game.legal_cards()
                game.play(c)
        won = {s: game.tricks_won(s) for s in PLAYERS}
        assert d["tricks"] == {s.name: n for s, n in won.items()}
        ns_honours = humbug_honours(game.hands[Seat.S], deal.trump)[1]
        items = {(i["side"], i["what"]): i["points"] for i in d["score"]["items"]}
        assert items.get(("NS", "honours"), 0) == ns_honours
        assert items.get(("NS", "leve"), 0) == max(0, won[Seat.S] - 6) * 2
        assert items.get(("EW", "leve"), 0) == max(0, won[Seat.N] - 6) * 2


def test_play_deal_humbug_at_the_terminal(monkeypatch, capsys):
    """``play-deal --variant humbug``: keep or exchange, then cards, then the sheet."""
    session = HumbugSession(SessionOptions(variant=HUMBUG, seed=2))
    lines = ["keep"] + ["?"]
    answers = iter(lines)
    state = {"session": session}

    def fake_input(prompt: str) -> str:
        s = state["session"]
        try:
            return next(answers)
        except StopIteration:
            pass
        if s.finished:
            return "quit"
        return str(s.legal_cards()[0])

    from tutor.commands import play_deal

    monkeypatch.setattr(play_deal, "input", fake_input, raising=False)
    monkeypatch.setattr("builtins.input", fake_input)
    import tutor.humbug_session as hs

    real = hs.HumbugSession

    def capture(*a, **k):
        state["session"] = real(*a, **k)
        return state["session"]

    monkeypatch.setattr(hs, "HumbugSession", capture)
    code, out, err = _run(["play-deal", "--variant", "humbug", "--seed", "2", "--deals", "1", "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    assert data["options"]["variant"] == "humbug" and len(data["deals"]) == 1
    assert "Humbug" in err and "Your pile" in err
    assert data["deals"][0]["decisions"]["S"] == "keep"
    assert len(parse_humbug_history(data["deals"][0]["history"])) == 13


def test_humbug_undo_takes_back_the_learners_card_never_a_decision():
    """A card may be taken back (with the robot's reply); the exchange cannot (002 «не має права ...
    взяти їх назад на руки»)."""
    session = HumbugSession(SessionOptions(variant=HUMBUG, seed=8))
    with pytest.raises(HumbugError):
        session.undo()
    if session.awaiting_decision:
        session.decide("keep")
    hand = session.hand()
    card = session.legal_cards()[0]
    session.play(card)
    assert session.undo() == card and session.hand() == hand
    assert Seat.S in session.game.decisions
    with pytest.raises(HumbugError, match="nothing to take back"):
        session.undo()
