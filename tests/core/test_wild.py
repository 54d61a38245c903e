"""癞子: wild_plays agrees with brute force, readings of every kind, and the bomb order."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui import wild
from ddz_tui.cards import DECK, RANK_INDEX, RANKS, ranks_of
from ddz_tui.moves import BY_KEY, UNIT, pack
from ddz_tui.rules import Kind, classify
from ddz_tui.wild import BombClass, Reading, beats, forget, natural, readings, wild_plays

NORMAL = RANKS[:13]  # what a wild may stand for: 3 to 2

PlayKey = tuple[int, Kind, int, "BombClass | None"]


def _counts(key: int) -> list[int]:
    return [(key >> (4 * r)) & 15 for r in range(len(RANKS))]


def _bomb_class(combo_kind: Kind, naturals: int, wilds: int) -> BombClass | None:
    if combo_kind is Kind.ROCKET:
        return BombClass.ROCKET
    if combo_kind is not Kind.BOMB:
        return None
    if not wilds:
        return BombClass.HARD
    return BombClass.WILD if not naturals else BombClass.SOFT


ASSIGNMENTS = [
    [sum(UNIT[RANK_INDEX[x]] for x in xs) for xs in combinations_with_replacement(NORMAL, t)]
    for t in range(5)
]
"""Every multiset of t ranks from 3 to 2, packed: what t wilds may stand for."""


def brute_force(hand: str, wild_rank: str) -> dict[PlayKey, set[int]]:
    """Every sub-multiset of the hand, every assignment of ranks 3..2 to its wilds (wilds
    alone only as themselves), classified by the classic table; by (selection, kind,
    level, bomb class), the packed readings found."""
    w = RANK_INDEX[wild_rank]
    counts = _counts(pack(hand))
    found: dict[PlayKey, set[int]] = {}
    subsets = [0]
    for r, n in enumerate(counts):
        subsets = [s + a * UNIT[r] for s in subsets for a in range(n + 1)]
    for sub in subsets:
        if not sub:
            continue
        t = (sub >> (4 * w)) & 15
        nat = sub - t * UNIT[w]
        assignments = ASSIGNMENTS[t] if nat else [t * UNIT[w]]
        for stands in assignments:
            combo = BY_KEY.get(nat + stands)
            if combo is None:  # the table holds no play with five of a rank
                continue
            key = (sub, combo.kind, combo.level, _bomb_class(combo.kind, nat, t))
            found.setdefault(key, set()).add(nat + stands)
    return found


def from_the_table(hand: str, wild_rank: str) -> dict[PlayKey, set[int]]:
    """The same answer worked the other way, fast enough for 20 cards: every play in the
    table, and every split of it into the hand's naturals and its wilds."""
    w = RANK_INDEX[wild_rank]
    have = _counts(pack(hand))
    k = have[w]
    have[w] = 0
    found: dict[PlayKey, set[int]] = {}
    for key, combo in BY_KEY.items():
        need = _counts(key)
        if need[13] > have[13] or need[14] > have[14]:
            continue
        short = sum(max(0, need[r] - have[r]) for r in range(13))
        if short > k:
            continue
        naturals = [0]
        for r in range(15):
            if need[r]:
                low = need[r] if r >= 13 else 0
                naturals = [
                    n + a * UNIT[r] for n in naturals for a in range(low, min(need[r], have[r]) + 1)
                ]
        for nat in naturals:
            t = sum(need) - sum(_counts(nat))
            if t > k or (not nat and key != t * UNIT[w]):
                continue
            sel = nat + t * UNIT[w]
            found.setdefault(
                (sel, combo.kind, combo.level, _bomb_class(combo.kind, nat, t)), set()
            ).add(key)
    return found


def check(hand: str, wild_rank: str, reference: dict[PlayKey, set[int]]) -> list[Reading]:
    plays = wild_plays(hand, wild_rank)
    keys = [(p.key, p.kind, p.level, p.bomb) for p in plays]
    assert len(keys) == len(set(keys)), "a play listed twice"
    assert set(keys) == set(reference)
    w = RANK_INDEX[wild_rank]
    for p, key in zip(plays, keys, strict=True):
        assert p.stands + (p.key - p.wild_count * UNIT[w]) in reference[key]
        assert sum(_counts(p.stands)) == p.wild_count
        assert p.combo is BY_KEY[pack(p.combo.cards)]
    return plays


