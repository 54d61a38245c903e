"""Speed of the rule book and the move generator, in µs per call.

    python benchmarks/bench_moves.py [--deals 2000] [--rounds 7] [--seed 2024]
                                      [--warm 50,500] [--ranks 6] [--cpu]

For each case the whole set of calls is timed once per round; the figure is the
median over rounds of the mean time per call, with the median and p99 of single
calls (timed one by one, so they include ~0.1 µs of timer overhead) beside it.

The 癞子 cases deal hands holding wilds (a wild rank drawn per deal). `wild_plays`
keeps the plays of the 64 hands last asked about: "asked again" times 50 hands once
they are known (the rounds after the first). Every other 癞子 case is first sight:
each hand is asked about once, never before (no rounds: a second round would find
what the first made), and each call is timed alone: the mean, median and p99 of those
calls. Hands share what they are made of under a wild rank (`wild._Kept`): "new
process" drops all of it before each call; "after N" groups the hands by wild rank and
asks, untimed, about N other hands of that rank before the timed ones (which then also
find what the group's earlier ones made; a game asks about some fifteen to twenty-five
new hands). "N wild ranks at once" is a process that hosts tables under N wild ranks
(a server): the hands of N ranks asked about in a shuffled order, first `--warm`'s last
figure of them untimed, then the timed ones.

`--cpu` times with the process's CPU clock instead of the wall clock: on a machine
shared with other work, time spent waiting for a core is then left out (each single
call then includes ~0.3 µs of clock overhead).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

from ddz_tui.cards import DECK, RANKS, ranks_of
from ddz_tui.moves import legal_plays
from ddz_tui.rules import classify
from ddz_tui.wild import forget, readings, wild_plays


def deals(n: int, seed: int) -> list[tuple[str, str, str]]:
    """(landlord's 20 cards, a peasant's 17, the other peasant's 17) per deal."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = list(DECK)
        rng.shuffle(cards)
        out.append((ranks_of(cards[:20]), ranks_of(cards[20:37]), ranks_of(cards[37:])))
    return out


def wild_deals(n: int, seed: int, wild_rank: str | None = None) -> list[tuple[str, str, str, str]]:
    """(wild rank, landlord's 20 cards with 2 wilds, a peasant's 17 with 1, the other
    peasant's 17 with 1) per deal; the wild rank drawn per deal unless given."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rank = rng.choice(RANKS[:13]) if wild_rank is None else wild_rank
        wilds = [card for card in DECK if card.rank == rank]
        cards = [card for card in DECK if card.rank != rank]
        rng.shuffle(cards)
        out.append(
            (
                rank,
                ranks_of(cards[:18] + wilds[:2]),
                ranks_of(cards[18:34] + wilds[2:3]),
                ranks_of(cards[34:50] + wilds[3:]),
            )
        )
    return out


def measure(
    call: Callable,
    args: Sequence[tuple],
    rounds: int,
    fresh: Callable[[], None] | None = None,
    cpu: bool = False,
) -> tuple[float, float, float]:
    """(median over rounds of mean µs per call, median µs of single calls, p99 µs);
    `fresh` is called before each round and before the single calls; `cpu`: by the
    process's CPU clock."""
    clock = time.process_time_ns if cpu else time.perf_counter_ns
    means = []
    for _ in range(rounds):
        if fresh:
            fresh()
        start = clock()
        for a in args:
            call(*a)
        means.append((clock() - start) / len(args) / 1000)
    singles = []
    if fresh:
        fresh()
    for a in args:
        t0 = clock()
        call(*a)
        singles.append((clock() - t0) / 1000)
    singles.sort()
    return statistics.median(means), statistics.median(singles), singles[int(len(singles) * 0.99)]


def _spread(singles: list[float]) -> tuple[float, float, float]:
    """(mean, median, p99) of single calls' times."""
    singles = sorted(singles)
    return statistics.mean(singles), statistics.median(singles), singles[int(len(singles) * 0.99)]


def first_sight(
    call: Callable, args: Sequence[tuple], warm: int | None, seed: int, cpu: bool = False
) -> tuple[float, float, float]:
    """(mean, median, p99) µs of single calls, each on a hand never asked about before.
    `warm` None: all that hands share is dropped before each call (a new process);
    else the calls go by wild rank, each rank's after `warm` untimed calls on other
    hands of it (`args[i][1]` is the wild rank; a warm-up call leads with a landlord's
    20 cards)."""
    clock = time.process_time_ns if cpu else time.perf_counter_ns
    by_rank: dict[str, list[tuple]] = {}
    for a in args:
        by_rank.setdefault(a[1], []).append(a)
    singles = []
    for rank, group in by_rank.items():
        forget(tables=True)
        if warm is not None:
            for _, hand, _, _ in wild_deals(warm, seed + 7, rank):
                wild_plays(hand, rank)
            forget()
        for a in group:
            if warm is None:
                forget(tables=True)
            t0 = clock()
            call(*a)
            singles.append((clock() - t0) / 1000)
    forget(tables=True)
    return _spread(singles)


def at_once(
    args: Sequence[tuple[str, str]], ranks: int, warm: int, seed: int, cpu: bool = False
) -> tuple[float, float, float]:
    """(mean, median, p99) µs of `wild_plays` leading with hands of `ranks` wild ranks
    asked about in a shuffled order (each hand once), after `warm` untimed hands of
    each of those ranks, also shuffled: the tables of many ranks kept side by side."""
    clock = time.process_time_ns if cpu else time.perf_counter_ns
    rng = random.Random(seed)
    chosen = rng.sample(sorted({rank for _, rank in args}), ranks)
    forget(tables=True)
    warming = [(hand, rank) for rank in chosen for _, hand, _, _ in wild_deals(warm, seed, rank)]
    rng.shuffle(warming)
    for hand, rank in warming:
        wild_plays(hand, rank)
    forget()
    timed = [a for a in args if a[1] in chosen]
    rng.shuffle(timed)
    singles = []
    for hand, rank in timed:
        t0 = clock()
        wild_plays(hand, rank)
        singles.append((clock() - t0) / 1000)
    forget(tables=True)
    return _spread(singles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--cpu", action="store_true", help="time by the process's CPU clock")
    parser.add_argument(
        "--ranks", type=int, default=6, help="wild ranks at once, in the server's case"
    )
    parser.add_argument(
        "--warm",
        default="50,500",
        help="first sight after this many other hands of the wild rank (comma-separated)",
    )
    args = parser.parse_args()

    table = deals(args.deals, args.seed)
    rng = random.Random(args.seed + 1)
    leads_20 = [(landlord,) for landlord, _, _ in table]
    leads_17 = [(peasant,) for _, peasant, _ in table]
    follows = []
    plays = []
    for landlord, peasant, _ in table:
        last = rng.choice(legal_plays(landlord))
        follows.append((peasant, last))
        plays.append((last.cards,))
    sizes = [len(legal_plays(h)) for (h,) in leads_20]

    wild = wild_deals(args.deals, args.seed)
    wild_20 = [(landlord, w) for w, landlord, _, _ in wild]
    wild_17 = [(peasant, w) for w, _, peasant, _ in wild]
    wild_follows = []
    wild_selections = []
    for w, landlord, peasant, _ in wild:
        last = rng.choice(wild_plays(landlord, w))
        wild_follows.append((peasant, w, last))
        wild_selections.append((last.cards, w))
    wild_sizes = [len(wild_plays(h, w)) for h, w in wild_20]

    cases = [
        ("classify (canonical text of a legal play)", classify, plays, None),
        ("legal_plays leading, 20 cards", legal_plays, leads_20, None),
        ("legal_plays leading, 17 cards", legal_plays, leads_17, None),
        ("legal_plays following a random legal play, 17 cards", legal_plays, follows, None),
        ("癞子 wild_plays leading, 20 cards, 2 wilds, asked again", wild_plays, wild_20[:50], None),
    ]
    warms: list[int | None] = [None, *(int(n) for n in args.warm.split(",") if n)]
    firsts = [
        ("癞子 wild_plays leading, 20 cards, 2 wilds", wild_plays, wild_20),
        ("癞子 wild_plays leading, 17 cards, 1 wild", wild_plays, wild_17),
        ("癞子 wild_plays following a play, 17 cards, 1 wild", wild_plays, wild_follows),
        ("癞子 readings of a play's cards", readings, wild_selections),
    ]
    clock = "CPU" if args.cpu else "wall"
    print(f"{args.deals} deals, seed {args.seed}, {args.rounds} rounds, {clock} clock")
    print(f"20-card hands hold {statistics.mean(sizes):.0f} plays on average (max {max(sizes)})")
    print(
        f"20-card hands with 2 wilds hold {statistics.mean(wild_sizes):.0f} plays on average "
        f"(max {max(wild_sizes)})"
    )
    print(f"{'case':56} {'mean':>8} {'median':>8} {'p99':>8}   (µs per call)")
    for name, call, call_args, fresh in cases:
        mean, median, p99 = measure(call, call_args, args.rounds, fresh, args.cpu)
        print(f"{name:56} {mean:8.2f} {median:8.2f} {p99:8.2f}")
    print("first sight: each hand asked about once")
    for name, call, call_args in firsts:
        for warm in warms:
            label = "new process" if warm is None else f"after {warm}"
            mean, median, p99 = first_sight(call, call_args, warm, args.seed, args.cpu)
            print(f"{name + ', ' + label:56} {mean:8.2f} {median:8.2f} {p99:8.2f}")
    most = warms[-1] or 0
    mean, median, p99 = at_once(wild_20, args.ranks, most, args.seed, args.cpu)
    name = f"癞子 wild_plays leading, 20 cards, {args.ranks} wild ranks at once, after {most}"
    print(f"{name:56} {mean:8.2f} {median:8.2f} {p99:8.2f}")


if __name__ == "__main__":
    main()
