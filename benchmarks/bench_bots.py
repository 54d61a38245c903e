"""Decision time per bot level: how long `choose` and `bid` take, per call.

    python benchmarks/bench_bots.py [--games 300] [--hard-games 12] [--budget 1.0] [--seed 1]
                                    [--search-games 8] [--samples 40]

Each level plays seeded games (bidding included) in one seat, taking each seat in
turn, against two normal bots; only its own calls are timed. Wall-clock time is what a
player waits; CPU time (of the deciding thread) is what the bot itself spent, which is
the fairer figure on a shared machine. For the hard bot it also counts the decisions
that ran past the budget by more than 5 ms, on either clock, and the searches the
budget cut short; and it times the hard bot's search alone on fixed positions with a
fixed number of deals (no budget), which gives deals searched per second. The
machine's load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import decide, play_out
from ddz_tui.engine import Game, LandlordMode, Phase, PlayerView
from ddz_tui.rules import Combo

LATE = 0.005


class Timed:
    def __init__(self, bot) -> None:
        self.bot = bot
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def _time(self, call, view):
        wall, cpu = time.perf_counter(), time.thread_time()
        answer = call(view)
        self.wall.append(time.perf_counter() - wall)
        self.cpu.append(time.thread_time() - cpu)
        return answer

    def choose(self, view: PlayerView) -> Combo | None:
        return self._time(self.bot.choose, view)

    def bid(self, view: PlayerView) -> int:
        return self._time(self.bot.bid, view)

    def answer(self, view: PlayerView) -> bool:
        return self._time(self.bot.answer, view)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def measure(level: str, games: int, seed: int, budget: float) -> None:
    options = {"budget": budget} if level == "hard" else {}
    timed_bots = []
    for number in range(games):
        seat = number % 3
        game = Game(seed + number, LandlordMode.BID)
        timed = Timed(make_bot(level, seed + number, **options))
        bots = [timed if s == seat else make_bot("normal", s) for s in range(3)]
        play_out(game, bots)
        timed_bots.append(timed)
    wall = [t for bot in timed_bots for t in bot.wall]
    cpu = [t for bot in timed_bots for t in bot.cpu]
    line = (
        f"{level:>6}: {len(wall):6,} calls in {games} games | wall median "
        f"{statistics.median(wall) * 1e3:7.3f} ms, p99 {percentile(wall, 0.99) * 1e3:8.3f} ms, "
        f"max {max(wall) * 1e3:8.2f} ms | cpu median {statistics.median(cpu) * 1e3:7.3f} ms, "
        f"p99 {percentile(cpu, 0.99) * 1e3:8.3f} ms, max {max(cpu) * 1e3:8.2f} ms"
    )
    print(line)
    if level == "hard":
        late_wall = sum(t > budget + LATE for t in wall)
        late_cpu = sum(t > budget + LATE for t in cpu)
        cut = sum(bot.bot.cut_short for bot in timed_bots)
        searches = sum(bot.bot.searches for bot in timed_bots)
        print(
            f"        budget {budget:g} s: {late_wall} calls over it by more than "
            f"{LATE * 1e3:.0f} ms on the wall clock, {late_cpu} in CPU time; "
            f"{cut} of {searches} searches cut short by the budget"
        )


def positions(games: int, seed: int) -> list[PlayerView]:
    """Every third decision of seeded games between normal bots (the landlord drawn at
    random), as the deciding seat sees it."""
    views = []
    for number in range(games):
        game = Game(seed + number, LandlordMode.RANDOM)
        bots = [make_bot("normal", s) for s in range(3)]
        turn = 0
        while game.phase is not Phase.OVER:
            view = game.view(game.turn)
            if turn % 3 == number % 3:
                views.append(view)
            game.act(game.turn, decide(bots[game.turn], view))
            turn += 1
    return views


def measure_search(games: int, seed: int, samples: int) -> None:
    """The hard bot's search speed on fixed positions, without a budget: the same work
    on every run, so the figure compares code, not luck."""
    views = positions(games, seed)
    cpu = []
    deals = 0
    for index, view in enumerate(views):
        bot = make_bot("hard", seed + index, budget=None, samples=samples)
        start = time.thread_time()
        bot.choose(view)
        cpu.append(time.thread_time() - start)
        deals += bot.deals  # fewer than `samples` where the choice settled early
    print(
        f"  hard search, {len(views)} fixed positions at up to {samples} deals: cpu median "
        f"{statistics.median(cpu) * 1e3:.1f} ms, p90 {percentile(cpu, 0.9) * 1e3:.1f} ms, "
        f"total {sum(cpu):.2f} s; {deals:,} deals, {deals / sum(cpu):,.0f} searched per second"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per fast level")
    parser.add_argument("--hard-games", type=int, default=12, help="games for the hard bot")
    parser.add_argument("--budget", type=float, default=1.0, help="the hard bot's budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--search-games", type=int, default=8, help="games to take positions from")
    parser.add_argument("--samples", type=int, default=40, help="deals per search on them")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for level in ("random", "easy", "normal"):
        measure(level, args.games, args.seed, args.budget)
    measure("hard", args.hard_games, args.seed, args.budget)
    measure_search(args.search_games, args.seed, args.samples)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
