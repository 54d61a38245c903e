"""Every play a hand can make, leading or following.

The generator proposes candidates from the hand's shape — its singles, pairs, trios
and fours, its runs for chains, and for kinds with wings the main parts (fours, runs
of trios) — and keeps only what the rule table holds: for a main part with wings, the
table's plays at its level that the hand holds. So the fine print of the rules (which
wings are allowed) lives only in rules.json; this module only knows where to look.

A multiset of ranks is packed into one int, four bits per rank (`UNIT[r]` is one
card of rank r), so a candidate's lookup is one addition and one dict probe. The
shape comes from the packed hand by arithmetic: adding 8 - n to every rank's four
bits sets the top bit of exactly the ranks held at least n times (counts are at most
4, so nothing carries), which gives a mask of those ranks in one addition. Masks are
the keys of tables of ready-made plays, so the common kinds are a lookup or two.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import reduce
from itertools import compress
from operator import getitem, or_
from typing import TypeVar

from ddz_tui.cards import RANK_INDEX, RANKS, Card, parse_ranks
from ddz_tui.rules import BY_CARDS, TABLE, Combo, Kind

_N = len(RANKS)
_CHAIN_END = RANK_INDEX["2"]  # chains run over ranks below the 2
_NORMAL = RANK_INDEX["B"]  # ranks with four suits: pairs, trios and fours
UNIT = tuple(1 << (4 * r) for r in range(_N))
_UNIT_OF = {rank: UNIT[r] for r, rank in enumerate(RANKS)}


def pack(cards: str) -> int:
    """The packed multiset of a canonical rank string."""
    return sum(map(_UNIT_OF.__getitem__, cards))


BY_KEY: dict[int, Combo] = {pack(text): combo for text, combo in BY_CARDS.items()}

_ONLY = {kind: tuple(level[0] for level in TABLE[kind]) for kind in Kind if kind.chain_length == 1}
_ROCKET = TABLE[Kind.ROCKET][0][0]
_ROCKET_KEY = UNIT[RANK_INDEX["B"]] + UNIT[RANK_INDEX["R"]]


# --- masks of ranks (shared with the bots, which work on packed hands) ---------------

_ONES = sum(UNIT)
TOPS = 8 * _ONES  # the top bit of every rank's four
TOP = tuple(8 * unit for unit in UNIT)
CHAIN_TOPS = sum(TOP[:_CHAIN_END])
_LOW_TOPS = sum(TOP[:8])  # tables are split in two halves of ranks to stay small
_HIGH_TOPS = TOPS - _LOW_TOPS
_ABOVE = tuple(TOPS & ~((UNIT[level] << 4) - 1) for level in range(_N))
"""_ABOVE[level]: the tops of the ranks above `level`."""


def held(key: int, n: int) -> int:
    """The tops of the ranks held at least n times (1..4)."""
    return (key + (8 - n) * _ONES) & TOPS


# --- tables of plays by mask -----------------------------------------------------------

T = TypeVar("T")
Split = tuple[dict[int, tuple[T, ...]], dict[int, tuple[T, ...]]]
"""Plays by mask, for the low eight ranks and the high seven: a mask's plays are the
low table's entry for its low half followed by the high table's for its high half."""


def _split_table(plays_of_rank: Callable[[int], tuple[T, ...]]) -> Split[T]:
    return _table(range(8), plays_of_rank), _table(range(8, _N), plays_of_rank)


def _table(ranks: range, plays_of_rank: Callable[[int], tuple[T, ...]]) -> dict[int, tuple[T, ...]]:
    """Plays by every mask of these ranks: each rank's plays, lowest rank first."""
    table: dict[int, tuple[T, ...]] = {0: ()}
    for r in ranks:  # the masks with r as their highest rank: those without it, plus r
        more = plays_of_rank(r)
        table.update({mask + TOP[r]: plays + more for mask, plays in table.items()})
    return table


def _lookup(table: Split[T], mask: int) -> tuple[T, ...]:
    return table[0][mask & _LOW_TOPS] + table[1][mask & _HIGH_TOPS]


_RANKS_IN = _split_table(lambda r: (r,))


def tops(mask: int) -> tuple[int, ...]:
    """The ranks whose top bit is set in the mask, lowest first."""
    return _lookup(_RANKS_IN, mask)


def _one(plays: tuple[Combo, ...]) -> Callable[[int], tuple[Combo, ...]]:
    return lambda r: (plays[r],) if r < len(plays) else ()


def _wings(kind: Kind, trio: int, per_wing: int) -> Callable[[int], tuple[Combo, ...]]:
    """The play of `kind`: the trio of rank `trio` with `per_wing` cards of each wing rank."""
    return lambda w: _the(kind, 3 * UNIT[trio] + per_wing * UNIT[w])


