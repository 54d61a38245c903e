"""癞子 (wildcards): what a selection holding wilds can be read as, every play of a
hand holding wilds, and how those plays compare.

One rank (3 to 2, never a joker) is drawn; its four cards are the wilds. A wild
stands for any rank 3 to 2, its own included, in the main part of a play or among its
kickers; a play made of wilds alone stands for itself (one wild is a single of its
own rank, the four are the pure wild bomb). The rules are in docs/rules.md (癞子).

Nothing here knows a kind of play: a reading is the classic play (`rules.Combo`) the
cards make once each wild is given a rank, found in the same table the classic game
uses. Readings of one selection that differ only in what a wild kicker stands for are
one reading (the kind and strength are what a player chooses between), shown with the
wild as itself where it can be, else as the lowest ranks not already in the play.

Hands and selections are packed as `moves` packs them (four bits per rank); the
wilds sit in their own rank's four bits, since all four cards of that rank are wilds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from ddz_tui.cards import RANK_INDEX, RANKS, Card
from ddz_tui.moves import BY_KEY, UNIT, pack_hand, plays_of_key
from ddz_tui.rules import TABLE, Combo, Kind

_N = len(RANKS)
_CHAIN_END = RANK_INDEX["2"]  # chains run over ranks below the 2
_NORMAL = RANK_INDEX["B"]  # ranks a wild may stand for: 3 to 2
_ROCKET_KEY = UNIT[RANK_INDEX["B"]] + UNIT[RANK_INDEX["R"]]
_KEY_OF = {combo: key for key, combo in BY_KEY.items()}
WILD_RANKS = RANKS[:_NORMAL]
"""The ranks that may be drawn as the wild rank."""


class BombClass(IntEnum):
    """The classes of bombs under 癞子, weakest first; within a class, by rank."""

    SOFT = 1  # 软炸: natural cards of a rank completed by wilds
    HARD = 2  # 硬炸: four natural cards of a rank
    WILD = 3  # 纯癞子炸: the four wilds
    ROCKET = 4  # the two jokers


@dataclass(frozen=True, slots=True)
class Reading:
    """A selection of cards and one way to read it: what its wilds stand for and the
    classic play that makes. `key` packs the selection (wilds as their own rank),
    `stands` packs the ranks the wilds stand for."""

    key: int
    stands: int
    combo: Combo
    wild_rank: str
    bomb: BombClass | None = None

    @property
    def cards(self) -> str:
        """The selection as a canonical rank string, each wild written as its own rank."""
        return _text(self.key)

    @property
    def wilds(self) -> str:
        """What the wilds stand for, low to high (one rank per wild)."""
        return _text(self.stands)

    @property
    def wild_count(self) -> int:
        return (self.key >> (4 * RANK_INDEX[self.wild_rank])) & 15

    @property
    def naturals(self) -> str:
        """The selection's cards that are not wilds."""
        return _text(self.key & ~(15 << (4 * RANK_INDEX[self.wild_rank])))

    @property
    def kind(self) -> Kind:
        return self.combo.kind

    @property
    def level(self) -> int:
        return self.combo.level

    @property
    def is_bomb(self) -> bool:
        return self.bomb is not None

    @property
    def strength(self) -> tuple[int, int]:
        """(bomb class, level): bombs compare by it; other plays by level within a kind."""
        return (0 if self.bomb is None else int(self.bomb), self.combo.level)


_new = object.__new__
_SET = tuple(getattr(Reading, name).__set__ for name in Reading.__slots__)


def _reading(
    key: int, stands: int, combo: Combo, wild_rank: str, bomb: BombClass | None
) -> Reading:
    """`Reading(...)` for the generator, which makes a thousand per hand: the frozen
    class's own __init__ goes through its refusing __setattr__ once per field."""
    reading = _new(Reading)
    set_key, set_stands, set_combo, set_rank, set_bomb = _SET
    set_key(reading, key)
    set_stands(reading, stands)
    set_combo(reading, combo)
    set_rank(reading, wild_rank)
    set_bomb(reading, bomb)
    return reading


def _text(key: int) -> str:
    return "".join(rank * ((key >> (4 * r)) & 15) for r, rank in enumerate(RANKS))


