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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache, lru_cache, reduce
from itertools import chain, compress, repeat
from operator import attrgetter, getitem, itemgetter, or_
from threading import Lock
from typing import TypeAlias, TypeVar, cast

from ddz_tui.cards import RANK_INDEX, RANKS, Card
from ddz_tui.moves import BY_KEY, UNIT, pack_hand, plays_of_key
from ddz_tui.rules import BY_CARDS, TABLE, Combo, Kind

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
    gen = _Hand(key - k * UNIT[w], k, w, wild_rank)
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
    at: Asked = (key, wild_rank)
    if to_beat is not None:  # what the plays that beat it depend on
        at = (key, wild_rank, to_beat.combo.cards, to_beat.bomb)
    recent = _recent
    with recent.lock:  # `_Recent.get`, written out: a hand asked again is a lookup
        i = recent.at.pop(at, None)
        if i is not None:
            recent.at[at] = i
            return recent.lists[i].copy()
    found = _plays(key, wild_rank, to_beat)
    recent.keep(at, found)
    return found


Asked = tuple[object, ...]
"""A packed hand and the wild rank, and when following, the cards of the play to beat
(the classic play they make) and its bomb class: a `Reading` works its hash out in
Python, field by field."""


class _Recent:
    """The plays of the hands last asked about: a hand with wilds holds a thousand plays
    or more, and the hints, the bots and the checks of a selection ask about the same
    hands again and again. Each hand's plays are copied into one of `size` lists made
    once, which the cycle collector soon counts among its old objects: kept in a new
    container, they were walked play by play by each of its collections of the young
    (some 20 µs a hand when asked about hands one after another, as a benchmark's first
    sight does)."""

    def __init__(self, size: int) -> None:
        self.lists: list[list[Reading]] = [[] for _ in range(size)]
        self.at: dict[Asked, int] = {}  # which list holds a hand's plays, the latest last
        self.lock = Lock()  # a list is handed to another hand only while none reads it

    def keep(self, at: Asked, plays: list[Reading]) -> None:
        """Keep a copy of `at`'s plays, in place of those asked about least lately."""
        with self.lock:
            i = self.at.pop(at, None)
            if i is None:
                i = (
                    len(self.at)
                    if len(self.at) < len(self.lists)
                    else self.at.pop(next(iter(self.at)))
                )
            self.lists[i][:] = plays
            self.at[at] = i

    def clear(self) -> None:
        with self.lock:
            self.at.clear()
            for kept in self.lists:
                kept.clear()


_recent = _Recent(64)


def _plays(key: int, wild_rank: str, to_beat: Reading | None) -> list[Reading]:
    """The plays of a hand, worked out."""
    w = _check_rank(wild_rank)
    k = (key >> (4 * w)) & 15
    nat = key - k * UNIT[w]
    gen = _Hand(nat, k, w, wild_rank)
    naturals = gen.kept.naturals.of
    if to_beat is None:
        out = naturals(plays_of_key(nat))
        gen.everything(out)
        return out
    if to_beat.bomb is not None:
        return gen.bombs_over(to_beat)
    last = to_beat.combo
    out = naturals(plays_of_key(nat, last))
    gen.of_kind(out, last.kind, last.level)
    gen.soft_bombs(out, -1)
    gen.pure_bomb(out)
    return out


def forget(tables: bool = False) -> None:
    """Drop the plays and readings kept for the hands and selections last asked about
    (a benchmark's first sight); `tables`: also what hands share under each wild rank
    (a process's first hands)."""
    _recent.clear()
    _readings.cache_clear()
    if tables:
        with _KEEPING:
            _kept.clear()


# --- the generator --------------------------------------------------------------------
#
# A hand with wilds holds a thousand plays or more, and making one `Reading` costs more
# than the rest of finding it. So what any hand may share is kept per wild rank
# (`_Kept`), made once and found again by small keys: the plays of one rank with wilds
# (by its natural cards, capped, and the wilds held), the plays of a chain window (by
# its natural cards, capped, and the wilds held), and for each main part a row of its
# plays by kicker choice (a dict that fills as choices are first asked for), so that a
# hand's kickers go through `map` of that row. A new hand is then mostly lookups; only
# what no earlier hand needed is worked out, by the same rules as before.

_BY_RANK = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIO: 3, Kind.BOMB: 4}
_CHAIN = {"seq_single": 1, "seq_pair": 2, "seq_trio": 3}
_WINGED = {  # kind: (cards of the main rank, kickers, kickers are pairs)
    Kind.TRIO_SINGLE: (3, 1, False),
    Kind.TRIO_PAIR: (3, 1, True),
    Kind.BOMB_SINGLE: (4, 2, False),
    Kind.BOMB_PAIR: (4, 2, True),
}
_PLANES = {"seq_trio_single": False, "seq_trio_pair": True}
_OF_WIDTH = {width: kind for kind, width in _BY_RANK.items()}
_MASK = (1 << 60) - 1  # a packed hand's bits (15 ranks of four)
_CARDS = attrgetter("cards")
_ONES = sum(UNIT)
_TOPS = 8 * _ONES  # the top bit of every rank's four
_7S, _6S, _5S, _4S = 7 * _ONES, 6 * _ONES, 5 * _ONES, 4 * _ONES  # + a rank's cards: see `moves`
_SHIFTS = tuple(4 * r for r in range(_N))
_TOP = tuple(8 * unit for unit in UNIT)
_CHAIN_MASK = (1 << (4 * _CHAIN_END)) - 1  # the chain ranks' four bits
_SHORT = tuple(tuple(max(width - c, 0) for c in range(5)) for width in range(5))
"""_SHORT[width][c]: the cards a rank held c times is short of `width`."""


