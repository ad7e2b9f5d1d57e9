"""A deal that was played, read from what players and programs write down: the input of the
review of a whole deal (:mod:`tutor.deal_review`).

Three sources, each parsed once here and never again:

* **PBN** with its play record (PBN 2.1 §3.6, the play section): ``[Play "W"]`` names the seat
  that led the first trick; each following line is one trick, its cards given *in the order of
  the seats* starting with that seat (not in the order played); ``-`` stands for a card not
  played (the rest was claimed) and ``*`` ends the record early. Notes ``=1=``, glyphs ``$1``,
  ``!``/``?`` marks and ``{comments}`` are skipped. Whist turns up a trump card, which bridge does
  not record, so the trump is read from the first of these tags present:

  - ``[TrumpCard "H7"]`` -- the turned-up card itself (a tag of our own, as PBN 2.1 §4.9 allows);
  - ``[Trump "H7"]``, ``[Trump "H"]`` or ``[Trump "NT"]`` -- what whist programs write;
  - ``[Contract "4S"]`` -- a bridge contract's denomination (PBN 2.1 §3.4.9): the trump suit only,
    ``NT`` for none (played as no-trump whist, 002).

  In whist the player on the dealer's left leads (000 «Сдача» 17), so the dealer is the seat on the
  right of the ``Play`` tag's seat; a bridge file's ``[Dealer]`` (who opened the auction) may
  differ, and is then overruled -- unless a trump card says otherwise, which is an error.
* **A typed record**: lines ``deal: N:…``, ``trump: H7`` and ``played: W:DK D4 D9 D2 / …`` (the
  notation of the rest of the tutor; ``dealer:`` optional, inferred from the first leader).
* **The tutor's own records**: ``python -m tutor autoplay --json`` output (``{"deals": […]}``), one
  board per deal, and a finished deal of the Play page (:func:`from_record`).

Every kind of bad input raises :class:`PlayedDealError` with one clear line (the board and the
trick where the record breaks the laws).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.cards import Card, parse_card
from tutor.content.loader import max_file_bytes
from tutor.content.pbn import PbnBoard, decode_text, file_text, read_pbn
from tutor.deal import Deal, parse_trump
from tutor.errors import WhistError
from tutor.play import PlayState, Trick, parse_history
from tutor.seats import Seat, parse_seat

__all__ = ["PlayedDeal", "PlayedDealError", "TRUMP_TAGS", "read_played", "from_pbn_board", "from_typed",
           "from_autoplay", "from_record", "pick_board", "read_played_file", "decode"]

#: The tags the trump is read from, in this order (see the module's docstring).
TRUMP_TAGS: tuple[str, ...] = ("TrumpCard", "Trump", "Contract")

#: The most boards one text may hold for the review (a club session is 24-36).
MAX_BOARDS = 500


class PlayedDealError(WhistError):
    """A played deal that cannot be reviewed: no play record, a card against the laws, no such board."""


@dataclass(frozen=True)
class PlayedDeal:
    """A deal and the tricks played from it, checked against the laws when built.

    ``deal`` carries the dealer and the trump (the turned-up card when it is known); ``tricks``
    are in play order, only the last may be unfinished; ``trump_from`` names where the trump was
    read (a PBN tag, ``typed``, ``autoplay``, ``session``); ``board`` is the PBN board number
    (or the deal's place in its file); ``title`` the event or source, for the reader.
    """

    deal: Deal
    tricks: tuple[Trick, ...]
    board: int | None = None
    title: str = ""
    trump_from: str = ""

    def __post_init__(self) -> None:
        if self.deal.size != 13:
            raise PlayedDealError(f"{self.where()}the deal has {self.deal.size} cards a hand, not 13")
        if not self.tricks:
            raise PlayedDealError(f"{self.where()}no card was played: there is nothing to review")
        try:
            PlayState.from_history(self.deal, self.tricks)
        except WhistError as exc:
            raise PlayedDealError(f"{self.where()}{exc}") from None

    def where(self) -> str:
        return f"board {self.board}: " if self.board is not None else ""

    @property
    def cards(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played, with its seat, in play order."""
        return tuple(p for t in self.tricks for p in t.plays())

    @property
    def trump_text(self) -> str:
        """The trump as the tutor writes it: the card (``H7``), else the suit (``H``), else ``NT``."""
        if self.deal.trump_card is not None:
            return str(self.deal.trump_card)
        return "NT" if self.deal.trump is None else self.deal.trump.name

    def history(self) -> str:
        return " / ".join(str(t) for t in self.tricks)


# -- PBN -------------------------------------------------------------------------------------------
_NOISE = re.compile(r"\{[^}]*\}|=\d+=|\$\d+")


def _trump_of(board: PbnBoard) -> tuple[str, str]:
    """(tag, value) of the first trump tag present; PlayedDealError if none."""
    for tag in TRUMP_TAGS:
        value = board.tags.get(tag, "").strip()
        if value and value not in ("?", "-"):
            return tag, value
    raise PlayedDealError(
        f"board {board.number}: no trump: give [TrumpCard \"H7\"] (the turned-up card), [Trump \"H\"] or [Contract \"4H\"]"
    )


def _contract_trump(value: str, number: int | None) -> str:
    m = re.match(r"^\s*[1-7]?\s*(NT|N|S|H|D|C)", value.upper())
    if m is None:
        raise PlayedDealError(f"board {number}: the contract {value!r} names no trump suit (e.g. 4S, 3NT)")
    return "NT" if m.group(1) in ("N", "NT") else m.group(1)


def _play_tokens(board: PbnBoard) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for line_no, line in board.sections.get("Play", ()):
        for token in _NOISE.sub(" ", line).split():
            token = token.rstrip("!?")
            if token:
                out.append((line_no, token))
    return out


def _tricks_from_play(board: PbnBoard, first: Seat, trump_suit: Any) -> tuple[Trick, ...]:
    """The play section's columns (seat order from ``first``) as tricks in play order."""
    tokens = _play_tokens(board)
    cards: list[tuple[int, Card | None]] = []
    for line_no, token in tokens:
        if token == "*":
            break
        if token in ("-", "--"):
            cards.append((line_no, None))
            continue
        try:
            cards.append((line_no, parse_card(token)))
        except WhistError:
            raise PlayedDealError(f"board {board.number}: line {line_no}: not a card in the play record: {token!r}") from None
    tricks: list[Trick] = []
    leader = first
    for start in range(0, len(cards), 4):
        group = cards[start:start + 4]
        by_seat = {Seat((first + i) % 4): c for i, (_, c) in enumerate(group)}
        in_order = [by_seat.get(Seat((leader + i) % 4)) for i in range(4)]
        played = []
        for c in in_order:
            if c is None:
                break
            played.append(c)
        rest = in_order[len(played):]
        if any(c is not None for c in rest):
            line_no = group[0][0]
            raise PlayedDealError(f"board {board.number}: line {line_no}: a card follows a card not played ('-') in trick "
                                  f"{len(tricks) + 1}")
        if not played:
            break
        trick = Trick(leader, tuple(played))
        tricks.append(trick)
        if len(played) < 4:
            break
        leader = trick.winner(trump_suit)
    return tuple(tricks)


def from_pbn_board(board: PbnBoard) -> PlayedDeal:
    """The played deal of one PBN game (see the module's docstring for the tags read)."""
    n = board.number
    play_tag = board.tags.get("Play", "").strip()
    if not play_tag or "Play" not in board.sections:
        raise PlayedDealError(f"board {n}: no play record ([Play \"W\"] followed by the tricks, PBN 2.1 §3.6)")
    try:
        first = parse_seat(play_tag)
    except WhistError:
        raise PlayedDealError(f"board {n}: [Play {play_tag!r}] does not name a seat (N, E, S or W)") from None
    tag, value = _trump_of(board)
    text = _contract_trump(value, n) if tag == "Contract" else value
    try:
        suit, card = parse_trump(text)
    except WhistError as exc:
        raise PlayedDealError(f"board {n}: [{tag} {value!r}]: {exc}") from None
    dealer = first.rho
    if card is not None and board.dealer is not None and board.dealer != dealer:
        raise PlayedDealError(f"board {n}: the dealer is {board.dealer.name}, but {first.name} leads: in whist the "
                              f"player on the dealer's left leads first")
    try:
        deal = Deal.from_pbn(board.deal, dealer=dealer, trump_card=card, trump=suit)
    except WhistError as exc:
        raise PlayedDealError(f"board {n}: {exc}") from None
    tricks = _tricks_from_play(board, first, deal.trump)
    title = board.tags.get("Event", "").strip() or board.tags.get("Annotator", "").strip()
    return PlayedDeal(deal, tricks, n, title, tag)


# -- typed record ------------------------------------------------------------------------------------
_TYPED_KEYS = ("deal", "trump", "dealer", "played", "title")
#: The same keys in Russian (a record typed on the Russian page reads as the English one).
_TYPED_RU = {"сдача": "deal", "козырь": "trump", "сдавал": "dealer", "розыгрыш": "played", "название": "title"}


def from_typed(text: str) -> PlayedDeal:
    """``deal: N:…`` / ``trump: H7`` / ``played: W:… / …`` lines (``dealer:``, ``title:`` optional;
    in Russian ``сдача:``, ``козырь:``, ``розыгрыш:``, ``сдавал:``, ``название:``)."""
    values: dict[str, str] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        key = _TYPED_RU.get(key, key)
        if not sep or key not in _TYPED_KEYS:
            raise PlayedDealError(f"line {n}: write 'deal: N:…', 'trump: H7', 'played: W:DK D4 D9 D2 / …' "
                                  f"(got {line[:40]!r})")
        if key in values:
            raise PlayedDealError(f"line {n}: {key}: is given twice")
        values[key] = value.strip()
    missing = [k for k in ("deal", "trump", "played") if not values.get(k)]
    if missing:
        raise PlayedDealError(f"the record has no {', '.join(missing)}: (write deal:, trump: and played: lines)")
    try:
        tricks = tuple(parse_history(values["played"]))
        suit, card = parse_trump(values["trump"])
        if values.get("dealer"):
            dealer = parse_seat(values["dealer"])
        else:
            dealer = tricks[0].leader.rho if tricks else Seat.E
        deal = Deal.from_pbn(values["deal"], dealer=dealer, trump_card=card, trump=suit)
    except PlayedDealError:
        raise
    except WhistError as exc:
        raise PlayedDealError(str(exc)) from None
    return PlayedDeal(deal, tricks, None, values.get("title", ""), "typed")


# -- autoplay JSON -----------------------------------------------------------------------------------
def from_autoplay(data: Any) -> list[PlayedDeal]:
    """The deals of ``tutor autoplay --json`` output, numbered from 1 in file order."""
    deals = data.get("deals") if isinstance(data, dict) else None
    if not isinstance(deals, list) or not deals:
        raise PlayedDealError('not autoplay output: expected {"deals": [{"deal", "dealer", "trump", "history"}, …]}')
    out: list[PlayedDeal] = []
    for i, item in enumerate(deals[:MAX_BOARDS], start=1):
        if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in ("deal", "dealer", "trump", "history")):
            raise PlayedDealError(f"board {i}: a deal needs the strings deal, dealer, trump and history")
        try:
            suit, card = parse_trump(item["trump"])
            deal = Deal.from_pbn(item["deal"], dealer=item["dealer"], trump_card=card, trump=suit)
            tricks = tuple(parse_history(item["history"]))
        except WhistError as exc:
            raise PlayedDealError(f"board {i}: {exc}") from None
        out.append(PlayedDeal(deal, tricks, i, "autoplay", "autoplay"))
    return out


