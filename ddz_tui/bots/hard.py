"""The hard bot: decides by search over guessed deals.

For each decision it deals the cards it has not seen to the other seats many times,
consistently with everything public (see `sampling`), and tries its candidate plays
on every guessed deal:
- with few cards left in all hands, it solves each deal exactly (`endgame`: its side's
  best line against any defence with 15 cards or fewer left, against opponents who play
  as the normal bot with more) and picks the play that wins on the most deals;
- otherwise it plays each candidate out to the end with the normal policy for all
  three seats, drops those that clearly win less often than the best and picks the
  one that wins most often; as the landlord, with the budget for it, it judges the
  close ones again one turn further (`ahead`): by the best of a few next plays that it
  could choose from what it will have seen by then.

Repeatable: the guesses come from a generator seeded by the bot's seed and the
position, and the search does at most a fixed amount of work (`samples` deals; the
landlord's two stages take `FIRST_DEALS` and a share; every `PRUNE_EVERY` deals of the
playouts, the candidates clearly worse than the best so far are dropped, so the close
ones get the playouts, and once one is left the search is done). A search means to be
done within `AIM` of its budget: past that point, with `MIN_SAMPLES` deals done, it
decides on those; and the budget is a hard cap on top (the clock is read between
playouts and inside them).
Only when the clock stops a search can the same seed choose differently: on a slow or
busy machine, or in the hardest positions. `budget=None` removes both, for tests that
must be exact.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from ddz_tui.bots import ahead, answers, policy
from ddz_tui.bots.deal import Deal, OutOfTime, playout
from ddz_tui.bots.endgame import ENDGAME_CARDS, ENDGAME_SAMPLES, Solver, side_of
from ddz_tui.bots.laizi import searched_wild
from ddz_tui.bots.packed import KEY_OF, going_out
from ddz_tui.bots.plan import plan_of, value_of
from ddz_tui.bots.sampling import TRUST, Hidden
from ddz_tui.bots.situation import Situation
from ddz_tui.engine import PlayerView
from ddz_tui.moves import pack
from ddz_tui.rules import Combo, Kind
from ddz_tui.wild import Reading

DEFAULT_BUDGET = 1.0
"""Seconds per decision, at most."""
SAMPLES_PER_SECOND = 480
"""Guessed deals per decision per second of budget, at most: a peasant's search is one
stage of them all, the landlord's two take `FIRST_DEALS` and `AHEAD_SHARE` (figures:
docs/bots.md)."""
AIM = 0.45
"""Share of the budget a search means to finish in: once it has `MIN_SAMPLES` deals it
stops there, so a slow decision costs half the budget, not all of it, and the budget
itself is a cap that is reached only on a machine far busier than expected."""
MIN_SAMPLES = 8
PRUNE_EVERY = 8
"""Deals between two looks at which candidates are clearly worse (and then dropped)."""
PRUNE_Z = 2.0
MAX_CANDIDATES = 6
"""Plays tried by playouts; the normal policy's choice is always one of them."""
SAFETY = 0.003
"""Seconds kept back from the budget for choosing and returning."""
FIRST_DEALS = 96
"""The landlord's first stage: playouts, to drop the clearly worse; with no more
`samples` than this (budgets to 0.2 s) its search is this stage alone."""
AHEAD_SHARE = 1 / 3
"""Share of `samples` for the second stage: the close candidates judged one turn
further, on fresh deals."""
NEXT_PLAYS = 3
"""Next plays tried at the seat's next turn (the normal policy's and two more)."""
BID_SAMPLES = 24
"""Guessed deals (with the bottom cards) for judging a bid."""