_OF_SIZE: dict[int, list[Kind]] = {}
for _kind in Kind:
    _OF_SIZE.setdefault(len(TABLE[_kind][0][0].cards), []).append(_kind)


def _chain_kinds(family: str) -> list[Kind]:
    return [kind for kind in Kind if kind.family == family]


_STRAIGHTS = tuple(_chain_kinds("seq_single"))

Main = tuple[int, int, int]
"""A main part: its natural cards (packed), how many wilds it takes, what they stand for."""
Codes: TypeAlias = "list[list[int]] | _ManyChoices"
"""A hand's choices of kickers (`_Hand.codes`): with at most 0, 1, ... k wilds."""
Gather = Callable[[dict[int, "Reading | None"]], tuple["Reading | None", ...]]
Getter = tuple[Gather, list[int]]
"""A hand's kicker choices as an `itemgetter` of a row's plays, and as the choices
(`_getter`)."""
Getters: TypeAlias = "list[Getter] | _Getters"
"""A hand's getters by the wilds left to the kickers (`_Hand.getters`)."""
Wings = tuple[dict[int, "Reading | None"], "_Row", int]
"""A main part as its row's plays by kicker choice, its row, and the wilds left for its
kickers (all of the hand's when it takes none: then only the kicker choices that take a
wild make a play)."""

KEPT_LIMIT = 450_000
"""Readings, rows' entries and tables kept for all wild ranks together (some 100 MB);
past it, the wild ranks asked about least lately are dropped (the one asked about now
last: its own, once they alone pass it) and made again as hands need them. A hand of
20 cards with two wilds finds nearly all it needs once some hundreds of hands of its
wild rank came before: some 35,000 entries, every rank's together about the limit."""
KEPT_IDLE = 200
"""New hands asked about (of any rank) after which a wild rank none of them had is
dropped: a game asks about some 15 to 25, so a process that played under a rank keeps
it some ten games more, and one that hosts tables under many ranks keeps each while
its tables play (where keeping the last two ranks asked about made nearly every new
hand of a third cost what a new process's does)."""


class _Kept:
    """What hands share under one wild rank: the plays with wilds of each rank and of
    each chain window, the main parts of windows, the straights of the chain ranks held,
    and rows of plays by kicker choice per main part. Threads may share it: every entry
    is worked out from its key alone, so a race only works one out twice."""

    def __init__(self, w: int, wild_rank: str) -> None:
        self.w, self.wild_rank, self.unit = w, wild_rank, UNIT[w]
        self.size = [0]  # entries kept, shared with the rows (which hold no `_Kept`)
        self.asked = 0  # `_asked` when a hand of this rank was last asked about
        self.naturals = _Naturals(wild_rank)
        # fresh ranks for wild kickers: the wild's own rank first, then low to high
        self.fresh = (w, *(r for r in range(_NORMAL) if r != w))
        self.chains: dict[tuple[int, int, int, int], tuple[Reading, ...]] = {}
        self.straights: dict[tuple[int, int], tuple[Reading, ...]] = {}
        self.mains: dict[tuple[int, int, int, int], list[Main]] = {}
        self.winged: dict[tuple[Kind, int, int, int], list[Wings]] = {}
        self.rows: dict[tuple[Kind, int, int], _Row] = {}
        # by (width, wilds held) or (kind, wilds held): for each rank, by its natural
        # cards (capped), the plays of one rank or the main parts with wings (None: not
        # yet asked for); a hand looks each rank up by two indexes
        self.by_rank: dict[tuple[int, int], list[list[tuple[Reading, ...] | None]]] = {}
        self.by_main: dict[tuple[Kind, int], list[list[list[Wings] | None]]] = {}

    def rank_table(self, width: int, k: int) -> list[list[tuple[Reading, ...] | None]]:
        found = self.by_rank.get((width, k))
        if found is None:
            found = self.by_rank[width, k] = [[None] * width for _ in range(_NORMAL)]
        return found

    def main_table(self, kind: Kind, k: int) -> list[list[list[Wings] | None]]:
        found = self.by_main.get((kind, k))
        if found is None:
            width = _WINGED[kind][0]
            found = self.by_main[kind, k] = [[None] * (width + 1) for _ in range(_NORMAL)]
        return found

    def reading(self, key: int, stands: int, combo: Combo, bomb: BombClass | None) -> Reading:
        """The reading of these cards (`key`) with wilds standing for `stands`, counted."""
        self.size[0] += 1
        return _reading(key, stands, combo, self.wild_rank, bomb)

    def of_rank(self, width: int, r: int, have: int, k: int) -> tuple[Reading, ...]:
        """`width` cards of rank r, at least one a wild, from `have` natural cards of it
        (at most width - 1) and k wilds (wilds alone only as themselves, at the wild
        rank), the most natural cards first."""
        table = self.rank_table(width, k)[r]
        found = table[have]
        if found is None:
            kind, combo = _OF_WIDTH[width], BY_KEY[width * UNIT[r]]
            plays = []
            for a in range(have, max(0 if r == self.w else 1, width - k) - 1, -1):
                t = width - a
                bomb = None
                if kind is Kind.BOMB:
                    bomb = BombClass.WILD if a == 0 else BombClass.SOFT
                plays.append(self.reading(a * UNIT[r] + t * self.unit, t * UNIT[r], combo, bomb))
            found = table[have] = tuple(plays)
        return found

    def mains_of(self, width: int, low: int, window: int, k: int, n: int) -> list[Main]:
        """Every way to make n links of `width` cards from `low` up, out of the window's
        natural cards (packed from `low`, each rank capped at `width`) and at most k
        wilds: the lower links' natural cards vary slowest, most first."""
        at = (width, low, window | n << 60, k)
        known = self.mains.get(at)
        if known is not None:
            return known
        mains: list[Main] = [(0, 0, 0)]
        for i in range(n):
            unit = UNIT[low + i]
            have = (window >> (4 * i)) & 15
            grown = []
            for nat, used, stands in mains:
                for a in range(have, -1, -1):
                    need = used + width - a
                    if need > k:
                        break
                    grown.append((nat + a * unit, need, stands + (width - a) * unit))
            mains = grown
        self.mains[at] = mains
        self.size[0] += len(mains)
        return mains

    def chain(self, kind: Kind, width: int, low: int, window: int, k: int) -> tuple[Reading, ...]:
        """The chains of `kind` from `low` that take a wild, for this window."""
        n = kind.chain_length
        at = (width, low, window | n << 60, k)
        known = self.chains.get(at)
        if known is None:
            plays = []
            unit = self.unit
            for nat, used, stands in self.mains_of(width, low, window, k, n):
                if used and nat:
                    combo = BY_KEY.get(nat + stands)
                    if combo is not None and combo.kind is kind:
                        plays.append(self.reading(nat + used * unit, stands, combo, None))
            known = self.chains[at] = tuple(plays)
        return known

    def row(self, kind: Kind, main: Main, skip: int, pairs: bool) -> _Row:
        at = (kind, main[0], main[2])
        found = self.rows.get(at)
        if found is None:
            found = self.rows[at] = _Row(self, kind, main, skip, pairs)
        return found

    def winged_rank(self, kind: Kind, r: int, have: int, k: int) -> list[Wings]:
        """The main parts of `kind` at rank r (with `have` natural cards of it, capped),
        each as its row, the wilds left for its kickers and whether it takes none."""
        table = self.main_table(kind, k)[r]
        known = table[have]
        if known is None:
            width, _, pairs = _WINGED[kind]
            known = []
            for a in range(have, -1, -1):
                used = width - a
                if used > k:
                    break
                main = (a * UNIT[r], used, used * UNIT[r])
                row = self.row(kind, main, _TOP[r], pairs)
                known.append((row.plays, row, k - used))
            table[have] = known
        return known

    def winged_window(self, kind: Kind, low: int, window: int, k: int) -> list[Wings]:
        """The main parts of the airplane `kind` from `low` (a chain of trios) for this
        window, each as its row and the wilds left for its wings."""
        n = kind.chain_length
        at = (kind, low, window, k)
        known = self.winged.get(at)
        if known is None:
            pairs = _PLANES[kind.family]
            skip = sum(_TOP[low : low + n])
            rows = [
                self.row(kind, main, skip, pairs) for main in self.mains_of(3, low, window, k, n)
            ]
            known = [(row.plays, row, k - row.main[1]) for row in rows]
            self.winged[at] = known
        return known