def beats(play: Reading, last: Reading | None) -> bool:
    """Does `play` beat `last` (None: a lead, beaten by anything)? Bombs by class, then
    by rank: rocket > the four wilds > a natural bomb > a bomb made with wilds; any bomb
    beats any other play; other plays beat the same kind at a lower level."""
    if last is None:
        return True
    if play.bomb is not None:
        return last.bomb is None or play.strength > last.strength
    return last.bomb is None and play.combo.kind is last.combo.kind and play.level > last.level


def natural(combo: Combo, wild_rank: str) -> Reading:
    """A play of natural cards only (no wilds among them) as a reading."""
    bomb = None
    if combo.kind is Kind.BOMB:
        bomb = BombClass.HARD
    elif combo.kind is Kind.ROCKET:
        bomb = BombClass.ROCKET
    return _reading(_KEY_OF[combo], 0, combo, wild_rank, bomb)


def _check_rank(wild_rank: str) -> int:
    if len(wild_rank) != 1 or wild_rank not in WILD_RANKS:
        raise ValueError(f"the wild rank is one of {WILD_RANKS}, not {wild_rank!r}")
    return RANK_INDEX[wild_rank]


def readings(cards: str | Iterable[Card], wild_rank: str) -> list[Reading]:
    """Every distinct way these cards can be played, the strongest first (bombs by
    class and rank, then higher plays first); empty when they make no play."""
    return list(_readings(pack_hand(cards), wild_rank))


@lru_cache(maxsize=256)
def _readings(key: int, wild_rank: str) -> tuple[Reading, ...]:
    """The plays of the selection's own size that it holds: those take every card."""
    w = _check_rank(wild_rank)
    k = (key >> (4 * w)) & 15
    if not k:
        combo = BY_KEY.get(key)
        return () if combo is None else (natural(combo, wild_rank),)
    gen = _Gen(key - k * UNIT[w], k, w, wild_rank)
    found: list[Reading] = []
    size = sum((key >> (4 * r)) & 15 for r in range(_N))
    for kind in _OF_SIZE.get(size, ()):
        gen.of_kind(found, kind, -1)
    found.sort(key=_order, reverse=True)
    return tuple(found)


def _order(reading: Reading) -> tuple[int, int, int, str]:
    return (*reading.strength, reading.combo.kind.chain_length, reading.combo.cards)


def wild_plays(
    hand: str | Iterable[Card], wild_rank: str, to_beat: Reading | None = None
) -> list[Reading]:
    """Every distinct legal play of the hand, with its reading: any play when leading
    (`to_beat` None), else every play that beats `to_beat`. Two plays are distinct when
    they take different cards or read as a different kind or strength."""
    return wild_plays_of_key(pack_hand(hand), wild_rank, to_beat)


def wild_plays_of_key(key: int, wild_rank: str, to_beat: Reading | None = None) -> list[Reading]:
    """`wild_plays` for a packed hand."""
    return list(_plays(key, wild_rank, to_beat))


@lru_cache(maxsize=64)
def _plays(key: int, wild_rank: str, to_beat: Reading | None) -> tuple[Reading, ...]:
    """The plays of a hand, kept for the hands last asked about: a hand with wilds holds
    a thousand plays or more, and the hints, the bots and the checks of a selection ask
    about the same hands again and again."""
    w = _check_rank(wild_rank)
    k = (key >> (4 * w)) & 15
    nat = key - k * UNIT[w]
    gen = _Gen(nat, k, w, wild_rank)
    if to_beat is None:
        out = [natural(c, wild_rank) for c in plays_of_key(nat)]
        gen.everything(out)
        return tuple(out)
    if to_beat.bomb is not None:
        return tuple(gen.bombs_over(to_beat))
    last = to_beat.combo
    out = [natural(c, wild_rank) for c in plays_of_key(nat, last)]
    gen.of_kind(out, last.kind, last.level)
    gen.soft_bombs(out, -1)
    gen.pure_bomb(out)
    return tuple(out)


def forget() -> None:
    """Drop the plays and readings kept for the hands and selections last asked about
    (a benchmark's first sight)."""
    _plays.cache_clear()
    _readings.cache_clear()


# --- the generator --------------------------------------------------------------------

