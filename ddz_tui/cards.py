"""Cards: the deck from cards.json, and the text notation for ranks and cards.

A play or hand in text is its rank characters sorted low to high (`3334`, `TTJJQQ`,
`BR`); suits never matter for rules. `parse_ranks` accepts what people type and
what other programs print; `format_ranks` and `format_cards` turn it back.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path

from ddz_tui.data import DataFileError, data_path, load_json

RANKS = "3456789TJQKA2BR"
"""Rank characters, low to high. `T` is ten, `B` the small joker, `R` the big joker."""
RANK_INDEX = {rank: index for index, rank in enumerate(RANKS)}
SMALL_JOKER, BIG_JOKER = "B", "R"
JOKERS = SMALL_JOKER + BIG_JOKER
DECK_SIZE = 54


class Suit(str, Enum):
    SPADE = "spade"
    HEART = "heart"
    CLUB = "club"
    DIAMOND = "diamond"

    @property
    def glyph(self) -> str:
        return _SUIT_GLYPH[self]

    @property
    def letter(self) -> str:
        return self.value[0].upper()

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEART, Suit.DIAMOND)


_SUIT_GLYPH = {Suit.SPADE: "♠", Suit.HEART: "♥", Suit.CLUB: "♣", Suit.DIAMOND: "♦"}


@dataclass(frozen=True, order=True)
class Card:
    """One of the 54 cards. Ordered by id, which is value then suit."""

    id: int
    rank: str = field(compare=False)
    suit: Suit | None = field(compare=False)
    value: int = field(compare=False)
    label: str = field(compare=False)
    glyph: str = field(compare=False)

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_red(self) -> bool:
        """Hearts, diamonds and the big joker are drawn in red."""
        return self.rank == BIG_JOKER if self.suit is None else self.suit.is_red

    def __hash__(self) -> int:  # the id is the card; hashing it alone is fast
        return self.id

    def __str__(self) -> str:
        return self.glyph


def _card_from_json(entry: object, index: int, source: Path) -> Card:
    if not isinstance(entry, dict):
        raise DataFileError(f"{source}: card #{index} is not an object")
    missing = [key for key in ("id", "rank", "suit", "value", "label", "glyph") if key not in entry]
    if missing:
        raise DataFileError(f"{source}: card #{index} lacks {', '.join(missing)}")
    rank, suit = entry["rank"], entry["suit"]
    if rank not in RANK_INDEX:
        raise DataFileError(f"{source}: card #{index} has rank {rank!r}, not one of {RANKS}")
    expected_value = RANK_INDEX[rank] + 3
    if entry["value"] != expected_value:
        raise DataFileError(
            f"{source}: card #{index} ({rank}) has value {entry['value']!r}, "
            f"expected {expected_value}"
        )
    if (suit is None) != (rank in JOKERS):
        raise DataFileError(f"{source}: card #{index} ({rank}) has suit {suit!r}")
    if suit is not None and suit not in {s.value for s in Suit}:
        raise DataFileError(f"{source}: card #{index} has unknown suit {suit!r}")
    if not isinstance(entry["label"], str) or not isinstance(entry["glyph"], str):
        raise DataFileError(f"{source}: card #{index} label and glyph must be text")
    return Card(
        id=entry["id"],
        rank=rank,
        suit=None if suit is None else Suit(suit),
        value=expected_value,
        label=entry["label"],
        glyph=entry["glyph"],
    )


def load_deck(path: Path | None = None) -> tuple[Card, ...]:
    """Read and check cards.json: 54 cards, ids 0..53 in value-then-suit order."""
    source = path or data_path("cards.json")
    document = load_json(source)
    entries = document.get("cards") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        raise DataFileError(f'{source}: expected an object with a "cards" list')
    if len(entries) != DECK_SIZE:
        raise DataFileError(f"{source}: expected {DECK_SIZE} cards, found {len(entries)}")
    deck = tuple(_card_from_json(entry, i, source) for i, entry in enumerate(entries))
    if [card.id for card in deck] != list(range(DECK_SIZE)):
        raise DataFileError(f"{source}: card ids must be 0..53 in order")
    if any(a.value > b.value for a, b in itertools.pairwise(deck)):
        raise DataFileError(f"{source}: card ids must follow value order (3 low, big joker high)")
    faces = Counter((card.rank, card.suit) for card in deck)
    doubled = [
        f"{rank} {suit.value if suit else ''}".strip() for (rank, suit), n in faces.items() if n > 1
    ]
    if doubled:
        raise DataFileError(f"{source}: duplicate card {doubled[0]}")
    return deck


DECK: tuple[Card, ...] = load_deck()


def lowest_suits(ranks: str, among: Iterable[Card] = DECK) -> tuple[Card, ...]:
    """The cards of `among` (in card order, as hands and the deck are) that make up
    `ranks`, the lowest suits of each rank first: the cards a play written as ranks
    takes from a hand. ValueError when `among` lacks some of them."""
    need = dict.fromkeys(ranks, 0)  # a plain dict: a Counter's miss is a Python call
    for rank in ranks:
        need[rank] += 1
    chosen: list[Card] = []
    wanted = len(ranks)
    for card in among:
        left = need.get(card.rank)
        if left:
            need[card.rank] = left - 1
            chosen.append(card)
            if len(chosen) == wanted:
                break
    if len(chosen) != wanted:
        raise ValueError(f"not all of {ranks!r} are among the cards")
    return tuple(chosen)


# --- text ---------------------------------------------------------------------------

_SUIT_CHARS = {"♠": Suit.SPADE, "♥": Suit.HEART, "♣": Suit.CLUB, "♦": Suit.DIAMOND,
               "♤": Suit.SPADE, "♡": Suit.HEART, "♧": Suit.CLUB, "♢": Suit.DIAMOND}  # fmt: skip
_WORDS = {"10": "T", "0": "T", "小王": SMALL_JOKER, "大王": BIG_JOKER}
_TOKEN_SPLIT = re.compile(r"[\s,，、]+")
_RANK_LIMIT = {rank: (1 if rank in JOKERS else 4) for rank in RANKS}


def _rank_at(token: str, i: int) -> tuple[str, int]:
    """The rank written at token[i:] and how many characters it takes."""
    for word, rank in _WORDS.items():
        if token.startswith(word, i):
            return rank, len(word)
    rank = token[i].upper()
    if rank in RANK_INDEX:
        return rank, 1
    bad = token[i]
    detail = "a suit needs a rank before it" if bad in _SUIT_CHARS else "unknown card"
    raise ValueError(f"{detail}: {bad!r} in {token!r}")


def _scan_token(token: str) -> Iterable[tuple[str, Suit | None]]:
    """(rank, suit or None) for each card written in one token, like `3♠10♥` or `TTJ`."""
    i = 0
    while i < len(token):
        rank, width = _rank_at(token, i)
        i += width
        suit = _SUIT_CHARS.get(token[i]) if i < len(token) else None
        if suit is not None:
            if rank in JOKERS:
                raise ValueError(f"a joker has no suit: {token!r}")
            i += 1
        yield rank, suit


def parse_ranks(text: str) -> str:
    """Canonical rank string of a written multiset of cards.

    Accepts `3334`, `tt jj`, `10 10`, `0`, `3♠ 10♥`, `小王 大王`, separated by spaces
    or commas. Raises ValueError naming the bad token, or the impossible count.
    """
    ranks: list[str] = []
    suited: Counter[tuple[str, Suit]] = Counter()
    for token in _TOKEN_SPLIT.split(text.strip()):
        for rank, suit in _scan_token(token):
            ranks.append(rank)
            if suit is not None:
                suited[rank, suit] += 1
    counts = Counter(ranks)
    for rank, n in counts.items():
        if n > _RANK_LIMIT[rank]:
            if rank in JOKERS:
                name = "small" if rank == SMALL_JOKER else "big"
                raise ValueError(f"{n} {name} jokers: a deck has one")
            raise ValueError(f"{n} cards of rank {format_rank(rank)}: a deck has 4")
    for (rank, suit), n in suited.items():
        if n > 1:
            raise ValueError(f"{format_rank(rank)}{suit.glyph} written {n} times: a deck has one")
    return "".join(sorted(ranks, key=RANK_INDEX.__getitem__))


def format_rank(rank: str) -> str:
    """How a rank is written for people: `10` for ten, the rest as is."""
    return "10" if rank == "T" else rank


def format_ranks(ranks: str, sep: str = " ") -> str:
    """`TTJ` -> `10 10 J`. Jokers stay `B` and `R`, which the parser reads back."""
    return sep.join(format_rank(rank) for rank in ranks)


def format_cards(cards: Iterable[Card], *, ascii: bool = False, sep: str = " ") -> str:
    """`3♠ 10♥ 小王`, or `3S 10H BJ` for terminals without the glyphs."""
    return sep.join(card.label if ascii else card.glyph for card in cards)


def ranks_of(cards: Iterable[Card]) -> str:
    """The canonical rank string of some cards."""
    return "".join(card.rank for card in sorted(cards))


def rank_counts(ranks: str) -> list[int]:
    """How many of each rank, indexed like RANKS."""
    counts = [0] * len(RANKS)
    index = RANK_INDEX  # a local name: the move generator counts many hands
    for rank in ranks:
        counts[index[rank]] += 1
    return counts


# --- a hand's order ----------------------------------------------------------------


class HandOrder(str, Enum):
    """How the player's hand is laid out: by rank, low to high (as dealt), or by
    count, the way many players arrange a hand: bombs, then trios, pairs, singles."""

    RANK = "rank"
    COUNT = "count"


_COUNT_TIER = {4: 0, 3: 1, 2: 2, 1: 3}
"""Bombs first, then trios, pairs and singles."""


def by_count(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Bombs, trios, pairs, singles, each group low to high; the two jokers stay
    together after the bombs, as the rocket they make."""
    groups: dict[str, list[Card]] = {}
    for card in sorted(cards):
        groups.setdefault(card.rank, []).append(card)
    if SMALL_JOKER in groups and BIG_JOKER in groups:
        groups[SMALL_JOKER] += groups.pop(BIG_JOKER)
        rocket = SMALL_JOKER
    else:
        rocket = None

    def tier(rank: str) -> tuple[int, int]:
        count = 4 if rank == rocket else len(groups[rank])
        return _COUNT_TIER[count], RANK_INDEX[rank]

    return tuple(card for rank in sorted(groups, key=tier) for card in groups[rank])


def arrange(cards: Iterable[Card], order: HandOrder) -> tuple[Card, ...]:
    """A hand laid out in `order`."""
    return by_count(cards) if order is HandOrder.COUNT else tuple(sorted(cards))
