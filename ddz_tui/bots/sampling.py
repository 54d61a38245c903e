"""Guessing the hidden hands from everything public, for the hard bot's searches.

A guess deals the cards this seat has not seen to the other two seats, so that:
- each seat gets exactly as many cards as it holds now;
- the bottom cards the landlord has not yet played stay with the landlord (they were
  shown to everyone), and a hand shown to everyone (明牌, or 明牌开始 before the
  bidding, a peasant's too) is known whole;
- the other seats' past actions make sense for the hands guessed. With a guess, each
  past action of another seat can be replayed: its hand then was its guessed hand now
  plus what it has played since. A sensible player (the normal policy stands in for
  one) would have acted as it did; a guess for which it would not have — it passed on
  a single with two lone aces, it led a pair when it holds only the low single the
  normal player leads first — is kept only with probability `TRUST` per such action.
  Passes are the clearest case: a seat that passed on an opponent's play probably
  could not beat it cheaply. Bids count too: a seat that bid 3 probably holds a hand
  the normal policy bids 3 with (its hand then: its guessed hand, what it has played
  since, less the bottom for the landlord).

So guesses are weighted by how likely the play so far makes them, not drawn uniformly.
`Hidden.sample` draws such a guess on its own: the check runs from the most recent
action back (bids last) and stops at the first refusal, so a poor guess costs little;
`TRIES` guesses are drawn at most, and then the one that went furthest is used. Late in
a game few deals explain every action: in hard-bot games a third of the draws ran out of
tries, and drawing took more than half of a search's time. So a search draws its
guesses from `Hidden.sampler`: the first one so, the rest by a `Chain` that walks from it
to guesses as likely, swapping cards between the two hidden hands.

`benchmarks/bench_guesses.py` measures the guesses from every seat against the best
possible: exact draws among the deals that explain every checked action (against normal
players the true deal always does). Its figures are in docs/bots.md.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ddz_tui.bots import policy
from ddz_tui.bots.laizi import BOMB_WHEN_LEFT
from ddz_tui.bots.packed import counts, size
from ddz_tui.bots.situation import Situation
from ddz_tui.cards import DECK, RANK_INDEX, ranks_of
from ddz_tui.engine import PlayerView
from ddz_tui.engine.trick import LEAD
from ddz_tui.engine.view import MAX_BID
from ddz_tui.moves import UNIT, pack
from ddz_tui.rules import Combo

TRUST = 0.1
"""Chance that a player acted otherwise than the normal policy would have with a hand
(sharper or blunter won less: docs/bots.md)."""
TRIES = 100
"""Guesses drawn at most for one sample; then the one that went furthest is used."""
RECENT = 12
"""Past actions per seat that are checked (the most recent ones)."""
FULL_DECK = pack(ranks_of(DECK))


@dataclass(frozen=True)
class Action:
    """A past action of another seat, with what that seat knew then (all but its hand).

    later: the cards the seat has played from then on (this action included), packed;
    seen: the cards played by anyone before it; to_beat/last: the play it faced.
    """

    seat: int
    later: int
    seen: int
    to_beat: Combo | None
    last: int
    left: tuple[int, int, int]
    played: str  # "" for a pass
    wild: int | None = None  # 癞子: the wild rank's index

    def agrees(self, hand_now: int, landlord: int) -> bool:
        """Would the normal policy, holding what this guess gives the seat, act the same?
        Under 癞子, a hand that held wilds then is not judged (placing them as the normal
        bot does costs more than the check is worth); one without is judged as the
        normal bot plays it, the stop of an opponent nearly out included."""
        seat, wild = self.seat, self.wild
        hand = hand_now + self.later
        if wild is not None and (hand >> (4 * wild)) & 15:
            return True
        left = self.left
        situation = Situation(
            hand,
            FULL_DECK - self.seen - hand,
            self.to_beat,
            (self.last - seat) % 3,
            (landlord - seat) % 3,
            (left[seat], left[(seat + 1) % 3], left[(seat + 2) % 3]),
        )
        choice = policy.choose(situation)
        if wild is None:
            return (choice.cards if choice is not None else "") == self.played
        if choice is None:  # the normal bot stops an opponent nearly out with any reading
            stops = self.to_beat is not None and left[self.last] <= BOMB_WHEN_LEFT
            return not self.played or (stops and landlord in (seat, self.last))
        return pack(choice.cards) == pack(self.played)


@dataclass(frozen=True)
class BidAction:
    """A bid of another seat (0 for a pass), with the bids it could make then. Its hand
    then was its hand now plus all it has played, less the bottom for the landlord."""

    seat: int
    later: int
    bottom: int
    legal: tuple[int, ...]
    bid: int

    def agrees(self, hand_now: int, landlord: int) -> bool:
        """Would the normal policy, holding that hand, have bid the same? (Under 癞子 the
        wild rank is drawn after the bidding: its cards were plain cards then.)"""
        hand = hand_now + self.later - (self.bottom if self.seat == landlord else 0)
        return policy.bid(hand, self.legal) == self.bid


def _known_ranks(view: PlayerView, seat: int) -> str:
    """The ranks surely in another seat's hand: the landlord's unplayed bottom cards or
    its shown hand (`landlord_holds`); a peasant's hand if it was shown (明牌开始)."""
    if seat == view.landlord:
        return view.landlord_holds
    shown = view.shown_hands[seat]
    return "" if shown is None else ranks_of(shown)


