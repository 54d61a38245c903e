"""The rule book: every legal play from rules.json, how to classify and compare plays.

The seed design's idea, made exact: rules.json lists every play grouped by kind and
by level, and a play's level in its kind is its strength. Classifying is a lookup;
comparing is comparing kinds and levels. A refused play comes with a reason a
player can read, never a bare False.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from ddz_tui.cards import JOKERS, RANKS, Card, format_rank, format_ranks, parse_ranks, ranks_of
from ddz_tui.data import DataFileError, data_path, load_json
from ddz_tui.i18n import Phrase, t


class Kind(str, Enum):
    """A kind of play; the value is its rules.json key. The kind fixes the length."""

    SINGLE = "single"
    PAIR = "pair"
    TRIO = "trio"
    TRIO_SINGLE = "trio_single"
    TRIO_PAIR = "trio_pair"
    SEQ_SINGLE5 = "seq_single5"
    SEQ_SINGLE6 = "seq_single6"
    SEQ_SINGLE7 = "seq_single7"
    SEQ_SINGLE8 = "seq_single8"
    SEQ_SINGLE9 = "seq_single9"
    SEQ_SINGLE10 = "seq_single10"
    SEQ_SINGLE11 = "seq_single11"
    SEQ_SINGLE12 = "seq_single12"
    SEQ_PAIR3 = "seq_pair3"
    SEQ_PAIR4 = "seq_pair4"
    SEQ_PAIR5 = "seq_pair5"
    SEQ_PAIR6 = "seq_pair6"
    SEQ_PAIR7 = "seq_pair7"
    SEQ_PAIR8 = "seq_pair8"
    SEQ_PAIR9 = "seq_pair9"
    SEQ_PAIR10 = "seq_pair10"
    SEQ_TRIO2 = "seq_trio2"
    SEQ_TRIO3 = "seq_trio3"
    SEQ_TRIO4 = "seq_trio4"
    SEQ_TRIO5 = "seq_trio5"
    SEQ_TRIO6 = "seq_trio6"
    SEQ_TRIO_SINGLE2 = "seq_trio_single2"
    SEQ_TRIO_SINGLE3 = "seq_trio_single3"
    SEQ_TRIO_SINGLE4 = "seq_trio_single4"
    SEQ_TRIO_SINGLE5 = "seq_trio_single5"
    SEQ_TRIO_PAIR2 = "seq_trio_pair2"
    SEQ_TRIO_PAIR3 = "seq_trio_pair3"
    SEQ_TRIO_PAIR4 = "seq_trio_pair4"
    BOMB_SINGLE = "bomb_single"
    BOMB_PAIR = "bomb_pair"
    BOMB = "bomb"
    ROCKET = "rocket"

    @property
    def family(self) -> str:
        """The kind without its chain length: `seq_trio_single3` -> `seq_trio_single`."""
        return _FAMILY[self]

    @property
    def chain_length(self) -> int:
        """Links in a chain (trios in an airplane); 1 for kinds that are not chains."""
        return _CHAIN_LENGTH[self]

    @property
    def is_bomb(self) -> bool:
        """Bombs and the rocket beat any other kind. A four with wings is not a bomb."""
        return self is Kind.BOMB or self is Kind.ROCKET

    def describe(self) -> str:
        """In general, as in "needs a pair"."""
        return self.phrase().render()

    def phrase(self) -> Phrase:
        return Phrase(f"kind.{self.family}", n=self.chain_length)

    def title(self) -> str:
        """A short name for lists: "Airplane with singles"."""
        return t(f"kindname.{self.family}")


# Worked out once: the bots ask a kind's family and length millions of times a second.
_FAMILY = {kind: kind.value.rstrip("0123456789") for kind in Kind}
_CHAIN_LENGTH = {kind: int(kind.value[len(_FAMILY[kind]) :] or 1) for kind in Kind}


@dataclass(frozen=True)
class Combo:
    """One legal play: its kind, its strength within the kind, its canonical ranks."""

    kind: Kind
    level: int
    cards: str

    def __hash__(self) -> int:  # the cards are the play; a string keeps its hash
        return hash(self.cards)

    @property
    def is_bomb(self) -> bool:
        return self.kind.is_bomb

    @property
    def size(self) -> int:
        return len(self.cards)

    def describe(self) -> str:
        """This play in words: "a pair of 5s", "a straight 3–7", "the rocket"."""
        return self.phrase().render()

    def phrase(self) -> Phrase:
        family = self.kind.family
        low = RANKS[self.level]
        n = self.kind.chain_length
        high = RANKS[self.level + n - 1]
        return Phrase(
            f"play.{family}",
            r=rank_phrase(low),
            rs=rank_phrase(low, plural=True),
            lo=rank_phrase(low),
            hi=rank_phrase(high),
            n=n,
        )

    def __str__(self) -> str:
        return self.cards


def rank_name(rank: str, plural: bool = False) -> str:
    """A rank for sentences: `10`, `small joker`; plural "5s"."""
    return str(rank_phrase(rank, plural))


def rank_phrase(rank: str, plural: bool = False) -> Phrase | str:
    """A rank for sentences, as a phrase where its words depend on the language."""
    if rank in "BR":
        return Phrase(f"ranks.{rank}" if plural else f"rank.{rank}")
    word = format_rank(rank)
    return Phrase("plural", r=word) if plural else word


class RefusalReason(str, Enum):
    """Why a play is refused by the rules."""

    INVALID_COMBINATION = "invalid_combination"
    WRONG_KIND = "wrong_kind"
    NOT_STRONGER = "not_stronger"


@dataclass(frozen=True)
class Refusal:
    """A play the rules refuse, with what was tried and what it had to beat."""

    reason: RefusalReason
    cards: str
    play: Combo | None = None
    last: Combo | None = None

    @property
    def phrase(self) -> Phrase:
        """Why, for the player, in whichever language they read."""
        if self.reason is RefusalReason.INVALID_COMBINATION:
            return Phrase("refuse.invalid_combination", cards=format_ranks(self.cards))
        assert self.play is not None and self.last is not None
        if self.last.kind is Kind.ROCKET:
            return Phrase("refuse.nothing_beats_rocket")
        play, last = self.play.phrase(), self.last.phrase()
        if self.reason is RefusalReason.WRONG_KIND:
            key = "refuse.wrong_kind_bomb" if self.last.kind is Kind.BOMB else "refuse.wrong_kind"
            return Phrase(key, play=play, last=last, kind=self.last.kind.phrase())
        return Phrase("refuse.not_stronger", play=play, last=last)

    @property
    def message(self) -> str:
        return self.phrase.render()

    def __str__(self) -> str:
        return self.message


# --- the table ---------------------------------------------------------------------


_CANONICAL = re.compile("".join(f"{rank}{{0,{1 if rank in JOKERS else 4}}}" for rank in RANKS))


def load_table(path: Path | None = None) -> dict[Kind, tuple[tuple[Combo, ...], ...]]:
    """Read and check rules.json: every kind, levels of canonical plays, no play twice."""
    source = path or data_path("rules.json")
    document = load_json(source)
    if not isinstance(document, dict) or not isinstance(document.get("kinds"), dict):
        raise DataFileError(f'{source}: expected an object with a "kinds" object')
    if document.get("ranks") != RANKS:
        raise DataFileError(f"{source}: ranks must be {RANKS!r}, found {document.get('ranks')!r}")
    kinds = document["kinds"]
    unknown = sorted(set(kinds) - {k.value for k in Kind})
    if unknown:
        raise DataFileError(f"{source}: unknown kind {unknown[0]!r}")
    table: dict[Kind, tuple[tuple[Combo, ...], ...]] = {}
    seen: dict[str, Kind] = {}
    for kind in Kind:
        levels = kinds.get(kind.value)
        if not isinstance(levels, list) or not levels:
            raise DataFileError(f"{source}: kind {kind.value!r} is missing or has no levels")
        table[kind] = tuple(
            _load_level(source, kind, level, plays, seen) for level, plays in enumerate(levels)
        )
    return table


def _load_level(
    source: Path, kind: Kind, level: int, plays: object, seen: dict[str, Kind]
) -> tuple[Combo, ...]:
    where = f"{source}: {kind.value} level {level}"
    if not isinstance(plays, list):
        raise DataFileError(f"{where} is not a list of plays")
    combos = []
    for play in plays:
        if not isinstance(play, str) or not _CANONICAL.fullmatch(play):
            raise DataFileError(
                f"{where}: {play!r} is not a rank string sorted low to high "
                "with at most four of a rank and one of each joker"
            )
        if play in seen:
            raise DataFileError(f"{where}: {play!r} is already a {seen[play].value}")
        seen[play] = kind
        combos.append(Combo(kind, level, play))
    return tuple(combos)


TABLE: dict[Kind, tuple[tuple[Combo, ...], ...]] = load_table()
"""Every play: TABLE[kind][level] lists the plays of that strength."""

BY_CARDS: dict[str, Combo] = {
    combo.cards: combo for levels in TABLE.values() for plays in levels for combo in plays
}
"""Every play by its canonical rank string."""


# --- classify and compare -----------------------------------------------------------


def canonical(cards: str | Iterable[Card]) -> str:
    """The canonical rank string of cards given as text or as Card values."""
    if isinstance(cards, str):
        return cards if cards in BY_CARDS else parse_ranks(cards)
    return ranks_of(cards)


def classify(cards: str | Iterable[Card]) -> Combo | None:
    """The play these cards make, or None when they are not a valid combination.

    Text is parsed as `cards.parse_ranks` does (raising ValueError for bad text).
    """
    if isinstance(cards, str):
        combo = BY_CARDS.get(cards)
        if combo is not None:
            return combo
    return BY_CARDS.get(canonical(cards))


def beats(play: Combo, last: Combo | None) -> bool:
    """Does `play` beat `last`? Anything beats nothing (a lead)."""
    if last is None:
        return True
    if play.kind is last.kind:
        return play.level > last.level
    if play.kind is Kind.ROCKET:
        return True
    return play.kind is Kind.BOMB and last.kind is not Kind.ROCKET


def refusal(cards: str | Iterable[Card], last: Combo | None = None) -> Refusal | None:
    """Why these cards may not be played on `last` (None for a lead), or None if they may."""
    text = canonical(cards)
    play = BY_CARDS.get(text)
    if play is None:
        return Refusal(RefusalReason.INVALID_COMBINATION, text)
    if beats(play, last):
        return None
    assert last is not None
    if play.kind is last.kind or (play.is_bomb and last.is_bomb):
        return Refusal(RefusalReason.NOT_STRONGER, text, play, last)
    return Refusal(RefusalReason.WRONG_KIND, text, play, last)


# --- writing a play out -------------------------------------------------------------

_MAIN_WIDTH = {"trio_single": 3, "trio_pair": 3, "seq_trio_single": 3, "seq_trio_pair": 3,
               "bomb_single": 4, "bomb_pair": 4}  # fmt: skip
"""Kinds with kickers, and how many cards of each main rank they hold."""


def main_first(combo: Combo) -> str:
    """The play's ranks as players lay it down: the main part (the trios, the four)
    first, the kickers after, each low to high: `777735`, not the canonical `357777`.
    Plays without kickers are already in that order."""
    width = _MAIN_WIDTH.get(combo.kind.family)
    if width is None:
        return combo.cards
    links = RANKS[combo.level : combo.level + combo.kind.chain_length]
    kickers = list(combo.cards)
    for rank in links:
        for _ in range(width):
            kickers.remove(rank)
    return "".join(rank * width for rank in links) + "".join(kickers)


def play_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A play's cards in `main_first` order (cards that make no play: low to high)."""
    ordered = sorted(cards)
    combo = classify(ordered)
    if combo is None:
        return tuple(ordered)
    out = []
    for rank in main_first(combo):
        card = next(c for c in ordered if c.rank == rank)
        ordered.remove(card)
        out.append(card)
    return tuple(out)


def format_play(combo: Combo) -> str:
    """A play written out for people, main part first: `7 7 7 7 3 5`."""
    return format_ranks(main_first(combo))
