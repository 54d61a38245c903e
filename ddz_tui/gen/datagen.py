"""Generate `cards.json` and `rules.json` from the rules themselves.

The rule book is data (the seed design's rule table), but the data is derived here
from the rules of DESIGN.md §3 so that it can be checked, not trusted:
`python -m ddz_tui.gen.datagen` rewrites both files at the repository root and
`python -m ddz_tui.gen.datagen --check` fails when the checked-in files differ.

This module stands alone (no imports from the package) because the package loads
the files it writes.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from ddz_tui.gen.regenerate import regenerate

RANKS = "3456789TJQKA2BR"
CHAIN_RANKS = 12  # 3..A: chains never use 2 or a joker
NORMAL_RANKS = 13  # 3..2: every rank with four suits
SMALL_JOKER, BIG_JOKER = 13, 14
SUITS = ("spade", "heart", "club", "diamond")
SUIT_GLYPHS = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
SUIT_LETTERS = {"spade": "S", "heart": "H", "club": "C", "diamond": "D"}

SEQ_SINGLE_LENGTHS = range(5, 13)
SEQ_PAIR_LENGTHS = range(3, 11)
SEQ_TRIO_LENGTHS = range(2, 7)
SEQ_TRIO_SINGLE_LENGTHS = range(2, 6)
SEQ_TRIO_PAIR_LENGTHS = range(2, 5)


def _rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def build_cards() -> list[dict]:
    """The 54 cards; the id order is the sort order (value, then suit)."""
    cards: list[dict] = []
    for index, rank in enumerate(RANKS[:NORMAL_RANKS]):
        for suit in SUITS:
            cards.append(
                {
                    "id": len(cards),
                    "rank": rank,
                    "suit": suit,
                    "value": index + 3,
                    "label": _rank_label(rank) + SUIT_LETTERS[suit],
                    "glyph": _rank_label(rank) + SUIT_GLYPHS[suit],
                }
            )
    cards.append({"id": 52, "rank": "B", "suit": None, "value": 16, "label": "BJ", "glyph": "小王"})
    cards.append({"id": 53, "rank": "R", "suit": None, "value": 17, "label": "RJ", "glyph": "大王"})
    return cards


def _text(counts: dict[int, int]) -> str:
    return "".join(RANKS[r] * n for r, n in sorted(counts.items()))


def _play(*parts: tuple[int, int]) -> str:
    """A play's canonical text from (rank, count) parts, ranks not repeated."""
    counts: dict[int, int] = {}
    for rank, n in parts:
        counts[rank] = counts.get(rank, 0) + n
    return _text(counts)


def _single_wings(size: int, main: range, per_rank_cap: int) -> Iterator[tuple[int, ...]]:
    """Multisets of `size` wing ranks outside `main` (non-decreasing tuples).

    A rank appears at most `per_rank_cap` times, a joker at most once, never both
    jokers together.
    """
    ranks = [r for r in range(len(RANKS)) if r not in main]
    for wings in itertools.combinations_with_replacement(ranks, size):
        if SMALL_JOKER in wings and BIG_JOKER in wings:
            continue
        if any(wings.count(r) > (1 if r >= SMALL_JOKER else per_rank_cap) for r in set(wings)):
            continue
        yield wings


def _adjacent_trio_wing(wings: tuple[int, ...], main: range) -> bool:
    """Three wings of a rank next to the chain would make a longer plain airplane."""
    neighbours = {main.start - 1, main.stop} & set(range(CHAIN_RANKS))
    return any(wings.count(r) == 3 for r in neighbours)


def _pair_wings(size: int, main: range) -> Iterator[tuple[int, ...]]:
    ranks = [r for r in range(NORMAL_RANKS) if r not in main]
    return itertools.combinations(ranks, size)


def _sort_key(play: str) -> tuple[int, ...]:
    return tuple(RANKS.index(c) for c in play)


