"""PBN import: deals from bridge software turned into whist puzzle skeletons.

PBN (Portable Bridge Notation) is the interchange format teachers already have deals in. A file
is a series of games, each a block of tag pairs ``[Name "value"]``; we read ``Board``,
``Dealer`` and ``Deal`` (``N:hand hand hand hand``) and skip the rest (auction, play, comments
``{…}`` and ``;…``, escaped ``%`` lines). Whist has no bidding and turns up a trump card, so
a board becomes: South the student, the PBN dealer (or the one asked for), the trump card taken
from the dealer's hand (chosen reproducibly from the deal when not given), and a question the
engines answer -- the opening lead when South leads first (East deals), else the honours count.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from tutor.cards import Card, parse_card
from tutor.content.describe import ask_text
from tutor.content.engine import advise_position, build_position, equal_accepts, maxim_text, number_for
from tutor.content.models import Puzzle, Text
from tutor.content.quality import text_names_rank
from tutor.deal import Deal
from tutor.errors import WhistError
from tutor.infiles import NotAFile, read_regular
from tutor.seats import Seat, parse_seat

__all__ = ["PbnError", "PbnBoard", "read_pbn", "load_pbn", "file_text", "decode_text", "puzzle_from_board",
           "MAXIM_THEMES"]


class PbnError(WhistError):
    """A PBN file without a usable deal, or a board asked for that it does not hold."""


@dataclass(frozen=True)
class PbnBoard:
    """One game of a PBN file: its board number, dealer and deal (``N:…``), and all its tags.

    ``sections`` holds, for a tag followed by data lines (PBN 2.1 §3.1: the auction and play
    sections, the tables of §5), those lines as written, each with its line number in the file --
    the review reads the ``Play`` section from it (:mod:`tutor.played_deal`)."""

    number: int | None
    dealer: Seat | None
    deal: str
    tags: dict[str, str] = field(default_factory=dict, compare=False)
    line: int = 0
    sections: dict[str, tuple[tuple[int, str], ...]] = field(default_factory=dict, compare=False)


_TAG_RE = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')


def read_pbn(text: str) -> list[PbnBoard]:
    """Every game of a PBN text that has a ``Deal`` tag, in file order."""
    games: list[tuple[dict[str, str], int, dict[str, list[tuple[int, str]]]]] = []
    current: dict[str, str] = {}
    sections: dict[str, list[tuple[int, str]]] = {}
    last_tag = ""
    start = 0
    in_comment = False
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if in_comment:
            if "}" in line:
                in_comment = False
            continue
        if line.startswith("{") and "}" not in line:
            in_comment = True
            continue
        if not line:
            if current:
                games.append((current, start, sections))
                current, sections, last_tag = {}, {}, ""
            continue
        if line.startswith((";", "%", "{")):
            continue
        m = _TAG_RE.match(line)
        if m:
            if not current:
                start = n
            name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
            if name in current and name in ("Deal", "Board"):
                games.append((current, start, sections))  # a new game began without a blank line
                current, sections, start = {}, {}, n
            current[name] = value
            last_tag = name
        elif current and last_tag:
            sections.setdefault(last_tag, []).append((n, line))
    if current:
        games.append((current, start, sections))
    boards: list[PbnBoard] = []
    previous: dict[str, str] = {}
    for tags, start_line, data in games:
        # PBN "#" means: the same value as the previous game's tag
        tags = {k: (previous.get(k, "") if v == "#" else v) for k, v in tags.items()}
        previous = tags
        if "Deal" not in tags:
            continue
        number = int(tags["Board"]) if tags.get("Board", "").strip().isdigit() else None
        dealer = None
        if tags.get("Dealer", "").strip() not in ("", "?", "-"):
            try:
                dealer = parse_seat(tags["Dealer"])
            except WhistError:
                raise PbnError(f"line {start_line}: not a dealer: {tags['Dealer']!r}") from None
        boards.append(PbnBoard(number, dealer, tags["Deal"].strip(), tags, start_line,
                               {k: tuple(v) for k, v in data.items()}))
    if not boards:
        raise PbnError("no [Deal \"…\"] found: is this a PBN file?")
    return boards


#: The theme a deciding maxim belongs to, for the skeleton's themes.
MAXIM_THEMES: dict[str, str] = {
    "king-third-lead-small": "king-third",
    "never-lead-king-doubleton": "bad-leads",
    "ace-small-lead-small": "ace-leads",
    "ace-fifth-lead-ace": "ace-leads",
    "ace-king-lead-king": "ace-leads",
    "coronka-lead-queen": "honour-sequences",
    "quart-major-lead-king": "honour-sequences",
    "top-of-touching-honours": "honour-sequences",
    "avoid-queen-third": "bad-leads",
    "doubleton-honour-shows-weakness": "bad-leads",
    "never-lead-ace-queen": "bad-leads",
    "never-lead-singleton": "bad-leads",
    "lead-trumps-with-four-or-five": "trumps",
    "few-trumps-wait-for-call": "trumps",
    "lead-highest-trump": "trumps",
    "draw-trumps-for-strong-suit": "trumps",
}


def _slug(text: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return s or "pbn"


def _pick_trump(deal: Deal, dealer: Seat) -> Card:
    """The turned-up card: one of the dealer's cards, the same one every time for this deal."""
    cards = list(deal.hands[dealer])
    return random.Random(f"pbn-trump-{deal.pbn()}").choice(cards)


