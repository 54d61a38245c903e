"""The coach: a finished game's decisions of one seat, judged by the hard bot.

For each play the seat made (or pass) where it had a choice, the hard bot decides
from that seat's `PlayerView`, as it would have in the game; then both moves, the
player's and the coach's, are tried on the same guessed deals (the hard bot's own
determinization and playouts, or exact play with few cards left) and the share of
deals that the seat's side wins after each is its estimated win chance. Trying both
on the same deals keeps the comparison fair: the difference comes from the moves,
not from luck in the guesses.

A decision is marked when the coach's move differs from the player's and wins more
often by at least `MARGIN`. Everything is repeatable: the budget is turned into a
fixed amount of work (deals), never a clock, so a seed gives the same review on any
machine.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ddz_tui.bots import COACH_BUDGET
from ddz_tui.bots.deal import Deal, OutOfTime, playout
from ddz_tui.bots.endgame import ENDGAME_CARDS, Solver, side_of
from ddz_tui.bots.hard import HardBot, deal_for, guesses
from ddz_tui.bots.packed import size
from ddz_tui.bots.sampling import Hidden
from ddz_tui.engine import Event, Game, Passed, Phase, Played, PlayerView, Started
from ddz_tui.engine.trick import tricks
from ddz_tui.i18n import t
from ddz_tui.rules import Combo, classify, main_first, rank_name

DEFAULT_BUDGET = COACH_BUDGET
MARGIN = 0.05
"""How much more often the coach's move must win for the decision to be marked."""
MAX_BUDGET = 60.0


@dataclass(frozen=True)
class Moment:
    """A decision of the seat in a finished game: what it knew and what it did.

    step: the replay step of the action (the frame that shows it); decision: its number
    among the seat's decisions, from 1; trick: the trick it was made in, from 1."""

    step: int
    decision: int
    trick: int
    view: PlayerView
    played: Combo | None


@dataclass(frozen=True)
class Verdict:
    """The coach's word on one decision: both moves with their estimated win chances
    (0 to 1, the share of guessed deals the seat's side won after the move)."""

    step: int
    decision: int
    trick: int
    played: Combo | None
    played_chance: float
    coach: Combo | None
    coach_chance: float

    @property
    def differs(self) -> bool:
        return _cards(self.played) != _cards(self.coach)

    @property
    def marked(self) -> bool:
        """The coach would have played otherwise, and that wins clearly more often."""
        return self.differs and self.coach_chance - self.played_chance >= MARGIN - 1e-9

    def line(self) -> str:
        """Both moves in words: "you: 8 9 10 J Q, 41% — coach: pass, 58%"."""
        return t(
            "coach.line",
            you=play_text(self.played),
            your_chance=chance_text(self.played_chance),
            coach=play_text(self.coach),
            coach_chance=chance_text(self.coach_chance),
        )


def play_text(play: Combo | None) -> str:
    """A play as its ranks, main part first as the table lays it down: "8 9 10 J Q",
    "5 5 5 4 4" (jokers in words); a pass in words."""
    return t("coach.pass") if play is None else " ".join(rank_name(r) for r in main_first(play))


def whose(yours: bool, name: str) -> str:
    """Whose decisions, for the coach's sentences: "your", "Mei's"."""
    return t("coach.yours") if yours else t("coach.whose", who=name)


def chance_text(chance: float) -> str:
    return t("coach.chance", p=round(100 * chance))


DEALS_PER_SECOND = 120
"""Deals tried per decision for each second of the coach's budget. The coach reads no
clock (the same game gets the same marks on any machine), so its budget becomes a
number of deals (review times: docs/bots.md). The hard bot's `SAMPLES_PER_SECOND` is a
cap for a search that also reads a clock, not a rate to convert by."""


def samples_for(budget: float) -> int:
    """Deals tried per decision for a budget in seconds."""
    if not 0 < budget <= MAX_BUDGET:
        raise ValueError(f"the coach's budget is from 0 to {MAX_BUDGET:g} seconds")
    return max(1, round(DEALS_PER_SECOND * budget))


def refusal(events: Sequence[Event]) -> str | None:
    """Why the coach does not review this game, in words, or None: the hard bot it
    judges by searches plain plays, so a game of 癞子 (wildcards) is not one it reviews."""
    started = next((e for e in events if isinstance(e, Started)), None)
    if started is not None and started.rules.laizi:
        return t("coach.no_wilds")
    return None


