"""legal_plays agrees exactly with filtering the whole rule table by the hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ddz_tui.cards import DECK, RANKS, rank_counts, ranks_of
from ddz_tui.moves import UNIT, can_beat, legal_plays, pack, plays_of_key
from ddz_tui.rules import BY_CARDS, Combo, Kind, beats, classify


def _packed(text: str) -> int:
    """Seven bits per rank; bit 6 of each is a guard that borrows when a count falls short."""
    return sum(n << (7 * r) for r, n in enumerate(rank_counts(text)))


_GUARD = sum(64 << (7 * r) for r in range(len(RANKS)))
_ALL = [(_packed(text), combo) for text, combo in BY_CARDS.items()]


def table_filter(hand: str, last: Combo | None) -> set[Combo]:
    """The slow, obvious answer: every play in the table the hand holds that beats last."""
    held = _packed(hand) | _GUARD
    return {
        combo
        for key, combo in _ALL
        if (held - key) & _GUARD == _GUARD and (last is None or beats(combo, last))
    }


hands = st.lists(st.sampled_from(DECK), unique=True, max_size=20).map(ranks_of)
any_play = st.sampled_from(sorted(BY_CARDS.values(), key=lambda c: c.cards))


def _check(hand: str, last: Combo | None) -> None:
    plays = legal_plays(hand, last)
    assert len(plays) == len(set(plays)), "a play listed twice"
    assert set(plays) == table_filter(hand, last)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_leading_plays_are_the_table_filtered_by_the_hand(hand: str) -> None:
    _check(hand, None)


@settings(max_examples=300, deadline=None)
@given(hands, any_play)
def test_following_plays_are_the_table_filtered_by_hand_and_last(hand: str, last: Combo) -> None:
    _check(hand, last)


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_following_a_play_from_another_hand(rng: random.Random) -> None:
    cards = list(DECK)
    rng.shuffle(cards)
    hand, other = ranks_of(cards[:17]), ranks_of(cards[17:37])
    _check(hand, rng.choice(legal_plays(other)))


@settings(max_examples=300, deadline=None)
@given(hands, any_play)
def test_can_beat_agrees_with_the_table(hand: str, last: Combo) -> None:
    answers = {c for c in table_filter(hand, last) if c.kind is last.kind or last.is_bomb}
    assert can_beat(pack(hand), last) == bool(answers)


def test_a_seeded_sweep_of_full_deals() -> None:
    rng = random.Random(7)
    for _ in range(150):
        cards = list(DECK)
        rng.shuffle(cards)
        landlord, peasant = ranks_of(cards[:20]), ranks_of(cards[20:37])
        _check(landlord, None)
        _check(peasant, rng.choice(legal_plays(landlord)))


def test_small_examples() -> None:
    assert [c.cards for c in legal_plays("BR")] == ["B", "R", "BR"]
    assert [c.cards for c in legal_plays("")] == []
    assert legal_plays("3456789TJQKA2BR", classify("BR")) == []
    assert [c.cards for c in legal_plays("33334", classify("2"))] == ["3333"]


def test_following_lists_same_kind_weakest_first_then_bombs_then_rocket() -> None:
    plays = legal_plays("445566777788BR", classify("33"))
    assert [c.cards for c in plays] == ["44", "55", "66", "77", "88", "7777", "BR"]
    bombs = legal_plays("33334444BR", classify("3333"))
    assert [c.cards for c in bombs] == ["4444", "BR"]


def test_hand_as_cards_or_as_written_text() -> None:
    cards = [DECK[i] for i in (0, 1, 2, 4, 29, 30)]  # 3 3 3 4 10 10
    assert legal_plays(cards) == legal_plays("3334TT") == legal_plays("3 3 3 4 10 10")


def test_chains_of_every_length_come_from_a_long_run() -> None:
    plays = legal_plays("3456789TJQKA")
    straights = [c for c in plays if c.kind.family == "seq_single"]
    assert len(straights) == 8 + 7 + 6 + 5 + 4 + 3 + 2 + 1
    assert Kind.SEQ_SINGLE12 in {c.kind for c in straights}


def _wing_order(combo: Combo) -> tuple[int, ...]:
    """Where a play with wings is listed within its kind: by level, then single wings in
    packed order (by the highest wing rank first), pairs as `combinations` gives them."""
    width = 4 if combo.kind.family.startswith("bomb") else 3
    links = range(combo.level, combo.level + combo.kind.chain_length)
    counts = rank_counts(combo.cards)
    wings = [n - width if r in links else n for r, n in enumerate(counts)]
    if combo.kind.family.endswith("pair"):
        return (combo.level, *(r for r, n in enumerate(wings) if n))
    return (combo.level, *reversed(wings))


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_plays_with_wings_keep_their_order(rng: random.Random) -> None:
    """The bots take the first of equal plays: the order within a kind is part of the API."""
    cards = list(DECK)
    rng.shuffle(cards)
    plays = legal_plays(ranks_of(cards[:20]))
    for kind in Kind:
        if kind.family in {"trio_single", "trio_pair", "bomb_single", "bomb_pair"} or (
            kind.family.startswith("seq_trio_")
        ):
            listed = [_wing_order(c) for c in plays if c.kind is kind]
            assert listed == sorted(listed)


_FAMILIES = (
    *("single", "pair", "trio", "trio_single", "trio_pair"),
    *("seq_single", "seq_pair", "seq_trio", "seq_trio_single", "seq_trio_pair"),
    *("bomb_single", "bomb_pair", "bomb", "rocket"),
)
_WITH_WINGS = {"trio_single", "trio_pair", "seq_trio_single", "seq_trio_pair"}
_WITH_WINGS |= {"bomb_single", "bomb_pair"}


def _listed_at(combo: Combo, last: Combo | None) -> tuple[int, ...]:
    """Where a play is listed: leading, family by family in `_FAMILIES`' order; following,
    the plays of `last`'s kind, then bombs, then the rocket. Then by chain length, level,
    and wings (`_wing_order`)."""
    kind = combo.kind
    if last is None:
        first = _FAMILIES.index(kind.family)
    else:
        first = 0 if kind is last.kind else 1 if kind is Kind.BOMB else 2
    at = _wing_order(combo) if kind.family in _WITH_WINGS else (combo.level,)
    return (first, kind.chain_length, *at)


def _check_list(hand: str, last: Combo | None) -> None:
    expected = sorted(table_filter(hand, last), key=lambda combo: _listed_at(combo, last))
    assert legal_plays(hand, last) == expected


def _airplane_hand(rng: random.Random) -> str:
    """Up to 20 cards around a run of two to five trios (and often a four in it)."""
    links = rng.randint(2, 5)
    low = rng.randint(0, 12 - links)
    run = [c for c in DECK if low <= RANKS.index(c.rank) < low + links]
    rng.shuffle(run)
    taken = run[: 3 * links + rng.randint(0, links)]
    others = [c for c in DECK if c not in taken]
    return ranks_of(taken + rng.sample(others, 20 - len(taken)))


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_whole_list_is_the_table_filtered_in_order(rng: random.Random) -> None:
    """The exact list, order included, for full deals and for hands full of airplanes:
    the table filtered by the hand, sorted as plays are listed."""
    cards = list(DECK)
    rng.shuffle(cards)
    landlord, peasant = ranks_of(cards[:20]), ranks_of(cards[20:37])
    airplanes = _airplane_hand(rng)
    for hand in (landlord, peasant, airplanes):
        _check_list(hand, None)
    _check_list(peasant, rng.choice(legal_plays(landlord)))
    _check_list(landlord, rng.choice(legal_plays(airplanes)))


def test_a_rank_held_more_than_four_times_as_placed_wilds_make_it() -> None:
    """The 癞子 bots place wilds on a rank held four times: the plays with wings are
    those of four of it (no wing takes more)."""
    wings = {"bomb_single", "bomb_pair", "seq_trio_single", "seq_trio_pair"}

    def with_wings(key: int) -> list[Combo]:
        return [combo for combo in plays_of_key(key) if combo.kind.family in wings]

    for hand, rank in (("333345556667788", "3"), ("3344445556667788", "4")):
        four = pack(hand)
        assert with_wings(four)
        for more in (1, 3):
            assert with_wings(four + more * UNIT[RANKS.index(rank)]) == with_wings(four)


def test_the_chains_of_every_mask_are_the_windows_held_whole() -> None:
    """`_Chains` finds a kind's chains by shifting the mask of ranks held (one and per
    link): for every mask of the twelve chain ranks (and with the 2 held too, which no
    chain takes), each family's chains are the windows whose every rank is held, lowest
    first, shortest kind first."""
    from ddz_tui.moves import _CHAIN_END, _CHAINS, TOP
    from ddz_tui.rules import TABLE

    for chains in _CHAINS.values():
        fresh = type(chains)(chains.kinds)
        for bits in range(1 << _CHAIN_END):
            mask = sum(TOP[r] for r in range(_CHAIN_END) if bits >> r & 1)
            windows = [
                TABLE[kind][low][0]
                for kind in chains.kinds
                for low in range(_CHAIN_END - kind.chain_length + 1)
                if all(bits >> r & 1 for r in range(low, low + kind.chain_length))
            ]
            assert fresh[mask] == tuple(windows)
            assert fresh[mask | TOP[_CHAIN_END]] == tuple(windows)
