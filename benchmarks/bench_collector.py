"""Is it worth switching the garbage collector off during a hard bot's search?

    python benchmarks/bench_collector.py [--games 30] [--samples 40] [--heap 0] [--seed 1]

Times the hard bot's decisions (fixed work: `--samples` deals, no budget) on the same
positions twice, alternately: once with the collector switched off around the search,
once with it left as it is (on). CPU time of the deciding thread, and the time the
collector itself took (its callbacks). `--heap N` first makes N long-lived objects in
reference cycles, as an app's screens are, so that a full collection has something
to walk.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_bots import percentile, positions

from ddz_tui.bots import make_bot


class CollectorClock:
    """The time the collector spends, by its callbacks."""

    def __init__(self) -> None:
        self.spent = 0.0
        self.collections = [0, 0, 0]
        self._start = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.spent += time.perf_counter() - self._start
            self.collections[info["generation"]] += 1


@contextlib.contextmanager
def collector_off():
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games to take positions from")
    parser.add_argument("--samples", type=int, default=40, help="deals per search")
    parser.add_argument("--heap", type=int, default=0, help="long-lived objects in cycles")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    keep = []
    for _ in range(args.heap // 2):
        a: dict[str, object] = {}
        b = [a]
        a["b"] = b
        keep.append(b)
    gc.collect()
    views = positions(args.games, args.seed)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    clock = CollectorClock()
    cpu: dict[str, list[float]] = {"off": [], "on": []}
    in_gc = {"off": 0.0, "on": 0.0}
    counts = {"off": [0, 0, 0], "on": [0, 0, 0]}
    for index, view in enumerate(views):
        arms = ("off", "on") if index % 2 else ("on", "off")
        for arm in arms:
            bot = make_bot("hard", args.seed + index, budget=None, samples=args.samples)
            spent, before = clock.spent, list(clock.collections)
            scope = collector_off() if arm == "off" else contextlib.nullcontext()
            start = time.thread_time()
            with scope:
                bot.choose(view)
            cpu[arm].append(time.thread_time() - start)
            in_gc[arm] += clock.spent - spent
            counts[arm] = [
                c + n - b for c, n, b in zip(counts[arm], clock.collections, before, strict=True)
            ]
    print(
        f"{len(views)} decisions each, up to {args.samples} deals, "
        f"{args.heap:,} long-lived objects besides"
    )
    for arm in ("off", "on"):
        times = cpu[arm]
        print(
            f"  collector {arm:>3}: cpu median {statistics.median(times) * 1e3:6.1f} ms, "
            f"p90 {percentile(times, 0.9) * 1e3:6.1f}, p99 {percentile(times, 0.99) * 1e3:6.1f}, "
            f"max {max(times) * 1e3:6.1f}, total {sum(times):6.2f} s | in the collector "
            f"{in_gc[arm] * 1e3:7.1f} ms, collections by generation {counts[arm]}"
        )
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