@dataclass(frozen=True)
class Hidden:
    """What is known of the two other seats' hands: who they are, how many cards they
    hold, which of those are known (the landlord's unplayed bottom cards, packed), the
    cards to share out among them, and their past actions to check guesses against."""

    seats: tuple[int, int]
    sizes: tuple[int, int]
    known: tuple[int, int]
    pool: tuple[int, ...]
    landlord: int
    actions: tuple[Action | BidAction, ...]
    trust: float = TRUST
    """The chance a guess keeps per past action it does not explain (`TRUST` by default;
    1 ignores past play, 0 keeps only guesses that explain the most)."""
    verdicts: dict[tuple[int, int], bool] = field(default_factory=dict, compare=False, repr=False)
    """Whether action i agrees with a hand, by (i, hand): guesses repeat hands (late in a
    game most of them), and asking the policy is what a guess costs."""

    @property
    def determined(self) -> bool:
        """Only one way to share the cards out: the hidden hands are known."""
        return any(n == size(k) for n, k in zip(self.sizes, self.known, strict=True))

    @classmethod
    def of(cls, view: PlayerView, trust: float = TRUST) -> Hidden:
        seat, landlord = view.seat, view.landlord
        assert landlord is not None
        seats = ((seat + 1) % 3, (seat + 2) % 3)
        held = [_known_ranks(view, other) for other in seats]
        pool = [UNIT[RANK_INDEX[r]] for r in view.unseen]
        for rank in held[0] + held[1]:
            pool.remove(UNIT[RANK_INDEX[rank]])
        return cls(
            seats=seats,
            sizes=(view.cards_left[seats[0]], view.cards_left[seats[1]]),
            known=(pack(held[0]), pack(held[1])),
            pool=tuple(pool),
            landlord=landlord,
            actions=past_actions(view),
            trust=trust,
        )

    def sample(
        self, rng: random.Random, stop: Callable[[], bool] | None = None
    ) -> tuple[int, int] | None:
        """Packed hands for `seats`, drawn as described in the module's docstring; None
        if `stop` says the time is up before a guess is found."""
        best, furthest = None, -1
        for _ in range(TRIES):
            if stop is not None and stop():
                return None
            hands = self.blind(rng)
            checked = self._checked(hands, rng)
            if checked is None:
                return hands
            if checked > furthest:
                best, furthest = hands, checked
        assert best is not None
        return best

    def blind(self, rng: random.Random) -> tuple[int, int]:
        """Packed hands for `seats`, the pool shared out at random, past play ignored."""
        pool, total = self.pool, sum(self.pool)
        free = self.sizes[0] - size(self.known[0])  # cards of the pool the first seat gets
        few = min(free, len(pool) - free)  # draw the smaller share; the other gets the rest
        drawn = sum(rng.sample(pool, few))
        first = drawn if few == free else total - drawn
        return (self.known[0] + first, self.known[1] + total - first)

    def sampler(
        self, rng: random.Random, stop: Callable[[], bool] | None = None
    ) -> Callable[[], tuple[int, int] | None]:
        """A function that gives one guess per call (None once `stop` says the time is
        up), drawn by a `Chain` started from one `sample`."""
        chain: Chain | None = None

        def draw() -> tuple[int, int] | None:
            nonlocal chain
            if chain is None:
                start = self.sample(rng, stop)
                if start is None:
                    return None
                chain = Chain(self, rng, start)
                return start
            return chain.walk(STEPS, stop)

        return draw

    def misses(self, hands: tuple[int, int], most: int | float) -> int | None:
        """How many past actions the guess does not explain, or None once more than
        `most` (the count stops there); 0 at trust 1, which asks no past action."""
        if self.trust >= 1:
            return 0
        missed = 0
        for agrees in self._agreements(hands):
            if not agrees:
                missed += 1
                if missed > most:
                    return None
        return missed

    def _checked(self, hands: tuple[int, int], rng: random.Random) -> int | None:
        """None if the guess is kept; else how many actions it passed before refusal."""
        if self.trust >= 1:
            return None
        for checked, agrees in enumerate(self._agreements(hands)):
            if not agrees and rng.random() >= self.trust:
                return checked
        return None

    def _agreements(self, hands: tuple[int, int]) -> Iterator[bool]:
        """Whether each past action in turn agrees with the guess, asked as needed."""
        now = {self.seats[0]: hands[0], self.seats[1]: hands[1]}
        verdicts = self.verdicts
        for i, action in enumerate(self.actions):
            hand = now[action.seat]
            agrees = verdicts.get((i, hand))
            if agrees is None:
                agrees = verdicts[i, hand] = action.agrees(hand, self.landlord)
            yield agrees


