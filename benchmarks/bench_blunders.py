"""Blunders per 100 games of bot self-play, per level.

    python benchmarks/bench_blunders.py [--games 200] [--levels normal,hard]
                                        [--budget 0.1] [--seed 1] [--workers 1]

For each level, `--games` games with that level in all three seats: game i is dealt
from a seed drawn from `--seed`, the bots bid for the landlord (the plain rules, as
`ddz simulate` plays them), and every seat's bot is seeded from the game's seed, so a
run is repeatable, except for the hard bot: the clock stops many of its searches at a
small `--budget`, so its games, and its counts, differ a little from run to run (at
0.1 s, 1.0 and 1.5 per 100 games in two runs of the same 200 games).

Each finished game is read back with every hand known (`ddz_tui/bots/lab/blunders.py`)
and three kinds of blunder are counted, per seat:

- kept a bomb: its side lost while it held the rocket or a bomb that was a legal play
  at one of its turns, where nobody on the winning side could have beaten it;
- let out: the opponent who went out did so on the next play after this seat's
  decision, and this seat could have stopped it (with 15 cards or fewer in all hands,
  by the exact endgame search: some move won and the one made lost; with more, a play
  existed that the opponent could not beat with the hand it held, and the seat passed
  or played what the opponent beat to go out);
- missed a win: one legal play emptied the hand and the seat made another move.

Printed per level: the counts per 100 games, by role and in all, and the time taken.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import repeat

from ddz_tui.bots import Level, make_bot
from ddz_tui.bots.lab.blunders import NONE, Blunders, blunders_of
from ddz_tui.bots.runner import play_out
from ddz_tui.engine import Game, Rules


def play(level: Level, options: dict[str, object], seed: int) -> tuple[Blunders, Blunders]:
    """One self-play game: the landlord's blunders and the two peasants'."""
    game = Game(seed, rules=Rules())
    play_out(game, [make_bot(level, seed + seat, **options) for seat in range(3)])
    found = blunders_of(game)
    landlord = game.landlord
    assert landlord is not None
    peasants = NONE
    for seat in range(3):
        if seat != landlord:
            peasants += found[seat]
    return found[landlord], peasants


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--budget", type=float, default=0.1, help="the hard bot's seconds")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    seeds = random.Random(args.seed)
    game_seeds = [seeds.getrandbits(63) for _ in range(args.games)]
    print(
        f"{args.games} self-play games per level, seed {args.seed}, plain rules with "
        f"bidding; hard budget {args.budget:g} s"
    )
    header = f"{'level':8} {'role':9} {'kept a bomb':>11} {'let out':>8} {'missed win':>10} "
    print(header + f"{'total':>6}   (per 100 games)")
    for name in args.levels.split(","):
        level = Level(name.strip())
        options: dict[str, object] = {"budget": args.budget} if level is Level.HARD else {}
        start = time.perf_counter()
        landlord = peasants = NONE
        if args.workers > 1:
            with ProcessPoolExecutor(args.workers) as pool:
                results = list(pool.map(play, repeat(level), repeat(options), game_seeds))
        else:
            results = [play(level, options, seed) for seed in game_seeds]
        for as_landlord, as_peasants in results:
            landlord += as_landlord
            peasants += as_peasants
        for role, found in (("landlord", landlord), ("peasants", peasants)):
            print(_row(level.value, role, found, args.games))
        print(_row(level.value, "all", landlord + peasants, args.games))
        print(f"  ({time.perf_counter() - start:.0f} s)")


def _row(level: str, role: str, found: Blunders, games: int) -> str:
    kept, let_out, missed, total = found.per_100(games)
    return f"{level:8} {role:9} {kept:11.2f} {let_out:8.2f} {missed:10.2f} {total:6.2f}"


if __name__ == "__main__":
    main()
