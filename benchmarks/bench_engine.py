"""Games per second of random-bot self-play: the engine and move generation, no UI.

    python benchmarks/bench_engine.py [--games 3000] [--rounds 5] [--seed 1]

Each round plays the same seeded games; the figure is the median over rounds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ddz_tui.bots.lab.simulate import simulate
from ddz_tui.engine import LandlordMode, Rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for mode in LandlordMode:
        rates = []
        for _ in range(args.rounds):
            start = time.perf_counter()
            tally = simulate(args.games, args.seed, ["random"] * 3, Rules(mode))
            rates.append(args.games / (time.perf_counter() - start))
        print(
            f"{mode.value:>6} mode: {statistics.median(rates):7.0f} games/s "
            f"(median of {args.rounds} rounds of {args.games} games; "
            f"min {min(rates):.0f}, max {max(rates):.0f}; "
            f"{tally.redeals / tally.games:.2f} redeals per game)"
        )


if __name__ == "__main__":
    main()