def _the(kind: Kind, key: int) -> tuple[Combo, ...]:
    """The table's play of `kind` made of these cards, as a tuple of none or one."""
    combo = BY_KEY.get(key)
    return (combo,) if combo is not None and combo.kind is kind else ()


_SINGLES = _split_table(_one(_ONLY[Kind.SINGLE]))
_PAIRS = _split_table(_one(_ONLY[Kind.PAIR]))
_TRIOS = _split_table(_one(_ONLY[Kind.TRIO]))
_BOMBS = _split_table(_one(_ONLY[Kind.BOMB]))
_TRIO_SINGLES = tuple(_split_table(_wings(Kind.TRIO_SINGLE, t, 1)) for t in range(_NORMAL))
"""_TRIO_SINGLES[t]: the trio of rank t with each single wing in the mask."""
_TRIO_PAIRS = tuple(_split_table(_wings(Kind.TRIO_PAIR, t, 2)) for t in range(_NORMAL))


_CHAIN_WIDTH = {"seq_single": 1, "seq_pair": 2, "seq_trio": 3}


class _Chains(dict[int, tuple[Combo, ...]]):
    """The chains of some kinds by the mask of the chain ranks held often enough (at
    least once for singles, twice for pairs, three times for trios): each kind's chains
    lowest first, the kinds in the order given. Filled as masks are first asked for:
    there are at most 4,096 of them."""

    def __init__(self, kinds: Iterable[Kind]) -> None:
        super().__init__()
        self.kinds = tuple(kinds)

    def __missing__(self, mask: int) -> tuple[Combo, ...]:
        """A kind of n links begins at each rank whose bit stays set once the mask is
        and-ed with itself shifted down by one to n - 1 ranks: one int operation a
        link, where each rank of each window was looked at (a new hand's first masks
        cost some 40 µs each, the tail of a first sight)."""
        plays: list[Combo] = []
        for kind in self.kinds:
            n = kind.chain_length
            run = mask
            for link in range(1, n):
                run &= mask >> (4 * link)
            if run:
                table = TABLE[kind]
                plays += [table[low][0] for low in range(_CHAIN_END - n + 1) if run & TOP[low]]
        value = self[mask] = tuple(plays)
        return value


def _kinds(family: str, longest: int = _N) -> list[Kind]:
    return [kind for kind in Kind if kind.family == family and kind.chain_length <= longest]


_CHAINS = {family: _Chains(_kinds(family)) for family in _CHAIN_WIDTH}
"""Every chain of a family, the shortest first."""
_CHAINS_OF = {kind: _Chains((kind,)) for family in _CHAIN_WIDTH for kind in _kinds(family)}
"""The chains of one kind (one length)."""
_PLANES = {"seq_trio_single": 5, "seq_trio_pair": 4}  # links at most (20 cards)
_PLANE_BODIES = {family: _Chains(_kinds("seq_trio", most)) for family, most in _PLANES.items()}
_PLANE_KIND = {(kind.family, kind.chain_length): kind for f in _PLANES for kind in _kinds(f)}


# --- wings: what may ride along a main part ------------------------------------------
#
# A body (a four, an airplane's chain of trios) has from fifty to over a thousand plays
# with wings at its level, and a hand holds some of them: the airplanes' hundreds were
# the slow tail of a lead. No candidate is made or looked up: a level's plays are the
# bits of an int, the plays a hand cannot make are those needing more of some rank than
# it holds (looked up for each byte of the packed hand, two ranks' counts, and or-ed:
# eight lookups), and `compress` picks the others from the level's list. All in C.

_MOST = 4  # cards of a rank
_BYTES = (_N + 1) // 2  # a packed hand's bytes, two ranks each
_MORE_THAN = [
    bytes(ord("1" if c < b - ord("0") <= 9 else "0") for b in range(256)) for c in range(_MOST + 1)
]
"""_MORE_THAN[c]: a `bytes.translate` table from a digit to whether it is more than c."""
_FLAGS = bytes.maketrans(b"01", b"\x00\x01")
"""`bin`'s digits as the bytes `compress` reads as false and true."""

LevelPlays = tuple[tuple[Combo, ...], tuple[tuple[int, ...], ...], int]