def from_record(deal: Deal, history: str, *, number: int | None = None, title: str = "") -> PlayedDeal:
    """A deal played in the tutor itself (the Play page's finished deals)."""
    try:
        tricks = tuple(parse_history(history))
    except WhistError as exc:
        raise PlayedDealError(str(exc)) from None
    return PlayedDeal(deal, tricks, number, title, "session")


# -- any of them -------------------------------------------------------------------------------------
def read_played(text: str) -> list[PlayedDeal]:
    """Every reviewable deal of ``text``: a PBN file (the boards with a play record), autoplay JSON,
    or one typed record -- told apart by their first character."""
    src = text.lstrip("\ufeff").strip()
    if not src:
        raise PlayedDealError("nothing to review: the text is empty")
    is_pbn = src.startswith(("[", "%")) or (src.startswith("{") and "[Deal " in src)  # PBN may open with a {comment}
    if src.startswith("{") and not is_pbn:
        try:
            data = json.loads(src)
        except json.JSONDecodeError as exc:
            raise PlayedDealError(f"not JSON: line {exc.lineno}: {exc.msg}") from None
        return from_autoplay(data)
    if is_pbn:
        boards = read_pbn(src)
        with_play = [b for b in boards if "Play" in b.tags]
        if not with_play:
            raise PlayedDealError("no board of this PBN file has a play record ([Play \"W\"] and its tricks, PBN 2.1 §3.6)")
        if len(with_play) > MAX_BOARDS:
            raise PlayedDealError(f"the file holds {len(with_play)} played boards; at most {MAX_BOARDS} are reviewed at once")
        return [from_pbn_board(b) for b in with_play]
    return [from_typed(src)]