class _Naturals(dict[str, Reading]):
    """The reading of each play of natural cards by its cards (a string keeps its hash,
    where a `Combo` works its hash out in Python), made as first asked for."""

    def __init__(self, wild_rank: str) -> None:
        super().__init__()
        self.wild_rank = wild_rank

    def __missing__(self, cards: str) -> Reading:
        found = self[cards] = natural(BY_CARDS[cards], self.wild_rank)
        return found

    def of(self, plays: Iterable[Combo]) -> list[Reading]:
        return list(map(self.__getitem__, map(_CARDS, plays)))


class _Row:
    """A main part's plays by kicker choice (`_Hand.codes`), `plays`: None where the
    choice makes no play of the kind with it (a kicker of a main rank, no wild at all,
    wilds alone, or cards the table does not hold as the kind), and for the id 0, which
    no choice has (`_getter`). Filled as choices are first asked for: what a wild
    kicker stands for is itself where that may be legal, else each a rank of its own
    (the wild's first, then low to high) or the rank of the natural it pairs. A plain
    dict, which an `itemgetter` reads fastest (a dict subclass's lookups take longer)."""

    def __init__(self, kept: _Kept, kind: Kind, main: Main, skip: int, pairs: bool) -> None:
        self.plays: dict[int, Reading | None] = {0: None}
        self.kind, self.main, self.pairs = kind, main, pairs
        self.skip = skip  # the main ranks' tops
        # what it needs of `kept`, not `kept` itself: dropped tables go by reference counts
        self.w, self.wild_rank, self.fresh = kept.w, kept.wild_rank, kept.fresh
        self.size = kept.size
        # what `fill` reads, at once (a hand's few new choices come one at a time)
        w = kept.w
        self.how = (kind, skip, pairs, *main, UNIT[w], _TOP[w], 2 if pairs else 1)

    def fill(self, codes: Iterable[int]) -> None:
        """Work out the choices not yet here (a new main part's all at once)."""
        kind, skip, pairs, main_nat, used, stands, wild_unit, wild_top, per = self.how
        wild_rank, fresh_ranks, plays = self.wild_rank, self.fresh, self.plays
        get, new, meanings = BY_KEY.get, 0, _MEANINGS
        set_key, set_stands, set_combo, set_rank, set_bomb = _SET
        for code in codes:
            if code in plays:
                continue
            new += 1
            wing_nat, j, taken, fresh, n_fresh = meanings[code]
            if taken & skip or used + j == 0 or main_nat + wing_nat == 0:
                plays[code] = None
                continue
            own = j * wild_unit if j and not pairs and not skip & wild_top else -1
            if n_fresh:
                taken_by = skip | taken
                for r in fresh_ranks:
                    if not taken_by & _TOP[r]:
                        fresh += per * UNIT[r]
                        n_fresh -= 1
                        if not n_fresh:
                            break
            body = main_nat + stands + wing_nat
            combo = get(body + own) if own >= 0 else None
            if combo is not None and combo.kind is kind:
                wild = own
            else:
                combo = get(body + fresh)
                if combo is None or combo.kind is not kind:
                    plays[code] = None
                    continue
                wild = fresh
            reading = _new(Reading)  # `_reading`, written out: a new hand makes a thousand
            set_key(reading, main_nat + wing_nat + (used + j) * wild_unit)
            set_stands(reading, stands + wild)
            set_combo(reading, combo)
            set_rank(reading, wild_rank)
            set_bomb(reading, None)
            plays[code] = reading
        self.size[0] += new