def moments(events: Sequence[Event], seat: int) -> list[Moment]:
    """The seat's decisions in play where it had a choice (a forced pass is none).
    ValueError if the record is not one this engine replays, or one the coach does not
    review (`refusal`)."""
    if seat not in (0, 1, 2):
        raise ValueError("seats are 0, 1 and 2")
    refused = refusal(events)
    if refused is not None:
        raise ValueError(refused)
    out: list[Moment] = []
    before: PlayerView | None = None
    for step, (game, action) in enumerate(Game.replaying(events)):
        if before is not None and isinstance(action, (Played, Passed)) and action.seat == seat:
            played = classify(action.ranks) if isinstance(action, Played) else None
            if _has_choice(before):
                trick = _trick(before.history)
                out.append(Moment(step, len(out) + 1, trick, before, played))
        before = None
        if game.phase is Phase.PLAYING and game.turn == seat:
            before = game.view(seat)
    return out


def judge(
    moment: Moment,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET,
    stop: Callable[[], bool] | None = None,
) -> Verdict:
    """The coach's verdict on one decision. OutOfTime if `stop` says so first (it is
    asked between guessed deals)."""
    samples = samples_for(budget)
    view = moment.view
    coach = HardBot(seed, budget=None, samples=samples).choose(view)
    moves = [moment.played] if _cards(coach) == _cards(moment.played) else [moment.played, coach]
    chances = _chances(view, moves, _seed(seed, moment), samples, stop)
    return Verdict(
        moment.step,
        moment.decision,
        moment.trick,
        moment.played,
        chances[0],
        coach,
        chances[-1],
    )


def review(
    events: Sequence[Event],
    seat: int,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET,
    stop: Callable[[], bool] | None = None,
) -> Iterator[tuple[int, Verdict]]:
    """Every decision's verdict in order, each with the number of decisions in all (for
    a progress bar). ValueError for a record this engine does not replay."""
    samples_for(budget)  # a bad budget is refused before any work
    found = moments(events, seat)
    for moment in found:
        yield len(found), judge(moment, seed, budget, stop)


def _has_choice(view: PlayerView) -> bool:
    return len(view.legal_plays) + (not view.leads) > 1


def _trick(history: Sequence[tuple[int, str]]) -> int:
    """The number of the trick the next action belongs to, from 1."""
    return 1 + sum(trick.ended for trick in tricks(history))


def _cards(play: Combo | None) -> str:
    return "" if play is None else play.cards


def _seed(seed: int, moment: Moment) -> int:
    """The guesses' seed for a decision: stable across runs and machines."""
    text = f"coach|{seed}|{moment.step}|{moment.view.seat}|{moment.view.history}"
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def _chances(
    view: PlayerView,
    moves: list[Combo | None],
    seed: int,
    samples: int,
    stop: Callable[[], bool] | None,
) -> list[float]:
    """For each move, the share of guessed deals its seat's side wins after it; every
    move is tried on the same deals."""
    rng = random.Random(seed)
    hidden = Hidden.of(view)
    deal = deal_for(view)
    mine = deal.turn == deal.landlord
    exact = sum(view.cards_left) <= ENDGAME_CARDS
    if exact and hidden.determined:
        samples = 1
    solver = Solver(side_of(view.seat, deal.landlord), stop=stop)
    finish = solver.landlord_wins if exact else _playout(stop)
    wins = [0] * len(moves)
    guess_next = guesses(deal, hidden, rng, stop)
    for _ in range(samples):
        if stop is not None and stop():
            raise OutOfTime
        guess = guess_next()
        for i, move in enumerate(moves):
            wins[i] += _wins(guess, move, finish) == mine
    return [won / samples for won in wins]


def _playout(stop: Callable[[], bool] | None) -> Callable[[Deal], bool]:
    return lambda deal: playout(deal, stop=stop)


def _wins(deal: Deal, move: Combo | None, finish: Callable[[Deal], bool]) -> bool:
    """Does the landlord win once the seat to act has made `move`? A move that empties
    the hand wins at once."""
    if move is not None and move.size == size(deal.hands[deal.turn]):
        return deal.turn == deal.landlord
    return finish(deal.after(move))