_BY_RANK = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIO: 3, Kind.BOMB: 4}
_CHAIN = {"seq_single": 1, "seq_pair": 2, "seq_trio": 3}
_WINGED = {  # kind: (cards of the main rank, kickers, kickers are pairs)
    Kind.TRIO_SINGLE: (3, 1, False),
    Kind.TRIO_PAIR: (3, 1, True),
    Kind.BOMB_SINGLE: (4, 2, False),
    Kind.BOMB_PAIR: (4, 2, True),
}
_PLANES = {"seq_trio_single": False, "seq_trio_pair": True}


_OF_SIZE: dict[int, list[Kind]] = {}
for _kind in Kind:
    _OF_SIZE.setdefault(len(TABLE[_kind][0][0].cards), []).append(_kind)


def _chain_kinds(family: str) -> list[Kind]:
    return [kind for kind in Kind if kind.family == family]


Main = tuple[int, int, int]
"""A main part: its natural cards (packed), how many wilds it takes, what they stand for."""


class _Gen:
    """The plays of one hand that take at least one wild (the rest are `moves`')."""

    def __init__(self, nat: int, k: int, w: int, wild_rank: str) -> None:
        self.nat, self.k, self.w, self.wild_rank = nat, k, w, wild_rank
        self.count = [(nat >> (4 * r)) & 15 for r in range(_N)]
        # fresh ranks for wild kickers: the wild's own rank first, then low to high
        self.fresh = (w, *(r for r in range(_NORMAL) if r != w))
        self._short: dict[int, list[int]] = {}
        self._choices: dict[tuple[int, bool], Choices] = {}
        self._known_mains: dict[tuple[tuple[int, int], ...], list[Main]] = {}

    def _fits(self, low: int, n: int, width: int) -> bool:
        """Can the naturals and the wilds make a chain of n links of `width` from `low`?"""
        short = self._short.get(width)
        if short is None:  # cards missing for a link of each rank, summed from the 3 up
            short = [0]
            for c in self.count[:_CHAIN_END]:
                short.append(short[-1] + max(0, width - c))
            self._short[width] = short
        return short[low + n] - short[low] <= self.k

    # -- families ----------------------------------------------------------------

    def everything(self, out: list[Reading]) -> None:
        if not self.k:
            return
        for kind in Kind:
            if kind.chain_length == 1 and kind is not Kind.ROCKET:
                self.of_kind(out, kind, -1)
        for family in (*_CHAIN, *_PLANES):
            for kind in _chain_kinds(family):
                self.of_kind(out, kind, -1)

    def of_kind(self, out: list[Reading], kind: Kind, above: int) -> None:
        """The plays of `kind` above `level` that take a wild."""
        if not self.k or kind is Kind.ROCKET:
            return
        if kind in _BY_RANK:
            self._by_rank(out, kind, _BY_RANK[kind], above)
        elif kind in _WINGED:
            width, m, pairs = _WINGED[kind]
            for r in range(above + 1, _NORMAL):
                self._winged(out, kind, self._mains(((r, width),)), (r,), m, pairs)
        elif kind.family in _CHAIN:
            width, n = _CHAIN[kind.family], kind.chain_length
            for low in range(above + 1, _CHAIN_END - n + 1):
                if not self._fits(low, n, width):
                    continue
                links = tuple((r, width) for r in range(low, low + n))
                for main in self._mains(links):
                    if main[1] and main[0]:
                        self._add(out, main[0], main[1], main[2], main[2] + main[0], kind)
        else:
            pairs, n = _PLANES[kind.family], kind.chain_length
            for low in range(above + 1, _CHAIN_END - n + 1):
                if not self._fits(low, n, 3):
                    continue
                ranks = tuple(range(low, low + n))
                self._winged(out, kind, self._mains(tuple((r, 3) for r in ranks)), ranks, n, pairs)

    def soft_bombs(self, out: list[Reading], above: int) -> None:
        """Bombs of natural cards and wilds, of ranks above `above`."""
        if self.k:
            for r in range(above + 1, _NORMAL):
                if r != self.w:
                    self._by_rank_of(out, Kind.BOMB, r, 4)

    def pure_bomb(self, out: list[Reading]) -> None:
        """The four wilds."""
        if self.k == 4:
            self._by_rank_of(out, Kind.BOMB, self.w, 4)

    def bombs_over(self, last: Reading) -> list[Reading]:
        """Every bomb (and the rocket) that beats the bomb `last`."""
        assert last.bomb is not None
        out: list[Reading] = []
        if last.bomb == BombClass.ROCKET:
            return out
        cls, level = last.bomb, last.level
        if cls == BombClass.SOFT:
            self.soft_bombs(out, level)
        for r in range(_NORMAL):
            hard_beats = cls < BombClass.HARD or (cls == BombClass.HARD and r > level)
            if self.count[r] == 4 and hard_beats:
                out.append(natural(BY_KEY[4 * UNIT[r]], self.wild_rank))
        if cls < BombClass.WILD:
            self.pure_bomb(out)
        if self.nat & _ROCKET_KEY == _ROCKET_KEY:
            out.append(natural(BY_KEY[_ROCKET_KEY], self.wild_rank))
        return out

    # -- parts ---------------------------------------------------------------------

    def _by_rank(self, out: list[Reading], kind: Kind, width: int, above: int) -> None:
        for r in range(above + 1, _NORMAL):
            self._by_rank_of(out, kind, r, width)

    def _by_rank_of(self, out: list[Reading], kind: Kind, r: int, width: int) -> None:
        """`width` cards of rank r, at least one of them a wild; wilds alone only as
        themselves (rank r the wild rank)."""
        have = self.count[r]
        lowest = 0 if r == self.w else 1
        for a in range(min(width - 1, have), max(lowest, width - self.k) - 1, -1):
            t = width - a
            self._add(out, a * UNIT[r], t, t * UNIT[r], width * UNIT[r], kind)

    def _mains(self, links: tuple[tuple[int, int], ...]) -> list[Main]:
        """Every way to make the main part (width cards of each rank) from the naturals
        and at most all the wilds; kept for the hand, as one trio serves the trio with
        a single and with a pair, and one body the airplanes with and without wings."""
        known = self._known_mains.get(links)
        if known is None:
            known = self._known_mains[links] = self._make_mains(links)
        return known

    def _make_mains(self, links: tuple[tuple[int, int], ...]) -> list[Main]:
        mains: list[Main] = [(0, 0, 0)]
        k, count = self.k, self.count
        for r, width in links:
            unit = UNIT[r]
            have = min(width, count[r])
            if width - have > k:
                return []
            grown = []
            for nat, used, stands in mains:
                for a in range(have, -1, -1):
                    need = used + width - a
                    if need > k:
                        break
                    grown.append((nat + a * unit, need, stands + (width - a) * unit))
            mains = grown
        return mains

    def _winged(
        self,
        out: list[Reading],
        kind: Kind,
        mains: list[Main],
        ranks: tuple[int, ...],
        m: int,
        pairs: bool,
    ) -> None:
        """The plays of `kind` on each of these main parts (of the same ranks) with m
        kickers, pairs or singles."""
        if not mains:
            return
        wings = self._wings(ranks, m, pairs)
        k, wild_unit, wild_rank = self.k, UNIT[self.w], self.wild_rank
        get, append, make = BY_KEY.get, out.append, _reading
        for main_nat, used, stands in mains:  # the hot loop: `_add` written out
            body = main_nat + stands
            left = k - used
            for wing_nat, j, own, fresh in wings:
                if j > left or used + j == 0 or main_nat + wing_nat == 0:
                    continue  # too many wilds; no wild (moves' play); only wilds (themselves)
                combo = get(body + wing_nat + own) if own >= 0 else None
                if combo is not None and combo.kind is kind:
                    wild = own
                else:
                    combo = get(body + wing_nat + fresh)
                    if combo is None or combo.kind is not kind:
                        continue
                    wild = fresh
                key = main_nat + wing_nat + (used + j) * wild_unit
                append(make(key, stands + wild, combo, wild_rank, None))

    def _wings(self, ranks: tuple[int, ...], m: int, pairs: bool) -> Wings:
        """Every choice of m kickers outside the main ranks, with what their wilds stand
        for: as themselves where that may be legal, else each a rank of its own (the
        wild's first, then low to high) or the rank of the natural it pairs."""
        skip = 0
        for r in ranks:
            skip |= 1 << r
        choices = self._choices.get((m, pairs))
        if choices is None:  # the hand's kickers, main ranks or not: filtered below
            rem, k = self.count, self.k
            choices = _pair_wings(rem, m, k) if pairs else _single_wings(rem, m, k)
            self._choices[m, pairs] = choices
        per = 2 if pairs else 1
        w = self.w
        own_ok = not pairs and not skip >> w & 1
        out: Wings = []
        for wing_nat, j, taken, halves, n_fresh in choices:
            if taken & skip:
                continue  # a kicker of a main rank
            fresh = halves
            if n_fresh:
                used = skip | taken
                for r in self.fresh:
                    if not used >> r & 1:
                        fresh += per * UNIT[r]
                        n_fresh -= 1
                        if not n_fresh:
                            break
            out.append((wing_nat, j, j * UNIT[w] if own_ok and j else -1, fresh))
        return out

    def _add(
        self, out: list[Reading], nat: int, t: int, stands: int, combo_key: int, kind: Kind
    ) -> bool:
        """Add the play if the table reads these cards as `kind`; say whether it did."""
        combo = BY_KEY.get(combo_key)
        if combo is None or combo.kind is not kind:
            return False
        bomb = None
        if kind is Kind.BOMB:
            bomb = BombClass.WILD if nat == 0 else BombClass.SOFT
        out.append(_reading(nat + t * UNIT[self.w], stands, combo, self.wild_rank, bomb))
        return True