_kept: dict[str, _Kept] = {}  # the wild rank asked about least lately first
_asked = [0]  # new hands asked about, of every wild rank
_KEEPING = Lock()  # threads ask about hands of several ranks at once


def _kept_for(w: int, wild_rank: str) -> _Kept:
    """The tables of this wild rank (new ones past `KEPT_LIMIT`); the ranks past
    `KEPT_IDLE`, or the least lately asked about while all pass `KEPT_LIMIT`, dropped."""
    with _KEEPING:
        asked = _asked[0] = _asked[0] + 1
        kept = _kept.pop(wild_rank, None)
        if kept is None or kept.size[0] > KEPT_LIMIT:
            kept = _Kept(w, wild_rank)
        kept.asked = asked
        total = sum(other.size[0] for other in _kept.values()) + kept.size[0]
        for rank, other in list(_kept.items()):
            if total > KEPT_LIMIT or asked - other.asked > KEPT_IDLE:
                total -= other.size[0]
                del _kept[rank]
        _kept[wild_rank] = kept  # the latest
        return kept


class _Hand:
    """The plays of one hand that take at least one wild (the rest are `moves`')."""

    def __init__(self, nat: int, k: int, w: int, wild_rank: str) -> None:
        self.nat, self.k, self.w, self.wild_rank = nat, k, w, wild_rank
        self.kept = _kept_for(w, wild_rank)
        self.count = [(nat >> shift) & 15 for shift in _SHIFTS]
        self._caps: dict[int, tuple[int, list[int]]] = {}
        # by width: a chain length from which no window is short of at most k cards (a
        # longer window holds a shorter one), as the lead's shorter chains find it
        self._none_from = [_N] * 4
        # the tops of the ranks held at least once, twice, three and four times
        self._held: tuple[int, ...] = (
            (nat + _7S) & _TOPS,
            (nat + _6S) & _TOPS,
            (nat + _5S) & _TOPS,
            (nat + _4S) & _TOPS,
        )
        self._codes: dict[tuple[int, bool, int], Codes] = {}
        self._getters: dict[tuple[int, bool, int], Getters] = {}

    def _cap(self, width: int) -> tuple[int, list[int]]:
        """The chain ranks' natural cards capped at `width` (packed), and the cards
        missing for a link of each rank, summed from the 3 up."""
        found = self._caps.get(width)
        if found is None:
            # a rank's cards, capped: one for each of the first `width` counts it reaches
            capped = sum(self._held[:width]) >> 3 & _CHAIN_MASK
            short, total, lack = [0], 0, _SHORT[width]
            for c in self.count[:_CHAIN_END]:
                total += lack[c]
                short.append(total)
            found = self._caps[width] = (capped, short)
        return found

    def codes(self, m: int, pairs: bool, skip: int) -> Codes:
        """The hand's choices of m kickers (pairs or singles), none of a rank in `skip`
        (a bit each), as `_Row` reads them: with at most 0, 1, ... k wilds."""
        at = (m, pairs, skip)
        found = self._codes.get(at)
        if found is None:
            ranks = [r for r in range(_N) if skip >> r & 1] if skip else []
            count = self.count
            if ranks:
                count = count.copy()
                for r in ranks:
                    count[r] = 0
            if m > 2:
                found = self._codes[at] = _ManyChoices(count, m, pairs)
            else:
                held = self._held
                if ranks:
                    tops = sum(_TOP[r] for r in ranks)
                    held = tuple(h & ~tops for h in held)
                found = self._codes[at] = _few_choices(held, count, m, pairs, self.k)
        return found

    def getters(self, m: int, pairs: bool, skip: int) -> Getters:
        """`codes(m, pairs, skip)` as getters (`_getter`) by the wilds left to the
        kickers: a row's plays are looked up by an `itemgetter` at some 25 ns a choice,
        where `map` of a row's bound `__getitem__` took 45."""
        at = (m, pairs, skip)
        found = self._getters.get(at)
        if found is None:
            codes, k = self.codes(m, pairs, skip), self.k
            if m > 2:
                found = _Getters(codes, k)
            else:
                found = [_getter(codes, left, k) for left in range(k + 1)]
            self._getters[at] = found
        return found

    # -- families ----------------------------------------------------------------

    def everything(self, out: list[Reading]) -> None:
        """Every play that takes a wild, kind by kind as a lead lists them."""
        if self.k:
            for family, args in _LEAD_PLAN:
                family(self, out, *args)

    def straights(self, out: list[Reading]) -> None:
        """Every straight that takes a wild, the shortest first, kept by the chain ranks
        held and the wilds held (a few hundred such, where pairs and trios by rank
        would be as many as hands)."""
        at = (self._cap(1)[0], self.k)
        found = self.kept.straights.get(at)
        if found is None:
            made: list[Reading] = []
            self._chains(made, _STRAIGHTS, 1)
            found = self.kept.straights[at] = tuple(made)
            self.kept.size[0] += 1
        out += found

    def of_kind(self, out: list[Reading], kind: Kind, above: int) -> None:
        """The plays of `kind` above `level` that take a wild."""
        if self.k and kind is not Kind.ROCKET:
            family, args = _FAMILY_OF[kind]
            family(self, out, *args, above)

    def _of_ranks(self, out: list[Reading], widths: tuple[int, ...], above: int = -1) -> None:
        """Singles, pairs, trios or bombs (`width` cards of a rank), width by width."""
        k, count = self.k, self.count
        for width in widths:
            table = self.kept.rank_table(width, k)
            most = width - 1
            for r in range(above + 1, _NORMAL):
                c = count[r]
                if c > most:
                    c = most
                found = table[r][c]
                if found is None:
                    found = self.kept.of_rank(width, r, c, k)
                out += found

    def _winged(self, out: list[Reading], kinds: tuple[Kind, ...], above: int = -1) -> None:
        """Trios and fours with kickers (`_WINGED`), kind by kind."""
        k, count = self.k, self.count
        for kind in kinds:
            width, m, pairs = _WINGED[kind]
            table = self.kept.main_table(kind, k)
            getters = self.getters(m, pairs, 0)
            for r in range(above + 1, _NORMAL):
                c = count[r]
                if c > width:
                    c = width
                mains = table[r][c]
                if mains is None:
                    mains = self.kept.winged_rank(kind, r, c, k)
                for plays, row, left in mains:
                    get, asked = getters[left]
                    try:
                        out += filter(None, get(plays))
                    except KeyError:  # choices that no hand held before
                        row.fill(asked)
                        out += filter(None, get(plays))

    def _chains(
        self, out: list[Reading], kinds: tuple[Kind, ...], width: int, above: int = -1
    ) -> None:
        """Chains of `width` cards a link (straights, pairs in a row, trios in a row), of
        these kinds of one family, the shortest first (a lead's all at once)."""
        k = self.k
        capped, short = self._cap(width)
        chains = self.kept.chains
        for kind in kinds:
            n = kind.chain_length
            if n >= self._none_from[width]:
                return
            span, length = (1 << (4 * n)) - 1, n << 60
            some = False
            for low in range(above + 1, _CHAIN_END - n + 1):
                if short[low + n] - short[low] <= k:
                    some = True
                    window = (capped >> (4 * low)) & span
                    found = chains.get((width, low, window | length, k))
                    if found is None:
                        found = self.kept.chain(kind, width, low, window, k)
                    out += found
            if not some and above < 0:
                self._none_from[width] = n

    def _planes(
        self, out: list[Reading], kinds: tuple[Kind, ...], pairs: bool, above: int = -1
    ) -> None:
        """Airplanes: n trios in a row with n kickers (singles or pairs), of these kinds
        of one family, the shortest first (a lead's all at once)."""
        k = self.k
        capped, short = self._cap(3)
        winged = self.kept.winged
        for kind in kinds:
            n = kind.chain_length
            if n >= self._none_from[3]:  # as the trios in a row found
                return
            span = (1 << (4 * n)) - 1
            for low in range(above + 1, _CHAIN_END - n + 1):
                if short[low + n] - short[low] > k:
                    continue
                at = (kind, low, (capped >> (4 * low)) & span, k)
                mains = winged.get(at)
                if mains is None:
                    mains = self.kept.winged_window(*at)
                # two wings: the hand's choices, as the fours' (a row has none on its ranks)
                getters = self.getters(n, pairs, 0 if n == 2 else ((1 << n) - 1) << low)
                for plays, row, left in mains:
                    get, asked = getters[left]
                    try:
                        out += filter(None, get(plays))
                    except KeyError:
                        row.fill(asked)
                        out += filter(None, get(plays))

    def soft_bombs(self, out: list[Reading], above: int) -> None:
        """Bombs of natural cards and wilds, of ranks above `above`."""
        if self.k:
            of_rank, count, k = self.kept.of_rank, self.count, self.k
            for r in range(above + 1, _NORMAL):
                if r != self.w:
                    c = count[r]
                    out += of_rank(4, r, c if c < 3 else 3, k)

    def pure_bomb(self, out: list[Reading]) -> None:
        """The four wilds."""
        if self.k == 4:
            out += self.kept.of_rank(4, self.w, 0, 4)

    def bombs_over(self, last: Reading) -> list[Reading]:
        """Every bomb (and the rocket) that beats the bomb `last`."""
        assert last.bomb is not None
        out: list[Reading] = []
        if last.bomb == BombClass.ROCKET:
            return out
        cls, level = last.bomb, last.level
        naturals = self.kept.naturals
        if cls == BombClass.SOFT:
            self.soft_bombs(out, level)
        for r in range(_NORMAL):
            hard_beats = cls < BombClass.HARD or (cls == BombClass.HARD and r > level)
            if self.count[r] == 4 and hard_beats:
                out.append(naturals[BY_KEY[4 * UNIT[r]].cards])
        if cls < BombClass.WILD:
            self.pure_bomb(out)
        if self.nat & _ROCKET_KEY == _ROCKET_KEY:
            out.append(naturals[BY_KEY[_ROCKET_KEY].cards])
        return out