def pick_board(deals: Sequence[PlayedDeal], board: int | None) -> PlayedDeal:
    """The deal numbered ``board`` (its PBN board number, else its place from 1); the first if None."""
    if board is None:
        return deals[0]
    for i, d in enumerate(deals, start=1):
        if (d.board if d.board is not None else i) == board:
            return d
    numbers = [d.board if d.board is not None else i for i, d in enumerate(deals, start=1)]
    shown = ", ".join(str(x) for x in numbers[:20]) + (" …" if len(numbers) > 20 else "")
    raise PlayedDealError(f"no board {board}: the file holds board(s) {shown}")


def decode(data: bytes) -> str:
    """The text of an upload, within the file cap (``WHIST_TUTOR_MAX_FILE_MB``)."""
    if len(data) > max_file_bytes():
        raise PlayedDealError(f"the file is {len(data) / 1e6:.1f} MB, over the cap of {max_file_bytes() / 1e6:.0f} MB "
                              f"(WHIST_TUTOR_MAX_FILE_MB)")
    return decode_text(data)


def read_played_file(path: str | Path) -> list[PlayedDeal]:
    """:func:`read_played` of a file (one clear line for a file that cannot be read or is too big)."""
    if Path(path).is_file() and Path(path).stat().st_size > max_file_bytes():
        raise PlayedDealError(f"{path}: over the cap of {max_file_bytes() / 1e6:.0f} MB (WHIST_TUTOR_MAX_FILE_MB)")
    return read_played(file_text(path))