class HardBot:
    def __init__(
        self,
        seed: int | None = None,
        budget: float | None = DEFAULT_BUDGET,
        samples: int | None = None,
        trust: float = TRUST,
    ) -> None:
        if budget is not None and budget <= 0:
            raise ValueError("budget must be a positive number of seconds")
        if not 0 <= trust <= 1:
            raise ValueError("trust must be between 0 and 1")
        if samples is None:
            samples = max(MIN_SAMPLES, round(SAMPLES_PER_SECOND * (budget or DEFAULT_BUDGET)))
        if samples < 1:
            raise ValueError("samples must be at least 1")
        self.seed = random.SystemRandom().getrandbits(63) if seed is None else seed
        self.budget = budget
        self.samples = samples
        self.trust = trust  # its guesses' (`sampling.Hidden`): the lab measures other values
        self.searches = 0
        self.deals = 0  # guessed deals tried, over all searches
        self.cut_short = 0  # searches the budget stopped before their fixed work was done

    # --- playing -----------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Combo | None:
        clock = _Clock(self.budget)
        plays = view.legal_plays
        if not plays:
            return None
        s = Situation.of(view)
        if (out := going_out(s.hand, plays)) is not None:
            return out
        stop = policy.stop_going_out(s, plays, fewest=1)
        if stop is not None and policy.unbeatable(stop, s.unseen, s.left[s.by]):
            return stop  # a sure stop of an opponent who may go out next: no gamble
        candidates = _candidates(s, plays)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(view, candidates, clock)

    def _search(
        self, view: PlayerView, candidates: list[Combo | None], clock: _Clock
    ) -> Combo | None:
        plays = view.legal_plays
        rng = random.Random(_position_seed(self.seed, view))
        hidden = Hidden.of(view, self.trust)
        deal = deal_for(view)
        self.searches += 1
        if sum(view.cards_left) <= ENDGAME_CARDS:
            every: list[Combo | None] = [*plays, None] if not view.leads else list(plays)
            every.sort(key=lambda p: p != candidates[0])  # the policy's pick first
            samples = 1 if hidden.determined else ENDGAME_SAMPLES
            side = side_of(view.seat, deal.landlord)
            solver = Solver(side, stop=clock.soft_up)  # past the aim, playouts decide instead
            best, _ = self._vote(deal, hidden, every, rng, clock, samples, solver.landlord_wins)
            if best is not None:
                return every[best]
        play_out = partial(playout, stop=clock.up)
        two_stages = view.seat == deal.landlord and self.samples > FIRST_DEALS
        first = FIRST_DEALS if two_stages else self.samples
        best, alive = self._vote(deal, hidden, candidates, rng, clock, first, play_out)
        if best is None:
            return candidates[0]
        if two_stages and len(alive) > 1 and not clock.soft_up():
            close = [candidates[i] for i in alive]
            ahead_best = self._vote_ahead(deal, hidden, close, rng, clock)
            if ahead_best is not None:
                return close[ahead_best]
        return candidates[best]

    def _vote(
        self,
        deal: Deal,
        hidden: Hidden,
        candidates: list[Combo | None],
        rng: random.Random,
        clock: _Clock,
        samples: int,
        landlord_wins: Callable[[Deal], bool],
    ) -> tuple[int | None, list[int]]:
        """Try every candidate on `samples` guessed deals, judged by `landlord_wins`; the
        index of the one that wins most often for this seat's side (ties: the earlier),
        or None if the time ran out before a single deal was done; and the indices of
        those not clearly worse."""
        mine = deal.turn == deal.landlord
        wins = [0] * len(candidates)
        won_on = [0] * len(candidates)  # bit d: won on deal d
        alive = list(range(len(candidates)))
        guess_next = guesses(deal, hidden, rng, clock.up)
        for done in range(samples):
            try:
                if done >= MIN_SAMPLES and clock.soft_up():
                    raise OutOfTime
                guess = guess_next()
                results = [(i, landlord_wins(guess.after(candidates[i])) == mine) for i in alive]
            except OutOfTime:
                self.cut_short += 1
                return (_best(wins, alive), alive) if done else (None, [])
            self.deals += 1
            for i, won in results:
                wins[i] += won
                won_on[i] |= won << done
            if len(alive) > 1 and (done + 1) % PRUNE_EVERY == 0:
                alive = _survivors(wins, won_on, alive)
                if len(alive) == 1:  # settled: more deals could not change the choice
                    break
        return _best(wins, alive), alive

    def _vote_ahead(
        self,
        deal: Deal,
        hidden: Hidden,
        candidates: list[Combo | None],
        rng: random.Random,
        clock: _Clock,
    ) -> int | None:
        """Judge the close candidates one turn further (see `ahead`) on fresh guessed
        deals; the index of the one that wins most often (ties: the earlier), or None if
        the time ran out before a single deal was done."""
        seat = deal.turn
        tallies = [ahead.Tally() for _ in candidates]
        guess_next = guesses(deal, hidden, rng, clock.up)
        done = 0
        try:
            while done < max(1, round(self.samples * AHEAD_SHARE)):
                if done >= MIN_SAMPLES and clock.soft_up():
                    raise OutOfTime
                guess = guess_next()
                results = [
                    ahead.outcome(guess.after(c), seat, _next_plays, clock.up) for c in candidates
                ]
                for tally, result in zip(tallies, results, strict=True):
                    tally.add(result)
                done += 1
                self.deals += 1
        except OutOfTime:
            self.cut_short += 1
        if not done:
            return None
        wins = [tally.wins() for tally in tallies]
        return _best(wins, list(range(len(candidates))))

    # --- bidding -----------------------------------------------------------------------

    def bid(self, view: PlayerView) -> int:
        """Bid by how often the normal policy wins this hand as landlord, over guessed
        bottoms and opponents' hands."""
        legal = view.legal_bids
        if legal == (0,):
            return 0
        rate = self._landlord_rate(view)
        if rate is None:
            return policy.bid(pack(view.hand_ranks), legal)
        wanted = sum(rate >= at for at in BID_WIN_RATES)
        return max((b for b in legal if 0 < b <= wanted), default=0)

    def answer(self, view: PlayerView) -> bool:
        """Call, grab, show and double as the normal bot does: by the hand's estimated
        win rate and the stake (`answers`)."""
        return answers.answer(view)

    def super_double(self, view: PlayerView) -> bool:
        """As the normal bot (超级加倍, `answers.super_doubles`)."""
        return answers.super_doubles(view)

    def choose_wild(self, view: PlayerView) -> Reading | None:
        """Under 癞子: the normal bot's play and its own candidates, played out on
        guessed deals with every hand's wilds placed (`bots.laizi.searched_wild`)."""
        clock = _Clock(self.budget)
        rng = random.Random(_position_seed(self.seed, view))
        self.searches += 1
        guess = Hidden.of(view, self.trust).sampler(rng, clock.up)
        return searched_wild(view, _candidates, guess, self.samples, clock.up, clock.soft_up)

    def _landlord_rate(self, view: PlayerView) -> float | None:
        """How often the normal policy wins this hand as landlord over guessed bottoms
        and opponents' hands; None when the budget allowed no playout."""
        clock = _Clock(self.budget)
        rng = random.Random(_position_seed(self.seed, view))
        hand = pack(view.hand_ranks)
        pool = [pack(rank) for rank in view.unseen]
        wins = played = 0
        for _ in range(BID_SAMPLES):
            rng.shuffle(pool)
            bottom, a, b = sum(pool[:3]), sum(pool[3:20]), sum(pool[20:])
            try:
                wins += playout(Deal((hand + bottom, a, b), 0, 0), stop=clock.up)
            except OutOfTime:
                break
            played += 1
        return wins / played if played else None