class _Getters(dict[int, Getter]):
    """`_Hand.getters` of three kickers or more, made as first asked for (an airplane's
    main parts rarely leave every wild to its wings)."""

    def __init__(self, codes: Codes, k: int) -> None:
        super().__init__()
        self.codes, self.k = codes, k

    def __missing__(self, left: int) -> Getter:
        found = self[left] = _getter(self.codes, left, self.k)
        return found


def _getter(codes: Codes, left: int, k: int) -> Getter:
    """The choices of kickers of a main part that leaves `left` wilds to them (of the
    hand's k), as an `itemgetter` of a row's plays (always a tuple: it takes the id 0,
    which stands for no choice, twice) and as the choices: with at most `left` wilds,
    or with at least one when the main part takes none (then the choices of natural
    kickers alone make no play)."""
    asked = codes[left]
    if left == k:
        asked = asked[len(codes[0]) :]
    return cast("Gather", itemgetter(0, 0, *asked)), asked


Family = tuple[Callable[..., None], tuple[object, ...]]
"""A `_Hand` method that lists the plays of a family, with what it takes before `above`."""


def _family(kind: Kind) -> Family:
    if kind in _BY_RANK:
        return _Hand._of_ranks, ((_BY_RANK[kind],),)
    if kind in _WINGED:
        return _Hand._winged, ((kind,),)
    if kind.family in _CHAIN:
        return _Hand._chains, ((kind,), _CHAIN[kind.family])
    return _Hand._planes, ((kind,), _PLANES[kind.family])


