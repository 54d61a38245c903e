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

from dataclasses import dataclass

from ddz_tui.bots.packed import ACE, BIG_JOKER, KEY_OF, N_RANKS, SMALL_JOKER, TWO, counts
from ddz_tui.moves import BY_KEY, UNIT
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


def _best_plan(key: int) -> Plan:
    c = counts(key)
    fixed: list[Combo] = []
    if c[SMALL_JOKER] and c[BIG_JOKER]:
        fixed.append(BY_KEY[UNIT[SMALL_JOKER] + UNIT[BIG_JOKER]])
    for r in range(TWO + 1):
        if c[r] == 4:
            fixed.append(BY_KEY[4 * UNIT[r]])
    rest = key - sum(KEY_OF[g.cards] for g in fixed)
    best: list = [float("-inf"), []]
    _search(rest, _chains(counts(rest)), [], 0.0, best)
    value, picked = best
    for chain in picked:
        rest -= chain[3]
    groups = [BY_KEY[chain[3]] for chain in picked if chain[0] != 3]
    groups += _residual_groups(counts(rest), picked)
    value += sum(group_value(g) - GROUP_COST for g in fixed)
    return Plan(tuple(fixed + groups), value)


def _chains(c: list[int]) -> list[Chain]:
    """Every chain of singles, pairs or trios that c holds."""
    out = []
    for width, least in _MIN_LINKS.items():
        low = 0
        while low < _CHAIN_END:
            if c[low] < width:
                low += 1
                continue
            high = low
            while high < _CHAIN_END and c[high] >= width:
                high += 1
            worth = -(CHAIN_BASE if width < 3 else PLANE_BASE)  # group_value, by the top rank
            for n in range(least, high - low + 1):
                for start in range(low, high - n + 1):
                    ranks = sum(UNIT[start : start + n])
                    value = start + n - 1 + worth - GROUP_COST
                    probe, mask = (8 - width) * ranks, 8 * ranks
                    out.append((width, start, n, width * ranks, probe, mask, value))
            low = high
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


def _wings(c: list[int], picked: list[Chain]) -> list[tuple[int, int, int]]:
    """(low, links, wing) for each trio and airplane: the weakest singles or pairs ride
    along as wings (packed; 0 for none). Airplanes, the longest first, choose first."""
    singles = [r for r in range(N_RANKS) if c[r] == 1]
    pairs = [r for r in range(TWO + 1) if c[r] == 2]
    mains = sorted(((ch[1], ch[2]) for ch in picked if ch[0] == 3), key=lambda m: -m[1])
    mains += [(r, 1) for r in range(TWO + 1) if c[r] == 3]
    out = []
    si = pi = 0  # next unused single / pair (both ascending)
    for low, n in mains:
        main = 3 * sum(UNIT[low : low + n])
        wing = 0
        s_ok = len(singles) - si >= n and singles[si + n - 1] <= ACE
        p_ok = len(pairs) - pi >= n and pairs[pi + n - 1] <= ACE
        if s_ok and (not p_ok or sum(singles[si : si + n]) <= sum(pairs[pi : pi + n])):
            wing = sum(UNIT[r] for r in singles[si : si + n])
            if main + wing in BY_KEY:
                si += n
            else:
                wing = 0
        elif p_ok:
            wing = sum(2 * UNIT[r] for r in pairs[pi : pi + n])
            if main + wing in BY_KEY:
                pi += n
            else:
                wing = 0
        out.append((low, n, wing))
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
    if not (_has_trio(hand) or any(chain[0] == 3 for chain in picked)):
        return value
    for _low, _n, wing in _wings(counts(hand), picked):
        for r in range(N_RANKS):
            if (wing >> (4 * r)) & 15:
                value -= r - SOLO_BASE - GROUP_COST  # the wing's own group is gone
    return value


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


def _residual_groups(c: list[int], picked: list[Chain]) -> list[Combo]:
    """The groups `_residual_value` counted."""
    groups = []
    used = [0] * N_RANKS
    for low, n, wing in _wings(c, picked):
        groups.append(BY_KEY[3 * sum(UNIT[low : low + n]) + wing])
        for r in range(low, low + n):
            used[r] += 3 if n == 1 else 0
        for r in range(N_RANKS):
            used[r] += (wing >> (4 * r)) & 15
    for r in range(N_RANKS):
        left = c[r] - used[r]
        if left:
            groups.append(BY_KEY[left * UNIT[r]])
    return groups
