"""Headless self-play: many games between bots, and what came of them."""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ddz_tui.bots.lab.styles import make_player
from ddz_tui.bots.runner import play_out
from ddz_tui.cards import DECK
from ddz_tui.engine import Dealt, Game, Result, Rules, Side


@dataclass
class Tally:
    """Totals over a run of games."""

    games: int = 0
    landlord_wins: int = 0
    redeals: int = 0
    grabs: int = 0
    shows: int = 0
    start_shows: int = 0  # 明牌开始: games in which a hand was shown before the bidding
    doubles: int = 0
    bombs: int = 0
    rockets: int = 0
    bombs_dealt: int = 0  # four of a rank in a hand, the bottom in the landlord's
    rockets_dealt: int = 0  # both jokers in one hand
    springs: int = 0
    anti_springs: int = 0
    landlord_scores: list[int] = field(default_factory=list)
    seat_totals: list[int] = field(default_factory=lambda: [0, 0, 0])

    def add(self, game: Game, result: Result) -> None:
        assert game.landlord is not None
        self.games += 1
        self.landlord_wins += result.side is Side.LANDLORD
        self.redeals += game.redeals
        multiplier = result.multiplier  # under 癞子, bombs of every class
        self.bombs += multiplier.bombs + multiplier.soft_bombs + multiplier.wild_bombs
        self.rockets += result.multiplier.rocket
        bombs, rocket = dealt_bombs(game)
        self.bombs_dealt += bombs
        self.rockets_dealt += rocket
        self.springs += result.multiplier.spring
        self.anti_springs += result.multiplier.anti_spring
        self.grabs += result.multiplier.grabs
        self.shows += result.multiplier.shown
        self.start_shows += result.multiplier.shown_start
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


def dealt_bombs(game: Game) -> tuple[int, bool]:
    """The bombs (four of a rank in one hand) and whether a rocket (both jokers in
    one hand) the played deal gave, the bottom counted in the landlord's hand."""
    dealt = [event for event in game.events if isinstance(event, Dealt)][-1]
    hands = [list(hand) for hand in dealt.hands]
    if game.landlord is not None:
        hands[game.landlord] += dealt.bottom
    bombs = rocket = 0
    for hand in hands:
        ranks = Counter(DECK[i].rank for i in hand if not DECK[i].is_joker)
        bombs += sum(n == 4 for n in ranks.values())
        rocket += sum(DECK[i].is_joker for i in hand) == 2
    return bombs, bool(rocket)


def simulate(
    games: int,
    seed: int,
    levels: Sequence[str],
    rules: Rules | None = None,
    progress: Callable[[], None] | None = None,
) -> Tally:
    """Play `games` games under `rules` (the plain game by default) between `levels`
    (bot levels or the lab's opponent styles, `styles`); game i's seed and
    the bots' seeds all derive from `seed`. The games are one run: under 不洗牌 each is
    dealt from the cards of the one before as they were played (the first shuffled)."""
    seeds = random.Random(seed)
    bots = [make_player(level, seeds.getrandbits(32)) for level in levels]
    tally = Tally()
    rules = rules or Rules()
    game: Game | None = None
    for _ in range(games):
        deck = game.played_order() if rules.no_shuffle and game is not None else None
        game = Game(seeds.getrandbits(63), rules=rules, deck=deck)
        tally.add(game, play_out(game, bots))
        if progress is not None:
            progress()
    return tally
