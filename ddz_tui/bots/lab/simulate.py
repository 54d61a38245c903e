"""Headless self-play: many games between bots, and what came of them."""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ddz_tui.bots import make_bot
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game, Result, Rules, Side


@dataclass
class Tally:
    """Totals over a run of games."""

    games: int = 0
    landlord_wins: int = 0
    redeals: int = 0
    grabs: int = 0
    shows: int = 0
    doubles: int = 0
    bombs: int = 0
    rockets: int = 0
    springs: int = 0
    anti_springs: int = 0
    landlord_scores: list[int] = field(default_factory=list)
    seat_totals: list[int] = field(default_factory=lambda: [0, 0, 0])

    def add(self, game: Game, result: Result) -> None:
        assert game.landlord is not None
        self.games += 1
        self.landlord_wins += result.side is Side.LANDLORD
        self.redeals += game.redeals
        self.bombs += result.multiplier.bombs
        self.rockets += result.multiplier.rocket
        self.springs += result.multiplier.spring
        self.anti_springs += result.multiplier.anti_spring
        self.grabs += result.multiplier.grabs
        self.shows += result.multiplier.shown
        self.doubles += sum(result.multiplier.doubled)
        self.landlord_scores.append(result.scores[game.landlord])
        for seat, score in enumerate(result.scores):
            self.seat_totals[seat] += score

    @property
    def landlord_win_rate(self) -> float:
        return self.landlord_wins / self.games if self.games else 0.0

    def win_rate_interval(self) -> float:
        """Half-width of the 95% confidence interval of the landlord win rate."""
        if not self.games:
            return 0.0
        p = self.landlord_win_rate
        return 1.96 * math.sqrt(p * (1 - p) / self.games)

    @property
    def landlord_score_mean(self) -> float:
        return statistics.fmean(self.landlord_scores) if self.landlord_scores else 0.0

    @property
    def landlord_score_stdev(self) -> float:
        return statistics.pstdev(self.landlord_scores) if len(self.landlord_scores) > 1 else 0.0


def simulate(
    games: int,
    seed: int,
    levels: Sequence[str],
    rules: Rules | None = None,
    progress: Callable[[], None] | None = None,
) -> Tally:
    """Play `games` games under `rules` (the plain game by default); game i's seed and
    the bots' seeds all derive from `seed`."""
    seeds = random.Random(seed)
    bots = [make_bot(level, seeds.getrandbits(32)) for level in levels]
    tally = Tally()
    for _ in range(games):
        game = Game(seeds.getrandbits(63), rules=rules or Rules())
        tally.add(game, play_out(game, bots))
        if progress is not None:
            progress()
    return tally