class _Levels(dict[tuple[Kind, int], LevelPlays]):
    """For a kind with wings at a level: its plays in the order they are listed (`_listed`);
    for each byte of a packed hand and each value it can have, the plays needing more
    cards of the byte's two ranks than that, as bits (play i of n is bit n - 1 - i, so
    `bin` lists them in order); and every play's bit, with bit n set above them (so `bin`
    keeps the leading zeros). Filled as bodies are first asked for."""

    def __missing__(self, at: tuple[Kind, int]) -> LevelPlays:
        kind, level = at
        plays = sorted(TABLE[kind][level], key=_listed(kind))
        # the plays' counts as hex digits, the highest rank first: each rank's, a slice
        digits = "".join([format(pack(combo.cards), f"0{_N}x") for combo in plays]).encode()
        more = [_more_than(digits[_N - 1 - r :: _N]) for r in range(_N)]
        more.append([0] * (_MOST + 1))  # the last byte has no second rank
        needs = tuple(_by_byte(more[2 * b], more[2 * b + 1]) for b in range(_BYTES))
        value = self[at] = (tuple(plays), needs, (2 << len(plays)) - 1)
        return value


def _listed(kind: Kind) -> Callable[[Combo], tuple[int, ...]]:
    """Where a play with wings is listed at its level (the main part is the same): single
    wings in packed order, by the count of the highest rank first; pairs by their ranks,
    lowest first."""
    if kind.family.endswith("pair"):
        return lambda combo: tuple(sorted({RANK_INDEX[c] for c in combo.cards}))
    return lambda combo: (pack(combo.cards),)


def _by_byte(low: list[int], high: list[int]) -> tuple[int, ...]:
    """For each value of a byte of a packed hand, a count in each nibble, the plays needing
    more of either rank: `low` and `high` by count. A count over `_MOST` (癞子's wilds
    placed on a rank held four times) holds what `_MOST` does."""
    either = [[lo | hi for hi in high] for lo in low]
    return tuple(either[min(v & 15, _MOST)][min(v >> 4, _MOST)] for v in range(256))


def _more_than(digits: bytes) -> list[int]:
    """From the digits of how many cards of a rank each play holds: for each count c, the
    plays holding more than c of it, as bits."""
    return [int(b"0" + digits.translate(_MORE_THAN[c]), 2) for c in range(_MOST + 1)]


_LEVELS = _Levels()


def _with_wings(kind: Kind, level: int, key: int) -> Iterable[Combo]:
    """The plays of `kind` (with wings) at `level` that the packed hand can make, as
    they are listed."""
    plays, needs, every = _LEVELS[kind, level]
    lacking = reduce(or_, map(getitem, needs, key.to_bytes(_BYTES, "little")))
    return compress(plays, bin(every ^ lacking).encode()[3:].translate(_FLAGS))


def _fours_with(key: int, fours: int) -> list[Combo]:
    """Four with two single wings, then four with two pairs."""
    out: list[Combo] = []
    for kind in (Kind.BOMB_SINGLE, Kind.BOMB_PAIR):
        out += _four_with(key, fours, kind)
    return out


def _four_with(key: int, fours: int, kind: Kind) -> list[Combo]:
    out: list[Combo] = []
    for r in tops(fours):
        out += _with_wings(kind, r, key)
    return out


def _airplanes(key: int, bodies: tuple[Combo, ...], family: str) -> list[Combo]:
    """Airplanes of the family with wings, on each of the bodies (chains of trios)."""
    out: list[Combo] = []
    for body in bodies:
        out += _with_wings(_PLANE_KIND[family, body.kind.chain_length], body.level, key)
    return out


def _trios_with(key: int, trios: int, tables: tuple[Split[Combo], ...], wings: int) -> list[Combo]:
    out: list[Combo] = []
    for t in tops(trios):
        out += _lookup(tables[t], wings)
    return out


# --- leading and following ------------------------------------------------------------


def _lead(key: int) -> list[Combo]:
    """Every play of the packed hand, family by family, weakest first in each."""
    held1 = (key + 7 * _ONES) & TOPS  # held(key, 1) and so on, written out: the hot path
    held2 = (key + 6 * _ONES) & TOPS
    held3 = (key + 5 * _ONES) & TOPS
    low, high = _LOW_TOPS, _HIGH_TOPS
    out = [*_SINGLES[0][held1 & low], *_SINGLES[1][held1 & high]]
    if held2:
        out += _PAIRS[0][held2 & low]
        out += _PAIRS[1][held2 & high]
    if held3:
        out += _TRIOS[0][held3 & low]
        out += _TRIOS[1][held3 & high]
        trio_ranks = tops(held3)
        for t in trio_ranks:  # _trios_with, written out
            table = _TRIO_SINGLES[t]
            out += table[0][held1 & low]
            out += table[1][held1 & high]
        for t in trio_ranks:
            table = _TRIO_PAIRS[t]
            out += table[0][held2 & low]
            out += table[1][held2 & high]
    out += _CHAINS["seq_single"][held1 & CHAIN_TOPS]
    if held2:
        out += _CHAINS["seq_pair"][held2 & CHAIN_TOPS]
    if held3:
        trios = held3 & CHAIN_TOPS
        out += _CHAINS["seq_trio"][trios]
        if trios & (trios >> 4):  # two trios in a row: airplanes with wings
            for family in _PLANES:
                out += _airplanes(key, _PLANE_BODIES[family][trios], family)
    held4 = held(key, 4)
    if held4:
        out += _fours_with(key, held4)
        out += _BOMBS[0][held4 & low]
        out += _BOMBS[1][held4 & high]
    if key & _ROCKET_KEY == _ROCKET_KEY:
        out.append(_ROCKET)
    return out


