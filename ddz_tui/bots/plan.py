"""Planning a hand: split it into the fewest, strongest groups it can be played as.

A plan is a set of plays that together empty the hand: chains, airplanes with
wings, trios with kickers, pairs, singles, and the bombs and the rocket kept
whole. Its value is the sum of each group's worth minus a fixed cost per group,
so fewer groups always come first and, among splits with as many groups, the one
with fewer weak cards wins. The normal bot leads from its plan and follows with
what hurts the plan least; the hard bot plays out its searches with the same.

Plans are cached by packed hand: a game visits few distinct hands per seat, and
the searches visit the same ones again and again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ddz_tui.bots.packed import ACE, BIG_JOKER, KEY_OF, SMALL_JOKER, TWO
from ddz_tui.moves import BY_KEY, CHAIN_TOPS, TOP, TOPS, UNIT, held, tops
from ddz_tui.rules import BY_CARDS, Combo, Kind

GROUP_COST = 7.0
"""What one more play to make costs a plan, against the worth of a group (about -10..+14)."""
# A group's worth is its top rank's index (3 is 0, the big joker 14) less a base per
# kind: lone cards and pairs are the easiest to beat, airplanes the hardest.
SOLO_BASE = 10.0
TRIO_BASE = 8.0
CHAIN_BASE = 8.0
PLANE_BASE = 6.0

_CHAIN_END = TWO  # chains run over ranks below the 2
_MIN_LINKS = {1: 5, 2: 3, 3: 2}  # links per chain of singles, pairs, trios


def group_value(play: Combo) -> float:
    """How likely a group is to win its trick, on the scale where a single 3 is -10
    and a big joker +4. Tuned by self-play against the arena."""
    value = _group_values.get(play.cards)
    if value is None:
        value = _group_values[play.cards] = _group_value(play)
    return value


_group_values: dict[str, float] = {}  # by play, filled as plays are met (27,471 at most)


def _group_value(play: Combo) -> float:
    family = play.kind.family
    level = play.level
    if family in ("single", "pair"):
        return level - SOLO_BASE
    if family in ("trio", "trio_single", "trio_pair"):
        return level - TRIO_BASE
    if play.kind is Kind.ROCKET:
        return 14.0
    if play.kind is Kind.BOMB:
        return 10.0 + level / 4
    top = level + play.kind.chain_length - 1
    if family in ("seq_single", "seq_pair"):
        return top - CHAIN_BASE
    return top - PLANE_BASE  # airplanes, four with wings


@dataclass(frozen=True)
class Plan:
    """Groups that empty a hand, and what the split is worth (higher is better)."""

    groups: tuple[Combo, ...]
    value: float

    @property
    def moves(self) -> int:
        return len(self.groups)


# The caches hold only ints, floats and strings, which the garbage collector does not
# track: a cache of Plan objects made the collector's full passes take 100+ ms.
# Bots in threads share them without a lock: every read is one `get` (atomic), and a
# miss works the plan out and answers from what it worked out, never from a second
# read that another thread's clearing could have emptied in between.
_values: dict[int, float] = {}
_groups: dict[int, tuple[str, ...]] = {}
_CACHE_LIMIT = 100_000
"""Hands remembered before the caches start over (about 20 MB when full)."""


def plan_of(key: int) -> Plan:
    """The best plan of a packed hand (cached)."""
    value = _values.get(key)
    groups = _groups.get(key)
    if value is None or groups is None:
        value, groups = _remember(key)
    return Plan(tuple(BY_CARDS[cards] for cards in groups), value)


def group_cards(key: int) -> tuple[str, ...]:
    """The rank strings of the best plan's groups: the cheap way to ask what they are."""
    groups = _groups.get(key)
    if groups is None:
        groups = _remember(key)[1]
    return groups


def value_of(key: int) -> float:
    """The value of a packed hand's best plan; a huge value for an empty hand (it won)."""
    if not key:
        return 1e9
    value = _values.get(key)
    if value is None:
        value = _remember(key)[0]
    return value


def _remember(key: int) -> tuple[float, tuple[str, ...]]:
    if len(_values) >= _CACHE_LIMIT:
        _values.clear()
        _groups.clear()
    plan = _best_plan(key)
    groups = tuple(group.cards for group in plan.groups)
    _values[key] = plan.value
    _groups[key] = groups
    return plan.value, groups


# --- the search ----------------------------------------------------------------------

Chain = tuple[int, int, int, int, int, int, float]
"""(width, low, links, packed cards, probe, mask, worth less the group cost): a chain of
singles, pairs or trios. A hand holds the chain when (hand + probe) & mask == mask: the
probe adds 8 - width to each rank of the chain, which sets that rank's top bit exactly
when the hand has `width` of it (counts are at most 4, so nothing carries over)."""