_FAMILY_OF: dict[Kind, Family] = {kind: _family(kind) for kind in Kind if kind is not Kind.ROCKET}
_LEAD_PLAN: tuple[Family, ...] = (
    (_Hand._of_ranks, ((1, 2, 3),)),
    (_Hand._winged, (tuple(_WINGED),)),
    (_Hand._of_ranks, ((4,),)),
    (_Hand.straights, ()),
    *((_Hand._chains, (tuple(_chain_kinds(f)), width)) for f, width in _CHAIN.items() if width > 1),
    *((_Hand._planes, (tuple(_chain_kinds(f)), pairs)) for f, pairs in _PLANES.items()),
)
"""What a lead lists, in order: singles, pairs and trios, trios and fours with kickers,
bombs, then the chains and airplanes of each family, the shortest first; a family's
kinds at once, as they share what they look up (a call a kind cost some 0.25 µs)."""

# --- kicker choices -------------------------------------------------------------------
#
# A choice of kickers is a small int, its id: rows look a hand's choices up by the
# thousand, and a small int hashes as itself where a long one is hashed digit by digit.
# It stands for one long int, as `_Row` reads it: its natural cards (packed), what
# the wilds that pair a natural stand for (packed, from bit 64), how many wild kickers
# are free to stand for a rank of their own (a single each, or a pair each; bits
# 128-131) and how many wilds it takes (from bit 132). Choices come in the order the
# plays list them: by wilds taken (singles) or by halves, then wild pairs (pairs); the
# natural cards by their lowest rank, then by how many of it, then the rest alike. That
# order does not depend on the hand, so a hand's choices of two natural kickers and of
# three kickers or more are every choice of their shape (`_SHAPES`, one list a process)
# less those it cannot hold, picked in C (of five, made from the hand's own cards: the
# shape's list is too long to make); of one kicker, and the wild parts of two, from
# ready-made rows by the ranks held.

_FRESH_AT = 128
_WILDS_AT = 132
_MEANINGS = [(0, 0, 0, 0, 0)]
"""What each id stands for, as `_Row` reads it: the natural cards (packed), the wilds
taken, the tops of the natural cards' ranks, what the wilds paired with a natural stand
for (packed) and how many wild kickers stand for a rank of their own. (No id is 0:
`filter(None, ...)` drops only None.)"""
_IDS: dict[int, int] = {}

T = TypeVar("T")


_NEW_ID = Lock()  # threads may make tables of kicker choices at once


def _id(meaning: int) -> int:
    found = _IDS.get(meaning)
    if found is None:
        wing_nat = meaning & _MASK
        taken = (wing_nat + 7 * _ONES) & _TOPS
        fresh, n_fresh = (meaning >> 64) & _MASK, (meaning >> _FRESH_AT) & 15
        with _NEW_ID:
            found = _IDS.get(meaning)
            if found is None:
                _MEANINGS.append((wing_nat, meaning >> _WILDS_AT, taken, fresh, n_fresh))
                found = _IDS[meaning] = len(_MEANINGS) - 1
    return found


def _ids(table: T) -> T:
    """The table (nested tuples of choices and None) with each choice as its id."""
    if isinstance(table, int):
        return cast(T, _id(table))
    if isinstance(table, tuple):
        return cast(T, tuple(map(_ids, table)))
    return table


def _flag_table(ranks: range) -> dict[int, tuple[bool, ...]]:
    """For every set of these ranks (their tops), whether each of them is in it."""
    table: dict[int, tuple[bool, ...]] = {0: ()}
    for r in ranks:
        top = 8 << (4 * r)
        table = {
            **{mask: (*flags, False) for mask, flags in table.items()},
            **{mask + top: (*flags, True) for mask, flags in table.items()},
        }
    return table


_FLAGS_LOW, _FLAGS_HIGH = _flag_table(range(8)), _flag_table(range(8, _N))
_LOW_TOPS = sum(8 << (4 * r) for r in range(8))


def _flags(tops: int) -> tuple[bool, ...]:
    """Whether each rank's top is set, lowest rank first."""
    return _FLAGS_LOW[tops & _LOW_TOPS] + _FLAGS_HIGH[tops & ~_LOW_TOPS]


def _tag(wild_pairs: int, wilds: int) -> int:
    return wild_pairs << _FRESH_AT | wilds << _WILDS_AT


def _rows(cell: Callable[[int, int], int | None], ranks: int) -> tuple[tuple[int | None, ...], ...]:
    return tuple(tuple(cell(i, j) for j in range(ranks)) for i in range(ranks))