def puzzle_from_board(
    board: PbnBoard,
    source: str = "pbn",
    *,
    dealer: Seat | str | None = None,
    trump: Card | str | None = None,
    question: str | None = None,
) -> Puzzle:
    """A complete puzzle for ``board``: the engines give the answer, maxims and explanation.

    ``question`` is ``lead`` (South must lead first: East deals) or ``honours``; by default
    ``lead`` when East deals, else ``honours``.
    """
    seat = parse_seat(dealer) if dealer is not None else (board.dealer if board.dealer is not None else Seat.E)
    try:
        deal = Deal.from_pbn(board.deal, dealer=seat)
    except WhistError as exc:
        raise PbnError(f"board {board.number}: {exc}") from None
    if deal.size != 13:
        raise PbnError(f"board {board.number}: the deal has {deal.size} cards a hand, not 13")
    card = parse_card(trump) if isinstance(trump, str) else (trump or _pick_trump(deal, seat))
    if card not in deal.hands[seat]:
        raise PbnError(f"board {board.number}: the trump card {card} is not in the dealer's ({seat.name}) hand")
    deal = Deal(deal.hands, dealer=seat, trump_card=card)
    kind = question or ("lead" if seat == Seat.E else "honours")
    if kind == "lead" and seat != Seat.E:
        raise PbnError(f"board {board.number}: South leads first only when East deals (the dealer is {seat.name}); "
                       f"use --dealer E or --question honours")
    n = board.number if board.number is not None else 0
    base = {
        "id": f"pbn-{_slug(source)}-{n}", "dealer": seat, "trump": card, "hand": deal.hands[Seat.S],
        "deal": deal, "rules": "russian", "system": "russian",
    }
    if kind == "lead":
        advice = advise_position(build_position(deal.hands[Seat.S], card, None, seat))
        deciding = advice.maxims[0] if advice.maxims else None
        themes = ["opening-lead"] + ([MAXIM_THEMES[deciding]] if deciding in MAXIM_THEMES else [])
        hints = [Text(en="Which suit is the best to open, and which card from it?",
                      ru="Какую масть лучше открыть и с какой карты?")]
        if deciding is not None and not text_names_rank(rule := maxim_text(deciding), advice.card.rank):
            hints.append(rule)  # not "From ace-king lead the king": that hint says the answer (tutor check)
        return Puzzle(
            **base, title=Text(en=f"Board {n}: the opening lead", ru=f"Сдача {n}: первый ход"),
            themes=themes, difficulty=2, question="lead",
            prompt=Text(en=f"East dealt, the trump card is {card.symbol('en')}. You lead to the first trick.",
                        ru=f"Сдавал Восток, козырь {card.symbol('ru')}. Вы ходите первым."),
            answer=advice.card, accept=equal_accepts(advice), maxims=list(advice.maxims) or ["lead-long-suit"],
            hints=hints,
            explanation=advice.explanation,
        )
    if kind != "honours":
        raise PbnError(f"question must be lead or honours, not {kind!r}")
    got = number_for(deal, "honours-points-ns", None, "russian")
    made = got.parts[0] if got.parts else Text(en="North and South hold no honours", ru="У Севера и Юга нет онеров")
    return Puzzle(
        **base, title=Text(en=f"Board {n}: honours", ru=f"Сдача {n}: онеры"), themes=["honours"], difficulty=2,
        question="honours", ask="honours-points-ns", prompt=ask_text("honours-points-ns"), answer=got.value,
        maxims=["honours-five"],
        hints=[Text(en="Look at the top trumps in all four hands.", ru="Посмотрите на старшие козыри во всех четырёх руках."),
               maxim_text("honours-five")],
        explanation=Text(en=f"{made.en}. So the answer is {got.value}.", ru=f"{made.ru}. Поэтому ответ: {got.value}."),
    )


def load_pbn(path: str | Path) -> list[PbnBoard]:
    """Read a PBN file (UTF-8, or Latin-1 as older files are)."""
    return read_pbn(file_text(path))


def file_text(path: str | Path) -> str:
    """The text of a file a teacher names (a PBN file, or another record the tutor reads): UTF-8,
    or Latin-1 as older PBN files are; one clear :class:`PbnError` line when it cannot be read."""
    if not str(path).strip():  # Path("") would be the current folder
        raise PbnError("the file name is empty")
    if "\x00" in str(path):  # the OS cannot name such a file; pathlib would raise ValueError
        raise PbnError("the file name holds a NUL character")
    path = Path(path)
    if path.is_dir():
        raise PbnError(f"{path} is a folder, not a file")
    try:
        data = read_regular(path)  # a named pipe is refused at once, not waited on
    except NotAFile as exc:
        raise PbnError(f"{path}: {exc}") from None
    except FileNotFoundError:
        raise PbnError(f"{path}: no such file") from None
    except OSError as exc:  # a learner should read "permission denied", not "[Errno 13] …"
        raise PbnError(f"{path}: cannot read the file ({(exc.strerror or str(exc)).lower()})") from None
    return decode_text(data)


def decode_text(data: bytes) -> str:
    """Bytes of a file or an upload as text: UTF-8 (a BOM allowed), else Latin-1."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