_ROCKET_KEY = UNIT[SMALL_JOKER] + UNIT[BIG_JOKER]
_NORMAL_TOPS = sum(TOP[: TWO + 1])  # ranks that come four to a deck: 3..2
_WING_TOPS = sum(TOP[: ACE + 1])  # ranks a plan plays as wings: 3..A


def _best_plan(key: int) -> Plan:
    fixed: list[Combo] = []
    if key & _ROCKET_KEY == _ROCKET_KEY:
        fixed.append(BY_KEY[_ROCKET_KEY])
    fours = held(key, 4) & _NORMAL_TOPS
    if fours:
        fixed += [BY_KEY[4 * UNIT[r]] for r in tops(fours)]
    rest = key - sum(KEY_OF[g.cards] for g in fixed)
    best: list = [float("-inf"), []]
    _search(rest, _chains(rest), [], 0.0, best)
    value, picked = best
    for chain in picked:
        rest -= chain[3]
    groups = [BY_KEY[chain[3]] for chain in picked if chain[0] != 3]
    groups += _residual_groups(rest, picked)
    value += sum(group_value(g) - GROUP_COST for g in fixed)
    return Plan(tuple(fixed + groups), value)


class _ChainTable(dict):
    """The chains of one width by the mask of chain ranks held at least that often,
    filled as masks are first asked for (at most 4,096): for each run of such ranks,
    lowest first, the chains of each length from the shortest, lowest first."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def __missing__(self, mask: int) -> tuple[Chain, ...]:
        width, least = self.width, _MIN_LINKS[self.width]
        worth = -(CHAIN_BASE if width < 3 else PLANE_BASE)  # group_value, by the top rank
        out = []
        low = 0
        while low < _CHAIN_END:
            if not mask & TOP[low]:
                low += 1
                continue
            high = low
            while high < _CHAIN_END and mask & TOP[high]:
                high += 1
            for n in range(least, high - low + 1):
                for start in range(low, high - n + 1):
                    ranks = sum(UNIT[start : start + n])
                    value = start + n - 1 + worth - GROUP_COST
                    probe, top = (8 - width) * ranks, 8 * ranks
                    out.append((width, start, n, width * ranks, probe, top, value))
            low = high
        chains = self[mask] = tuple(out)
        return chains


_CHAIN_TABLES = tuple(_ChainTable(width) for width in _MIN_LINKS)


def _chains(hand: int) -> list[Chain]:
    """Every chain of singles, pairs or trios that the hand holds."""
    out: list[Chain] = []
    for width, table in enumerate(_CHAIN_TABLES, 1):
        mask = held(hand, width) & CHAIN_TOPS
        if mask:
            out += table[mask]
    return out


def _search(hand: int, chains: list[Chain], picked: list[Chain], worth: float, best: list) -> None:
    """Try each multiset of chains (in list order, so each once); keep the best split."""
    total = worth + _residual_value(hand, picked)
    if total > best[0]:
        best[0], best[1] = total, list(picked)
    fitting = [ch for ch in chains if (hand + ch[4]) & ch[5] == ch[5]]
    for i, chain in enumerate(fitting):
        picked.append(chain)
        _search(hand - chain[3], fitting[i:], picked, worth + chain[6], best)
        picked.pop()


_ONLY_TOPS = (0, TOPS, _NORMAL_TOPS, _NORMAL_TOPS)
"""Ranks that may be held exactly once (any), twice or three times (not the jokers)."""


def _exactly(hand: int, n: int) -> tuple[int, ...]:
    """The ranks held exactly n times (1..3; the search sees no fours), lowest first."""
    return tops(held(hand, n) & ~held(hand, n + 1) & _ONLY_TOPS[n])


Wing = tuple[int, int, int, Sequence[int]]
"""(low, links, packed wing cards or 0, the wing's ranks) for a trio or an airplane."""


def _wings(hand: int, picked: list[Chain]) -> list[Wing]:
    """The wings of each trio and airplane: the weakest singles or pairs ride along.
    Airplanes, the longest first, choose first."""
    planes = sorted(((ch[1], ch[2]) for ch in picked if ch[0] == 3), key=lambda m: -m[1])
    if not planes:
        return _trio_wings(hand)
    singles = _exactly(hand, 1)
    pairs = _exactly(hand, 2)
    mains = planes + [(r, 1) for r in _exactly(hand, 3)]
    out: list[Wing] = []
    si = pi = 0  # next unused single / pair (both ascending)
    for low, n in mains:
        main = 3 * sum(UNIT[low : low + n])
        ranks: Sequence[int]
        wing, ranks = 0, []
        s_ok = len(singles) - si >= n and singles[si + n - 1] <= ACE
        p_ok = len(pairs) - pi >= n and pairs[pi + n - 1] <= ACE
        if s_ok and (not p_ok or sum(singles[si : si + n]) <= sum(pairs[pi : pi + n])):
            ranks = singles[si : si + n]
            wing = sum(UNIT[r] for r in ranks)
            if main + wing in BY_KEY:
                si += n
            else:
                wing, ranks = 0, []
        elif p_ok:
            ranks = pairs[pi : pi + n]
            wing = 2 * sum(UNIT[r] for r in ranks)
            if main + wing in BY_KEY:
                pi += n
            else:
                wing, ranks = 0, []
        out.append((low, n, wing, ranks))
    return out


def _trio_wings(hand: int) -> list[Wing]:
    """The wings of lone trios: trio by trio from the lowest, the lowest rank held once or
    twice up to an ace (a single or a pair, whichever is lower)."""
    trios = tops(held(hand, 3) & _NORMAL_TOPS)
    wings = tops(held(hand, 1) & ~held(hand, 3) & _WING_TOPS)
    out: list[Wing] = []
    for i, low in enumerate(trios):
        if i < len(wings):
            r = wings[i]
            out.append((low, 1, ((hand >> (4 * r)) & 15) * UNIT[r], [r]))
        else:
            out.append((low, 1, 0, []))
    return out


def _residual_value(hand: int, picked: list[Chain]) -> float:
    """Worth of what the chains leave: lone trios (with wings), pairs and singles. Wings
    cost nothing extra; an airplane's worth is counted with its chain."""
    value = (
        _LONE[0][hand & 0xFFF]
        + _LONE[1][(hand >> 12) & 0xFFF]
        + _LONE[2][(hand >> 24) & 0xFFF]
        + _LONE[3][(hand >> 36) & 0xFFF]
        + _LONE[4][hand >> 48]
    )
    if any(chain[0] == 3 for chain in picked):
        return value + _savings(hand, picked)
    if not _has_trio(hand):
        return value
    # Without airplanes the trios, lowest first, take the lowest singles or pairs up to
    # an ace as their wings, so the wings are simply the lowest such ranks.
    trios = (held(hand, 3) & _NORMAL_TOPS).bit_count()
    wings = held(hand, 1) & ~held(hand, 3) & _WING_TOPS
    while trios and wings:
        bit = wings & -wings
        value += SOLO_BASE + GROUP_COST - (bit.bit_length() // 4 - 1)  # its own group goes
        wings ^= bit
        trios -= 1
    return value


def _savings(hand: int, picked: list[Chain]) -> float:
    """The worth regained by playing singles and pairs as wings: their own groups go."""
    saved = 0.0
    for _low, _n, _wing, ranks in _wings(hand, picked):
        for r in ranks:
            saved -= r - SOLO_BASE - GROUP_COST
    return saved


def _lone_table(first: int) -> list[float]:
    """Worth, group cost included, of every count pattern of three ranks from `first`
    when each rank held is played alone (a single, a pair or a trio)."""
    rank = [
        [0.0] + [r - (TRIO_BASE if n == 3 else SOLO_BASE) - GROUP_COST for n in range(1, 16)]
        for r in range(first, first + 3)
    ]
    return [a + b + c for c in rank[2] for b in rank[1] for a in rank[0]]


_LONE = tuple(_lone_table(3 * chunk) for chunk in range(5))
_TRIO_PROBE = 5 * sum(UNIT[: TWO + 1])  # a count of 3 plus 5 sets bit 3; so does 4, not kept here
_TRIO_MASK = 8 * sum(UNIT[: TWO + 1])


def _has_trio(hand: int) -> bool:
    """Does the hand (at most three of a rank) hold a trio below the jokers?"""
    return bool((hand + _TRIO_PROBE) & _TRIO_MASK)


def _residual_groups(hand: int, picked: list[Chain]) -> list[Combo]:
    """The groups `_residual_value` counted."""
    groups = []
    for low, n, wing, _ranks in _wings(hand, picked):
        main = 3 * sum(UNIT[low : low + n])
        groups.append(BY_KEY[main + wing])
        hand -= wing + (main if n == 1 else 0)
    groups += [BY_KEY[((hand >> (4 * r)) & 15) * UNIT[r]] for r in tops(held(hand, 1))]
    return groups