_HALF = tuple(unit | unit << 64 for unit in UNIT)  # a natural, and a wild paired with it
_ONE_SINGLE = (UNIT, _tag(1, 1))
_TWO_SINGLES = (tuple(unit | _tag(1, 1) for unit in UNIT), _tag(2, 2))
_ONE_PAIR = (
    tuple(2 * UNIT[r] for r in range(_NORMAL)),
    _tag(1, 2),
    tuple(_HALF[r] | _tag(0, 1) for r in range(_NORMAL)),
)
_TWO_PAIRS = (
    _rows(lambda r, s: 2 * UNIT[r] + 2 * UNIT[s] if s > r else None, _NORMAL),
    tuple(2 * UNIT[r] | _tag(1, 2) for r in range(_NORMAL)),
    _tag(2, 4),
    tuple(_HALF[r] | _tag(1, 3) for r in range(_NORMAL)),
    _rows(lambda r, s: _HALF[r] + _HALF[s] | _tag(0, 2) if s > r else None, _NORMAL),
)

_ONE_SINGLE, _TWO_SINGLES, _ONE_PAIR, _TWO_PAIRS = _ids(
    (_ONE_SINGLE, _TWO_SINGLES, _ONE_PAIR, _TWO_PAIRS)
)


def _picked(
    rows: tuple[tuple[int | None, ...], ...], pick: Iterable[bool], select: tuple[bool, ...]
) -> list[int]:
    """The entries that `select` keeps of the rows that `pick` keeps, all in C."""
    return list(
        filter(None, chain.from_iterable(map(compress, compress(rows, pick), repeat(select))))
    )


_NORMAL_TOPS = sum(_TOP[:_NORMAL])
_BOTH_PAIRS: dict[int, list[int]] = {}
"""Choices of two natural pairs, by the tops of the ranks held twice; and of two
naturals each paired with a wild, by those held once: parts of a hand's choices of
two pairs that hands share (three in four, nine in ten, after some thousands of
hands; at most 8,192 of each)."""
_TWO_HALVES: dict[int, list[int]] = {}


def _shared(
    kept: dict[int, list[int]],
    tops: int,
    rows: tuple[tuple[int | None, ...], ...],
    held: tuple[bool, ...],
) -> list[int]:
    """`_picked` of rows and entries by the same ranks held, kept by those ranks' tops
    (3 to 2); not to be changed."""
    at = tops & _NORMAL_TOPS
    found = kept.get(at)
    if found is None:
        found = kept[at] = _picked(rows, held, held)
    return found


def _few_choices(
    held: tuple[int, ...], count: list[int], m: int, pairs: bool, most: int
) -> list[list[int]]:
    """`_choices` of one or two kickers, from ready-made rows picked in C; those of two
    natural singles, and of a natural pair beside a natural paired with a wild, from
    every choice of their shape (`_SHAPES`: fewer steps than rows by the lower rank)."""
    once = _flags(held[0])
    if pairs:
        once, twice = once[:_NORMAL], _flags(held[1])[:_NORMAL]
        if m == 1:
            nat_rows, wild_pair, half_rows = _ONE_PAIR
            nat = list(compress(nat_rows, twice))
            halves = list(compress(half_rows, once)) if most else []
            return [nat, nat + halves, *([*nat, wild_pair, *halves] for _ in range(most - 1))]
        both, with_wild, wild_pairs, three, two_halves = _TWO_PAIRS
        a = _shared(_BOTH_PAIRS, held[1], both, twice).copy()  # out[0] is the hand's own
        b = list(compress(with_wild, twice)) if most >= 2 else []
        d = _SHAPES.pick((True, 1, 1, 0), count) if most else []
        e = list(compress(three, once)) if most >= 3 else []
        f = _shared(_TWO_HALVES, held[0], two_halves, once) if most >= 2 else []
        out = [a]  # with at most 0, 1, ... `most` wilds: only those asked for are made
        if most >= 1:
            out.append(a + d)
        if most >= 2:
            out.append(a + b + d + f)
        if most >= 3:
            out.append(a + b + d + e + f)
        if most >= 4:
            out.append(a + b + [wild_pairs] + d + e + f)
        return out
    if m == 1:
        units, wild = _ONE_SINGLE
        nat = list(compress(units, once))
        return [nat, *([*nat, wild] for _ in range(most))]
    one_wild, two_wilds = _TWO_SINGLES
    nat = _SHAPES.pick((False, 2, 0, 0), count)
    if not most:
        return [nat]
    one = nat + list(compress(one_wild, once))
    return [nat, one, *([*one, two_wilds] for _ in range(most - 1))]


class _ManyChoices(dict[int, list[int]]):
    """`_few_choices` of three kickers or more, from the natural cards held of each rank:
    with at most `left` wilds, made as first asked for (an airplane's main parts
    rarely leave every wild to its wings), of parts by the wilds they take, each picked
    in C from every choice of its shape (`_SHAPES`), or from `OWN_FROM` kickers on
    made from the hand's own cards (`_own_choices`)."""

    def __init__(self, count: list[int], m: int, pairs: bool) -> None:
        super().__init__()
        self.count, self.m, self.pairs = count, m, pairs
        self.parts: dict[Shape, list[int]] = {}

    def __missing__(self, left: int) -> list[int]:
        parts = self.parts
        pick = _SHAPES.pick if self.m < OWN_FROM else _own_choices
        for shape in _parts(self.pairs, self.m, left):
            if shape not in parts:
                parts[shape] = pick(shape, self.count)
        found = self[left] = list(
            chain.from_iterable(parts[shape] for shape in _parts(self.pairs, self.m, left))
        )
        return found


