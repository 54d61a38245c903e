"""Speed of the hand planner (`ddz_tui.bots.plan`), in µs per plan, caches bypassed.

    python benchmarks/bench_plan.py [--hands 3000] [--rounds 5] [--seed 5]

Hands are dealt at random in the sizes the bots meet (20 cards down to 6); each is
planned from scratch, as a hand not yet in the planner's cache is. The figure is the
median over rounds of the mean, with the median, p90 and p99 of single calls.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ddz_tui.bots.plan import _best_plan
from ddz_tui.cards import DECK, ranks_of
from ddz_tui.moves import pack

SIZES = (20, 17, 17, 15, 12, 10, 8, 6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    hands = []
    for _ in range(args.hands):
        cards = list(DECK)
        rng.shuffle(cards)
        hands.append(pack(ranks_of(cards[: rng.choice(SIZES)])))
    means = []
    for _ in range(args.rounds):
        start = time.perf_counter()
        for key in hands:
            _best_plan(key)
        means.append((time.perf_counter() - start) / len(hands) * 1e6)
    singles = []
    for key in hands:
        t0 = time.perf_counter_ns()
        _best_plan(key)
        singles.append((time.perf_counter_ns() - t0) / 1000)
    singles.sort()
    at = lambda share: singles[int(len(singles) * share)]  # noqa: E731
    print(f"{args.hands} hands of {'/'.join(map(str, SIZES))} cards, seed {args.seed}")
    print(
        f"plan a hand: mean {statistics.median(means):.1f} µs, median {at(0.5):.1f}, "
        f"p90 {at(0.9):.1f}, p99 {at(0.99):.1f}"
    )


if __name__ == "__main__":
    main()