def build_kinds() -> dict[str, list[list[str]]]:
    """Every legal play, grouped by kind, then by level (= strength)."""
    kinds: dict[str, list[list[str]]] = {}

    def add(kind: str, levels: list[list[str]]) -> None:
        kinds[kind] = [sorted(level, key=_sort_key) for level in levels]

    add("single", [[RANKS[r]] for r in range(len(RANKS))])
    add("pair", [[RANKS[r] * 2] for r in range(NORMAL_RANKS)])
    add("trio", [[RANKS[r] * 3] for r in range(NORMAL_RANKS)])
    add(
        "trio_single",
        [[_play((t, 3), (w, 1)) for w in range(len(RANKS)) if w != t] for t in range(NORMAL_RANKS)],
    )
    add(
        "trio_pair",
        [
            [_play((t, 3), (p, 2)) for p in range(NORMAL_RANKS) if p != t]
            for t in range(NORMAL_RANKS)
        ],
    )
    for width, lengths in ((1, SEQ_SINGLE_LENGTHS), (2, SEQ_PAIR_LENGTHS), (3, SEQ_TRIO_LENGTHS)):
        name = {1: "seq_single", 2: "seq_pair", 3: "seq_trio"}[width]
        for n in lengths:
            add(
                f"{name}{n}",
                [
                    [_play(*((r, width) for r in range(low, low + n)))]
                    for low in range(CHAIN_RANKS - n + 1)
                ],
            )
    for n in SEQ_TRIO_SINGLE_LENGTHS:
        levels = []
        for low in range(CHAIN_RANKS - n + 1):
            main = range(low, low + n)
            levels.append(
                [
                    _play(*((r, 3) for r in main), *((w, 1) for w in wings))
                    for wings in _single_wings(n, main, per_rank_cap=3)
                    if not _adjacent_trio_wing(wings, main)
                ]
            )
        add(f"seq_trio_single{n}", levels)
    for n in SEQ_TRIO_PAIR_LENGTHS:
        levels = []
        for low in range(CHAIN_RANKS - n + 1):
            main = range(low, low + n)
            levels.append(
                [
                    _play(*((r, 3) for r in main), *((p, 2) for p in pairs))
                    for pairs in _pair_wings(n, main)
                ]
            )
        add(f"seq_trio_pair{n}", levels)
    add(
        "bomb_single",
        [
            [
                _play((q, 4), *((w, 1) for w in wings))
                for wings in _single_wings(2, range(q, q + 1), 3)
            ]
            for q in range(NORMAL_RANKS)
        ],
    )
    add(
        "bomb_pair",
        [
            [_play((q, 4), *((p, 2) for p in pairs)) for pairs in _pair_wings(2, range(q, q + 1))]
            for q in range(NORMAL_RANKS)
        ],
    )
    add("bomb", [[RANKS[r] * 4] for r in range(NORMAL_RANKS)])
    add("rocket", [["BR"]])
    return kinds


def cards_json() -> str:
    lines = ",\n".join("  " + json.dumps(card, ensure_ascii=False) for card in build_cards())
    return f'{{"version": 1, "cards": [\n{lines}\n]}}\n'


def rules_json() -> str:
    """One level per line: diffable, and byte-for-byte reproducible."""
    blocks = []
    for kind, levels in build_kinds().items():
        rows = ",\n".join("    " + json.dumps(level) for level in levels)
        blocks.append(f"  {json.dumps(kind)}: [\n{rows}\n  ]")
    body = ",\n".join(blocks)
    return f'{{"version": 1, "ranks": "{RANKS}",\n "kinds": {{\n{body}\n }}}}\n'


GENERATED = {"cards.json": cards_json, "rules.json": rules_json}


def main(argv: list[str] | None = None) -> int:
    files = {name: lambda build=build: build().encode() for name, build in GENERATED.items()}
    root = Path(__file__).resolve().parents[2]
    return regenerate(argv, __doc__.splitlines()[0], "ddz_tui.gen.datagen", root, files)


if __name__ == "__main__":
    sys.exit(main())
