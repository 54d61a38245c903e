"""Measuring two bot levels against each other on duplicate deals.

Each deal is played twice with the landlord's seat fixed: once with level A at the
landlord's seat against two B peasants, once with B as landlord against two A
peasants. Luck of the cards cancels out between the two games, so a few thousand
games tell the levels apart. `Game(seed, "random")` deals the same cards and picks
the same landlord for the same seed, so the two games differ only in who plays.

Confidence intervals treat the deal (both its games) as the unit, since its two
games are not independent.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import repeat

from ddz_tui.bots import Bot, Level, make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game, LandlordMode, PlayerView, Side
from ddz_tui.rules import Combo

Z95 = 1.96


@dataclass(frozen=True)
class Match:
    """Who plays: levels A and B, and the options each level's bots are made with."""

    a: Level
    b: Level
    seed: int
    options: dict[Level, dict[str, object]] = field(default_factory=dict)

    def deal_seed(self, index: int) -> int:
        return random.Random(f"arena:{self.seed}:{index}").getrandbits(63)

    def bot(self, level: Level, seed: int) -> Bot:
        return make_bot(level, seed, **self.options.get(level, {}))


@dataclass(frozen=True)
class DealResult:
    """A deal's two games. a_won[i], a_points[i]: game i (0: A is landlord, 1: B is)."""

    index: int
    a_won: tuple[bool, bool]
    a_points: tuple[int, int]
    times: dict[Level, list[float]]
    cut_short: int


class _Timed:
    """A bot whose decisions are timed (wall clock, per call)."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, view: PlayerView) -> Combo | None:
        start = time.perf_counter()
        play = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        return play

    def bid(self, view: PlayerView) -> int:
        start = time.perf_counter()
        bid = self.bot.bid(view)
        self.times.append(time.perf_counter() - start)
        return bid


def play_deal(match: Match, index: int) -> DealResult:
    """Play deal `index` twice, sides swapped."""
    seed = match.deal_seed(index)
    times: dict[Level, list[float]] = {match.a: [], match.b: []}
    won: list[bool] = []
    points: list[int] = []
    cut_short = 0
    for a_is_landlord in (True, False):
        game = Game(seed, LandlordMode.RANDOM)
        landlord = game.landlord
        assert landlord is not None
        levels = [match.a if (seat == landlord) == a_is_landlord else match.b for seat in range(3)]
        bots = [match.bot(level, seed + seat) for seat, level in enumerate(levels)]
        timed = [_Timed(bot, times[level]) for bot, level in zip(bots, levels, strict=True)]
        result = play_out(game, timed)
        a_seats = [landlord] if a_is_landlord else [s for s in range(3) if s != landlord]
        a_points = sum(result.scores[seat] for seat in a_seats)
        won.append((result.side is Side.LANDLORD) == a_is_landlord)
        points.append(a_points)
        cut_short += sum(getattr(bot, "cut_short", 0) for bot in bots)
    return DealResult(index, (won[0], won[1]), (points[0], points[1]), times, cut_short)


def play_deals(match: Match, deals: int, workers: int = 1) -> Iterator[DealResult]:
    """Each deal's result, in order, as it finishes; `workers` processes play them."""
    if workers <= 1:
        for index in range(deals):
            yield play_deal(match, index)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(play_deal, repeat(match), range(deals), chunksize=4)


# --- the figures ---------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """A mean with the half-width of its 95% confidence interval."""

    mean: float
    half_width: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        mean = statistics.fmean(values)
        if len(values) < 2:
            return cls(mean, math.inf)
        return cls(mean, Z95 * statistics.stdev(values) / math.sqrt(len(values)))


@dataclass(frozen=True)
class Timing:
    decisions: int
    median: float
    p99: float
    max: float

    @classmethod
    def of(cls, times: Sequence[float]) -> Timing:
        ordered = sorted(times)
        if not ordered:
            return cls(0, 0.0, 0.0, 0.0)
        p99 = ordered[min(len(ordered) - 1, math.ceil(0.99 * len(ordered)) - 1)]
        return cls(len(ordered), statistics.median(ordered), p99, ordered[-1])


@dataclass(frozen=True)
class Report:
    match: Match
    results: tuple[DealResult, ...]

    @property
    def games(self) -> int:
        return 2 * len(self.results)

    @property
    def wp(self) -> Estimate:
        """Share of games A's side won (per deal: the mean of its two games)."""
        return Estimate.of([(r.a_won[0] + r.a_won[1]) / 2 for r in self.results])

    @property
    def adp(self) -> Estimate:
        """A's side's points minus B's side's points, per game (zero-sum: 2 × A's points)."""
        return Estimate.of([(r.a_points[0] + r.a_points[1]) for r in self.results])

    def win_rate(self, a_as_landlord: bool) -> float:
        """A's win rate as landlord (True) or as the peasants (False)."""
        game = 0 if a_as_landlord else 1
        return statistics.fmean(r.a_won[game] for r in self.results)

    def timing(self, level: Level) -> Timing:
        return Timing.of([t for r in self.results for t in r.times.get(level, [])])

    @property
    def cut_short(self) -> int:
        return sum(r.cut_short for r in self.results)


def run(
    match: Match, games: int, workers: int = 1, progress: Callable[[int], None] | None = None
) -> Report:
    """Play `games` games (an even number: each deal twice). `progress(games_done)`."""
    results = []
    for result in play_deals(match, games // 2, workers):
        results.append(result)
        if progress is not None:
            progress(2)
    return Report(match, tuple(results))