def reference_beats(play: PlayKey, last: PlayKey) -> bool:
    (_, kind, level, bomb), (_, last_kind, last_level, last_bomb) = play, last
    if bomb is not None:
        return last_bomb is None or (bomb, level) > (last_bomb, last_level)
    return last_bomb is None and kind is last_kind and level > last_level


@st.composite
def small_hands(draw: st.DrawFn, most: int = 8) -> tuple[str, str]:
    wild_rank = draw(st.sampled_from(NORMAL))
    wilds = draw(st.integers(0, 4))
    others = [c for c in DECK if c.rank != wild_rank]
    naturals = draw(st.lists(st.sampled_from(others), unique=True, max_size=most - wilds))
    return ranks_of(naturals) + wild_rank * wilds, wild_rank


@settings(max_examples=1500, deadline=None)
@given(small_hands())
def test_leading_plays_are_brute_force(case: tuple[str, str]) -> None:
    hand, wild_rank = case
    check(hand, wild_rank, brute_force(hand, wild_rank))


@settings(max_examples=400, deadline=None)
@given(small_hands(most=7))
def test_readings_are_the_plays_that_take_every_card(case: tuple[str, str]) -> None:
    selection, wild_rank = case
    found = readings(selection, wild_rank)
    whole = pack(selection)
    assert {(r.key, r.kind, r.level, r.bomb) for r in found} == {
        key for key in brute_force(selection, wild_rank) if key[0] == whole
    }
    assert set(found) <= set(wild_plays(selection, wild_rank))  # the same reading, either way
    strengths = [r.strength for r in found]
    assert strengths == sorted(strengths, reverse=True)


@settings(max_examples=12, deadline=None)
@given(small_hands(most=9))
def test_the_table_way_is_brute_force_too(case: tuple[str, str]) -> None:
    hand, wild_rank = case
    assert from_the_table(hand, wild_rank) == brute_force(hand, wild_rank)


@settings(max_examples=600, deadline=None)
@given(small_hands(), small_hands(most=10))
def test_following_plays_are_the_leads_that_beat(
    case: tuple[str, str], other: tuple[str, str]
) -> None:
    hand, wild_rank = case
    reference = brute_force(hand, wild_rank)
    leads = wild_plays(other[0], wild_rank)
    if not leads:
        return
    last = leads[len(hand) * 7 % len(leads)]
    last_key = (last.key, last.kind, last.level, last.bomb)
    plays = wild_plays(hand, wild_rank, last)
    keys = [(p.key, p.kind, p.level, p.bomb) for p in plays]
    assert len(keys) == len(set(keys))
    assert set(keys) == {key for key in reference if reference_beats(key, last_key)}
    assert all(beats(p, last) for p in plays)


