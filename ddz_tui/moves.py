"""Every play a hand can make, leading or following.

The generator proposes candidates from the hand's shape — its singles, pairs, trios
and fours, its runs for chains, and for kinds with wings the multisets of cards left
beside the main part — and keeps a candidate only if the rule table holds it. So
the fine print of the rules (which wings are allowed) lives only in rules.json;
this module only knows where to look.

A multiset of ranks is packed into one int, four bits per rank (`UNIT[r]` is one
card of rank r), so a candidate's lookup is one addition and one dict probe.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import combinations

from ddz_tui.cards import RANK_INDEX, RANKS, Card, parse_ranks, rank_counts
from ddz_tui.rules import BY_CARDS, TABLE, Combo, Kind

_N = len(RANKS)
_CHAIN_END = RANK_INDEX["2"]  # chains run over ranks below the 2
_NORMAL = RANK_INDEX["B"]  # ranks with four suits: pairs, trios and fours
UNIT = tuple(1 << (4 * r) for r in range(_N))


def pack(cards: str) -> int:
    """The packed multiset of a canonical rank string."""
    return sum(UNIT[RANK_INDEX[rank]] for rank in cards)


BY_KEY: dict[int, Combo] = {pack(text): combo for text, combo in BY_CARDS.items()}

_ONLY = {kind: tuple(level[0] for level in TABLE[kind]) for kind in Kind if kind.chain_length == 1}
_SINGLE, _PAIR, _TRIO, _BOMB = (_ONLY[k] for k in (Kind.SINGLE, Kind.PAIR, Kind.TRIO, Kind.BOMB))
_ROCKET = TABLE[Kind.ROCKET][0][0]
_ROCKET_RANKS = (RANK_INDEX["B"], RANK_INDEX["R"])


def _chain_kinds(family: str) -> dict[int, Kind]:
    return {kind.chain_length: kind for kind in Kind if kind.family == family}


# --- the hand's shape ---------------------------------------------------------------

_CHAIN_MASK = (1 << _CHAIN_END) - 1


class _Shape:
    """A hand's counts per rank, with what the generators ask of it worked out once:
    the ranks held at least once, twice, three and four times (r1..r4), and the
    chain ranks held at least once, twice, three times as bit masks (m1..m3)."""

    __slots__ = ("counts", "m1", "m2", "m3", "r1", "r2", "r3", "r4")

    def __init__(self, counts: list[int]) -> None:
        self.counts = counts

    def __getattr__(self, name: str) -> object:
        """The first time a generator asks for r1..r4 or m1..m3, work them all out."""
        if name not in _Shape.__slots__:
            raise AttributeError(name)
        return getattr(self.fill(), name)

    def fill(self) -> _Shape:
        counts = self.counts
        self.r1 = r1 = [r for r in range(_N) if counts[r]]
        self.r2 = r2 = [r for r in r1 if counts[r] >= 2]
        self.r3 = r3 = [r for r in r2 if counts[r] >= 3]
        self.r4 = [r for r in r3 if counts[r] == 4]
        bit = _BIT.__getitem__
        self.m1 = sum(map(bit, r1)) & _CHAIN_MASK
        self.m2 = sum(map(bit, r2)) & _CHAIN_MASK
        self.m3 = sum(map(bit, r3)) & _CHAIN_MASK
        return self


_BIT = tuple(1 << r for r in range(_N))


def _chains(mask: int, lengths: Iterable[int], above: int) -> Iterator[tuple[int, int]]:
    """(low, n) for every chain of an allowed length n in the mask, low above `above`.

    `starts` has bit r set while ranks r..r+n-1 are all held; it shrinks as n grows.
    """
    wanted = set(lengths)
    longest = max(wanted)
    starts = mask & ~((1 << (above + 1)) - 1)
    n = 1
    while starts and n <= longest:
        if n in wanted:
            bits = starts
            while bits:
                low_bit = bits & -bits
                yield low_bit.bit_length() - 1, n
                bits ^= low_bit
        starts &= mask >> n
        n += 1


# --- wings: what may ride along a main part ------------------------------------------


def _single_wings(counts: list[int], ranks: list[int], skip: range, size: int) -> list[int]:
    """Packed multisets of `size` cards from `ranks` outside `skip`, within the counts."""
    if size == 1:
        return [UNIT[r] for r in ranks if r not in skip]
    pool = [UNIT[r] for r in ranks if r not in skip for _ in range(min(counts[r], size))]
    return sorted(set(map(sum, combinations(pool, size))))


def _pair_wings(ranks: list[int], skip: range, size: int) -> list[int]:
    """Packed sets of `size` pairs of distinct ranks from `ranks` outside `skip`."""
    doubles = [2 * UNIT[r] for r in ranks if r not in skip]
    if size == 1:
        return doubles
    return list(map(sum, combinations(doubles, size)))


def _with_wings(kind: Kind, main: int, wings: list[int]) -> list[Combo]:
    """The table's plays of `kind` made of the packed main part and each packed wing set."""
    get = BY_KEY.get
    return [
        combo for wing in wings if (combo := get(main + wing)) is not None and combo.kind is kind
    ]


# --- one generator per family -------------------------------------------------------

Generator = Callable[[_Shape, int, int], list[Combo]]
"""(shape, above, n) -> plays of the family with level above `above` (chain length n, 0 = any)."""


# Singles, pairs, trios and bombs read the counts directly: following one of them
# is the commonest call, and it needs nothing else of the shape.


def _singles(shape: _Shape, above: int, n: int) -> list[Combo]:
    counts = shape.counts
    return [_SINGLE[r] for r in range(above + 1, _N) if counts[r]]