STEPS = 8
"""Swaps a chain proposes between two guesses it gives: more make the guesses less
alike and cost more (docs/bots.md)."""


class Chain:
    """Guesses drawn by a Metropolis chain over the ways to share the pool out.

    A step proposes swapping one card of the first hidden seat's share for one of the
    second's and takes it with the chance that keeps each guess as likely as the
    rejection sampler would make it: its `trust` to the power of the past actions it
    explains fewer of (so a swap that explains as many or more is always taken). Where
    few guesses explain every action, a rejection draw mostly fails; a chain stays
    among the ones that explain the most."""

    def __init__(self, hidden: Hidden, rng: random.Random, start: tuple[int, int]) -> None:
        self.hidden = hidden
        self.rng = rng
        self.hands = start
        self.shares = (_units(start[0] - hidden.known[0]), _units(start[1] - hidden.known[1]))
        missed = hidden.misses(start, math.inf)
        assert missed is not None
        self.missed = missed
        self.log_trust = math.log(hidden.trust) if 0 < hidden.trust < 1 else None

    def walk(self, steps: int, stop: Callable[[], bool] | None = None) -> tuple[int, int] | None:
        """The guess after `steps` proposals; None if `stop` says the time is up first."""
        rng, hidden = self.rng, self.hidden
        first, second = self.shares
        if not first or not second:  # the hidden hands are known: nothing to swap
            return self.hands
        for _ in range(steps):
            if stop is not None and stop():
                return None
            i, j = rng.randrange(len(first)), rng.randrange(len(second))
            a, b = first[i], second[j]
            if a == b:
                continue
            hands = (self.hands[0] - a + b, self.hands[1] - b + a)
            most = self.missed + self._leeway(rng.random(), len(hidden.actions))
            missed = hidden.misses(hands, most)
            if missed is not None:
                self.hands, self.missed = hands, missed
                first[i], second[j] = b, a
        return self.hands

    def _leeway(self, u: float, actions: int) -> int | float:
        """How many more past actions a proposal may leave unexplained and be taken, for
        a uniform draw `u`: each one more with the chance `trust`."""
        if self.log_trust is None:  # trust 1: any; trust 0: none
            return math.inf if self.hidden.trust >= 1 else 0
        return int(math.log(u) / self.log_trust) if u > 0 else actions


def _units(key: int) -> list[int]:
    """A packed multiset as one packed unit per card."""
    return [UNIT[r] for r, n in enumerate(counts(key)) for _ in range(n)]


def past_actions(view: PlayerView) -> tuple[Action | BidAction, ...]:
    """The other seats' actions in play, most recent first (at most `RECENT` each), then
    their bids."""
    assert view.landlord is not None
    left = [17, 17, 17]
    left[view.landlord] = 20
    seen = 0
    later = [pack(view.played_by(s)) for s in range(3)]  # shrinks as the replay advances
    wild = None if view.wild is None else RANK_INDEX[view.wild]
    trick = LEAD
    out: list[Action] = []
    readings = view.readings or (None,) * len(view.history)
    for (seat, text), reading in zip(view.history, readings, strict=True):
        if seat != view.seat:
            last = trick.last_play
            to_beat, maker = (None, 0) if last is None else (last[1], last[0])
            out.append(
                Action(
                    seat, later[seat], seen, to_beat, maker, (left[0], left[1], left[2]), text, wild
                )
            )
        if text:
            key = pack(text)  # under 癞子 not a classic play
            later[seat] -= key
            seen += key
            left[seat] -= len(text)
        if reading is None:  # a pass, or a play of the classic game
            trick = trick.after_ranks(seat, text)
        else:
            trick = trick.after_reading(seat, reading)
    out.reverse()
    kept: list[Action | BidAction] = []
    per_seat = {0: 0, 1: 0, 2: 0}
    for action in out:
        if per_seat[action.seat] < RECENT:
            per_seat[action.seat] += 1
            kept.append(action)
    return tuple(kept) + _bids(view)


def _bids(view: PlayerView) -> tuple[BidAction, ...]:
    """The other seats' bids in the bidding that made the landlord, oldest first."""
    bottom = pack(ranks_of(view.bottom))
    out, high = [], 0
    for seat, bid in view.bids:
        if seat != view.seat:
            legal = (0, *range(high + 1, MAX_BID + 1))
            out.append(BidAction(seat, pack(view.played_by(seat)), bottom, legal, bid))
        high = max(high, bid)
    return tuple(out)
