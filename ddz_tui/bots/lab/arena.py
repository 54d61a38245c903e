"""Measuring two bot levels against each other on duplicate deals.

Each deal is played twice with the landlord's seat fixed: once with level A at the
landlord's seat against two B peasants, once with B as landlord against two A
peasants. Luck of the cards cancels out between the two games, so a few thousand
games tell the levels apart. `Game(seed, "random")` deals the same cards and picks
the same landlord for the same seed, so the two games differ only in who plays.

With bidding (`bidding=True`) the bots bid for the landlord, so who gets it is part of
what is measured. Each deal is then played six times, once for each way to seat one A
and two Bs or two As and one B, so that each level holds every hand, bids from every
seat and bids first equally often (`Game(seed, "bid")` deals the same cards and picks
the same first bidder for the same seed; a deal all pass on is dealt again the same
way in each of its games).

House rules (`Match.rules`) apply to every game: doubling and showing cards as they
say; the landlord drawn by lot in the two-game form, and with bidding by bids (叫分)
or, where the rules call and grab (叫地主/抢地主), by calls and grabs. Under 不洗牌 each
deal is cut from the cards of a game three normal bots played before it (`Match.deck`),
so every game of a deal gets the same no-shuffle deal.

Confidence intervals treat the deal (all its games) as the unit, since its games
are not independent.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from itertools import product, repeat

from ddz_tui.bots import Bot, Level, make_bot
from ddz_tui.bots.lab.blunders import NONE, Blunders, blunders_of
from ddz_tui.bots.lab.styles import Player, make_player
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Decision, Game, LandlordMode, PlayerView, Rules, Side
from ddz_tui.rules import Combo
from ddz_tui.wild import Reading

Z95 = 1.96


@dataclass(frozen=True)
class Match:
    """Who plays: levels A and B (or the lab's opponent styles, `styles`), and the
    options each level's bots are made with."""

    a: Player
    b: Player
    seed: int
    options: dict[Player, dict[str, object]] = field(default_factory=dict)
    rules: Rules = field(default_factory=Rules)

    def fixed_rules(self) -> Rules:
        """The rules of the two-game form: the landlord drawn by lot."""
        return replace(self.rules, landlord=LandlordMode.RANDOM)

    def bidding_rules(self) -> Rules:
        """The rules with bidding: calls and grabs where the rules say so, else bids."""
        if self.rules.landlord is LandlordMode.GRAB:
            return self.rules
        return replace(self.rules, landlord=LandlordMode.BID)

    def deal_seed(self, index: int) -> int:
        return random.Random(f"arena:{self.seed}:{index}").getrandbits(63)

    def deck(self, index: int) -> tuple[int, ...] | None:
        """Under 不洗牌, the cards deal `index` is cut from: as a game of three normal
        bots on a shuffled deal left them (the same for every game of the deal); None
        for a shuffled deal."""
        if not self.rules.no_shuffle:
            return None
        seed = random.Random(f"arena:{self.seed}:{index}:before").getrandbits(63)
        before = Game(seed, rules=self.bidding_rules())
        play_out(before, [make_bot(Level.NORMAL, seed + seat) for seat in range(3)])
        return before.played_order()

    def bot(self, level: Player, seed: int) -> Bot:
        return make_player(level, seed, **self.options.get(level, {}))


ANSWERED = (Decision.CALL, Decision.GRAB, Decision.DOUBLE, Decision.SHOW, Decision.SHOW_START)
"""The yes-or-no decisions the arena counts, in the order its table lists them."""


@dataclass(frozen=True)
class SeatResult:
    """One seat's part in one game with bidding: its level, how many times it was asked
    to bid and bid, whether it became the landlord, whether its side won, its score;
    `answers`: per yes-or-no decision it met, how many times it was asked and said yes
    (super doubles: `Decision.DOUBLE`'s yeses that were super doubles, in `supers`)."""

    level: Player
    asked: int
    bid: int
    landlord: bool
    won: bool
    score: int
    answers: tuple[tuple[Decision, int, int], ...] = ()
    supers: int = 0


@dataclass(frozen=True)
class BiddingDealResult:
    """A deal's six games with bidding, three seats each."""

    index: int
    seats: tuple[SeatResult, ...]
    redeals: int
    times: dict[Player, list[float]]
    cut_short: int
    blunders: dict[Player, Blunders] = field(default_factory=dict)


SEATINGS = tuple(seats for seats in product((True, False), repeat=3) if 0 < sum(seats) < 3)
"""Which seats level A takes in the six games of a deal with bidding (not all, not none)."""


@dataclass(frozen=True)
class DealResult:
    """A deal's two games. a_won[i], a_points[i]: game i (0: A is landlord, 1: B is)."""

    index: int
    a_won: tuple[bool, bool]
    a_points: tuple[int, int]
    times: dict[Player, list[float]]
    cut_short: int
    blunders: dict[Player, Blunders] = field(default_factory=dict)


class _Timed:
    """A bot whose decisions are timed (wall clock, per call); its bids (and calls, which
    count as bids) are counted."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.times = times
        self.asked = 0
        self.bids = 0
        self.answers: dict[Decision, list[int]] = {}  # decision: [asked, yes]
        self.supers = 0

    def choose(self, view: PlayerView) -> Combo | None:
        start = time.perf_counter()
        play = self.bot.choose(view)
        self.times.append(time.perf_counter() - start)
        return play

    def choose_wild(self, view: PlayerView) -> Reading | None:
        start = time.perf_counter()
        play = self.bot.choose_wild(view)
        self.times.append(time.perf_counter() - start)
        return play

    def bid(self, view: PlayerView) -> int:
        start = time.perf_counter()
        bid = self.bot.bid(view)
        self.times.append(time.perf_counter() - start)
        self.asked += 1
        self.bids += bid > 0
        return bid

    def answer(self, view: PlayerView) -> bool:
        start = time.perf_counter()
        yes = self.bot.answer(view)
        self.times.append(time.perf_counter() - start)
        if view.decision is Decision.CALL:
            self.asked += 1
            self.bids += yes
        if view.decision is not None:
            said = self.answers.setdefault(view.decision, [0, 0])
            said[0] += 1
            said[1] += bool(yes)
        return yes

    def said(self) -> tuple[tuple[Decision, int, int], ...]:
        """Its answers so far: (decision, asked, yes), in `ANSWERED`'s order."""
        said = self.answers
        return tuple((d, said[d][0], said[d][1]) for d in ANSWERED if d in said)

    def super_double(self, view: PlayerView) -> bool:
        start = time.perf_counter()
        doubles = self.bot.super_double(view)
        self.times.append(time.perf_counter() - start)
        self.supers += bool(doubles)
        return doubles


def play_deal(match: Match, index: int) -> DealResult:
    """Play deal `index` twice, sides swapped."""
    seed = match.deal_seed(index)
    deck = match.deck(index)
    times: dict[Player, list[float]] = {match.a: [], match.b: []}
    won: list[bool] = []
    points: list[int] = []
    cut_short = 0
    blunders: dict[Player, Blunders] = {}
    for a_is_landlord in (True, False):
        game = Game(seed, rules=match.fixed_rules(), deck=deck)
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
        _add_blunders(blunders, game, levels)
    return DealResult(index, (won[0], won[1]), (points[0], points[1]), times, cut_short, blunders)


def _add_blunders(blunders: dict[Player, Blunders], game: Game, levels: Sequence[Player]) -> None:
    """Count a finished game's blunders (`blunders`) to each seat's level (none under
    癞子: the counter's searches know no wilds)."""
    if game.rules.laizi:
        return
    for seat, found in enumerate(blunders_of(game)):
        blunders[levels[seat]] = blunders.get(levels[seat], NONE) + found


def play_bidding_deal(match: Match, index: int) -> BiddingDealResult:
    """Play deal `index` six times with bidding, A and B seated each way."""
    seed = match.deal_seed(index)
    deck = match.deck(index)
    times: dict[Player, list[float]] = {match.a: [], match.b: []}
    seats: list[SeatResult] = []
    redeals = cut_short = 0
    blunders: dict[Player, Blunders] = {}
    for seating in SEATINGS:
        game = Game(seed, rules=match.bidding_rules(), deck=deck)
        levels = [match.a if a_seat else match.b for a_seat in seating]
        bots = [match.bot(level, seed + seat) for seat, level in enumerate(levels)]
        timed = [_Timed(bot, times[level]) for bot, level in zip(bots, levels, strict=True)]
        result = play_out(game, timed)
        landlord = game.landlord
        for seat, level in enumerate(levels):
            won = (result.side is Side.LANDLORD) == (seat == landlord)
            asked, bid = timed[seat].asked, timed[seat].bids
            seats.append(
                SeatResult(
                    level,
                    asked,
                    bid,
                    seat == landlord,
                    won,
                    result.scores[seat],
                    timed[seat].said(),
                    timed[seat].supers,
                )
            )
        redeals += game.redeals
        cut_short += sum(getattr(bot, "cut_short", 0) for bot in bots)
        _add_blunders(blunders, game, levels)
    return BiddingDealResult(index, tuple(seats), redeals, times, cut_short, blunders)


def play_deals(
    match: Match, deals: int, workers: int = 1, bidding: bool = False
) -> Iterator[DealResult | BiddingDealResult]:
    """Each deal's result, in order, as it finishes; `workers` processes play them."""
    play: Callable[[Match, int], DealResult | BiddingDealResult]
    play = play_bidding_deal if bidding else play_deal
    if workers <= 1:
        for index in range(deals):
            yield play(match, index)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        results: Iterator[DealResult | BiddingDealResult]
        results = pool.map(play, repeat(match), range(deals), chunksize=4)
        yield from results


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
class _Results:
    """What every report holds: the match and its deals' results, with their timings."""

    match: Match
    results: tuple[DealResult | BiddingDealResult, ...]

    def timing(self, level: Player) -> Timing:
        return Timing.of([t for r in self.results for t in r.times.get(level, [])])

    @property
    def cut_short(self) -> int:
        return sum(r.cut_short for r in self.results)

    def blunders(self, level: Player) -> Blunders:
        """The blunders of `level`'s seats over all games (see `blunders`)."""
        total = NONE
        for result in self.results:
            total += result.blunders.get(level, NONE)
        return total


@dataclass(frozen=True)
class Report(_Results):
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


@dataclass(frozen=True)
class LevelBidding:
    """How one level fared in games with bidding, over all its seats."""

    games: int
    bid_rate: float  # share of the times it was asked that it bid
    landlord_rate: float  # share of its games it played as the landlord
    landlord_win_rate: float  # share of those it won (nan if never landlord)
    score: float  # mean score per game
    answers: tuple[tuple[Decision, int, int], ...] = ()  # (decision, asked, yes), summed
    supers: int = 0  # super doubles (超级加倍), among its yeses to 加倍
    score_half_width: float = math.nan  # of the mean score's 95% interval (per seat-game)

    def said(self, decision: Decision) -> tuple[int, int]:
        """How many times it was asked `decision` and said yes."""
        return next(((n, yes) for d, n, yes in self.answers if d is decision), (0, 0))


@dataclass(frozen=True)
class BiddingReport(_Results):
    results: tuple[BiddingDealResult, ...]

    @property
    def games(self) -> int:
        return len(SEATINGS) * len(self.results)

    def level(self, level: Player) -> LevelBidding:
        seats = [seat for r in self.results for seat in r.seats if seat.level is level]
        landlord = [seat for seat in seats if seat.landlord]
        asked = sum(seat.asked for seat in seats)
        said: dict[Decision, list[int]] = {}
        for seat in seats:
            for decision, n, yes in seat.answers:
                total = said.setdefault(decision, [0, 0])
                total[0] += n
                total[1] += yes
        scores = [seat.score for seat in seats]
        return LevelBidding(
            games=len(seats),
            bid_rate=sum(seat.bid for seat in seats) / asked if asked else math.nan,
            landlord_rate=len(landlord) / len(seats) if seats else math.nan,
            landlord_win_rate=(
                statistics.fmean(seat.won for seat in landlord) if landlord else math.nan
            ),
            score=statistics.fmean(scores) if seats else math.nan,
            answers=tuple((d, said[d][0], said[d][1]) for d in ANSWERED if d in said),
            supers=sum(seat.supers for seat in seats),
            score_half_width=Estimate.of(scores).half_width if seats else math.nan,
        )

    @property
    def score_difference(self) -> Estimate:
        """A's mean score per game less B's, on the same deals (per deal, then averaged)."""
        return Estimate.of([_score_difference(r, self.match) for r in self.results])

    @property
    def redeals(self) -> int:
        return sum(r.redeals for r in self.results)


def _score_difference(result: BiddingDealResult, match: Match) -> float:
    a = [seat.score for seat in result.seats if seat.level is match.a]
    b = [seat.score for seat in result.seats if seat.level is match.b]
    return statistics.fmean(a) - statistics.fmean(b)


def run(
    match: Match, games: int, workers: int = 1, progress: Callable[[int], None] | None = None
) -> Report:
    """Play `games` games (an even number: each deal twice). `progress(games_done)`."""
    results = []
    for result in play_deals(match, games // 2, workers):
        assert isinstance(result, DealResult)
        results.append(result)
        if progress is not None:
            progress(2)
    return Report(match, tuple(results))


def run_bidding(
    match: Match, games: int, workers: int = 1, progress: Callable[[int], None] | None = None
) -> BiddingReport:
    """Play `games` games with bidding (a multiple of six: each deal six times)."""
    results = []
    for result in play_deals(match, games // len(SEATINGS), workers, bidding=True):
        assert isinstance(result, BiddingDealResult)
        results.append(result)
        if progress is not None:
            progress(len(SEATINGS))
    return BiddingReport(match, tuple(results))