@cache
def _parts(pairs: bool, m: int, left: int) -> tuple[Shape, ...]:
    """The shapes of m kickers that take at most `left` wilds, in the order plays list
    them: by the wilds they take (singles); by the naturals paired with a wild, then the
    pairs of wilds (pairs)."""
    if not pairs:
        return tuple((False, m - j, 0, j) for j in range(min(m, left) + 1))
    return tuple(
        (True, m - halves - wild_pairs, halves, wild_pairs)
        for halves in range(min(m, left) + 1)
        for wild_pairs in range(min(m - halves, (left - halves) // 2) + 1)
    )


Shape = tuple[bool, int, int, int]
"""Kickers of one shape: (pairs, natural singles or natural pairs, naturals paired with a
wild, wilds alone: singles, or pairs of two)."""
_OVER = [bytes(ord("1" if c < b - ord("0") <= 9 else "0") for b in range(256)) for c in range(5)]
"""_OVER[c]: a `bytes.translate` table from a digit to whether it is more than c."""
_BITS = bytes.maketrans(b"01", b"\x00\x01")
"""`bin`'s digits as the bytes `compress` reads as false and true."""


class _Shapes(dict[Shape, tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]]):
    """For each shape of kickers: every choice of it that some hand may hold, as `_Row`
    reads it, in the order plays list them (`_single_sets`, `_pair_sets`: a hand's
    choices are those it holds, in the same order); for each rank and count, the
    choices needing more cards of that rank, as bits (choice i of n is bit n - 1 - i, so
    `bin` lists them in order); and every choice's bit with bit n set above them (so
    `bin` keeps the leading zeros). Made as first asked for, the same under every wild
    rank."""

    def __missing__(self, shape: Shape) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], int]:
        nat, tag = _of_shape(shape, [4] * _NORMAL + [1] * (_N - _NORMAL))
        # each choice's natural cards as hex digits, the highest rank first
        digits = "".join([format(code & _MASK, f"0{_N}x") for code in nat]).encode()
        over = tuple(
            tuple(int(b"0" + digits[_N - 1 - r :: _N].translate(_OVER[c]), 2) for c in range(5))
            for r in range(_N)
        )
        choices = tuple(map(_id, map(tag.__or__, nat)))
        found = self[shape] = (choices, over, (2 << len(nat)) - 1)
        return found

    def pick(self, shape: Shape, count: list[int]) -> list[int]:
        """The choices of this shape that a hand holding count[r] natural cards of each
        rank r holds."""
        choices, over, every = self[shape]
        lacking = reduce(or_, map(getitem, over, count))
        return list(compress(choices, bin(every ^ lacking).encode()[3:].translate(_BITS)))


_SHAPES = _Shapes()

OWN_FROM = 5
"""Kickers from which a hand's choices are made from its own cards: five trios in a row
leave a hand of 20 some five cards, where every choice of five singles is ten thousand
(some 30 ms to make, once a process, and some 100 µs a pick)."""


def _of_shape(shape: Shape, count: list[int]) -> tuple[list[int], int]:
    """The choices of kickers of this shape that `count[r]` natural cards of each rank r
    make, as packed natural cards in the order plays list them, and the bits the shape's
    wilds add to each (`_id`'s meaning)."""
    pairs, whole, halves, wilds = shape
    if pairs:
        nat = _pair_sets(count, whole + halves, halves)[whole, halves]
        return nat, wilds << _FRESH_AT | (halves + 2 * wilds) << _WILDS_AT
    return _single_sets(count, whole)[whole], wilds << _FRESH_AT | wilds << _WILDS_AT


def _own_choices(shape: Shape, count: list[int]) -> list[int]:
    """`_SHAPES.pick`, made from the hand's own cards."""
    nat, tag = _of_shape(shape, count)
    return list(map(_id, map(tag.__or__, nat)))


def _single_sets(rem: list[int], m: int) -> list[list[int]]:
    """sets[s]: every multiset of s single cards (at most rem[r] of rank r) for s up
    to m, packed: by lowest rank, then by how many of it, then the rest alike."""
    ranks = [r for r, c in enumerate(rem) if c]
    # starts[s][i]: where those of sets[s] whose lowest rank is ranks[i] or above begin
    sets: list[list[int]] = [[0]]
    starts: list[list[int]] = [[0] * (len(ranks) + 1)]
    for size in range(1, m + 1):
        found: list[int] = []
        at = []
        for i, r in enumerate(ranks):
            at.append(len(found))
            unit = UNIT[r]
            for take in range(1, min(rem[r], size) + 1):
                rest = size - take
                found += map((take * unit).__add__, sets[rest][starts[rest][i + 1] :])
        at.append(len(found))
        sets.append(found)
        starts.append(at)
    return sets


def _pair_sets(rem: list[int], m: int, most: int) -> dict[tuple[int, int], list[int]]:
    """sets[whole, halves] for whole + halves up to m and halves up to `most`: natural
    pairs and naturals to pair with a wild (`_HALF`), of distinct ranks 3 to 2 (at most
    rem[r] cards of rank r), packed: by lowest rank, a pair before a half."""
    ranks = [r for r in range(_NORMAL) if rem[r]]
    n = len(ranks)
    # starts[whole, halves][i]: where those whose lowest rank is ranks[i] or above begin
    sets: dict[tuple[int, int], list[int]] = {(0, 0): [0]}
    starts: dict[tuple[int, int], list[int]] = {(0, 0): [0] * (n + 1)}
    for size in range(1, m + 1):
        for halves in range(min(size, most) + 1):
            whole = size - halves
            found: list[int] = []
            at = []
            for i, r in enumerate(ranks):
                at.append(len(found))
                unit = UNIT[r]
                if whole and rem[r] >= 2:
                    rest = (whole - 1, halves)
                    found += map((2 * unit).__add__, sets[rest][starts[rest][i + 1] :])
                if halves:
                    rest = (whole, halves - 1)
                    found += map(_HALF[r].__add__, sets[rest][starts[rest][i + 1] :])
            at.append(len(found))
            sets[whole, halves] = found
            starts[whole, halves] = at
    return sets