Choices = list[tuple[int, int, int, int, int]]
"""Kickers: their natural cards (packed), how many wilds, the natural ranks (a bit each),
what the wilds that pair a natural stand for (packed), and how many wild kickers are
free to stand for a fresh rank (a single each, or a pair each)."""
Wings = list[tuple[int, int, int, int]]
"""Kickers: their natural cards (packed), how many wilds, what the wilds stand for as
themselves (-1: not tried), and what they stand for each as a rank of its own."""


def _single_wings(rem: list[int], m: int, left: int) -> Choices:
    """Kickers of m single cards."""
    out = []
    ranks = [r for r, c in enumerate(rem) if c]
    for j in range(min(m, left) + 1):
        for nat, taken in _multisets(ranks, rem, m - j, 0):
            out.append((nat, j, taken, 0, j))
    return out


def _multisets(ranks: list[int], rem: list[int], size: int, start: int) -> list[tuple[int, int]]:
    """Every multiset of `size` cards of ranks[start:] (at most rem[r] of rank r): packed,
    and its ranks a bit each."""
    if size == 0:
        return [(0, 0)]
    out = []
    for i in range(start, len(ranks)):
        r = ranks[i]
        bit = 1 << r
        for take in range(1, min(rem[r], size) + 1):
            base = take * UNIT[r]
            for nat, taken in _multisets(ranks, rem, size - take, i + 1):
                out.append((nat + base, taken | bit))
    return out


