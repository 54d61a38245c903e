"""How well the hard bot guesses the hidden hands, against the best guesses possible.

    python benchmarks/bench_guesses.py [--games 60] [--every 2] [--guesses 20]
                                       [--tries 30000] [--seed 1000]
                                       [--players normal] [--trust 0.1]

Positions come from normal-bot games (or games of `--players`, a level or an opponent
style of the lab, `bots/lab/styles.py`, at all three seats; the sampler guesses with
`--trust`, its default the hard bot's): every `--every`th turn of play, so every seat in
turn (with 2, the turns alternate between the three seats). At each, the hard bot's
sampler (`Hidden.sampler`, as a search draws from it) guesses the two hidden hands
`--guesses` times. Against normal players the true deal explains every past action the
sampler checks, so the best guesses are the exact posterior: blind deals kept only when
they explain every one of those actions (against another style, only the guesses of a
sampler that trusts the normal model fully). The benchmark draws them by rejection, up to
`--tries` blind deals a position; where fewer than 5 turn up, exact draws cost too much
to compare and the position is only counted.

Printed per role of the seat that guesses: the share of the hidden cards the sampler
puts in the right hand at every position; then for the sampler and the exact draws on
the positions compared: the share of the hidden cards put in the right hand, the share of
guesses at a position that differ from one another, the share of the sampler's guesses
that leave some action unexplained, and the sampler's time per guess.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from ddz_tui.bots.lab.styles import make_player
from ddz_tui.bots.packed import counts, size
from ddz_tui.bots.runner import step
from ddz_tui.bots.sampling import TRUST, Hidden
from ddz_tui.engine import Decision, Game, LandlordMode, Phase, PlayerView
from ddz_tui.moves import pack

MIN_EXACT = 5
"""Exact draws a position needs to be compared."""


@dataclass
class Tally:
    """Sums over one role's positions (shares are summed per compared position)."""

    positions: int = 0
    compared: int = 0
    sampler_right_all: float = 0.0  # at every position, compared or not
    sampler_right: float = 0.0
    exact_right: float = 0.0
    sampler_distinct: float = 0.0
    exact_distinct: float = 0.0
    unexplained: float = 0.0
    seconds: float = 0.0
    guesses: int = 0


def positions(
    games: int, every: int, seed: int, player: str = "normal"
) -> Iterator[tuple[PlayerView, tuple[int, int]]]:
    """(view of the seat to play, the true hidden hands) where guessing is needed."""
    bots = [make_player(player, seed + seat) for seat in range(3)]
    for number in range(games):
        game = Game(seed + number, LandlordMode.RANDOM)
        turn = 0
        while game.phase is not Phase.OVER:
            seat = game.turn
            assert seat is not None  # someone acts until the game is over
            view = game.view(seat)
            if view.decision is Decision.PLAY and view.history and turn % every == 0:
                hidden = Hidden.of(view)
                if not hidden.determined:
                    truth = tuple(pack(game.view(s).hand_ranks) for s in hidden.seats)
                    yield view, (truth[0], truth[1])
            turn += view.decision is Decision.PLAY
            step(game, bots)


def right_share(hidden: Hidden, truth: tuple[int, int], guess: tuple[int, int]) -> float:
    """Share of the cards to share out that the guess puts in the right hand."""
    right = sum(
        min(a, b)
        for hand, true in zip(guess, truth, strict=True)
        for a, b in zip(counts(hand), counts(true), strict=True)
    )
    known = size(hidden.known[0]) + size(hidden.known[1])
    return (right - known) / len(hidden.pool)


def exact_draws(
    hidden: Hidden, rng: random.Random, wanted: int, tries: int
) -> list[tuple[int, int]]:
    """Blind deals that explain every checked action, up to `wanted` in `tries` draws."""
    kept: list[tuple[int, int]] = []
    for _ in range(tries):
        hands = hidden.blind(rng)
        if hidden.misses(hands, 0) == 0:
            kept.append(hands)
            if len(kept) == wanted:
                break
    return kept


def measure(args: argparse.Namespace) -> dict[str, Tally]:
    tallies = {"landlord": Tally(), "peasant": Tally()}
    seeds = random.Random(args.seed)  # the sampler's, apart from the exact draws'
    rng = random.Random(args.seed + 1)
    for view, truth in positions(args.games, args.every, args.seed, args.players):
        tally = tallies["landlord" if view.seat == view.landlord else "peasant"]
        tally.positions += 1
        hidden = Hidden.of(view, args.trust)
        started = time.perf_counter()
        draw = hidden.sampler(random.Random(seeds.getrandbits(64)))
        guesses = [draw() for _ in range(args.guesses)]  # no clock: never None
        tally.seconds += time.perf_counter() - started
        tally.guesses += len(guesses)
        made = [g for g in guesses if g is not None]  # all of them (for the type checker)
        tally.sampler_right_all += sum(right_share(hidden, truth, g) for g in made) / len(made)
        exact = exact_draws(Hidden.of(view, TRUST), rng, args.guesses, args.tries)
        if len(exact) < MIN_EXACT:
            continue
        tally.compared += 1
        tally.sampler_right += sum(right_share(hidden, truth, g) for g in made) / len(made)
        tally.exact_right += sum(right_share(hidden, truth, g) for g in exact) / len(exact)
        tally.sampler_distinct += len(set(made)) / len(made)
        tally.exact_distinct += len(set(exact)) / len(exact)
        checked = Hidden.of(view, TRUST)  # counts the misses whatever the sampler's trust
        tally.unexplained += sum(checked.misses(g, math.inf) != 0 for g in made) / len(made)
    return tallies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--every", type=int, default=2)
    parser.add_argument("--guesses", type=int, default=20)
    parser.add_argument("--tries", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--players", default="normal", help="a level or style, all seats")
    parser.add_argument("--trust", type=float, default=TRUST, help="the sampler's trust")
    args = parser.parse_args()
    started = time.perf_counter()
    tallies = measure(args)
    print(
        f"{args.games} {args.players}-bot games, sampler trust {args.trust:g}, "
        f"every {args.every} turns of play, "
        f"{args.guesses} guesses a position, exact draws from up to {args.tries} blind deals"
    )
    for role, t in tallies.items():
        n = t.compared or 1
        print(
            f"{role:>8}: {t.positions} positions, the sampler's cards right "
            f"{t.sampler_right_all / max(1, t.positions):.3f}; {t.compared} compared | "
            f"cards right: "
            f"sampler {t.sampler_right / n:.3f}, exact {t.exact_right / n:.3f} | guesses "
            f"that differ: sampler {t.sampler_distinct / n:.3f}, exact "
            f"{t.exact_distinct / n:.3f} | sampler guesses leaving an action unexplained "
            f"{t.unexplained / n:.3f} | {1e3 * t.seconds / max(1, t.guesses):.2f} ms a guess"
        )
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