def _same_kind(key: int, last: Combo) -> list[Combo]:
    """The plays of `last`'s kind that beat it."""
    kind, level = last.kind, last.level
    family = kind.family
    if kind.chain_length == 1:
        if family in _BY_RANK:
            table, n = _BY_RANK[family]
            return list(_lookup(table, held(key, n) & _ABOVE[level]))
        trios = held(key, 3) & _ABOVE[level]
        if not trios:
            return []
        if kind is Kind.TRIO_SINGLE:
            return _trios_with(key, trios, _TRIO_SINGLES, held(key, 1))
        if kind is Kind.TRIO_PAIR:
            return _trios_with(key, trios, _TRIO_PAIRS, held(key, 2))
        fours = held(key, 4) & _ABOVE[level]
        return _four_with(key, fours, kind) if fours else []
    n = kind.chain_length
    if family in _CHAIN_WIDTH:
        mask = held(key, _CHAIN_WIDTH[family]) & _ABOVE[level] & CHAIN_TOPS
        return list(_CHAINS_OF[kind][mask]) if mask else []
    trios = held(key, 3) & _ABOVE[level] & CHAIN_TOPS
    if not trios & (trios >> 4):
        return []
    return _airplanes(key, _CHAINS_OF[Kind(f"seq_trio{n}")][trios], family)


_BY_RANK = {
    "single": (_SINGLES, 1),
    "pair": (_PAIRS, 2),
    "trio": (_TRIOS, 3),
    "bomb": (_BOMBS, 4),
}


def _bombs(key: int) -> list[Combo]:
    """Every bomb, then the rocket."""
    held4 = held(key, 4)
    out = list(_lookup(_BOMBS, held4)) if held4 else []
    if key & _ROCKET_KEY == _ROCKET_KEY:
        out.append(_ROCKET)
    return out


# --- the public API -----------------------------------------------------------------


def pack_hand(hand: str | Iterable[Card]) -> int:
    """The packed multiset of a hand given as a rank string (any order, or written as
    people write cards) or as cards."""
    if isinstance(hand, str):
        try:
            return pack(hand)
        except KeyError:  # not bare rank characters: read it as written text
            return pack(parse_ranks(hand))
    return sum(UNIT[card.value - 3] for card in hand)  # values run 3..17 in rank order


def legal_plays(hand: str | Iterable[Card], last: Combo | None = None) -> list[Combo]:
    """Every distinct play the hand can make: any play when leading (`last` None),
    else every play that beats `last`, bombs and the rocket included. Pass is not a play.

    Plays come weakest first within their kind; when following, the plays of the same
    kind come first, then bombs, then the rocket.
    """
    return plays_of_key(pack_hand(hand), last)


def plays_of_key(key: int, last: Combo | None = None) -> list[Combo]:
    """`legal_plays` for a packed hand: what the bots call, with hands already packed."""
    if last is None:
        return _lead(key)
    kind = last.kind
    if kind is Kind.ROCKET:
        return []
    if kind is Kind.BOMB:
        held4 = held(key, 4) & _ABOVE[last.level]
        out = list(_lookup(_BOMBS, held4)) if held4 else []
        if key & _ROCKET_KEY == _ROCKET_KEY:
            out.append(_ROCKET)
        return out
    return _same_kind(key, last) + _bombs(key)


def can_beat(key: int, play: Combo) -> bool:
    """Can the packed hand beat `play` with a play of its kind (a bomb: with a higher bomb
    or the rocket)? Asked far more often than the plays themselves, so mostly arithmetic."""
    kind, level = play.kind, play.level
    if kind is Kind.ROCKET:
        return False
    if kind is Kind.BOMB:
        return bool(held(key, 4) & _ABOVE[level]) or key & _ROCKET_KEY == _ROCKET_KEY
    family = kind.family
    if family in _BY_RANK:
        return bool(held(key, _BY_RANK[family][1]) & _ABOVE[level])
    if family in _CHAIN_WIDTH:
        mask = held(key, _CHAIN_WIDTH[family]) & _ABOVE[level] & CHAIN_TOPS
        run = mask
        for links in range(1, kind.chain_length):  # run: where `links + 1` ranks in a row start
            run &= mask >> (4 * links)
        return bool(run)
    return bool(_same_kind(key, play))