def _pair_wings(rem: list[int], m: int, left: int) -> Choices:
    """Kickers of m pairs of distinct ranks: natural pairs, a natural and a wild, or two
    wilds."""
    out: Choices = []
    for halves in range(min(m, left) + 1):
        for wild_pairs in range((left - halves) // 2 + 1):
            whole = m - halves - wild_pairs
            if whole < 0:
                break
            j = halves + 2 * wild_pairs
            for nat, taken, paired in _pairs_of(rem, whole, halves, 0):
                out.append((nat, j, taken, paired, wild_pairs))
    return out


def _pairs_of(rem: list[int], whole: int, halves: int, start: int) -> list[tuple[int, int, int]]:
    """Natural pairs (`whole` of them) and naturals to pair with a wild (`halves`), of
    distinct ranks from `start` up: (natural cards, their ranks a bit each, the ranks
    the wilds stand for)."""
    if not whole and not halves:
        return [(0, 0, 0)]
    out = []
    for r in range(start, _NORMAL):
        n = rem[r]
        if not n:
            continue
        unit, bit = UNIT[r], 1 << r
        if whole and n >= 2:
            for nat, taken, paired in _pairs_of(rem, whole - 1, halves, r + 1):
                out.append((nat + 2 * unit, taken | bit, paired))
        if halves:
            for nat, taken, paired in _pairs_of(rem, whole, halves - 1, r + 1):
                out.append((nat + unit, taken | bit, paired + unit))
    return out