def _pairs(shape: _Shape, above: int, n: int) -> list[Combo]:
    counts = shape.counts
    return [_PAIR[r] for r in range(above + 1, _NORMAL) if counts[r] >= 2]


def _trios(shape: _Shape, above: int, n: int) -> list[Combo]:
    counts = shape.counts
    return [_TRIO[r] for r in range(above + 1, _NORMAL) if counts[r] >= 3]


def _bombs(shape: _Shape, above: int, n: int) -> list[Combo]:
    counts = shape.counts
    return [_BOMB[r] for r in range(above + 1, _NORMAL) if counts[r] == 4]


def _rocket(shape: _Shape, above: int, n: int) -> list[Combo]:
    counts = shape.counts
    return [_ROCKET] if counts[_ROCKET_RANKS[0]] and counts[_ROCKET_RANKS[1]] else []


def _chain_family(family: str, width: int) -> Generator:
    kinds = _chain_kinds(family)
    levels = {n: tuple(level[0] for level in TABLE[kind]) for n, kind in kinds.items()}

    def generate(shape: _Shape, above: int, n: int) -> list[Combo]:
        mask = (shape.m1, shape.m2, shape.m3)[width - 1]
        return [levels[m][low] for low, m in _chains(mask, (n,) if n else kinds, above)]

    return generate


def _wing_rows(width: int, pairs: bool) -> tuple[tuple[Combo | None, ...], ...]:
    """rows[main][wing]: the table's play of one main rank with one wing rank, if any."""
    return tuple(
        tuple(
            BY_KEY.get(width * UNIT[main] + (2 if pairs else 1) * UNIT[wing]) for wing in range(_N)
        )
        for main in range(_N)
    )


def _trio_with(kind: Kind, pairs: bool) -> Generator:
    """Trio with one wing (a single or a pair): a table row per trio rank."""
    rows = _wing_rows(3, pairs)

    def generate(shape: _Shape, above: int, n: int) -> list[Combo]:
        wings = shape.r2 if pairs else shape.r1
        out: list[Combo] = []
        for r in shape.r3:
            if r > above:
                row = rows[r]
                out += [
                    combo for w in wings if (combo := row[w]) is not None and combo.kind is kind
                ]
        return out

    return generate


def _four_with(kind: Kind, pairs: bool) -> Generator:
    """Four with two wings (singles or pairs)."""

    def generate(shape: _Shape, above: int, n: int) -> list[Combo]:
        out: list[Combo] = []
        for r in shape.r4:
            if r > above:
                out += _with_wings(kind, 4 * UNIT[r], _wings(shape, range(r, r + 1), 2, pairs))
        return out

    return generate


def _wings(shape: _Shape, skip: range, size: int, pairs: bool) -> list[int]:
    if pairs:
        return _pair_wings(shape.r2, skip, size)
    return _single_wings(shape.counts, shape.r1, skip, size)


def _airplanes(family: str, pairs: bool) -> Generator:
    kinds = _chain_kinds(family)

    def generate(shape: _Shape, above: int, n: int) -> list[Combo]:
        out: list[Combo] = []
        for low, m in _chains(shape.m3, (n,) if n else kinds, above):
            main = 3 * sum(UNIT[low : low + m])
            out += _with_wings(kinds[m], main, _wings(shape, range(low, low + m), m, pairs))
        return out

    return generate


_FAMILIES: dict[str, Generator] = {
    "single": _singles,
    "pair": _pairs,
    "trio": _trios,
    "trio_single": _trio_with(Kind.TRIO_SINGLE, pairs=False),
    "trio_pair": _trio_with(Kind.TRIO_PAIR, pairs=True),
    "seq_single": _chain_family("seq_single", 1),
    "seq_pair": _chain_family("seq_pair", 2),
    "seq_trio": _chain_family("seq_trio", 3),
    "seq_trio_single": _airplanes("seq_trio_single", pairs=False),
    "seq_trio_pair": _airplanes("seq_trio_pair", pairs=True),
    "bomb_single": _four_with(Kind.BOMB_SINGLE, pairs=False),
    "bomb_pair": _four_with(Kind.BOMB_PAIR, pairs=True),
    "bomb": _bombs,
    "rocket": _rocket,
}
_LEAD_ORDER = tuple(_FAMILIES.values())
_FOLLOW = {kind: (_FAMILIES[kind.family], kind.chain_length) for kind in Kind}


# --- the public API -----------------------------------------------------------------


def counts_of(hand: str | Iterable[Card]) -> list[int]:
    """Cards per rank of a hand given as a rank string (any order) or as cards."""
    if isinstance(hand, str):
        try:
            return rank_counts(hand)
        except KeyError:  # not bare rank characters: read it as written text
            return rank_counts(parse_ranks(hand))
    counts = [0] * _N
    for card in hand:
        counts[card.value - 3] += 1  # values run 3..17 in rank order
    return counts


def legal_plays(hand: str | Iterable[Card], last: Combo | None = None) -> list[Combo]:
    """Every distinct play the hand can make: any play when leading (`last` None),
    else every play that beats `last`, bombs and the rocket included. Pass is not a play.

    Plays come weakest first within their kind; when following, the plays of the same
    kind come first, then bombs, then the rocket.
    """
    shape = _Shape(counts_of(hand))
    if last is None:
        shape.fill()
        out: list[Combo] = []
        for generate in _LEAD_ORDER:
            out += generate(shape, -1, 0)
        return out
    kind = last.kind
    if kind is Kind.ROCKET:
        return []
    if kind is Kind.BOMB:
        return _bombs(shape, last.level, 0) + _rocket(shape, -1, 0)
    generate, n = _FOLLOW[kind]
    same = generate(shape, last.level, n)
    return same + _bombs(shape, -1, 0) + _rocket(shape, -1, 0)