BID_WIN_RATES = (0.5, 0.58, 0.66)
"""Landlord win rate (in the bot's own playouts) needed to bid 1, 2 and 3 (and to call,
grab, and grab back)."""


def _best(wins: list[int], alive: list[int]) -> int:
    """The candidate still in the running with the most wins; ties go to the earlier
    (the policy's order)."""
    return max(alive, key=lambda i: (wins[i], -i))


def _survivors(wins: list[int], won_on: list[int], alive: list[int]) -> list[int]:
    """The candidates not yet clearly worse than the leader. All were tried on the same
    deals, so only the deals where a candidate and the leader fared differently tell
    them apart: with m such deals the leader's lead is within about sqrt(m) by chance,
    and a candidate trailing by more than PRUNE_Z times that is dropped."""
    leader = _best(wins, alive)
    return [
        i
        for i in alive
        if wins[leader] - wins[i] <= PRUNE_Z * ((won_on[i] ^ won_on[leader]).bit_count() ** 0.5)
    ]


class _Clock:
    """The decision's deadline, and the earlier time by which a search means to be done:
    `up()` and `soft_up()` say whether they have passed."""

    def __init__(self, budget: float | None) -> None:
        now = time.perf_counter()
        self.deadline = None if budget is None else now + budget - SAFETY
        self.aim = None if budget is None else now + AIM * budget

    def up(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    def soft_up(self) -> bool:
        return self.aim is not None and time.perf_counter() >= self.aim


def _position_seed(seed: int, view: PlayerView) -> int:
    """A seed for this decision: the bot's seed and the position, stable across runs
    (Python's own hash of text changes from run to run)."""
    text = f"{seed}|{view.seat}|{view.hand_ranks}|{view.landlord}|{view.history}|{view.bids}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def deal_for(view: PlayerView) -> Deal:
    """The position, with the other hands still empty (filled in per guess)."""
    assert view.landlord is not None
    last = view.last_play
    hands = [0, 0, 0]
    hands[view.seat] = pack(view.hand_ranks)
    return Deal(
        (hands[0], hands[1], hands[2]),
        view.landlord,
        view.seat,
        None if last is None else last[1],
        0 if last is None else last[0],
    )


def guesses(
    deal: Deal, hidden: Hidden, rng: random.Random, stop: Callable[[], bool] | None
) -> Callable[[], Deal]:
    """A function that gives the position with one guess of the hidden hands dealt in
    per call (drawn by `Hidden.sampler`); OutOfTime once `stop` says the time is up."""
    draw = hidden.sampler(rng, stop)

    def guess() -> Deal:
        drawn = draw()
        if drawn is None:
            raise OutOfTime
        hands = list(deal.hands)
        for seat, hand in zip(hidden.seats, drawn, strict=True):
            hands[seat] = hand
        return replace(deal, hands=(hands[0], hands[1], hands[2]))

    return guess


def _next_plays(s: Situation, plays: list[Combo]) -> list[Combo | None]:
    """The first few candidates at the seat's next turn."""
    return _candidates(s, plays)[:NEXT_PLAYS]


def _candidates(s: Situation, plays: list[Combo]) -> list[Combo | None]:
    """The plays worth searching: the normal policy's pick first, then the plan's groups
    (leading) or pass and the plays that hurt the plan least (following). A trick the
    partner is winning is left alone, or taken over only to go out (as `policy` does)."""
    pick = policy.choose(s)
    if s.by_partner and not policy.raise_against_landlord(s) and policy.partner_winning(s):
        kept = [None, *(p for p in plays if policy.takeover_finishes(s, p))]
        return [pick] + [p for p in kept if p != pick]
    out: list[Combo | None] = [pick]
    pool: list[Combo | None]
    if s.to_beat is None:
        pool = list(plan_of(s.hand).groups)
        low = plays[0]  # the lowest single
        pool.append(low)
        pool += [p for p in plays if p.kind is Kind.PAIR][:1]
    else:
        pool = [None]
        before = value_of(s.hand)
        best_per_level: dict[tuple, tuple[float, Combo]] = {}
        for play in plays:
            gain = value_of(s.hand - KEY_OF[play.cards]) - before
            slot = (play.kind, play.level)
            if slot not in best_per_level or gain > best_per_level[slot][0]:
                best_per_level[slot] = (gain, play)
        ranked = sorted(best_per_level.values(), key=lambda gp: -gp[0])
        pool += [play for _, play in ranked]
    for candidate in pool:
        if candidate not in out:
            out.append(candidate)
        if len(out) >= MAX_CANDIDATES:
            break
    return out