def test_whole_hands_with_one_and_two_wilds() -> None:
    rng = random.Random(35)
    for i in range(8):
        wild_rank = rng.choice(NORMAL)
        wilds = [c for c in DECK if c.rank == wild_rank]
        others = [c for c in DECK if c.rank != wild_rank]
        rng.shuffle(others)
        n = 1 + i % 2
        hand = ranks_of(others[: 20 - n] + wilds[:n])
        leads = check(hand, wild_rank, from_the_table(hand, wild_rank))
        assert len(leads) > 100


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=13, max_size=13),
    st.lists(st.integers(0, 1), min_size=2, max_size=2),
    st.integers(3, 5),
    st.booleans(),
    st.integers(0, 4),
)
def test_three_kickers_or_more_are_picked_in_the_order_the_hand_lists_them(
    counts: list[int], jokers: list[int], m: int, pairs: bool, left: int
) -> None:
    """A hand's choices of three kickers or more (airplanes' wings), picked from every
    choice of their shape made once (`wild._SHAPES`) or made from the hand's own cards
    (`wild.OWN_FROM` kickers or more), are the choices the hand's own cards make, in the
    same order, rank by rank, both ways."""
    if pairs and m == 5:
        m = 4  # no airplane has five pairs
    count = counts + jokers
    tag = 1 << 128, 1 << 132  # a wild kicker standing for a rank of its own; a wild taken
    expected: list[int] = []
    if pairs:
        sets = wild._pair_sets(count, m, left)
        for halves in range(min(m, left) + 1):
            for wild_pairs in range((left - halves) // 2 + 1):
                whole = m - halves - wild_pairs
                if whole >= 0:
                    taken = wild_pairs * tag[0] + (halves + 2 * wild_pairs) * tag[1]
                    expected += [taken | choice for choice in sets[whole, halves]]
    else:
        singles = wild._single_sets(count, m)
        for j in range(min(m, left) + 1):
            expected += [j * (tag[0] + tag[1]) | choice for choice in singles[m - j]]
    assert wild._ManyChoices(count, m, pairs)[left] == [wild._id(code) for code in expected]
    for shape in wild._parts(pairs, m, left):
        assert wild._SHAPES.pick(shape, count) == wild._own_choices(shape, count)


def test_plays_do_not_depend_on_the_hands_asked_about_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hands share what they are made of under a wild rank (`wild._Kept`): a hand's plays,
    leading and following, are the same, in the same order, whether its wild rank's
    tables are new, were filled by other hands first, or were dropped at their limit."""
    rng = random.Random(36)
    deals = []
    for i in range(24):
        wild_rank = "7" if i % 3 else "2"
        wilds = [c for c in DECK if c.rank == wild_rank]
        others = [c for c in DECK if c.rank != wild_rank]
        rng.shuffle(others)
        k = 1 + i % 4
        deals.append((ranks_of(others[: 20 - k] + wilds[:k]), ranks_of(others[20:37]), wild_rank))

    def shown(plays: list[Reading]) -> list[tuple[int, int, Kind, BombClass | None]]:
        return [(p.key, p.stands, p.kind, p.bomb) for p in plays]

    def asked(
        hand: str, other: str, wild_rank: str
    ) -> list[list[tuple[int, int, Kind, BombClass | None]]]:
        leads = wild_plays(hand, wild_rank)
        others = wild_plays(other, wild_rank)
        follows = [
            wild_plays(hand, wild_rank, last) for last in others[:: max(1, len(others) // 5)]
        ]
        return [shown(leads), *map(shown, follows), shown(readings(leads[-1].cards, wild_rank))]

    alone = []
    for deal in deals:
        forget(tables=True)
        alone.append(asked(*deal))
    forget(tables=True)
    assert [asked(*deal) for deal in deals] == alone
    forget(tables=True)
    monkeypatch.setattr(wild, "KEPT_LIMIT", 3000)
    assert [asked(*deal) for deal in deals] == alone
    forget(tables=True)


def _hand_of(wild_rank: str, seed: int) -> str:
    """A landlord's 20 cards holding two wilds of `wild_rank`."""
    rng = random.Random(seed)
    wilds = [c for c in DECK if c.rank == wild_rank]
    others = [c for c in DECK if c.rank != wild_rank]
    rng.shuffle(others)
    return ranks_of(others[:18] + wilds[:2])


def test_the_tables_of_wild_ranks_asked_about_in_turn_are_kept_side_by_side() -> None:
    """A process hosting tables under several wild ranks asks about their hands in turn:
    each rank keeps its own tables (keeping the last two ranks asked about made each new
    hand of a third cost what a new process's does)."""
    forget(tables=True)
    ranks = ["3", "7", "9", "Q", "A", "2"]
    first = {}
    for turn in range(3):
        for i, rank in enumerate(ranks):
            wild_plays(_hand_of(rank, 10 * turn + i), rank)
            first.setdefault(rank, wild._kept[rank])
    assert all(wild._kept[rank] is first[rank] for rank in ranks)
    forget(tables=True)


def test_a_wild_rank_no_hand_was_asked_about_for_long_is_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A finished game's wild rank goes once `KEPT_IDLE` new hands of other ranks came
    after its last; the ranks still asked about stay."""
    forget(tables=True)
    monkeypatch.setattr(wild, "KEPT_IDLE", 3)
    wild_plays(_hand_of("5", 1), "5")
    wild_plays(_hand_of("8", 2), "8")
    for seed in range(3, 5):
        wild_plays(_hand_of("K", seed), "K")
        assert "5" in wild._kept
    wild_plays(_hand_of("K", 5), "K")  # the fourth new hand since the 5s' last
    assert "5" not in wild._kept
    assert "K" in wild._kept
    forget(tables=True)


def test_past_the_limit_the_wild_rank_asked_about_least_lately_goes_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """All ranks' tables together stay within `KEPT_LIMIT`: the rank asked about least
    lately is dropped first, and the rank asked about now keeps its own."""
    forget(tables=True)
    for rank, seed in (("4", 1), ("6", 2), ("J", 3)):
        wild_plays(_hand_of(rank, seed), rank)
    sizes = {rank: kept.size[0] for rank, kept in wild._kept.items()}
    monkeypatch.setattr(wild, "KEPT_LIMIT", sizes["6"] + sizes["J"] + sizes["4"] // 2)
    wild_plays(_hand_of("6", 4), "6")  # the 4s', asked about least lately, go
    assert list(wild._kept) == ["J", "6"]
    forget(tables=True)


# --- readings of each kind -----------------------------------------------------------


def shown(cards: str, wild_rank: str) -> list[tuple[str, str, str, BombClass | None]]:
    """Each reading as (kind, classic play, what the wilds stand for, bomb class)."""
    return [(r.kind.value, r.combo.cards, r.wilds, r.bomb) for r in readings(cards, wild_rank)]


@pytest.mark.parametrize(
    ("cards", "wild_rank", "expected"),
    [
        # a single wild is its own rank, never another
        ("9", "9", [("single", "9", "9", None)]),
        # wilds alone stand for themselves
        ("99", "9", [("pair", "99", "99", None)]),
        ("999", "9", [("trio", "999", "999", None)]),
        ("9999", "9", [("bomb", "9999", "9999", BombClass.WILD)]),
        # a wild completes a pair, a trio, a bomb
        ("59", "9", [("pair", "55", "5", None)]),
        ("559", "9", [("trio", "555", "5", None)]),
        ("599", "9", [("trio", "555", "55", None)]),
        # a soft bomb, or the trio with the wild as its kicker (as itself)
        ("7779", "9", [("bomb", "7777", "7", BombClass.SOFT), ("trio_single", "7779", "9", None)]),
        (
            "7799",
            "9",
            [("bomb", "7777", "77", BombClass.SOFT), ("trio_single", "7779", "79", None)],
        ),
        # a trio with a pair: the wild in the trio or in the pair
        ("55669", "9", [("trio_pair", "55666", "6", None), ("trio_pair", "55566", "5", None)]),
        ("5559", "9", [("bomb", "5555", "5", BombClass.SOFT), ("trio_single", "5559", "9", None)]),
        ("55599", "9", [("trio_pair", "55599", "99", None)]),
        # chains: the wild fills a gap, or stands for itself inside
        ("345679", "9", [("seq_single6", "345678", "8", None)]),
        ("34567", "5", [("seq_single5", "34567", "5", None)]),
        ("3344559", "9", []),
        ("334459", "9", [("seq_pair3", "334455", "5", None)]),
        ("33344499", "9", [("seq_trio_single2", "33344499", "99", None)]),
        ("3334449", "9", []),
        ("333449", "9", [("seq_trio2", "333444", "4", None), ("bomb_single", "333344", "3", None)]),
        ("3334456", "9", []),
        ("33344569", "9", [("seq_trio_single2", "33344456", "4", None)]),
        # four with two, and four with two pairs
        ("555569", "9", [("bomb_single", "555569", "9", None)]),
        ("5556678", "8", []),
        (
            "55566778",
            "8",
            [("seq_trio_single2", "55566677", "6", None), ("bomb_pair", "55556677", "5", None)],
        ),
        # the rocket and jokers: never a wild's rank
        ("BR", "9", [("rocket", "BR", "", BombClass.ROCKET)]),
        ("B9", "9", []),
        ("B", "9", [("single", "B", "", None)]),
        # chains stop at the ace, wilds or not: JQKA and a wild is TJQKA, never JQKA2
        ("JQKA9", "9", [("seq_single5", "TJQKA", "T", None)]),
        ("QKA29", "9", []),
        ("TJQK9", "9", [("seq_single5", "TJQKA", "A", None), ("seq_single5", "9TJQK", "9", None)]),
        # a natural bomb is hard
        ("8888", "9", [("bomb", "8888", "", BombClass.HARD)]),
    ],
)
def test_readings(
    cards: str, wild_rank: str, expected: list[tuple[str, str, str, BombClass | None]]
) -> None:
    assert shown(cards, wild_rank) == expected


def test_a_selection_that_is_no_play_has_no_reading() -> None:
    assert readings("3459", "9") == []
    assert readings("", "9") == []


def test_the_wild_rank_is_a_rank_from_3_to_2() -> None:
    for bad in ("B", "R", "", "33", "x"):
        with pytest.raises(ValueError):
            readings("3", bad)


# --- the bomb order ------------------------------------------------------------------


def bomb(cards: str, wild_rank: str) -> Reading:
    (found,) = [r for r in readings(cards, wild_rank) if r.kind in (Kind.BOMB, Kind.ROCKET)]
    return found


def test_bombs_soft_then_hard_then_pure_wild_then_rocket_each_by_rank() -> None:
    w = "9"
    order = [
        bomb("3339", w),
        bomb("3399", w),  # the same soft bomb of 3s, with two wilds: equal strength
        bomb("4449", w),
        bomb("2229", w),
        bomb("3333", w),
        bomb("AAAA", w),
        bomb("2222", w),
        bomb("9999", w),
        bomb("BR", w),
    ]
    assert [b.bomb for b in order] == [BombClass.SOFT] * 4 + [BombClass.HARD] * 3 + [
        BombClass.WILD,
        BombClass.ROCKET,
    ]
    for i, low in enumerate(order):
        for high in order[i + 1 :]:
            if high.strength == low.strength:
                assert not beats(high, low) and not beats(low, high)
            else:
                assert beats(high, low), (high.combo, low.combo)
                assert not beats(low, high), (low.combo, high.combo)


def test_a_soft_bomb_beats_no_hard_bomb_but_any_other_play() -> None:
    soft_two = bomb("2229", "9")
    hard_three = bomb("3333", "9")
    assert not beats(soft_two, hard_three) and beats(hard_three, soft_two)
    straight = readings("TJQKA", "9")[0]
    four_with_two = readings("AAAA34", "9")[0]
    assert four_with_two.kind is Kind.BOMB_SINGLE and four_with_two.bomb is None
    twos = classify("22")
    assert twos is not None
    for play in (straight, four_with_two, natural(twos, "9")):
        assert beats(soft_two, play) and not beats(play, soft_two)
    assert beats(soft_two, None)


def test_following_a_soft_bomb_hard_bombs_of_any_rank_beat_it() -> None:
    soft_two = bomb("2229", "9")
    plays = wild_plays("33339QQ", "9", soft_two)
    assert {(p.cards, p.bomb) for p in plays} == {("3333", BombClass.HARD)}
    assert wild_plays("3339", "9", bomb("4449", "9")) == []
    assert [(p.cards, p.bomb) for p in wild_plays("5559", "9", bomb("4449", "9"))] == [
        ("5559", BombClass.SOFT)
    ]


def test_following_a_pure_wild_bomb_only_the_rocket_beats_it() -> None:
    pure = bomb("9999", "9")
    assert [p.kind for p in wild_plays("22223333BR", "9", pure)] == [Kind.ROCKET]
    assert wild_plays("2222AAAA", "9", pure) == []


def test_leading_offers_each_selection_once_per_reading() -> None:
    plays = wild_plays("7779", "9")
    assert {(p.cards, p.kind.value) for p in plays} == {
        ("7", "single"),
        ("9", "single"),
        ("77", "pair"),
        ("79", "pair"),
        ("777", "trio"),
        ("779", "trio"),
        ("7779", "bomb"),
        ("7779", "trio_single"),
    }
